// How a union is read before a value is validated against it (src/mock/service/unions.ts), on
// schemas made here: the members pydantic sees (null members dropped, plain unions flattened, a
// tagged union kept whole), whether it takes null, its tag, and a member named by an exclusion.
import { describe, expect, it } from 'vitest';
import { typesOf, unionReading } from '../../../../src/mock/service/unions.js';
import type { Schema } from '../../../../src/mock/prism/spec.js';

const schemas: Record<string, Schema> = {
  Cron: { type: 'object', properties: { type: { const: 'CRON' }, cron: { type: 'string' } } },
  Interval: { type: 'object', properties: { type: { const: 'INTERVAL' }, hours: { type: 'integer' } } },
};
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const deref = (schema: Schema | boolean | undefined): Schema => {
  if (typeof schema !== 'object') return {};
  const name = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  return name ? (schemas[name] as Schema) : schema;
};
const reading = () => unionReading(deref);
const text: Schema = { type: 'string' };
const number: Schema = { type: 'number' };
const nothing: Schema = { type: 'null' };

describe('typesOf', () => {
  it("a node's types as a list, or undefined", () => {
    expect(typesOf({ type: 'string' })).toEqual(['string']);
    expect(typesOf({ type: ['string', 'null'] })).toEqual(['string', 'null']);
    expect(typesOf({})).toBeUndefined();
  });
});

describe('the members of a union, and null', () => {
  it('null members are dropped and make the union Optional; a const null is null too', () => {
    const { membersOf, takesNull, nullOnly } = reading();
    expect(membersOf([text, nothing])).toEqual([text]);
    expect(takesNull([text, nothing])).toBe(true);
    expect(takesNull([text, number])).toBe(false);
    expect(nullOnly({ const: null })).toBe(true);
    expect(nullOnly({ type: ['string', 'null'] })).toBe(false);
    expect(nullOnly(true)).toBe(false);
  });

  it('a plain union among the members is flattened, its null included; a typed or tagged one is kept whole', () => {
    const { membersOf, takesNull } = reading();
    const inner: Schema = { anyOf: [number, nothing] };
    expect(membersOf([text, inner])).toEqual([text, number]);
    expect(takesNull([text, inner])).toBe(true);
    const typed: Schema = { type: 'number', oneOf: [number, nothing] };
    expect(membersOf([text, typed])).toEqual([text, typed]);
    expect(takesNull([text, typed])).toBe(false);
    const tagged: Schema = { oneOf: [ref('Cron'), ref('Interval')] };
    expect(membersOf([text, tagged])).toEqual([text, tagged]);
  });
});

describe('the tag of a discriminated union', () => {
  it('the property every member holds a distinct const in; none when a member lacks it or two share one', () => {
    const { tagOf } = reading();
    expect(tagOf([ref('Cron'), ref('Interval')])).toEqual({ property: 'type', tags: ['CRON', 'INTERVAL'] });
    expect(tagOf([ref('Cron'), ref('Cron')])).toBeUndefined();
    expect(tagOf([ref('Cron'), text])).toBeUndefined();
    const untagged: Schema = { type: 'object', properties: { type: { type: 'string' } } };
    expect(tagOf([ref('Cron'), untagged])).toBeUndefined();
    expect(tagOf([ref('Cron')])).toBeUndefined();
    const members = [ref('Cron'), ref('Interval')];
    expect(tagOf(members)).toBe(tagOf(members)); // read once per list
  });

  it("an exclusion: one member's tag const, the other's `not` of it; none otherwise", () => {
    const { excludedTag } = reading();
    const other: Schema = { type: 'object', not: { properties: { type: { const: 'CRON' } } } };
    expect(excludedTag([ref('Cron'), other])).toEqual({ property: 'type', value: 'CRON', known: 0 });
    expect(excludedTag([other, ref('Cron')])).toEqual({ property: 'type', value: 'CRON', known: 1 });
    expect(excludedTag([ref('Cron'), { type: 'object' }])).toBeUndefined();
    expect(excludedTag([text, number])).toBeUndefined();
    expect(excludedTag([ref('Cron'), other, text])).toBeUndefined();
  });
});
