// What applies a scenario's pick (src/mock/scenarios/apply.ts) through its own exports: contractOf on
// a small spec, scenarioLabel, scenarioReply, wait and untilAborted (and the listeners a wait leaves
// behind).
import { getEventListeners } from 'node:events';
import { STATUS_CODES } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractOf, scenarioLabel, scenarioReply, untilAborted, wait } from '../../../../src/mock/scenarios/apply.js';
import { type ContractOperation } from '../../../../src/mock/scenarios/check.js';
import { type Picked } from '../../../../src/mock/scenarios/store.js';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { plainPrism, type PlainPrism } from '../../../../src/mock/prism/adapter.js';
import type { Resource } from '../../../../src/mock/prism/prism-types.js';
import { Spec } from '../../../../src/mock/prism/spec.js';

describe('contractOf: what the check reads of each operation of a spec', () => {
  const object = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
  const DOCUMENT = {
    openapi: '3.1.0',
    info: { title: 'items', version: '1' },
    paths: {
      '/items/{item_id}': {
        parameters: [{ name: 'item_id', in: 'path', required: true, schema: { type: 'string' } }],
        post: {
          operationId: 'makeItem',
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'a text first, then JSON with an example; a required header',
              headers: { 'X-Required': { required: true, schema: { type: 'string' } } },
              content: {
                'text/plain': { schema: { type: 'string' } },
                'application/json': {
                  schema: {
                    ...object,
                    properties: {
                      ...object.properties,
                      'a/b': { type: 'object', properties: { 'c~d': { type: 'integer' } } },
                    },
                  },
                  examples: { first: { value: { n: 1 } } },
                },
              },
            },
            '201': {
              description: 'a schema only, of a JSON type in capitals',
              content: {
                'application/problem+JSON': {
                  schema: { type: 'object', required: ['m'], properties: { m: { type: 'string', enum: ['made'] } } },
                },
              },
            },
            '202': {
              description: 'an example without a value',
              content: {
                'application/json': {
                  schema: { type: 'string', enum: ['sampled'] },
                  examples: { far: { externalValue: 'https://example.test/far.json' } },
                },
              },
            },
            '203': { description: 'no body' },
            '204': {
              description: 'no JSON: a text, then any type',
              content: { 'text/plain': { schema: { type: 'string' } }, '*/*': { schema: object } },
            },
            default: { description: 'anything else' },
          },
        },
      },
      '/anonymous': { get: { responses: { '200': { description: 'no operationId' } } } },
    },
  };
  /** The contract of DOCUMENT, read by `prism`; made in each test, where Stryker's mutant is active. */
  async function contractFor(
    prism: PlainPrism = plainPrism(loadPrism()),
    edit: (resources: Resource[]) => void = () => undefined,
  ) {
    const resources = await loadPrism().getHttpOperationsFromSpec(structuredClone(DOCUMENT));
    edit(resources);
    return contractOf(prism, new Spec(structuredClone(DOCUMENT)), resources);
  }
  const makeItem = async (...args: Parameters<typeof contractFor>) =>
    (await contractFor(...args)).get('makeItem') as ContractOperation;

  it('the operations with an operationId; their path parameters and the numbered statuses they document', async () => {
    const contract = await contractFor();
    expect([...contract.keys()]).toEqual(['makeItem']);
    expect(contract.get('makeItem')?.pathParams).toEqual(['item_id']);
    expect(contract.get('makeItem')?.statuses).toEqual([200, 201, 202, 203, 204]);
  });

  it("a body's violations only, as JSON pointers into it (Prism's tokens, escaped already), with Prism's reasons", async () => {
    const operation = await makeItem();
    expect(operation.bodyViolations(200, { n: 1 })).toEqual([]);
    expect(operation.bodyViolations(200, { n: 'one', 'a/b': { 'c~d': 'x' } })).toEqual([
      { pointer: '/n', reason: 'Response body property n must be integer' },
      { pointer: '/a~1b/c~0d', reason: 'Response body property a~1b.c~0d must be integer' },
    ]);
    expect(operation.bodyViolations(200, [])).toEqual([{ pointer: '', reason: 'Response body must be object' }]);
    expect(operation.bodyViolations(201, { m: 'other' })).toEqual([
      { pointer: '/m', reason: expect.stringContaining('allowed values') },
    ]);
    // A status without JSON content: checked as JSON all the same (here against */*).
    expect(operation.bodyViolations(204, 'text')).toEqual([{ pointer: '', reason: 'Response body must be object' }]);
  });

  it("only errors at the body count: not a warning, nor an error elsewhere; a valid body's check has none", async () => {
    const prism = plainPrism(loadPrism());
    const violations = [
      { path: ['body', 'w'], severity: 1, message: 'a warning' },
      { severity: 0, message: 'an error without a path' },
      { path: ['header', 'x'], severity: 0, message: 'a header' },
      { path: ['body', 'e'], severity: 0, message: 'an error' },
    ];
    const warned = await makeItem({ ...prism, validateOutput: () => violations });
    expect(warned.bodyViolations(200, {})).toEqual([{ pointer: '/e', reason: 'an error' }]);
    const valid = await makeItem({ ...prism, validateOutput: () => [] });
    expect(valid.bodyViolations(200, {})).toEqual([]);
  });

  it("the example of a status: the spec's first example's value, else a sample of its schema, else none", async () => {
    const operation = await makeItem();
    expect(operation.example(200)).toEqual({ n: 1 });
    expect(operation.example(201)).toEqual({ m: 'made' });
    expect(operation.example(202)).toBe('sampled');
    expect(operation.example(203)).toBeUndefined();
    expect(operation.example(204)).toBeUndefined();
    expect(operation.example(599)).toBeUndefined();
  });

  it('a response Prism gives without its contents (its type allows it) has no example', async () => {
    const operation = await makeItem(undefined, (resources) => {
      for (const response of resources.find((r) => r.iid === 'makeItem')?.responses ?? []) delete response.contents;
    });
    expect(operation.example(200)).toBeUndefined();
  });
});

