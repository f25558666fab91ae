// The benchmark harness (scripts/bench, `npm run bench`) runs end to end in its tiny configuration
// and prints every section. Nothing here looks at the figures: benchmarks are never timed
// assertions, and --quick figures mean nothing. One run checks the structure of every section;
// its package section reuses the package this test run packed once (test/support/package.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const bench = (args: string[]) =>
  run(process.execPath, ['scripts/bench/index.js', ...args], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 100_000,
  });

const SECTIONS = {
  client: [
    '## 1. Client overhead',
    ['openapi-fetch createClient', 'createApiClient (apiKey: 1st scheme)', 'ratio to openapi-fetch'],
  ],
  mock: [
    '## 2. Mock throughput',
    [
      'node:http ceiling',
      'Prism CLI, --verboseLevel warn',
      'ours: api-contract-mock',
      '| valid |',
      '| invalid |',
      'valid: ours / Prism at --verboseLevel warn',
      'invalid: ours / Prism at --verboseLevel warn',
      'target ≥ 4.00×',
      'ours / the node:http ceiling',
      'target ≤ 4.00×',
      'ours: spawn until the first answer',
      'target ≤ 250 ms',
    ],
  ],
  pipeline: ['## 3. Pipeline', ['| lint |', 'build (bundle + types + security)', 'contract tests']],
  package: ['## 4. Package', ['tarball (packed)', 'runtime dependencies installed', 'cost of the import']],
  growth: [
    '## 5. Growth',
    [
      '| 1× | 7 |',
      'ours start-up',
      'ours CPU per request',
      'per op at 1×',
      'target ≤ 1.50×',
      "vs Prism's CLI at every size",
    ],
  ],
  inprocess: [
    '## 6. The mock in-process',
    [
      '`import` to the first answer of `mock.fetch`',
      'through `mock.fetch` (Request in, Response read)',
      'through the pipeline alone',
      'the floor of any fetch-shaped answer',
      'a hand-written static MSW handler',
      '`mswHandlers` ÷ the static handler',
      '≤ 1.15×',
    ],
  ],
  suite: ['## 9. The test suite', ['`vitest run test/unit/shared/json.test.ts` (--quick)', '| 0 |']],
  startup: [
    '## 12. The package installed alone',
    [
      'what a project installs to use the mock (the package alone)',
      '`import` → first answer of `createMock().fetch`, fresh process, code cache on',
      'the bin, spawn → first answer, code cache on',
      'code cache off',
      '`npx api-contract-mock`',
      '≤ 15 MB, no peer',
      '≤ 150 ms',
      '≤ 250 ms',
    ],
  ],
  scenarios: [
    '## 8. Scenarios',
    [
      '| no scenario |',
      '100 scenarios of the same operation, none matching',
      '100 scenarios of other operations',
      'ratio to none',
      '≤ 1.10×',
    ],
  ],
} as const;

// The minimal run: every section once, with --quick and the load cut to 0.2 s per scenario, in
// two processes side by side (each with --only and about half the work), so the check takes about
// half the time; each process must print exactly its own sections.
const HALVES = [
  ['client', 'mock', 'pipeline', 'inprocess'],
  ['package', 'growth', 'scenarios', 'suite', 'startup'],
] as const;
/** The report's last heading: the rows that have a target, from every section run. */
const TARGETS = '## The figures that have a target';
const runs = new Map<string, Promise<string>>();
const { dir: packedDir } = await packedPackage();
/** The output of the run of `--only <only>`, started on first use. */
const output = (only: string) => {
  if (!runs.has(only))
    runs.set(
      only,
      bench(['--quick', '--duration', '0.2', '--packed', packedDir, '--only', only]).then(({ stdout }) => stdout),
    );
  return runs.get(only)!;
};
const halfOf = (name: string) => HALVES.find((half) => (half as readonly string[]).includes(name))!.join(',');

describe('the benchmark script', () => {
  it.concurrent.for(HALVES.map((half) => half.join(',')))(
    '--quick --only %s: the machine line first, then those sections in order and no other, none failed',
    { timeout: 110_000 },
    async (only, { expect }) => {
      const stdout = await output(only);
      expect(stdout.split('\n')[0]).toMatch(/^Machine: .+, \d+ cores .*GiB RAM.*, Node v\d+\.\d+\.\d+/);
      const headings = stdout.match(/^## .*/gm) ?? [];
      const expected = [...only.split(',').map((name) => SECTIONS[name as keyof typeof SECTIONS][0]), TARGETS];
      expect(headings).toHaveLength(expected.length);
      expected.forEach((heading, i) =>
        expect(headings[i]!.startsWith(heading), `heading ${i + 1}: ${headings[i]}`).toBe(true),
      );
      expect(stdout).not.toContain('FAILED');
      expect(stdout).toMatch(/Total wall time: [\d.]+ s\./);
    },
  );

  it.concurrent.for(Object.keys(SECTIONS))(
    '--quick, section %s: its contents',
    { timeout: 110_000 },
    async (name, { expect }) => {
      const [heading, contents] = SECTIONS[name as keyof typeof SECTIONS];
      const stdout = await output(halfOf(name));
      const at = stdout.indexOf(heading);
      expect(at).toBeGreaterThan(0);
      const section = stdout.slice(
        at,
        stdout.indexOf('\n## ', at + 1) === -1 ? undefined : stdout.indexOf('\n## ', at + 1),
      );
      for (const text of contents) expect(section).toContain(text);
      expect(section).toMatch(/_Section wall time: [\d.]+ s\._/);
    },
  );

  it.concurrent.for(HALVES.map((half) => half.join(',')))(
    '--quick --only %s: the rows that have a target listed again at the end, each with its section',
    { timeout: 110_000 },
    async (only, { expect }) => {
      const stdout = await output(only);
      const targets = stdout.slice(stdout.indexOf(TARGETS));
      const expected = only.includes('inprocess')
        ? [
            '| 2 |',
            '| 6 | a valid Signals PUT through `mock.fetch`, CPU per call |',
            '≤ 60 µs (mean)',
            '≤ 1.15× in every run',
          ]
        : ['| 12 | what a project installs to use the mock', '≤ 150 ms', '≤ 250 ms'];
      for (const text of expected) expect(targets).toContain(text);
    },
  );

  it('rejects an unknown section', async () => {
    const unknown = await bench(['--only', 'client,nope']).catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toContain('unknown section(s) nope');
  });
});
