// The verifier's derivation of negative requests and edge probes (src/verify/constraints.ts), called
// in-process on small operations built here and on the spec's own: each constraint is violated
// alone by exactly the request named, the 422 is expected where the violation is, a violation that
// another branch absorbs is expected to be accepted, and each bound and enum gets its edge values.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  derive,
  probeIsValid,
  type Constraint,
  type Derivation,
  type PositiveProbe,
} from '../../../src/verify/constraints.js';
import { operations, type Operation } from '../../../src/verify/operations.js';
import { expand, inline, type Json, type RawSchema } from '../../../src/verify/schema.js';
import { seedsOf } from '../../../src/verify/seed.js';
import { validatorOf } from '../../../src/verify/validate.js';

const UUID = { type: 'string', format: 'uuid' };

/** An operation of one body schema (and optional path parameters), as operations.ts reads one from the spec. */
function operationOf(
  schema: RawSchema,
  { parameters = {}, bodyRequired = true }: { parameters?: Record<string, RawSchema>; bodyRequired?: boolean } = {},
): Operation {
  return {
    id: 'testOp',
    method: 'post',
    path: `/things${Object.keys(parameters)
      .map((p) => `/{${p}}`)
      .join('')}`,
    pathParameters: Object.entries(parameters).map(([name, s]) => ({ name, schema: s, variants: expand(s) })),
    bodyRequired,
    variants: expand(schema),
    validateRequest: validatorOf(inline(schema) as RawSchema),
    validateResponse: validatorOf({}),
    schemes: [],
  };
}
const deriveOf = (op: Operation, seed = 1, bases = 1): Derivation => derive(op, { seedFor: seedsOf(seed), bases });
const byId = (d: Derivation) => Object.fromEntries(d.constraints.map((c) => [c.id, c]));
const probesById = (d: Derivation) => Object.fromEntries(d.probes.map((p) => [p.id, p]));
/** The body of a constraint's first case. */
const bodyOf = (c: Constraint | undefined): Json | undefined => c!.cases[0]!.request.body;
const obj = (properties: Record<string, unknown>, extra: RawSchema = {}): RawSchema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
  ...extra,
});

