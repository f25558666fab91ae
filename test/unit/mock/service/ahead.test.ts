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
          },
          required: ['cells'],
        },
        Cell: { type: 'object', properties: { n: { type: 'integer', maximum: 9 } }, required: ['n'] },
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
});
