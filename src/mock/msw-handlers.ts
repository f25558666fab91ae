// The MSW handlers of a mock, whatever its host: every request under a base URL answered by one
// in-process mock. Its doors hand it MSW's `http` and their createMock: ./msw.ts (Node, msw loaded
// when called) and ./browser/msw.ts (a page, msw imported).
import type { HttpHandler } from 'msw';
import { ConnectionResetError, type Mock, type MockOptions } from './api.js';

/** What the handlers use of msw: `http.all`, whose handlers MSW's setupServer and setupWorker take. */
export interface MswHttp {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): HttpHandler;
}

/**
 * MSW request handlers for every request under `baseUrl`, answered by `mock`, or by a mock made
 * with `options` by `createMock` on the first request.
 */
export function handlersOf(
  http: MswHttp,
  createMock: (options: MockOptions) => Promise<Mock>,
  baseUrl: string,
  mockOrOptions: Mock | MockOptions,
): HttpHandler[] {
  const given = typeof (mockOrOptions as Mock).handle === 'function' ? (mockOrOptions as Mock) : undefined;
  let created: Promise<Mock> | undefined;
  const mock = (): Promise<Mock> =>
    given ? Promise.resolve(given) : (created ??= createMock(mockOrOptions as MockOptions));
  const base = new URL(baseUrl);
  const prefix = `${base.origin}${base.pathname.replace(/\/$/, '')}`;
  return [
    http.all(`${prefix}/*`, async ({ request }) => {
      try {
        return await (await mock()).handle(request);
      } catch (error) {
        // A scenario's reset fault: MSW's network error, which the caller's fetch rejects with. A
        // caller that aborted a delay or a hang has its rejection already: no one reads this answer.
        if ((error instanceof TypeError && error.cause instanceof ConnectionResetError) || request.signal.aborted)
          return Response.error();
        throw error;
      }
    }),
  ];
}
