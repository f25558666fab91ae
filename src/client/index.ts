import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';
import {
  operationResponses,
  operationSecurity,
  securitySchemes,
  type SecuritySchemeName,
} from '../../generated/security.js';
import { HTTP_METHODS } from '../shared/openapi.js';
import type { ContractCheck } from './contract.js';
import { isHTTPValidationError, validationDetails } from './validation.js';

export type * from '../../generated/schema.js';
export { operationSecurity, securitySchemes, type SecuritySchemeName };
export { isHTTPValidationError, validationDetails };

/** The credentials a caller may hold; each operation is sent with exactly one of them. */
export interface Credentials {
  /** Sent as the `Service-AO-API-Key` header (APIKeyHeader). */
  apiKey?: string;
  /** Sent as the `Service-API-Key` header (ClassicAPIKeyHeader). */
  classicApiKey?: string;
  /** Sent as `Authorization: Bearer …` (OAuth2PasswordBearer). */
  accessToken?: string;
  /** Sent as `Authorization: Basic …` (HTTPBasic). */
  basic?: { username: string; password: string };
}

export interface ApiClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Scheme, host and port of the service, for example `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The credentials; read once, when the client is created. */
  auth?: Credentials;
  /**
   * openapi-fetch middleware, run before the credential is attached (and, on responses, before the
   * JSON check). So is the `middleware` given to a single call.
   */
  middleware?: Middleware[];
  /**
   * Milliseconds a call may take, from sending the request to the last byte of the response; past
   * it the call rejects with a `TimeoutError` DOMException. Default: no timeout of its own.
   */
  timeout?: number;
  /**
   * The largest response body the client reads, in bytes; a larger one rejects with
   * `UnexpectedResponseError` (kind `size`) without the rest being read. Default 32 MiB.
   */
  maxResponseBytes?: number;
  /**
   * Check each answer's body against the schema the spec gives its operation for that status; one
   * that breaks it rejects with `UnexpectedResponseError` (kind `contract`) listing each violation.
   * Needs the optional peers ajv and ajv-formats (else every call rejects with
   * `MissingValidatorError`). Default false: neither is loaded, and nothing is checked beyond JSON.
   */
  validateResponses?: boolean;
}

/** The default of `maxResponseBytes`: 32 MiB. */
/**
 * The module of `validateResponses` (./contract.ts), imported by a name a bundler does not follow:
 * it reads ajv and ajv-formats, optional peers, from the package's place under Node, and a page
 * built without them must still bundle the client. In a web page `validateResponses` is therefore
 * not available (docs/client.md).
 */
const CONTRACT_MODULE = './contract.js';

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type ApiClient = Client<paths, `${string}/${string}`>;

/** Which credential of `Credentials` each security scheme of the spec takes. */
const credentialOfScheme: Record<SecuritySchemeName, keyof Credentials> = {
  APIKeyHeader: 'apiKey',
  ClassicAPIKeyHeader: 'classicApiKey',
  OAuth2PasswordBearer: 'accessToken',
  HTTPBasic: 'basic',
};

/** Thrown before any request is sent when the caller holds none of the credentials an operation accepts. */
export class MissingCredentialError extends Error {
  override readonly name = 'MissingCredentialError';
  constructor(
    /** The operation's operationId. */
    readonly operationId: string,
    /** The security schemes the operation accepts, in order of preference. */
    readonly acceptedSchemes: readonly SecuritySchemeName[],
  ) {
    const accepted = acceptedSchemes.map((s) => `${s} (auth.${credentialOfScheme[s]})`).join(', ');
    super(`${operationId} needs one of these credentials: ${accepted}; none was given.`);
  }
}

/** Why an answer is an `UnexpectedResponseError`: its status, content type, parse, size, or contract. */
export type UnexpectedResponseKind = 'status' | 'content-type' | 'parse' | 'size' | 'contract';

/** The finer reason, within its kind. */
export type UnexpectedResponseReason =
  | 'undocumented status' // kind status
  | 'not JSON' // kind content-type
  | 'empty body' // kind parse
  | 'invalid JSON' // kind parse
  | 'body too large' // kind size
  | 'contract violation'; // kind contract

const kindOfReason: Record<UnexpectedResponseReason, UnexpectedResponseKind> = {
  'undocumented status': 'status',
  'not JSON': 'content-type',
  'empty body': 'parse',
  'invalid JSON': 'parse',
  'body too large': 'size',
  'contract violation': 'contract',
};

/** One way an answer's body breaks its schema (`validateResponses`). */
export interface ResponseViolation {
  /** The JSON pointer of the value at fault in the body (`''`: the body itself); a missing or extra field is named. */
  readonly pointer: string;
  /** What the schema says of it, in the validator's words (`must be integer`); never the value. */
  readonly message: string;
}

/** What an `UnexpectedResponseError` carries besides its operation, status, content type and reason. */
export interface UnexpectedResponseDetails {
  /** The response's headers (`Retry-After`, …). */
  headers?: Headers | undefined;
  /** The body: parsed JSON when it is labelled JSON and parses, else its text; undefined when it was not read whole. */
  body?: unknown;
  /** The `maxResponseBytes` in force, for `body too large`. */
  limit?: number | undefined;
  /** Each violation of the schema, for `contract violation`. */
  violations?: readonly ResponseViolation[] | undefined;
}

/**
 * Thrown when an answer is not one the operation documents as the spec promises it: its status is
 * not documented (kind `status`), it is not labelled JSON (`content-type`), it is empty or not valid
 * JSON (`parse`), larger than `maxResponseBytes` (`size`), or, with `validateResponses`, it breaks
 * its schema (`contract`). It carries the response's headers and body as fields, never in its
 * message (the body may echo what was sent); its content type, and each of its headers, reads
 * `[withheld]` when it repeats any four-character run of a credential, and a violation's pointer
 * when it holds a whole credential.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  /** Why: `status`, `content-type`, `parse`, `size` or `contract`. */
  readonly kind: UnexpectedResponseKind;
  /** The response's headers; empty when the error was made without them. Not enumerable, as `body`. */
  declare readonly headers: Headers;
  /**
   * The body (see UnexpectedResponseDetails.body). Not enumerable: a logger that prints an error's
   * fields, or JSON.stringify, shows neither it nor the headers, which may echo a credential.
   */
  declare readonly body: unknown;
  /** The `maxResponseBytes` in force, for `body too large`. */
  readonly limit: number | undefined;
  /** Each violation of the schema, for kind `contract`; empty otherwise. */
  readonly violations: readonly ResponseViolation[];
  constructor(
    /** The operationId, or "METHOD /path" for a request outside the spec. */
    readonly operation: string,
    readonly status: number,
    readonly contentType: string | null,
    readonly reason: UnexpectedResponseReason,
    { headers = new Headers(), body, limit, violations = [] }: UnexpectedResponseDetails = {},
  ) {
    const what =
      reason === 'undocumented status'
        ? 'a status the operation does not document'
        : reason === 'empty body'
          ? 'an empty body'
          : reason === 'not JSON'
            ? `a body that is not JSON (content-type: ${contentType ?? 'none'})`
            : reason === 'body too large'
              ? `a body larger than the limit of ${(limit ?? 0).toLocaleString('en')} bytes (maxResponseBytes); the rest was not read`
              : reason === 'contract violation'
                ? `a body that breaks its schema: ${violations.map((v) => `${v.pointer || '(the body)'} ${v.message}`).join('; ')}`
                : 'a body that is not valid JSON';
    super(`${operation}: the HTTP ${status} response has ${what}.`);
    this.kind = kindOfReason[reason];
    Object.defineProperties(this, { headers: { value: headers }, body: { value: body } });
    this.limit = limit;
    this.violations = violations;
  }
}

/** Rejects every call of a client made with `validateResponses` when ajv or ajv-formats is not installed. */
export class MissingValidatorError extends Error {
  override readonly name = 'MissingValidatorError';
  constructor(
    /** The command that installs them. */
    readonly command: string,
    cause?: unknown,
  ) {
    super(
      `validateResponses needs ajv and ajv-formats, optional peer dependencies that are not installed: ${command}`,
      { cause },
    );
  }
}

/** Thrown when the client is created with a credential that cannot be sent as it is. It never quotes the value. */
export class InvalidCredentialError extends Error {
  override readonly name = 'InvalidCredentialError';
  constructor(
    /** Which credential: `auth.apiKey`, `auth.basic.password`, … */
    readonly credential: string,
    /** What is wrong with it, without any part of it. */
    readonly problem: string,
  ) {
    super(`${credential} cannot be sent: it ${problem}. (The value is not shown.)`);
  }
}

/** Thrown before anything is sent when a path parameter would change which path the request goes to. */
export class InvalidPathParameterError extends Error {
  override readonly name = 'InvalidPathParameterError';
  constructor(
    /** The operationId, or "METHOD /path" for a request outside the spec. */
    readonly operation: string,
    readonly parameter: string,
  ) {
    super(
      `${operation}: the path parameter ${parameter} is empty, "." or "..", which would send the request to another path; nothing was sent.`,
    );
  }
}

/** Thrown when a request does not match any operation of the spec, so its credential cannot be chosen. */
export class UnknownOperationError extends Error {
  override readonly name = 'UnknownOperationError';
  constructor(readonly operation: string) {
    super(`${operation} is not an operation of the spec.`);
  }
}

/**
 * What keeps a credential from being sent, or undefined. Header values (`inHeader`) may hold no
 * control character and nothing above U+00FF, and no leading or trailing whitespace (which HTTP
 * strips); the basic user-id and password (base64-encoded, so any Unicode) no control character,
 * and the user-id no colon (RFC 7617).
 */
function credentialProblem(value: unknown, inHeader: boolean, isUserId = false): string | undefined {
  if (typeof value !== 'string') return 'is not a string';
  if (value === '') return 'is empty';
  if (inHeader && /^[ \t]|[ \t]$/.test(value)) return 'begins or ends with whitespace, which HTTP would strip';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const at = `at character ${i + 1}`;
    if (code === 0x0a) return `contains a line feed (LF) ${at}`;
    if (code === 0x0d) return `contains a carriage return (CR) ${at}`;
    if (code === 0x00) return `contains a NUL ${at}`;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || (!inHeader && code === 0x09))
      return `contains a control character ${at}`;
    if (inHeader && code > 0xff) return `contains a character above U+00FF ${at}, which a header cannot carry`;
    if (isUserId && code === 0x3a) return `contains a colon ${at}, which Basic credentials cannot carry in the user-id`;
  }
  return undefined;
}

/** Checks every credential given; throws InvalidCredentialError for the first that cannot be sent. */
function checkCredentials(credentials: Credentials): void {
  const checks: [string, unknown, boolean, boolean?][] = [
    ['auth.apiKey', credentials.apiKey, true],
    ['auth.classicApiKey', credentials.classicApiKey, true],
    ['auth.accessToken', credentials.accessToken, true],
  ];
  if (credentials.basic !== undefined) {
    checks.push(
      ['auth.basic.username', credentials.basic?.username, false, true],
      ['auth.basic.password', credentials.basic?.password, false],
    );
  }
  for (const [name, value, inHeader, isUserId] of checks) {
    if (value === undefined && !name.startsWith('auth.basic')) continue;
    const problem = credentialProblem(value, inHeader, isUserId);
    if (problem) throw new InvalidCredentialError(name, problem);
  }
}

/** Every text a credential is sent as: none of these, nor any four-character run of them, may appear in an error. */
function credentialTexts(credentials: Credentials): string[] {
  const { apiKey, classicApiKey, accessToken, basic } = credentials;
  const texts = [apiKey, classicApiKey, accessToken, basic?.username, basic?.password];
  if (basic) texts.push(base64(`${basic.username}:${basic.password}`));
  return texts.filter((text): text is string => typeof text === 'string'); // never empty: checkCredentials refuses ''
}

/** Whether `text` repeats any credential, or any four-character run of one. */
function repeatsCredential(text: string, credentials: readonly string[]): boolean {
  const RUN = 4;
  return credentials.some((credential) => {
    // Every run of RUN characters; a shorter credential is one run, the whole of it.
    const runs = Math.max(1, credential.length - RUN + 1);
    for (let i = 0; i < runs; i++) if (text.includes(credential.slice(i, i + RUN))) return true;
    return false;
  });
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header that carries `credential` for `scheme`. */
function credentialHeader(scheme: SecuritySchemeName, credentials: Credentials): [string, string] | undefined {
  const definition = securitySchemes[scheme];
  switch (definition.type) {
    case 'apiKey': {
      const key = credentials[credentialOfScheme[scheme] as 'apiKey' | 'classicApiKey'];
      return key === undefined ? undefined : [definition.name, key];
    }
    case 'oauth2':
      return credentials.accessToken === undefined ? undefined : ['Authorization', `Bearer ${credentials.accessToken}`];
    case 'http': {
      const basic = credentials.basic;
      return basic === undefined
        ? undefined
        : ['Authorization', `Basic ${base64(`${basic.username}:${basic.password}`)}`];
    }
  }
}

/** Every header any scheme of the spec carries a credential in. */
const credentialHeaders = [
  ...new Set(Object.values(securitySchemes).map((s) => (s.type === 'apiKey' ? s.name : 'Authorization'))),
];

/** What the auth middleware does for one operation, decided once per client. */
interface CredentialPlan {
  readonly operationId: string;
  readonly schemes: readonly SecuritySchemeName[];
  /** Whether the operation may be sent without a credential. */
  readonly optional: boolean;
  /** The credential header to send; undefined when the operation takes none or none is held. */
  readonly header: readonly [string, string] | undefined;
}

/**
 * The credential each operation is sent with, chosen once when the client is created: the first
 * scheme, in the order of the operation's security requirements, for which `credentials` holds a
 * value. An operation with no security requirement gets none, and so does one whose credential is
 * optional (an empty requirement, `{}`) when none is held.
 */
function credentialPlans(credentials: Credentials): Map<string, CredentialPlan> {
  const plans = new Map<string, CredentialPlan>();
  for (const [operation, { operationId, schemes, optional }] of Object.entries(operationSecurity)) {
    let header: [string, string] | undefined;
    for (const scheme of schemes) {
      header = credentialHeader(scheme, credentials);
      if (header) break;
    }
    plans.set(operation, { operationId, schemes, optional, header });
  }
  return plans;
}

/**
 * One call of the client, from the request to the last byte of the body: the caller's signal, the
 * timeout and the reader of the body, held here until the call settles. It does not depend on the
 * signal fetch copies into its Request: undici links the copies with weak references, and after a
 * garbage collection an abort no longer reaches the body read (nodejs/undici#4068). An abort
 * rejects the call at once and cancels the body, which closes the connection.
 */
class Call {
  /** Aborted when the caller's signal aborts or the timeout passes; none when neither was given. */
  readonly signal: AbortSignal | undefined;
  /** Rejects with the abort reason. */
  private readonly aborted: Promise<never> | undefined;
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    /** The method, upper case as openapi-fetch sends it, and the path as the spec writes it. */
    readonly method: string,
    readonly path: string,
    signal: AbortSignal | null | undefined,
    timeout: number | undefined,
  ) {
    if (!signal && timeout === undefined) return; // nothing can abort this call
    const controller = new AbortController();
    this.signal = controller.signal;
    let reject!: (reason: unknown) => void;
    this.aborted = new Promise<never>((_, fail) => (reject = fail));
    this.aborted.catch(() => undefined); // observed through settle(); never unhandled
    // A second abort (the timeout after the caller's signal) changes nothing: each step below is a no-op then.
    const abort = (reason: unknown) => {
      controller.abort(reason);
      this.reader?.cancel(reason).catch(() => undefined);
      reject(reason);
    };
    if (signal?.aborted) abort(signal.reason);
    else if (signal) {
      const onAbort = () => abort(signal.reason);
      signal.addEventListener('abort', onAbort);
      this.cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (timeout !== undefined && !controller.signal.aborted) {
      const message = () => `The call took longer than its timeout of ${timeout.toLocaleString('en')} ms.`;
      const timer = setTimeout(() => abort(new DOMException(message(), 'TimeoutError')), timeout);
      this.cleanups.push(() => clearTimeout(timer));
    }
  }

  /** The operationId, or "METHOD /path" for a request outside the spec: only errors need it. */
  get operation(): string {
    return operationName(this.method, this.path);
  }

  /** `pending`, unless the call is aborted first; then the abort reason. */
  settle<T>(pending: Promise<T>): Promise<T> {
    if (!this.aborted) return pending;
    return Promise.race([pending, this.aborted]).finally(() => {
      for (const cleanup of this.cleanups) cleanup();
    });
  }

  /**
   * The whole body, read as a stream and cut at `limit` bytes (undefined past it, the rest
   * unread), or, given `wait`, at `wait` milliseconds (undefined then too); on an abort, the abort
   * reason. A body given up is cancelled without waiting: a cancel may never settle (MSW's streams).
   */
  async readBody(response: Response, limit: number, wait?: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const signal = this.signal;
    if (signal?.aborted || Number(response.headers.get('content-length')) > limit) {
      response.body?.cancel().catch(() => undefined);
      signal?.throwIfAborted();
      return undefined;
    }
    if (!response.body) return new Uint8Array(0);
    const reader = response.body.getReader();
    this.reader = reader;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late =
      wait === undefined
        ? undefined
        : new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), wait)));
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const read = await (late ? Promise.race([reader.read(), late]) : reader.read());
        signal?.throwIfAborted();
        if (!read || size + (read.value?.byteLength ?? 0) > limit) {
          reader.cancel().catch(() => undefined);
          return undefined;
        }
        if (read.done) break;
        size += read.value.byteLength;
        chunks.push(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return body;
  }
}

/** The operationId of `METHOD path`, or "METHOD path" for a request outside the spec. */
function operationName(method: string, path: string): string {
  const key = operationKey(method, path);
  return operationSecurity[key]?.operationId ?? key;
}

/** "METHOD path": how operationSecurity, and the credential plans, name an operation. */
function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * The fetch a call hands openapi-fetch, which hands it back to middleware as `options.fetch`: the
 * guard finds the call there (a WeakMap from Request to Call cost every call about 10 %).
 */
const CALL = Symbol('call');
type CallFetch = ((request: Request, ext?: RequestInit) => Promise<Response>) & { [CALL]?: Call };

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
function responseGuard(
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

/**
 * The guard as the outermost openapi-fetch middleware: the client's first, so that on responses it
 * runs after every other, the client's (given now or added later with `use`) and the call's own.
 */
function guardMiddleware(guard: Guard): Middleware {
  return {
    // Every request goes out through a call's fetch, so its Call is always found; should openapi-fetch
    // ever hand this middleware another fetch, a bare Call bounds the size all the same.
    onResponse: ({ request, response, schemaPath, options }) =>
      guard(
        (options.fetch as CallFetch)[CALL] ?? new Call(request.method, schemaPath, undefined, undefined),
        response,
        options.parseAs,
      ),
  };
}

/** openapi-fetch's method names: GET, PUT, POST, … */
const METHODS = HTTP_METHODS.map((method) => method.toUpperCase());
/** Path parameter values that URL resolution turns into another path (`/a/../b` is `/b`). */
const MOVING_SEGMENTS = new Set(['', '.', '..']);

/**
 * Thrown by createApiClient when its options cannot make a client (a JavaScript caller has no
 * compiler to say so): no options object, or a `baseUrl` that is not an http(s) URL.
 */
export class InvalidClientOptionError extends TypeError {
  override readonly name = 'InvalidClientOptionError';
  constructor(
    /** The option at fault: `options`, `baseUrl`. */
    readonly option: string,
    problem: string,
  ) {
    super(`createApiClient: ${option} ${problem}.`);
  }
}

/**
 * Refuses a `baseUrl` no call could go to: it must be an absolute http or https URL, or in a web
 * page (where fetch resolves it against the page) a path beginning with `/`. A value with user
 * information is not quoted.
 */
function checkBaseUrl(baseUrl: unknown): void {
  const example = 'such as http://127.0.0.1:4010';
  if (typeof baseUrl !== 'string')
    throw new InvalidClientOptionError('baseUrl', `must be the service's URL, ${example}; got ${typeof baseUrl}`);
  if (baseUrl.startsWith('/') && !baseUrl.startsWith('//') && 'location' in globalThis) return;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // not a URL: refused below
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return;
  const got = url && (url.username || url.password) ? 'a value with user information' : JSON.stringify(baseUrl);
  throw new InvalidClientOptionError('baseUrl', `must be an absolute http or https URL, ${example}; got ${got}`);
}

