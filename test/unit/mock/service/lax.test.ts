// pydantic's lax mode on scalars (src/mock/service/lax.ts, through the validator of
// src/mock/service/pydantic.ts): every case of test/fixtures/pydantic/lax.json, recorded from
// pydantic itself by test/fixtures/pydantic/lax.py (its versions are in the file), must get the
// same items, or the same value made of it (`made`, what the service would save and return).
// Strict mode (`--strict-types`) is asserted beside it: the contract's JSON types alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { laxBool, laxDate, laxDateTime, laxFloat, laxInt } from '../../../../src/mock/service/lax.js';
import { createValidator } from '../../../../src/mock/service/pydantic.js';
import { type Document, type Schema, Spec } from '../../../../src/mock/prism/spec.js';

interface Case {
  input: unknown;
  made?: unknown;
  errors?: { type: string; loc: (string | number)[]; msg: string; input: unknown; ctx?: object }[];
}
const recorded = JSON.parse(readFileSync(new URL('../../../fixtures/pydantic/lax.json', import.meta.url), 'utf8')) as {
  versions: Record<string, string>;
  cases: Record<string, Case[]>;
};

const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as unknown as Document;
const formats = loadPrism().formats;
const lax = createValidator(new Spec(document), formats);
const strict = createValidator(new Spec(document), formats, { strict: true });

const SCHEMAS: Record<string, Schema> = {
  int: { type: 'integer' },
  float: { type: 'number' },
  bool: { type: 'boolean' },
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
};

describe(`lax mode: pydantic ${recorded.versions.pydantic} (pydantic-core ${recorded.versions['pydantic-core']}) on each case`, () => {
  for (const [kind, cases] of Object.entries(recorded.cases)) {
    const schema = SCHEMAS[kind] as Schema;
    it.each(cases.map((c) => [JSON.stringify(c.input), c] as const))(`${kind} %s`, (_shown, c) => {
      const items = lax.errors(schema, c.input, ['x']);
      if (c.errors) {
        expect(items).toEqual(c.errors);
        expect(lax.isValid(schema, c.input)).toBe(false);
      } else {
        expect(items).toEqual([]);
        // A non-finite float is recorded as Python's repr of it.
        const made = ({ inf: Infinity, '-inf': -Infinity, nan: NaN } as Record<string, number>)[String(c.made)];
        expect(lax.made(schema, c.input)).toEqual(kind === 'float' && made !== undefined ? made : c.made);
      }
    });
  }
});

describe('lax.ts: the value each reader makes', () => {
  it('reads what pydantic reads, and says why it refuses the rest', () => {
    expect(laxInt(' +1_2 ')).toEqual({ ok: true, value: 12 });
    expect(laxInt(Infinity)).toEqual({ ok: false, type: 'finite_number', msg: 'Input should be a finite number' });
    expect(laxFloat('-inf')).toEqual({ ok: true, value: -Infinity });
    expect(laxFloat('inf')).toEqual({ ok: true, value: Infinity });
    expect(laxFloat(2)).toEqual({ ok: true, value: 2 });
    expect(laxInt(12)).toEqual({ ok: true, value: 12 });
    expect(laxInt(1.5)).toMatchObject({ ok: false, type: 'int_from_float' });
    expect(laxBool(false)).toEqual({ ok: true, value: false });
    expect(laxBool(2)).toMatchObject({ ok: false, type: 'bool_parsing' });
    expect(laxBool(1.5)).toMatchObject({ ok: false, type: 'bool_type' });
    expect(laxInt(null)).toStrictEqual({ ok: false, type: 'int_type', msg: 'Input should be a valid integer' });
    expect(laxFloat('NaN')).toMatchObject({ ok: true });
    expect(laxBool('Y')).toEqual({ ok: true, value: true });
    expect(laxDate(NaN)).toMatchObject({ ok: false, ctx: { error: 'NaN values not permitted' } });
    expect(laxDateTime(-62167219200000)).toMatchObject({ ok: false, ctx: { error: 'year 0 is out of range' } });
    expect(laxDateTime(-1.5)).toEqual({ ok: true, value: '1969-12-31T23:59:58.500000Z' });
  });
});

describe('strict mode (strictTypes): the contract’s JSON types alone', () => {
  const at = (schema: Schema, input: unknown) => strict.errors(schema, input, ['x']);
  it('a value of another JSON type is refused with the strict type error', () => {
    expect(at({ type: 'integer' }, '12')).toEqual([
      { type: 'int_type', loc: ['x'], msg: 'Input should be a valid integer', input: '12' },
    ]);
    expect(at({ type: 'integer' }, 1.5)[0]?.type).toBe('int_type'); // pydantic strict: no int_from_float
    expect(at({ type: 'integer' }, Infinity)[0]?.type).toBe('int_type');
    expect(at({ type: 'number' }, '1.5')[0]?.type).toBe('float_type');
    expect(at({ type: 'boolean' }, 1)[0]?.type).toBe('bool_type');
    expect(at({ type: 'string', format: 'date' }, 0)[0]?.type).toBe('date_type');
    expect(at({ type: 'string', format: 'date-time' }, 0)[0]?.type).toBe('datetime_type');
    expect(at({ type: 'string', format: 'uuid' }, 0)[0]?.type).toBe('uuid_type');
  });
  it('a value of its own type is read as in lax mode (strings of a format, numbers)', () => {
    expect(at({ type: 'string', format: 'date-time' }, '2026-12-01T10:00:00')).toEqual([]);
    expect(at({ type: 'number' }, 3)).toEqual([]);
    expect(strict.made({ type: 'string', format: 'uuid' }, '6F1C2A4E3B7D4E8A9C215D0F8B7A1E34')).toBe(
      '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34',
    );
  });
  it('parameters are read in lax mode whatever the validator’s mode (they arrive as text)', () => {
    expect(strict.errors({ type: 'integer' }, '12', ['query', 'n'], undefined, true)).toEqual([]);
    expect(strict.errors({ type: 'integer' }, '12', ['query', 'n'])).toHaveLength(1);
  });
});
