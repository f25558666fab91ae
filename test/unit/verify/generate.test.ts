// The verifier's generators (src/verify/generate.ts) called in-process: every value they draw is
// valid against the variant it was drawn for (Ajv says so), they reach the ends of each bound and
// every shape a format allows, and the helpers that build edge and negative requests (fitLength,
// stringOfLength, setAt, getAt) give exactly the value asked for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitraryOf,
  codePointOf,
  codePoints,
  DELETE,
  fitLength,
  getAt,
  MAX_CODE_POINT_INDEX,
  sampleOf,
  setAt,
  stringOfLength,
  type GenerateOptions,
} from '../../../src/verify/generate.js';
import { expand, toJsonSchema, type Flat, type Json, type RawSchema } from '../../../src/verify/schema.js';
import { isValid } from '../../../src/verify/validate.js';

const FILL: GenerateOptions = { fill: true, extras: false };
const flat = (schema: RawSchema): Flat => {
  const [variant] = expand(schema);
  if (!variant) throw new Error('no variant');
  return variant;
};
/** `n` values drawn for a schema (its one variant), each checked valid against it. */
function draw(schema: RawSchema, n = 200, options: GenerateOptions = { fill: false, extras: false }, seed = 7): Json[] {
  const variant = flat(schema);
  const values = sampleOf(arbitraryOf(variant, options), seed, n);
  for (const value of values)
    expect(isValid(toJsonSchema(variant), value), `${JSON.stringify(value)} against ${JSON.stringify(schema)}`).toBe(
      true,
    );
  return values;
}
const lengths = (values: Json[]) => values.map((v) => codePoints(v as string));

