// The verifier's schema walker (src/verify/schema.ts) called in-process: how the spec's schemas
// become union-free variants, which keyword combinations it folds, which it refuses loudly, and the
// names the report prints for paths and choices.
import { afterEach, describe, expect, it } from 'vitest';
import { spec } from '../../../src/verify/spec.js';
import {
  deref,
  expand,
  inline,
  jsonType,
  merge,
  pathName,
  toJsonSchema,
  Unsatisfiable,
  walk,
  type Flat,
  type RawSchema,
} from '../../../src/verify/schema.js';

const schemas = spec.components!.schemas!;
const added: string[] = [];
/** Adds a schema to the spec's components for one test (removed afterwards). */
function component(name: string, schema: unknown): string {
  schemas[name] = schema as Record<string, unknown>;
  added.push(name);
  return `#/components/schemas/${name}`;
}
afterEach(() => {
  for (const name of added.splice(0)) delete schemas[name];
});

const choicesOf = (variants: Flat[]) => variants.map((v) => v.choices.join(' / '));
/** A variant that accepts any value. */
const anyFlat = (): Flat => ({
  type: 'any',
  keywords: {},
  properties: {},
  required: [],
  closed: false,
  nots: [],
  choices: [],
  oneOfSites: [],
});
/** The deepest nesting `wrap` allows before the walker refuses the schema (at most 80). */
function depthLimit(walker: (schema: unknown) => unknown, wrap: (inner: unknown) => unknown): number {
  let schema: unknown = { type: 'string' };
  for (let n = 0; n < 80; n++) {
    const next = wrap(schema);
    try {
      walker(next);
    } catch (error) {
      if (!/too deep/.test((error as Error).message)) throw error;
      return n;
    }
    schema = next;
  }
  return 80;
}

describe('deref', () => {
  it('reads true and a missing schema as anything, false as nothing', () => {
    expect(deref(true)).toEqual({});
    expect(deref(undefined)).toEqual({});
    expect(deref(false)).toEqual({ not: {} });
  });

  it('refuses what is not a schema', () => {
    expect(() => deref(3)).toThrow('not a schema: 3');
    expect(() => deref([])).toThrow('not a schema: []');
    expect(() => deref(null)).toThrow('not a schema: null');
  });

  it('follows a $ref, naming the result after the target title or else the component', () => {
    expect(deref({ $ref: '#/components/schemas/AuthMethod' })).toMatchObject({ title: 'AuthMethod', type: 'string' });
    const ref = component('Untitled_x', { type: 'integer' });
    expect(deref({ $ref: ref })).toEqual({ type: 'integer', title: 'Untitled_x' });
    expect(deref({ type: 'string' })).toEqual({ type: 'string' });
  });

  it('merges the siblings of a $ref over its target', () => {
    const ref = component('Bounded_x', { type: 'string', maxLength: 10 });
    expect(deref({ $ref: ref, maxLength: 3, description: 'd' })).toEqual({
      type: 'string',
      maxLength: 3,
      title: 'Bounded_x',
      description: 'd',
    });
  });

  it('follows a chain of $refs, and refuses a cycle instead of looping', () => {
    const end = component('End_x', { title: 'The end', type: 'boolean' });
    const middle = component('Middle_x', { $ref: end });
    // The name the referring component gives it wins over the target's own title.
    expect(deref({ $ref: middle })).toEqual({ title: 'Middle_x', type: 'boolean' });
    expect(deref({ $ref: end })).toEqual({ title: 'The end', type: 'boolean' });
    const cycle = component('Cycle_x', { $ref: '#/components/schemas/Cycle_x' });
    expect(() => deref({ $ref: cycle })).toThrow('$ref cycle at #/components/schemas/Cycle_x');
    // a chain of 33 references is followed, one of 34 is taken for a cycle
    for (let i = 0; i < 34; i++)
      component(`Chain${i}_x`, i === 0 ? { type: 'integer' } : { $ref: `#/components/schemas/Chain${i - 1}_x` });
    expect(deref({ $ref: '#/components/schemas/Chain32_x' })).toMatchObject({ type: 'integer' });
    expect(() => deref({ $ref: '#/components/schemas/Chain33_x' })).toThrow(
      '$ref cycle at #/components/schemas/Chain33_x',
    );
  });

  it('decodes ~1 and ~0 in a pointer, and refuses remote or unresolved references', () => {
    expect(
      deref({ $ref: '#/paths/~1v2~1login~1social/post/requestBody/content/application~1json/schema' }),
    ).toMatchObject({ title: 'schema', type: 'object', properties: { provider: { type: ['string', 'null'] } } });
    component('a~b_x', { type: 'null' });
    expect(deref({ $ref: '#/components/schemas/a~0b_x' })).toMatchObject({ type: 'null' });
    expect(() => deref({ $ref: 'other.json#/x' })).toThrow('only local $refs are supported, got other.json#/x');
    expect(() => deref({ $ref: '#/components/schemas/Nothing_x' })).toThrow(
      'unresolved $ref #/components/schemas/Nothing_x',
    );
    expect(() => deref({ $ref: '#/components/schemas/AuthMethod/enum/0' })).toThrow('unresolved $ref');
    expect(() => deref({ $ref: '#/nothing/at/all' })).toThrow('unresolved $ref');
  });
});

