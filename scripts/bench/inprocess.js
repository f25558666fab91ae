// Section 6: the mock in-process (`@observability/api-contract/mock` and `/msw`), each figure from a
// fresh Node process of its own (the compiled mock, dist/src/mock/): from `import` to the first
// answer of `mock.fetch`; the CPU time of one valid Signals PUT through `mock.fetch` (Request in,
// Response read) and through the pipeline alone (no WHATWG objects); and, under MSW's setupServer
// in one process, the same call answered by `mswHandlers` against a hand-written static MSW handler
// (`await request.json()`, then a fixed `HttpResponse.json`), in alternating rounds; and the floor
// every fetch-shaped answer pays: a Response of the same answer built and read, in processes of its own.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, num, ratio, root, spread, table, timeCommand } from './lib.js';

const DIST = pathToFileURL(join(root, 'dist/src/mock/')).href;

/**
 * The start of each child: a mock, the request, its first answer (bytes, value, headers), and
 * `round` and `cpu`, which measure `rounds` rounds of `calls` calls after 500 of warm-up.
 * @param {number} rounds
 * @param {number} calls
 */
const start = (rounds, calls) => `
const t0 = performance.now();
const { createMock } = await import(${JSON.stringify(`${DIST}index.js`)});
const mock = await createMock();
const P = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', R = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const path = '/v2/projects/' + P + '/runs/' + R + '/signals/configuration';
const url = 'https://api.example.test' + path;
const body = JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } });
const init = { method: 'PUT', headers: { 'Service-AO-API-Key': 'bench-key', 'content-type': 'application/json' }, body };
const first = await mock.fetch(url, init);
const answerBytes = new Uint8Array(await first.arrayBuffer());
const answer = JSON.parse(new TextDecoder().decode(answerBytes));
const answerHeaders = [...first.headers];
const firstMs = performance.now() - t0;
if (first.status !== 200) throw new Error('first answer ' + first.status);
const round = async (f) => {
  const c = process.cpuUsage();
  for (let i = 0; i < ${calls}; i++) await f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / ${calls};
};
const cpu = async (f) => {
  for (let i = 0; i < 500; i++) await f();
  const each = [];
  for (let r = 0; r < ${rounds}; r++) each.push(await round(f));
  return each;
};
`;

/**
 * The child: prints one JSON line of figures. CPU figures are per call: the median and the lowest
 * of `rounds` rounds of `calls` calls after a warm-up (the lowest is what the code costs when
 * nothing else runs on the machine; the median, what it cost in this run).
 * @param {number} rounds
 * @param {number} calls
 */
const probe = (rounds, calls) => `${start(rounds, calls)}
const fetchUs = await cpu(async () => (await mock.fetch(url, init)).arrayBuffer());
const { createPipeline } = await import(${JSON.stringify(`${DIST}pipeline.js`)});
const { nodeHost } = await import(${JSON.stringify(`${DIST}host.js`)});
const pipeline = await createPipeline({ logLevel: 'error' }, nodeHost());
const bytes = Buffer.from(body);
const request = { method: 'PUT', target: path, headers: { 'service-ao-api-key': 'bench-key', 'content-type': 'application/json', 'content-length': String(bytes.length) }, body: bytes };
const pipelineUs = await cpu(async () => pipeline.answer(request));
// MSW: ours under one origin, a static handler with the same answer under another, one server.
const { mswHandlers } = await import(${JSON.stringify(`${DIST}msw.js`)});
const { http, HttpResponse } = await import('msw');
const { setupServer } = await import('msw/node');
const server = setupServer(
  ...mswHandlers('https://ours.example.test', mock),
  http.put('https://static.example.test' + path, async ({ request }) => {
    await request.json();
    return HttpResponse.json(answer);
  }),
);
server.listen({ onUnhandledRequest: 'error' });
const call = (origin) => async () => (await fetch(origin + path, init)).arrayBuffer();
for (let i = 0; i < 500; i++) { await call('https://ours.example.test')(); await call('https://static.example.test')(); }
const msw = [];
for (let r = 0; r < ${rounds}; r++) {
  const ours = await round(call('https://ours.example.test'));
  const fixed = await round(call('https://static.example.test'));
  msw.push({ ours, fixed });
}
server.close();
console.log(JSON.stringify({ firstMs, fetchUs, pipelineUs, msw }));
`;

