// `mock.fetch(input, init)` read without making a WHATWG Request, on the calls where fetch would read
// them the same way: making a Request costs about a fifth of a whole answer. The
// call is read here only when all of these hold, and otherwise goes through `new Request(input, init)`
// (which also throws fetch's own TypeError for what it refuses):
//   - `input` is an absolute URL (a string or a URL) without a user name or password;
//   - `init` has no field but `method`, `headers`, `body` and `signal`;
//   - the method is a token, not CONNECT, TRACE or TRACK; one of fetch's six normalized methods
//     (DELETE, GET, HEAD, OPTIONS, POST, PUT) in any case is upper-cased, as fetch does;
//   - the body is absent, a string or a Uint8Array, and there is none on a GET or HEAD;
//   - the headers are absent, a Headers, an array of pairs or a record, each name a token and each
//     value, without its leading and trailing whitespace, free of NUL, CR and LF and of characters
//     past U+00FF;
//   - the signal is absent or an AbortSignal.
// What comes out is what the doors read of a Request: lower-case header names in order, the values
// of a repeated name joined with ", " (of Set-Cookie, the last), `content-type: text/plain;charset=UTF-8` for a string body sent without
// one, and the body's bytes copied (the caller may reuse its buffer while a delay runs).

/** A fetch call read as the mock's doors read a Request. */
export interface FetchCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Uint8Array;
  signal: AbortSignal | undefined;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const NORMALIZED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);
const READ_FIELDS = new Set(['method', 'headers', 'body', 'signal']);
/** HTTP whitespace around a header value, which fetch strips. */
const AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** What a header value may not hold: NUL, CR, LF, or a character past U+00FF (not a byte). */
const UNSENDABLE = /[\0\r\n\u0100-\uffff]/;

const utf8 = new TextEncoder();

/** The headers of `init.headers` as a Request holds them, or undefined when one of them is not read here. */
function headersOf(given: unknown): Record<string, string> | undefined {
  const pairs: Iterable<unknown> =
    given === undefined
      ? []
      : given instanceof Headers || Array.isArray(given)
        ? given
        : given !== null && Object.getPrototypeOf(given) === Object.prototype
          ? Object.entries(given)
          : [undefined];
  const headers: Record<string, string> = {};
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || !TOKEN.test(pair[0]))
      return undefined;
    const value = String(pair[1]).replace(AROUND, '');
    if (UNSENDABLE.test(value)) return undefined;
    const name = pair[0].toLowerCase();
    // A Request joins the values of a repeated name, but lists each Set-Cookie apart: the doors keep the last.
    headers[name] = name in headers && name !== 'set-cookie' ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** The call as a Request would read it, or undefined when `new Request(input, init)` must read it. */
export function readFetchCall(input: unknown, init: RequestInit | undefined): FetchCall | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  if (init !== undefined && Object.keys(init).some((field) => !READ_FIELDS.has(field))) return undefined;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  const given = init?.method ?? 'GET';
  if (typeof given !== 'string' || !TOKEN.test(given) || FORBIDDEN.has(given.toUpperCase())) return undefined;
  const method = NORMALIZED.has(given.toUpperCase()) ? given.toUpperCase() : given;
  const body = init?.body ?? null;
  if (body !== null && (method === 'GET' || method === 'HEAD')) return undefined;
  if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return undefined;
  const signal = init?.signal ?? undefined;
  if (signal !== undefined && !(signal instanceof AbortSignal)) return undefined;
  const headers = headersOf(init?.headers);
  if (!headers) return undefined;
  if (typeof body === 'string') headers['content-type'] ??= 'text/plain;charset=UTF-8';
  return {
    method,
    url,
    // In the order a Request lists them: by name.
    headers: Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1))),
    body: typeof body === 'string' ? utf8.encode(body) : body === null ? new Uint8Array(0) : new Uint8Array(body),
    signal,
  };
}
