// The mock's 422 dialect (src/mock/service/pydantic.ts) called in-process, without a socket: each JSON-Schema
// keyword → pydantic error type of its header, asserted on the exact `detail` items (type, loc, msg,
// input, ctx) a user of the mock reads. The spec's own schemas where one carries the keyword; a
// minimal document where none does. (test/process/mock.test.ts and test/fuzz/negative.test.ts go through HTTP.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { createValidator, detail, jsonType } from '../../../../src/mock/service/pydantic.js';
import type { FormatCheck } from '../../../../src/mock/prism/prism-types.js';
import { type Document, type Schema, Spec } from '../../../../src/mock/prism/spec.js';

const formats = loadPrism().formats;
const spec = new Spec(
  JSON.parse(readFileSync(new URL('../../../../generated/openapi.json', import.meta.url), 'utf8')) as Document,
);
const validator = createValidator(spec, formats);
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** The items for a request body of schema `name`. */
const body = (name: string, value: unknown) => validator.errors(ref(name), value, ['body']);
/** The items for `value` in field `field` of schema `name` (the field's own schema, so other fields do not matter). */
const field = (name: string, property: string, value: unknown) =>
  validator.errors((spec.deref(ref(name)).properties as Record<string, Schema>)[property] as Schema, value, [
    'body',
    property,
  ]);

/** A validator over a minimal document whose `components.schemas` are `schemas`. */
function mini(schemas: Record<string, Schema | boolean>, extraFormats: Record<string, FormatCheck> = {}) {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas },
  } as unknown as Document;
  const v = createValidator(new Spec(document), { ...formats, ...extraFormats });
  return { v, errors: (name: string, value: unknown) => v.errors(ref(name), value, ['body']) };
}

const LOG_STREAM = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED' };
const UUID = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

describe('type errors, one per JSON type', () => {
  it('string: string_type, with the input as sent', () => {
    expect(body('ExperimentSignalsConfigurationPut', { model: 12 })).toEqual([
      { type: 'string_type', loc: ['body', 'model'], msg: 'Input should be a valid string', input: 12 },
    ]);
    expect(field('ExperimentSignalsConfigurationPut', 'model', null)).toEqual([
      { type: 'string_type', loc: ['body', 'model'], msg: 'Input should be a valid string', input: null },
    ]);
  });

  it('object: model_attributes_type for a model, dict_type for a free-form object', () => {
    expect(field('LogStreamSignalsConfigurationPut', 'user_preferences', 'x')).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body', 'user_preferences'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'x',
      },
    ]);
    expect(field('Trace', 'metrics', [1])).toEqual([
      { type: 'dict_type', loc: ['body', 'metrics'], msg: 'Input should be a valid dictionary', input: [1] },
    ]);
    expect(body('SystemUserCreate', [])).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [],
      },
    ]);
  });

  it('array: list_type; null: none_required; an unknown type name: value_error', () => {
    expect(field('LogStreamSignalsConfigurationPut', 'notification_severities', 'LOW')).toEqual([
      {
        type: 'list_type',
        loc: ['body', 'notification_severities'],
        msg: 'Input should be a valid list',
        input: 'LOW',
      },
    ]);
    const { errors } = mini({
      Null: { type: 'null' },
      NullFirst: { type: ['null', 'integer'] },
      Odd: { type: 'frob' },
    });
    expect(errors('Null', 0)).toEqual([
      { type: 'none_required', loc: ['body'], msg: 'Input should be None', input: 0 },
    ]);
    expect(errors('NullFirst', 'x')).toEqual([
      {
        type: 'int_parsing',
        loc: ['body'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
    ]);
    expect(errors('Odd', 1)).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be of type frob',
        input: 1,
        ctx: { error: 'Input should be of type frob' },
      },
    ]);
  });

  it('a value of the wrong type gets the type error alone, not the other keywords', () => {
    expect(field('ExperimentSignalsConfigurationPut', 'model', [''])).toEqual([
      { type: 'string_type', loc: ['body', 'model'], msg: 'Input should be a valid string', input: [''] },
    ]);
  });
});

describe('non-finite numbers and lone surrogates', () => {
  it('a lone surrogate: taken by a str without bounds, string_unicode for one with a length or a pattern', () => {
    expect(field('Trace', 'name', 'a\ud800')).toEqual([]);
    expect(field('ExperimentSignalsConfigurationPut', 'model', 'a\ud800')).toEqual([
      {
        type: 'string_unicode',
        loc: ['body', 'model'],
        msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
        input: 'a\ud800',
      },
    ]);
    expect(field('CronSignalSchedule', 'cron', '\udc00 * * * * *')[0]?.type).toBe('string_unicode');
  });

  it('±Infinity and NaN: a float takes them (pydantic allows inf and nan); an integer refuses them', () => {
    expect(field('Luna3ScorerVersionCreate', 'threshold', Infinity)).toEqual([]);
    expect(field('Luna3ScorerVersionCreate', 'threshold', NaN)).toEqual([]);
    expect(field('IntervalSignalSchedule', 'interval_hours', -Infinity)).toEqual([
      {
        type: 'finite_number',
        loc: ['body', 'interval_hours'],
        msg: 'Input should be a finite number',
        input: -Infinity,
      },
    ]);
  });

  it('finiteErrors: a float refuses them too, as allow_inf_nan=False has it, the strings lax mode reads as them included; an open object still takes them; the mode ends with the walk', () => {
    const luna3 = ref('Luna3ScorerVersionCreate');
    const finite = (input: unknown) => ({
      type: 'finite_number',
      loc: ['body', 'threshold'],
      msg: 'Input should be a finite number',
      input,
    });
    for (const input of [Infinity, -Infinity, NaN, 'inf', '-Infinity', 'nan'])
      expect(validator.finiteErrors(luna3, { threshold: input }, ['body'])).toEqual([finite(input)]);
    expect(
      validator.finiteErrors(luna3, { threshold: 0.5, class_name_to_vocab_ix: { a: Infinity } }, ['body']),
    ).toEqual([]);
    expect(body('Luna3ScorerVersionCreate', { threshold: Infinity })).toEqual([]);
  });
});

describe('required and additionalProperties', () => {
  it('missing: one item per absent required field, with the whole object as input', () => {
    expect(body('LogStreamSignalsConfigurationPut', {})).toEqual([
      { type: 'missing', loc: ['body', 'model'], msg: 'Field required', input: {} },
      { type: 'missing', loc: ['body', 'run_mode'], msg: 'Field required', input: {} },
    ]);
    const { errors } = mini({
      Required: {
        type: 'object',
        required: ['b', 'undeclared'],
        properties: { a: { type: 'string' }, b: { type: 'string' } },
      },
    });
    expect(errors('Required', { a: 1 })).toEqual([
      { type: 'string_type', loc: ['body', 'a'], msg: 'Input should be a valid string', input: 1 },
      { type: 'missing', loc: ['body', 'b'], msg: 'Field required', input: { a: 1 } },
      { type: 'missing', loc: ['body', 'undeclared'], msg: 'Field required', input: { a: 1 } },
    ]);
    expect(errors('Required', { b: 'x', undeclared: 1 })).toEqual([]);
  });

  it('extra_forbidden on a closed body, with the extra value as input; nothing on an open one', () => {
    expect(body('ExperimentSignalsConfigurationPut', { model: 'm', extra: [1] })).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'extra'], msg: 'Extra inputs are not permitted', input: [1] },
    ]);
    expect(body('SystemUserCreate', { email: 'a@b.org', role: 'admin', anything: { at: 'all' } })).toEqual([]);
    expect(
      body('LogTracesIngestRequest', { traces: [{ type: 'trace', whatever: 1 }], logging_method: 'api_direct' }),
    ).toEqual([]);
  });

  it('order: the declared fields in declaration order, then the extras in the order sent', () => {
    const value = { zz: 1, run_mode: 'X', aa: 2, model: 5 };
    expect(body('LogStreamSignalsConfigurationPut', value)).toEqual([
      { type: 'string_type', loc: ['body', 'model'], msg: 'Input should be a valid string', input: 5 },
      {
        type: 'enum',
        loc: ['body', 'run_mode'],
        msg: "Input should be 'ON_DEMAND' or 'SCHEDULED'",
        input: 'X',
        ctx: { expected: "'ON_DEMAND' or 'SCHEDULED'" },
      },
      { type: 'extra_forbidden', loc: ['body', 'zz'], msg: 'Extra inputs are not permitted', input: 1 },
      { type: 'extra_forbidden', loc: ['body', 'aa'], msg: 'Extra inputs are not permitted', input: 2 },
    ]);
  });

  it('patternProperties and a schema for additional properties validate the extra keys', () => {
    const { errors } = mini({
      Headers: {
        type: 'object',
        additionalProperties: false,
        properties: { a: { type: 'string' } },
        patternProperties: { '^x-': { type: 'string' }, '^x-n': { maxLength: 1 } },
      },
      Map: { type: 'object', additionalProperties: { type: 'integer' } },
      PatternOpen: { type: 'object', patternProperties: { '^n': { type: 'integer' } } },
    });
    expect(errors('Headers', { 'x-1': 5, a: 'ok', y: 1, 'x-name': 'ab' })).toEqual([
      { type: 'string_type', loc: ['body', 'x-1'], msg: 'Input should be a valid string', input: 5 },
      { type: 'extra_forbidden', loc: ['body', 'y'], msg: 'Extra inputs are not permitted', input: 1 },
      {
        type: 'string_too_long',
        loc: ['body', 'x-name'],
        msg: 'String should have at most 1 character',
        input: 'ab',
        ctx: { max_length: 1 },
      },
    ]);
    expect(errors('Map', { k: 'v', n: 1 })).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'k'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'v',
      },
    ]);
    expect(errors('PatternOpen', { n: 'v', other: 'v' })).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'n'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'v',
      },
    ]);
  });
});

