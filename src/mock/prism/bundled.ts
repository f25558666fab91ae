// The modules of Prism's that a page's finder (./browser.ts) is handed, by their names in
// PRISM_MODULES (./modules.ts: BROWSER_MODULES). This source is what the repository's own tests run:
// the modules as Node's finder takes them from the installed Prism. The package's build replaces
// its compiled file, dist/src/mock/prism/bundled.js, with the bundle of the same modules
// (scripts/prism-bundle.js), which has nothing of Node's: that is what a page's bundler includes.
import { prismModules } from './deps.js';
import { BROWSER_MODULES, PRISM_MODULES, type BrowserModuleName } from './modules.js';

const { take } = prismModules();

const bundled = Object.fromEntries(BROWSER_MODULES.map((name) => [name, take<unknown>(PRISM_MODULES[name])])) as Record<
  BrowserModuleName,
  unknown
>;
export default bundled;
