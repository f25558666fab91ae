// Jest: Log Traces, one valid request (200) and one without a credential (401).
const { createMock } = require('@observability/api-contract/mock');

const BASE = 'https://api.example.test';
const TRACES = `${BASE}/v2/projects/6f1c2a1e-0000-4000-8000-000000000001/traces`;
const body = JSON.stringify({ traces: [{ type: 'trace', name: 'chat' }] });
let mock;
beforeAll(async () => {
  mock = await createMock({ coverage: process.env.COVERAGE_DIR ?? 'coverage/api-contract' });
});
afterAll(() => mock.close());

test('a valid Log Traces request: 200', async () => {
  const headers = { 'content-type': 'application/json', 'Service-AO-API-Key': 'k' };
  expect((await mock.fetch(TRACES, { method: 'POST', headers, body })).status).toBe(200);
});

test('no credential: 401', async () => {
  const headers = { 'content-type': 'application/json' };
  expect((await mock.fetch(TRACES, { method: 'POST', headers, body })).status).toBe(401);
});
