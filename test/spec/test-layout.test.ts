// Tests mirror the code: the test of src/<area>/<path>/<module>.ts is
// test/unit/<area>/<path>/<module>.test.ts, so that a reader finds a module's test by its name. A
// module with no behaviour of its own (re-exports, types, a bin's two lines) is listed in
// NO_BEHAVIOUR; a module whose cases still live in another suite is listed in ELSEWHERE with that
// suite, until they move. Each list is checked too: an entry whose module is gone, or that has its
// own test now, fails, so neither list outlives its reason.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Modules with nothing to test of their own, and why. */
const NO_BEHAVIOUR: Record<string, string> = {
  'src/index.ts': "the package's entry: re-exports",
  'src/mock/coverage-bin.ts':
    "the api-contract-coverage bin's entry: runs coverage-cli.ts's main through shared/bin.ts",
  'src/mock/prism/bundled.ts':
    "the list of Prism's modules handed to a page's finder (the build replaces it with the bundle)",
  'src/mock/prism/prism-types.ts': "types of Prism's pieces",
  'src/mock/scenarios/types.ts': 'types of the scenarios',
  'src/mock/settings.ts': 'types of what every door takes',
  'src/rules/types.ts': 'types of the operation rules',
};

/** Modules whose cases are still in another suite: that suite. */
const ELSEWHERE: Record<string, string> = {};

const modules = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => join('src', file).split('\\').join('/'))
  .sort();
const testOf = (module: string) => module.replace(/^src\//, 'test/unit/').replace(/\.ts$/, '.test.ts');

it('every module of src/ has its test where a reader looks for it, or is listed with its reason', () => {
  const missing = modules.filter(
    (module) => !existsSync(join(root, testOf(module))) && !(module in NO_BEHAVIOUR) && !(module in ELSEWHERE),
  );
  expect(missing, `each needs ${missing.map(testOf).join(', ')}`).toEqual([]);
});

it('the lists name modules that exist, without a test of their own yet, and suites that exist', () => {
  for (const module of [...Object.keys(NO_BEHAVIOUR), ...Object.keys(ELSEWHERE)]) {
    expect(modules, module).toContain(module);
    expect(existsSync(join(root, testOf(module))), `${module} has ${testOf(module)}: take it off the list`).toBe(false);
  }
  for (const suite of Object.values(ELSEWHERE)) expect(existsSync(join(root, suite)), suite).toBe(true);
});
