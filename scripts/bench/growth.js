// Section 5: how lint, bundle, type generation, a consumer's tsc, and the start-up and CPU per
// request of our mock and of Prism's CLI grow with the number of operations (synthesized specs:
// the seven operations copied 10× and 100×).
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { redocly } from '../build.js';
import { bytes, groupCpuMs, ms, num, removeTempDir, root, startServer, table, tempDir } from './lib.js';
import { countOperations, synthesize } from './synthesize.js';
import { timeTsc, writeTsconfig } from './tsc.js';
import { types as generateTypes } from '../build.js';

const PRISM = join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
// The bundled file names two schemas (LoggingMethod, UserRole) that no operation references;
// the split source registers them, so `npm run lint` passes, but on the bundle the rule fires.
const LINT_ARGS = ['--skip-rule', 'no-unused-components'];

/** @typedef {Awaited<ReturnType<typeof timeTsc>>} TscTime */
/**
 * The figures of one size.
 * @typedef {object} GrowthResult
 * @property {number} factor
 * @property {number} operations
 * @property {number} schemas
 * @property {number} specBytes
 * @property {number} typesBytes
 * @property {number} lint
 * @property {number} bundle
 * @property {number} types
 * @property {TscTime | undefined} tsc undefined with --quick
 * @property {TscTime} tscSkip
 * @property {ServerFigures} prism Prism's CLI
 * @property {ServerFigures} ours api-contract-mock
 */
/**
 * A mock server's figures at one size.
 * @typedef {object} ServerFigures
 * @property {number} startup
 * @property {number | undefined} rate
 * @property {number | undefined} cpuPerRequest milliseconds
 */

/** @param {number} factor */
function consumerSource(factor) {
  const last = factor > 1 ? `/v2/copy${factor}/system_users` : '/v2/system_users';
  return `import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Schemas = components['schemas'];
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' });
const body: Schemas['SignalsConfigurationPut'] = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };

export async function run(): Promise<[Schemas['SignalScanMode'] | undefined, string | undefined, string | undefined]> {
  const saved = await client.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
    params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', run_id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50' } },
    body,
  });
  const user = await client.POST('/v2/system_users', { body: { email: 'ada@example.org', password: 'pw' } });
  const other = await client.POST('${last}', { body: { email: 'ada@example.org', password: 'pw' } });
  return [saved.data?.data.run_mode, user.data?.id, other.data?.id];
}
`;
}

/**
 * Milliseconds with about three significant digits.
 * @param {number} value
 */
function fine(value) {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  return `${num(value, digits)} ms`;
}

/**
 * Runs `fn` `runs` times (at least once), `check`ing each value; the fastest time (other processes
 * only add time) and the last value.
 * @template T
 * @param {number} runs
 * @param {() => T | Promise<T>} fn
 * @param {(value: T) => void} [check]
 * @returns {Promise<{ value: T, ms: number }>}
 */
async function fastest(runs, fn, check) {
  let best = Infinity;
  let i = 0;
  for (;;) {
    const started = performance.now();
    const value = await fn();
    best = Math.min(best, performance.now() - started);
    check?.(value);
    if (++i >= runs) return { value, ms: best };
  }
}

/**
 * Throws when a Redocly run failed.
 * @param {string} step what it was, for the message
 * @returns {(result: import('node:child_process').SpawnSyncReturns<string>) => void}
 */
const succeeded = (step) => (result) => {
  if (result.status !== 0)
    throw new Error(`${step} failed (${result.status}):\n${(result.stdout + result.stderr).slice(-3_000)}`);
};

const SIGNALS =
  '/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration';

