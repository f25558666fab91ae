// The body as FastAPI would read it (the pipeline's parse step, ../pipeline.ts). A JSON body is decoded: bytes that are not UTF-8 or
// text that Python's json.loads rejects keep the reason for the service's `json_invalid` item; any
// other content type reaches validation as text.
//   in:  the body's bytes, the request's Content-Type, the routed query
//   out: what the request holds (Received)
// Also Prism's request (IHttpRequest) for the routed, parsed request.
import type { IncomingHttpHeaders } from 'node:http';
import type { IHttpRequest } from '@stoplight/prism-http';
import { pythonJsonError, utf8Error, type JsonError } from './json-error.js';
import { essence } from '../engine/schema-check.js';
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
  /** Prism does not validate it: a JSON `null` body, or one with \u escapes of surrogates (which may be lone) */
  unchecked: boolean;
}

/** UTF-8 as Python decodes it: a BOM is kept (the JSON step skips it); `fatal` throws on bytes that are not UTF-8. */
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

function isJsonMediaType(contentType: string | undefined): boolean {
  const type = essence(contentType ?? '');
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
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
    return { received };
  }
  // One pass decodes and checks (as fast as Node's toString and isUtf8 together: BENCHMARKS.md).
  try {
    received.text = strict.decode(raw);
  } catch {
    received.text = lenient.decode(raw);
    received.body = received.text;
    received.jsonError = { msg: utf8Error(raw) ?? 'invalid UTF-8', pos: 0 };
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
    return { ...received, jsonError: pythonJsonError(json) ?? { msg: 'Expecting value', pos: 0 } };
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
