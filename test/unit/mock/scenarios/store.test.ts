// The scenarios' store (src/mock/scenarios/store.ts) through its exports, without a mock around it:
// adding, listing and clearing scenarios per session, what it picks for a request, and the run-wide
// chaos (checkChaos, seededRandom).
import { describe, expect, it, vi } from 'vitest';
import { checkChaos, createScenarioStore, seededRandom, type Picked } from '../../../../src/mock/scenarios/store.js';
import { type MatchedRequest } from '../../../../src/mock/scenarios/types.js';
import { check } from '../../../support/scenarios.js';

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
