// What the client accepts of an answer: a status the operation documents, JSON within the size bound,
// and, with validateResponses, a body its schema allows; anything else is an UnexpectedResponseError.
import { operationResponses } from '../../generated/security.js';
import { operationKey, type Call } from './call.js';
import { repeatsCredential } from './credentials.js';
import {
  UnexpectedResponseError,
  type ResponseViolation,
  type UnexpectedResponseDetails,
  type UnexpectedResponseReason,
} from './errors.js';

/** The check of `validateResponses`: the violations of `body` against the response `response` ("200", "422", …) of the operation at `method` (lower case) and `path`. */
export type ContractCheck = (method: string, path: string, response: string, body: unknown) => ResponseViolation[];

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * UTF-8 text of a body. The decoder is made by the call, not when the module loads: a test
 * environment without TextDecoder (Jest's jsdom) can still import the client.
 */
const decode = (body: Uint8Array): string => new TextDecoder().decode(body);

/** Checks a response and hands openapi-fetch its body: see responseGuard. */
type Guard = (call: Call, response: Response, parseAs: string) => Promise<void>;

/**
 * How long the body of an answer the client refuses unparsed (an undocumented status, a body not
 * labelled JSON) is waited for, from its headers, to carry it in the error: the error does not
 * depend on it, so a body that stalls must not hold the call.
 */
export const ERROR_BODY_WAIT_MS = 500;

/** The body of a refused answer as the error carries it: parsed JSON when labelled JSON and valid, else its text. */
function bodyValue(body: Uint8Array, json: boolean): unknown {
  const text = decode(body);
  try {
    if (json) return JSON.parse(text);
  } catch {
    // not valid JSON: its text
  }
  return text;
}

/**
 * Turns an answer the operation does not document, or one that is not JSON, into an
 * UnexpectedResponseError, instead of openapi-fetch's `error` for any status, `{ data: undefined }`
 * for an empty body or a SyntaxError that quotes the body. The body is read (at most
 * `maxResponseBytes` of it) and parsed once here, and checked against its schema when `check` is
 * given; openapi-fetch then reads the parsed value.
 */
export function responseGuard(
  maxResponseBytes: number,
  credentials: readonly string[],
  check: Promise<ContractCheck> | undefined,
): Guard {
  // A server may echo a credential into its Content-Type (no four-character run of one goes into an
  // error), or into a body's field names (a pointer holding a whole credential is withheld: a
  // pointer is made of short names, which runs of four characters would hide for nothing).
  const shown = (text: string | null) => (text !== null && repeatsCredential(text, credentials) ? '[withheld]' : text);
  // The error's headers are a copy in which each value that repeats a credential reads `[withheld]`
  // too: an error is printed whole (console.error, a test runner's report), headers and all.
  const shownHeaders = (headers: Headers) => {
    const copy = new Headers();
    for (const [name, value] of headers) copy.append(name, shown(value) as string);
    return copy;
  };
  const shownPointer = (pointer: string) =>
    credentials.some((credential) => pointer.includes(credential)) ? '[withheld]' : pointer;
  return async (call, response, parseAs) => {
    const { status, headers } = response;
    const received = headers.get('content-type');
    // The operation's name, and the content type as an error may show it, are only needed for an
    // error: worked out then, not on every response.
    const fail = (reason: UnexpectedResponseReason, details: UnexpectedResponseDetails = {}) =>
      new UnexpectedResponseError(call.operation, status, shown(received), reason, {
        headers: shownHeaders(headers),
        ...details,
      });
    const mediaType = received ?? '';
    const json = JSON_MEDIA_TYPE.test(mediaType);
    const documented = (operationResponses[operationKey(call.method, call.path)] as readonly number[]).includes(status);
    if (!documented || !json) {
      // Refused whatever the body holds: it is read for the error alone, within the size bound and ERROR_BODY_WAIT_MS.
      const body = await call.readBody(response, maxResponseBytes, ERROR_BODY_WAIT_MS).catch(() => undefined);
      throw fail(documented ? 'not JSON' : 'undocumented status', { body: body && bodyValue(body, json) });
    }
    const body = await call.readBody(response, maxResponseBytes);
    if (body === undefined) throw fail('body too large', { limit: maxResponseBytes });
    const text = decode(body);
    if (text.trim() === '') throw fail('empty body', { body: text });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw fail('invalid JSON', { body: text });
    }
    if (check) {
      const violations = (await check)(call.method.toLowerCase(), call.path, String(status), parsed);
      if (violations.length > 0) {
        throw fail('contract violation', {
          body: parsed,
          violations: violations.map(({ pointer, message }) => ({ pointer: shownPointer(pointer), message })),
        });
      }
    }
    // openapi-fetch reads the body next: with text() for an error, or a JSON body without a
    // Content-Length; else the way the call's `parseAs` asks (json by default, or text, blob,
    // arrayBuffer, stream). Those readers, and only those (each replaced reader costs every call
    // time), hand it what was already read, since the response's own body is used up.
    response.text = () => Promise.resolve(text);
    if (parseAs === 'json') response.json = () => Promise.resolve(parsed);
    else if (parseAs === 'arrayBuffer')
      response.arrayBuffer = () => Promise.resolve(body.buffer); // the body's own buffer: readBody copied it there
    else if (parseAs === 'blob') response.blob = () => Promise.resolve(new Blob([body], { type: mediaType }));
    else if (parseAs === 'stream') Object.defineProperty(response, 'body', { value: new Blob([body]).stream() });
  };
}