describe('string bounds and pattern', () => {
  const model = (value: unknown) => body('ExperimentSignalsConfigurationPut', { model: value });

  it('minLength: string_too_short {min_length}; maxLength: string_too_long {max_length}', () => {
    expect(model('')).toEqual([
      {
        type: 'string_too_short',
        loc: ['body', 'model'],
        msg: 'String should have at least 1 character',
        input: '',
        ctx: { min_length: 1 },
      },
    ]);
    const long = 'x'.repeat(256);
    expect(model(long)).toEqual([
      {
        type: 'string_too_long',
        loc: ['body', 'model'],
        msg: 'String should have at most 255 characters',
        input: long,
        ctx: { max_length: 255 },
      },
    ]);
  });

  it('the bounds themselves are allowed, next to another violation too (off by one)', () => {
    const edge = 'x'.repeat(255);
    expect(body('LogStreamSignalsConfigurationPut', { model: edge, run_mode: 'X' })).toEqual([
      {
        type: 'enum',
        loc: ['body', 'run_mode'],
        msg: "Input should be 'ON_DEMAND' or 'SCHEDULED'",
        input: 'X',
        ctx: { expected: "'ON_DEMAND' or 'SCHEDULED'" },
      },
    ]);
    expect(body('LogStreamSignalsConfigurationPut', { model: 'x', run_mode: 'X' })).toHaveLength(1);
    expect(
      body('LogStreamSignalsConfigurationPut', { model: `${edge}x`, run_mode: 'X' }).map((item) => item.type),
    ).toEqual(['string_too_long', 'enum']);
  });

  it('lengths count characters, not UTF-16 units; the plural follows the bound', () => {
    const { errors } = mini({ One: { type: 'string', maxLength: 1 }, Two: { type: 'string', minLength: 2 } });
    expect(errors('One', '\u{1F600}')).toEqual([]);
    expect(errors('Two', '\u{1F600}')).toEqual([
      {
        type: 'string_too_short',
        loc: ['body'],
        msg: 'String should have at least 2 characters',
        input: '\u{1F600}',
        ctx: { min_length: 2 },
      },
    ]);
    expect(errors('Two', 'ab')).toEqual([]);
    expect(errors('One', 'ab')).toEqual([
      {
        type: 'string_too_long',
        loc: ['body'],
        msg: 'String should have at most 1 character',
        input: 'ab',
        ctx: { max_length: 1 },
      },
    ]);
  });

  it('pattern: string_pattern_mismatch {pattern}, after the bounds', () => {
    const pattern = '^\\s*\\S+(\\s+\\S+){4}\\s*$';
    expect(field('CronSignalSchedule', 'cron', '* *')).toEqual([
      {
        type: 'string_pattern_mismatch',
        loc: ['body', 'cron'],
        msg: `String should match pattern '${pattern}'`,
        input: '* *',
        ctx: { pattern },
      },
    ]);
    expect(field('CronSignalSchedule', 'cron', '')).toEqual([
      {
        type: 'string_too_short',
        loc: ['body', 'cron'],
        msg: 'String should have at least 1 character',
        input: '',
        ctx: { min_length: 1 },
      },
    ]);
    expect(field('CronSignalSchedule', 'cron', '0 6 * * 1-5')).toEqual([]);
  });

  it('a pattern JavaScript reads only without the u flag still applies; one it cannot read at all constrains nothing', () => {
    const { errors } = mini({
      Legacy: { type: 'string', pattern: '^a\\-b$' },
      Broken: { type: 'string', pattern: '(' },
      Unicode: { type: 'string', pattern: '^.$' },
    });
    expect(errors('Legacy', 'a-b')).toEqual([]);
    expect(errors('Legacy', 'ab')).toEqual([
      {
        type: 'string_pattern_mismatch',
        loc: ['body'],
        msg: "String should match pattern '^a\\-b$'",
        input: 'ab',
        ctx: { pattern: '^a\\-b$' },
      },
    ]);
    expect(errors('Legacy', 'ab')).toHaveLength(1); // the compiled pattern is reused
    expect(errors('Broken', 'anything')).toEqual([]);
    expect(errors('Broken', '(')).toEqual([]);
    expect(errors('Unicode', '\u{1F600}')).toEqual([]); // with the u flag, `.` is one character
  });
});

describe('numeric bounds and multipleOf', () => {
  const hours = (value: unknown) => field('IntervalSignalSchedule', 'interval_hours', value);
  const loc = ['body', 'interval_hours'];

  it('minimum: greater_than_equal {ge}; maximum: less_than_equal {le}; the bounds are allowed', () => {
    expect(hours(0)).toEqual([
      { type: 'greater_than_equal', loc, msg: 'Input should be greater than or equal to 1', input: 0, ctx: { ge: 1 } },
    ]);
    expect(hours(169)).toEqual([
      { type: 'less_than_equal', loc, msg: 'Input should be less than or equal to 168', input: 169, ctx: { le: 168 } },
    ]);
    expect(hours(1)).toEqual([]);
    expect(hours(168)).toEqual([]);
  });

  const { errors } = mini({
    Exclusive: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
    Step: { type: 'number', multipleOf: 0.5, maximum: 2, minimum: -2 },
    Zero: { type: 'integer', multipleOf: 0 },
    Int32: { type: 'integer', format: 'int32' },
    UnknownNumberFormat: { type: 'number', format: 'frobs' },
  });

  it('exclusiveMinimum: greater_than {gt}; exclusiveMaximum: less_than {lt}; just inside is allowed', () => {
    expect(errors('Exclusive', 0)).toEqual([
      { type: 'greater_than', loc: ['body'], msg: 'Input should be greater than 0', input: 0, ctx: { gt: 0 } },
    ]);
    expect(errors('Exclusive', 10)).toEqual([
      { type: 'less_than', loc: ['body'], msg: 'Input should be less than 10', input: 10, ctx: { lt: 10 } },
    ]);
    expect(errors('Exclusive', 0.001)).toEqual([]);
    expect(errors('Exclusive', 9.999)).toEqual([]);
  });

  it('multipleOf: multiple_of {multiple_of}, reported before a bound; a multipleOf of 0 constrains nothing', () => {
    expect(errors('Step', 0.3)).toEqual([
      {
        type: 'multiple_of',
        loc: ['body'],
        msg: 'Input should be a multiple of 0.5',
        input: 0.3,
        ctx: { multiple_of: 0.5 },
      },
    ]);
    expect(errors('Step', 3.3)).toEqual([
      {
        type: 'multiple_of',
        loc: ['body'],
        msg: 'Input should be a multiple of 0.5',
        input: 3.3,
        ctx: { multiple_of: 0.5 },
      },
    ]);
    expect(errors('Step', 3)).toEqual([
      {
        type: 'less_than_equal',
        loc: ['body'],
        msg: 'Input should be less than or equal to 2',
        input: 3,
        ctx: { le: 2 },
      },
    ]);
    expect(errors('Step', -3)).toEqual([
      {
        type: 'greater_than_equal',
        loc: ['body'],
        msg: 'Input should be greater than or equal to -2',
        input: -3,
        ctx: { ge: -2 },
      },
    ]);
    expect(errors('Step', 1.5)).toEqual([]);
    expect(errors('Zero', 7)).toEqual([]);
  });

  it('a number format (ajv-formats int32) is a value_error naming it; an unknown one constrains nothing', () => {
    expect(errors('Int32', 2 ** 40)).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be a valid int32',
        input: 2 ** 40,
        ctx: { error: 'Input should be a valid int32' },
      },
    ]);
    expect(errors('Int32', 2 ** 20)).toEqual([]);
    expect(errors('UnknownNumberFormat', 2)).toEqual([]);
  });
});

