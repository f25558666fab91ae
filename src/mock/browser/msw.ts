// MSW handlers for a web page (`@observability/api-contract/msw` under a bundler's `browser`
// condition), answered by the mock in the page (./index.ts), for MSW's setupWorker:
//   const worker = setupWorker(...mswHandlers('https://api.example.test'));
//   await worker.start();
// msw is imported: a page that uses these handlers has it installed (its worker script too).
import { http, type HttpHandler } from 'msw';
import { createMock, type Mock, type MockOptions } from './index.js';
import { handlersOf } from '../msw-handlers.js';

/**
 * MSW request handlers for every request under `baseUrl`, answered by `mock`, or by a mock made
 * with `options` on the first request.
 */
export function mswHandlers(baseUrl: string, mockOrOptions: Mock | MockOptions = {}): HttpHandler[] {
  return handlersOf(http, createMock, baseUrl, mockOrOptions);
}
