// Section 6: the mock in-process (`@observability/api-contract/mock`), each figure from a fresh
// Node process of its own (the compiled mock, dist/src/mock/): from `import` to the first answer of
// `mock.fetch`, and the CPU time of one valid Signals PUT through `mock.fetch` (Request in,
// Response read) and through the pipeline alone (no WHATWG objects), over a few thousand calls.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, num, root, table, timeCommand } from './lib.js';

const MOCK = pathToFileURL(join(root, 'dist/src/mock/index.js')).href;
const PIPELINE = pathToFileURL(join(root, 'dist/src/mock/pipeline.js')).href;
const HOST = pathToFileURL(join(root, 'dist/src/mock/host.js')).href;

/**
 * The child: prints one JSON line of figures.
 * @param {number} calls how many PUTs to time after a warm-up
 */
const probe = (calls) => `
const t0 = performance.now();
const { createMock } = await import(${JSON.stringify(MOCK)});
const mock = await createMock();
const P = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', R = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const url = 'https://api.example.test/v2/projects/' + P + '/runs/' + R + '/signals/configuration';
const body = JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } });
const init = { method: 'PUT', headers: { 'Service-AO-API-Key': 'bench-key', 'content-type': 'application/json' }, body };
const first = await mock.fetch(url, init);
await first.arrayBuffer();
const firstMs = performance.now() - t0;
if (first.status !== 200) throw new Error('first answer ' + first.status);
const cpu = async (f) => {
  for (let i = 0; i < 500; i++) await f();
  const c = process.cpuUsage();
  for (let i = 0; i < ${calls}; i++) await f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / ${calls};
};
const fetchUs = await cpu(async () => (await mock.fetch(url, init)).arrayBuffer());
const { createPipeline } = await import(${JSON.stringify(PIPELINE)});
const { nodeHost } = await import(${JSON.stringify(HOST)});
const pipeline = await createPipeline({ logLevel: 'error' }, nodeHost());
const bytes = Buffer.from(body);
const request = { method: 'PUT', target: new URL(url).pathname, headers: { 'service-ao-api-key': 'bench-key', 'content-type': 'application/json', 'content-length': String(bytes.length) }, body: bytes };
const pipelineUs = await cpu(async () => pipeline.answer(request));
console.log(JSON.stringify({ firstMs, fetchUs, pipelineUs }));
`;

/** @param {{ quick: boolean }} options */
export async function inProcessSection({ quick }) {
  const runs = quick ? 1 : 5;
  const calls = quick ? 200 : 5000;
  /** @type {{ firstMs: number, fetchUs: number, pipelineUs: number }[]} */
  const figures = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeCommand(process.execPath, ['--input-type=module', '-e', probe(calls)]);
    if (result.code !== 0) throw new Error(`the in-process probe failed: ${result.output}`);
    figures.push(JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}'));
  }
  const of = (/** @type {'firstMs' | 'fetchUs' | 'pipelineUs'} */ key) => median(figures.map((f) => f[key]));
  const rows = [
    ['`import` to the first answer of `mock.fetch`', `${num(of('firstMs'))} ms`, '≤ 300 ms'],
    [
      'a valid Signals PUT through `mock.fetch` (Request in, Response read)',
      `${num(of('fetchUs'), 1)} µs CPU`,
      '≤ 60 µs',
    ],
    ['the same request through the pipeline alone (no Request or Response)', `${num(of('pipelineUs'), 1)} µs CPU`, ''],
  ];
  return {
    text:
      `Median of ${runs} fresh Node process(es) (\`createMock()\` on the embedded spec, static examples); CPU per call over ${num(calls)} calls after 500 of warm-up.\n\n` +
      table(['what', 'figure', 'target'], rows, 'lrr'),
  };
}