/** The mock servers of the section, each started on a spec and a port. */
const SERVERS = {
  prism: {
    name: 'Prism CLI',
    args: (/** @type {string} */ spec, /** @type {number} */ port) => [
      PRISM,
      'mock',
      spec,
      '--errors',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
    ],
  },
  ours: {
    name: 'api-contract-mock',
    args: (/** @type {string} */ spec, /** @type {number} */ port) => [
      join(root, 'dist/src/mock/cli.js'),
      '--spec',
      spec,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
  },
};

/**
 * A mock's start-up (fastest of `runs`), and on the first run its rate on a valid Signals PUT and
 * its CPU time per request (which other processes on the machine disturb less than the rate).
 * @param {keyof typeof SERVERS} which
 * @param {string} spec
 * @param {number} runs
 * @param {number} loadSeconds
 * @returns {Promise<ServerFigures>}
 */
async function serverAtSize(which, spec, runs, loadSeconds) {
  /** @type {number[]} */
  const times = [];
  /** @type {number | undefined} */
  let rate;
  /** @type {number | undefined} */
  let cpuPerRequest;
  for (let i = 0; i < runs; i++) {
    const server = await startServer(SERVERS[which].name, (port) => SERVERS[which].args(spec, port), {
      probe: {
        path: '/v2/system_users',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"email":"ada@example.org","password":"pw"}',
        },
      },
      timeoutMs: 180_000,
    });
    times.push(server.startupMs);
    try {
      if (i === 0) {
        const options = {
          url: `${server.baseUrl}${SIGNALS}`,
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'Service-AO-API-Key': 'bench-key' },
          body: JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }),
          connections: 10,
        };
        if (loadSeconds >= 2) await autocannon({ ...options, duration: 1 });
        const cpuBefore = groupCpuMs(server.child.pid);
        const result = await autocannon({ ...options, duration: loadSeconds });
        if (cpuBefore !== undefined)
          cpuPerRequest = ((groupCpuMs(server.child.pid) ?? NaN) - cpuBefore) / result.requests.total;
        const ok = result.statusCodeStats?.['200']?.count ?? 0;
        if (ok !== result.requests.total && ok !== result.requests.sent) {
          throw new Error(
            `${SERVERS[which].name} at ${spec}: the valid PUT was not always answered 200: ${JSON.stringify(result.statusCodeStats)}`,
          );
        }
        rate = result.requests.average;
      }
    } finally {
      await server.stop();
    }
  }
  return { startup: Math.min(...times), rate, cpuPerRequest };
}

/**
 * Cost per added operation between consecutive sizes, and the verdict. The last step (10× to
 * 100×) decides: its time difference is large, so it is the least noisy. With t = fixed + b·n,
 * the log-log slope of that step is at most 1; above 1.1 the cost per operation itself grows.
 * @param {{ n: number, t: number }[]} points
 * @returns {{ marginal: number[], verdict: string, slope?: number }}
 */
function linearity(points) {
  const marginal = points.slice(1).map((p, i) => {
    const previous = points[i] ?? p;
    return (p.t - previous.t) / (p.n - previous.n);
  });
  const [before, last] = points.slice(-2);
  if (!before || !last) return { marginal, verdict: 'needs 2 sizes or more' };
  const slope = Math.log(last.t / before.t) / Math.log(last.n / before.n);
  const perOp = marginal.at(-1) ?? NaN;
  const fixed = last.t - perOp * last.n;
  let verdict;
  if (perOp <= 0) verdict = 'flat: no growth measurable above the noise';
  else if (slope > 1.1)
    verdict = `superlinear: ${ratioText(last.t / before.t)} the time for ${ratioText(last.n / before.n)} the operations`;
  else verdict = `linear: about ${fine(Math.max(fixed, 0))} fixed + ${fine(perOp)} per operation`;
  return { marginal, verdict, slope };
}

/** @param {number} value */
const ratioText = (value) => `${value.toFixed(1)}×`;

