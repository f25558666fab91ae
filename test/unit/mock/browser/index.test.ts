// The mock's page entry (src/mock/browser/index.ts), run here on Node with Prism's modules as the
// repository has them (src/mock/prism/bundled.ts; the package's build bundles the same modules):
// the same answers as the Node entry, the log through the mock's own logger in the same lines, and
// what a page cannot have refused with NotInBrowserError. The pages themselves, in Chromium, are
// test/ecosystem/browser.mjs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock as createNodeMock } from '../../../../src/mock/index.js';
import { createMock, NotInBrowserError } from '../../../../src/mock/browser/index.js';
import { requests } from '../../../support/page-requests.js';

describe('the mock in a page (its browser entries, on Node)', () => {
  it('answers as the Node entry does: status, headers and body bytes, the rules across requests, the journal', async () => {
    const page = await createMock();
    const node = await createNodeMock();
    for (const [url, init] of requests) {
      const [a, b] = await Promise.all([page.fetch(url, init), node.fetch(url, init)]);
      expect([a.status, [...a.headers], await a.text()]).toEqual([b.status, [...b.headers], await b.text()]);
    }
    expect(page.received.map(({ status, path }) => [status, path])).toEqual(
      node.received.map(({ status, path }) => [status, path]),
    );
  });

  it("logs through the mock's own logger, in the lines the Node entry writes", async () => {
    const lines = (logged: string[]) => ({ write: (line: string) => void logged.push(line) });
    const inPage: string[] = [];
    const inNode: string[] = [];
    const page = await createMock({ logLevel: 'info', log: lines(inPage) });
    const node = await createNodeMock({ logLevel: 'info', log: lines(inNode) });
    for (const mock of [page, node]) await mock.fetch(...(requests[1] as [string, RequestInit]));
    expect(inPage.length).toBeGreaterThan(0);
    expect(inPage).toEqual(inNode);
  });

  it('a spec of its own, `dynamic`: NotInBrowserError, which says what the browser build leaves out', async () => {
    await expect(createMock({ spec: 'openapi.json' })).rejects.toThrow(NotInBrowserError);
    await expect(createMock({ dynamic: true })).rejects.toThrow(/dynamic generation needs Prism's whole mocker/);
  });
});

describe('the page entry, what it says and where it logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a spec of its own, a path or a document, saying the page answers from the embedded spec only', async () => {
    for (const spec of ['openapi.json', { openapi: '3.1.0' }] as const) {
      const error = (await createMock({ spec: spec as never }).catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(NotInBrowserError);
      expect([error.name, error.message]).toEqual([
        'NotInBrowserError',
        "the mock in a page answers from the package's embedded spec only: a spec of your own needs Prism's reader of documents, which the browser build leaves out",
      ]);
    }
    // `dynamic: false` is what it does anyway
    const mock = await createMock({ dynamic: false, log: { write: () => undefined } });
    expect((await mock.fetch(...(requests[0] as [string, RequestInit]))).status).toBe(200);
  });

  it('logs to the console by default, each line without its newline, at `error` unless `logLevel` says', async () => {
    const console_ = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await (await createMock()).fetch(...(requests[1] as [string, RequestInit]));
    expect(console_).not.toHaveBeenCalled();
    await (await createMock({ logLevel: 'info' })).fetch(...(requests[1] as [string, RequestInit]));
    const inNode: string[] = [];
    const node = await createNodeMock({ logLevel: 'info', log: { write: (line: string) => void inNode.push(line) } });
    await node.fetch(...(requests[1] as [string, RequestInit]));
    expect(inNode.length).toBeGreaterThan(0);
    expect(console_.mock.calls).toEqual(inNode.map((line) => [line.trimEnd()]));
  });
});
