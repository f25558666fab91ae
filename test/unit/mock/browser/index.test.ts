// The mock's browser entries (src/mock/browser/), run here on Node with Prism's modules as the
// repository has them (src/mock/prism/bundled.ts; the package's build bundles the same modules):
// the same answers as the Node entry, the log through the mock's own logger in the same lines, and
// what a page cannot have refused with NotInBrowserError. The pages themselves, in Chromium, are
// test/ecosystem/browser.mjs.
import { getResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock as createNodeMock } from '../../../../src/mock/index.js';
import { createMock, NotInBrowserError } from '../../../../src/mock/browser/index.js';
import { mswHandlers } from '../../../../src/mock/browser/msw.js';

const BASE = 'https://api.example.test';
const requests: [string, RequestInit][] = [
  [
    `${BASE}/v2/system_users`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.org"}' },
  ],
  [`${BASE}/v2/system_users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }],
  [
    `${BASE}/v2/system_users`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff]) },
  ],
  [
    `${BASE}/v2/projects/not-a-uuid/traces`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  ],
  [`${BASE}/v2/nothing`, {}],
];

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

  it('a spec of its own, dynamic generation: NotInBrowserError, which says what the browser build leaves out', async () => {
    await expect(createMock({ spec: 'openapi.json' })).rejects.toThrow(NotInBrowserError);
    await expect(createMock({ dynamic: true })).rejects.toThrow(/dynamic generation needs Prism's whole mocker/);
    const mock = await createMock({ log: { write: () => undefined } });
    const response = await mock.fetch(`${BASE}/v2/system_users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'dynamic=true' },
      body: '{"email":"a@example.org"}',
    });
    expect(response.status).toBe(500);
  });

  it('mswHandlers: one handler for every request under the base URL', async () => {
    const handlers = mswHandlers(BASE, await createMock());
    expect(handlers).toHaveLength(1);
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

  it('mswHandlers without a mock: one made in the page on the first request, with the options given', async () => {
    const [url, init] = requests[0] as [string, RequestInit];
    const byDefault = await getResponse(mswHandlers(BASE), new Request(url, init));
    expect(byDefault?.status).toBe(200);
    const logged: string[] = [];
    const handlers = mswHandlers(`${BASE}/`, { logLevel: 'info', log: { write: (line) => void logged.push(line) } });
    expect((await getResponse(handlers, new Request(url, init)))?.status).toBe(200);
    expect(logged.length).toBeGreaterThan(0);
  });
});
