// Section 9: the test suite as a contributor runs it: `npm test` (the README's test command, the
// fast tier: `vitest run --project fast`), its wall time from the start of vitest to its exit, on
// this checkout (target: 45 s on a fresh clone, two cores), then the second tier (`npm run
// test:integration`), whose time has no target of its own. With --quick, one small file runs
// instead, to show the harness works.
import { num, root, table, timeCommand } from './lib.js';

const VITEST = 'node_modules/vitest/vitest.mjs';

/** The tiers as package.json's scripts run them. */
const TIERS = [
  { what: '`npm test` (`vitest run --project fast`)', args: ['run', '--project', 'fast'], target: '≤ 45 s' },
  {
    what: '`npm run test:integration` (`vitest run --project integration --project packed`)',
    args: ['run', '--project', 'integration', '--project', 'packed'],
    target: '',
  },
];

/** @param {{ quick: boolean }} options */
export async function suiteSection({ quick }) {
  const tiers = quick
    ? [
        {
          what: '`vitest run test/unit/shared/json.test.ts` (--quick)',
          args: ['run', 'test/unit/shared/json.test.ts'],
          target: '',
        },
      ]
    : TIERS;
  const rows = [];
  const targets = [];
  for (const tier of tiers) {
    const result = await timeCommand(process.execPath, [VITEST, ...tier.args], { cwd: root, maxOutput: 20_000 });
    const tests = /Tests\s+(?:\S+\s+)*?(\d+) passed/.exec(result.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
    const wall = `${num(result.ms / 1000, 1)} s`;
    rows.push([tier.what, wall, tests ?? 'n/a', String(result.code), tier.target]);
    if (tier.target) targets.push(['`npm test` on this checkout, wall', wall, `${tier.target} (fresh clone)`]);
  }
  return {
    text:
      `Each tier on this checkout, once, one after the other: wall time from spawn to exit (vitest's own start and its global setups included).\n\n` +
      table(['what', 'wall', 'tests passed', 'exit', 'target'], rows, 'lrrrr'),
    targets,
  };
}