/**
 * The floor of any fetch-shaped answer, in a fresh process of its own (so that neither warms the
 * other's code; its one call of \`mock.fetch\` takes the answer): a WHATWG Response of the
 * mock's answer, its bytes and headers, built and read back with \`arrayBuffer()\` as
 * \`mock.fetch\`'s caller reads it, in the same rounds.
 * @param {number} rounds
 * @param {number} calls
 */
const floorProbe = (rounds, calls) => `${start(rounds, calls)}
const floorUs = await cpu(async () => new Response(answerBytes, { status: 200, headers: answerHeaders }).arrayBuffer());
console.log(JSON.stringify(floorUs));
`;

/** @param {{ quick: boolean }} options */
export async function inProcessSection({ quick }) {
  const runs = quick ? 1 : 5;
  const rounds = quick ? 2 : 20;
  const calls = quick ? 50 : 250;
  /** @type {{ firstMs: number, fetchUs: number[], pipelineUs: number[], msw: { ours: number, fixed: number }[] }[]} */
  const figures = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeCommand(process.execPath, ['--input-type=module', '-e', probe(rounds, calls)], {
      cwd: root,
    });
    if (result.code !== 0) throw new Error(`the in-process probe failed: ${result.output}`);
    figures.push(JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}'));
  }
  /** @type {number[]} */
  const floorUs = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeCommand(process.execPath, ['--input-type=module', '-e', floorProbe(rounds, calls)]);
    if (result.code !== 0) throw new Error(`the floor probe failed: ${result.output}`);
    floorUs.push(...JSON.parse(result.stdout.trim().split('\n').pop() ?? '[]'));
  }
  /** What a suite pays is the mean of its calls: the mean of every round, the median and lowest round beside it. */
  const cpu = (/** @type {(f: (typeof figures)[number]) => number[]} */ of) =>
    spread(figures.flatMap(of), (n) => `${num(n, 1)} µs`);
  const pairs = figures.flatMap((f) => f.msw);
  const mswRatio = median(pairs.map((p) => p.ours / p.fixed));
  // The target holds in every run: each process's median ratio, the highest of them.
  const worstRun = Math.max(...figures.map((f) => median(f.msw.map((p) => p.ours / p.fixed))));
  const targets = [
    ['a valid Signals PUT through `mock.fetch`, CPU per call', cpu((f) => f.fetchUs), '≤ 60 µs (mean)'],
    ['`mswHandlers` ÷ a static MSW handler, the highest of the runs', ratio(worstRun), '≤ 1.15× in every run'],
  ];
  const rows = [
    [
      "`import` to the first answer of `mock.fetch` (this repository's dist/, Prism as installed: the package's own start is section 12)",
      `${num(median(figures.map((f) => f.firstMs)))} ms`,
      '',
    ],
    ['a valid Signals PUT through `mock.fetch` (Request in, Response read)', cpu((f) => f.fetchUs), '≤ 60 µs'],
    ['the same request through the pipeline alone (no Request or Response)', cpu((f) => f.pipelineUs), ''],
    [
      `the floor of any fetch-shaped answer on this Node (${process.version}): a Response of the same answer (bytes and headers) built and read, nothing else, fresh processes`,
      spread(floorUs, (n) => `${num(n, 1)} µs`),
      '',
    ],
    [
      'the same call through `mswHandlers` under `setupServer`',
      `${num(median(pairs.map((p) => p.ours)), 1)} µs CPU`,
      '',
    ],
    [
      'the same call answered by a hand-written static MSW handler, same server, alternating rounds',
      `${num(median(pairs.map((p) => p.fixed)), 1)} µs CPU`,
      '',
    ],
    ['`mswHandlers` ÷ the static handler (median of the rounds’ ratios)', ratio(mswRatio), '≤ 1.15×'],
    ['the same, the highest of the runs’ medians', ratio(worstRun), '≤ 1.15× in every run'],
  ];
  return {
    text:
      `Median of ${runs} fresh Node process(es) (\`createMock()\` on the embedded spec, static examples); CPU per call: ${rounds} rounds of ${num(calls)} calls in each process after 500 of warm-up: the mean of every round of all processes (what a suite's calls cost on average), the median round and the lowest beside it. The MSW rows: one \`setupServer\` with both handlers, global \`fetch\`, the rounds alternating between them.\n\n` +
      table(['what', 'figure', 'target'], rows, 'lrr'),
    targets,
  };
}