describe('list and dict sizes', () => {
  it('maxItems: too_long {field_type: List, max_length, actual_length}, and the items are not checked', () => {
    const four = ['X', 'LOW', 'LOW', 'LOW'];
    expect(field('LogStreamSignalsConfigurationPut', 'notification_severities', four)).toEqual([
      {
        type: 'too_long',
        loc: ['body', 'notification_severities'],
        msg: 'List should have at most 3 items after validation, not 4',
        input: four,
        ctx: { field_type: 'List', max_length: 3, actual_length: 4 },
      },
    ]);
    expect(field('LogStreamSignalsConfigurationPut', 'notification_severities', ['LOW', 'X', 'HIGH'])).toEqual([
      {
        type: 'enum',
        loc: ['body', 'notification_severities', 1],
        msg: "Input should be 'LOW', 'MEDIUM' or 'HIGH'",
        input: 'X',
        ctx: { expected: "'LOW', 'MEDIUM' or 'HIGH'" },
      },
    ]);
  });

  it('minItems: too_short {field_type: List, min_length, actual_length}, only when the items are valid', () => {
    expect(field('LogTracesIngestRequest', 'traces', [])).toEqual([
      {
        type: 'too_short',
        loc: ['body', 'traces'],
        msg: 'List should have at least 1 item after validation, not 0',
        input: [],
        ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
      },
    ]);
    const { errors } = mini({
      Three: { type: 'array', minItems: 3, maxItems: 1 },
      Pair: { type: 'array', minItems: 2, items: { type: 'integer' } },
    });
    expect(errors('Pair', ['a'])).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 0],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'a',
      },
    ]);
    expect(errors('Pair', [1])).toEqual([
      {
        type: 'too_short',
        loc: ['body'],
        msg: 'List should have at least 2 items after validation, not 1',
        input: [1],
        ctx: { field_type: 'List', min_length: 2, actual_length: 1 },
      },
    ]);
    expect(errors('Pair', [1, 2])).toEqual([]);
    expect(errors('Three', [1, 2])).toEqual([
      {
        type: 'too_long',
        loc: ['body'],
        msg: 'List should have at most 1 item after validation, not 2',
        input: [1, 2],
        ctx: { field_type: 'List', max_length: 1, actual_length: 2 },
      },
    ]);
  });

  it('prefixItems and tuple items: each position its own schema, then the rest', () => {
    const { errors } = mini({
      Tuple: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], items: { type: 'integer' } },
      Draft4: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
      Open: { type: 'array', items: [{ type: 'string' }] },
    });
    expect(errors('Tuple', [1, 'maybe', 'x', 2])).toEqual([
      { type: 'string_type', loc: ['body', 0], msg: 'Input should be a valid string', input: 1 },
      {
        type: 'bool_parsing',
        loc: ['body', 1],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'maybe',
      },
      {
        type: 'int_parsing',
        loc: ['body', 2],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
    ]);
    expect(errors('Draft4', ['a', 1])).toEqual([
      {
        type: 'value_error',
        loc: ['body', 1],
        msg: 'Value error, No value is allowed here',
        input: 1,
        ctx: { error: 'No value is allowed here' },
      },
    ]);
    expect(errors('Open', [1, 1])).toEqual([
      { type: 'string_type', loc: ['body', 0], msg: 'Input should be a valid string', input: 1 },
    ]);
  });

  it('minProperties / maxProperties: too_short / too_long {field_type: Dictionary, …}', () => {
    const { errors } = mini({
      Dict: { type: 'object', minProperties: 1, maxProperties: 2 },
      AtMostOne: { type: 'object', maxProperties: 1 },
      AtLeastTwo: { type: 'object', minProperties: 2 },
    });
    expect(errors('Dict', {})).toEqual([
      {
        type: 'too_short',
        loc: ['body'],
        msg: 'Dictionary should have at least 1 item after validation, not 0',
        input: {},
        ctx: { field_type: 'Dictionary', min_length: 1, actual_length: 0 },
      },
    ]);
    const three = { a: 1, b: 2, c: 3 };
    expect(errors('Dict', three)).toEqual([
      {
        type: 'too_long',
        loc: ['body'],
        msg: 'Dictionary should have at most 2 items after validation, not 3',
        input: three,
        ctx: { field_type: 'Dictionary', max_length: 2, actual_length: 3 },
      },
    ]);
    expect(errors('Dict', { a: 1 })).toEqual([]);
    expect(errors('Dict', { a: 1, b: 2 })).toEqual([]);
    expect(errors('AtMostOne', { a: 1, b: 2 })[0]?.msg).toBe(
      'Dictionary should have at most 1 item after validation, not 2',
    );
    expect(errors('AtLeastTwo', { a: 1 })[0]?.msg).toBe(
      'Dictionary should have at least 2 items after validation, not 1',
    );
  });
});

describe('enum and const', () => {
  it('enum {expected}, whatever the JSON type of the input', () => {
    const expected = "'ON_DEMAND' or 'SCHEDULED'";
    for (const input of ['on_demand', 5, null]) {
      expect(field('LogStreamSignalsConfigurationPut', 'run_mode', input)).toEqual([
        { type: 'enum', loc: ['body', 'run_mode'], msg: `Input should be ${expected}`, input, ctx: { expected } },
      ]);
    }
    expect(field('LogStreamSignalsConfigurationPut', 'run_mode', 'ON_DEMAND')).toEqual([]);
  });

  it('const: literal_error {expected}', () => {
    expect(field('Trace', 'type', 'span')).toEqual([
      {
        type: 'literal_error',
        loc: ['body', 'type'],
        msg: "Input should be 'trace'",
        input: 'span',
        ctx: { expected: "'trace'" },
      },
    ]);
    expect(field('Trace', 'type', 1)).toEqual([
      {
        type: 'literal_error',
        loc: ['body', 'type'],
        msg: "Input should be 'trace'",
        input: 1,
        ctx: { expected: "'trace'" },
      },
    ]);
    expect(field('Trace', 'type', 'trace')).toEqual([]);
    const { errors } = mini({ Obj: { const: { a: [1] } }, Num: { enum: [1, 2.5] } });
    expect(errors('Obj', { a: [1] })).toEqual([]);
    expect(errors('Obj', { a: [2] })).toEqual([
      {
        type: 'literal_error',
        loc: ['body'],
        msg: "Input should be {'a': [1]}",
        input: { a: [2] },
        ctx: { expected: "{'a': [1]}" },
      },
    ]);
    expect(errors('Num', 2.5)).toEqual([]);
    expect(errors('Num', 2)).toEqual([
      { type: 'enum', loc: ['body'], msg: 'Input should be 1 or 2.5', input: 2, ctx: { expected: '1 or 2.5' } },
    ]);
  });
});

describe('formats', () => {
  it('uuid, date, date-time: pydantic’s own types, whatever the JSON type (test/unit/mock/service/lax.test.ts has every case)', () => {
    expect(field('LogTracesIngestRequest', 'log_stream_id', 123)).toEqual([
      {
        type: 'uuid_type',
        loc: ['body', 'log_stream_id'],
        msg: 'UUID input should be a string, bytes or UUID object',
        input: 123,
      },
    ]);
    expect(field('LogTracesIngestRequest', 'log_stream_id', 'n')).toEqual([
      {
        type: 'uuid_parsing',
        loc: ['body', 'log_stream_id'],
        msg: 'Input should be a valid UUID, invalid character: found `n` at 1',
        input: 'n',
        ctx: { error: 'invalid character: found `n` at 1' },
      },
    ]);
    expect(field('LogStreamSignalsConfigurationPut', 'start_date', 123)).toEqual([
      {
        type: 'date_from_datetime_inexact',
        loc: ['body', 'start_date'],
        msg: 'Datetimes provided to dates should have zero time - e.g. be exact dates',
        input: 123,
      },
    ]);
    expect(field('LogStreamSignalsConfigurationPut', 'start_date', true)[0]?.type).toBe('date_type');
    expect(field('LogStreamSignalsConfigurationPut', 'start_date', '2026-12-01T10:00:00Z')[0]?.type).toBe(
      'date_from_datetime_inexact',
    );
    expect(field('Trace', 'created_at', true)[0]?.type).toBe('datetime_type');
    expect(field('Trace', 'created_at', '2026-12-01T10:00:00')).toEqual([]);
  });

  const { errors } = mini(
    {
      Email: { type: 'string', format: 'email' },
      Ipv4: { type: 'string', format: 'ipv4' },
      Password: { type: 'string', format: 'password' },
      Unknown: { type: 'string', format: 'no-such-format' },
      Prefixed: { type: 'string', format: 'prefixed' },
      Bare: { type: 'string', format: 'bare' },
      Counted: { format: 'counted' },
    },
    {
      prefixed: { validate: /^a/ },
      bare: {},
      counted: { type: 'number', validate: (n: number) => n < 10 },
    },
  );

  it('email: value_error with email-validator’s reason', () => {
    expect(errors('Email', 'ada@example.org')).toEqual([]);
    expect(errors('Email', 'ada')).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'value is not a valid email address: An email address must have an @-sign.',
        input: 'ada',
        ctx: { reason: 'An email address must have an @-sign.' },
      },
    ]);
    expect(errors('Email', 'ada@')).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'value is not a valid email address: The email address is not valid.',
        input: 'ada@',
        ctx: { reason: 'The email address is not valid.' },
      },
    ]);
  });

  it('other formats: value_error {error} naming the format; unknown ones (password) constrain nothing', () => {
    expect(errors('Ipv4', '10.0.0.1')).toEqual([]);
    expect(errors('Ipv4', '10.0.0')).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be a valid ipv4',
        input: '10.0.0',
        ctx: { error: 'Input should be a valid ipv4' },
      },
    ]);
    expect(errors('Password', '')).toEqual([]);
    expect(errors('Unknown', 'x')).toEqual([]);
    expect(field('SystemUserCreate', 'password', 'x')).toEqual([]);
  });

  it('a string format on a number constrains nothing (ajv-formats checks strings only)', () => {
    const { v } = mini({});
    expect(v.errors({ type: 'integer', format: 'date' }, 5, ['body'])).toEqual([]);
    expect(v.errors({ type: 'number', format: 'uuid' }, 1.5, ['body'])).toEqual([]);
  });

  it("OpenAPI 3.0's boolean exclusiveMaximum / exclusiveMinimum is left to Prism: the plain bound still applies", () => {
    const { v } = mini({});
    const schema = {
      type: 'number',
      maximum: 10,
      exclusiveMaximum: true,
      minimum: 0,
      exclusiveMinimum: true,
    } as unknown as Schema;
    expect(v.errors(schema, 5, ['body'])).toEqual([]);
    expect(v.errors(schema, 11, ['body'])).toEqual([
      {
        type: 'less_than_equal',
        loc: ['body'],
        msg: 'Input should be less than or equal to 10',
        input: 11,
        ctx: { le: 10 },
      },
    ]);
    expect(v.errors(schema, -1, ['body'])).toEqual([
      {
        type: 'greater_than_equal',
        loc: ['body'],
        msg: 'Input should be greater than or equal to 0',
        input: -1,
        ctx: { ge: 0 },
      },
    ]);
  });

  it('a format given as a definition: its RegExp, none, or a check of numbers only', () => {
    expect(errors('Prefixed', 'abc')).toEqual([]);
    expect(errors('Prefixed', 'bc')).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be a valid prefixed',
        input: 'bc',
        ctx: { error: 'Input should be a valid prefixed' },
      },
    ]);
    expect(errors('Bare', 'anything')).toEqual([]);
    expect(errors('Counted', 'a string is not checked')).toEqual([]);
    expect(errors('Counted', 9)).toEqual([]);
    expect(errors('Counted', 12)).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be a valid counted',
        input: 12,
        ctx: { error: 'Input should be a valid counted' },
      },
    ]);
    expect(errors('Counted', 12.5)).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input should be a valid counted',
        input: 12.5,
        ctx: { error: 'Input should be a valid counted' },
      },
    ]);
  });
});

