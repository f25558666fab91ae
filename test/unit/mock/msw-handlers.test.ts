// The MSW handlers both doors make (src/mock/msw-handlers.ts), with an `http` that records what it
// is given: the path every request under the base URL matches, the mock that answers (given, or
// made once on the first request), and what a dropped connection and an aborted call answer. MSW
// itself runs them in test/unit/mock/msw.test.ts (Node) and browser.test.ts.
import { PassThrough } from 'node:stream';
import type { HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ConnectionResetError, createMock, type Mock, type MockOptions } from '../../../src/mock/index.js';
import { handlersOf, type MswHttp } from '../../../src/mock/msw-handlers.js';

type Resolver = (info: { request: Request }) => Promise<Response>;

/** An `http` whose `all` keeps its path and resolver. */
function recording(): MswHttp & { routes: { path: string; resolver: Resolver }[] } {
  const routes: { path: string; resolver: Resolver }[] = [];
  return {
    routes,
    all: (path, resolver) => {
      routes.push({ path, resolver });
      return { path } as unknown as HttpHandler;
    },
  };
}
const noMock = () => Promise.reject(new Error('createMock was called'));
/** A mock whose `handle` is `handle`. */
const handling = (handle: (request: Request) => Promise<Response>) => ({ handle }) as unknown as Mock;
const BASE = 'https://api.example.test';
const LUNA3 = `${BASE}/v2/scorers/9a7c3e15-2b8d-4c6f-a041-7e5d3b9c1f28/version/luna3`;
const luna3 = (init: RequestInit = {}) =>
  new Request(LUNA3, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'service-ao-api-key': 'test-key' },
    body: '{}',
    ...init,
  });

describe('handlersOf', () => {
  it('one handler for every path under the base URL, with or without its trailing slash', () => {
    for (const [base, path] of [
      [BASE, `${BASE}/*`],
      [`${BASE}/`, `${BASE}/*`],
      [`${BASE}/api/v1`, `${BASE}/api/v1/*`],
      [`${BASE}/api/v1/`, `${BASE}/api/v1/*`],
      [`${BASE}/api/?q=1#x`, `${BASE}/api/*`],
    ] as const) {
      const http = recording();
      const handlers = handlersOf(
        http,
        noMock,
        base,
        handling(() => Promise.resolve(new Response())),
      );
      expect(handlers).toEqual([{ path }]);
      expect(http.routes.map((route) => route.path)).toEqual([path]);
    }
  });

  it('answers with the mock given, and makes none', async () => {
    const http = recording();
    const answer = new Response('given');
    const make = vi.fn(noMock);
    handlersOf(
      http,
      make,
      BASE,
      handling(() => Promise.resolve(answer)),
    );
    expect(await http.routes[0]!.resolver({ request: luna3() })).toBe(answer);
    expect(make).not.toHaveBeenCalled();
  });

  it('given options, makes a mock with them on the first request only, and answers with it', async () => {
    const http = recording();
    const options: MockOptions = { log: new PassThrough(), seed: 'handlers' };
    const make = vi.fn((given: MockOptions) => createMock(given));
    handlersOf(http, make, BASE, options);
    expect(make).not.toHaveBeenCalled();
    const { resolver } = http.routes[0]!;
    const answers = await Promise.all([resolver({ request: luna3() }), resolver({ request: luna3() })]);
    expect((await resolver({ request: luna3() })).status).toBe(200);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(make.mock.calls).toEqual([[options]]);
  });

  it("a dropped connection (a reset fault) and an aborted call answer MSW's network error; any other failure is thrown", async () => {
    const reset = new TypeError('fetch failed', { cause: new ConnectionResetError('reset') });
    const failure = new Error('mock failure');
    const otherTypeError = new TypeError('fetch failed', { cause: new Error('other') });
    const answer = async (thrown: unknown, request = luna3()) => {
      const http = recording();
      handlersOf(
        http,
        noMock,
        BASE,
        handling(() => Promise.reject(thrown)),
      );
      return http.routes[0]!.resolver({ request });
    };
    expect((await answer(reset)).type).toBe('error');
    const aborted = new AbortController();
    const request = luna3({ signal: aborted.signal });
    aborted.abort();
    expect((await answer(failure, request)).type).toBe('error');
    await expect(answer(failure)).rejects.toBe(failure);
    await expect(answer(otherTypeError)).rejects.toBe(otherTypeError);
  });

  it('answers through a real mock: a reset fault is the network error', async () => {
    const mock = await createMock({ log: new PassThrough() });
    mock.use({ operation: 'createLuna3ScorerVersion', fault: 'reset', times: 1 });
    const http = recording();
    handlersOf(http, noMock, BASE, mock);
    const { resolver } = http.routes[0]!;
    expect((await resolver({ request: luna3() })).type).toBe('error');
    expect((await resolver({ request: luna3() })).status).toBe(200);
  });
});
