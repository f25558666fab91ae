// The service's walk of a large body done ahead in slices (src/mock/service/ahead.ts): what the walk
// proper finds with it is what it finds without it, item for item and at the same bound, on the
// spec's Log Traces bodies and on nested arrays of a schema of its own; it lets others run between
// slices, and stops once past the bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../../../src/mock/common/limits.js';
import { Slices } from '../../../../src/mock/common/slices.js';
import { walkAhead } from '../../../../src/mock/service/ahead.js';
import { createValidator, Items, type Detail } from '../../../../src/mock/service/pydantic.js';
import { Spec, type Document, type Schema } from '../../../../src/mock/prism/spec.js';
import { spec } from '../../../support/mock-steps.js';

/** A clock whose slices are always over: every look at it lets others run (counted). */
function counting(): { slices: Slices; breaths: () => number } {
  let breaths = 0;
  const slices = new Slices(() => {
    breaths += 1;
    return Promise.resolve();
  }, -1);
  return { slices, breaths: () => breaths };
}

/** The walk's items without a walk ahead and with one (or the limit each stopped at). */
async function both(
  validator: ReturnType<typeof createValidator>,
  schema: Schema,
  body: unknown,
  limit = Number.POSITIVE_INFINITY,
): Promise<[Detail[] | string, Detail[] | string]> {
  const walk = (ahead?: Parameters<typeof validator.errors>[5]): Detail[] | string => {
    try {
      return validator.errors(schema, body, ['body'], new Items(limit), false, ahead);
    } catch (error) {
      if (error instanceof LimitError) return error.message;
      throw error;
    }
  };
  const plain = walk();
  const ahead = await walkAhead(validator, schema, body, ['body'], limit, counting().slices);
  return [plain, walk(ahead)];
}

