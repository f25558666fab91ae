// The scenarios' store (src/mock/scenarios/store.ts) through its own exports, without a mock around
// it: the check of a list of scenarios (checkScenarios) against a contract made here, the store and
// its picks (createScenarioStore, the run-wide chaos, seededRandom). test/unit/mock/scenarios.test.ts
// runs the same through the mock's doors; here each edge of a rule is pinned where a door cannot
// reach it (a function's match over HTTP, a list that is not one).
import { describe, expect, it, vi } from 'vitest';
import {
  checkChaos,
  checkScenarios,
  createScenarioStore,
  ScenarioError,
  seededRandom,
  type ContractOperation,
  type MatchedRequest,
  type Picked,
  type Rule,
} from '../../../../src/mock/scenarios/store.js';

/** Two operations: `withPath` (two path parameters, 200 and 422 documented) and `noPath` (none, 200). */
const CONTRACT = new Map<string, ContractOperation>([
  [
    'withPath',
    {
      pathParams: ['project_id', 'run_id'],
      statuses: [200, 422],
      bodyViolations: (status, body) =>
        (body as { bad?: unknown }).bad === undefined ? [] : [{ pointer: `/bad/${status}`, reason: 'bad is bad' }],
      example: (status) => ({ example: status }),
    },
  ],
  [
    'noPath',
    {
      pathParams: [],
      statuses: [200],
      bodyViolations: () => [{ pointer: '', reason: 'never valid' }],
      example: () => 'the example',
    },
  ],
]);

type Options = Partial<Parameters<typeof checkScenarios>[2]>;
const check = (list: unknown, options: Options = {}): Rule[] =>
  checkScenarios(list, CONTRACT, { functions: true, firstIndex: () => 0, ...options });

/** The ScenarioError `run` throws. */
function refusal(run: () => unknown): ScenarioError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('no ScenarioError');
}
/** The violations of checking `list`. */
const violations = (list: unknown, options: Options = {}) => refusal(() => check(list, options)).violations;

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

/** A valid request of `operationId` in `session`. */
const request = (
  operationId: string,
  more: {
    session?: string;
    path?: string;
    pathParams?: Record<string, string>;
    query?: Record<string, string | string[]>;
    valid?: boolean;
  } = {},
): MatchedRequest =>
  ({
    operationId,
    session: 'default',
    method: 'POST',
    path: '/p',
    pathParams: {},
    query: {},
    valid: true,
    body: null,
    ...more,
  }) as MatchedRequest;
const rules = (list: unknown[], firstIndex = 0) => check(list, { firstIndex: () => firstIndex });

describe('createScenarioStore: adding, listing, clearing', () => {
  it('the next index of a session follows its highest (0 for a session without any)', () => {
    const store = createScenarioStore('s');
    expect(store.nextIndex('default')).toBe(0);
    store.add(rules([{ operation: 'noPath', status: 503 }], 5));
    store.add(rules([{ operation: 'noPath', status: 504 }], 2));
    expect(store.nextIndex('default')).toBe(6);
    expect(store.nextIndex('qa')).toBe(0);
  });

  it("a session's listing is in index order across operations, with what is left of each", () => {
    const store = createScenarioStore('s');
    store.add(
      check(
        [
          { operation: 'noPath', status: 503, times: 2 },
          { operation: 'withPath', status: 504 },
          { operation: 'noPath', delay: 1 },
        ],
        { firstIndex: store.nextIndex },
      ),
    );
    expect(store.list('default')).toStrictEqual([
      { index: 0, operation: 'noPath', status: 503, documented: false, left: 2 },
      { index: 1, operation: 'withPath', status: 504, documented: false, left: null },
      { index: 2, operation: 'noPath', delay: 1, left: null },
    ]);
    expect(store.list('qa')).toEqual([]);
  });

  it('clear(session) forgets that session only, and its numbering; clear() forgets every one', () => {
    const store = createScenarioStore('s');
    store.add(rules([{ operation: 'noPath', status: 503, session: 'a' }], 3));
    store.add(rules([{ operation: 'noPath', status: 503, session: 'b' }], 4));
    store.clear('a');
    expect([store.list('a'), store.nextIndex('a'), store.list('b').length, store.nextIndex('b')]).toEqual([
      [],
      0,
      1,
      5,
    ]);
    store.clear();
    expect([store.list('b'), store.nextIndex('b')]).toEqual([[], 0]);
  });
});