describe('strings', () => {
  it("any code point, in the order fast-check's binary unit draws them: printable ASCII, the C0 controls, then upwards without surrogates", () => {
    expect(
      [0, 94, 95, 126, 127, 0xd7ff, 0xd800, MAX_CODE_POINT_INDEX].map((n) => codePointOf(n).codePointAt(0)),
    ).toEqual([0x20, 0x7e, 0x00, 0x1f, 0x7f, 0xd7ff, 0xe000, 0x10ffff]);
    // every code point but a surrogate, once each
    const seen = new Set<number>();
    for (let n = 0; n <= MAX_CODE_POINT_INDEX; n++) seen.add(codePointOf(n).codePointAt(0)!);
    expect(seen.size).toBe(0x110000 - 0x800);
    expect([...seen].some((c) => c >= 0xd800 && c <= 0xdfff)).toBe(false);
  });

  it('counts length in code points, as JSON Schema does', () => {
    expect(codePoints('a😀b')).toBe(3);
    expect(codePoints('')).toBe(0);
  });

  it('draws lengths from minLength up to maxLength, reaching both ends, ASCII mostly and any code point sometimes', () => {
    const values = draw({ type: 'string', minLength: 2, maxLength: 5 }, 300);
    expect(Math.min(...lengths(values))).toBe(2);
    expect(Math.max(...lengths(values))).toBe(5);
    const units = values.flatMap((v) => [...(v as string)]);
    const ascii = units.filter((u) => /^[\x20-\x7e]$/.test(u)).length;
    expect(ascii / units.length).toBeGreaterThan(0.6);
    expect(ascii / units.length).toBeLessThan(0.95);
  });

  it('stays within 40 code points above minLength when there is no maxLength (or a larger one)', () => {
    for (const schema of [
      { type: 'string', minLength: 3 },
      { type: 'string', minLength: 3, maxLength: 1000 },
    ]) {
      const values = lengths(draw(schema, 300));
      expect(Math.min(...values)).toBe(3);
      expect(Math.max(...values)).toBeLessThanOrEqual(43);
    }
    expect(Math.min(...lengths(draw({ type: 'string' }, 100)))).toBe(0);
  });

  it('draws strings matching a pattern, within the length bounds', () => {
    const values = draw({ type: 'string', pattern: '^[a-c]+-[0-9]{2}$', maxLength: 6 }, 100) as string[];
    expect(values.every((v) => /^[a-c]+-[0-9]{2}$/.test(v) && v.length <= 6)).toBe(true);
    expect(Math.max(...values.map((v) => v.length))).toBe(6);
    const long = draw({ type: 'string', pattern: '^x+$', minLength: 3 }, 50) as string[];
    expect(long.every((v) => v.length >= 3)).toBe(true);
    // a pattern is read with the u flag, as JSON Schema reads it
    expect(new Set(draw({ type: 'string', pattern: '^\\u{1F600}{2}$' }, 5))).toEqual(new Set(['😀😀']));
  });

  it('draws every format the spec may use, in every form the format allows', () => {
    const uuids = draw({ type: 'string', format: 'uuid' }, 200) as string[];
    expect(uuids.some((u) => u === u.toUpperCase() && /[A-F]/.test(u))).toBe(true);
    expect(uuids.some((u) => u === u.toLowerCase() && /[a-f]/.test(u))).toBe(true);
    const dates = draw({ type: 'string', format: 'date' }, 100) as string[];
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    const times = draw({ type: 'string', format: 'date-time' }, 400) as string[];
    expect(times.every((t) => /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{6})?([Zz]|[+-]\d{2}:\d{2})$/.test(t))).toBe(
      true,
    );
    for (const form of [
      /T/,
      /t/,
      /\.\d{6}/,
      /:\d{2}[Zz+-]/,
      /Z$/,
      /z$/,
      /\+00:00$/,
      /-\d{2}:\d{2}$/,
      /\+(0[1-9]|1\d|2[0-3]):\d{2}$/,
      /:[1-5]\d$/,
    ]) {
      expect(
        times.some((t) => form.test(t)),
        String(form),
      ).toBe(true);
    }
    expect(new Set(times.map((t) => t.slice(0, 4))).size).toBeGreaterThan(100);
    const clock = draw({ type: 'string', format: 'time' }, 50) as string[];
    expect(clock.every((t) => /^\d{2}:\d{2}:\d{2}/.test(t))).toBe(true);
    for (const format of ['email', 'ipv4', 'ipv6', 'uri', 'hostname']) draw({ type: 'string', format }, 30);
  });

  it('keeps a format within the length bounds, and treats a format that constrains nothing as free text', () => {
    const short = draw({ type: 'string', format: 'email', maxLength: 12 }, 30) as string[];
    expect(short.every((e) => e.length <= 12)).toBe(true);
    expect(draw({ type: 'string', format: 'email', minLength: 30 }, 10).every((e) => (e as string).length >= 30)).toBe(
      true,
    );
    // a format whose strings all have the same length, bounded at exactly that length
    expect(
      draw({ type: 'string', format: 'date', minLength: 10, maxLength: 10 }, 10).every(
        (d) => (d as string).length === 10,
      ),
    ).toBe(true);
    const passwords = draw({ type: 'string', format: 'password', minLength: 1 }, 50) as string[];
    expect(passwords.some((p) => !p.includes('@'))).toBe(true);
  });

  it('refuses a constraining format it has no generator for, naming where to add one', () => {
    expect(() => arbitraryOf(flat({ type: 'string', format: 'duration' }), FILL)).toThrow(
      'no generator for format "duration": add one to FORMAT_ARBITRARIES in src/verify/generate.ts',
    );
  });
});