/** A positive number option, or undefined; a RangeError for anything else. */
function positiveOption(name: string, value: number | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be a whole number from 1 to ${max.toLocaleString('en')}, got ${String(value)}.`);
  }
  return value;
}

/** A typed openapi-fetch client of the API that sends each operation the credential it accepts. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  if (typeof options !== 'object' || options === null)
    throw new InvalidClientOptionError('options', `must be an object with at least baseUrl, got ${String(options)}`);
  checkBaseUrl(options.baseUrl);
  const {
    auth = {},
    middleware = [],
    timeout: timeoutOption,
    maxResponseBytes: maxOption,
    validateResponses = false,
    ...clientOptions
  } = options;
  checkCredentials(auth);
  const timeout = positiveOption('timeout', timeoutOption, 2_147_483_647); // setTimeout's largest delay
  const maxResponseBytes =
    positiveOption('maxResponseBytes', maxOption, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MAX_RESPONSE_BYTES;
  // No operation of the API redirects; following a redirect would carry the API-key headers
  // (which fetch, unlike Authorization, keeps across origins) to wherever it points.
  const client = createClient<paths>({ redirect: 'error', ...clientOptions });
  const plans = credentialPlans(auth);
  // The JSON check must see the response the caller's middleware made: it runs as middleware, the outermost.
  // The contract check (and ajv) is loaded now, only when asked for; a call waits for it, and a missing peer rejects each call.
  const check = validateResponses
    ? (import(/* @vite-ignore */ CONTRACT_MODULE) as Promise<typeof import('./contract.js')>).then(
        ({ contractCheck }) => contractCheck((command, cause) => new MissingValidatorError(command, cause)),
      )
    : undefined;
  check?.catch(() => undefined); // observed by every call; never unhandled
  client.use(guardMiddleware(responseGuard(maxResponseBytes, credentialTexts(auth), check)), ...middleware);

  // Every call goes through `request`: path parameters and the credential are checked before
  // anything is sent or any middleware runs, and the call is bounded by its own Call (timeout, the
  // caller's signal, through the body read). The credential is attached in the call's fetch, after
  // every middleware (the client's and the call's own) has run.
  type Init =
    | {
        params?: { path?: Record<string, unknown> };
        signal?: AbortSignal | null;
        fetch?: (request: Request) => Promise<Response>;
      }
    | undefined;
  const send = client.request as unknown as (method: string, url: string, init: Init) => Promise<unknown>;
  const request = async (method: string, url: string, init: Init) => {
    for (const [name, value] of Object.entries(init?.params?.path ?? {})) {
      if (MOVING_SEGMENTS.has(String(value))) throw new InvalidPathParameterError(operationName(method, url), name);
    }
    const operation = operationKey(method, url);
    const plan = plans.get(operation);
    if (!plan) throw new UnknownOperationError(operation);
    if (!plan.header && !plan.optional) throw new MissingCredentialError(plan.operationId, plan.schemes);
    const call = new Call(method, url, init?.signal, timeout);
    if (call.signal?.aborted) throw call.signal.reason;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: openapi-fetch types `fetch` with one parameter, and the call passes its requestInitExt as a second
    const fetchOf = (init?.fetch ?? clientOptions.fetch ?? globalThis.fetch) as (
      request: Request,
      ext?: RequestInit,
    ) => Promise<Response>;
    // openapi-fetch passes its `requestInitExt` (e.g. an undici dispatcher) as the second argument.
    const fetch: CallFetch = (request, ext) => {
      // Whatever credential headers the caller's headers or middleware put there go; the chosen one is set.
      for (const name of credentialHeaders) request.headers.delete(name);
      if (plan.header) request.headers.set(plan.header[0], plan.header[1]);
      return fetchOf(request, ext);
    };
    fetch[CALL] = call;
    return call.settle(send(method, url, { ...init, signal: call.signal, fetch }));
  };
  client.request = request as unknown as typeof client.request;
  for (const method of METHODS) {
    (client as unknown as Record<string, unknown>)[method] = (url: string, init: Init) => request(method, url, init);
  }
  return client;
}