describe('inline', () => {
  it('replaces every $ref and drops what does not validate (descriptions, examples, x- keys)', () => {
    const ref = component('Leaf_x', {
      type: 'string',
      description: 'gone',
      example: 'e',
      examples: ['e'],
      'x-not-shown': ['x'],
    });
    const out = inline({
      type: 'object',
      description: 'gone',
      properties: { a: { $ref: ref }, b: { items: [{ $ref: ref }] } },
    });
    expect(out).toEqual({
      type: 'object',
      properties: { a: { type: 'string', title: 'Leaf_x' }, b: { items: [{ type: 'string', title: 'Leaf_x' }] } },
    });
  });

  it('keeps const, enum and default verbatim, even when they look like schemas', () => {
    const value = { $ref: '#/not/a/ref', description: 'kept' };
    expect(inline({ const: value, enum: [value], default: value })).toEqual({
      const: value,
      enum: [value],
      default: value,
    });
    expect(inline('text')).toBe('text');
    expect(inline({ properties: 'odd' })).toEqual({ properties: 'odd' });
    // any other schema-valued keyword is inlined as a schema
    expect(
      inline({ items: { $ref: '#/components/schemas/AuthMethod', description: 'x' }, required: ['a'], type: 'array' }),
    ).toEqual({
      items: {
        type: 'string',
        enum: ['email', 'google', 'github', 'okta', 'azure-ad', 'custom', 'saml', 'invite'],
        title: 'AuthMethod',
      },
      required: ['a'],
      type: 'array',
    });
  });

  it('refuses a schema nested deeper than 24 levels', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 23; i++) deep = { properties: { a: deep } };
    expect(() => inline(deep)).not.toThrow();
    let deeper: unknown = { type: 'string' };
    for (let i = 0; i < 24; i++) deeper = { properties: { a: deeper } };
    expect(() => inline(deeper)).toThrow('schema too deep to inline');
    expect(depthLimit(inline, (inner) => ({ allOf: [inner] }))).toBe(11);
    expect(depthLimit(inline, (inner) => ({ items: inner }))).toBe(23);
  });
});