describe('numbers', () => {
  it('draws integers within inclusive and exclusive bounds, reaching the ends', () => {
    const values = draw({ type: 'integer', minimum: 1, maximum: 168 }, 300) as number[];
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(168);
    const exclusive = draw({ type: 'integer', exclusiveMinimum: 0.5, exclusiveMaximum: 9.5 }, 300) as number[];
    expect(Math.min(...exclusive)).toBe(1);
    expect(Math.max(...exclusive)).toBe(9);
    const both = draw(
      { type: 'integer', minimum: 3, exclusiveMinimum: 1, maximum: 7, exclusiveMaximum: 10 },
      300,
    ) as number[];
    expect([Math.min(...both), Math.max(...both)]).toEqual([3, 7]);
    const tighter = draw(
      { type: 'integer', minimum: 1, exclusiveMinimum: 3, maximum: 9, exclusiveMaximum: 7 },
      300,
    ) as number[];
    expect([Math.min(...tighter), Math.max(...tighter)]).toEqual([4, 6]);
    expect(draw({ type: 'integer', exclusiveMinimum: 2 }, 100).every((n) => (n as number) >= 3)).toBe(true);
    expect(draw({ type: 'integer', exclusiveMaximum: 2 }, 100).every((n) => (n as number) <= 1)).toBe(true);
  });

  it('draws small integers often and the whole safe range sometimes', () => {
    const values = draw({ type: 'integer' }, 300) as number[];
    expect(values.filter((n) => Math.abs(n) <= 1000).length).toBeGreaterThan(100);
    expect(values.some((n) => n >= -1000 && n < 0)).toBe(true);
    expect(values.some((n) => n > 0 && n <= 1000)).toBe(true);
    expect(values.some((n) => n > 1_000_000)).toBe(true);
    expect(values.some((n) => n < -1_000_000)).toBe(true);
    expect(values.every((n) => Number.isSafeInteger(n))).toBe(true);
    // bounds that exclude the neighbourhood of zero: small values are taken near the bound
    const far = draw({ type: 'integer', minimum: 5000 }, 200) as number[];
    expect(far.filter((n) => n <= 7000).length).toBeGreaterThan(50);
    expect(far.some((n) => n > 1_000_000)).toBe(true);
    expect(far).toContain(5000);
    const below = draw({ type: 'integer', maximum: -5000 }, 200) as number[];
    expect(below.filter((n) => n >= -7000).length).toBeGreaterThan(50);
    expect(below).toContain(-5000);
    expect(new Set(draw({ type: 'integer', minimum: 5000, maximum: 5002 }, 100))).toEqual(new Set([5000, 5001, 5002]));
    expect(new Set(draw({ type: 'integer', minimum: -5002, maximum: -5000 }, 100))).toEqual(
      new Set([-5000, -5001, -5002]),
    );
    // below zero but not far: the small values stay within 1000 of zero
    const negative = draw({ type: 'integer', maximum: 0 }, 300) as number[];
    expect(negative.filter((n) => n >= -1000).length).toBeGreaterThan(100);
    expect(negative.some((n) => n < -1000 && n >= -2000)).toBe(false);
  });

  it('draws multiples of multipleOf, integer or not', () => {
    const values = draw({ type: 'integer', multipleOf: 5, minimum: -50, maximum: 50 }, 200) as number[];
    expect(values.every((n) => n % 5 === 0)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(5);
    // rounding to a multiple may leave the bounds: such values are not drawn
    expect(new Set(draw({ type: 'integer', multipleOf: 5, minimum: 3, maximum: 12 }, 100))).toEqual(new Set([5, 10]));
    expect(new Set(draw({ type: 'number', multipleOf: 0.5, minimum: 0.3, maximum: 1.2 }, 200))).toEqual(
      new Set([0.5, 1]),
    );
    // bounds that are multiples are drawn; an integer below zero is cut towards zero, so past the maximum
    expect(new Set(draw({ type: 'integer', multipleOf: 5, minimum: -10, maximum: -5 }, 100))).toEqual(
      new Set([-10, -5]),
    );
    expect(new Set(draw({ type: 'integer', multipleOf: 5, minimum: -12, maximum: -3 }, 100))).toEqual(
      new Set([-10, -5]),
    );
    expect(new Set(draw({ type: 'number', multipleOf: 0.5, minimum: 0.5, maximum: 1.5 }, 200))).toEqual(
      new Set([0.5, 1, 1.5]),
    );
    // a number rounds to the nearer multiple, which may lie below the minimum or above the maximum
    expect(new Set(draw({ type: 'number', multipleOf: 1, minimum: 0.2, maximum: 1.8 }, 200))).toEqual(new Set([1]));
    const halves = draw({ type: 'number', multipleOf: 0.5, minimum: 0, maximum: 10 }, 100) as number[];
    expect(halves.every((n) => n * 2 === Math.round(n * 2) && n >= 0 && n <= 10)).toBe(true);
    // (unbounded: a huge double is a multiple, but Ajv's multipleOf check reads it through parseInt and refuses it)
    expect(draw({ type: 'integer', multipleOf: 7 }, 100).every((n) => (n as number) % 7 === 0)).toBe(true);
    expect(draw({ type: 'number', multipleOf: 2, minimum: 1, maximum: 1e6 }, 50).every((n) => (n as number) >= 1)).toBe(
      true,
    );
    expect(
      draw({ type: 'number', multipleOf: 2, maximum: 1, minimum: -1e6 }, 50).every((n) => (n as number) <= 1),
    ).toBe(true);
  });

  it('draws finite numbers within bounds, excluding exclusive ends', () => {
    const values = draw({ type: 'number', minimum: 0, maximum: 1 }, 300) as number[];
    expect(values.every((n) => Number.isFinite(n))).toBe(true);
    expect(values).toContain(0);
    expect(values).toContain(1);
    const open = draw({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, 300) as number[];
    expect(open).not.toContain(0);
    expect(open).not.toContain(1);
    const closed = draw({ type: 'number', minimum: 2, exclusiveMinimum: 1, maximum: 3, exclusiveMaximum: 4 }, 300);
    expect(closed).toContain(2);
    expect(closed).toContain(3);
    const tight = draw({ type: 'number', minimum: 1, exclusiveMinimum: 2, maximum: 4, exclusiveMaximum: 3 }, 300);
    expect(tight).not.toContain(2);
    expect(tight).not.toContain(3);
    const free = draw({ type: 'number' }, 1000) as number[];
    expect(free.some((n) => !Number.isInteger(n))).toBe(true);
    expect(free.every((n) => Number.isFinite(n))).toBe(true);
    expect(free.some((n) => Math.abs(n) > 1e300)).toBe(true);
  });
});

describe('other types', () => {
  it('draws a const, the enum values of the node type, null and booleans', () => {
    expect(new Set(draw({ const: 'CRON' }, 20))).toEqual(new Set(['CRON']));
    expect(new Set(draw({ type: 'string', enum: ['a', 'b', 1, null] }, 100))).toEqual(new Set(['a', 'b']));
    expect(new Set(draw({ enum: ['a', 1, null] }, 100))).toEqual(new Set(['a', 1, null]));
    expect(new Set(draw({ type: 'number', enum: [1, 1.5, 'x'] }, 100))).toEqual(new Set([1, 1.5]));
    expect(new Set(draw({ type: 'integer', enum: [1, 2, 'x'] }, 100))).toEqual(new Set([1, 2]));
    expect(new Set(draw({ type: 'null' }, 10))).toEqual(new Set([null]));
    expect(new Set(draw({ type: 'boolean' }, 50))).toEqual(new Set([true, false]));
  });

  it('draws any JSON value, two levels deep at most, where the schema says nothing', () => {
    const values = draw({}, 300);
    expect(new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)))).toEqual(
      new Set(['null', 'array', 'object', 'string', 'number', 'boolean']),
    );
    const depth = (v: unknown): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
    expect(Math.max(...values.map(depth))).toBe(2);
  });

  it('filters out what a `not` forbids', () => {
    const values = draw({ type: 'string', enum: ['a', 'b', 'c'], not: { const: 'b' } }, 100);
    expect(new Set(values)).toEqual(new Set(['a', 'c']));
    const two = draw(
      { type: 'string', enum: ['a', 'b', 'c', 'd'], allOf: [{ not: { const: 'b' } }, { not: { const: 'c' } }] },
      100,
    );
    expect(new Set(two)).toEqual(new Set(['a', 'd']));
  });

  it('draws arrays within minItems and maxItems (3 past minItems when unbounded), non-empty when filling', () => {
    const counts = (values: Json[]) => values.map((v) => (v as Json[]).length);
    expect(new Set(counts(draw({ type: 'array', items: { type: 'integer' } }, 200)))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(counts(draw({ type: 'array', minItems: 2, items: { type: 'integer' } }, 200)))).toEqual(
      new Set([2, 3, 4, 5]),
    );
    expect(new Set(counts(draw({ type: 'array', maxItems: 2, items: { type: 'integer' } }, 200)))).toEqual(
      new Set([0, 1, 2]),
    );
    expect(new Set(counts(draw({ type: 'array', maxItems: 10, items: { type: 'integer' } }, 200)))).toEqual(
      new Set([0, 1, 2, 3]),
    );
    expect(new Set(counts(draw({ type: 'array', items: { type: 'integer' } }, 200, FILL)))).toEqual(new Set([1, 2, 3]));
    expect(new Set(counts(draw({ type: 'array', minItems: 3, items: { type: 'integer' } }, 200, FILL)))).toEqual(
      new Set([3, 4, 5, 6]),
    );
    expect(new Set(counts(draw({ type: 'array', maxItems: 0 }, 20, FILL)))).toEqual(new Set([0]));
    expect(draw({ type: 'array' }, 100).some((v) => (v as Json[]).some((item) => typeof item === 'string'))).toBe(true);
  });

  it('fills every optional property when asked, and leaves some out otherwise', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      additionalProperties: false,
    };
    expect(
      draw(schema, 50, FILL).every(
        (v) =>
          Object.keys(v as object)
            .sort()
            .join() === 'a,b',
      ),
    ).toBe(true);
    const sparse = draw(schema, 100);
    expect(sparse.every((v) => 'a' in (v as object))).toBe(true);
    expect(sparse.some((v) => !('b' in (v as object)))).toBe(true);
    expect(sparse.some((v) => 'b' in (v as object))).toBe(true);
  });

  it('adds unknown fuzz_extra_ properties to open objects only, and only when asked', () => {
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    const extras = draw(open, 100, { fill: true, extras: true });
    const unknown = extras.flatMap((v) => Object.keys(v as object).filter((k) => k !== 'a'));
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((k) => /^fuzz_extra_.{1,8}$/su.test(k))).toBe(true);
    expect(Math.max(...extras.map((v) => Object.keys(v as object).length))).toBe(3);
    expect(extras.every((v) => typeof (v as { a: unknown }).a === 'string')).toBe(true);
    expect(draw(open, 50, FILL).every((v) => Object.keys(v as object).join() === 'a')).toBe(true);
    expect(
      draw({ ...open, additionalProperties: false }, 50, { fill: true, extras: true }).every(
        (v) => Object.keys(v as object).join() === 'a',
      ),
    ).toBe(true);
  });

  it('draws the same values for the same seed', () => {
    const arbitrary = arbitraryOf(flat({ type: 'string' }), FILL);
    expect(sampleOf(arbitrary, 42, 5)).toEqual(sampleOf(arbitrary, 42, 5));
    expect(sampleOf(arbitrary, 42)).toHaveLength(1);
    expect(sampleOf(arbitrary, 42, 5)).not.toEqual(sampleOf(arbitrary, 43, 5));
    expect(sampleOf(fc.nat(), 1, 3)).toEqual(fc.sample(fc.nat(), { seed: 1, numRuns: 3 }));
  });
});

