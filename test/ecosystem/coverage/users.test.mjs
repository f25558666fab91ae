// Create Or Verify User (200), and a 503 of Log Traces rehearsed by a scenario.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMock } from '@observability/api-contract/mock';
import { BASE, COVERAGE_DIR, PROJECT, TRACE, json } from './api.mjs';

let mock;
beforeAll(async () => {
  mock = await createMock({ coverage: COVERAGE_DIR });
});
afterAll(() => mock.close());

test('a new user: 200', async () => {
  const response = await mock.fetch(`${BASE}/v2/system_users`, json({ email: 'ada@example.org', password: 'secret' }));
  expect(response.status).toBe(200);
});

test('Log Traces unavailable: the 503 a scenario rehearses', async () => {
  mock.use({ operation: 'logTraces', status: 503, times: 1 });
  const response = await mock.fetch(
    `${BASE}/v2/projects/${PROJECT}/traces`,
    json(TRACE, { 'Service-AO-API-Key': 'k' }),
  );
  expect(response.status).toBe(503);
});