describe('unions', () => {
  const put = (value: unknown) => body('SignalsConfigurationPut', value);
  const SIGNALS = ['body', 'LogStreamSignalsConfigurationPut'];
  const extra = (key: string, input: unknown) => ({
    type: 'extra_forbidden',
    loc: ['body', 'ExperimentSignalsConfigurationPut', key],
    msg: 'Extra inputs are not permitted',
    input,
  });

  // The reference service's answers (reference/models.py on FastAPI 0.142, pydantic 2.13).
  it('a smart union: every member’s items under its class name, in the union’s order', () => {
    expect(put(5)).toEqual([
      {
        type: 'model_attributes_type',
        loc: SIGNALS,
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 5,
      },
      {
        type: 'model_attributes_type',
        loc: ['body', 'ExperimentSignalsConfigurationPut'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 5,
      },
    ]);
    expect(put({ ...LOG_STREAM, schedule: 'x' })).toEqual([
      {
        type: 'model_attributes_type',
        loc: [...SIGNALS, 'schedule'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'x',
      },
      extra('run_mode', 'SCHEDULED'),
      extra('schedule', 'x'),
    ]);
    expect(put({ ...LOG_STREAM, schedule: { interval_hours: 12 } })).toEqual([]);
  });

  it('a discriminated union: the tag in loc, the tag read from the required field when left out, union_tag_invalid, union_tag_not_found', () => {
    expect(put({ ...LOG_STREAM, schedule: { interval_hours: '0' } })[0]).toEqual({
      type: 'greater_than_equal',
      loc: [...SIGNALS, 'schedule', 'INTERVAL', 'interval_hours'],
      msg: 'Input should be greater than or equal to 1',
      input: '0',
      ctx: { ge: 1 },
    });
    expect(put({ ...LOG_STREAM, schedule: { type: 'CRON', interval_hours: 1 } }).slice(0, 2)).toEqual([
      {
        type: 'missing',
        loc: [...SIGNALS, 'schedule', 'CRON', 'cron'],
        msg: 'Field required',
        input: { type: 'CRON', interval_hours: 1 },
      },
      {
        type: 'extra_forbidden',
        loc: [...SIGNALS, 'schedule', 'CRON', 'interval_hours'],
        msg: 'Extra inputs are not permitted',
        input: 1,
      },
    ]);
    expect(put({ ...LOG_STREAM, schedule: {} })[0]).toEqual({
      type: 'union_tag_not_found',
      loc: [...SIGNALS, 'schedule'],
      msg: "Unable to extract tag using discriminator 'type'",
      input: {},
      ctx: { discriminator: "'type'" },
    });
    expect(put({ ...LOG_STREAM, schedule: { type: null } })[0]).toEqual({
      type: 'union_tag_invalid',
      loc: [...SIGNALS, 'schedule'],
      msg: "Input tag 'None' found using 'type' does not match any of the expected tags: 'CRON', 'INTERVAL'",
      input: { type: null },
      ctx: { discriminator: "'type'", tag: 'None', expected_tags: "'CRON', 'INTERVAL'" },
    });
    expect(put({ ...LOG_STREAM, schedule: { type: 'WEEKLY' } })[0]?.ctx).toMatchObject({ tag: 'WEEKLY' });
    // A tag that is no string is shown as Python's repr shows it (pydantic 2.13).
    expect(put({ ...LOG_STREAM, schedule: { type: { a: 1 }, cron: '0 * * * *' } })[0]).toMatchObject({
      type: 'union_tag_invalid',
      msg: "Input tag '{'a': 1}' found using 'type' does not match any of the expected tags: 'CRON', 'INTERVAL'",
      ctx: { tag: "{'a': 1}" },
    });
    expect(put({ ...LOG_STREAM, schedule: { type: [1, 'x', null, true] } })[0]?.ctx).toMatchObject({
      tag: "[1, 'x', None, True]",
    });
    expect(put({ ...LOG_STREAM, schedule: null })).toEqual([]);
  });

  it('a union one member’s tag excludes from the other (a callable Discriminator): one member, named', () => {
    const feedback = (value: unknown) => body('BulkFeedbackRatingsRequest', value);
    expect(
      feedback({
        operations: [
          5,
          { operation_type: 'create', rating: { feedback_type: 'like_dislike', value: 'x' } },
          { operation_type: 'zz' },
        ],
        selector: 's',
      }),
    ).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body', 'operations', 0, 'BulkFeedbackRatingCreate'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 5,
      },
      {
        type: 'bool_parsing',
        loc: ['body', 'operations', 1, 'BulkFeedbackRatingCreate', 'rating', 'value'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'x',
      },
      {
        type: 'model_attributes_type',
        loc: ['body', 'selector', 'IndexSelector'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 's',
      },
    ]);
    expect(feedback({ selector: { selector_type: 'trace', indexes: 'x' } })).toEqual([]);
  });

  it('a condition’s fields are checked with the field, and a model there refuses a non-dict with model_type', () => {
    const traces = (span: unknown) => body('LogTracesIngestRequest', { traces: [{ spans: [span] }] });
    expect(traces({ type: 'llm', created_at: 'x', input: [{ role: 1 }], output: 5 })).toEqual([
      {
        type: 'datetime_from_date_parsing',
        loc: ['body', 'traces', 0, 'spans', 0, 'created_at'],
        msg: 'Input should be a valid datetime or date, input is too short',
        input: 'x',
        ctx: { error: 'input is too short' },
      },
      {
        type: 'string_type',
        loc: ['body', 'traces', 0, 'spans', 0, 'input', 0, 'role'],
        msg: 'Input should be a valid string',
        input: 1,
      },
      {
        type: 'model_type',
        loc: ['body', 'traces', 0, 'spans', 0, 'output'],
        msg: 'Input should be a valid dictionary or instance of Message',
        input: 5,
        ctx: { class_name: 'Message' },
      },
    ]);
  });

  it('members are named as pydantic-core names their validators', () => {
    const { errors: named } = mini({
      A: {
        title: 'A',
        type: 'object',
        additionalProperties: false,
        required: ['a'],
        properties: { a: { type: 'integer' } },
      },
      B: { type: 'object', additionalProperties: false, required: ['b'], properties: { b: { type: 'string' } } },
      E: { enum: ['x', 'y'] },
      N: { enum: [1, 2] },
      Models: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }, { type: 'null' }] },
      Many: {
        anyOf: [
          { type: 'string', maxLength: 2 },
          { type: 'integer' },
          { type: 'array', items: { type: 'integer' } },
          { const: 'x' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'object' },
          { type: 'string', format: 'uuid' },
          { type: 'integer', minimum: 1 },
          { type: ['number', 'null'], maximum: 1 },
          { $ref: '#/components/schemas/E' },
          { $ref: '#/components/schemas/N' },
          { type: 'array' },
          {},
        ],
      },
      Nested: { oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/Models' }] },
    });
    expect(named('Models', { a: 'x' })).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'A', 'a'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
      { type: 'missing', loc: ['body', 'B', 'b'], msg: 'Field required', input: { a: 'x' } },
      { type: 'extra_forbidden', loc: ['body', 'B', 'a'], msg: 'Extra inputs are not permitted', input: 'x' },
    ]);
    expect(named('Models', null)).toEqual([]);
    expect(named('Many', null)).toEqual([]); // {} (any) takes it
    const many = mini({
      M: {
        anyOf: [
          { type: 'string', maxLength: 2 },
          { type: 'integer' },
          { type: 'array', items: { type: 'integer' } },
          { const: 'x' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'object' },
          { type: 'string', format: 'uuid' },
          { type: 'integer', minimum: 1 },
          { type: 'number', maximum: 1 },
          { enum: ['x', 'y'] },
          { $ref: '#/components/schemas/E' },
          { $ref: '#/components/schemas/N' },
          { type: 'array' },
          { type: 'string', format: 'date' },
          { type: 'string', format: 'date-time' },
        ],
      },
      E: { enum: ['x', 'y'] },
      N: { enum: [1, 2] },
    });
    expect(many.errors('M', null).map((item) => item.loc[1])).toEqual([
      'constrained-str',
      'int',
      'list[int]',
      "literal['x']",
      'float',
      'bool',
      'dict[str,any]',
      'uuid',
      'constrained-int',
      'constrained-float',
      "literal['x','y']",
      'str-enum[E]',
      'enum[N]',
      'list[any]',
      'date',
      'datetime',
    ]);
    // Union[int, Union[A, B]] is Union[int, A, B]; a nullable member is named by what it holds.
    expect(named('Nested', 's').map((item) => item.loc[1])).toEqual(['int', 'A', 'B']);
    // Union[str, Union[int, None]] is Optional[Union[str, int]]: flattened, null taken.
    const inner = mini({
      M: { anyOf: [{ type: 'string' }, { anyOf: [{ type: 'integer' }, { type: 'null' }] }] },
    });
    expect(inner.errors('M', {}).map((item) => item.loc[1])).toEqual(['str', 'int']);
    expect(inner.errors('M', null)).toEqual([]);
  });

  // Each name as pydantic 2.13 (pydantic-core 2.46) gives it for the type a model would declare for
  // the schema: `Union[<type>, bool]` validated with a value both refuse, the first item's loc[0].
  it('a member’s name follows pydantic-core for every kind of schema it can hold', () => {
    const defs: Record<string, Schema> = {
      Titled: { title: 'T', type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
      Untitled: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
      Open: { title: 'Open', type: 'object', additionalProperties: true }, // a model whose fields are not shown
      Color: { title: 'Color', type: 'string', enum: ['r'] },
      Mixed: { enum: ['a', 1] },
      Name: { type: 'string', maxLength: 5 }, // Name = Annotated[str, Field(max_length=5)]: an alias, no class
      A: { title: 'A', type: 'object', required: ['k'], properties: { k: { const: 'a' } } },
      B: { title: 'B', type: 'object', required: ['k'], properties: { k: { const: 'b' } } },
    };
    /** The name of `member`'s items in a union with bool, for a value both refuse. */
    const nameOf = (member: Schema, value: unknown = null) => {
      const { errors } = mini({ ...defs, U: { anyOf: [member, { type: 'boolean' }] } });
      const items = errors('U', value);
      expect(items.at(-1)?.loc).toEqual(['body', 'bool']);
      return items.slice(0, -1).map((item) => item.loc[1]);
    };
    const int = { type: 'integer' } as const;
    const named: [Schema, string][] = [
      [{ type: 'string' }, 'str'], // str
      [{ type: 'string', minLength: 1 }, 'constrained-str'], // constr(min_length=1)
      [{ type: 'string', maxLength: 1 }, 'constrained-str'], // constr(max_length=1)
      [{ type: 'string', pattern: 'a' }, 'constrained-str'], // constr(pattern='a')
      [int, 'int'],
      [{ type: 'integer', minimum: 1 }, 'constrained-int'], // conint(ge=1)
      [{ type: 'integer', maximum: 1 }, 'constrained-int'], // conint(le=1)
      [{ type: 'integer', exclusiveMinimum: 1 }, 'constrained-int'], // conint(gt=1)
      [{ type: 'integer', exclusiveMaximum: 1 }, 'constrained-int'], // conint(lt=1)
      [{ type: 'integer', multipleOf: 2 }, 'constrained-int'], // conint(multiple_of=2)
      [{ type: 'number' }, 'float'],
      [{ type: 'number', minimum: 1 }, 'constrained-float'], // confloat(ge=1)
      [{ type: 'number', maximum: 1 }, 'constrained-float'],
      [{ type: 'number', exclusiveMinimum: 1 }, 'constrained-float'],
      [{ type: 'number', exclusiveMaximum: 1 }, 'constrained-float'],
      [{ type: 'number', multipleOf: 2 }, 'constrained-float'],
      [{ $ref: '#/components/schemas/Color' }, 'str-enum[Color]'],
      [{ $ref: '#/components/schemas/Mixed' }, 'enum[Mixed]'],
      [{ $ref: '#/components/schemas/Titled' }, 'T'],
      [{ $ref: '#/components/schemas/Untitled' }, 'Untitled'],
      [{ $ref: '#/components/schemas/Open' }, 'Open'],
      [{ type: 'array', items: { type: 'null' } }, 'list[none]'], // List[None]
      [{ type: 'array', items: { type: 'file' } }, 'list[any]'], // no JSON type: no Python type either
      [{ type: 'array', items: true as unknown as Schema }, 'list[any]'], // List[Any]
      [{ type: 'array', items: {} }, 'list[any]'],
      [{ type: 'array', items: { type: 'object' } }, 'list[dict[str,any]]'], // List[Dict[str, Any]]
      [{ type: 'object', additionalProperties: int }, 'dict[str,int]'], // Dict[str, int]
      [{ type: 'object', additionalProperties: { type: 'array', items: int } }, 'dict[str,list[int]]'],
      [{ type: 'object', additionalProperties: { type: ['integer', 'null'] } }, 'dict[str,nullable[int]]'],
      [{ type: 'array', items: { type: 'array', items: int } }, 'list[list[int]]'],
      // An inline model is a class the reference names by its title; with none, pydantic has no name to
      // give (its schemas always name a model), and the mock says `model`.
      [{ type: 'array', items: { title: 'Row', type: 'object', properties: { a: {} } } }, 'list[Row]'],
      [{ type: 'array', items: { type: 'object', properties: { a: {} } } }, 'list[model]'],
      [{ type: 'array', items: { type: ['integer', 'null'] } }, 'list[nullable[int]]'], // List[Optional[int]]
      [{ type: 'array', items: { type: ['integer', 'string'] } }, 'list[union[int,str]]'], // List[Union[int, str]]
      [{ type: 'array', items: { type: ['integer', 'string', 'null'] } }, 'list[nullable[union[int,str]]]'],
      [{ type: 'array', items: { anyOf: [int, { type: 'null' }] } }, 'list[nullable[int]]'],
      [{ type: 'array', items: { anyOf: [int, { type: 'string' }] } }, 'list[union[int,str]]'],
      [
        { type: 'array', items: { anyOf: [int, { type: 'string' }, { type: 'null' }] } },
        'list[nullable[union[int,str]]]',
      ],
      [{ type: 'array', items: { $ref: '#/components/schemas/Titled' } }, 'list[T]'], // List[T]
      [{ type: 'array', items: { $ref: '#/components/schemas/Color' } }, 'list[str-enum[Color]]'],
      [{ type: 'array', items: { const: null } }, 'list[literal[None]]'], // List[Literal[None]]
      [{ type: 'array', items: { enum: [null, 1] } }, 'list[literal[None,1]]'], // List[Literal[None, 1]]
      [
        { type: 'array', items: { anyOf: [{ type: 'string', const: 'a' }, { type: 'null' }] } },
        "list[nullable[literal['a']]]", // List[Optional[Literal['a']]]
      ],
    ];
    for (const [member, name] of named) expect(nameOf(member), JSON.stringify(member)).toEqual([name]);
    // An alias is named by its validator; a union with a tag is pydantic's tagged-union.
    expect(nameOf({ $ref: '#/components/schemas/Name' })).toEqual(['constrained-str']);
    expect(nameOf({ type: 'array', items: { $ref: '#/components/schemas/Name' } })).toEqual(['list[constrained-str]']);
    const models = [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }];
    expect(nameOf({ type: 'array', items: { anyOf: models } })).toEqual(['list[tagged-union[A,B]]']);
    // Union[Optional[int], bool] is Optional[Union[int, bool]]: a member's own null is the union's.
    expect(nameOf({ type: ['integer', 'null'] }, 'x')).toEqual(['int']);
    expect(nameOf({ type: ['array', 'null'], items: int }, 'x')).toEqual(['list[int]']);
  });

  it('branchFor: the valid member; else the first not plainly invalid; made: what pydantic makes through it', () => {
    const members = [
      { $ref: '#/components/schemas/LogStreamSignalsConfigurationPut' },
      { $ref: '#/components/schemas/ExperimentSignalsConfigurationPut' },
    ];
    expect(validator.branchFor(members, { model: 'm' })).toBe(members[1]);
    expect(validator.branchFor(members, { model: 'm', run_mode: 'ON_DEMAND' })).toBe(members[0]);
    expect(validator.branchFor(members, { model: 1, run_mode: 'ON_DEMAND', x: 1 })).toBe(members[0]);
    expect(
      validator.made(ref('SignalsConfigurationPut'), {
        ...LOG_STREAM,
        schedule: { interval_hours: '12' },
        start_date: 86400,
        scheduled_runs_enabled: 'yes',
        notification_severities: ['LOW'],
      }),
    ).toEqual({
      ...LOG_STREAM,
      schedule: { interval_hours: 12 },
      start_date: '1970-01-02',
      scheduled_runs_enabled: true,
      notification_severities: ['LOW'],
    });
    expect(
      validator.made(ref('LogTracesIngestRequest'), { traces: [], log_stream_id: UUID.toUpperCase(), other: '1' }),
    ).toEqual({
      traces: [],
      log_stream_id: UUID,
      other: '1',
    });
    expect(validator.made(ref('SignalsConfigurationPut'), null)).toBeNull();
  });
});