/** @param {{ quick: boolean, duration: number }} options --quick loads each server for `duration` seconds (--duration) */
export async function growthSection({ quick, duration }) {
  const factors = quick ? [1] : [1, 10, 100];
  const runs = quick ? 1 : 3;
  const stepRuns = quick ? 1 : 2;
  const base = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
  // One untimed run so the first timed size does not pay openapi-typescript's JIT warm-up.
  await generateTypes(base);

  /** @type {GrowthResult[]} */
  const results = [];
  for (const factor of factors) {
    const dir = tempDir(`growth-x${factor}`);
    try {
      const document = synthesize(base, factor);
      const spec = join(dir, 'openapi.json');
      const text = `${JSON.stringify(document, null, 2)}\n`;
      writeFileSync(spec, text);
      const operations = countOperations(document);

      const lint = await fastest(
        stepRuns,
        () => redocly(['lint', spec, ...LINT_ARGS]),
        succeeded(`redocly lint (${factor}×)`),
      );
      const bundled = join(dir, 'bundled.json');
      const bundle = await fastest(
        stepRuns,
        () => redocly(['bundle', spec, '--output', bundled]),
        succeeded(`redocly bundle (${factor}×)`),
      );
      const bundledDocument = JSON.parse(readFileSync(bundled, 'utf8'));
      const types = await fastest(stepRuns, () => generateTypes(bundledDocument));
      const schema = types.value;
      const typesMs = types.ms;

      const app = join(dir, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), '{"name":"consumer","private":true,"type":"module"}\n');
      symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
      writeFileSync(join(app, 'schema.d.ts'), schema);
      writeFileSync(join(app, 'consumer.ts'), consumerSource(factor));
      writeTsconfig(app, 'tsconfig.json', ['consumer.ts'], { skipLibCheck: false });
      writeTsconfig(app, 'tsconfig.skiplib.json', ['consumer.ts'], { skipLibCheck: true });
      // --quick checks the harness with the cheaper configuration only.
      const tsc = quick ? undefined : await timeTsc(app, 'tsconfig.json', runs);
      const tscSkip = await timeTsc(app, 'tsconfig.skiplib.json', runs);

      const prism = await serverAtSize('prism', bundled, runs, quick ? duration : 3);
      const ours = await serverAtSize('ours', bundled, runs, quick ? duration : 3);
      results.push({
        factor,
        operations,
        schemas: Object.keys(document.components.schemas).length,
        specBytes: Buffer.byteLength(text),
        typesBytes: Buffer.byteLength(schema),
        lint: lint.ms,
        bundle: bundle.ms,
        types: typesMs,
        tsc,
        tscSkip,
        prism,
        ours,
      });
    } finally {
      removeTempDir(dir);
    }
  }

  const lines = [];
  lines.push(
    `Specs: generated/openapi.json with its ${countOperations(base)} operations copied k× (copy k under \`/v2/copy{k}/…\`, operationIds and component names suffixed \`C{k}\`, $refs rewritten; security schemes shared). ` +
      `Lint: \`redocly lint <file> ${LINT_ARGS.join(' ')}\` with this repo's redocly.yaml (house rules and plugin included; the skipped rule only flags two schemas the bundle keeps unreferenced). ` +
      'Bundle: `redocly bundle <file> --output …` (what build.js runs). ' +
      `Types: scripts/build.js types(), timed in-process after one warm-up (no Node start-up). Lint, bundle and types: the fastest of ${stepRuns} run(s). ` +
      "tsc: a consumer file using `createClient<paths>` (openapi-fetch) with the generated types, three calls and two schema types, `tsc -p` strict NodeNext, wall time including Node start-up; the package's own createApiClient is bound to the real paths, so the growth consumer uses openapi-fetch directly. " +
      `Mocks: Prism's CLI (default flags) and ours (\`api-contract-mock --spec <file>\`) on the bundled file, each alone; start-up = spawn until the first HTTP answer (fastest of ${runs}); req/s and the server's CPU time per request: autocannon, 10 connections, ${quick ? `${duration} s` : '3 s after 1 s warm-up'}, the valid Signals PUT of section 2 (the same path at every size; a router that tries every operation has more to try). tsc: the fastest of ${runs} run(s).`,
  );
  lines.push(
    '',
    table(
      [
        'size',
        'operations',
        'schemas',
        'spec',
        'schema.d.ts',
        'lint',
        'bundle',
        'types',
        'tsc (skipLibCheck false)',
        'tsc (skipLibCheck true)',
        'tsc types / check',
      ],
      results.map((r) => [
        `${r.factor}×`,
        num(r.operations),
        num(r.schemas),
        bytes(r.specBytes),
        bytes(r.typesBytes),
        ms(r.lint),
        ms(r.bundle),
        ms(r.types),
        r.tsc ? ms(r.tsc.ms) : 'skipped (--quick)',
        ms(r.tscSkip.ms),
        `${num((r.tsc ?? r.tscSkip).types)} / ${num((r.tsc ?? r.tscSkip).checkS, 2)} s`,
      ]),
    ),
    '',
    table(
      [
        'size',
        'operations',
        'Prism start-up',
        'ours start-up',
        'Prism req/s',
        'ours req/s',
        'Prism CPU µs/req',
        'ours CPU µs/req',
      ],
      results.map((r) => [
        `${r.factor}×`,
        num(r.operations),
        ms(r.prism.startup),
        ms(r.ours.startup),
        num(r.prism.rate),
        num(r.ours.rate),
        r.prism.cpuPerRequest === undefined ? 'n/a' : num(r.prism.cpuPerRequest * 1000),
        r.ours.cpuPerRequest === undefined ? 'n/a' : num(r.ours.cpuPerRequest * 1000),
      ]),
    ),
  );
  /** @type {[string, (r: GrowthResult) => number][]} */
  const metrics = [
    ['lint', (r) => r.lint],
    ['bundle', (r) => r.bundle],
    ['types', (r) => r.types],
    ...(quick
      ? []
      : /** @type {[string, (r: GrowthResult) => number][]} */ ([
          ['tsc (skipLibCheck false)', (r) => r.tsc?.ms ?? NaN],
        ])),
    ['tsc (skipLibCheck true)', (r) => r.tscSkip.ms],
    ['Prism start-up', (r) => r.prism.startup],
    ['ours start-up', (r) => r.ours.startup],
    ['Prism CPU per request', (r) => r.prism.cpuPerRequest ?? 1000 / (r.prism.rate ?? NaN)],
    ['ours CPU per request', (r) => r.ours.cpuPerRequest ?? 1000 / (r.ours.rate ?? NaN)],
  ];
  const rows = metrics.map(([name, get]) => {
    const points = results.map((r) => ({ n: r.operations, t: get(r) }));
    const { marginal, verdict, slope } = linearity(points);
    return [
      name,
      ...points.map((p) => fine(p.t / p.n)),
      ...marginal.map(fine),
      slope === undefined ? 'n/a' : slope.toFixed(2),
      verdict,
    ];
  });
  const headers = [
    'step',
    ...results.map((r) => `per op at ${r.factor}×`),
    ...results.slice(1).map((r, i) => `per added op ${results[i]?.factor}×→${r.factor}×`),
    `log-log slope ${results.length > 1 ? `${results.at(-2)?.factor}×→${results.at(-1)?.factor}×` : ''}`.trim(),
    'growth',
  ];
  lines.push('', table(headers, rows, `${'l'}${'r'.repeat(headers.length - 2)}l`));
  lines.push('', ...growthTargets(results));
  return { text: lines.join('\n'), results };
}

