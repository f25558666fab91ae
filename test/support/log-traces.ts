// A valid Log Traces request for the coverage suites (test/unit/mock/control/coverage.test.ts,
// test/unit/mock/coverage-file.test.ts): the API's base URL, a project, the operation's URL, a
// credential, a body of one trace with one span, and a POST of a body.

export const BASE = 'https://api.example.test';
export const PROJECT = '6f1c2a1e-0000-4000-8000-000000000001';
export const TRACES = `${BASE}/v2/projects/${PROJECT}/traces`;
export const KEY = { 'Service-AO-API-Key': 'test-key' };
export const logTracesBody = {
  traces: [
    {
      type: 'trace',
      name: 'chat',
      spans: [
        {
          type: 'llm',
          name: 'completion',
          input: [{ role: 'user', content: 'hi' }],
          output: { role: 'assistant', content: 'hello' },
        },
      ],
    },
  ],
  log_stream_id: '6f1c2a1e-0000-4000-8000-000000000002',
};
export const post = (body: unknown, headers: Record<string, string> = KEY) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
