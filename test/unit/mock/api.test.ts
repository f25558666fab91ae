// The mock's errors (src/mock/api.ts), made as the mock makes them: their names and codes, and what
// WaitForTimeoutError's message says of what arrived. createMock's waitFor throws it
// (test/unit/mock/scenarios.test.ts, "the typed journal").
import { describe, expect, it } from 'vitest';
import { ConnectionResetError, WaitForTimeoutError, type ReceivedRequest } from '../../../src/mock/api.js';

/** A journal entry of `operationId` (null: none matched) at `path`. */
const entry = (operationId: string | null, path: string, status: number | null = 200): ReceivedRequest => ({
  session: 'default',
  operationId,
  method: 'POST',
  path,
  pathParams: {},
  query: {},
  valid: true,
  body: null,
  bodyBytes: 0,
  status,
  unanswered: status === null ? 'reset' : null,
  scenario: null,
  outsideContract: false,
});

describe('ConnectionResetError', () => {
  it("is named and coded as Node's own reset (ECONNRESET)", () => {
    const error = new ConnectionResetError('dropped');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message]).toEqual(['ConnectionResetError', 'ECONNRESET', 'dropped']);
    expect(String(error)).toBe('ConnectionResetError: dropped');
  });
});

describe('WaitForTimeoutError', () => {
  it('is named, and keeps the operation, the count wanted and what was received', () => {
    const received = [entry('logTraces', '/a')];
    const error = new WaitForTimeoutError('logTraces', 2, received, 10);
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.operation, error.wanted, error.received]).toEqual([
      'WaitForTimeoutError',
      'logTraces',
      2,
      received,
    ]);
    expect(String(error)).toMatch(/^WaitForTimeoutError: waitFor\('logTraces'\)/);
  });

  it('says "nothing" when nothing arrived', () => {
    expect(new WaitForTimeoutError('logTraces', 1, [], 50).message).toBe(
      "waitFor('logTraces'): 0 of 1 requests arrived in 50 ms; the mock received nothing",
    );
  });

  it("counts only the awaited operation's requests as arrived, and lists every one received, a dropped one by why", () => {
    const received = [entry('logTraces', '/t'), entry(null, '/nowhere', 404), entry('other', '/o', null)];
    expect(new WaitForTimeoutError('logTraces', 3, received, 75).message).toBe(
      "waitFor('logTraces'): 1 of 3 requests arrived in 75 ms; the mock received 3: " +
        'POST /t (logTraces) 200; POST /nowhere (no operation) 404; POST /o (other) reset',
    );
  });

  it('lists all of 20, and only the last 20 past that, saying so', () => {
    const sent = (n: number) => Array.from({ length: n }, (_, i) => entry('logTraces', `/${i}`));
    const twenty = new WaitForTimeoutError('logTraces', 21, sent(20), 5).message;
    expect(twenty).toBe(
      `waitFor('logTraces'): 20 of 21 requests arrived in 5 ms; the mock received 20: ${sent(20)
        .map((r) => `POST ${r.path} (logTraces) 200`)
        .join('; ')}`,
    );
    const many = new WaitForTimeoutError('logTraces', 30, sent(23), 5).message;
    expect(many).toBe(
      `waitFor('logTraces'): 23 of 30 requests arrived in 5 ms; the mock received 23, the last 20: ${sent(23)
        .slice(3)
        .map((r) => `POST ${r.path} (logTraces) 200`)
        .join('; ')}`,
    );
  });
});