describe('other keywords: not, if/then/else, allOf, $ref with siblings, false', () => {
  const { errors } = mini({
    NotString: { not: { type: 'string' } },
    Conditional: {
      type: 'object',
      if: { required: ['kind'], properties: { kind: { const: 'n' } } },
      then: { properties: { v: { type: 'integer' } } },
      else: { properties: { v: { type: 'string' } } },
    },
    OnlyThen: { if: { type: 'string' }, then: { minLength: 2 } },
    Both: { allOf: [{ required: ['a'] }, { properties: { b: { type: 'integer' } } }] },
    Str: { type: 'string' },
    RefPlus: { $ref: '#/components/schemas/Str', minLength: 3 },
    RefNote: { $ref: '#/components/schemas/Str', description: 'only a note' },
    Nothing: { type: 'object', properties: { gone: false as unknown as Schema } },
  });

  it('not: value_error naming the excluded tags, or the plain message', () => {
    expect(errors('NotString', 'a')).toEqual([
      {
        type: 'value_error',
        loc: ['body'],
        msg: 'Value error, Input matches a schema it must not match',
        input: 'a',
        ctx: { error: 'Input matches a schema it must not match' },
      },
    ]);
    expect(errors('NotString', 1)).toEqual([]);
  });

  it('if/then/else: the branch the condition picks', () => {
    expect(errors('Conditional', { kind: 'n', v: 'x' })).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'v'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
    ]);
    expect(errors('Conditional', { kind: 's', v: 1 })).toEqual([
      { type: 'string_type', loc: ['body', 'v'], msg: 'Input should be a valid string', input: 1 },
    ]);
    expect(errors('OnlyThen', 'a')).toEqual([
      {
        type: 'string_too_short',
        loc: ['body'],
        msg: 'String should have at least 2 characters',
        input: 'a',
        ctx: { min_length: 2 },
      },
    ]);
    expect(errors('OnlyThen', 1)).toEqual([]);
    expect(field('Span', 'type', 'llm')).toEqual([]);
    expect(body('Span', { type: 'llm', input: 'hi' })).toEqual([
      { type: 'list_type', loc: ['body', 'input'], msg: 'Input should be a valid list', input: 'hi' },
    ]);
    expect(body('Span', { type: 'tool', input: 'hi' })).toEqual([]);
  });

  it('allOf: every part, in order', () => {
    expect(errors('Both', { b: 'x' })).toEqual([
      { type: 'missing', loc: ['body', 'a'], msg: 'Field required', input: { b: 'x' } },
      {
        type: 'int_parsing',
        loc: ['body', 'b'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
    ]);
  });

  it('$ref: the target, then the keywords next to it; a note next to it adds nothing', () => {
    expect(errors('RefPlus', 5)).toEqual([
      { type: 'string_type', loc: ['body'], msg: 'Input should be a valid string', input: 5 },
    ]);
    expect(errors('RefPlus', 'ab')).toEqual([
      {
        type: 'string_too_short',
        loc: ['body'],
        msg: 'String should have at least 3 characters',
        input: 'ab',
        ctx: { min_length: 3 },
      },
    ]);
    expect(errors('RefNote', 5)).toEqual([
      { type: 'string_type', loc: ['body'], msg: 'Input should be a valid string', input: 5 },
    ]);
  });

  it('$ref: every validation keyword next to it applies, as it does alone', () => {
    const siblings: [Schema, unknown][] = [
      [{ type: 'string' }, 5],
      [{ enum: ['a'] }, 'b'],
      [{ const: 'a' }, 'b'],
      [{ properties: { a: { type: 'string' } } }, { a: 1 }],
      [{ required: ['a'] }, {}],
      [{ additionalProperties: false }, { a: 1 }],
      [{ patternProperties: { '^x': { type: 'string' } } }, { x: 1 }],
      [{ items: { type: 'string' } }, [1]],
      [{ prefixItems: [{ type: 'string' }] }, [1]],
      [{ minItems: 1 }, []],
      [{ maxItems: 0 }, [1]],
      [{ minLength: 2 }, 'a'],
      [{ maxLength: 0 }, 'a'],
      [{ pattern: '^b' }, 'a'],
      [{ format: 'uuid' }, 'x'],
      [{ minimum: 1 }, 0],
      [{ maximum: 0 }, 1],
      [{ exclusiveMinimum: 0 }, 0],
      [{ exclusiveMaximum: 0 }, 0],
      [{ multipleOf: 2 }, 1],
      [{ minProperties: 1 }, {}],
      [{ maxProperties: 0 }, { a: 1 }],
      [{ allOf: [{ type: 'string' }] }, 5],
      [{ anyOf: [{ type: 'string' }] }, 5],
      [{ oneOf: [{ type: 'string' }] }, 5],
      [{ not: { type: 'string' } }, 'a'],
      [{ if: { type: 'string' }, then: { minLength: 2 } }, 'a'],
    ];
    const { v } = mini({ Any: {} });
    for (const [keyword, value] of siblings) {
      const alone = v.errors(keyword, value, ['body']);
      expect(alone.length, JSON.stringify(keyword)).toBeGreaterThan(0);
      expect(
        v.errors({ $ref: '#/components/schemas/Any', ...keyword }, value, ['body']),
        JSON.stringify(keyword),
      ).toEqual(alone);
    }
  });

  it('a false schema: value_error "No value is allowed here"', () => {
    expect(errors('Nothing', { gone: 1 })).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'gone'],
        msg: 'Value error, No value is allowed here',
        input: 1,
        ctx: { error: 'No value is allowed here' },
      },
    ]);
    expect(errors('Nothing', {})).toEqual([]);
  });
});

