// A Jest test file as a CommonJS project writes it: require() of the package's ./mock and ./msw,
// MSW's setupServer from msw/node with the mock's handlers, and one call through fetch.
const { createMock } = require('@observability/api-contract/mock');
const { mswHandlers } = require('@observability/api-contract/msw');
const { setupServer } = require('msw/node');

const BASE = 'https://api.example.test';
let server;

beforeAll(async () => {
  server = setupServer(...mswHandlers(BASE, await createMock()));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

test('Create Or Verify User answers 200 through MSW', async () => {
  const response = await fetch(`${BASE}/v2/system_users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', password: 'secret' }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ email: 'ada@example.org' });
});
