/// <reference types="node" />
// MSW handlers that answer every request under a base URL from one in-process mock (./index.ts), under
// Node (./msw-handlers.ts makes them; a page's door is ./browser/msw.ts):
//   setupServer(...mswHandlers('https://api.example.test'))
// or, to read what it received and reset it between tests, with a mock of your own:
//   const mock = await createMock();
//   setupServer(...mswHandlers('https://api.example.test', mock))
// msw is an optional peer dependency (MSW 2 on Node 20+, MSW 3 on Node 22.12+): it is loaded when
// this function is called, and its absence is an error that names it.
import type { HttpHandler } from 'msw';
import { createMock, type Mock, type MockOptions } from './index.js';
import { handlersOf, type MswHttp } from './msw-handlers.js';
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

const loadMsw = (): { http: MswHttp } =>
  loadPeer<{ http: MswHttp }>('msw', requireFromPackage, (cause) => new MissingMswError(cause));

/**
 * MSW request handlers for every request under `baseUrl`, answered by `mock`, or by a mock made
 * with `options` on the first request.
 */
export function mswHandlers(baseUrl: string, mockOrOptions: Mock | MockOptions = {}): HttpHandler[] {
  return handlersOf(loadMsw().http, createMock, baseUrl, mockOrOptions);
}