describe('edges that only a crafted schema reaches', () => {
  const { v, errors } = mini({
    Nested: { oneOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'boolean' }] },
    Enumerated: { oneOf: [{ enum: ['a', 1] }, { type: 'boolean' }] },
    Gone: {
      oneOf: [
        { type: 'object', properties: { x: false as unknown as Schema, k: { const: 1 } } },
        { type: 'object', properties: { k: { const: 2 } } },
      ],
    },
    Nulls: { oneOf: [{ type: 'null' }, { type: 'null' }] },
    NullTagged: {
      anyOf: [
        { type: ['object', 'null'], properties: { k: { const: 1 } }, not: { type: 'null' } },
        { type: ['object', 'null'], properties: { k: { const: 2 } }, not: { type: 'null' } },
      ],
    },
    ByRequired: {
      anyOf: [
        { title: 'A', type: 'object', required: ['a'], properties: { a: {}, b: {}, c: {} } },
        { title: 'B', type: 'object', required: ['z'], properties: { z: { type: 'string' } } },
      ],
    },
    Longer: {
      anyOf: [
        { title: 'A', type: 'object', properties: { a: { type: 'string' } }, minProperties: 2 },
        { title: 'B', type: 'object', properties: { a: { type: 'string' } } },
      ],
    },
    ConstAndOpen: { oneOf: [{ type: 'object', properties: { k: { const: 1 } } }, { type: 'object' }] },
    ClosedAndOpen: {
      oneOf: [{ type: 'object', additionalProperties: false, properties: { a: {} } }, { type: 'object' }],
    },
    PatternAndOpen: {
      oneOf: [{ type: 'object', additionalProperties: false, patternProperties: { '^x': {} } }, { type: 'object' }],
    },
    Required: { required: ['a'] },
    ThenOnly: { then: { type: 'string' } },
    NotTags: {
      not: { required: ['a', 'b'], properties: { a: { const: 1 }, b: { const: 'two' }, c: { type: 'string' } } },
    },
    BadPattern: { type: 'object', patternProperties: { '(': { type: 'integer' } } },
    // a base shape (no distinguishing required field) and a moded one, as the Signals PUT; the base closed, open, or closed with patterns
    ClosedBase: {
      oneOf: [
        {
          title: 'Moded',
          type: 'object',
          additionalProperties: false,
          required: ['a', 'mode'],
          properties: { a: { type: 'string' }, mode: {}, b: {} },
        },
        {
          title: 'Base',
          type: 'object',
          additionalProperties: false,
          required: ['a'],
          properties: { a: { type: 'string' } },
        },
      ],
    },
    OpenBase: {
      oneOf: [
        {
          title: 'Moded',
          type: 'object',
          additionalProperties: false,
          required: ['a', 'mode'],
          properties: { a: { type: 'string' }, mode: {}, b: {} },
        },
        { title: 'Base', type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      ],
    },
    PatternBase: {
      oneOf: [
        {
          title: 'Moded',
          type: 'object',
          additionalProperties: false,
          required: ['a', 'mode'],
          properties: { a: { type: 'string' }, mode: {}, b: {} },
        },
        {
          title: 'Base',
          type: 'object',
          additionalProperties: false,
          patternProperties: { '^b': {} },
          required: ['a'],
          properties: { a: { type: 'string' } },
        },
      ],
    },
    // two base shapes, one closed and one open: a key the open one admits is foreign to neither
    TwoBases: {
      oneOf: [
        {
          title: 'Moded',
          type: 'object',
          additionalProperties: false,
          required: ['a', 'mode'],
          properties: { a: { type: 'string' }, mode: {}, b: {} },
        },
        {
          title: 'Closed',
          type: 'object',
          additionalProperties: false,
          required: ['a'],
          properties: { a: { type: 'string' } },
        },
        { title: 'Open', type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      ],
    },
    // no base shape: each branch has a distinguishing required field
    NoBase: {
      oneOf: [
        { title: 'P', type: 'object', additionalProperties: false, required: ['p'], properties: { p: {}, q: {} } },
        { title: 'R', type: 'object', additionalProperties: false, required: ['r'], properties: { r: {}, s: {} } },
      ],
    },
  });

  it('a union nested in a union, or an enum, admits a value when one of its members does', () => {
    expect(errors('Nested', 'x')).toEqual([]);
    expect(errors('Enumerated', 'a')).toEqual([]);
  });

  it('branches whose items differ in number are each reported under their name', () => {
    expect(errors('Longer', { a: 1 })).toEqual([
      { type: 'string_type', loc: ['body', 'A', 'a'], msg: 'Input should be a valid string', input: 1 },
      {
        type: 'too_short',
        loc: ['body', 'A'],
        msg: 'Dictionary should have at least 2 items after validation, not 1',
        input: { a: 1 },
        ctx: { field_type: 'Dictionary', min_length: 2, actual_length: 1 },
      },
      { type: 'string_type', loc: ['body', 'B', 'a'], msg: 'Input should be a valid string', input: 1 },
    ]);
  });

  it('required applies to objects only; then without if applies nowhere', () => {
    expect(errors('Required', true)).toEqual([]);
    expect(errors('Required', 'a')).toEqual([]);
    expect(errors('ThenOnly', 1)).toEqual([]);
  });

  it('not: every const tag of the excluded shape, joined by "and"', () => {
    const error = "Input should not have a 1 and b 'two' here";
    expect(errors('NotTags', { a: 1, b: 'two' })).toEqual([
      { type: 'value_error', loc: ['body'], msg: `Value error, ${error}`, input: { a: 1, b: 'two' }, ctx: { error } },
    ]);
  });

  it('a patternProperties key JavaScript cannot read matches nothing', () => {
    expect(errors('BadPattern', { '(': 'x' })).toEqual([]);
  });

  it('an unresolved $ref is an error of the spec, not an invalid value', () => {
    expect(() => v.isValid({ $ref: '#/components/schemas/Nope' }, 1)).toThrow(
      'unresolved $ref #/components/schemas/Nope',
    );
  });
});