describe('walkAhead on Log Traces bodies', () => {
  const validator = createValidator(spec, {});
  const schema = spec.operation('logTraces')?.requestSchema as Schema;
  const span = fc.oneof(
    fc.constant({
      type: 'llm',
      name: 'completion',
      input: [{ role: 'user', content: 'q' }],
      output: { role: 'assistant', content: 'a' },
    }),
    fc.constant({ type: 'tool', name: 'lookup' }),
    fc.constant({ type: 'tool', name: 7 }),
    fc.constant({ type: 'nope', name: 'x' }),
    fc.constant({ type: 'llm', name: 'c', input: [{ role: 'robot', content: 1 }, 'x'] }),
    fc.constant('not a span'),
    fc.constant(null),
  );
  const trace = fc.oneof(
    fc.record({
      type: fc.constant('trace'),
      name: fc.string({ maxLength: 3 }),
      spans: fc.array(span, { maxLength: 4 }),
    }),
    fc.record({ name: fc.constant(1) }),
    fc.constant({}),
    fc.constant({ name: 'extra', unknown_field: true }),
    fc.constant([]),
    fc.constant(5),
  );
  const body = fc.record(
    { traces: fc.array(trace, { maxLength: 12 }), include_trace_ids: fc.oneof(fc.boolean(), fc.constant('yes')) },
    { requiredKeys: ['traces'] },
  );

  it('the walk proper finds the same items, in the same order, with the walk ahead as without', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const [plain, ahead] = await both(validator, schema, value);
        expect(ahead).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('and stops at the same bound: the same items below it, the same refusal past it', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.integer({ min: 0, max: 6 }), async (value, limit) => {
        const [plain, ahead] = await both(validator, schema, value, limit);
        expect(ahead).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('lets others run between slices of a large body, and reads the items it walked from it', async () => {
    const traces = Array.from({ length: 2_000 }, (_, i) => ({ type: 'trace', name: i === 1_500 ? 1 : `t${i}` }));
    const { slices, breaths } = counting();
    const ahead = await walkAhead(validator, schema, { traces }, ['body'], 1_000, slices);
    expect(breaths()).toBeGreaterThan(2_000 / 64 - 1);
    const found = ahead.get(traces)?.found ?? [];
    expect(found).toHaveLength(2_000);
    expect(found.filter((items) => items?.length)).toEqual([
      [expect.objectContaining({ type: 'string_type', loc: ['body', 'traces', 1_500, 'name'] })],
    ]);
  });

  it('stops once past the bound, keeping what it walked', async () => {
    const traces = Array.from({ length: 50 }, () => ({ name: 1 }));
    const ahead = await walkAhead(validator, schema, { traces }, ['body'], 10, counting().slices);
    expect(ahead.get(traces)?.found).toHaveLength(10);
  });
});

/** An object with a list of cells, and a union of two members (`A`, `B`) that hold the same list. */
function holder(union: 'oneOf' | 'anyOf') {
  const list = { $ref: '#/components/schemas/Cells' };
  const member = (title: string, required: string) => ({
    title,
    type: 'object',
    properties: { list },
    required: [required],
  });
  return { type: 'object', properties: { list }, [union]: [member('A', 'a'), member('B', 'b')] };
}

describe('walkAhead through nested arrays', () => {
  // An object holding an array of objects holding arrays of bounded integers, and a union the walk
  // ahead leaves to the walk proper.
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Row: {
          type: 'object',
          properties: {
            cells: { type: 'array', items: { $ref: '#/components/schemas/Cell' } },
            either: { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'string' }] },
            pair: { type: 'array', prefixItems: [{ $ref: '#/components/schemas/Cell' }], items: { type: 'string' } },
            meta: {
              type: 'object',
              additionalProperties: { type: 'array', items: { $ref: '#/components/schemas/Cell' } },
            },
          },
          required: ['cells'],
        },
        Cell: { type: 'object', properties: { n: { type: 'integer', maximum: 9 } }, required: ['n'] },
        Cells: { type: 'array', items: { $ref: '#/components/schemas/Cell' } },
        // A union with properties of its own, which its members name again: the same array is
        // walked at the union's place and under each member's name.
        Holder: holder('anyOf'),
        HolderOne: holder('oneOf'),
      },
    },
  } as unknown as Document;
  const validator = createValidator(new Spec(document), {});
  const schema: Schema = {
    type: 'object',
    properties: { rows: { type: 'array', items: { $ref: '#/components/schemas/Row' } } },
  };
  const cell = fc.oneof(fc.record({ n: fc.integer({ min: 0, max: 12 }) }), fc.constant({}), fc.constant('c'));
  const row = fc.record(
    {
      cells: fc.oneof(fc.array(cell, { maxLength: 5 }), fc.constant('none')),
      either: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.constant('x')), { maxLength: 3 }), fc.string()),
    },
    { requiredKeys: [] },
  );

  it('the same items with the walk ahead as without, at every bound', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 8 })),
        async (rows, limit) => {
          const [plain, ahead] = await both(validator, schema, { rows }, limit ?? Number.POSITIVE_INFINITY);
          expect(ahead).toEqual(plain);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with a validator of strict types too: the same items with the walk ahead as without', async () => {
    const strict = createValidator(new Spec(document), {}, { strict: true });
    const lax = fc.oneof(fc.record({ n: fc.constantFrom('5', 5, '12', true) }), fc.constant({ n: 1 }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ cells: fc.array(lax, { maxLength: 4 }) }), { maxLength: 4 }),
        async (rows) => {
          const [plain, ahead] = await both(strict, schema, { rows });
          expect(ahead).toEqual(plain);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('walks the items of the inner arrays on their own, and leaves what is under a union', async () => {
    const inner = [{ n: 1 }, { n: 10 }];
    const either = [1, 'x'];
    const rows = [{ cells: inner, either }];
    const ahead = await walkAhead(validator, schema, { rows }, ['body'], 10, counting().slices);
    expect(ahead.get(inner)?.found).toEqual([
      [],
      [expect.objectContaining({ type: 'less_than_equal', loc: ['body', 'rows', 0, 'cells', 1, 'n'] })],
    ]);
    expect(ahead.has(either)).toBe(false);
    expect(ahead.get(rows)?.found).toHaveLength(1);
  });

  it('keeps exactly the arrays it walked, and in each the items of every object or array item, none of a scalar', async () => {
    const cells = [{ n: 1 }, 'c', { n: 10 }, 7, null];
    const pair = [{ n: 99 }, 'x'];
    const rows = [{ cells, pair, meta: { a: 1, b: [{ n: 50 }] } }, 'a row', { cells: 'none', pair: 'none' }, []];
    const ahead = await walkAhead(validator, schema, { rows }, ['body'], 100, counting().slices);
    expect([...ahead.keys()]).toEqual([rows, cells]);
    const rowItems = ahead.get(rows)?.found ?? [];
    expect(rowItems).toHaveLength(4);
    expect(Object.keys(rowItems)).toEqual(['0', '2', '3']);
    // Each row's items are the walk proper's own for that row, at its place.
    const row = ahead.get(rows)?.items as Schema;
    for (const index of [0, 2, 3])
      expect(rowItems[index]).toEqual(validator.errors(row, rows[index], ['body', 'rows', index]));
    expect(rowItems[0]).toHaveLength(7);
    const cellItems = ahead.get(cells)?.found ?? [];
    expect(Object.keys(cellItems)).toEqual(['0', '2']); // not the string, the null or the number
    expect(cellItems[0]).toEqual([]);
    expect(cellItems[2]).toEqual([expect.objectContaining({ loc: ['body', 'rows', 0, 'cells', 2, 'n'] })]);
  });

  it("a union's members are walked under their names: what is below a union is left to the walk proper", async () => {
    const holderSchema: Schema = {
      type: 'object',
      properties: {
        holder: { $ref: '#/components/schemas/Holder' },
        one: { $ref: '#/components/schemas/HolderOne' },
      },
    };
    const body = { holder: { list: [{ n: 10 }, { n: 1 }] }, one: { list: [{ n: 12 }] } };
    const [plain, ahead] = await both(validator, holderSchema, body);
    expect(ahead).toEqual(plain);
    expect(plain).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', 'one', 'A', 'list', 0, 'n'] })]),
    );
    expect(plain).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'holder', 'list', 0, 'n'] }),
        expect.objectContaining({ loc: ['body', 'holder', 'A', 'list', 0, 'n'] }),
      ]),
    );
  });

  it('a fault of the walk itself is thrown, not taken for the bound', async () => {
    const failing = {
      ...validator,
      errors: () => {
        throw new TypeError('the walk failed');
      },
    };
    await expect(
      walkAhead(failing, schema, { rows: [{ cells: [] }] }, ['body'], 10, counting().slices),
    ).rejects.toThrow(new TypeError('the walk failed'));
  });
});

