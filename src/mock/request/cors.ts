// The CORS answer (the pipeline's first step, before the body is read: ../pipeline.ts) for a request's Origin. Pages served from
// loopback may call the mock by default (as Vite's dev server allows), others only when listed
// with --cors-origin; a preflight is answered here and goes no further.
//   in:  the request's method and headers
//   out: the headers every answer to it carries, and the whole answer when it is a preflight
import type { IncomingHttpHeaders } from 'node:http';
import { jsonReply, type Reply } from '../common/reply.js';

/** Origins of pages served from this machine, any port: the default CORS allowance (as Vite's dev server). */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export interface CorsOptions {
  /** CORS headers and preflight answers (default true) */
  cors?: boolean | undefined;
  /** exact origins (then with credentials), or `*` for any (never with credentials); default loopback pages */
  corsOrigins?: string[] | undefined;
}

export interface CorsAnswer {
  headers: [string, string][];
  /** The whole answer of a preflight request. */
  preflight?: Reply;
}

export function createCors({
  cors = true,
  corsOrigins,
}: CorsOptions): (request: { method?: string | undefined; headers: IncomingHttpHeaders }) => CorsAnswer {
  const anyOrigin = corsOrigins?.includes('*'); // read only when corsOrigins is given
  /**
   * The CORS answer for a request's Origin, or undefined when that origin may not call the mock (or
   * there is none: not a cross-origin browser request). Credentials only ever go with an origin the
   * user listed, never with `*` or the loopback default.
   */
  function corsFor(origin: string | undefined): { allow: string; credentials: boolean } | undefined {
    if (!cors || origin === undefined) return undefined;
    if (corsOrigins === undefined)
      return LOOPBACK_ORIGIN.test(origin) ? { allow: origin, credentials: false } : undefined;
    if (corsOrigins.includes(origin)) return { allow: origin, credentials: true };
    return anyOrigin ? { allow: '*', credentials: false } : undefined;
  }

  return ({ method, headers: request }) => {
    const headers: [string, string][] = [];
    if (cors) headers.push(['Vary', 'Origin']);
    const answer = corsFor(request.origin);
    if (answer) {
      headers.push(['Access-Control-Allow-Origin', answer.allow]);
      if (answer.credentials) headers.push(['Access-Control-Allow-Credentials', 'true']);
      headers.push(['Access-Control-Expose-Headers', 'sl-violations']);
    }
    if (!(cors && method === 'OPTIONS' && request.origin && request['access-control-request-method']))
      return { headers };
    if (!answer) {
      const detail =
        'CORS: pages from this origin may not call the mock; start it with --cors-origin <origin> to allow one';
      return { headers, preflight: jsonReply(403, 'application/json', { detail }) };
    }
    const allow: [string, string][] = [
      ['Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS'],
    ];
    const requested = request['access-control-request-headers'];
    if (requested) allow.push(['Access-Control-Allow-Headers', requested]);
    return { headers, preflight: { status: 204, headers: [...allow, ['Content-Length', '0']] } };
  };
}