describe('locations, validity, branchFor and the helpers', () => {
  it('loc: the base given, else none; indexes are numbers', () => {
    expect(validator.errors(ref('LogTracesIngestRequest'), { traces: [{}, { name: 1 }] })).toEqual([
      { type: 'string_type', loc: ['traces', 1, 'name'], msg: 'Input should be a valid string', input: 1 },
    ]);
    expect(
      validator.errors(ref('LogTracesIngestRequest'), { traces: [{ spans: [{ type: 'llm', output: { role: 1 } }] }] }, [
        'body',
      ]),
    ).toEqual([
      {
        type: 'string_type',
        loc: ['body', 'traces', 0, 'spans', 0, 'output', 'role'],
        msg: 'Input should be a valid string',
        input: 1,
      },
    ]);
  });

  it('isValid: true, false, and a missing or boolean schema', () => {
    expect(validator.isValid(ref('SignalsConfigurationPut'), LOG_STREAM)).toBe(true);
    expect(validator.isValid(ref('SignalsConfigurationPut'), { ...LOG_STREAM, schedule: { cron: 'x' } })).toBe(false);
    expect(validator.isValid(undefined, 1)).toBe(true);
    expect(validator.isValid(true, 1)).toBe(true);
    expect(validator.isValid(false, 1)).toBe(false);
  });

  it('jsonType names the JSON type of a value', () => {
    expect([null, [], 'a', true, 1, 1.5, {}, undefined, () => 1].map(jsonType)).toEqual([
      'null',
      'array',
      'string',
      'boolean',
      'integer',
      'number',
      'object',
      'undefined',
      'undefined',
    ]);
  });

  it('detail: ctx only when given', () => {
    expect(detail('missing', ['body'], 'Field required', {})).toStrictEqual({
      type: 'missing',
      loc: ['body'],
      msg: 'Field required',
      input: {},
    });
    expect(detail('t', [], 'm', 1, { a: 1 })).toStrictEqual({ type: 't', loc: [], msg: 'm', input: 1, ctx: { a: 1 } });
  });
});

describe('errors given what a walk ahead found (`ahead`)', () => {
  const cell: Schema = { type: 'object', properties: { n: { type: 'integer', maximum: 9 } }, required: ['n'] };
  const cells: Schema = { type: 'array', items: cell };
  const kept = detail('kept', ['body', 0], 'what the walk ahead found', null);

  it("reads an item's items from it, for the items' own schema, and walks the items it has none for", () => {
    const value = [{ n: 10 }, { n: 11 }];
    const ahead = new Map([[value, { items: cell, found: [[kept]] }]]);
    expect(validator.errors(cells, value, ['body'], undefined, false, ahead)).toEqual([
      kept,
      expect.objectContaining({ type: 'less_than_equal', loc: ['body', 1, 'n'] }),
    ]);
  });

  it('an item found with none reads as none; what was found for another schema is not read', () => {
    const value = [{ n: 10 }];
    expect(
      validator.errors(cells, value, ['body'], undefined, false, new Map([[value, { items: cell, found: [[]] }]])),
    ).toEqual([]);
    const other = new Map([[value, { items: { ...cell }, found: [[kept]] }]]);
    expect(validator.errors(cells, value, ['body'], undefined, false, other)).toEqual([
      expect.objectContaining({ type: 'less_than_equal', loc: ['body', 0, 'n'] }),
    ]);
  });

  it('inside a condition (a validator of the model), the items are walked, not read', () => {
    const conditioned: Schema = {
      type: 'object',
      properties: { cells },
      if: { properties: { cells: { type: 'array' } } },
      then: { properties: { cells } },
    };
    // The walk ahead says the item has no items; the field's own check reads that, and the
    // condition's check of the same field, under the same schema, walks it and finds one.
    const value = [{ n: 10 }];
    const ahead = new Map([[value, { items: cell, found: [[]] }]]);
    expect(validator.errors(conditioned, { cells: value }, ['body'], undefined, false, ahead)).toEqual([
      expect.objectContaining({ type: 'less_than_equal', loc: ['body', 'cells', 0, 'n'] }),
    ]);
  });

  it('reads it during that call only: the next call without it walks', () => {
    const value = [{ n: 10 }];
    validator.errors(cells, value, ['body'], undefined, false, new Map([[value, { items: cell, found: [[kept]] }]]));
    expect(validator.errors(cells, value, ['body'])).toEqual([
      expect.objectContaining({ type: 'less_than_equal', loc: ['body', 0, 'n'] }),
    ]);
  });
});

// pydantic's strict mode (ConfigDict(strict=True)) on a JSON body, as pydantic 2.13 answers:
// a value of another JSON type gets the type's error alone, whatever number it is.
describe('strict mode', () => {
  it('a value of another JSON type: the strict type error, with its message', () => {
    const strict = createValidator(spec, formats, { strict: true });
    const at = (schema: Schema, input: unknown) => strict.errors(schema, input, ['body']);
    const refused = (type: string, msg: string, input: unknown) => [{ type, loc: ['body'], msg, input }];
    const int = { type: 'integer' } as const;
    expect(at(int, '12')).toEqual(refused('int_type', 'Input should be a valid integer', '12'));
    expect(at(int, 1.5)).toEqual(refused('int_type', 'Input should be a valid integer', 1.5));
    expect(at(int, Infinity)).toEqual(refused('int_type', 'Input should be a valid integer', Infinity));
    expect(at({ type: 'number' }, '1.5')).toEqual(refused('float_type', 'Input should be a valid number', '1.5'));
    expect(at({ type: 'boolean' }, 1)).toEqual(refused('bool_type', 'Input should be a valid boolean', 1));
    expect(at({ type: 'string' }, 1)).toEqual(refused('string_type', 'Input should be a valid string', 1));
    expect(at({ type: 'string', format: 'date' }, 0)).toEqual(refused('date_type', 'Input should be a valid date', 0));
    expect(at({ type: 'string', format: 'date-time' }, 0)).toEqual(
      refused('datetime_type', 'Input should be a valid datetime', 0),
    );
    expect(at({ type: 'string', format: 'date' }, '2026-12-01')).toEqual([]);
  });
});