describe('merge (allOf of two schemas)', () => {
  it('adds keywords the first lacks, and gathers `not`s apart', () => {
    expect(merge({ type: 'string' }, { minLength: 2 })).toEqual({ type: 'string', minLength: 2 });
    expect(merge({ type: 'string' }, { not: { const: 'a' } })).toStrictEqual({
      type: 'string',
      $nots: [{ const: 'a' }],
    });
    expect(merge({ type: 'string', $nots: [{ const: 'a' }] }, { not: { const: 'b' } })).toEqual({
      type: 'string',
      $nots: [{ const: 'a' }, { const: 'b' }],
    });
    expect(merge({ not: { const: 'a' } }, { not: { const: 'b' } })).toEqual({
      not: { const: 'a' },
      $nots: [{ const: 'b' }],
    });
    expect(merge({ not: { const: 'a' }, $nots: [{ const: 'c' }] }, { not: { const: 'b' } })).toEqual({
      not: { const: 'a' },
      $nots: [{ const: 'c' }, { const: 'b' }],
    });
  });

  it('follows a $ref on the right', () => {
    expect(merge({ description: 'x' }, { $ref: '#/components/schemas/AuthMethod' })).toMatchObject({
      type: 'string',
      title: 'AuthMethod',
      enum: expect.arrayContaining(['email']),
    });
  });

  it('intersects properties (allOf per shared name), required, enums and types', () => {
    expect(
      merge({ properties: { a: { type: 'string' }, b: {} } }, { properties: { a: { maxLength: 3 }, c: {} } }),
    ).toEqual({
      properties: { a: { allOf: [{ type: 'string' }, { maxLength: 3 }] }, b: {}, c: {} },
    });
    expect(merge({ required: ['a', 'b'] }, { required: ['b', 'c'] })).toEqual({ required: ['a', 'b', 'c'] });
    expect(merge({ enum: ['a', 1, { x: 1 }] }, { enum: [{ x: 1 }, 'a', 'b'] })).toEqual({ enum: ['a', { x: 1 }] });
    expect(merge({ type: ['string', 'null'] }, { type: 'string' })).toEqual({ type: 'string' });
    expect(merge({ type: ['string', 'null', 'integer'] }, { type: ['null', 'string'] })).toEqual({
      type: ['string', 'null'],
    });
    expect(merge({ type: 'integer' }, { type: 'number' })).toEqual({ type: 'integer' });
    expect(merge({ type: 'number' }, { type: 'integer' })).toEqual({ type: 'integer' });
    expect(merge({ type: ['number', 'integer'] }, { type: 'integer' })).toEqual({ type: 'integer' });
    expect(merge({ type: 'number' }, { type: ['integer', 'number'] })).toEqual({ type: ['number', 'integer'] });
    expect(merge({ type: ['null', 'integer'] }, { type: 'number' })).toEqual({ type: 'integer' });
    expect(merge({ type: 'number' }, { type: ['string', 'integer'] })).toEqual({ type: 'integer' });
  });

  it('keeps the tighter bound of each side', () => {
    const loose = {
      minLength: 1,
      maxLength: 9,
      minimum: 1,
      maximum: 9,
      minItems: 1,
      maxItems: 9,
      exclusiveMinimum: 1,
      exclusiveMaximum: 9,
    };
    const tight = {
      minLength: 2,
      maxLength: 8,
      minimum: 2,
      maximum: 8,
      minItems: 2,
      maxItems: 8,
      exclusiveMinimum: 2,
      exclusiveMaximum: 8,
    };
    expect(merge(loose, tight)).toEqual(tight);
    expect(merge(tight, loose)).toEqual(tight);
  });

  it('closes an object when either side does, and combines items, allOf and the same other keyword', () => {
    expect(merge({ additionalProperties: true }, { additionalProperties: false })).toEqual({
      additionalProperties: false,
    });
    expect(merge({ additionalProperties: false }, { additionalProperties: true })).toEqual({
      additionalProperties: false,
    });
    expect(merge({ additionalProperties: true }, { additionalProperties: true })).toEqual({
      additionalProperties: true,
    });
    expect(merge({ additionalProperties: false }, { additionalProperties: false })).toEqual({
      additionalProperties: false,
    });
    expect(merge({ items: { type: 'string' } }, { items: { maxLength: 1 } })).toEqual({
      items: { allOf: [{ type: 'string' }, { maxLength: 1 }] },
    });
    expect(merge({ allOf: [{ a: 1 }] }, { allOf: [{ b: 2 }] })).toEqual({ allOf: [{ a: 1 }, { b: 2 }] });
    expect(merge({ pattern: '^a$', format: 'uuid' }, { pattern: '^a$', format: 'uuid' })).toEqual({
      pattern: '^a$',
      format: 'uuid',
    });
    expect(merge({ const: 'a' }, { const: 'a' })).toEqual({ const: 'a' });
  });

  it('takes the right side of annotations and ignores x- keys', () => {
    expect(
      merge(
        { title: 'A', description: 'a', default: 1, examples: [1], 'x-a': 1 },
        { title: 'B', description: 'b', default: 2, examples: [2], 'x-a': 2 },
      ),
    ).toEqual({
      title: 'B',
      description: 'b',
      default: 2,
      examples: [2],
      'x-a': 1,
    });
  });

  it('throws Unsatisfiable for contradictions, and refuses two different keywords it cannot combine', () => {
    const unsat = (a: RawSchema, b: RawSchema, message: string) => {
      let error: unknown;
      try {
        merge(a, b);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Unsatisfiable);
      expect((error as Error).message).toBe(message);
    };
    unsat({ type: 'string' }, { type: 'null' }, 'type "string" ∧ "null"');
    unsat({ type: 'integer' }, { type: ['string', 'boolean'] }, 'type "integer" ∧ ["string","boolean"]');
    unsat({ const: 'CRON' }, { const: 'INTERVAL' }, 'const "CRON" ∧ "INTERVAL"');
    unsat({ enum: ['a'] }, { enum: ['b'] }, 'enum ∧ enum is empty');
    expect(() => merge({ pattern: '^a$' }, { pattern: '^b$' })).toThrow(
      'cannot merge two different "pattern" keywords ("^a$" and "^b$")',
    );
    expect(() => merge({ pattern: '^a$' }, { pattern: '^b$' })).not.toThrow(Unsatisfiable);
    // bounds that leave nothing between them (a oneOf whose branches cannot overlap by length or range)
    unsat({ type: 'string', maxLength: 1 }, { minLength: 3 }, 'minLength 3 > maxLength 1');
    unsat({ minimum: 1 }, { maximum: 0 }, 'minimum 1 > maximum 0');
    unsat({ minItems: 2, maxItems: 5 }, { maxItems: 1 }, 'minItems 2 > maxItems 1');
    expect(merge({ minLength: 2 }, { maxLength: 2 })).toEqual({ minLength: 2, maxLength: 2 });
    expect(merge({ minimum: 2 }, { maximum: 2 })).toEqual({ minimum: 2, maximum: 2 });
    expect(merge({ minItems: 2 }, { maxItems: 2 })).toEqual({ minItems: 2, maxItems: 2 });
    expect(merge({ minLength: 3 }, { type: 'string' })).toEqual({ minLength: 3, type: 'string' });
  });
});