describe('walkAhead: its slices', () => {
  const validator = createValidator(spec, {});
  const schema = spec.operation('logTraces')?.requestSchema as Schema;

  it('looks at the clock once every 64 steps (a step: an item, or the array going on), and lets others run when it is due', async () => {
    const traces = Array.from({ length: 2_000 }, (_, i) => ({ type: 'trace', name: `t${i}` }));
    const due = counting();
    await walkAhead(validator, schema, { traces }, ['body'], 1_000, due.slices);
    // 1 step for the body, 3 for each trace (the array going on, the trace's properties, the
    // trace itself), 1 for the array's end.
    expect(due.breaths()).toBe(Math.floor(6_002 / 64));
    let breaths = 0;
    const never = new Slices(() => Promise.resolve(void (breaths += 1)), 60_000);
    await walkAhead(validator, schema, { traces }, ['body'], 1_000, never);
    expect(breaths).toBe(0);
  });

  it('passes over scalars 4,096 at a step: a long run of them is sliced too, and none of them is kept', async () => {
    const traces = Array<number>(64 * 4_096).fill(1);
    const due = counting();
    const ahead = await walkAhead(validator, schema, { traces }, ['body'], 1_000, due.slices);
    expect(due.breaths()).toBe(1);
    expect(ahead.get(traces)?.found).toEqual([]);
  });
});
