// A page's finder of Prism's pieces (src/mock/prism/browser.ts), on Node with the modules as the
// repository has them (./bundled.ts): the pieces a page has, and NotInBrowserError, saying what the
// browser build leaves out, for each piece it does not have.
import { expect, it, vi } from 'vitest';
import { httpSpecVersion } from '../../../../generated/embedded.js';
import { createMock } from '../../../../src/mock/browser/index.js';
import { browserPrism, NotInBrowserError } from '../../../../src/mock/prism/browser.js';

it('has the pieces a page answers with, and the version of the reader that read the embedded spec', () => {
  const prism = browserPrism();
  expect(prism.httpSpecVersion).toBe(httpSpecVersion);
  expect(prism.parseMIMEHeader('application/json; charset=utf-8')[1]).toBe('application/json');
  expect(typeof prism.validateInput).toBe('function');
  expect(prism.problems.UNAUTHORIZED.status).toBe(401);
});

it('the reader of documents, the whole mocker and the YAML reader: NotInBrowserError, saying what is left out', async () => {
  const prism = browserPrism();
  const reading = (await prism.getHttpOperationsFromSpec({}).catch((e: unknown) => e)) as Error;
  expect(reading).toBeInstanceOf(NotInBrowserError);
  expect(reading.name).toBe('NotInBrowserError');
  expect(reading.message).toMatch(
    /^the mock in a page answers from the package's embedded spec only: Prism's reader of documents/,
  );
  expect(() => prism.mocker()).toThrow(NotInBrowserError);
  expect(() => prism.mocker()).toThrow(
    /^dynamic generation \(dynamic, Prefer: dynamic=true, __dynamic\) needs Prism's whole mocker/,
  );
  expect(() => prism.parseYaml('a: 1')).toThrow(NotInBrowserError);
  expect(() => prism.parseYaml('a: 1')).toThrow(/a spec of your own is not read in a page/);
});

it("a page's mock asked for dynamic generation by a request (Prefer: dynamic=true) answers 500", async () => {
  const mock = await createMock({ log: { write: () => undefined } });
  const response = await mock.fetch('https://api.example.test/v2/system_users', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'dynamic=true' },
    body: '{"email":"a@example.org"}',
  });
  expect(response.status).toBe(500);
});

it('a browser build whose bundle lacks a module, or has one of another shape, is refused, naming it', async () => {
  const bundledPath = '../../../../src/mock/prism/bundled.js';
  const withBundle = async (change: (modules: Record<string, unknown>) => void) => {
    vi.resetModules();
    vi.doMock(bundledPath, async (importOriginal) => {
      const modules = { ...(await importOriginal<{ default: Record<string, unknown> }>()).default };
      change(modules);
      return { default: modules };
    });
    try {
      const { browserPrism: fromBundle } = await import('../../../../src/mock/prism/browser.js');
      return () => fromBundle();
    } finally {
      vi.doUnmock(bundledPath);
      vi.resetModules();
    }
  };
  const missing = await withBundle((modules) => delete modules.problems);
  expect(missing).toThrow(
    'the browser build of the mock is broken: ./dist/mocker/errors.js has no object UNPROCESSABLE_ENTITY',
  );
  const reshaped = await withBundle((modules) => (modules.negotiator = { default: 'not a function' }));
  expect(reshaped).toThrow(
    'the browser build of the mock is broken: ./dist/mocker/negotiator/NegotiatorHelpers.js has no function default',
  );
});
