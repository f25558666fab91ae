// A Jest test file that only loads the client, for Jest's own jsdom environment (no TextDecoder,
// Request or fetch in it): nothing the client runs when it loads may need those.
const { createApiClient } = require('@observability/api-contract');

test('the client loads and is made in a jsdom environment', () => {
  const api = createApiClient({ baseUrl: 'https://api.example.test', auth: { apiKey: 'key' } });
  expect(typeof api.POST).toBe('function');
  expect(typeof window).toBe('object');
});