// branchFor picks the member whose defaults a reflection applies: the first valid one; else the
// first that is not plainly invalid (told without a walk: the JSON type, as lax mode reads it, a
// tag `const`, a required field, a closed shape); else the first.
describe('branchFor: the first valid member, else the first not plainly invalid', () => {
  const { v } = mini({});
  const N: Schema = { type: 'null' };
  const S: Schema = { type: 'string', maxLength: 0 };
  const C: Schema = { type: 'object', properties: { n: { type: 'integer' } } };
  const pick = (branches: Schema[], value: unknown, validator = v) =>
    branches.indexOf(validator.branchFor(branches, value));

  it('a valid member after an open invalid one; a member of the wrong JSON type is passed over', () => {
    expect(pick([C, { type: 'object', properties: { n: { type: 'string' } } }], { n: 'x' })).toBe(1);
    expect(pick([{ type: 'string' }, C], { n: 'x' })).toBe(1);
    expect(pick([N, { type: 'string' }], 5)).toBe(0); // none open: the first
    expect(pick([N, { type: 'array' }], 5)).toBe(0);
    expect(pick([N, {}], 5)).toBe(1);
  });

  it('the JSON types lax mode takes: text for a number or a boolean, numbers for a boolean or a date', () => {
    for (const type of ['integer', 'number', 'boolean']) expect(pick([{ type, maximum: 1 }, S], '5'), type).toBe(0);
    const strict = createValidator(spec, formats, { strict: true });
    expect(pick([{ type: 'integer', maximum: 1 }, S], '5', strict)).toBe(1);
    expect(pick([N, { type: 'boolean' }], 5)).toBe(1);
    expect(pick([N, { type: 'boolean' }], 1.5)).toBe(1);
    expect(pick([N, { type: 'integer' }], true)).toBe(1);
    for (const format of ['date', 'date-time']) {
      expect(pick([N, { type: 'string', format }], 5), format).toBe(1);
      expect(pick([N, { type: 'string', format }], 5.5), format).toBe(1);
    }
  });

  it('a union, a const or an enum takes the JSON types of its members or values', () => {
    const array: Schema = { type: 'array', minItems: 1 };
    expect(pick([{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, array], [])).toBe(1);
    expect(pick([{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, array], [])).toBe(1);
    expect(pick([N, { anyOf: [N, { type: 'string', maxLength: 1 }] }], 'ab')).toBe(1);
    expect(pick([{ const: 'a' }, { type: 'integer', maximum: 0 }], 5)).toBe(1);
    expect(pick([N, { const: 'a' }], 'b')).toBe(1);
    expect(pick([{ enum: ['a'] }, { type: 'integer', maximum: 0 }], 5)).toBe(1);
    expect(pick([N, { enum: ['a', 1] }], 2)).toBe(1);
  });

  it('an object: a tag const it contradicts, a required field it lacks, a key a closed shape does not declare', () => {
    const tagged = (k: number): Schema => ({ type: 'object', properties: { k: { const: k }, n: { type: 'integer' } } });
    expect(pick([tagged(1), tagged(2)], { k: 2, n: 'x' })).toBe(1);
    expect(pick([tagged(2), tagged(1)], { k: 1, n: 'x' })).toBe(1);
    expect(pick([tagged(1), C], { n: 'x' })).toBe(0); // no tag sent: not plainly the other
    const required: Schema = { type: 'object', required: ['a'], properties: { a: {}, n: { type: 'integer' } } };
    expect(pick([required, C], { n: 'x' })).toBe(1);
    expect(pick([{ required: ['a'] }, { type: 'integer', maximum: 0 }], 5)).toBe(0); // required binds objects only
    expect(pick([{ type: 'object', additionalProperties: false, properties: { a: {} } }, C], { n: 'x' })).toBe(1);
    const declared: Schema = { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } };
    expect(pick([declared, C], { n: 'x' })).toBe(0);
    const patterned: Schema = { type: 'object', additionalProperties: false, patternProperties: { '^n': {} } };
    expect(pick([patterned, C], { n: 'x' })).toBe(0); // valid: n matches the pattern
    expect(pick([{ type: 'object', properties: { a: {} } }, C], { n: 'x' })).toBe(0); // open: n is an extra it keeps
    // A union or allOf is walked, not read: its own keywords do not make it plainly invalid.
    for (const keyword of ['oneOf', 'anyOf', 'allOf'])
      expect(pick([N, { [keyword]: [{ type: 'object' }], required: ['x'] }], {}), keyword).toBe(1);
  });
});

describe('made: what pydantic makes of an accepted value', () => {
  const { v } = mini({});
  it('each item of a list, each declared field, and nothing of a literal or of a field of any type', () => {
    expect(v.made({ type: 'array', items: { type: 'integer' } }, ['12', 3])).toEqual([12, 3]); // list[int]
    expect(v.made({ type: 'array' }, ['12'])).toEqual(['12']);
    expect(v.made({ type: 'object', properties: { a: {}, n: { type: 'number' } } }, { a: '1', n: '2' })).toEqual({
      a: '1',
      n: 2,
    });
    expect(v.made({ type: 'object' }, { a: '1' })).toEqual({ a: '1' }); // dict[str, Any]
    // Literal['6F1C…'] keeps the text it matched; a UUID field makes the canonical form of it.
    const upper = UUID.toUpperCase();
    expect(v.made({ type: 'string', format: 'uuid', const: upper }, upper)).toBe(upper);
    expect(v.made({ type: 'string', format: 'uuid', enum: [upper] }, upper)).toBe(upper);
    expect(v.made({ type: 'string', format: 'uuid' }, upper)).toBe(UUID);
    expect(v.made({ type: 'integer' }, null)).toBeNull();
  });
});

// The reference's own readings of a left-out tag and of a tag one member excludes (reference/models.py).
describe('a tag read from the value', () => {
  const put = (schedule: unknown) =>
    body('SignalsConfigurationPut', { ...LOG_STREAM, schedule }).map((item) => [item.type, item.loc.slice(2)]);
  it('a schedule without its type is the one whose own required field it has', () => {
    expect(put({ cron: 'bad' })[0]).toEqual(['string_pattern_mismatch', ['schedule', 'CRON', 'cron']]);
    expect(put({ cron: 'bad', interval_hours: 0 }).slice(0, 2)).toEqual([
      ['string_pattern_mismatch', ['schedule', 'CRON', 'cron']],
      ['extra_forbidden', ['schedule', 'CRON', 'interval_hours']],
    ]);
  });

  it('a crafted union: the fields all members require say nothing; the first own field the value has does', () => {
    const { errors } = mini({
      U: {
        oneOf: [
          {
            title: 'A',
            type: 'object',
            required: ['x', 'a', 'b'],
            properties: { k: { const: 'a' }, x: {}, a: {}, b: {} },
          },
          { title: 'B', type: 'object', required: ['x', 'c'], properties: { k: { const: 'b' }, x: {}, c: {} } },
        ],
      },
    });
    expect(errors('U', { x: 1, b: 1 }).map((item) => item.loc)).toEqual([['body', 'a', 'a']]);
    expect(errors('U', { x: 1 })[0]?.type).toBe('union_tag_not_found');
    expect(errors('U', { x: 1, c: 1, z: 1 })).toEqual([]);
  });

  it('a member one tag names, the other for any other value; a non-dict goes to the named member', () => {
    expect(body('BulkFeedbackRatingsRequest', { operations: [null] })).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body', 'operations', 0, 'BulkFeedbackRatingCreate'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: null,
      },
    ]);
    // The named member second: Union[Other, Known] with the same pick.
    const { errors } = mini({
      Other: {
        title: 'Other',
        type: 'object',
        required: ['o'],
        not: { properties: { k: { const: 'a' } }, required: ['k'] },
      },
      Known: { title: 'Known', type: 'object', required: ['n'], properties: { k: { const: 'a' } } },
      U: { anyOf: [{ $ref: '#/components/schemas/Other' }, { $ref: '#/components/schemas/Known' }] },
    });
    expect(errors('U', { k: 'b' }).map((item) => item.loc)).toEqual([['body', 'Other', 'o']]);
    expect(errors('U', { k: 'a' }).map((item) => item.loc)).toEqual([['body', 'Known', 'n']]);
  });
});

describe('more edges of strings, formats, conditions and nulls', () => {
  it('a lone surrogate: string_unicode for a str with only a max_length, or only a pattern (pydantic 2.13)', () => {
    const { v } = mini({});
    const unicode = (input: string) => [
      {
        type: 'string_unicode',
        loc: ['body'],
        msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
        input,
      },
    ];
    expect(v.errors({ type: 'string', maxLength: 5 }, 'a\ud800', ['body'])).toEqual(unicode('a\ud800'));
    expect(v.errors({ type: 'string', pattern: '.*' }, 'a\ud800', ['body'])).toEqual(unicode('a\ud800'));
    expect(v.errors({ type: 'string', minLength: 1 }, 'a\ud800', ['body'])).toEqual(unicode('a\ud800'));
  });

  it('a format given as a bare RegExp or function checks strings; a number format leaves a string alone', () => {
    const { errors } = mini(
      {
        Even: { type: 'string', format: 'even' },
        Odd: { type: 'string', format: 'odd' },
        Int: { type: 'string', format: 'int32' },
        EvenNumber: { type: 'integer', format: 'even' },
      },
      { even: /^[02468]+$/, odd: (text: string) => /^[13579]+$/.test(text) },
    );
    const invalid = (name: string, input: string) => [
      {
        type: 'value_error',
        loc: ['body'],
        msg: `Value error, Input should be a valid ${name}`,
        input,
        ctx: { error: `Input should be a valid ${name}` },
      },
    ];
    expect(errors('Even', '24')).toEqual([]);
    expect(errors('Even', '13')).toEqual(invalid('even', '13'));
    expect(errors('Odd', '13')).toEqual([]);
    expect(errors('Odd', '24')).toEqual(invalid('odd', '24'));
    expect(errors('Int', 'not a number')).toEqual([]);
    expect(errors('EvenNumber', 13)).toEqual([]); // a string format leaves a number alone
  });

  it('a condition: its fields only on a field that passed its own type; its other keywords on the whole value', () => {
    const { errors } = mini({
      Untitled: { type: 'object', properties: { a: {} } },
      Cond: {
        type: 'object',
        properties: { a: { type: 'integer' }, m: {} },
        if: { required: ['a'] },
        then: { properties: { a: { type: 'boolean' }, m: { $ref: '#/components/schemas/Untitled' } } },
      },
      Required: { type: 'object', if: { type: 'object' }, then: { properties: { a: {} }, required: ['b'] } },
      Bare: { type: 'object', if: { type: 'object' }, then: { required: ['b'] } },
    });
    expect(errors('Cond', { a: 'x' })).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'a'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'x',
      },
    ]);
    // A model without a title has no class to name: the item without one.
    expect(errors('Cond', { a: 1, m: 5 })).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body', 'm'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 5,
      },
    ]);
    const missing = [{ type: 'missing', loc: ['body', 'b'], msg: 'Field required', input: { a: 1 } }];
    expect(errors('Required', { a: 1 })).toEqual(missing);
    expect(errors('Bare', { a: 1 })).toEqual(missing);
  });

  it('null in a node that takes it passes, whatever else the node says (Optional[Literal[1, 2]])', () => {
    const { v } = mini({});
    expect(v.errors({ type: ['integer', 'null'], enum: [1, 2] }, null, ['body'])).toEqual([]);
    expect(v.errors({ type: ['integer', 'null'], enum: [1, 2] }, 3, ['body'])[0]?.type).toBe('enum');
  });
});
