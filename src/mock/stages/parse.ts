/// <reference types="node" />
// Stage 4: the body as FastAPI would read it. A JSON body is counted against --max-items on its
// bytes (413 past it, before any parse), then decoded: bytes that are not UTF-8 or text that
// Python's json.loads rejects keep the reason for the service's `json_invalid` item; any other
// content type reaches validation as text.
//   in:  the body's bytes, the request's Content-Type, the routed query, --max-items
//   out: what the request holds (Received), or the 413 answer
// Also Prism's request (IHttpRequest) for the routed, parsed request.
import { isUtf8 } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import type { IHttpRequest } from '@stoplight/prism-http';
import { pythonJsonError, utf8Error, type JsonError } from '../json-error.js';
import { requestSizeError } from '../limits.js';
import { jsonReply, type Reply } from '../reply.js';
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

function isJsonMediaType(contentType: string | undefined): boolean {
  // Stryker disable next-line StringLiteral: no content type and any text that is not a JSON media type are alike
  const type = ((contentType ?? '').split(';')[0] as string).trim().toLowerCase();
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

export function parseBody(raw: Buffer, contentType: string | undefined, query: Query, maxItems: number): { received: Received } | { reply: Reply } {
  const request: Received = { query, absent: raw.length === 0, body: null, text: '', unchecked: false };
  if (raw.length > 0) {
    request.text = raw.toString('utf8');
    request.body = request.text;
    if (isJsonMediaType(contentType)) {
      // Counted on the bytes, before the parse: past the limit, nothing else is done with them.
      const tooMany = requestSizeError(raw, maxItems);
      if (tooMany) return { reply: jsonReply(413, 'application/json', tooMany.body) };
      const utf8 = isUtf8(raw) ? undefined : utf8Error(raw);
      if (utf8) request.jsonError = { msg: utf8, pos: 0 };
      else {
        const json = request.text.charCodeAt(0) === 0xfeff ? request.text.slice(1) : request.text;
        try {
          request.body = JSON.parse(json);
          request.unchecked = request.body === null || SURROGATE_ESCAPE.test(json) || HUGE_NUMBER.test(json);
        } catch {
          // Stryker disable next-line ObjectLiteral,StringLiteral: no input reaches it: pythonJsonError finds an error in every text JSON.parse rejects (json-error's property test); a guard should they ever disagree
          request.jsonError = pythonJsonError(json) ?? { msg: 'Expecting value', pos: 0 };
        }
      }
    }
    // Any other content type, or none (FastAPI's strict_content_type), reaches validation as text.
  }
  return { received: request };
}

/** Prism's request: the routed path and query, the headers as sent, the parsed body (null when absent). */
export function prismInput(method: string | undefined, routed: ApiRoute, headers: IncomingHttpHeaders, received: Received): IHttpRequest {
  return {
    method: (method ?? 'get').toLowerCase() as IHttpRequest['method'],
    url: { path: routed.path, baseUrl: routed.baseUrl, query: received.query },
    headers: headers as IHttpRequest['headers'],
    body: received.absent ? null : received.body,
  };
}
