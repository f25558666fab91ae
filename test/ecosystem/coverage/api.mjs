// What the sample consumer's test files share: the mock's base URL, ids, and the directory each
// mock writes its coverage record in (COVERAGE_DIR, set by the check; the docs' recipe names one).
export const BASE = 'https://api.example.test';
export const PROJECT = '6f1c2a1e-0000-4000-8000-000000000001';
export const COVERAGE_DIR = process.env.COVERAGE_DIR ?? 'coverage/api-contract';
export const json = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
export const TRACE = { traces: [{ type: 'trace', name: 'chat', spans: [{ type: 'llm', name: 'completion' }] }] };
