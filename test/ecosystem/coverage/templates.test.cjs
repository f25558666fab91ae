// Jest: Update Annotation Template (200).
const { createMock } = require('@observability/api-contract/mock');

const TEMPLATE =
  'https://api.example.test/v2/projects/6f1c2a1e-0000-4000-8000-000000000001/annotation/templates/6f1c2a1e-0000-4000-8000-000000000003';
let mock;
beforeAll(async () => {
  mock = await createMock({ coverage: process.env.COVERAGE_DIR ?? 'coverage/api-contract' });
});
afterAll(() => mock.close());

test('a renamed template: 200', async () => {
  const response = await mock.fetch(TEMPLATE, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'Service-API-Key': 'k' },
    body: JSON.stringify({ name: 'Helpfulness' }),
  });
  expect(response.status).toBe(200);
});
