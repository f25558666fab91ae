// Section 11: what counting coverage costs a request (src/mock/control/coverage.ts). In one fresh
// Node process, two in-process mocks of the compiled mock (dist/src/mock/), one made without
// `coverage` and one with `coverage: true`, answer the same request through `mock.fetch` (Request
// in, Response read), in alternating rounds so that the machine's drift touches both alike (and
// a garbage collection before each, so that neither pays for the other's garbage): a
// valid Signals PUT (a small body) and a valid Log Traces request of 20 traces of 5 spans each
// (every property walked).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, num, root, table, timeCommand } from './lib.js';

const DIST = pathToFileURL(join(root, 'dist/src/mock/index.js')).href;
const PIPELINE = pathToFileURL(join(root, 'dist/src/mock/pipeline.js')).href;
const HOST = pathToFileURL(join(root, 'dist/src/mock/host.js')).href;

/**
 * The child: prints one JSON line, the CPU µs per call of each mock and request in each round.
 * @param {number} calls calls per round, mock and request
 * @param {number} rounds
 */
const probe = (calls, rounds) => `
const { createMock } = await import(${JSON.stringify(DIST)});
const P = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', R = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const headers = { 'Service-AO-API-Key': 'bench-key', 'content-type': 'application/json' };
const span = (i) => ({ type: 'llm', name: 'span ' + i, created_at: '2026-01-01T00:00:00Z', input: [{ role: 'user', content: 'question ' + i }], output: { role: 'assistant', content: 'answer ' + i }, metrics: { duration_ns: i }, tags: ['a'] });
const trace = (i) => ({ type: 'trace', name: 'trace ' + i, input: 'in', output: 'out', spans: Array.from({ length: 5 }, (_, j) => span(j)) });
const requests = {
  signals: ['https://api.example.test/v2/projects/' + P + '/runs/' + R + '/signals/configuration', { method: 'PUT', headers, body: JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }) }],
  traces: ['https://api.example.test/v2/projects/' + P + '/traces', { method: 'POST', headers, body: JSON.stringify({ traces: Array.from({ length: 20 }, (_, i) => trace(i)), log_stream_id: R, include_trace_ids: true }) }],
};
const mocks = { off: await createMock({ stateless: true }), on: await createMock({ stateless: true, coverage: true }) };
const call = async (mock, [url, init]) => {
  const response = await mock.fetch(url, init);
  if (response.status !== 200) throw new Error('answered ' + response.status);
  await response.arrayBuffer();
};
for (const mock of Object.values(mocks)) for (const request of Object.values(requests)) for (let i = 0; i < 300; i++) await call(mock, request);
const figures = { signals: { off: [], on: [] }, traces: { off: [], on: [] } };
for (let round = 0; round < ${rounds}; round++) {
  for (const [name, request] of Object.entries(requests)) {
    // Off then on, then on then off: neither is always measured first.
    const order = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const state of order) {
      const mock = mocks[state];
      // The garbage of the previous round is collected here, not charged to this one.
      globalThis.gc();
      const c = process.cpuUsage();
      for (let i = 0; i < ${calls}; i++) await call(mock, request);
      const d = process.cpuUsage(c);
      figures[name][state].push((d.user + d.system) / ${calls});
    }
  }
}
// The tally alone: what the pipeline hands the coverage for each request, the same request's.
const { createPipeline } = await import(${JSON.stringify(PIPELINE)});
const { nodeHost } = await import(${JSON.stringify(HOST)});
const pipeline = await createPipeline({ logLevel: 'error', stateless: true, coverage: true }, nodeHost());
const answered = { project_id: P, project_name: 'p', records_count: 121, traces_count: 20, spans_count: 100, log_stream_id: R, trace_ids: ['a'] };
const exercised = (name) => ({ session: 'default', operationId: name === 'traces' ? 'logTraces' : 'putSignalsConfiguration', method: requests[name][1].method, path: '/', query: {}, headers: {}, body: JSON.parse(requests[name][1].body), status: 200, unanswered: null, picked: undefined, answered: () => answered });
const tally = { signals: [], traces: [] };
for (const name of Object.keys(tally)) {
  const event = exercised(name);
  for (let i = 0; i < 2000; i++) pipeline.coverage.record(event);
  for (let round = 0; round < ${rounds}; round++) {
    globalThis.gc();
    const c = process.cpuUsage();
    for (let i = 0; i < ${calls} * 10; i++) pipeline.coverage.record(event);
    const d = process.cpuUsage(c);
    tally[name].push((d.user + d.system) / (${calls} * 10));
  }
}
figures.tally = tally;
const report = mocks.on.coverage();
if (report.operations.find((o) => o.operationId === 'logTraces').requests === 0) throw new Error('nothing counted');
console.log(JSON.stringify(figures));
`;

/** @param {{ quick: boolean }} options */
export async function coverageSection({ quick }) {
  const [calls, rounds] = quick ? [100, 2] : [300, 20];
  const result = await timeCommand(process.execPath, [
    '--expose-gc',
    '--input-type=module',
    '-e',
    probe(calls, rounds),
  ]);
  if (result.code !== 0) throw new Error(`the coverage probe failed: ${result.output}`);
  /** @type {Record<'signals' | 'traces', { off: number[], on: number[] }> & { tally: Record<'signals' | 'traces', number[]> }} */
  const figures = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}');
  /** The median of the rounds' ratios: each round's two figures were measured side by side. */
  const overhead = (/** @type {{ off: number[], on: number[] }} */ f) =>
    median(f.on.map((on, i) => on / (f.off[i] ?? Number.NaN)));
  const row = (/** @type {string} */ label, /** @type {{ off: number[], on: number[] }} */ f) => [
    label,
    `${num(median(f.off), 1)} µs CPU`,
    `${num(median(f.on), 1)} µs CPU`,
    `${num((overhead(f) - 1) * 100, 1)}%`,
    '≤ 5%',
  ];
  const alone = (/** @type {'signals' | 'traces'} */ name) => [
    '… the tally alone (`record` of that request, its body parsed already)',
    '',
    `${num(median(figures.tally[name]), 1)} µs CPU`,
    `${num((100 * median(figures.tally[name])) / median(figures[name].off), 1)}%`,
    '≤ 5%',
  ];
  const rows = [
    row('a valid Signals PUT (3 body properties)', figures.signals),
    alone('signals'),
    row('a valid Log Traces request (20 traces of 5 spans, about 1,200 properties walked)', figures.traces),
    alone('traces'),
  ];
  return {
    text:
      `One fresh Node process, two \`createMock\` mocks (the embedded spec, stateless), one without \`coverage\` and one with \`coverage: true\`, answering the same request through \`mock.fetch\` (Request in, Response read); median of ${rounds} rounds of ${num(calls)} calls each, after 300 of warm-up, the two mocks alternating (each first in half the rounds) with a garbage collection before each round. Off, a request costs one \`undefined\` check: the first column is the mock as it is without coverage. The difference of two such figures is within this machine's noise; the rows “the tally alone” measure what coverage adds to a request directly (\`pipeline.coverage.record\`, 10× as many calls per round), as a share of the request's figure with coverage off.\n\n` +
      table(['request', 'coverage off', 'coverage on', 'added (median of the rounds)', 'target'], rows, 'lrrrr'),
  };
}
