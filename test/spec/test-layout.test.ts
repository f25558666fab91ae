// Tests mirror the code: the test of src/<area>/<path>/<module>.ts is
// test/unit/<area>/<path>/<module>.test.ts (or .test-d.ts, the type tests vitest --typecheck
// compiles, for a module of types alone), so that a reader finds a module's test by its name.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const modules = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => join('src', file).split('\\').join('/'))
  .sort();
const testsOf = (module: string) =>
  ['.test.ts', '.test-d.ts'].map((suffix) => module.replace(/^src\//, 'test/unit/').replace(/\.ts$/, suffix));

it('every module of src/ has its test where a reader looks for it', () => {
  expect(modules.length).toBeGreaterThan(100);
  const missing = modules.filter((module) => !testsOf(module).some((test) => existsSync(join(root, test))));
  expect(missing, `each needs ${missing.map((module) => testsOf(module)[0]).join(', ')}`).toEqual([]);
});
