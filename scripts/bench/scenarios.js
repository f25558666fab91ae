// Section 8: what scenarios cost a request (src/mock/scenarios/store.ts). In one fresh Node process, three
// pipelines of the compiled mock answer the same valid Signals PUT (the pipeline alone, no WHATWG
// objects): one with no scenario, one with 100 scenarios of the same operation that all fail to
// match it (each is asked), and one with 100 scenarios of other operations. Their CPU per call is
// measured in alternating rounds, so the machine's drift touches all three alike.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, num, root, table, timeCommand } from './lib.js';

const PIPELINE = pathToFileURL(join(root, 'dist/src/mock/pipeline.js')).href;
const HOST = pathToFileURL(join(root, 'dist/src/mock/host.js')).href;

/**
 * The child: prints one JSON line, the CPU µs per call of each pipeline in each round.
 * @param {number} calls calls per round and pipeline
 * @param {number} rounds
 */
const probe = (calls, rounds) => `
const { createPipeline } = await import(${JSON.stringify(PIPELINE)});
const { nodeHost } = await import(${JSON.stringify(HOST)});
const P = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', R = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50', OTHER = '9a7c3e15-2b8d-4c6f-a041-7e5d3b9c1f28';
const body = Buffer.from(JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }));
const request = { method: 'PUT', target: '/v2/projects/' + P + '/runs/' + R + '/signals/configuration', headers: { 'service-ao-api-key': 'bench-key', 'content-type': 'application/json', 'content-length': String(body.length) }, body };
const none = await createPipeline({ logLevel: 'error' }, nodeHost());
const same = await createPipeline({ logLevel: 'error' }, nodeHost());
same.use(Array.from({ length: 100 }, () => ({ operation: 'putSignalsConfiguration', match: { path: { project_id: OTHER } }, status: 503 })), { functions: false });
const others = await createPipeline({ logLevel: 'error' }, nodeHost());
const ops = ['logTraces', 'createOrVerifyUser', 'loginSocial', 'applyBulkFeedbackV2'];
others.use(Array.from({ length: 100 }, (_, i) => ({ operation: ops[i % ops.length], status: 503 })), { functions: false });
const pipelines = { none, same, others };
for (const p of Object.values(pipelines)) for (let i = 0; i < 500; i++) await p.answer(request);
const figures = { none: [], same: [], others: [] };
for (let round = 0; round < ${rounds}; round++) {
  for (const [name, p] of Object.entries(pipelines)) {
    const c = process.cpuUsage();
    for (let i = 0; i < ${calls}; i++) {
      const reply = await p.answer(request);
      if (reply.status !== 200) throw new Error(name + ' answered ' + reply.status);
    }
    const d = process.cpuUsage(c);
    figures[name].push((d.user + d.system) / ${calls});
  }
}
console.log(JSON.stringify(figures));
`;

/** @param {{ quick: boolean }} options */
export async function scenariosSection({ quick }) {
  const [calls, rounds] = quick ? [200, 2] : [2000, 9];
  const result = await timeCommand(process.execPath, ['--input-type=module', '-e', probe(calls, rounds)]);
  if (result.code !== 0) throw new Error(`the scenarios probe failed: ${result.output}`);
  /** @type {{ none: number[], same: number[], others: number[] }} */
  const figures = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}');
  const base = median(figures.none);
  const row = (/** @type {string} */ label, /** @type {number[]} */ values, /** @type {string} */ target) => [
    label,
    `${num(median(values), 1)} µs CPU`,
    `${num(median(values) / base, 3)}×`,
    target,
  ];
  const rows = [
    row('no scenario', figures.none, ''),
    row('100 scenarios of the same operation, none matching (each asked)', figures.same, '≤ 1.10×'),
    row('100 scenarios of other operations', figures.others, '≤ 1.10×'),
  ];
  return {
    text:
      `One fresh Node process, three pipelines (\`createPipeline\`, the embedded spec) answering a valid Signals PUT; median of ${rounds} alternating rounds of ${num(calls)} calls each, after 500 of warm-up.\n\n` +
      table(['scenarios registered', 'CPU per call', 'ratio to none', 'target'], rows, 'lrrr'),
  };
}