describe('fitLength and stringOfLength', () => {
  it('without a pattern: cuts, or pads with the last character (a for an empty sample)', () => {
    expect(fitLength('abc', 2)).toBe('ab');
    expect(fitLength('abc', 3)).toBe('abc');
    expect(fitLength('abc', 5)).toBe('abccc');
    expect(fitLength('', 2)).toBe('aa');
    expect(fitLength('a😀', 3)).toBe('a😀😀');
  });

  it("with a pattern: repeats or drops the sample's own characters while it keeps matching", () => {
    expect(fitLength('ab', 5, '^ab+$')).toBe('abbbb');
    expect(fitLength('abbbb', 2, '^ab+$')).toBe('ab');
    expect(fitLength('0 6 * * 1', 12, '^\\s*\\S+(\\s+\\S+){4}\\s*$')).toHaveLength(12);
    expect(fitLength('0 6 * * 1', 9, '^\\s*\\S+(\\s+\\S+){4}\\s*$')).toBe('0 6 * * 1');
    expect(fitLength('x-1', 5, '^x+-1$')).toBe('xxx-1');
    expect(fitLength('xxx-1', 3, '^x+-1$')).toBe('x-1');
    expect(fitLength('12', 4, '^1[0-9]2?$')).toBe(undefined);
    expect(fitLength('ab', 1, '^ab$')).toBeUndefined();
    expect(fitLength('ab', 3, '^ab$')).toBeUndefined();
    expect(fitLength('zz', 3, '^a+$')).toBeUndefined();
    expect(fitLength('', 2, '^a*$')).toBe('aa');
    expect(fitLength('ab', 0, '^(ab)?$')).toBe('');
    expect(fitLength('abcd', 1, '^(a|abcd)$')).toBe('a');
    expect(fitLength('😀', 2, '^.+$')).toBe('😀😀');
    expect(fitLength('😀', 3, '^\\u{1F600}+$')).toBe('😀😀😀');
    // a sample that does not match is not stretched into one
    expect(fitLength('zz', 2, '^a+$')).toBeUndefined();
  });

  it('when only one more character matches at a time, grows one at a time', () => {
    // "aXb" matches only with as many a as b: all at once fails, one at a time fails too.
    expect(fitLength('ab', 4, '^(ab|aabb)$')).toBeUndefined();
    expect(fitLength('abc', 4, '^ab?c+$')).toBe('abcc');
    expect(fitLength('a1', 4, '^a[0-9]{1,3}$')).toBe('a111');
    expect(fitLength('a1', 3, '^a1{0,2}$')).toBe('a11');
    expect(fitLength('ab1', 5, '^ab[0-9]$|^ab[0-9]{3}$')).toBe('ab111');
    // all the missing characters at the first place that takes them
    expect(fitLength('ab', 4, '^(ab|aaab)$')).toBe('aaab');
    // one at a time when all at once fails, growing and shrinking
    expect(fitLength('ab', 4, '^a{1,2}b{1,2}$')).toBe('aabb');
    expect(fitLength('aabb', 2, '^a{1,2}b{1,2}$')).toBe('ab');
    expect(fitLength('abcde', 2, '^(ab|abcde)$')).toBe('ab');
    expect(fitLength('abcd', 2, '^(ab|abc|abcd)$')).toBe('ab');
    expect(fitLength('xaay', 2, '^xa*y$')).toBe('xy');
    // one more character is the one repeated in place, not a copy of the rest of the sample
    expect(fitLength('ab', 4, '^(ab|aab|abab|aabb)$')).toBe('aabb');
  });

  it('stringOfLength repeats a character when no pattern or format constrains it, else fits the sample', () => {
    expect(stringOfLength(flat({ type: 'string' }), 'xyz', 3)).toBe('aaa');
    expect(stringOfLength(flat({ type: 'string' }), 'xyz', 2, '😀')).toBe('😀😀');
    expect(stringOfLength(flat({ type: 'string', pattern: '^x+$' }), 'xx', 4)).toBe('xxxx');
    expect(stringOfLength(flat({ type: 'string', format: 'email' }), 'a@b.co', 7)).toBe('a@b.coo');
  });
});

