// The mock in a web page (`@observability/api-contract/mock` under a bundler's `browser` condition):
// ../mock.ts on a page's host: Prism's pieces from the package's browser build
// (../prism/browser.ts), no files, its log on the console. It answers as the mock under Node does,
// from the package's embedded spec; what a page cannot have is an error that says so (docs/mock.md,
// "In the browser").
import type { Mock, MockOptions } from '../api.js';
import { createMockOn } from '../mock.js';
import { checkMockOptions } from '../options.js';
import type { Host } from '../pipeline.js';
import { browserPrism, NotInBrowserError } from '../prism/browser.js';

export * from '../api.js';
export { NotInBrowserError } from '../prism/browser.js';

/** What a spec of one's own gets in a page. */
const ownSpec = () =>
  new NotInBrowserError(
    "the mock in a page answers from the package's embedded spec only: a spec of your own needs Prism's reader of documents, which the browser build leaves out",
  );

/**
 * The host of the mock in a page: the browser build's Prism, no files (createMock refuses a spec
 * before reading one: its refusal, should anything ask), the console for its log.
 */
const browserHost = (): Host => ({
  prism: browserPrism(),
  readFile: () => {
    throw ownSpec();
  },
  log: { write: (line: string) => console.log(line.trimEnd()) },
});

/**
 * Creates an in-process mock of the API in a page, on the package's embedded spec. Its log goes to
 * the console, at `error` unless `logLevel` says otherwise. A spec of your own and `dynamic` need
 * Prism's parts that the browser build leaves out: NotInBrowserError. Options it cannot start with:
 * MockOptionError, naming the option.
 */
export async function createMock(given: MockOptions = {}): Promise<Mock> {
  const options = checkMockOptions(given);
  if (options.spec !== undefined) throw ownSpec();
  if (options.dynamic)
    throw new NotInBrowserError(
      "dynamic generation needs Prism's whole mocker and faker, which the mock's browser build leaves out",
    );
  return createMockOn(browserHost(), options);
}
