// The 422 helpers (src/client/validation.ts).
import { describe, expect, it } from 'vitest';
import { isHTTPValidationError, validationDetails } from '../../../src/index.js';

describe('the 422 helpers', () => {
  const item = { loc: ['body', 'traces', 0], msg: 'Field required', type: 'missing' };
  it.each([
    ['a 422 body', { detail: [item] }, true],
    ['an empty detail list', { detail: [] }, true],
    ['a detail list mixing a valid item and an invalid one', { detail: [item, { loc: ['body'], msg: 'x' }] }, false],
    ['an item whose loc holds a boolean', { detail: [{ ...item, loc: ['body', true] }] }, false],
    ['an item whose loc is not a list', { detail: [{ ...item, loc: 'body' }] }, false],
    ['an item without msg', { detail: [{ loc: ['body'], type: 'missing' }] }, false],
    ['an item whose type is not a string', { detail: [{ ...item, type: 1 }] }, false],
    ['an item that is null', { detail: [null] }, false],
    ['a detail that is a string, as FastAPI’s HTTPException gives', { detail: 'Not authenticated' }, false],
    ['null', null, false],
    ['a string', 'detail', false],
  ] as const)('%s: %s', (_name, value, is) => {
    expect(isHTTPValidationError(value)).toBe(is);
    expect(validationDetails(value)).toEqual(is ? (value as { detail: readonly unknown[] }).detail : []);
  });
});