describe('scenarioLabel and scenarioReply', () => {
  const answer = (more: Partial<NonNullable<Picked['answer']>> = {}): NonNullable<Picked['answer']> => ({
    status: 503,
    documented: false,
    headers: [],
    body: undefined,
    ...more,
  });
  const by = { index: 3, operation: 'makeItem' };

  it('the label: the index and operation, or chaos; outside-contract only for an answer the operation does not document', () => {
    expect(scenarioLabel({ by, delay: 0 })).toBe('3 makeItem');
    expect(scenarioLabel({ by, delay: 0, answer: answer({ documented: true }) })).toBe('3 makeItem');
    expect(scenarioLabel({ by, delay: 0, answer: answer() })).toBe('3 makeItem outside-contract');
    expect(scenarioLabel({ by: 'chaos', delay: 0 })).toBe('chaos');
    expect(scenarioLabel({ by: 'chaos', delay: 0, fault: 'reset' })).toBe('chaos');
  });

  it("an undocumented status without a body: problem+json titled with Node's reason phrase for every status from 200 to 599", () => {
    for (let status = 200; status <= 599; status++) {
      const reply = scenarioReply({ by, delay: 0, answer: answer({ status }) }, 'makeItem');
      const title = (JSON.parse(reply.body as string) as { title: string }).title;
      expect(title, String(status)).toBe(STATUS_CODES[status] ?? `HTTP ${status}`);
    }
  });

  it("a text: its headers, the label, then its Content-Type (given in any case, else JSON's) and its length in bytes", () => {
    const headers: [string, string][] = [
      ['Retry-After', '2'],
      ['CONTENT-TYPE', 'text/html'],
    ];
    expect(scenarioReply({ by, delay: 0, answer: answer({ headers, text: '<p>é</p>' }) }, 'makeItem')).toEqual({
      status: 503,
      headers: [
        ['Retry-After', '2'],
        ['X-Mock-Scenario', '3 makeItem outside-contract'],
        ['Content-Type', 'text/html'],
        ['Content-Length', 9],
      ],
      body: '<p>é</p>',
    });
    expect(scenarioReply({ by, delay: 0, answer: answer({ text: '"é"' }) }, 'makeItem').headers).toEqual([
      ['X-Mock-Scenario', '3 makeItem outside-contract'],
      ['Content-Type', 'application/json'],
      ['Content-Length', 4],
    ]);
  });

  it("a documented status's example as JSON, with a Content-Type given or JSON's", () => {
    const example = answer({ status: 200, documented: true, body: { n: 1 } });
    expect(scenarioReply({ by, delay: 0, answer: example }, 'makeItem')).toEqual({
      status: 200,
      headers: [
        ['X-Mock-Scenario', '3 makeItem'],
        ['Content-Type', 'application/json'],
        ['Content-Length', 7],
      ],
      body: '{"n":1}',
    });
    const typed = { ...example, headers: [['content-type', 'application/vnd.x+json']] as [string, string][] };
    expect(scenarioReply({ by, delay: 0, answer: typed }, 'makeItem').headers).toContainEqual([
      'Content-Type',
      'application/vnd.x+json',
    ]);
  });

  it('no body: a problem+json (or the Content-Type given) saying which scenario, or the chaos, answered outside the contract', () => {
    expect(scenarioReply({ by: 'chaos', delay: 0, answer: answer({ status: 429 }) }, 'makeItem')).toEqual({
      status: 429,
      headers: [
        ['X-Mock-Scenario', 'chaos outside-contract'],
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', expect.any(Number)],
      ],
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail:
          "Too Many Requests, answered by the mock's run-wide chaos (--faults): makeItem does not document 429, so this answer is outside the contract.",
      }),
    });
    const typed = answer({ status: 598, headers: [['Content-Type', 'application/json']] });
    const reply = scenarioReply({ by, delay: 0, answer: typed }, 'makeItem');
    expect(reply.headers.slice(1, 2)).toEqual([['Content-Type', 'application/json']]);
    expect(JSON.parse(reply.body as string)).toMatchObject({
      title: 'HTTP 598',
      detail:
        'HTTP 598, answered by mock scenario 3: makeItem does not document 598, so this answer is outside the contract.',
    });
  });
});

