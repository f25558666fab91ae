// The benchmark harness (scripts/bench, `npm run bench`) runs end to end in its tiny configuration
// and prints every section. Nothing here looks at the figures: benchmarks are never timed
// assertions, and --quick figures mean nothing. One run checks the structure of every section;
// its package section reuses the package this test run packed once (test/setup/package.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packedPackage } from './helpers/packed.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bench = (args: string[]) =>
  run(process.execPath, ['scripts/bench/index.js', ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 100_000 });

const SECTIONS = {
  client: ['## 1. Client overhead', ['openapi-fetch createClient', 'createApiClient (apiKey: 1st scheme)', 'ratio to openapi-fetch']],
  mock: ['## 2. Mock throughput', ['node:http ceiling', 'Prism CLI (bare)', 'ours: scripts/mock.js', 'ours / bare Prism']],
  pipeline: ['## 3. Pipeline', ['| lint |', 'build (bundle + types + security)', 'contract tests']],
  package: ['## 4. Package', ['tarball (packed)', 'runtime dependencies installed', 'cost of the import']],
  growth: ['## 5. Growth', ['| 1× | 7 |', 'mock start-up', 'per op at 1×']],
} as const;

describe('the benchmark script', () => {
  // The minimal run: every section once, in one process, with the load cut to 0.2 s per scenario.
  let minimal: Promise<string> | undefined;
  const output = () => (minimal ??= bench(['--quick', '--duration', '0.2', '--packed', packedPackage().dir]).then(({ stdout }) => stdout));

  it('--quick: the machine line first, then every section in order, none failed', { timeout: 110_000 }, async () => {
    const stdout = await output();
    expect(stdout.split('\n')[0]).toMatch(/^Machine: .+, \d+ cores .*GiB RAM.*, Node v\d+\.\d+\.\d+/);
    const headings = stdout.match(/^## .*/gm) ?? [];
    const expected = Object.values(SECTIONS).map(([heading]) => heading);
    expect(headings).toHaveLength(expected.length);
    expected.forEach((heading, i) => expect(headings[i]!.startsWith(heading), `heading ${i + 1}: ${headings[i]}`).toBe(true));
    expect(stdout).not.toContain('FAILED');
    expect(stdout).toMatch(/Total wall time: [\d.]+ s\./);
  });

  it.for(Object.keys(SECTIONS))('--quick, section %s: its contents', { timeout: 110_000 }, async (name) => {
    const [heading, contents] = SECTIONS[name as keyof typeof SECTIONS];
    const stdout = await output();
    const at = stdout.indexOf(heading);
    expect(at).toBeGreaterThan(0);
    const section = stdout.slice(at, stdout.indexOf('\n## ', at + 1) === -1 ? undefined : stdout.indexOf('\n## ', at + 1));
    for (const text of contents) expect(section).toContain(text);
    expect(section).toMatch(/_Section wall time: [\d.]+ s\._/);
  });

  it('--only runs the sections named and no other', async () => {
    const { stdout } = await bench(['--quick', '--only', 'client']);
    expect(stdout.match(/^## .*/gm)).toEqual([expect.stringMatching(/^## 1\. Client overhead/)]);
    expect(stdout).not.toContain('FAILED');
  });

  it('rejects an unknown section', async () => {
    const unknown = await bench(['--only', 'client,nope']).catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toContain('unknown section(s) nope');
  });
});
