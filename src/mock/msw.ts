/// <reference types="node" />
// MSW handlers that answer every request under a base URL from one in-process mock (./index.ts):
//   setupServer(...mswHandlers('https://api.example.test'))
// or, to read what it received and reset it between tests, with a mock of your own:
//   const mock = await createMock();
//   setupServer(...mswHandlers('https://api.example.test', mock))
// msw is an optional peer dependency (MSW 2 on Node 20+, MSW 3 on Node 22.12+): it is loaded when
// this function is called, and its absence is an error that names it.
import type { HttpHandler } from 'msw';
import { ConnectionResetError, createMock, type Mock, type MockOptions } from './index.js';
import { requireFromPackage } from '../shared/package-root.js';
import { loadPeer } from '../shared/peers.js';

export class MissingMswError extends Error {
  override readonly name = 'MissingMswError';
  constructor(cause: unknown) {
    super(
      'mswHandlers needs msw, an optional peer dependency that is not installed: npm install --save-dev msw (msw@2 on Node 20: msw 3 needs Node 22.12 or later)',
      { cause },
    );
  }
}

/** What this module uses of msw: `http.all`, whose handlers MSW's setupServer and setupWorker take. */
interface Msw {
  http: { all(path: string, resolver: (info: { request: Request }) => Promise<Response>): HttpHandler };
}

const loadMsw = (): Msw => loadPeer<Msw>('msw', requireFromPackage, (cause) => new MissingMswError(cause));

/**
 * MSW request handlers for every request under `baseUrl`, answered by `mock`, or by a mock made
 * with `options` on the first request.
 */
export function mswHandlers(baseUrl: string, mockOrOptions: Mock | MockOptions = {}): HttpHandler[] {
  const { http } = loadMsw();
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
