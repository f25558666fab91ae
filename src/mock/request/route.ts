// Where a request goes (the pipeline's route step, ../pipeline.ts): one of the mock's own paths outside /v2, or on to Prism (whose
// router then finds the operation) with the path as uvicorn would route it and the query parsed.
//   in:  the request target (`req.url`)
//   out: a Route

/** Outside /v2: forgets the state of the session the request names. */
export const RESET_PATH = '/__mock/reset';
/** Outside /v2: how often each fallback of this layer fired (each also logs a warning and marks its answer). */
export const FALLBACKS_PATH = '/__mock/fallbacks';
/** Outside /v2: what the mock was sent in the session the request names (../control/journal.ts). */
export const REQUESTS_PATH = '/__mock/requests';
/** Outside /v2: the scenarios of the session the request names (../scenarios/store.ts): add (POST), list (GET), clear (DELETE). */
export const SCENARIOS_PATH = '/__mock/scenarios';

/** Outside /v2: what the requests of the session the request names exercised of the contract, or of all sessions with `?all` (../control/coverage.ts). */
export const COVERAGE_PATH = '/__mock/coverage';

export type Query = Record<string, string | string[]>;

export interface ApiRoute {
  kind: 'api';
  /** The path as sent (dot segments kept), each segment that does not percent-decode re-encoded. */
  path: string;
  query: Query;
  /** Prism's `__server` query parameter. */
  baseUrl: string | undefined;
}

export type Route =
  | { kind: 'fallbacks' }
  | { kind: 'reset' }
  | { kind: 'requests' }
  | { kind: 'scenarios' }
  | { kind: 'coverage'; all: boolean }
  | ApiRoute;

export function route(target: string | undefined): Route {
  const requestPath = target?.split('?')[0];
  if (requestPath === FALLBACKS_PATH) return { kind: 'fallbacks' };
  if (requestPath === RESET_PATH) return { kind: 'reset' };
  if (requestPath === REQUESTS_PATH) return { kind: 'requests' };
  if (requestPath === SCENARIOS_PATH) return { kind: 'scenarios' };
  if (requestPath === COVERAGE_PATH)
    return { kind: 'coverage', all: new URLSearchParams(target?.slice(COVERAGE_PATH.length + 1)).has('all') };
  const sent = target ?? '/';
  // A path with no query (most requests): nothing for a URL parser to find.
  if (sent.startsWith('/') && !sent.includes('?'))
    return { kind: 'api', path: decodablePath(sent), query: {}, baseUrl: undefined };
  let url = new URL('http://mock.invalid/');
  try {
    url = new URL(sent, url);
  } catch {
    // A target URL cannot parse (e.g. `//`): routed on as sent, with no query.
  }
  // Routed on the path as sent, as uvicorn does: dot segments are not resolved.
  const path = decodablePath(sent.startsWith('/') ? (sent.split('?')[0] as string) : url.pathname);
  return {
    kind: 'api',
    path,
    query: queryObject(url.searchParams),
    baseUrl: url.searchParams.get('__server') || undefined,
  };
}

const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * The path with every segment that does not percent-decode (`%ZZ`, `%C3%28`) re-encoded from what
 * uvicorn would make of it (bytes decoded as UTF-8 with replacement), so Prism's router, which
 * decodes each segment, routes it and validation reports the parameter like the service would.
 */
export function decodablePath(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        const bytes: number[] = [];
        for (let i = 0; i < segment.length; i++) {
          const hex = segment.slice(i + 1, i + 3);
          if (segment[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
            bytes.push(parseInt(hex, 16));
            i += 2;
          } else {
            bytes.push(...utf8.encode(segment[i]));
          }
        }
        return encodeURIComponent(text.decode(Uint8Array.from(bytes)));
      }
    })
    .join('/');
}

function queryObject(params: URLSearchParams): Query {
  const out: Query = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}