describe('wait and untilAborted', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Whether `promise` settled before the next turn of the event loop, and how. */
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'resolved',
        (error: unknown) => ['rejected', error],
      ),
      new Promise((resolve) => setImmediate(() => resolve('pending'))),
    ]);

  it('no wait, or less: resolved at once (no timer); an aborted signal: rejected with its reason at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await settled(wait(0, undefined))).toBe('resolved');
    expect(await settled(wait(-1, new AbortController().signal))).toBe('resolved');
    expect(vi.getTimerCount()).toBe(0);
    expect(await settled(wait(0, AbortSignal.abort('gone')))).toEqual(['rejected', 'gone']);
    expect(await settled(wait(50, AbortSignal.abort('gone')))).toEqual(['rejected', 'gone']);
  });

  it("ends when the timers pass it, without a signal too, and leaves no listener on the caller's signal nor a timer", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const caller = new AbortController();
    const waiting = wait(60_000, caller.signal);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    expect(await settled(waiting)).toBe('pending');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await settled(waiting)).toBe('resolved');
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    const alone = wait(60_000, undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await settled(alone)).toBe('resolved');
  });

  it('ends on the real clock when fake timers are never advanced, and clears its own timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await wait(20, new AbortController().signal);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the caller's abort ends it with the reason, and removes its listener", async () => {
    const caller = new AbortController();
    const waiting = wait(60_000, caller.signal);
    caller.abort('bye');
    expect(await settled(waiting)).toEqual(['rejected', 'bye']);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('untilAborted: never settles without an abort (nor without a signal); rejects with the reason, at once when already aborted', async () => {
    expect(await settled(untilAborted(undefined))).toBe('pending');
    const caller = new AbortController();
    const hanging = untilAborted(caller.signal);
    expect(await settled(hanging)).toBe('pending');
    caller.abort('bye');
    expect(await settled(hanging)).toEqual(['rejected', 'bye']);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    expect(await settled(untilAborted(AbortSignal.abort('before')))).toEqual(['rejected', 'before']);
  });
});
