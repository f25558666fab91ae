// Login Social (200), and a path no operation has (404, refused before any operation matched).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMock } from '@observability/api-contract/mock';
import { BASE, COVERAGE_DIR, json } from './api.mjs';

let mock;
beforeAll(async () => {
  mock = await createMock({ coverage: COVERAGE_DIR });
});
afterAll(() => mock.close());

test('a social login: 200', async () => {
  const response = await mock.fetch(`${BASE}/v2/login/social`, json({ id_token: 'token', provider: 'google' }));
  expect(response.status).toBe(200);
});

test('a path the API does not have: 404', async () => {
  const response = await mock.fetch(`${BASE}/v2/nowhere`);
  expect(response.status).toBe(404);
});
