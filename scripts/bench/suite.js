// Section 9: the test suite as a contributor runs it (`npm test`, the README's test command), its
// wall time from the start of vitest to its exit, on this checkout (issue 37's target: 45 s on a
// fresh clone, two cores). With --quick, one small file runs instead, to show the harness works.
import { num, root, table, timeCommand } from './lib.js';

const VITEST = 'node_modules/vitest/vitest.mjs';

/** @param {{ quick: boolean }} options */
export async function suiteSection({ quick }) {
  const args = quick ? ['run', 'test/unit/shared/json.test.ts'] : ['run'];
  const result = await timeCommand(process.execPath, [VITEST, ...args], { cwd: root, maxOutput: 20_000 });
  const tests = /Tests\s+(?:\S+\s+)*?(\d+) passed/.exec(result.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
  const what = quick ? '`vitest run test/unit/shared/json.test.ts` (--quick)' : '`npm test` (`vitest run`)';
  return {
    text:
      `${what} on this checkout, once: wall time from spawn to exit (vitest's own start and its global setups included).\n\n` +
      table(
        ['what', 'wall', 'tests passed', 'exit', 'target'],
        [[what, `${num(result.ms / 1000, 1)} s`, tests ?? 'n/a', String(result.code), quick ? '' : '≤ 45 s']],
        'lrrrr',
      ),
    targets: quick
      ? []
      : [['`npm test` on this checkout, wall', `${num(result.ms / 1000, 1)} s`, '≤ 45 s (fresh clone)']],
  };
}