describe('expand', () => {
  it('gives one variant per oneOf branch, labelled by the branch, with the site recorded once', () => {
    const variants = expand({ $ref: '#/components/schemas/SignalsConfigurationPut' });
    expect(variants.length).toBeGreaterThan(2);
    const tops = [...new Set(variants.map((v) => v.choices[0]))];
    expect(tops).toEqual(['oneOf[0] LogStreamSignalsConfigurationPut', 'oneOf[1] ExperimentSignalsConfigurationPut']);
    expect(variants.every((v) => v.type === 'object' && v.closed)).toBe(true);
    const sites = variants.filter((v) => v.oneOfSites.length > 0);
    expect(sites.every((v) => v.choices[0] === 'oneOf[0] LogStreamSignalsConfigurationPut')).toBe(true);
    expect(sites[0]!.oneOfSites[0]!.label).toBe(
      'oneOf(LogStreamSignalsConfigurationPut, ExperimentSignalsConfigurationPut)',
    );
    expect(sites[0]!.oneOfSites[0]!.branches.map((b) => b.title)).toEqual([
      'LogStreamSignalsConfigurationPut',
      'ExperimentSignalsConfigurationPut',
    ]);
    expect(sites[0]!.oneOfSites[0]!.base).toMatchObject({ title: 'SignalsConfigurationPut' });
  });

  it('labels branches by title, type, const or "schema", and an anyOf records no oneOf site', () => {
    const variants = expand({
      anyOf: [{ title: 'Named', type: 'string' }, { type: ['integer', 'null'] }, { const: 3 }, { minimum: 1 }],
    });
    expect(choicesOf(variants)).toEqual([
      'anyOf[0] Named',
      'anyOf[1] type integer|null / type integer',
      'anyOf[1] type integer|null / type null',
      'anyOf[2] const 3',
      'anyOf[3] schema',
    ]);
    expect(variants.every((v) => v.oneOfSites.length === 0)).toBe(true);
    expect(variants.map((v) => v.type)).toEqual(['string', 'integer', 'null', 'integer', 'number']);
    expect(variants[1]!.typeUnion).toEqual(['integer', 'null']);
    expect(expand({ oneOf: [true] })[0]!.choices).toEqual(['oneOf[0] ']);
  });

  it('drops branches that contradict what they are combined with', () => {
    const variants = expand({ type: 'string', oneOf: [{ type: 'integer' }, { maxLength: 2 }] });
    expect(choicesOf(variants)).toEqual(['oneOf[1] schema']);
    expect(variants[0]!.keywords).toEqual({ maxLength: 2 });
    expect(expand({ allOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([]);
    expect(expand({ allOf: [{ type: 'string' }, { maxLength: 2 }, { minLength: 1 }], title: 'T' })).toEqual([
      {
        type: 'string',
        keywords: { maxLength: 2, minLength: 1 },
        properties: {},
        required: [],
        closed: false,
        nots: [],
        choices: [],
        oneOfSites: [],
      },
    ]);
    expect(() => expand({ allOf: [{ pattern: 'a' }, { pattern: 'b' }] })).toThrow(
      'cannot merge two different "pattern"',
    );
    expect(() => expand({ oneOf: [{ pattern: 'b' }], pattern: 'a' })).toThrow('cannot merge two different "pattern"');
  });

  it('expands if/then/else into its two sides, the else side refusing the condition', () => {
    const variants = expand({
      type: 'object',
      if: { required: ['a'] },
      then: { required: ['b'] },
      else: { properties: { c: { type: 'string' } } },
    });
    expect(choicesOf(variants)).toEqual(['if→then', 'if→else']);
    expect(variants[0]!.required).toEqual(['a', 'b']);
    expect(variants[0]!.nots).toEqual([]);
    expect(variants[1]!.nots).toEqual([{ required: ['a'] }]);
    expect(Object.keys(variants[1]!.properties)).toEqual(['c']);
    const noBranches = expand({ type: 'string', if: { maxLength: 3 } });
    expect(choicesOf(noBranches)).toEqual(['if→then', 'if→else']);
    expect(noBranches[0]!.keywords).toEqual({ maxLength: 3 });
    expect(choicesOf(expand({ type: 'string', if: { type: 'null' }, then: {} }))).toEqual(['if→else']);
    expect(() => expand({ if: { pattern: 'a' }, pattern: 'b' })).toThrow('cannot merge two different');
  });

  it('infers the type from the keywords when none is stated', () => {
    const typeOf = (schema: RawSchema) => expand(schema).map((v) => v.type);
    expect(typeOf({ properties: {} })).toEqual(['object']);
    expect(typeOf({ required: ['a'] })).toEqual(['object']);
    expect(typeOf({ additionalProperties: false })).toEqual(['object']);
    expect(typeOf({ items: {} })).toEqual(['array']);
    expect(typeOf({ minItems: 1 })).toEqual(['array']);
    expect(typeOf({ maxItems: 1 })).toEqual(['array']);
    expect(typeOf({ const: 'x' })).toEqual(['string']);
    expect(typeOf({ const: null })).toEqual(['null']);
    expect(typeOf({ enum: [1, 2] })).toEqual(['integer']);
    expect(typeOf({ enum: [1, 'a'] })).toEqual(['any']);
    expect(typeOf({ minLength: 1 })).toEqual(['string']);
    expect(typeOf({ maxLength: 1 })).toEqual(['string']);
    expect(typeOf({ pattern: 'a' })).toEqual(['string']);
    expect(typeOf({ format: 'uuid' })).toEqual(['string']);
    expect(typeOf({ minimum: 1 })).toEqual(['number']);
    expect(typeOf({ maximum: 1 })).toEqual(['number']);
    expect(typeOf({})).toEqual(['any']);
    expect(typeOf({ type: 'boolean' })).toEqual(['boolean']);
  });

  it('keeps validation keywords, skips annotations, and refuses keywords it does not know or support', () => {
    const [flat] = expand({
      type: 'string',
      minLength: 1,
      format: 'date',
      title: 't',
      description: 'd',
      default: 'x',
      examples: [],
      example: 'x',
      deprecated: true,
      readOnly: true,
      writeOnly: false,
      $comment: '',
      $schema: '',
      $id: 'i',
      contentMediaType: 'text/plain',
      contentEncoding: 'base64',
      'x-any': 1,
    });
    expect(flat!.keywords).toEqual({ minLength: 1, format: 'date' });
    expect(() => expand({ type: 'object', patternProperties: {} })).toThrow(
      'the schema walker does not support the "patternProperties" keyword yet (schema type object)',
    );
    expect(() => expand({ type: 'string', frobnicate: 1 })).toThrow(
      'the schema walker does not know the "frobnicate" keyword (schema type string)',
    );
    expect(() => expand({ type: 'object', additionalProperties: { type: 'string' } })).toThrow(
      'the schema walker does not support schema-valued additionalProperties yet',
    );
  });

  it('combines the variants of properties: the whole product up to 64, else every alternative at least once', () => {
    const two = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    const small = expand({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, two])),
    });
    expect(small).toHaveLength(64);
    expect(
      new Set(
        small.map((v) =>
          Object.values(v.properties)
            .map((p) => p.type)
            .join(),
        ),
      ).size,
    ).toBe(64);
    const big = expand({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`p${i}`, two])),
    });
    expect(big).toHaveLength(2);
    expect(
      big.map((v) =>
        Object.values(v.properties)
          .map((p) => p.type)
          .join(),
      ),
    ).toEqual([
      'string,string,string,string,string,string,string',
      'integer,integer,integer,integer,integer,integer,integer',
    ]);
    const uneven = expand({
      type: 'object',
      properties: {
        a: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, two])),
      },
    });
    expect(uneven.map((v) => `${v.properties.a!.type} ${v.properties.p0!.type}`)).toEqual([
      'string string',
      'integer integer',
      'null string',
    ]);
  });

  it('leaves out a property that cannot be satisfied, unless it is required', () => {
    const impossible = { allOf: [{ type: 'string' }, { type: 'null' }] };
    const [flat] = expand({
      type: 'object',
      properties: { gone: impossible, kept: { type: 'string' } },
      required: ['kept'],
      additionalProperties: false,
    });
    expect(Object.keys(flat!.properties)).toEqual(['kept']);
    expect(flat!.required).toEqual(['kept']);
    expect(flat!.closed).toBe(true);
    expect(expand({ type: 'object', properties: { gone: impossible }, required: ['gone'] })).toEqual([]);
    expect(expand({ type: 'object', additionalProperties: true })[0]!.closed).toBe(false);
    expect(expand({ type: 'object', properties: 3 })[0]!.properties).toEqual({});
  });

  it('expands array items, and an array whose items cannot exist can only be empty', () => {
    const [any] = expand({ type: 'array' });
    expect(any!.items).toEqual(anyFlat());
    expect(expand({ type: 'array', items: { type: ['string', 'null'] } }).map((v) => v.items!.type)).toEqual([
      'string',
      'null',
    ]);
    const impossible = { allOf: [{ type: 'string' }, { type: 'null' }] };
    const [empty] = expand({ type: 'array', items: impossible, maxItems: 5 });
    expect(empty!.keywords).toEqual({ maxItems: 0 });
    expect(empty!.items).toBeUndefined();
    expect(expand({ type: 'array', items: impossible, minItems: 1 })).toEqual([]);
    expect(expand({ type: 'array', items: impossible, minItems: 0 })).toHaveLength(1);
  });

  it('inlines `not` schemas, both stated and from merges', () => {
    const [flat] = expand({
      type: 'string',
      not: { $ref: '#/components/schemas/AuthMethod' },
      $nots: [{ const: 'x' }],
    });
    expect(flat!.nots).toEqual([{ const: 'x' }, { type: 'string', enum: expect.any(Array), title: 'AuthMethod' }]);
    expect(expand({ type: 'string', not: true })[0]!.nots).toEqual([]);
  });

  it('refuses a schema nested deeper than 24 levels', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 24; i++) deep = { type: 'object', properties: { a: deep } };
    expect(() => expand(deep)).not.toThrow();
    deep = { type: 'object', properties: { a: deep } };
    expect(() => expand(deep)).toThrow('schema too deep to expand');
    // whatever nests it: allOf, oneOf, if/then, a type list, items
    expect(depthLimit(expand, (inner) => ({ allOf: [inner] }))).toBe(24);
    expect(depthLimit(expand, (inner) => ({ oneOf: [inner] }))).toBe(24);
    expect(depthLimit(expand, (inner) => ({ if: { minLength: 0 }, then: inner, else: false }))).toBe(24);
    expect(depthLimit(expand, (inner) => ({ type: ['object', 'null'], properties: { a: inner } }))).toBe(12);
    expect(depthLimit(expand, (inner) => ({ type: 'array', items: inner }))).toBe(24);
  });
});