describe('setAt and getAt', () => {
  const base: Json = { a: { b: [1, { c: 'x' }] }, n: null };

  it('sets or deletes at a path in a copy, leaving the base untouched', () => {
    expect(setAt(base, ['a', 'b', 1, 'c'], 'y')).toEqual({ a: { b: [1, { c: 'y' }] }, n: null });
    expect(setAt(base, ['a', 'new'], 1)).toEqual({ a: { b: [1, { c: 'x' }], new: 1 }, n: null });
    expect(setAt(base, ['a', 'b'], DELETE)).toEqual({ a: {}, n: null });
    expect(setAt(base, [], 5)).toBe(5);
    expect(base).toEqual({ a: { b: [1, { c: 'x' }] }, n: null });
  });

  it('refuses a path that does not exist, deleting the root or an array item', () => {
    expect(() => setAt(base, [], DELETE)).toThrow('cannot delete the root');
    expect(() => setAt(base, ['x', 'y'], 1)).toThrow('path ["x","y"] does not exist in the base');
    expect(() => setAt(base, ['n', 'y'], 1)).toThrow('does not exist in the base');
    expect(() => setAt(base, ['a', 'b', 0, 'y'], 1)).toThrow('does not exist in the base');
    expect(() => setAt(base, ['a', 'gone'], DELETE)).toThrow('path ["a","gone"] does not exist in the base');
    expect(() => setAt(base, ['a', 'b', 0], DELETE)).toThrow('cannot delete an array item');
  });

  it('reads at a path, undefined past a leaf', () => {
    expect(getAt(base, ['a', 'b', 1, 'c'])).toBe('x');
    expect(getAt(base, [])).toEqual(base);
    expect(getAt(base, ['n', 'x'])).toBeUndefined();
    expect(getAt(base, ['a', 'b', 0, 'x'])).toBeUndefined();
    expect(getAt(base, ['missing'])).toBeUndefined();
    expect(getAt({ s: 'abc' }, ['s', 0])).toBeUndefined();
    expect(getAt({ s: 'abc' }, ['s', 'length'])).toBeUndefined();
  });
});
