// A page's finder of Prism's pieces: the modules the package's browser build bundles
// (./bundled.ts), each checked against its shape as Node's finder checks them (./modules.ts), with
// a logger of the mock's own (./browser-logger.ts). What the browser build leaves out (./modules.ts:
// BROWSER_MODULES) is an error that says so when it is asked for.
import { httpSpecVersion } from '../../../generated/embedded.js';
import { createBrowserLogger } from './browser-logger.js';
import bundled from './bundled.js';
import { assemblePrism, PRISM_MODULES, shapeProblem, type Prism, type PrismModuleName } from './modules.js';

/** What the mock in a page cannot do: Prism's part that it would need is left out of the browser build. */
export class NotInBrowserError extends Error {
  override readonly name = 'NotInBrowserError';
}

/** Prism's pieces as the package's browser build has them. */
export function browserPrism(): Prism {
  return assemblePrism(
    <T>(name: PrismModuleName) => {
      const loaded = (bundled as Partial<Record<PrismModuleName, unknown>>)[name];
      const problem = shapeProblem(PRISM_MODULES[name], loaded);
      if (problem !== undefined) throw new Error(`the browser build of the mock is broken: ${problem}`);
      return loaded as T;
    },
    () => ({
      getHttpOperationsFromSpec: () =>
        Promise.reject(
          new NotInBrowserError(
            "the mock in a page answers from the package's embedded spec only: Prism's reader of documents, which another spec needs, is left out of the browser build",
          ),
        ),
      // The bundle is built with the Prism that read the embedded spec (scripts/prism-bundle.js checks it).
      httpSpecVersion,
      mocker: () => {
        throw new NotInBrowserError(
          "dynamic generation (dynamic, Prefer: dynamic=true, __dynamic) needs Prism's whole mocker and faker, which the mock's browser build leaves out",
        );
      },
      createLogger: createBrowserLogger,
      parseYaml: () => {
        throw new NotInBrowserError(
          "the mock in a page answers from the package's embedded spec only: a spec of your own is not read in a page",
        );
      },
    }),
  );
}
