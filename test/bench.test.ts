// The benchmark harness (scripts/bench, `npm run bench`) runs end to end in its tiny configuration
// and prints every section. Nothing here looks at the figures: benchmarks are never timed
// assertions, and --quick figures mean nothing.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bench = (args: string[]) =>
  run(process.execPath, ['scripts/bench/index.js', ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 110_000 });

const SECTIONS = {
  client: ['## 1. Client overhead', ['openapi-fetch createClient', 'createApiClient (apiKey: 1st scheme)', 'ratio to openapi-fetch']],
  mock: ['## 2. Mock throughput', ['node:http ceiling', 'Prism CLI (bare)', 'ours: scripts/mock.js', 'ours / bare Prism']],
  pipeline: ['## 3. Pipeline', ['| lint |', 'build (bundle + types + security)', 'contract tests']],
  package: ['## 4. Package', ['tarball (packed)', 'runtime dependencies installed', 'cost of the import']],
  growth: ['## 5. Growth', ['| 1× | 7 |', 'mock start-up', 'per op at 1×']],
} as const;

describe('the benchmark script', () => {
  // One process per section (`--only`), all at once, so the check stays short; a full run is
  // the same code, one section after the other in one process.
  it.concurrent.for(Object.keys(SECTIONS))('--quick --only %s: the machine line first, then the section, not failed', { timeout: 120_000 }, async (name, { expect }) => {
    const [heading, contents] = SECTIONS[name as keyof typeof SECTIONS];
    const { stdout } = await bench(['--quick', '--only', name]);
    expect(stdout.split('\n')[0]).toMatch(/^Machine: .+, \d+ cores .*GiB RAM.*, Node v\d+\.\d+\.\d+/);
    const at = stdout.indexOf(heading);
    expect(at).toBeGreaterThan(0);
    for (const text of contents) expect(stdout.slice(at)).toContain(text);
    expect(stdout.match(/^## /gm)).toHaveLength(1);
    expect(stdout).not.toContain('FAILED');
    expect(stdout).toMatch(/Total wall time: [\d.]+ s\./);
  });

  it('rejects an unknown section', async () => {
    const unknown = await bench(['--only', 'client,nope']).catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toContain('unknown section(s) nope');
  });
});
