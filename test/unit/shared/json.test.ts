// The JSON helpers every part of the package shares.
import { describe, expect, it } from 'vitest';
import { deepEqual, isObject } from '../../../src/shared/json.js';

describe('shared JSON helpers', () => {
  it('isObject: a plain object only', () => {
    expect([{}, [], null, 'a'].map(isObject)).toEqual([true, false, false, false]);
  });

  it('deepEqual compares JSON values structurally', () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual({ 0: 1 }, [1])).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({}, null)).toBe(false);
    expect(deepEqual(NaN, NaN)).toBe(false);
    expect(deepEqual('a', {})).toBe(false);
    expect(deepEqual({}, 5)).toBe(false);
    expect(deepEqual(5, {})).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1, b: 3 })).toBe(false);
  });
});
