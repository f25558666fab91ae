// The in-process mock (src/mock/mock.ts) through createMock's methods: a Request already aborted,
// the reset fault's error as fetch words it, waitFor of one session, and a settled waitFor that
// stops watching the journal. The answers themselves are test/unit/mock/index.test.ts and
// parity.test.ts; scenarios and the journal, scenarios.test.ts.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionResetError, createMock, WaitForTimeoutError, type Mock } from '../../../src/mock/index.js';
import { Journal } from '../../../src/mock/control/journal.js';

const BASE = 'https://api.example.test';
const SCORER = '9a7c3e15-2b8d-4c6f-a041-7e5d3b9c1f28';
const LUNA3 = `${BASE}/v2/scorers/${SCORER}/version/luna3`;
const post = (headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'service-ao-api-key': 'test-key', ...headers },
  body: '{}',
});
const quiet = () => createMock({ log: new PassThrough() });

afterEach(() => vi.restoreAllMocks());

describe('handle', () => {
  it('rejects a Request already aborted with its reason, and records nothing', async () => {
    const mock = await quiet();
    const reason = new Error('gone');
    const error = await mock
      .handle(new Request(LUNA3, { ...post(), signal: AbortSignal.abort(reason) }))
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(mock.received).toEqual([]);
    // the same Request not aborted is answered
    expect((await mock.handle(new Request(LUNA3, post()))).status).toBe(200);
  });
});

describe("a scenario's reset fault", () => {
  it("rejects as fetch does: a TypeError 'fetch failed', caused by a ConnectionResetError that says why", async () => {
    const mock = await quiet();
    mock.use({ operation: 'createLuna3ScorerVersion', fault: 'reset' });
    for (const call of [() => mock.fetch(LUNA3, post()), () => mock.handle(new Request(LUNA3, post()))]) {
      const error = (await call().catch((e: unknown) => e)) as TypeError;
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe('fetch failed');
      expect(error.cause).toBeInstanceOf(ConnectionResetError);
      expect((error.cause as Error).message).toBe("the mock dropped the connection (a scenario's reset fault)");
    }
  });
});

describe('waitFor', () => {
  it("of one session counts that session's requests only, and lists only them when it times out", async () => {
    const mock = await quiet();
    await mock.fetch(LUNA3, post());
    await mock.fetch(LUNA3, post({ 'x-mock-session': 'qa' }));
    expect(await mock.waitFor('createLuna3ScorerVersion', { session: 'qa' })).toMatchObject([{ session: 'qa' }]);
    const error = (await mock
      .waitFor('createLuna3ScorerVersion', { session: 'qa', count: 2, timeout: 1 })
      .catch((e: unknown) => e)) as WaitForTimeoutError;
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect(error.received.map((r) => r.session)).toEqual(['qa']);
    expect(error.message).toMatch(/: 1 of 2 requests arrived in 1 ms; the mock received 1: /);
  });

  /** How often the mock reads its journal while `run` sends requests. */
  async function readsDuring(run: () => Promise<unknown>): Promise<number> {
    const list = vi.spyOn(Journal.prototype, 'list');
    await run();
    const reads = list.mock.calls.length;
    list.mockRestore();
    return reads;
  }
  const more = (mock: Mock) => async () => {
    for (let i = 0; i < 3; i++) await mock.fetch(LUNA3, post());
  };

  it('settled, watches the journal no more: resolved at once, resolved later, or timed out', async () => {
    const mock = await quiet();
    // a pending waitFor reads the journal once a request
    const pending = mock.waitFor('createLuna3ScorerVersion', { count: 14 });
    expect(await readsDuring(more(mock))).toBe(3);
    // resolved at once: only the pending one reads
    expect(await mock.waitFor('createLuna3ScorerVersion')).toHaveLength(3);
    expect(await readsDuring(more(mock))).toBe(3);
    // resolved by a later request
    const later = mock.waitFor('createLuna3ScorerVersion', { count: 7 });
    await mock.fetch(LUNA3, post());
    expect(await later).toHaveLength(7);
    expect(await readsDuring(more(mock))).toBe(3);
    // timed out
    await expect(mock.waitFor('createOrVerifyUser', { timeout: 1 })).rejects.toThrow(WaitForTimeoutError);
    expect(await readsDuring(more(mock))).toBe(3);
    await mock.fetch(LUNA3, post());
    expect(await pending).toHaveLength(14);
    expect(await readsDuring(more(mock))).toBe(0);
  });
});

describe("a 422's input: the numbers as FastAPI writes them back", () => {
  it('an integer past 2⁵³ exact, a float with its fraction or exponent, as Python writes them', async () => {
    const mock = await quiet();
    const response = await mock.fetch(LUNA3, {
      ...post(),
      body: '{"instruction": 18446744073709551616, "adapter_path": 2.0, "threshold": "x", "class_name_to_vocab_ix": 0.00001}',
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    // The items in the model's order of fields: instruction, adapter_path, class_name_to_vocab_ix, threshold.
    expect([...text.matchAll(/"input":([^,}]*)/g)].map((match) => match[1])).toEqual([
      '18446744073709551616',
      '2.0',
      '1e-05',
      '"x"',
    ]);
    // The same values read back by a JavaScript client.
    expect((JSON.parse(text) as { detail: { input: unknown }[] }).detail.map((item) => item.input)).toEqual([
      2 ** 64,
      2,
      0.00001,
      'x',
    ]);
  });
});
