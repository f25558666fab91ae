// The allow lists of drift (src/verify/drift-baseline.ts) on differences built here: what a pinned
// entry covers and what it does not, next to an entry without a pin, and which reason wins.
import { describe, expect, it } from 'vitest';
import type { Difference } from '../../../src/verify/cassette.js';
import { allowMatcher, baselineOf, parseDriftAllowList } from '../../../src/verify/drift-baseline.js';

const ctx: Difference = {
  field: 'ctx',
  kind: 'ctx of string_too_long',
  expected: { max_length: 100, unit: 'characters' },
  actual: { max_length: 255, unit: 'characters' },
  item: { index: 0, type: 'string_too_long', loc: ['body', 'name'] },
};
const request = 'updateAnnotationTemplate constraint: body name maxLength 255';
const [entry] = baselineOf([{ request, difference: ctx }], 'baseline');
const list = (entries: unknown[]) => parseDriftAllowList(JSON.stringify(entries), 'allow.json');

describe('allowMatcher', () => {
  it.each<[string, unknown[], string, Difference, string | undefined]>([
    ['its own difference', [entry], request, ctx, 'baseline'],
    [
      'its own difference, the keys of a value in another order',
      [{ ...entry, pin: { ...entry!.pin, provider: { unit: 'characters', max_length: 100 } } }],
      request,
      ctx,
      'baseline',
    ],
    ['another request', [entry], `${request} x`, ctx, undefined],
    ['another value', [entry], request, { ...ctx, expected: { max_length: 50, unit: 'characters' } }, undefined],
    [
      'the same values at another item',
      [entry],
      request,
      { ...ctx, item: { ...ctx.item!, loc: ['body', 'title'] } },
      undefined,
    ],
    [
      'the same pin under items',
      [{ ...entry, field: 'items', pin: { provider: 1, mock: 2 } }],
      request,
      ctx,
      undefined,
    ],
    [
      'any value, without a pin',
      [{ request: 'updateAnnotationTemplate *', field: 'items', reason: 'any' }],
      request,
      { ...ctx, expected: 1 },
      'any',
    ],
    [
      'the first of the lists that covers it',
      [{ request: '*', field: 'ctx', reason: 'first' }, entry],
      request,
      ctx,
      'first',
    ],
    [
      'the pinned one when it comes first',
      [entry, { request: '*', field: 'ctx', reason: 'second' }],
      request,
      ctx,
      'baseline',
    ],
  ])('%s', (_, entries, id, difference, reason) => {
    expect(allowMatcher(list(entries))(id, difference)?.reason).toBe(reason);
  });
});

describe('baselineOf', () => {
  it('one entry per request and difference, sorted, each with the reason that allowed it', () => {
    const status: Difference = { field: 'status', kind: 'status 500 → 422', expected: 500, actual: 422 };
    const rule: Difference = { field: 'rule', kind: 'version steps', expected: '+0, +0', actual: '+1, +1' };
    const absent: Difference = { ...ctx, expected: undefined };
    expect(
      baselineOf(
        [
          { request: 'b', difference: status, allowed: 'deliberate' },
          { request: 'a', difference: absent },
          { request: 'a', difference: rule },
          { request: 'b', difference: status, allowed: 'deliberate' },
        ],
        'new',
      ),
    ).toEqual([
      {
        request: 'a',
        field: 'ctx',
        reason: 'new',
        pin: { mock: ctx.actual, item: { type: 'string_too_long', loc: ['body', 'name'] } },
      },
      {
        request: 'a',
        field: 'rule',
        reason: 'new',
        pin: { provider: '+0, +0', mock: '+1, +1', aspect: 'version steps' },
      },
      { request: 'b', field: 'status', reason: 'deliberate', pin: { provider: 500, mock: 422 } },
    ]);
  });
});
