// mock.fetch reads a call without a WHATWG Request where fetch reads it the same way
// (src/mock/request/fetch-call.ts): on every call it reads, what it reads is what the doors read of
// `new Request(input, init)`, and every call a Request refuses it leaves to the Request.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFetchCall } from '../../../../src/mock/request/fetch-call.js';

/** What the in-process door reads of a Request (src/mock/mock.ts, handle). */
async function viaRequest(input: string | URL, init: RequestInit | undefined) {
  const request = new Request(input, init);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  return {
    method: request.method,
    url: new URL(request.url).href,
    headers,
    body: new Uint8Array(await request.arrayBuffer()),
    signal: request.signal.aborted,
  };
}

/** The fast reading in the same shape, or undefined. */
function fast(input: string | URL, init: RequestInit | undefined) {
  const call = readFetchCall(input, init);
  return (
    call && {
      method: call.method,
      url: call.url.href,
      headers: call.headers,
      body: call.body,
      signal: call.signal?.aborted ?? false,
    }
  );
}

/** Either both refuse, or the fast reading is undefined, or both read the same. Returns whether it was read. */
async function agrees(input: string | URL, init?: RequestInit): Promise<boolean> {
  let expected: Awaited<ReturnType<typeof viaRequest>> | undefined;
  try {
    expected = await viaRequest(input, init);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    expect(fast(input, init)).toBeUndefined();
    return false;
  }
  const read = fast(input, init);
  if (read) {
    expect(read).toEqual(expected);
    // in the order a Request lists them
    expect(Object.keys(read.headers)).toEqual(Object.keys(expected.headers));
  }
  return read !== undefined;
}

const URL_ = 'https://api.example.test/v2/system_users?a=1&b=%20#frag';

describe('readFetchCall: a fetch call read as a Request reads it', () => {
  it.each<[string, string | URL, RequestInit | undefined, boolean]>([
    ['no init', URL_, undefined, true],
    ['a URL object', new URL(URL_), { method: 'post', body: '{}' }, true],
    ['a lower-case standard method, upper-cased', URL_, { method: 'put', body: 'x' }, true],
    ['another method, kept as written', URL_, { method: 'Patch', body: 'x' }, true],
    ['a string body without Content-Type gets text/plain', URL_, { method: 'POST', body: 'é€😀' }, true],
    [
      '… listed in its place among the others',
      URL_,
      { method: 'POST', body: '', headers: { 'X-A': '1', B: '2' } },
      true,
    ],
    [
      'a string body keeps its Content-Type',
      URL_,
      { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } },
      true,
    ],
    ['bytes', URL_, { method: 'POST', body: new Uint8Array([0, 255, 1]) }, true],
    ['a Buffer', URL_, { method: 'POST', body: Buffer.from('abc') }, true],
    ['a lone surrogate in a string body', URL_, { method: 'POST', body: 'a\ud800b' }, true],
    [
      'headers as pairs, a name twice',
      URL_,
      {
        headers: [
          ['X-A', ' 1 '],
          ['x-a', '2'],
          ['B', '\t3'],
        ],
      },
      true,
    ],
    ['a Headers', URL_, { headers: new Headers({ 'X-Z': 'z', 'x-a': 'a' }) }, true],
    ['a record whose names differ in case only', URL_, { headers: { 'X-A': '1', 'x-a': '2' } }, true],
    ['a number as a value', URL_, { headers: { 'x-n': 5 as unknown as string } }, true],
    [
      'Set-Cookie twice: the last',
      URL_,
      {
        headers: [
          ['set-cookie', 'a=1'],
          ['Set-Cookie', 'b=2'],
        ],
      },
      true,
    ],
    ['an aborted signal', URL_, { signal: AbortSignal.abort() }, true],
    ['a relative URL: refused', '/v2/system_users', undefined, false],
    ['credentials in the URL: refused', 'https://u:p@api.example.test/', undefined, false],
    ['a user name alone in the URL: refused', 'https://u@api.example.test/', undefined, false],
    ['a password alone in the URL: refused', 'https://:p@api.example.test/', undefined, false],
    [
      'an object whose text is a URL: left to the Request',
      { toString: () => URL_ } as unknown as URL,
      undefined,
      false,
    ],
    ['a method that is no string: left to the Request', URL_, { method: 5 as unknown as string }, false],
    [
      'a header name that is no string: left to the Request',
      URL_,
      { headers: [[1, 'a']] as unknown as [string, string][] },
      false,
    ],
    ['null headers: refused', URL_, { headers: null as unknown as HeadersInit }, false],
    ['headers as text: refused', URL_, { headers: 'x-a: 1' as unknown as HeadersInit }, false],
    ['a body on a GET: refused', URL_, { method: 'get', body: 'x' }, false],
    ['a body on a HEAD: refused', URL_, { method: 'HEAD', body: 'x' }, false],
    ['CONNECT: refused', URL_, { method: 'connect' }, false],
    ['a method that is no token: refused', URL_, { method: 'P UT' }, false],
    ['a header name that is no token: refused', URL_, { headers: { 'x a': '1' } }, false],
    ['a header value with a newline: refused', URL_, { headers: { 'x-a': 'a\nb' } }, false],
    ['a header value past U+00FF: refused', URL_, { headers: { 'x-a': '€' } }, false],
    ['a signal that is no AbortSignal: refused', URL_, { signal: {} as AbortSignal }, false],
    ['a header pair of three: refused', URL_, { headers: [['a', 'b', 'c']] as unknown as [string, string][] }, false],
  ])('%s', async (_, input, init, readHere) => {
    expect(await agrees(input, init)).toBe(readHere);
  });

  it.each<[string, RequestInit]>([
    ['another field of init (fetch reads it)', { method: 'POST', body: '{}', redirect: 'manual' }],
    ['a body fetch reads otherwise (URLSearchParams)', { method: 'POST', body: new URLSearchParams('a=1') }],
    ['an ArrayBuffer body', { method: 'POST', body: new ArrayBuffer(2) }],
    ['headers of a class of their own', { headers: new (class extends Object {})() as HeadersInit }],
  ])('left to the Request: %s', (_, init) => {
    expect(readFetchCall(URL_, init)).toBeUndefined();
  });

  it('a Request as input is left to handle', () => {
    expect(readFetchCall(new Request(URL_), undefined)).toBeUndefined();
  });

  it('the bytes are a copy: the caller may reuse its buffer', () => {
    const body = new Uint8Array([1, 2, 3]);
    const call = readFetchCall(URL_, { method: 'POST', body });
    body[0] = 9;
    expect([...(call?.body ?? [])]).toEqual([1, 2, 3]);
  });

  it('any method, header record and body: read as a Request reads them, or left to it', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom('get', 'GET', 'post', 'Put', 'delete', 'options', 'PATCH', 'trace', 'x y'),
          fc.string({ maxLength: 6 }),
        ),
        fc.dictionary(
          fc.oneof(fc.constantFrom('x-a', 'X-A', 'content-type', 'Set-Cookie'), fc.string({ maxLength: 5 })),
          text,
          { maxKeys: 4 },
        ),
        fc.option(fc.oneof(text, fc.uint8Array({ maxLength: 8 })), { nil: undefined }),
        async (method, headers, body) => {
          await agrees(URL_, { method, headers, body });
        },
      ),
      { numRuns: 300 },
    );
  });
});