/**
 * The targets of the section, each with met or missed: our mock's CPU per request at the largest
 * size at most 1.5× that at 1×, and its start-up no slower than Prism's CLI at every size.
 * @param {GrowthResult[]} results
 */
export function growthTargets(results) {
  const first = results[0];
  const last = results.at(-1);
  const lines = [];
  if (first && last && last.factor > first.factor) {
    const growth = (last.ours.cpuPerRequest ?? NaN) / (first.ours.cpuPerRequest ?? NaN);
    const prismGrowth = (last.prism.cpuPerRequest ?? NaN) / (first.prism.cpuPerRequest ?? NaN);
    lines.push(
      `- ours, CPU per request at ${last.factor}× / at ${first.factor}× = ${ratioText2(growth)} (Prism's CLI: ${ratioText2(prismGrowth)}) (target ≤ 1.50×: ${Number.isNaN(growth) ? 'not measured' : growth <= 1.5 ? 'met' : 'MISSED'})`,
    );
  } else {
    lines.push('- ours, CPU per request growth: not measured (one size only, --quick) (target ≤ 1.50×: not measured)');
  }
  const slower = results.filter((r) => !(r.ours.startup <= r.prism.startup));
  const startups = results.map((r) => `${r.factor}×: ${ms(r.ours.startup)} vs ${ms(r.prism.startup)}`).join(', ');
  lines.push(
    `- ours, start-up to first answer vs Prism's CLI at every size (${startups}) (target: no slower: ${slower.length === 0 ? 'met' : 'MISSED'})`,
  );
  return lines;
}

/** @param {number} value */
const ratioText2 = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)}×`);
