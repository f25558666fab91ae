// The body as FastAPI would read it (the pipeline's parse step, ../pipeline.ts). A JSON body is
// decoded: bytes that are not UTF-8 are marked (FastAPI's 400), text that Python's json.loads
// rejects keeps the reason for the service's `json_invalid` item; any other content type reaches
// validation as text.
//   in:  the body's bytes, the request's Content-Type, the routed query
//   out: what the request holds (Received)
// Also Prism's request (IHttpRequest) for the routed, parsed request.
import type { IncomingHttpHeaders } from 'node:http';
import type { IHttpRequest } from '@stoplight/prism-http';
import { parsePythonJson, pythonJsonError, utf8Error, type JsonError } from './json-error.js';
import { essence } from '../common/media-type.js';
import type { ApiRoute, Query } from './route.js';

const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;
/** A number literal JSON.parse may turn into ±Infinity (three-digit exponent or 309+ digits); a false positive only costs a check. */
const HUGE_NUMBER = /[eE]\+?\d{3}|\d{309}/;

/** What the parse stage read of a request. */
export interface Received {
  query: Query;
  /** no body at all (zero bytes) */
  absent: boolean;
  /** the parsed body, or its text when it is not sent as JSON */
  body: unknown;
  /** the body as sent ('' when absent) */
  text: string;
  /** why Python would not decode it */
  jsonError?: JsonError;
  /** Prism does not validate it as the service does: a JSON `null` body, one with \u escapes of surrogates (which may be lone) or non-finite numbers, one not sent as JSON */
  unchecked: boolean;
}

/** UTF-8 as Python decodes it: a BOM is kept (the JSON step skips it); `fatal` throws on bytes that are not UTF-8. */
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

function isJsonMediaType(contentType: string | undefined): boolean {
  const type = essence(contentType ?? '');
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/**
 * The encoding json.loads reads bytes in (Python's json.detect_encoding): UTF-32 or UTF-16 by
 * their BOM or by where the zero bytes of an ASCII start fall; UTF-8 otherwise.
 */
function pythonEncoding(raw: Uint8Array): string {
  const [a, b, c, d] = raw;
  if ((a === 0 && b === 0 && c === 0xfe && d === 0xff) || (a === 0xff && b === 0xfe && c === 0 && d === 0))
    return 'utf-32';
  if ((a === 0xfe && b === 0xff) || (a === 0xff && b === 0xfe)) return 'utf-16';
  if (raw.length >= 4) {
    if (a === 0) return b ? 'utf-16be' : 'utf-32be';
    if (b === 0) return c || d ? 'utf-16le' : 'utf-32le';
  } else if (raw.length === 2) {
    if (a === 0) return 'utf-16be';
    if (b === 0) return 'utf-16le';
  }
  return 'utf-8';
}

/** UTF-32 as Python decodes it (a BOM read and dropped); throws on what is not UTF-32. */
function utf32(raw: Uint8Array, encoding: string): string {
  if (raw.length % 4 !== 0) throw new Error('truncated data');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let little = encoding === 'utf-32le';
  let start = 0;
  if (encoding === 'utf-32') {
    little = raw[0] === 0xff;
    start = 4;
  }
  let out = '';
  for (let i = start; i < raw.length; i += 4) {
    const code = view.getUint32(i, little);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new Error('code point not in range');
    out += String.fromCodePoint(code);
  }
  return out;
}

/** The text of a JSON body as json.loads decodes its bytes; throws where Python would (FastAPI's 400). */
function decodeAsPython(raw: Uint8Array): string {
  const encoding = pythonEncoding(raw);
  if (encoding === 'utf-8') return strict.decode(raw);
  if (encoding.startsWith('utf-32')) return utf32(raw, encoding);
  // 'utf-16' reads its BOM (and drops it); 'utf-16le' and 'utf-16be' keep one.
  const label = encoding === 'utf-16' ? (raw[0] === 0xff ? 'utf-16le' : 'utf-16be') : encoding;
  return new TextDecoder(label, { fatal: true, ignoreBOM: encoding !== 'utf-16' }).decode(raw);
}

/** A body decoded, its JSON (if any) not parsed yet: the two halves of the parse, run apart for a large body. */
export interface Decoded {
  received: Received;
  /** the JSON text to parse (a BOM skipped) */
  json?: string;
  /** the text may hold what Prism lets through unchecked (\u escapes of surrogates, numbers past ±Infinity) */
  suspect?: boolean;
}

/** The first half of the parse: the body's text, and whether it is JSON that decodes as UTF-8. */
export function decodeBody(raw: Uint8Array, contentType: string | undefined, query: Query): Decoded {
  const received: Received = { query, absent: raw.length === 0, body: null, text: '', unchecked: false };
  if (raw.length === 0) return { received };
  // Any other content type, or none (FastAPI's strict_content_type), reaches validation as text.
  if (!isJsonMediaType(contentType)) {
    received.text = lenient.decode(raw);
    received.body = received.text;
    // Prism reads some of these its own way (a multipart body sent chunked passes its checks).
    received.unchecked = true;
    return { received };
  }
  // One pass decodes and checks, as fast as Node's toString and isUtf8 together.
  try {
    received.text = decodeAsPython(raw);
  } catch {
    received.text = lenient.decode(raw);
    received.body = received.text;
    received.jsonError = { msg: utf8Error(raw) ?? 'invalid UTF-8', pos: 0, undecodable: true };
    return { received };
  }
  received.body = received.text;
  const json = received.text.charCodeAt(0) === 0xfeff ? received.text.slice(1) : received.text;
  return { received, json, suspect: SURROGATE_ESCAPE.test(json) || HUGE_NUMBER.test(json) };
}

/** The second half: the JSON parsed, or the reason Python's json.loads would give for rejecting it. */
export function parseJson(decoded: Decoded): Received {
  const { received, json } = decoded;
  if (json === undefined) return received;
  try {
    return parsedAs(decoded, JSON.parse(json));
  } catch {
    const jsonError = pythonJsonError(json);
    if (jsonError) return { ...received, jsonError };
    // What Python reads and JSON.parse does not: NaN and ±Infinity, which Prism cannot check.
    try {
      return { ...received, body: parsePythonJson(json), unchecked: true };
    } catch {
      return { ...received, jsonError: { msg: 'Expecting value', pos: 0 } };
    }
  }
}

/** What the request holds once its JSON text is parsed to `body`. */
export function parsedAs({ received, suspect }: Decoded, body: unknown): Received {
  return { ...received, body, unchecked: body === null || suspect === true };
}

export function parseBody(raw: Uint8Array, contentType: string | undefined, query: Query): Received {
  return parseJson(decodeBody(raw, contentType, query));
}

/** Prism's request: the routed path and query, the headers as sent, the parsed body (null when absent). */
export function prismInput(
  method: string | undefined,
  routed: ApiRoute,
  headers: IncomingHttpHeaders,
  received: Received,
): IHttpRequest {
  return {
    method: (method ?? 'get').toLowerCase() as IHttpRequest['method'],
    url: { path: routed.path, baseUrl: routed.baseUrl, query: received.query },
    headers: headers as IHttpRequest['headers'],
    body: received.absent ? null : received.body,
  };
}
