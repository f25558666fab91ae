// MSW's handlers for a page (src/mock/browser/msw.ts), on Node with MSW's getResponse: one handler
// for the base URL, answered by the mock given or by one the handlers make on the first request.
import { getResponse } from 'msw';
import { expect, it } from 'vitest';
import { createMock } from '../../../../src/mock/browser/index.js';
import { mswHandlers } from '../../../../src/mock/browser/msw.js';
import { BASE, requests } from '../../../support/page-requests.js';

it('mswHandlers: one handler for every request under the base URL, answered by the mock given', async () => {
  const mock = await createMock();
  const handlers = mswHandlers(BASE, mock);
  expect(handlers).toHaveLength(1);
  const [url, init] = requests[0] as [string, RequestInit];
  expect((await getResponse(handlers, new Request(url, init)))?.status).toBe(200);
  expect(mock.received.map(({ status, path }) => [status, path])).toEqual([[200, '/v2/system_users']]);
  expect(
    await getResponse(handlers, new Request('https://elsewhere.example.test/v2/system_users', init)),
  ).toBeUndefined();
});

it('mswHandlers without a mock: one made in the page on the first request, with the options given', async () => {
  const [url, init] = requests[0] as [string, RequestInit];
  const byDefault = await getResponse(mswHandlers(BASE), new Request(url, init));
  expect(byDefault?.status).toBe(200);
  const logged: string[] = [];
  const handlers = mswHandlers(`${BASE}/`, { logLevel: 'info', log: { write: (line) => void logged.push(line) } });
  expect((await getResponse(handlers, new Request(url, init)))?.status).toBe(200);
  expect(logged.length).toBeGreaterThan(0);
});