describe('toJsonSchema, walk, pathName, jsonType', () => {
  it('writes a variant back as a self-contained JSON Schema', () => {
    const [flat] = expand({
      type: 'object',
      required: ['a'],
      additionalProperties: false,
      properties: { a: { type: 'array', items: { type: 'string', maxLength: 2 } }, b: {} },
    });
    expect(toJsonSchema(flat!)).toEqual({
      type: 'object',
      required: ['a'],
      additionalProperties: false,
      properties: { a: { type: 'array', items: { type: 'string', maxLength: 2 } }, b: {} },
    });
    const [open] = expand({ type: 'object', properties: {} });
    expect(toJsonSchema(open!)).toEqual({ type: 'object', properties: {} });
    expect(toJsonSchema({ ...anyFlat(), type: 'array' })).toEqual({ type: 'array' });
    expect(toJsonSchema({ ...anyFlat(), nots: [{ const: 1 }] })).toEqual({ not: { const: 1 } });
    expect(toJsonSchema({ ...anyFlat(), nots: [{ const: 1 }, { const: 2 }] })).toEqual({
      not: { anyOf: [{ const: 1 }, { const: 2 }] },
    });
  });

  it('visits every node with its path (items at 0) and the choices on the way', () => {
    const [flat] = expand({
      type: 'object',
      properties: {
        a: { type: 'array', items: { oneOf: [{ title: 'X', type: 'object', properties: { b: { type: 'string' } } }] } },
      },
    });
    const seen: string[] = [];
    walk(flat!, (node, path, trail) => seen.push(`${JSON.stringify(path)} ${node.type} ${trail.join('|')}`));
    expect(seen).toEqual(['[] object ', '["a"] array ', '["a",0] object oneOf[0] X', '["a",0,"b"] string oneOf[0] X']);
  });

  it('names paths as the report prints them', () => {
    expect(pathName([])).toBe('(root)');
    expect(pathName(['a'])).toBe('a');
    expect(pathName(['a', 'b', 0, 'c'])).toBe('a.b[].c');
    expect(pathName([0, 'a'])).toBe('[].a');
  });

  it('types JSON values as JSON Schema does', () => {
    expect([null, [], 1, 1.5, 'a', true, {}].map((v) => jsonType(v))).toEqual([
      'null',
      'array',
      'integer',
      'number',
      'string',
      'boolean',
      'object',
    ]);
  });
});