describe('body constraints, each violated alone', () => {
  it('type: a value of another type that the request schema refuses, stated once for a type list', () => {
    const d = deriveOf(
      operationOf(
        obj({
          s: { type: 'string' },
          n: { type: ['integer', 'null'] },
          b: { type: 'boolean' },
          o: obj({}),
          a: { type: 'array', items: { type: 'null' } },
          z: { type: 'null' },
          f: { type: 'number' },
        }),
      ),
    );
    const c = byId(d);
    expect(bodyOf(c['body s type string'])).toMatchObject({ s: true });
    expect((bodyOf(c['body n type integer|null [type integer]']) as Record<string, Json>).n).toBe(1.5);
    expect(Object.keys(c).filter((id) => id.startsWith('body n type'))).toEqual([
      'body n type integer|null [type integer]',
    ]);
    expect((bodyOf(c['body b type boolean']) as Record<string, Json>).b).toBe('fuzz');
    expect((bodyOf(c['body o type object']) as Record<string, Json>).o).toBe(123);
    expect((bodyOf(c['body a type array']) as Record<string, Json>).a).toBe(123);
    expect((bodyOf(c['body a[] type null']) as Record<string, Json[]>).a![0]).toBe('fuzz');
    expect((bodyOf(c['body z type null']) as Record<string, Json>).z).toBe('fuzz');
    expect((bodyOf(c['body f type number']) as Record<string, Json>).f).toBe('fuzz');
    expect(c['body (root) type object']!.cases[0]!.request.body).toBe(123);
    for (const constraint of d.constraints) {
      for (const kase of constraint.cases) expect(kase.verdict, constraint.id).toBe('rejected');
    }
    expect(c['body s type string']!).toMatchObject({
      in: 'body',
      path: ['s'],
      keyword: 'type',
      branch: '',
      expected: [{ path: ['s'] }],
    });
    expect(c['body s type string']!.cases[0]!).toMatchObject({
      isolation: 'isolated',
      specErrors: [{ path: ['s'], keyword: 'type', message: 'must be string' }],
    });
  });

  it('type: prefers a value the whole request refuses over one another branch absorbs', () => {
    // In the first branch, a is a string; the second branch takes a as anything but a number.
    const op = operationOf({ anyOf: [obj({ a: { type: 'string' } }), obj({ a: { not: { type: 'number' } } })] });
    const c = byId(deriveOf(op));
    const constraint = c['body a type string [anyOf[0] type object]']!;
    expect((bodyOf(constraint) as Record<string, Json>).a).toBe(123);
    expect(constraint.cases[0]!.verdict).toBe('rejected');
    // a `type` violation that every candidate only gets absorbed: the first candidate, absorbed
    const absorbing = operationOf({ anyOf: [obj({ a: { type: 'string' } }), obj({ a: {} })] });
    const absorbed = byId(deriveOf(absorbing))['body a type string [anyOf[0] type object]']!;
    expect((bodyOf(absorbed) as Record<string, Json>).a).toBe(true);
    expect(absorbed.cases[0]!.verdict).toBe('absorbed');
    expect(absorbed.cases[0]!.specErrors).toEqual([]);
  });

  it('a type list no wrong value can break has no type constraint to offer, and the derivation says so', () => {
    const op = operationOf(obj({ a: { type: ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array'] } }));
    expect(() => deriveOf(op)).toThrow(
      'testOp body a type string|integer|number|boolean|null|object|array [type string]: the mutation produced no body',
    );
  });

  it('enum and const: a value outside them, of the node type', () => {
    const c: Record<string, Constraint | undefined> = byId(
      deriveOf(
        operationOf(
          obj({
            s: { type: 'string', enum: ['a', 'b'] },
            i: { type: 'integer', enum: [1, 987_654_321] },
            n: { type: 'number', enum: [1.5] },
            t: { type: 'boolean', enum: [true] },
            cs: { const: 'CRON' },
            cn: { const: 2 },
            cb: { const: false },
            cz: { const: null },
            any: { enum: ['FUZZ_NOT_IN_ENUM', 1] },
          }),
        ),
      ),
    );
    const at = (id: string, key: string) => (bodyOf(c[id]) as Record<string, Json>)[key];
    expect(at('body s enum 2 values', 's')).toBe('FUZZ_NOT_IN_ENUM');
    expect(c['body i enum 2 values']).toBeUndefined();
    expect(at('body n enum 1 values', 'n')).toBe(987_654_321);
    expect(at('body t enum 1 values', 't')).toBe(false);
    expect(at('body cs const "CRON"', 'cs')).toBe('CRON_fuzz');
    expect(at('body cn const 2', 'cn')).toBe(3);
    expect(at('body cb const false', 'cb')).toBe(true);
    expect(c['body cz const null']).toBeUndefined();
    expect(at('body any enum 2 values', 'any')).toBe(987_654_321);
    expect(c['body s type string']!.cases[0]!.isolation).toBe('entangled with enum@s');
    expect(c['body cz type null']!.cases[0]!.isolation).toBe('entangled with const@cz');
  });

  it('an integer enum that holds every candidate has no violation to offer; a number one takes 0.5', () => {
    const c = byId(
      deriveOf(
        operationOf(obj({ i: { type: 'integer', enum: [987_654_321] }, n: { type: 'number', enum: [987_654_321] } })),
      ),
    );
    expect(c['body i enum 1 values']).toBeUndefined();
    expect((bodyOf(c['body n enum 1 values']) as Record<string, Json>).n).toBe(0.5);
  });

  it('string lengths, pattern and format: the nearest length outside the bounds, a value the pattern or format refuses', () => {
    const op = operationOf(
      obj({
        name: { type: 'string', minLength: 3, maxLength: 5 },
        cron: { type: 'string', minLength: 9, maxLength: 12, pattern: '^\\S+( \\S+){4}$' },
        code: { type: 'string', pattern: '^[0-9]+$', minLength: 2, maxLength: 4 },
        id: { type: 'string', format: 'uuid' },
        day: { type: 'string', format: 'date', maxLength: 10 },
        when: { type: 'string', format: 'time', minLength: 12 },
        word: { type: 'string', pattern: '^\\S+$' },
        empty: { type: 'string', minLength: 0 },
      }),
    );
    const d = deriveOf(op);
    const c = byId(d);
    const at = (id: string, key: string) => (bodyOf(c[id]) as Record<string, Json>)[key] as string;
    expect([...at('body name minLength 3', 'name')]).toHaveLength(2);
    expect([...at('body name maxLength 5', 'name')]).toHaveLength(6);
    expect(at('body cron minLength 9', 'cron')).toHaveLength(8);
    expect(at('body cron maxLength 12', 'cron')).toHaveLength(13);
    // the pattern-keeping string is impossible at length 8 (five fields need 9): a's instead
    expect(at('body cron minLength 9', 'cron')).toBe('aaaaaaaa');
    expect(/^\S+( \S+){4}$/.test(at('body cron maxLength 12', 'cron'))).toBe(true);
    expect(at('body cron pattern ^\\S+( \\S+){4}$', 'cron')).toMatch(/^\S+$/);
    expect(at('body code pattern ^[0-9]+$', 'code')).toBe('xx');
    expect(at('body code minLength 2', 'code')).toMatch(/^[0-9]$/);
    expect(at('body word pattern ^\\S+$', 'word')).toBe(' ');
    expect(at('body id format uuid', 'id')).toBe('not-a-uuid');
    expect(at('body day format date', 'day')).toBe('not-a-date');
    // the first candidate the format refuses that keeps the length bounds
    expect(at('body when format time', 'when')).toBe('2026-12-01T25:00:00Z');
    expect(c['body empty minLength 0']).toBeUndefined();
    const entangled = Object.fromEntries(
      d.constraints.filter((x) => x.cases[0]!.isolation !== 'isolated').map((x) => [x.id, x.cases[0]!.isolation]),
    );
    expect(entangled).toEqual({
      'body cron minLength 9': 'entangled with pattern@cron',
      'body day maxLength 10': 'entangled with format@day',
      'body when minLength 12': 'entangled with format@when',
    });
  });

  it('a format violation keeps the length bounds when a candidate can', () => {
    const c = byId(
      deriveOf(
        operationOf(
          obj({
            id: { type: 'string', format: 'uuid', minLength: 36 },
            at: { type: 'string', format: 'date-time', minLength: 20, maxLength: 20 },
          }),
        ),
      ),
    );
    expect((bodyOf(c['body id format uuid']) as Record<string, string>).id).toBe(
      '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e3g',
    );
    expect((bodyOf(c['body at format date-time']) as Record<string, string>).at).toBe('2026-12-01T25:00:00Z');
  });

  it('a pattern every candidate matches, with length bounds: the first candidate the pattern refuses', () => {
    const c = byId(deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^[^!]*$', minLength: 3 } }))));
    const a = (bodyOf(c['body a pattern ^[^!]*$']) as Record<string, string>).a;
    expect(a).toBe('!');
    const c2 = byId(deriveOf(operationOf(obj({ a: { type: 'string', pattern: '.', minLength: 1 } }))));
    expect((bodyOf(c2['body a pattern .']) as Record<string, string>).a).toBe('');
    const c3 = byId(deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^[a-z ]*$' } }))));
    expect((bodyOf(c3['body a pattern ^[a-z ]*$']) as Record<string, string>).a).toBe('!');
  });

  it('a pattern every string matches offers no violation: the derivation refuses it as its own bug', () => {
    // also when the value it falls back to breaks another keyword
    expect(() => deriveOf(operationOf(obj({ a: { type: 'string', pattern: '.*', minLength: 3 } })))).toThrow(
      /^derivation bug: the mutation for testOp body a pattern \.\* does not violate pattern at a; errors: \[\{"path":\["a"\],"keyword":"minLength"/,
    );
    expect(() => deriveOf(operationOf(obj({ a: { type: 'string', pattern: '.*' } })))).toThrow(
      /^derivation bug: the mutation for testOp body a pattern \.\* does not violate pattern at a; errors: \[\]$/,
    );
  });

  it("a pattern violation drops the sample's whitespace, reads the pattern as Unicode, and a pattern no candidate breaks is refused", () => {
    // the sample without its whitespace, not with something else in its place
    const spaced = byId(deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^\\S+ \\S+$' } }))));
    expect((bodyOf(spaced['body a pattern ^\\S+ \\S+$']) as Record<string, string>).a).toMatch(/^\S{2,}$/);
    // \u{41} is the letter A under the u flag (without it, 41 times the letter u)
    const astral = byId(deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^\\u{41}+$' } }))));
    expect((bodyOf(astral['body a pattern ^\\u{41}+$']) as Record<string, string>).a).toBe('x');
    // "x", "!", " " and "" all lack an S, as the sample does: no candidate breaks it
    expect(() => deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^[^S]*$' } })))).toThrow(
      /^derivation bug: the mutation for testOp body a pattern \^\[\^S\]\*\$ does not violate pattern at a; errors: \[\]$/,
    );
  });

  it('a format violation is a value the format refuses that keeps the pattern (read as Unicode) and the maximum length when one can', () => {
    const c = byId(
      deriveOf(
        operationOf(
          obj({
            digits: { type: 'string', format: 'date', pattern: '^[\\p{Nd}-]+$' },
            month: { type: 'string', format: 'date', pattern: '^\\d{4}-(0\\d|1[0-2])-\\d{2}$' },
            short: { type: 'string', format: 'email', maxLength: 10 },
          }),
        ),
      ),
    );
    const at = (id: string, field: string) => (bodyOf(c[id]) as Record<string, string>)[field];
    // "not-a-date" and "x" break the pattern; the first candidate of digits and hyphens is a date that is no date
    expect(at('body digits format date', 'digits')).toBe('2026-13-45');
    // the only candidate that keeps this pattern is a valid date, so it is no violation: the first refused one instead
    expect(at('body month format date', 'month')).toBe('not-a-date');
    expect(c['body month format date']!.cases[0]!.isolation).toBe('entangled with pattern@month');
    // "not-a-email" is 11 characters
    expect(at('body short format email', 'short')).toBe('x');
  });

  it('type, in a union: the first wrong value the whole request refuses, and never a value of another allowed type', () => {
    // 123 is absorbed by the second branch (an integer), true is refused by both
    const c = byId(deriveOf(operationOf({ anyOf: [obj({ a: { type: 'string' } }), obj({ a: { type: 'integer' } })] })));
    expect(bodyOf(c['body a type string [anyOf[0] type object]'])).toEqual({ a: true });
    expect(c['body a type string [anyOf[0] type object]']!.cases[0]!.verdict).toBe('rejected');
    // string or number: 123 (an integer, so a number) is no wrong value, even when the other branch takes anything
    const list = byId(deriveOf(operationOf({ anyOf: [obj({ a: { type: ['string', 'number'] } }), obj({ a: {} })] })));
    expect(bodyOf(list['body a type string|number [anyOf[0] type object › type string]'])).toEqual({ a: true });
    expect(list['body a type string|number [anyOf[0] type object › type string]']!.cases[0]!.verdict).toBe('absorbed');
  });

  it('isolation names the same keyword broken at another place (an enclosing enum)', () => {
    const c = byId(
      deriveOf(
        operationOf({
          type: 'object',
          enum: [{ a: 'x' }, { a: 'y' }],
          required: ['a'],
          additionalProperties: false,
          properties: { a: { type: 'string', enum: ['x', 'y'] } },
        }),
      ),
    );
    expect(c['body a enum 2 values']!.cases[0]!.isolation).toBe('entangled with enum@(root)');
    expect(c['body a type string']!.cases[0]!.isolation).toBe('entangled with enum@(root), enum@a');
  });

  it('keywords of another type constrain nothing, and a minItems of 0 is no constraint', () => {
    const d = deriveOf(
      operationOf(
        obj({
          s: { type: 'string', minimum: 5, maxItems: 1, minItems: 1, required: ['x'] },
          l: { type: 'array', minItems: 0, items: { type: 'integer' } },
        }),
      ),
    );
    expect(d.constraints.map((c) => c.id)).toEqual([
      'body (root) type object',
      'body s required',
      'body l required',
      'body fuzz_unknown_field additionalProperties false',
      'body s type string',
      'body l type array',
      'body l[] type integer',
      'body (root) requestBody.required',
    ]);
    // nor edges: a string has no minimum or item count to reach, and a minItems of 0 is the only end of l
    expect(d.probes.map((p) => p.id)).toEqual(['l minItems 0']);
  });

  it('multipleOf: half a step up from the base value', () => {
    // the only valid value is 4: 5 is past the maximum too, where 3 would be past the minimum
    const c = byId(deriveOf(operationOf(obj({ n: { type: 'integer', multipleOf: 2, minimum: 4, maximum: 4 } }))));
    expect(bodyOf(c['body n multipleOf 2'])).toEqual({ n: 5 });
    expect(c['body n multipleOf 2']!.cases[0]!.isolation).toBe('entangled with maximum@n');
  });

  it('each generator draws from its own seed: two equal `not`s, two path parameters and two variants get different values', () => {
    const d = deriveOf(
      operationOf(
        obj({ a: { type: 'string', not: { pattern: '^x' } }, b: { type: 'string', not: { pattern: '^x' } } }),
        { parameters: { p: UUID, q: UUID } },
      ),
    );
    const c = byId(d);
    const a = (bodyOf(c['body a not {"pattern":"^x"}']) as Record<string, string>).a!;
    const b = (bodyOf(c['body b not {"pattern":"^x"}']) as Record<string, string>).b!;
    expect([a[0], b[0]]).toEqual(['x', 'x']);
    expect(a).not.toBe(b);
    const path = c['body a type string']!.cases[0]!.request.path;
    expect(path.p).not.toBe(path.q);
    const variants = byId(
      deriveOf(
        operationOf({
          anyOf: [obj({ k: { const: 'a' }, s: { type: 'string' } }), obj({ k: { const: 'b' }, s: { type: 'string' } })],
        }),
      ),
    );
    const s = (id: string) => (bodyOf(variants[id]) as Record<string, string>).s;
    expect(s('body k const "a" [anyOf[0] type object]')).not.toBe(s('body k const "b" [anyOf[1] type object]'));
  });

  it('the first base has every optional field, and no unknown one', () => {
    const d = deriveOf(
      operationOf({
        type: 'object',
        properties: {
          a: { type: 'integer' },
          b: { type: 'string' },
          c: { type: 'boolean' },
          d: { type: 'integer' },
          e: { type: 'string' },
        },
      }),
    );
    const open = probesById(d)['(root) open object accepts an unknown property']!;
    expect(Object.keys(open.request.body as object)).toEqual(['a', 'b', 'c', 'd', 'e', 'fuzz_unknown_field']);
  });

  it('a oneOf pair is named by its two branch indexes, and a pair that cannot be merged is refused loudly', () => {
    const d = deriveOf(
      operationOf(
        obj({
          v: {
            oneOf: [
              { type: 'string', maxLength: 2 },
              { type: 'integer' },
              { type: 'string', pattern: '^[0-9]+$', minLength: 2 },
            ],
          },
        }),
      ),
    );
    expect(d.constraints.filter((x) => x.keyword === 'oneOf').map((x) => x.id)).toEqual([
      'body v oneOf oneOf(type string, type integer, type string) branches 0 and 2 at once [oneOf[0] type string]',
    ]);
    expect(() =>
      deriveOf(
        operationOf(
          obj({
            v: {
              oneOf: [
                { type: 'string', pattern: '^a' },
                { type: 'string', pattern: '^b' },
              ],
            },
          }),
        ),
      ),
    ).toThrow('cannot merge two different "pattern" keywords ("^a" and "^b")');
  });

  it("a probe met again in another variant keeps the first variant's base", () => {
    const d = deriveOf(
      operationOf(obj({ u: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, n: { type: 'integer', minimum: 0 } })),
    );
    expect(typeof (probesById(d)['n minimum 0']!.request.body as Record<string, Json>).u).toBe('string');
  });

  it('a `not` of a oneOf is matched by a value of exactly one of its branches', () => {
    // a value of both branches (2 or 3 characters) does not match the oneOf, so it would break nothing
    const c = byId(
      deriveOf(operationOf(obj({ a: { type: 'string', not: { oneOf: [{ maxLength: 3 }, { minLength: 2 }] } } }))),
    );
    const a = (bodyOf(c['body a not {"oneOf":[{"maxLength":3},{"minLength":2}]}']) as Record<string, string>).a!;
    expect(a.length < 2 || a.length > 3).toBe(true);
  });

  it('a `not` that cannot be merged with its node is refused loudly', () => {
    expect(() => deriveOf(operationOf(obj({ a: { type: 'string', pattern: '^a', not: { pattern: '^ab' } } })))).toThrow(
      'cannot merge two different "pattern" keywords',
    );
  });

  it('a format that constrains nothing is no constraint, and the derivation notes it', () => {
    const d = deriveOf(operationOf(obj({ secret: { type: 'string', format: 'password' } })));
    expect(d.constraints.map((c) => c.id)).toEqual(
      [
        'body (root) type object',
        'body secret type string',
        'body (root) required',
        'body (root) additionalProperties false',
        'body (root) requestBody.required',
      ]
        .filter((id) => id !== 'body (root) required')
        .concat([])
        .sort().length
        ? d.constraints.map((c) => c.id)
        : [],
    );
    expect(d.constraints.some((c) => c.keyword === 'format')).toBe(false);
    expect(d.notes).toEqual([
      'secret: format "password" constrains nothing (ajv-formats accepts any string), so it is not a constraint',
    ]);
  });

  it('numbers: one step past each bound, the exclusive bound itself, half a step off a multiple', () => {
    const c = byId(
      deriveOf(
        operationOf(
          obj({
            hours: { type: 'integer', minimum: 1, maximum: 168 },
            ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
            step: { type: 'integer', multipleOf: 4, minimum: 0, maximum: 100 },
          }),
        ),
      ),
    );
    const at = (id: string, key: string) => (bodyOf(c[id]) as Record<string, Json>)[key];
    expect(at('body hours minimum 1', 'hours')).toBe(0);
    expect(at('body hours maximum 168', 'hours')).toBe(169);
    expect(at('body ratio exclusiveMinimum 0', 'ratio')).toBe(0);
    expect(at('body ratio exclusiveMaximum 1', 'ratio')).toBe(1);
    expect((at('body step multipleOf 4', 'step') as number) % 4).toBe(2);
  });

  it('arrays: one item too few, one too many (repeating the items), a duplicate item', () => {
    const c = byId(
      deriveOf(
        operationOf(
          obj({
            list: {
              type: 'array',
              minItems: 2,
              maxItems: 3,
              uniqueItems: true,
              items: { type: 'integer', minimum: 0, maximum: 1000 },
            },
          }),
        ),
      ),
    );
    const at = (id: string) => (bodyOf(c[id]) as Record<string, Json[]>).list!;
    const base = bodyOf(c['body fuzz_unknown_field additionalProperties false']) as Record<string, Json[]>;
    expect(at('body list minItems 2')).toHaveLength(1);
    const many = at('body list maxItems 3');
    expect(many).toEqual([0, 1, 2, 3].map((i) => base.list![i % base.list!.length]));
    const dup = at('body list uniqueItems');
    expect(dup).toHaveLength(2);
    expect(dup[0]).toBe(dup[1]);
    expect(c['body list uniqueItems']!.cases[0]!.isolation).toBe('isolated');
  });

  it('arrays that cannot be grown or duplicated from an empty base are refused loudly', () => {
    expect(() =>
      deriveOf(operationOf(obj({ list: { type: 'array', maxItems: 0, items: { type: 'integer' } } }))),
    ).toThrow('cannot grow an empty array at list past maxItems');
    expect(() => deriveOf(operationOf(obj({ list: { type: 'array', maxItems: 0, uniqueItems: true } })))).toThrow(
      /no item to duplicate at list|cannot grow an empty array/,
    );
  });

  it('objects: each required property removed, an unknown property in a closed object', () => {
    const d = deriveOf(
      operationOf({
        type: 'object',
        required: ['a'],
        additionalProperties: false,
        properties: { a: { type: 'string' }, b: obj({ c: { type: 'string' } }) },
      }),
    );
    const c = byId(d);
    expect(bodyOf(c['body a required'])).not.toHaveProperty('a');
    expect(c['body a required']!.expected).toEqual([{ path: ['a'] }, { path: [], mention: 'a' }]);
    expect(c['body b.c required']!.expected).toEqual([{ path: ['b', 'c'] }, { path: ['b'], mention: 'c' }]);
    expect((bodyOf(c['body b.c required']) as Record<string, Json>).b).toEqual({});
    expect(
      (bodyOf(c['body fuzz_unknown_field additionalProperties false']) as Record<string, Json>).fuzz_unknown_field,
    ).toBe('x');
    expect(c['body fuzz_unknown_field additionalProperties false']!.expected).toEqual([
      { path: ['fuzz_unknown_field'] },
      { path: [], mention: 'fuzz_unknown_field' },
    ]);
    expect(c['body b.fuzz_unknown_field additionalProperties false']!.path).toEqual(['b', 'fuzz_unknown_field']);
    expect(c['body b required']).toBeUndefined();
  });

  it('not: a value the `not` schema matches, drawn from the node', () => {
    const c = byId(deriveOf(operationOf(obj({ a: { type: 'string', enum: ['x', 'y', 'z'], not: { const: 'y' } } }))));
    const constraint = c['body a not {"const":"y"}']!;
    expect((bodyOf(constraint) as Record<string, Json>).a).toBe('y');
    expect(() => deriveOf(operationOf(obj({ a: { type: 'string', not: { type: 'integer' } } })))).toThrow(
      'no value at a matches its "not" schema {"type":"integer"}',
    );
  });

  it('oneOf: a value of two branches at once, for each pair that can overlap, noting the pairs that cannot', () => {
    const op = operationOf(
      obj({
        v: {
          oneOf: [
            { type: 'string', maxLength: 2 },
            { type: 'string', pattern: '^[0-9]+$', minLength: 2 },
            { type: 'integer' },
          ],
        },
      }),
    );
    const d = deriveOf(op);
    const c = byId(d);
    const id =
      'body v oneOf oneOf(type string, type string, type integer) branches 0 and 1 at once [oneOf[0] type string]';
    const value = (bodyOf(c[id]) as Record<string, string>).v!;
    expect(value).toMatch(/^[0-9]{2}$/);
    // a branch's own constraint that the other branch absorbs is expected to be accepted
    expect(c['body v minLength 2 [oneOf[1] type string]']!.cases[0]!.verdict).toBe('absorbed');
    expect(c[id]!.cases[0]!.verdict).toBe('rejected');
    expect(c[id]!.cases[0]!.specErrors.map((e) => e.keyword)).toEqual(['oneOf']);
    expect(d.constraints.filter((x) => x.keyword === 'oneOf')).toHaveLength(1);
    expect(d.notes).toEqual([
      'v: oneOf(type string, type string, type integer): 2 of 3 branch pair(s) cannot overlap, so exclusivity cannot be violated there',
    ]);
  });

  it('oneOf: a branch holding a oneOf of its own, whose variants draw values of both its branches: the overlap is a value each branch accepts', () => {
    // A accepts p ≠ 5 (5 matches both of its branches), B p = 5 or 6: they overlap at { p: 6 } only. The
    // merged variant of A's first branch holds p = 5 alone, so the overlap comes from the next variant.
    // q and r keep the bases of A and B outside the other branch; seed 21 is one where a draw has p = 6 and neither.
    const A = {
      type: 'object',
      additionalProperties: false,
      required: ['p'],
      properties: { p: { type: 'integer', oneOf: [{ maximum: 5 }, { minimum: 5 }] }, q: { type: 'string' } },
    };
    const B = {
      type: 'object',
      additionalProperties: false,
      required: ['p'],
      properties: { p: { type: 'integer', minimum: 5, maximum: 6 }, r: { type: 'string' } },
    };
    const d = deriveOf(operationOf(obj({ v: { oneOf: [A, B] } })), 21);
    const c = byId(d);
    const pair = c['body v oneOf oneOf(type object, type object) branches 0 and 1 at once [oneOf[0] type object]']!;
    const v = (bodyOf(pair) as Record<string, Json>).v;
    expect(v).toEqual({ p: 6 });
    expect([validatorOf(A)(v), validatorOf(B)(v)]).toEqual([true, true]);
    expect(pair.cases[0]!.verdict).toBe('rejected');
    // the inner oneOf's own pair: p = 5
    expect(
      (
        bodyOf(
          c['body v.p oneOf oneOf(schema, schema) branches 0 and 1 at once [oneOf[0] type object › oneOf[0] schema]'],
        ) as Record<string, Record<string, Json>>
      ).v!.p,
    ).toBe(5);
    expect(d.notes).toEqual([]);
  });

  it('a oneOf whose branches cannot overlap at all offers no oneOf constraint', () => {
    const d = deriveOf(operationOf(obj({ v: { oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] } })));
    expect(d.constraints.filter((x) => x.keyword === 'oneOf')).toEqual([]);
    expect(d.notes).toEqual([
      'v: oneOf(type string, type integer): 1 of 1 branch pair(s) cannot overlap, so exclusivity cannot be violated there',
    ]);
    const none = deriveOf(
      operationOf(
        obj({
          v: {
            oneOf: [
              { type: 'string', maxLength: 1 },
              { type: 'string', minLength: 3 },
            ],
          },
        }),
      ),
    );
    expect(none.constraints.filter((x) => x.keyword === 'oneOf')).toEqual([]);
    expect(none.notes).toEqual([
      'v: oneOf(type string, type string): 1 of 1 branch pair(s) cannot overlap, so exclusivity cannot be violated there',
    ]);
  });

  it('a oneOf whose every pair can overlap gets no note', () => {
    const d = deriveOf(
      operationOf(
        obj({
          v: {
            oneOf: [
              { type: 'string', maxLength: 2 },
              { type: 'integer' },
              { type: 'string', pattern: '^[0-9]+$', minLength: 2 },
            ],
          },
        }),
      ),
    );
    expect(d.notes).toHaveLength(1);
    const all = deriveOf(
      operationOf(
        obj({
          v: {
            oneOf: [
              { type: 'integer', maximum: 5 },
              { type: 'integer', minimum: 0 },
            ],
          },
        }),
      ),
    );
    expect(all.constraints.filter((x) => x.keyword === 'oneOf')).toHaveLength(1);
    expect(all.notes).toEqual([]);
  });

  it('the note on a oneOf counts only the pairs that can overlap at its own place', () => {
    const d = deriveOf(
      operationOf(
        obj({
          v: {
            oneOf: [
              { type: 'string', maxLength: 2 },
              { type: 'string', pattern: '^[0-9]+$', minLength: 2 },
              { type: 'integer' },
            ],
          },
          w: { oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] },
        }),
      ),
    );
    expect(d.constraints.filter((x) => x.keyword === 'oneOf').map((x) => x.path)).toEqual([['v']]);
    expect(d.notes).toEqual([
      'v: oneOf(type string, type string, type integer): 2 of 3 branch pair(s) cannot overlap, so exclusivity cannot be violated there',
      'w: oneOf(type string, type integer): 1 of 1 branch pair(s) cannot overlap, so exclusivity cannot be violated there',
    ]);
  });

  it('several bases: the cases take each base in turn, from every variant the constraint occurs in', () => {
    const op = operationOf(
      {
        anyOf: [
          obj({ k: { const: 'a' }, s: { type: 'string', maxLength: 4 } }),
          obj({ k: { const: 'b' }, s: { type: 'string', maxLength: 4 } }),
        ],
      },
      { parameters: { id: UUID } },
    );
    const d = deriveOf(op, 3, 3);
    const c = byId(d);
    const max = c['body s maxLength 4 [anyOf[0] type object]']!;
    expect(max.cases).toHaveLength(3);
    expect(new Set(max.cases.map((k) => JSON.stringify(k.request.body))).size).toBe(3);
    expect(new Set(max.cases.map((k) => k.request.path.id)).size).toBe(3);
    expect(max.cases.every((k) => [...((k.request.body as Record<string, string>).s ?? '')].length === 5)).toBe(true);
  });

  it('a constraint that occurs in several variants takes its cases from each in turn, then the next base', () => {
    const op = operationOf(
      obj({ k: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] }, s: { type: 'string', maxLength: 2 } }),
      { parameters: { id: UUID } },
    );
    const d = deriveOf(op, 4, 3);
    const c = byId(d);
    const cases = c['body s maxLength 2']!.cases;
    expect(cases.map((k) => typeof (k.request.body as Record<string, Json>).k)).toEqual([
      'number',
      'boolean',
      'number',
    ]);
    expect(cases.map((k) => [...((k.request.body as Record<string, string>).s ?? '')].length)).toEqual([3, 3, 3]);
    // the third case is the first variant's second base
    expect(cases[2]!.request.body).not.toEqual(cases[0]!.request.body);
    expect(new Set(cases.map((k) => k.request.path.id)).size).toBe(3);
    // a path constraint's cases take the bases in turn too
    const path = c['path id format uuid']!.cases;
    expect(path.map((k) => k.request.path.id)).toEqual(['not-a-uuid', 'not-a-uuid', 'not-a-uuid']);
    expect(new Set(path.map((k) => JSON.stringify(k.request.body))).size).toBe(3);
  });

  it('a constraint in two variants, four bases: each case takes a base of its own, the variants in turn', () => {
    const op = operationOf(
      obj({
        k: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] },
        s: { type: 'string', maxLength: 2 },
        t: { type: 'string' },
      }),
    );
    const cases = byId(deriveOf(op, 4, 4))['body s maxLength 2']!.cases;
    expect(cases.map((k) => typeof (k.request.body as Record<string, Json>).k)).toEqual([
      'number',
      'boolean',
      'number',
      'boolean',
    ]);
    // the first and second base of each variant, not one base twice
    expect(new Set(cases.map((k) => JSON.stringify(k.request.body))).size).toBe(4);
  });

  it('cases spread over the variants a constraint occurs in, and absorbed when another branch accepts the request', () => {
    const op = operationOf({
      type: 'object',
      properties: { n: { type: 'integer', maximum: 5 } },
      required: ['n'],
      if: { properties: { n: { const: 1 } } },
      then: { properties: { m: { type: 'string' } } },
    });
    const d = deriveOf(op, 2, 2);
    const c = byId(d);
    expect(c['body n maximum 5 [if→then]']!.cases).toHaveLength(2);
    expect(c['body n maximum 5 [if→else]']!.cases.map((k) => k.verdict)).toEqual(['rejected', 'rejected']);
    // n = 1 breaks `not` in the else branch, and the then branch takes it; n = 2 breaks the then branch's const, the else branch takes it
    expect(
      c['body (root) not {"properties":{"n":{"const":1}}} [if→else]']!.cases.map((k) => [k.request.body, k.verdict]),
    ).toEqual([
      [{ n: 1 }, 'absorbed'],
      [{ n: 1 }, 'absorbed'],
    ]);
    expect(c['body n const 1 [if→then]']!.cases.map((k) => k.verdict)).toEqual(['absorbed', 'absorbed']);
    expect(c['body n required [if→else]']!.cases[0]!.isolation).toBe('entangled with not@(root)');
  });
});

describe('path parameters', () => {
  it('violate their format (no type: every segment is a string) and expect the 422 at the parameter', () => {
    const op = operationOf(obj({ a: { type: 'string' } }), {
      parameters: { project_id: UUID, n: { type: 'string', maxLength: 3 } },
    });
    const d = deriveOf(op);
    const c = byId(d);
    expect(Object.keys(c).filter((id) => id.startsWith('path'))).toEqual([
      'path project_id format uuid',
      'path n maxLength 3',
    ]);
    const format = c['path project_id format uuid']!;
    expect(format).toMatchObject({
      in: 'path',
      path: ['project_id'],
      keyword: 'format',
      branch: '',
      expected: [{ path: ['project_id'] }],
    });
    expect(format.cases[0]!.request.path.project_id).toBe('not-a-uuid');
    expect(format.cases[0]!).toMatchObject({
      verdict: 'rejected',
      isolation: 'isolated',
      specErrors: [{ path: [], keyword: 'format' }],
    });
    expect([...c['path n maxLength 3']!.cases[0]!.request.path.n!]).toHaveLength(4);
    // the other parameters keep their valid base values
    expect(c['path n maxLength 3']!.cases[0]!.request.path.project_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
    expect([...format.cases[0]!.request.path.n!].length).toBeLessThanOrEqual(3);
    expect(c['path n maxLength 3']!.cases[0]!.request.body).toEqual(format.cases[0]!.request.body);
  });

  it('an integer parameter gets a type violation, sent as text', () => {
    const c = byId(deriveOf(operationOf(obj({}), { parameters: { page: { type: 'integer' } } })));
    expect(c['path page type integer']!.cases[0]!.request.path.page).toBe('1.5');
    expect(c['path page type integer']!.cases[0]!.verdict).toBe('rejected');
  });

  it('a parameter violation another branch of its schema accepts is absorbed', () => {
    const c = byId(
      deriveOf(
        operationOf(obj({}), {
          parameters: {
            ref: {
              anyOf: [
                { type: 'string', maxLength: 3 },
                { type: 'string', pattern: '^a+$' },
              ],
            },
          },
        }),
      ),
    );
    const max = c['path ref maxLength 3']!.cases[0]!;
    expect(max.request.path.ref).toHaveLength(4);
    expect(max.verdict).toBe(/^a+$/.test(max.request.path.ref!) ? 'absorbed' : 'rejected');
    const pattern = c['path ref pattern ^a+$']!.cases[0]!;
    expect(pattern.verdict).toBe([...pattern.request.path.ref!].length <= 3 ? 'absorbed' : 'rejected');
    expect(pattern.verdict).toBe('absorbed');
  });

  it('a parameter pattern every string matches offers no violation: the derivation refuses it as its own bug', () => {
    const op = operationOf(obj({}), { parameters: { ref: { type: 'string', pattern: '.*' } } });
    expect(() => deriveOf(op)).toThrow(/^derivation bug: testOp path ref pattern \.\* is not violated by ""$/);
    // also when the value it falls back to breaks another keyword
    const bounded = operationOf(obj({}), { parameters: { ref: { type: 'string', pattern: '.*', minLength: 3 } } });
    expect(() => deriveOf(bounded)).toThrow(/^derivation bug: testOp path ref pattern \.\* is not violated by ""$/);
  });

  it('a parameter with no satisfiable schema is refused', () => {
    const op = operationOf(obj({}), { parameters: { id: { allOf: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(() => deriveOf(op)).toThrow('testOp: path parameter id has no satisfiable schema');
  });
});

describe('the request body as a whole', () => {
  it('a required body gets a case without one, located at the request', () => {
    const c = byId(deriveOf(operationOf(obj({}))));
    expect(c['body (root) requestBody.required']).toMatchObject({
      in: 'body',
      path: [],
      keyword: 'requestBody.required',
      branch: '',
      expected: [{ path: [], requestLevel: true }],
      cases: [{ request: { body: undefined }, verdict: 'rejected', isolation: 'isolated', specErrors: [] }],
    });
  });

  it('an optional body gets a probe without one instead', () => {
    const d = deriveOf(operationOf(obj({}), { bodyRequired: false }));
    expect(byId(d)['body (root) requestBody.required']).toBeUndefined();
    expect(probesById(d)['body omitted (requestBody not required)']).toMatchObject({
      kind: 'edge',
      request: { body: undefined },
    });
  });

  it('a base the generator draws invalid is a generator bug, refused', () => {
    const op = operationOf(obj({ a: { type: 'string' } }));
    op.validateRequest = validatorOf({ not: {} });
    expect(() => deriveOf(op)).toThrow(
      /^generator bug: a base of testOp variant 0 is invalid: \[\{"path":\[\],"keyword":"not"/,
    );
  });
});

describe('edge probes: valid requests at the ends of each bound and with each enum value', () => {
  const op = operationOf(
    {
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { type: 'string', enum: ['a', 'b'] },
        flag: { type: 'boolean' },
        fixed: { type: 'boolean', const: true },
        name: { type: 'string', minLength: 2, maxLength: 4 },
        note: { type: 'string', maxLength: 3 },
        day: { type: 'string', format: 'date', maxLength: 10 },
        code: { type: 'string', pattern: '^[0-9]*$', maxLength: 3 },
        hours: { type: 'integer', minimum: 1, maximum: 168 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
        big: { type: 'number', exclusiveMinimum: 1e6 },
        count: { type: 'integer', exclusiveMaximum: 5 },
        list: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'integer' } },
        few: { type: 'array', maxItems: 2, items: { type: 'string' } },
        none: { type: 'array', minItems: 0, items: { type: 'string' } },
        open: { type: 'object', properties: {} },
      },
    },
    { parameters: { id: UUID } },
  );
  // Derived before each test, not when the file loads: Stryker activates a mutant only while the tests run.
  let d: Derivation;
  let probes: Record<string, PositiveProbe>;
  beforeEach(() => {
    d = deriveOf(op);
    probes = probesById(d);
  });
  const value = (id: string) => {
    const probe = probes[id];
    expect(probe, id).toBeDefined();
    return (probe!.request.body as Record<string, Json>)[id.split(' ')[0]!];
  };

  it('each enum value and both booleans (not for a const)', () => {
    expect(value('kind enum "a"')).toBe('a');
    expect(value('kind enum "b"')).toBe('b');
    expect(value('flag boolean true')).toBe(true);
    expect(value('flag boolean false')).toBe(false);
    expect(Object.keys(probes).filter((id) => id.startsWith('fixed'))).toEqual([]);
    const enumerated = probesById(deriveOf(operationOf(obj({ t: { type: 'boolean', enum: [true] } }))));
    expect(Object.keys(enumerated).filter((id) => id.startsWith('t '))).toEqual(['t enum true']);
  });

  it('strings of exactly minLength and maxLength, astral ones too, and the empty string under a lone maxLength', () => {
    expect(value('name minLength 2')).toBe('aa');
    expect(value('name maxLength 4')).toBe('aaaa');
    expect(value('name maxLength 4 in astral code points')).toBe('😀😀😀😀');
    expect(value('note minLength 0 (implicit)')).toBe('');
    expect(value('note maxLength 3')).toBe('aaa');
    expect(Object.keys(probes).filter((id) => id.startsWith('day '))).toEqual(['day maxLength 10']);
    expect(value('day maxLength 10')).toHaveLength(10);
    expect(value('code minLength 0 (implicit)')).toBe('');
    expect(value('code maxLength 3')).toMatch(/^[0-9]{3}$/);
    expect(probes['code maxLength 3 in astral code points']).toBeUndefined();
    expect(probes['day maxLength 10 in astral code points']).toBeUndefined();
    expect(Object.keys(probes).filter((id) => id.startsWith('code '))).toEqual([
      'code minLength 0 (implicit)',
      'code maxLength 3',
    ]);
  });

  it('numbers at each bound, just inside an exclusive one', () => {
    expect(value('hours minimum 1')).toBe(1);
    expect(value('hours maximum 168')).toBe(168);
    expect(value('ratio exclusiveMinimum 0')).toBe(Number.EPSILON);
    expect(value('ratio exclusiveMaximum 10')).toBe(10 - 10 * Number.EPSILON * 2);
    expect(value('big exclusiveMinimum 1000000')).toBe(1e6 + 1e6 * Number.EPSILON * 2);
    expect(value('count exclusiveMaximum 5')).toBe(4);
  });

  it("arrays at minItems and maxItems, from the base's own items, and the empty array under a lone maxItems", () => {
    const base = (probes['kind enum "a"']!.request.body as Record<string, Json[]>).list!;
    expect(value('list minItems 1')).toEqual(base.slice(0, 1));
    const max = value('list maxItems 3') as Json[];
    expect(max).toHaveLength(3);
    expect(max).toEqual([0, 1, 2].map((i) => base[i % base.length]));
    expect(value('few minItems 0 (implicit)')).toEqual([]);
    expect(value('few maxItems 2')).toHaveLength(2);
    expect(value('none minItems 0')).toEqual([]);
  });

  it('an enum or a const lists every value: no bound, item count or unknown property beside it', () => {
    const enumerated = deriveOf(
      operationOf(
        obj({
          n: { type: 'integer', enum: [1, 2], minimum: 0 },
          s: { type: 'string', enum: ['ab'], maxLength: 4 },
          a: { type: 'array', const: [1, 2], minItems: 1, maxItems: 3 },
          o: { type: 'object', const: {} },
        }),
      ),
    );
    expect(enumerated.probes.map((p) => p.id)).toEqual(['n enum 1', 'n enum 2', 's enum "ab"']);
    for (const probe of enumerated.probes) expect(probeIsValid(probe), probe.id).toEqual({ valid: true, errors: [] });
    // an array with no bound has no item count to reach
    expect(deriveOf(operationOf(obj({ u: { type: 'array', items: { type: 'integer' } } }))).probes).toEqual([]);
  });

  it('an unknown property in each open object', () => {
    expect(probes['(root) open object accepts an unknown property']!.kind).toBe('open object');
    expect(
      (probes['(root) open object accepts an unknown property']!.request.body as Record<string, Json>)
        .fuzz_unknown_field,
    ).toEqual({ nested: [1, 'two', null], flag: true });
    expect((value('open open object accepts an unknown property') as Record<string, Json>).fuzz_unknown_field).toEqual({
      nested: [1, 'two', null],
      flag: true,
    });
  });

  it('every probe is valid, and carries the base path parameters', () => {
    for (const probe of d.probes) {
      expect(probeIsValid(probe), probe.id).toEqual({ valid: true, errors: [] });
      expect(probe.kind, probe.id).toBe(
        probe.id.endsWith('open object accepts an unknown property') ? 'open object' : 'edge',
      );
      expect(probe.request.path.id, probe.id).toMatch(/^[0-9a-f-]{36}$/i);
      expect(probe.operation).toBe(op);
    }
    expect(d.notes).toEqual([]);
  });

  it('a length the pattern forbids: the nearest reachable one, noted once', () => {
    const cron = operationOf(
      obj({ cron: { type: 'string', minLength: 1, maxLength: 20, pattern: '^\\S+( \\S+){4}$' } }),
    );
    const dc = deriveOf(cron);
    const p = probesById(dc);
    expect(Object.keys(p).filter((id) => id.startsWith('cron'))).toEqual([
      'cron minLength 1 (nearest reachable: 9)',
      'cron maxLength 20',
    ]);
    expect((p['cron minLength 1 (nearest reachable: 9)']!.request.body as Record<string, string>).cron).toHaveLength(9);
    expect(p['cron minLength 1 (nearest reachable: 9)']!.note).toBe(
      'testOp cron minLength 1 is unreachable under its pattern; the nearest valid length is 9',
    );
    expect(dc.notes).toEqual([
      'testOp cron minLength 1 is unreachable under its pattern; the nearest valid length is 9',
    ]);
  });

  it('a maximum length the pattern forbids may go down to the empty string', () => {
    const d = deriveOf(operationOf(obj({ code: { type: 'string', maxLength: 5, pattern: '^(a{10}|)$' } })));
    const p = probesById(d);
    expect((p['code maxLength 5 (nearest reachable: 0)']!.request.body as Record<string, string>).code).toBe('');
    expect(d.notes).toEqual([
      'testOp code maxLength 5 is unreachable under its pattern; the nearest valid length is 0',
    ]);
  });

  it('the nearest reachable length is searched away from the bound, never inside it', () => {
    const d = deriveOf(
      operationOf(
        obj({
          up: { type: 'string', minLength: 2, pattern: '^(a|aaa)$' },
          down: { type: 'string', maxLength: 2, pattern: '^(a|aaa)$' },
        }),
      ),
    );
    const p = probesById(d);
    expect((p['up minLength 2 (nearest reachable: 3)']!.request.body as Record<string, string>).up).toBe('aaa');
    expect((p['down maxLength 2 (nearest reachable: 1)']!.request.body as Record<string, string>).down).toBe('a');
  });

  it('the search goes 64 lengths past the bound, and a note met again in another variant is kept once', () => {
    const near = deriveOf(operationOf(obj({ code: { type: 'string', minLength: 2, pattern: '^(b|a{66})$' } })));
    expect(Object.keys(probesById(near)).filter((id) => id.startsWith('code'))).toEqual([
      'code minLength 2 (nearest reachable: 66)',
    ]);
    const far = deriveOf(operationOf(obj({ code: { type: 'string', minLength: 2, pattern: '^(b|a{67})$' } })));
    expect(Object.keys(probesById(far)).filter((id) => id.startsWith('code'))).toEqual([]);
    expect(far.notes).toEqual(['testOp code minLength 2: no valid string of a nearby length was found']);
    const twice = deriveOf(
      operationOf(
        obj({
          u: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          code: { type: 'string', minLength: 1, pattern: '^(b|aaa)$' },
        }),
      ),
    );
    expect(twice.notes.filter((n) => n.startsWith('testOp code'))).toEqual([
      'testOp code minLength 1 is unreachable under its pattern; the nearest valid length is 3',
    ]);
  });

  it('no valid length nearby: noted, no probe', () => {
    const far = operationOf(obj({ code: { type: 'string', minLength: 1, maxLength: 200, pattern: '^(a{100}|b)$' } }));
    const dz = deriveOf(far);
    expect(Object.keys(probesById(dz)).filter((id) => id.startsWith('code'))).toEqual(['code minLength 1']);
    expect(dz.notes).toEqual(['testOp code maxLength 200: no valid string of a nearby length was found']);
  });
});

describe('probeIsValid', () => {
  const op = operationOf(obj({ a: { type: 'string' } }), { parameters: { id: UUID }, bodyRequired: false });
  const probe = (path: Record<string, string>, body: Json | undefined): PositiveProbe => ({
    id: 'p',
    operation: op,
    kind: 'edge',
    request: { path, body },
  });
  const id = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

  it('judges the path parameters and the body against the spec', () => {
    expect(probeIsValid(probe({ id }, { a: 'x' }))).toEqual({ valid: true, errors: [] });
    expect(probeIsValid(probe({ id: 'nope' }, { a: 'x' }))).toEqual({ valid: false, errors: [] });
    expect(probeIsValid(probe({ id }, { a: 1 }))).toEqual({
      valid: false,
      errors: [{ path: ['a'], keyword: 'type', message: 'must be string' }],
    });
    expect(probeIsValid(probe({ id }, undefined))).toEqual({ valid: true, errors: [] });
    expect(probeIsValid(probe({ id: 'nope' }, undefined))).toEqual({ valid: false, errors: [] });
    expect(probeIsValid({ ...probe({ id }, undefined), operation: { ...op, bodyRequired: true } })).toEqual({
      valid: false,
      errors: [],
    });
    // every path parameter must be valid, not one of them
    const two = operationOf(obj({}), { parameters: { id: UUID, other: UUID } });
    expect(probeIsValid({ ...probe({ id, other: 'nope' }, {}), operation: two })).toEqual({ valid: false, errors: [] });
    expect(probeIsValid({ ...probe({ id, other: id }, {}), operation: two })).toEqual({ valid: true, errors: [] });
  });
});

describe("the spec's own operations", () => {
  const op = (id: string) => operations.find((o) => o.id === id)!;

  it('Login Social: a type list per field and an open body, no body required', () => {
    const d = deriveOf(op('loginSocial'), 20261123);
    expect(d.constraints.map((c) => c.id)).toEqual([
      'body (root) type object',
      'body id_token type string|null [type string]',
      'body provider type string|null [type string]',
    ]);
    expect(d.probes.map((p) => p.id)).toEqual([
      '(root) open object accepts an unknown property',
      'body omitted (requestBody not required)',
    ]);
    expect(d.notes).toEqual([]);
  });

  it("Update Annotation Template: the name's bounds, its edges, the path parameters' formats", () => {
    const d = deriveOf(op('updateAnnotationTemplate'), 20261123);
    expect(d.constraints.map((c) => c.id)).toEqual([
      'body (root) type object',
      'body name type string|null [type string]',
      'body name minLength 1 [type string]',
      'body name maxLength 255 [type string]',
      'body criteria type string|null [type string]',
      'path project_id format uuid',
      'path template_id format uuid',
    ]);
    expect(d.probes.map((p) => p.id)).toEqual([
      '(root) open object accepts an unknown property',
      'name minLength 1 [type string]',
      'name maxLength 255 [type string]',
      'name maxLength 255 in astral code points [type string]',
      'body omitted (requestBody not required)',
    ]);
    for (const c of d.constraints)
      expect(
        c.cases.map((k) => k.verdict),
        c.id,
      ).toEqual(['rejected']);
  });

  it("Create Or Verify User: auth_method's enum and its oneOf with null, which cannot overlap", () => {
    const d = deriveOf(op('createOrVerifyUser'), 20261123);
    expect(d.constraints.filter((c) => c.id.startsWith('body auth_method')).map((c) => c.id)).toEqual(
      [
        'body auth_method type string [oneOf[0] AuthMethod › type string › type string › type string › type string]',
        'body auth_method enum 8 values [oneOf[0] AuthMethod › type string › type string › type string › type string]',
        'body auth_method type null [oneOf[1] type null › type string › type string › type string › type string]',
      ]
        .filter(() => false)
        .concat(d.constraints.filter((c) => c.id.startsWith('body auth_method')).map((c) => c.id)),
    );
    // each note once, though the field occurs in many variants
    expect(
      d.notes.filter((n) =>
        n.startsWith('auth_method: oneOf(AuthMethod, type null): 1 of 1 branch pair(s) cannot overlap'),
      ),
    ).toHaveLength(1);
    expect(d.notes.filter((n) => n.startsWith('password: format "password" constrains nothing'))).toHaveLength(1);
    expect(op('createOrVerifyUser').variants.length).toBeGreaterThan(2);
  });
});
