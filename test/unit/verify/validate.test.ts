// The Ajv oracle (src/verify/validate.ts): each operation's request and 200 schemas compiled from the
// spec, a schema compiled once with formats checked, each error located at its field, and which
// formats constrain strings.
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  errorsOf,
  formatConstrains,
  isValid,
  located,
  requestValidator,
  responseValidator,
  validationErrorValidator,
  validatorOf,
} from '../../../src/verify/validate.js';

describe('the Ajv oracle', () => {
  it("compiles each operation's request and 200 schemas from the spec, and refuses a place with none", () => {
    expect(requestValidator('/v2/login/social', 'post')({ provider: 'google' })).toBe(true);
    expect(requestValidator('/v2/login/social', 'post')({ provider: 1 })).toBe(false);
    expect(responseValidator('/v2/login/social', 'post')({ token_type: 'bearer' })).toBe(true);
    expect(() => requestValidator('/v2/nowhere', 'post')).toThrow(
      'no schema at contract.json#/paths/~1v2~1nowhere/post/requestBody/content/application~1json/schema',
    );
    expect(() => requestValidator('/v2/a~b', 'post')).toThrow('no schema at contract.json#/paths/~1v2~1a~0b/post/');
    expect(responseValidator('/v2/login/social', 'post')(123)).toBe(false);
    expect(validationErrorValidator({ detail: [{ loc: ['body'], msg: 'm', type: 't' }] })).toBe(true);
    expect(validationErrorValidator({ detail: [{ loc: ['body'], msg: 'm' }] })).toBe(false);
  });

  it('compiles a schema once, and checks formats', () => {
    expect(validatorOf({ type: 'string', maxLength: 1 })).toBe(validatorOf({ type: 'string', maxLength: 1 }));
    expect(isValid({ type: 'string', format: 'uuid' }, 'x')).toBe(false);
    expect(isValid({ type: 'string', format: 'date' }, '2026-11-23')).toBe(true);
  });

  it('locates each error at its field: required and additionalProperties at the property, ~1 and ~0 decoded, indexes as numbers', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      additionalProperties: false,
      properties: { list: { type: 'array', items: { type: 'string' } }, 'x/y~z': { type: 'string' } },
    };
    const errors = errorsOf(schema, { list: ['ok', 3], 'x/y~z': 1, extra: 1 });
    expect(errors).toEqual([
      { path: ['a'], keyword: 'required', message: "must have required property 'a'" },
      { path: ['extra'], keyword: 'additionalProperties', message: 'must NOT have additional properties' },
      { path: ['list', 1], keyword: 'type', message: 'must be string' },
      { path: ['x/y~z'], keyword: 'type', message: 'must be string' },
    ]);
    expect(errorsOf({ ...schema, properties: { ...schema.properties, a: {} } }, { a: 1 })).toEqual([]);
    expect(located(null)).toEqual([]);
    expect(located(undefined)).toEqual([]);
    expect(located([{ keyword: 'x', instancePath: '/a', schemaPath: '#', params: {} } as ErrorObject])).toEqual([
      { path: ['a'], keyword: 'x', message: '' },
    ]);
    // only a segment of digits alone is an array index
    expect(
      located([{ keyword: 'x', instancePath: '/12/a1/1a/3', schemaPath: '#', params: {} } as ErrorObject])[0]!.path,
    ).toEqual([12, 'a1', '1a', 3]);
  });

  it('tells a format that constrains strings from one that accepts anything', () => {
    expect(formatConstrains('uuid')).toBe(true);
    expect(formatConstrains('date-time')).toBe(true);
    expect(formatConstrains('password')).toBe(false);
    expect(formatConstrains('binary')).toBe(false);
    expect(formatConstrains('no-such-format')).toBe(false);
  });
});
