#!/usr/bin/env node
// `api-contract-verify --drift` against FastAPI itself: the reference service (reference/app.py),
// its complete variant and its five drifted ones (reference/drifted/app.py, DRIFT=…), each started
// on a free loopback port and always stopped. Run by CI after `npm run conformance:check`, which
// makes the virtual environment this reuses (`npm run drift:live`, which compiles src/ first).
//
//   reference, invalid requests       no divergence outside docs/mock.md's deliberate table
//   complete, with writes and rules   none either
//   DRIFT=bound|loc|status|message    exactly one divergence, the planted one, with its curl line
//   DRIFT=rule, with writes           exactly one: the Luna3 versions do not count up
//
// Exit 1 naming each run that did not find what it should; 2 when a run could not be made.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { venv, withReference } from './conformance.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const DELIBERATE = 'test/fixtures/conformance/deliberate.json';

/** @typedef {{ operation: string, what: string, allowed?: string, curl: string }} Divergence */

/**
 * The runs: the app, its DRIFT, the flags, and the one divergence expected (none: exit 0).
 * @type {{ name: string, app: string, drift?: string, flags: string[], expect?: { operation: string, what: RegExp } }[]}
 */
const RUNS = [
  { name: 'reference', app: 'reference.app:app', flags: ['--allow', DELIBERATE] },
  {
    name: 'complete, with writes',
    app: 'reference.drifted.app:app',
    flags: ['--with-writes', '--allow', DELIBERATE],
  },
  {
    name: 'a bound changed',
    app: 'reference.drifted.app:app',
    drift: 'bound',
    flags: ['--allow', DELIBERATE],
    expect: { operation: 'updateAnnotationTemplate', what: /^422 item string_too_long at body\.name$/ },
  },
  {
    name: 'a field renamed in loc',
    app: 'reference.drifted.app:app',
    drift: 'loc',
    flags: ['--allow', DELIBERATE],
    expect: { operation: 'createOrVerifyUser', what: /^422 item string_type at body\.email_address$/ },
  },
  {
    name: 'a status changed',
    app: 'reference.drifted.app:app',
    drift: 'status',
    flags: ['--allow', DELIBERATE],
    expect: { operation: 'logTraces', what: /^status$/ },
  },
  {
    name: 'a message reworded',
    app: 'reference.drifted.app:app',
    drift: 'message',
    flags: ['--allow', DELIBERATE],
    expect: { operation: 'putSignalsConfiguration', what: /^422 item string_pattern_mismatch at .*\.cron$/ },
  },
  {
    name: 'a rule across requests broken',
    app: 'reference.drifted.app:app',
    drift: 'rule',
    flags: ['--with-writes', '--allow', DELIBERATE],
    expect: { operation: 'createLuna3ScorerVersion', what: /^rule luna3_versions_count_up: version steps$/ },
  },
];

/** Runs the bin; its exit code and its --json report. @param {string[]} args */
function verify(args) {
  return /** @type {Promise<{ code: number | null, report: any, stderr: string }>} */ (
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['dist/src/verify/bin.js', '--drift', '--json', ...args], {
        cwd: root,
        env: { ...process.env, API_CONTRACT_API_KEY: 'drift-key', API_CONTRACT_CLASSIC_API_KEY: 'drift-key' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += String(c)));
      child.stderr.on('data', (c) => (stderr += String(c)));
      child.on('error', reject);
      child.on('close', (code) => {
        let report;
        try {
          report = JSON.parse(stdout);
        } catch {
          report = undefined;
        }
        resolve({ code, report, stderr });
      });
    })
  );
}

const started = Date.now();
const python = venv();
/** @type {string[]} */
const wrong = [];
let requests = 0;
try {
  for (const run of RUNS) {
    const at = Date.now();
    const { code, report, stderr } = await withReference(
      python,
      (port) => verify(['--base-url', `http://127.0.0.1:${port}`, ...run.flags]),
      { app: run.app, env: run.drift ? { DRIFT: run.drift } : {} },
    );
    if (!report) throw new Error(`${run.name}: exit ${code}, no report:\n${stderr}`);
    requests += report.requests;
    /** @type {Divergence[]} */
    const open = report.divergences.filter((/** @type {Divergence} */ d) => d.allowed === undefined);
    const found = open.map((d) => `${d.operation}: ${d.what}`);
    const expect = run.expect;
    const ok = expect
      ? code === 1 &&
        open.length === 1 &&
        open[0]?.operation === expect.operation &&
        expect.what.test(open[0].what) &&
        open[0].curl.startsWith('curl ') === !open[0].curl.startsWith('printf')
      : code === 0 && open.length === 0;
    console.error(
      `drift: ${ok ? 'ok  ' : 'FAIL'} ${run.name.padEnd(32)} ${String(report.requests).padStart(4)} requests in ${((Date.now() - at) / 1000).toFixed(1)} s, exit ${code}${found.length ? `: ${found.join('; ')}` : ''}`,
    );
    if (ok && expect) console.error(`       ${open[0]?.curl.slice(0, 200)}`);
    if (!ok) wrong.push(run.name);
  }
} catch (error) {
  console.error(`drift: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
console.error(`drift: ${RUNS.length} runs, ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (wrong.length > 0) {
  console.error(`drift: did not find what they should: ${wrong.join(', ')}`);
  process.exitCode = 1;
}
