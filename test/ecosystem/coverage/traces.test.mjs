// Log Traces: one valid request (200) and one with no trace (422).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMock } from '@observability/api-contract/mock';
import { BASE, COVERAGE_DIR, PROJECT, TRACE, json } from './api.mjs';

let mock;
beforeAll(async () => {
  mock = await createMock({ coverage: COVERAGE_DIR });
});
afterAll(() => mock.close());

test('a valid Log Traces request: 200', async () => {
  const response = await mock.fetch(
    `${BASE}/v2/projects/${PROJECT}/traces`,
    json(TRACE, { 'Service-AO-API-Key': 'k' }),
  );
  expect(response.status).toBe(200);
});

test('no trace: 422', async () => {
  const response = await mock.fetch(
    `${BASE}/v2/projects/${PROJECT}/traces`,
    json({ traces: [] }, { 'Service-AO-API-Key': 'k' }),
  );
  expect(response.status).toBe(422);
});