describe('createScenarioStore: what it picks', () => {
  it('with no scenario anywhere and no chaos the request is not even read', () => {
    const store = createScenarioStore('s');
    const read = vi.fn(() => request('noPath'));
    expect(store.pick(read)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
    store.add(rules([{ operation: 'noPath', status: 503, session: 'qa' }]));
    expect(store.pick(read)).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
    store.clear();
    expect(createScenarioStore('s', { faults: 0 }).pick(read)).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("the first scenario of the request's session and operation that applies; only the fields it has", () => {
    const store = createScenarioStore('s');
    store.add(
      rules([
        { operation: 'withPath', status: 503, match: { path: { run_id: 'r' } } },
        { operation: 'withPath', delay: [10, 10], fault: 'reset' },
        { operation: 'noPath', delay: 7 },
      ]),
    );
    expect(store.pick(() => request('withPath', { pathParams: { run_id: 'r' } }))).toStrictEqual({
      by: { index: 0, operation: 'withPath' },
      delay: 0,
      answer: { status: 503, documented: false, headers: [], body: undefined },
    });
    expect(store.pick(() => request('withPath', { pathParams: { run_id: 'other' } }))).toStrictEqual({
      by: { index: 1, operation: 'withPath' },
      delay: 10,
      fault: 'reset',
    });
    expect(store.pick(() => request('noPath'))).toStrictEqual({ by: { index: 2, operation: 'noPath' }, delay: 7 });
    expect(store.pick(() => request('noPath', { session: 'qa' }))).toBeUndefined();
    expect(store.pick(() => request('other'))).toBeUndefined();
  });

  it('a status applies to valid requests only; a fault or a delay to invalid ones too', () => {
    const store = createScenarioStore('s');
    store.add(
      rules([
        { operation: 'withPath', status: 503 },
        { operation: 'withPath', fault: 'hang' },
      ]),
    );
    expect(store.pick(() => request('withPath', { valid: false }))?.by).toEqual({ index: 1, operation: 'withPath' });
    expect(store.pick(() => request('withPath'))?.by).toEqual({ index: 0, operation: 'withPath' });
  });

  it('a function applies when it returns true itself (not another truthy value), and is asked with the request', () => {
    const store = createScenarioStore('s');
    const asked: MatchedRequest[] = [];
    const truthy = ((r: MatchedRequest) => (asked.push(r), 1)) as unknown as () => boolean;
    store.add(
      rules([
        { operation: 'noPath', delay: 1, match: truthy },
        { operation: 'noPath', delay: 2 },
      ]),
    );
    const sent = request('noPath', { path: '/sent' });
    expect(store.pick(() => sent)?.delay).toBe(2);
    expect(asked).toEqual([sent]);
  });

  it('match: every path parameter and query parameter named, a repeated one among its values', () => {
    const store = createScenarioStore('s');
    store.add(
      rules([
        { operation: 'withPath', delay: 1, match: { path: { project_id: 'p', run_id: 'r' }, query: { q: 'x' } } },
      ]),
    );
    const pick = (pathParams: Record<string, string>, query: Record<string, string | string[]>) =>
      store.pick(() => request('withPath', { pathParams, query }))?.delay;
    expect(pick({ project_id: 'p', run_id: 'r' }, { q: 'x' })).toBe(1);
    expect(pick({ project_id: 'p', run_id: 'r' }, { q: ['y', 'x'] })).toBe(1);
    expect(pick({ project_id: 'p', run_id: 'other' }, { q: 'x' })).toBeUndefined();
    expect(pick({ project_id: 'other', run_id: 'r' }, { q: 'x' })).toBeUndefined();
    expect(pick({ project_id: 'p', run_id: 'r' }, { q: ['y'] })).toBeUndefined();
    expect(pick({ project_id: 'p', run_id: 'r' }, {})).toBeUndefined();
  });

  it('times: counted down on each use, then gone; the scenarios after it stay, in their order', () => {
    const store = createScenarioStore('s');
    store.add(
      rules([
        { operation: 'noPath', delay: 1, times: 2 },
        { operation: 'noPath', delay: 2, times: 1 },
        { operation: 'noPath', delay: 3 },
      ]),
    );
    expect([1, 2, 3, 4, 5].map(() => store.pick(() => request('noPath'))?.delay)).toEqual([1, 1, 2, 3, 3]);
    expect(store.list('default').map((s) => [s.index, s.left])).toEqual([[2, null]]);
  });

  it('a range delay is drawn from the seed: the same seed, the same delays', () => {
    const delays = (seed: string) => {
      const store = createScenarioStore(seed);
      store.add(rules([{ operation: 'noPath', delay: [100, 200] }]));
      return [1, 2, 3].map(() => store.pick(() => request('noPath'))?.delay);
    };
    const random = seededRandom('one');
    expect(delays('one')).toEqual([1, 2, 3].map(() => Math.round(100 + random() * 100)));
    expect(delays('two')).not.toEqual(delays('one'));
  });
});

describe('the run-wide chaos', () => {
  it('latency alone: every request waits a drawn time, labelled chaos, after the scenarios; nothing else is drawn', () => {
    const store = createScenarioStore('seed', { latency: [0, 1000] });
    store.add(rules([{ operation: 'noPath', delay: 5 }]));
    const random = seededRandom('seed');
    expect(store.pick(() => request('noPath'))).toStrictEqual({ by: { index: 0, operation: 'noPath' }, delay: 5 });
    expect([1, 2, 3].map(() => store.pick(() => request('withPath')))).toStrictEqual(
      [1, 2, 3].map(() => ({ by: 'chaos', delay: Math.round(random() * 1000) })),
    );
    expect(createScenarioStore('seed', { latency: 40, faults: 0 }).pick(() => request('noPath'))).toStrictEqual({
      by: 'chaos',
      delay: 40,
    });
  });

  it('faults: a drawn share of the requests, each then a reset or a 503 with Retry-After (half each); the others untouched', () => {
    const store = createScenarioStore('seed', { faults: 0.5 });
    const random = seededRandom('seed');
    const expected = Array.from({ length: 40 }, () =>
      random() < 0.5
        ? random() < 0.5
          ? { by: 'chaos', delay: 0, fault: 'reset' }
          : {
              by: 'chaos',
              delay: 0,
              answer: { status: 503, documented: false, headers: [['Retry-After', '1']], body: undefined },
            }
        : undefined,
    );
    expect(new Set(expected.map((e) => (e ? (e.fault ?? e.answer?.status) : 'none')))).toEqual(
      new Set(['reset', 503, 'none']),
    );
    expect(expected.map(() => store.pick(() => request('noPath')))).toStrictEqual(expected);
  });

  it('faults with latency: the delay is drawn first, then whether and how it fails', () => {
    const store = createScenarioStore('mock', { latency: [10, 20], faults: 1 });
    const random = seededRandom('mock');
    const expected = Array.from({ length: 10 }, () => {
      const delay = Math.round(10 + random() * 10);
      random();
      return [delay, random() < 0.5 ? 'reset' : 503];
    });
    expect(
      expected.map(() => {
        const picked = store.pick(() => request('noPath')) as Picked;
        return [picked.delay, picked.fault ?? picked.answer?.status];
      }),
    ).toEqual(expected);
  });

  it('checkChaos: faults is a number from 0 to 1 (not a string of one); latency a delay or a range', () => {
    expect(() => checkChaos({ faults: '0.5' as never })).toThrow(new RangeError('faults must be a share from 0 to 1'));
    expect(() => checkChaos({ latency: '10' as never })).toThrow(RangeError);
    expect(() => checkChaos({ faults: 0.5, latency: [1, 2] })).not.toThrow();
    expect(() => checkChaos({})).not.toThrow();
  });

  it('seededRandom: draws in [0, 1) from the seed (FNV-1a, then mulberry32), the same for the same seed', () => {
    const draws = (seed: string) => {
      const random = seededRandom(seed);
      return [random(), random(), random()].map((r) => r * 2 ** 32);
    };
    expect(draws('')).toEqual([2625274932, 2119670693, 3324411561]);
    expect(draws('mock')).toEqual([975226954, 3852357356, 1776139693]);
    expect(draws('ab')).toEqual([3408657138, 4024348817, 704069806]);
  });
});
