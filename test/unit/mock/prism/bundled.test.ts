// The modules of Prism's a page's finder is handed (src/mock/prism/bundled.ts), as the repository's
// source hands them over: taken from the installed Prism by Node's finder. The build replaces the
// compiled file with the bundle of the same modules (scripts/prism-bundle.js), which test/packed/ and
// the page's tests run.
import { expect, it } from 'vitest';
import modules from '../../../../src/mock/prism/bundled.js';
import { prismModules } from '../../../../src/mock/prism/deps.js';
import { BROWSER_MODULES, PRISM_MODULES, shapeProblem } from '../../../../src/mock/prism/modules.js';

const bundled = modules as Record<string, unknown>;

it("every module a page takes, under its name, of the shape the mock calls, and Node's own module: none that only Node has", () => {
  expect(Object.keys(bundled).sort()).toEqual([...BROWSER_MODULES].sort());
  expect(BROWSER_MODULES.length).toBeLessThan(Object.keys(PRISM_MODULES).length);
  const { take } = prismModules();
  for (const name of BROWSER_MODULES) {
    expect(shapeProblem(PRISM_MODULES[name], bundled[name])).toBeUndefined();
    expect(bundled[name]).toBe(take(PRISM_MODULES[name]));
  }
});
