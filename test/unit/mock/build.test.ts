// The mock's incremental build (tsconfig.mock.json, what `npm start` and the suite's build of the
// mock run) takes as its roots every module the mock imports: tsc -b decides what is stale from its
// root files only, so a module outside them could change and leave the compiled mock stale.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { mockBuildInputs } from '../../support/build-mock.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The source files `entry` imports, transitively (relative imports of .js files, read as .ts). */
function importsOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // A declaration file (the generated types the scenarios are typed by) compiles to nothing.
    if (seen.has(file) || (!existsSync(join(root, file)) && existsSync(join(root, file.replace(/\.ts$/, '.d.ts')))))
      return;
    seen.add(file);
    for (const [, target] of readFileSync(join(root, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
      visit(relative(root, join(dirname(join(root, file)), `${target}.ts`)));
    }
  };
  visit(entry);
  return seen;
}

it('every module the mock imports is under a root of its build, and the suite checks those roots for changes', () => {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.mock.json'), 'utf8')) as { include: string[] };
  const imported = [
    ...new Set([...importsOf('src/mock/cli.ts'), ...importsOf('src/mock/index.ts'), ...importsOf('src/mock/msw.ts')]),
  ].filter((file) => file.startsWith('src/'));
  const outside = imported.filter((file) => !config.include.some((folder) => file.startsWith(`${folder}/`)));
  expect(outside).toEqual([]);
  expect(mockBuildInputs()).toEqual(expect.arrayContaining(config.include));
});
