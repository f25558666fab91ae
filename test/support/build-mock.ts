// The mock the tests start is the compiled one (dist/src/mock/cli.js, what `npm start` and the bin
// run), so the run compiles it first when its source changed: `tsc -b tsconfig.mock.json`, the mock
// alone, incremental (its build info is dist/mock.tsbuildinfo). When every output is there and no
// source is newer than the last build, it costs a directory walk and no tsc at all. (tsc -b alone
// would miss a deleted output, and costs 0.7 s of CPU even when it has nothing to do.)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markBinsExecutable } from '../../scripts/bin-mode.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_INFO = join(root, 'dist/mock.tsbuildinfo');
/** What the mock's build reads: the roots tsconfig.mock.json includes, and the compiler settings. */
export function mockBuildInputs(): string[] {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.mock.json'), 'utf8')) as { include: string[] };
  return [...config.include, 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.mock.json'];
}

function* files(path: string): Generator<string> {
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) yield* files(join(path, entry.name));
}

/**
 * Why the compiled mock is stale, or undefined when it is up to date: an output is missing, or an
 * input is newer than the last build (its build info; after `npm run build`, which leaves none, the
 * oldest output).
 */
function staleness(): { reason: string; force: boolean } | undefined {
  const outputs: string[] = [];
  for (const file of files(join(root, 'src/mock'))) {
    if (!file.endsWith('.ts')) continue;
    const output = join(root, 'dist', relative(root, file)).replace(/\.ts$/, '.js');
    if (!existsSync(output)) return { reason: `${relative(root, output)} is missing`, force: true };
    outputs.push(output);
  }
  const built = existsSync(BUILD_INFO)
    ? statSync(BUILD_INFO).mtimeMs
    : Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  for (const input of mockBuildInputs()) {
    for (const file of files(join(root, input))) {
      if (statSync(file).mtimeMs > built) return { reason: `${relative(root, file)} changed`, force: false };
    }
  }
  return undefined;
}

/** Compiles the mock when it is stale; returns what it did and how long it took. */
export function buildMock(): string {
  const started = performance.now();
  const stale = staleness();
  if (!stale) {
    markBinsExecutable();
    return `dist/src/mock is up to date (checked in ${(performance.now() - started).toFixed(1)} ms)`;
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.mock.json', ...(stale.force ? ['--force'] : [])], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`compiling the mock (tsc -b tsconfig.mock.json) failed:\n${result.stdout}${result.stderr}`);
  // tsc -b leaves its build info as it was when no content changed (a file only touched): mark
  // this check done, so that the next run does not call tsc again.
  const now = new Date();
  if (existsSync(BUILD_INFO)) utimesSync(BUILD_INFO, now, now);
  markBinsExecutable();
  return `compiled dist/src/mock (${stale.reason}) in ${Math.round(performance.now() - started)} ms`;
}
