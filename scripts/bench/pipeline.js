// Section 3: wall time of each step of the pipeline, run alone, as a child process of the repo.
import { join } from 'node:path';
import { REDOCLY_CLI, REDOCLY_ENV } from '../openapi.js';
import { ms, root, table, timeCommand } from './lib.js';

const node = process.execPath;
/** @param {string} path */
const bin = (path) => join(root, 'node_modules', path);
const quiet = { ...REDOCLY_ENV, NO_COLOR: '1', FORCE_COLOR: '0' };

/** @type {{ name: string, what: string, command?: string, args: string[], slow?: boolean }[]} */
const STEPS = [
  {
    name: 'lint',
    what: '`npm run lint` without npm: `redocly lint` (the split openapi/, house rules and plugin)',
    args: [REDOCLY_CLI, 'lint'],
  },
  {
    name: 'lint via npm',
    what: '`npm run lint` itself: the same lint plus the npm wrapper',
    command: 'npm',
    args: ['run', '--silent', 'lint'],
    slow: true,
  },
  {
    name: 'build (bundle + types + security)',
    what: '`node scripts/build.js --check`: derives generated/ in full and compares, writes nothing (the same work as the build but for the write)',
    args: [join(root, 'scripts/build.js'), '--check'],
  },
  {
    name: 'typecheck',
    what: '`tsc -p tsconfig.json` (src, generated, test; `npm run typecheck` also runs it)',
    args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json'],
    slow: true,
  },
  {
    name: 'type tests',
    what: '`vitest run --typecheck.only` (test/**/*.test-d.ts; vitest also runs its globalSetup, which starts the mock)',
    args: [bin('vitest/vitest.mjs'), 'run', '--typecheck.only'],
    slow: true,
  },
  {
    name: 'contract tests',
    what: '`vitest run test/process/client.test.ts test/process/bounds.test.ts` (includes starting and stopping the mock)',
    args: [bin('vitest/vitest.mjs'), 'run', 'test/process/client.test.ts', 'test/process/bounds.test.ts'],
    slow: true,
  },
];

/**
 * @param {string} output
 * @param {RegExp} pattern
 */
function lastLine(output, pattern) {
  return output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => pattern.test(l))
    .pop();
}

/**
 * @param {string} output
 * @param {RegExp} pattern
 */
function firstLine(output, pattern) {
  return output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => pattern.test(l));
}

/** @param {{ quick: boolean }} options */
export async function pipelineSection({ quick }) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {{ name: string, ms: number, code: number | string }[]} */
  const results = [];
  for (const step of STEPS) {
    if (quick && step.slow) {
      rows.push([step.name, 'skipped (--quick)', '', step.what]);
      continue;
    }
    const result = await timeCommand(step.command ?? node, step.args, { env: quiet, maxOutput: 20_000 });
    const summary =
      result.code === 0
        ? (lastLine(result.output, /^Tests\s/) ?? lastLine(result.output, /Woohoo|matches openapi/) ?? '')
        : (firstLine(result.output, /error TS\d+|^FAIL|Error:|stale|failed/i) ?? lastLine(result.output, /\S/) ?? '');
    results.push({ name: step.name, ms: result.ms, code: result.code });
    rows.push([
      step.name,
      ms(result.ms),
      result.code === 0 ? 'pass' : `FAILED (exit ${result.code})`,
      `${step.what}${summary ? ` — ${summary.replace(/\|/g, '/')}` : ''}`,
    ]);
  }
  const lines = [
    'Each step alone, one after the other, as its own process (`node <tool>`, without the npm wrapper: compare the two lint rows for its cost), on the working tree as it is. Failures are shown, not hidden: the time of a failing step is still its wall time.',
    '',
    table(['step', 'wall time', 'result', 'command'], rows, 'lrll'),
  ];
  return { text: lines.join('\n'), results };
}
