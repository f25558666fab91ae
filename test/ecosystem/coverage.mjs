// Coverage of the contract across a test run, as a consumer project sets it up (docs/setups.md,
// "Coverage of the contract"): an empty project installs the packed package (the tarball given as
// the argument) with vitest@4, jest@30 and marked, copies ./coverage/ (three vitest
// files in three worker processes, two Jest files in workers, each file's mock writing its record
// with `coverage: DIR`, and the global setups that merge them with api-contract-coverage), and runs
// both on Node 24. It checks that the merged report lists exactly the operations and statuses the
// files touched, that the thresholds pass and fail as configured (the run failing with what was
// never exercised), and that the Markdown renders as two tables (marked, GitHub's dialect).
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, installConsumer, nodes, report, run, tail, tempDir } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node coverage.mjs <package tarball>');

const tools = ['vitest@4', 'jest@30', 'marked@16'];
const reported = report(
  'Coverage across a test run: vitest workers, Jest workers, api-contract-coverage (packed package)',
);
/** One case: its detail is printed only when it fails. */
const checks = {
  result: (name, ok, detail = '') => reported.result(name, ok, ok ? '' : detail),
  finish: () => reported.finish(),
};
const app = tempDir('coverage');
try {
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'coverage-consumer', private: true, type: 'module' }),
  );
  const [version, node] = nodes[2];
  const { env, ok } = installConsumer(app, node, tarball, tools, checks);
  if (ok) {
    cpSync(join(here, 'coverage'), app, { recursive: true });
    const bin = (name) => join(app, 'node_modules', '.bin', name);
    const coverage = (dir, ...args) => run(bin('api-contract-coverage'), [dir, ...args], { cwd: app, env });
    /** A runner's run, its colours taken out. */
    const plain = (result) => ({ ...result, output: result.output.replace(/\u001b\[[0-9;]*m/g, '') });
    /** Each operation called, with the statuses it answered: what the report says was exercised. */
    const exercised = (report) =>
      Object.fromEntries(
        report.operations
          .filter((o) => o.requests > 0)
          .map((o) => [
            o.operationId,
            o.statuses.filter((s) => s.answered > 0).map((s) => `${s.status}×${s.answered}`),
          ]),
      );
    const pids = (dir) => new Set(readdirSync(join(app, dir)).map((name) => name.split('-')[3]));

    // vitest: three files, three worker processes; the global setup's teardown prints the report.
    const vitest = (args) =>
      plain(
        run(node, [join(app, 'node_modules/vitest/vitest.mjs'), 'run'], {
          cwd: app,
          env: { ...env, COVERAGE_DIR: 'records/vitest', COVERAGE_ARGS: args },
        }),
      );
    const passing = vitest('--min-operations 40 --require logTraces:200,422,503');
    checks.result(
      `Node ${version}, vitest (3 files, forks): the teardown's report, its thresholds met`,
      passing.ok && /Tests\s+6 passed/.test(passing.output) && /3 of 7 operations called/.test(passing.output),
      tail(passing.output, 40),
    );
    const records = pids('records/vitest');
    checks.result(
      `one record per file, from ${records.size} worker processes`,
      readdirSync(join(app, 'records/vitest')).length === 3 && records.size >= 2,
      [...records].join(', '),
    );
    const merged = coverage('records/vitest', '--json');
    const report = merged.ok ? JSON.parse(merged.stdout) : undefined;
    const expected = {
      loginSocial: ['200×1'],
      logTraces: ['200×1', '422×1', '503×1'],
      createOrVerifyUser: ['200×1'],
    };
    checks.result(
      'the merged report lists exactly the operations and statuses the files touched',
      report !== undefined &&
        JSON.stringify(exercised(report)) === JSON.stringify(expected) &&
        report.records === 3 &&
        report.operations.find((o) => o.operationId === 'logTraces').statuses.find((s) => s.status === 503)
          .rehearsed === 1 &&
        JSON.stringify(report.refused.statuses) === JSON.stringify([{ status: 404, count: 1 }]),
      report === undefined
        ? tail(merged.output)
        : JSON.stringify({ exercised: exercised(report), refused: report.refused }),
    );
    const failing = vitest('--require logTraces:503,429 --min-statuses 50');
    checks.result(
      'thresholds not met: the run fails and names what was never exercised',
      !failing.ok &&
        /logTraces: never answered 429/.test(failing.output) &&
        /statuses: 21\.1% \(4 of 19\) is under --min-statuses 50/.test(failing.output) &&
        /putSignalsConfiguration \(PUT [^)]+\): never called/.test(failing.output),
      tail(failing.output, 30),
    );

    // Jest: two CommonJS files in workers; the global teardown prints the report.
    const jest = (args) =>
      plain(
        run(
          node,
          [
            join(app, 'node_modules/jest/bin/jest.js'),
            '--ci',
            '--no-cache',
            '--maxWorkers=2',
            '--config',
            'jest.config.cjs',
          ],
          {
            cwd: app,
            env: { ...env, COVERAGE_DIR: 'records/jest', COVERAGE_ARGS: args },
          },
        ),
      );
    const jestPassing = jest('--min-operations 25 --require updateAnnotationTemplate:200');
    checks.result(
      `Node ${version}, Jest 30 (2 files, workers): the teardown's report, its thresholds met`,
      jestPassing.ok &&
        /Tests:\s+3 passed, 3 total/.test(jestPassing.output) &&
        /2 of 7 operations called/.test(jestPassing.output),
      tail(jestPassing.output, 40),
    );
    const jestReport = JSON.parse(coverage('records/jest', '--json').stdout || 'null');
    checks.result(
      'its merged report lists exactly what the Jest files touched',
      jestReport !== null &&
        JSON.stringify(exercised(jestReport)) ===
          JSON.stringify({ updateAnnotationTemplate: ['200×1'], logTraces: ['200×1', '401×1'] }) &&
        jestReport.records === 2,
      jestReport === null ? '' : JSON.stringify(exercised(jestReport)),
    );
    const jestFailing = jest('--min-operations 50');
    checks.result(
      'Jest: a threshold not met fails the run',
      !jestFailing.ok && /operations: 28\.6% \(2 of 7\) is under --min-operations 50/.test(jestFailing.output),
      tail(jestFailing.output, 20),
    );

    // The Markdown, rendered as GitHub renders a comment (marked's GFM).
    const markdown = coverage('records/vitest', '--markdown');
    const render = run(
      node,
      [
        '--input-type=module',
        '-e',
        `import { marked } from 'marked'; process.stdout.write(marked.parse(${JSON.stringify(markdown.stdout)}, { gfm: true }));`,
      ],
      { cwd: app, env },
    );
    const html = render.stdout;
    const rows = (table) => (table.match(/<tr>/g) ?? []).length;
    const tables = html.split('<table>').slice(1);
    checks.result(
      '--markdown renders as two tables: 6 levels, 7 operations',
      markdown.ok &&
        tables.length === 2 &&
        rows(tables[0]) === 1 + 6 &&
        rows(tables[1]) === 1 + 7 &&
        /<td>logTraces<\/td>/.test(tables[1]),
      `${tables.length} tables; ${tail(markdown.output + render.output, 10)}`,
    );
  }
} finally {
  rmSync(app, { recursive: true, force: true });
}
checks.finish();
