// The check of scenarios (src/mock/scenarios/check.ts) through its exports, against a contract made
// here: the list and each field of a scenario, and what a checked scenario is.
// test/unit/mock/scenarios.test.ts runs the same through the mock's doors; here each edge of a rule
// is pinned where a door cannot reach it (a function's match over HTTP, a list that is not one).
import { describe, expect, it, vi } from 'vitest';
import { check, refusal, violations } from '../../../support/scenarios.js';

describe('checkScenarios: the list and each scenario', () => {
  it('a list that is not one: its pointer is the empty one, and the message says "(the list)"', () => {
    const error = refusal(() => check({ operation: 'noPath', status: 503 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ScenarioError');
    expect(error.violations).toEqual([{ pointer: '', reason: 'scenarios must be a list' }]);
    expect(error.message).toBe('invalid scenario: (the list): scenarios must be a list');
  });

  it('an empty list adds nothing; the message lists every violation, each after its pointer, joined by "; "', () => {
    expect(check([])).toEqual([]);
    expect(refusal(() => check([5, { operation: 'noPath', status: 600 }])).message).toBe(
      'invalid scenario: /0: a scenario must be an object; /1/status: status must be a whole number from 200 to 599',
    );
  });

  it('a scenario that is not an object (null, a list, a string): "a scenario must be an object", and nothing else of it', () => {
    expect(violations([null, ['noPath'], 'noPath'])).toEqual([
      { pointer: '/0', reason: 'a scenario must be an object' },
      { pointer: '/1', reason: 'a scenario must be an object' },
      { pointer: '/2', reason: 'a scenario must be an object' },
    ]);
  });

  it('an unknown field is named with the known ones; a pointer escapes ~ and / in a name', () => {
    expect(violations([{ operation: 'noPath', status: 503, 'a/b~c': 1 }])).toEqual([
      {
        pointer: '/0/a~1b~0c',
        reason: 'unknown field "a/b~c" (known: operation, status, body, headers, delay, fault, times, match, session)',
      },
    ]);
  });

  it("the operation is an operationId of the contract, as a string (a list holding one is not); the reason lists the contract's", () => {
    const reason = 'operation must be an operationId of the spec: withPath, noPath';
    expect(
      violations([{ operation: ['noPath'], status: 503 }, { status: 503 }, { operation: 'other', delay: 1 }]),
    ).toEqual([
      { pointer: '/0/operation', reason },
      { pointer: '/1/operation', reason },
      { pointer: '/2/operation', reason },
    ]);
  });

  it('a status is a whole number from 200 to 599: 600, 199, 503.5 and "503" are not', () => {
    const reason = 'status must be a whole number from 200 to 599';
    expect(
      violations([600, 199, 503.5, '503'].map((status) => ({ operation: 'noPath', status }))).map((v) => v.pointer),
    ).toEqual(['/0/status', '/1/status', '/2/status', '/3/status']);
    expect(violations([{ operation: 'noPath', status: 600 }])).toEqual([{ pointer: '/0/status', reason }]);
    expect(check([200, 599].map((status) => ({ operation: 'noPath', status }))).map((r) => r.answer?.status)).toEqual([
      200, 599,
    ]);
  });

  it('times is a whole number of at least 1: 1.5 and "2" are not; 1 is, and it is what is left', () => {
    const reason = 'times must be a whole number of at least 1';
    expect(violations([1.5, '2'].map((times) => ({ operation: 'noPath', status: 503, times })))).toEqual([
      { pointer: '/0/times', reason },
      { pointer: '/1/times', reason },
    ]);
    expect(
      check([
        { operation: 'noPath', status: 503, times: 1 },
        { operation: 'noPath', status: 503 },
      ]).map((r) => r.left),
    ).toEqual([1, null]);
  });

  it('a delay is milliseconds or a range of them: a two-character string is neither', () => {
    expect(violations([{ operation: 'noPath', delay: '10' }])).toEqual([
      { pointer: '/0/delay', reason: 'delay must be milliseconds from 0 to 600000, or [min, max] with min ≤ max' },
    ]);
    expect(check([{ operation: 'noPath', delay: [0, 600_000] }])[0]?.delay).toEqual([0, 600_000]);
  });

  it('a fault answers nothing: with a body, or with headers, each is refused; a body or headers without a status too', () => {
    expect(
      violations([
        { operation: 'noPath', fault: 'hang', body: {} },
        { operation: 'noPath', fault: 'reset', headers: { 'x-a': 'b' } },
        { operation: 'noPath', delay: 5, headers: { 'x-a': 'b' } },
      ]),
    ).toEqual([
      { pointer: '/0/fault', reason: 'a fault has no status, body or headers: nothing is answered' },
      { pointer: '/0/body', reason: 'a body or headers need a status' },
      { pointer: '/1/fault', reason: 'a fault has no status, body or headers: nothing is answered' },
      { pointer: '/1/headers', reason: 'a body or headers need a status' },
      { pointer: '/2/headers', reason: 'a body or headers need a status' },
    ]);
  });

  it('headers: an object of names to strings; framing headers refused in any case; a value of Latin-1 and tabs taken', () => {
    expect(
      violations([
        { operation: 'noPath', status: 503, headers: 'Retry-After: 1' },
        { operation: 'noPath', status: 503, headers: ['Retry-After'] },
        {
          operation: 'noPath',
          status: 503,
          headers: { 'Transfer-Encoding': 'chunked', 'x-number': 5, 'x-del': 'a\x7fb', 'x-ok': 'caf\u00e9\tbar' },
        },
      ]),
    ).toEqual([
      { pointer: '/0/headers', reason: 'headers must be an object of header names to strings' },
      { pointer: '/1/headers', reason: 'headers must be an object of header names to strings' },
      {
        pointer: '/2/headers/Transfer-Encoding',
        reason: 'the mock frames the answer itself: this header cannot be set',
      },
      {
        pointer: '/2/headers/x-number',
        reason: 'a header value must be a string without CR, LF or other control characters',
      },
      {
        pointer: '/2/headers/x-del',
        reason: 'a header value must be a string without CR, LF or other control characters',
      },
    ]);
    expect(
      check([{ operation: 'noPath', status: 503, headers: { 'x-ok': 'caf\u00e9\tbar' } }])[0]?.answer?.headers,
    ).toEqual([['x-ok', 'caf\u00e9\tbar']]);
  });

  it('match: path and query objects of strings, path names of the operation (listing them, or saying it has none)', () => {
    expect(
      violations([
        { operation: 'withPath', status: 503, match: { path: 'project_id=1' } },
        { operation: 'withPath', status: 503, match: { query: { limit: 1 } } },
        { operation: 'withPath', status: 503, match: { path: { other: '1' } } },
        { operation: 'noPath', status: 503, match: { path: { project_id: '1' } } },
        { operation: 'noPath', status: 503, match: ['path'] },
      ]),
    ).toEqual([
      { pointer: '/0/match/path', reason: 'match.path must be an object of names to strings' },
      { pointer: '/1/match/query/limit', reason: 'must be a string (as sent)' },
      { pointer: '/2/match/path/other', reason: 'not a path parameter of withPath (it has project_id, run_id)' },
      { pointer: '/3/match/path/project_id', reason: 'not a path parameter of noPath (it has none)' },
      { pointer: '/4/match', reason: 'match must be { path?, query? } or, in-process, a function of the request' },
    ]);
  });

  it('a function as match is refused where functions are not taken (over HTTP), as is a session field', () => {
    expect(
      violations([{ operation: 'noPath', status: 503, match: () => true, session: 'qa' }], {
        functions: false,
        session: 'qa',
      }),
    ).toEqual([
      { pointer: '/0/session', reason: "over HTTP the session is the request's X-Mock-Session header" },
      { pointer: '/0/match', reason: 'match must be an object (functions only in-process)' },
    ]);
  });

  it('a session that is not a string is refused, not dropped', () => {
    expect(violations([{ operation: 'noPath', status: 503, session: 7 }])).toEqual([
      { pointer: '/0/session', reason: 'session must be a name of 1 to 200 characters' },
    ]);
  });
});

describe('checkScenarios: what a checked scenario is', () => {
  it("a documented status's body is checked by the contract, its violations under the scenario's body; an undocumented one's is not", () => {
    expect(violations([{ operation: 'withPath', status: 422, body: { bad: 1 } }])).toEqual([
      { pointer: '/0/body/bad/422', reason: 'bad is bad' },
    ]);
    expect(check([{ operation: 'noPath', status: 503, body: { any: 'thing' } }])[0]?.answer).toEqual({
      status: 503,
      documented: false,
      headers: [],
      body: { any: 'thing' },
      text: '{"any":"thing"}',
    });
  });

  it('a documented status takes a JSON Content-Type only: application/json with parameters, in any case', () => {
    const given = (type: string) => ({
      operation: 'withPath',
      status: 200,
      body: {},
      headers: { 'content-type': type },
    });
    for (const type of [
      'application/json',
      'APPLICATION/JSON',
      'application/json;charset=utf-8',
      'application/json  ; q=1',
    ])
      expect(check([given(type)])).toHaveLength(1);
    const reason = 'withPath documents 200 as application/json';
    for (const type of [
      'application/jsonx',
      'x-application/json',
      'application/json-seq',
      'text/json',
      'application/json x',
    ])
      expect(violations([given(type)])).toEqual([{ pointer: '/0/headers/content-type', reason }]);
  });

  it('a string body is sent as is with a Content-Type that is not JSON, and as a JSON string otherwise', () => {
    const [html, plain, json] = check([
      { operation: 'noPath', status: 502, body: '<p>é</p>', headers: { 'Content-Type': 'text/html' } },
      { operation: 'noPath', status: 502, body: '<p>é</p>' },
      { operation: 'noPath', status: 502, body: '<p>é</p>', headers: { 'content-type': 'application/vnd.x+JSON' } },
    ]);
    expect([html?.answer?.text, plain?.answer?.text, json?.answer?.text]).toEqual([
      '<p>é</p>',
      '"<p>é</p>"',
      '"<p>é</p>"',
    ]);
  });

  it('the Content-Type is the header of that name among others; a body that is not a string is JSON whatever it says', () => {
    const [text, object] = check([
      { operation: 'noPath', status: 502, body: 'hi', headers: { 'X-Kind': 'json', 'content-type': 'text/plain' } },
      { operation: 'noPath', status: 502, body: { a: 1 }, headers: { 'Content-Type': 'text/plain' } },
    ]);
    expect([text?.answer?.text, object?.answer?.text]).toEqual(['hi', '{"a":1}']);
    expect(
      violations([
        { operation: 'withPath', status: 200, body: {}, headers: { 'Retry-After': '1', 'Content-Type': 'text/plain' } },
      ]),
    ).toEqual([{ pointer: '/0/headers/content-type', reason: 'withPath documents 200 as application/json' }]);
    expect(
      check([
        {
          operation: 'withPath',
          status: 200,
          body: {},
          headers: { 'X-Kind': 'text', 'Content-Type': 'application/json' },
        },
      ]),
    ).toHaveLength(1);
  });

  it('a body that is no JSON value (a function, a bigint) is refused', () => {
    const reason = 'body must be a JSON value (or a string, with a Content-Type that is not JSON)';
    expect(
      violations([
        { operation: 'noPath', status: 503, body: () => 1 },
        { operation: 'noPath', status: 503, body: { n: 1n } },
      ]),
    ).toEqual([
      { pointer: '/0/body', reason },
      { pointer: '/1/body', reason },
    ]);
  });

  it("a documented status without a body gets the contract's example; an undocumented one none", () => {
    const [documented, undocumented] = check([
      { operation: 'withPath', status: 422 },
      { operation: 'withPath', status: 404 },
    ]);
    expect(documented?.answer).toStrictEqual({ status: 422, documented: true, headers: [], body: { example: 422 } });
    expect(check([{ operation: 'withPath', status: 200, body: { given: true } }])[0]?.answer).toStrictEqual({
      status: 200,
      documented: true,
      headers: [],
      body: { given: true },
      text: '{"given":true}',
    });
    expect(undocumented?.answer).toStrictEqual({ status: 404, documented: false, headers: [], body: undefined });
  });

  it('each rule: its index in its session (from firstIndex, counted on within the list), session, listing, delay, fault and match', () => {
    const firstIndex = vi.fn((session: string) => (session === 'qa' ? 5 : 0));
    const fn = (): boolean => true;
    const rules = check(
      [
        {
          operation: 'withPath',
          status: 503,
          headers: { 'Retry-After': '1' },
          delay: [1, 2],
          times: 2,
          match: { path: { run_id: 'r' } },
          session: 'qa',
        },
        { operation: 'noPath', fault: 'hang', match: fn },
        { operation: 'withPath', delay: 3, match: { query: { q: 'x' } }, session: 'qa' },
      ],
      { firstIndex, session: 'other' },
    );
    expect(firstIndex.mock.calls).toEqual([['qa'], ['other']]);
    expect(rules).toStrictEqual([
      {
        index: 5,
        operation: 'withPath',
        session: 'qa',
        left: 2,
        listed: {
          operation: 'withPath',
          status: 503,
          documented: false,
          headers: { 'Retry-After': '1' },
          delay: [1, 2],
          match: { path: { run_id: 'r' } },
        },
        delay: [1, 2],
        answer: { status: 503, documented: false, headers: [['Retry-After', '1']], body: undefined },
        match: { path: [['run_id', 'r']], query: [] },
      },
      {
        index: 0,
        operation: 'noPath',
        session: 'other',
        left: null,
        listed: { operation: 'noPath', fault: 'hang', match: 'function' },
        fault: 'hang',
        match: fn,
      },
      {
        index: 6,
        operation: 'withPath',
        session: 'qa',
        left: null,
        listed: { operation: 'withPath', delay: 3, match: { query: { q: 'x' } } },
        delay: 3,
        match: { path: [], query: [['q', 'x']] },
      },
    ]);
    expect(check([{ operation: 'withPath', status: 200, body: 'b' }])[0]?.listed).toStrictEqual({
      operation: 'withPath',
      status: 200,
      documented: true,
      body: 'b',
    });
  });
});
