// Validates a value against a JSON Schema of the spec and reports what fails the way the real
// service (FastAPI on pydantic v2) does: `detail` items with `type`, `loc`, `msg`, `input`, `ctx`.
//
// It walks the schema and the value together, so the items come in pydantic's order (a model's
// fields in declaration order, then its extra fields) with one item per failing value. A union
// (`oneOf`/`anyOf`) reports the errors of the branch the value was meant for, chosen from the spec
// alone (see `intendedBranches`), not the errors of every branch.
//
// JSON-Schema keyword → pydantic error type:
//   type           string_type, int_type / int_from_float / int_parsing, float_type / float_parsing,
//                  bool_type / bool_parsing, model_attributes_type (object with properties),
//                  dict_type (free-form object), list_type, none_required
//   (any string)   string_unicode for a lone surrogate
//   required       missing                      additionalProperties: false → extra_forbidden
//   minLength      string_too_short {min_length}   maxLength  string_too_long {max_length}
//   pattern        string_pattern_mismatch {pattern}
//   minimum        greater_than_equal {ge}         maximum    less_than_equal {le}
//   exclusiveMinimum greater_than {gt}             exclusiveMaximum less_than {lt}
//   multipleOf     multiple_of {multiple_of}
//   minItems       too_short {field_type, min_length, actual_length}
//   maxItems       too_long {field_type, max_length, actual_length}
//   minProperties / maxProperties  too_short / too_long {field_type: 'Dictionary', …}
//   enum           enum {expected}                 const      literal_error {expected}
//   format uuid    uuid_parsing {error}            format date  date_from_datetime_parsing / date_parsing {error}
//   format date-time  datetime_from_date_parsing / datetime_parsing {error}, timezone_aware
//   format email   value_error; other formats      value_error {error}
//   (any number)   finite_number for ±Infinity (JSON.parse's reading of 1e400)
//   oneOf matching more than one branch, not     value_error {error}
// Where pydantic's lax mode would coerce an input the contract rejects ("12" for an integer, 1 for
// a boolean), the strict-mode type (`int_type`, `bool_type`) is reported; where the lax parse would
// fail too, the lax type (`int_parsing`, `bool_parsing`, …).

import { deepEqual, isObject } from '../../shared/json.js';
import { tooManyErrors } from '../engine/limits.js';
import { dateError, expectedList, timeError, uuidCrateError } from './messages.js';
import type { Schema, Spec } from '../prism/spec.js';

/** Where a value is: `body`, then keys and indexes. */
export type Loc = (string | number)[];
/** An item of FastAPI's 422 `detail`. */
export interface Detail {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** A JSON type name: null, array, string, boolean, integer, number, object (or undefined). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return 'undefined';
  }
}

const typesOf = (schema: Schema): string[] | undefined =>
  schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];

const admitsJsonType = (types: string[], actual: string): boolean =>
  types.includes(actual) || (actual === 'integer' && types.includes('number'));

/** Keywords that constrain a value (a node with only annotations next to `$ref` adds nothing). */
// prettier-ignore
const VALIDATION_KEYWORDS = [
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'patternProperties', 'items',
  'prefixItems', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minProperties', 'maxProperties', 'allOf', 'anyOf',
  'oneOf', 'not', 'if',
];

/** A string with ES2024's `isWellFormed` (Node 20 has it; the compiled lib is ES2022). */
type WellFormed = string & { isWellFormed(): boolean };

const LAX_BOOLEANS = new Set(['0', 'off', 'f', 'false', 'n', 'no', '1', 'on', 't', 'true', 'y', 'yes']);

export function detail(type: string, loc: Loc, msg: string, input: unknown, ctx?: Record<string, unknown>): Detail {
  return ctx === undefined ? { type, loc, msg, input } : { type, loc, msg, input, ctx };
}

const plural = (n: number): string => (n === 1 ? '' : 's');

/**
 * A numeric keyword's value, or `absent` (a bound no value fails) when it is not a number: missing,
 * or OpenAPI 3.0's boolean exclusiveMinimum/exclusiveMaximum, which this dialect leaves to Prism.
 */
const numeric = (keyword: unknown, absent: number): number => (typeof keyword === 'number' ? keyword : absent);

/**
 * Where a value is, as a chain of keys up to a base `loc`; turned into a `loc` array only when an
 * error is reported (valid values, the common case, allocate no arrays).
 */
interface Path {
  up: Path | undefined;
  key: string | number | undefined;
  base: Loc | undefined;
}

const root = (base: Loc): Path => ({ up: undefined, key: undefined, base });
const child = (up: Path, key: string | number): Path => ({ up, key, base: undefined });
function locOf(path: Path): Loc {
  const keys: Loc = [];
  let node: Path | undefined = path;
  while (node && node.base === undefined) {
    keys.push(node.key as string | number);
    node = node.up;
  }
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: the walk up always ends at a root, which has a base
  return [...(node?.base ?? []), ...keys.reverse()];
}

/** Thrown by the sink of a validity check at the first error: no need to find the others. */
class Bail extends Error {}
const BAIL = new Bail('bail');
const bailSink = {
  length: 0,
  push() {
    throw BAIL;
  },
} as unknown as Detail[];

/** A list of items that stops the walk that fills it once it holds more than `limit` (tooManyErrors, ../limits.ts). */
export class Items extends Array<Detail> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }
  constructor(readonly limit: number) {
    super();
  }
  override push(...items: Detail[]): number {
    if (this.length + items.length > this.limit) throw tooManyErrors(this.limit);
    return super.push(...items);
  }
}

/** A format check as ajv-formats has it: a RegExp, a function, or a definition holding one. */
export type FormatCheck =
  RegExp | ((value: never) => boolean) | { type?: string; validate?: RegExp | ((value: never) => boolean) };

/** What `createValidator` returns. */
export interface Validator {
  /**
   * pydantic's items for `value` against `schema`, each `loc` prefixed with `loc`. They are also
   * added to `into`, whose limit stops the walk with tooManyErrors as soon as it would hold more.
   */
  errors(schema: Schema, value: unknown, loc?: Loc, into?: Items): Detail[];
  isValid(schema: Schema | boolean | undefined, value: unknown): boolean;
  /** The branch of a union that a value takes (to apply the right branch's defaults). */
  branchFor(branches: Schema[], value: unknown): Schema;
}

function compile(source: string, flags: string): RegExp | null {
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/** `formats`: format checks by name (Prism's: ajv-formats and its date-time). */
export function createValidator(spec: Spec, formats: Record<string, FormatCheck>): Validator {
  const patterns = new Map<string, RegExp | null>();
  /** The pattern compiled as JavaScript reads it (with Unicode when it can), or null when it cannot be read. */
  function regex(source: string): RegExp | null {
    let compiled = patterns.get(source);
    if (compiled === undefined) {
      compiled = compile(source, 'u') ?? compile(source, '');
      patterns.set(source, compiled);
    }
    return compiled;
  }

  /**
   * What the walker reads of a schema node, computed once per node.
   */
  interface Facts {
    types: string[] | undefined;
    refOnly: boolean;
    properties: [string, Schema][];
    required: string[];
  }
  const factsCache = new WeakMap<object, Facts>();
  function facts(schema: Schema): Facts {
    let found = factsCache.get(schema);
    if (!found) {
      found = {
        types: typesOf(schema),
        refOnly: !VALIDATION_KEYWORDS.some((keyword) => keyword in schema),
        properties: Object.entries(schema.properties ?? {}),
        required: Array.isArray(schema.required) ? schema.required : [],
      };
      factsCache.set(schema, found);
    }
    return found;
  }

  const deref = (schema: Schema | boolean | undefined): Schema =>
    typeof schema === 'object' ? spec.deref(schema) : {};

  /** Does `schema` admit a value of JSON type `actual` at all (before any other keyword)? */
  function admits(schema: Schema, actual: string): boolean {
    const node = deref(schema);
    const types = facts(node).types;
    if (types) return admitsJsonType(types, actual);
    const union = node.oneOf ?? node.anyOf;
    if (Array.isArray(union)) return union.some((branch) => admits(branch, actual));
    if ('const' in node) return admitsJsonType([jsonType(node.const)], actual);
    if (Array.isArray(node.enum)) return node.enum.some((value) => admitsJsonType([jsonType(value)], actual));
    return true;
  }

  /** The name pydantic would give a union member in `loc`. */
  function branchName(branch: Schema, index: number): string {
    const node = deref(branch);
    if (typeof node.title === 'string') return node.title;
    if (typeof branch.$ref === 'string') return branch.$ref.slice(branch.$ref.lastIndexOf('/') + 1);
    const names: Record<string, string> = {
      string: 'str',
      integer: 'int',
      number: 'float',
      boolean: 'bool',
      array: 'list',
      object: 'dict',
      null: 'none',
    };
    const type = typesOf(node)?.[0];
    return type ? (names[type] ?? type) : `branch_${index}`;
  }

  /**
   * The branches of a union a value was meant for, by these rules in turn, each applied only while
   * more than one branch is left:
   *  1. the branch's `type` admits the value's JSON type;
   *  2. tags: a property that is a `const` in some branch and present in the value selects the
   *     branches whose `const` equals it (e.g. schedule `type: INTERVAL`);
   *  3. required fields: the branches with the most of their distinguishing required fields (those
   *     not required by every branch) present in the value (e.g. `run_mode`, `cron`,
   *     `interval_hours`); when none is present, the branches that have no distinguishing required
   *     field (the base shape, e.g. the experiment shape of the Signals PUT), unless the value has a
   *     key the closed base shape does not declare and another branch does (`schedule` without
   *     `run_mode`): then every candidate is meant, as pydantic reports every member of a failed union;
   *  4. overlap: the branches that declare the most of the value's keys.
   * When several are left, each one's errors are reported with the branch's name in `loc`, as
   * pydantic reports a failed plain union (unless they all report the same).
   */
  function intendedBranches(branches: Schema[], value: unknown): number[] {
    const nodes = branches.map(deref);
    let candidates = nodes.map((_, i) => i);
    const actual = jsonType(value);
    const node = (i: number): Schema => nodes[i] as Schema;
    const byType = candidates.filter((i) => admits(node(i), actual));
    if (byType.length > 0) candidates = byType;
    else {
      // No branch admits the value's type: the branches that are null alone go (for null itself, no branch is).
      const notNull = candidates.filter((i) => !deepEqual(typesOf(node(i)), ['null']));
      if (notNull.length > 0) candidates = notNull;
    }
    // The early returns below are shortcuts: one candidate stays through every later rule (each keeps
    // at least one), and there is never none (the type rule keeps them all when none admits the value).
    if (candidates.length <= 1) return candidates;

    const properties = (i: number): Record<string, Schema> => node(i).properties ?? {};
    if (isObject(value)) {
      const tags = new Set(
        // Only properties with a const can be tags: one without matches no branch below (the filter saves that work).
        candidates.flatMap((i) => Object.keys(properties(i)).filter((p) => 'const' in deref(properties(i)[p]))),
      );
      for (const tag of tags) {
        // Stryker disable next-line ConditionalExpression: a tag the value lacks equals no const (JSON has no undefined), so it matches no branch either
        if (!Object.hasOwn(value, tag)) continue;
        const matching = candidates.filter((i) => {
          // A branch without the property derefs to {}, which has no const.
          const property = deref(properties(i)[tag]);
          return 'const' in property && deepEqual(property.const, value[tag]);
        });
        if (matching.length > 0) candidates = matching;
      }
      if (candidates.length <= 1) return candidates;
    }

    const required = (i: number): string[] => facts(node(i)).required;
    const common = candidates.map(required).reduce((a, b) => a.filter((field) => b.includes(field)));
    const distinguishing = (i: number): string[] => required(i).filter((field) => !common.includes(field));
    const present = (i: number): number =>
      isObject(value) ? distinguishing(i).filter((field) => Object.hasOwn(value, field)).length : 0;
    const best = Math.max(...candidates.map(present));
    if (best > 0) candidates = candidates.filter((i) => present(i) === best);
    else {
      const base = candidates.filter((i) => distinguishing(i).length === 0);
      // A key the base shape does not declare (it is closed) but another does: the value is that
      // shape without its required field or the base with a field it forbids; both are meant.
      const closed = (i: number): boolean =>
        node(i).additionalProperties === false && node(i).patternProperties === undefined;
      const foreign = (key: string): boolean =>
        base.every((i) => closed(i) && !Object.hasOwn(properties(i), key)) &&
        candidates.some((i) => Object.hasOwn(properties(i), key));
      if (base.length > 0) {
        if (isObject(value) && Object.keys(value).some(foreign)) return candidates;
        candidates = base;
      }
    }
    if (candidates.length <= 1) return candidates;
    if (!isObject(value)) return candidates;

    const keys = Object.keys(value);
    const overlap = (i: number): number => keys.filter((key) => Object.hasOwn(properties(i), key)).length;
    const most = Math.max(...candidates.map(overlap));
    return candidates.filter((i) => overlap(i) === most);
  }

  /**
   * Whether a value plainly cannot be valid against a branch, decided without walking it: the
   * wrong JSON type, a tag `const` it contradicts, a required field it lacks, a field a closed
   * shape does not declare. (Sound: when it says so the branch is invalid; otherwise walk it.)
   * Its callers walk every branch it does not rule out, so a mutant that rules out less only walks
   * more: those are marked below (one that rules out a valid branch is killed).
   */
  function plainlyInvalid(branch: Schema, value: unknown): boolean {
    const node = deref(branch); // never a $ref: deref follows them
    if (!admits(node, jsonType(value))) return true;
    if (!isObject(value) || node.oneOf || node.anyOf || node.allOf) return false;
    const { properties, required } = facts(node);
    for (const [name, property] of properties) {
      const target = deref(property);
      if ('const' in target && Object.hasOwn(value, name) && !deepEqual(target.const, value[name])) return true;
    }
    for (const name of required) if (!Object.hasOwn(value, name)) return true;
    if (node.additionalProperties === false && node.patternProperties === undefined) {
      const declared = node.properties ?? {};
      for (const key of Object.keys(value)) if (!Object.hasOwn(declared, key)) return true;
    }
    return false;
  }

  function union(branches: Schema[], exclusive: boolean, value: unknown, path: Path, out: Detail[]): void {
    const valid = branches.map((branch) => !plainlyInvalid(branch, value) && isValid(branch, value));
    const count = valid.filter(Boolean).length;
    if (count > 0) {
      if (count === 1 || !exclusive) return;
      const names = branches.flatMap((branch, i) => (valid[i] ? [branchName(branch, i)] : []));
      const error = `Input matches more than one of ${names.join(', ')}`;
      out.push(detail('value_error', locOf(path), `Value error, ${error}`, value, { error }));
      return;
    }
    const chosen = intendedBranches(branches, value);
    if (out === bailSink || chosen.length === 1) {
      check(branches[chosen[0] ?? 0], value, path, out);
      return;
    }
    const results = chosen.map((i) => {
      const errors = new Items((out as Items).limit);
      check(branches[i], value, path, errors);
      return errors;
    });
    const first = results[0] as Detail[];
    const same = results.every(
      (other) =>
        other.length === first.length &&
        other.every((e, k) => {
          const twin = first[k] as Detail;
          return e.type === twin.type && deepEqual(e.loc, twin.loc);
        }),
    );
    if (same) {
      out.push(...first);
      return;
    }
    for (const i of chosen) check(branches[i], value, child(path, branchName(branches[i] as Schema, i)), out);
  }

  function isValid(schema: Schema | boolean | undefined, value: unknown): boolean {
    try {
      // Stryker disable next-line ArrayDeclaration: the first error ends a validity check; no item, and so no loc, is ever kept
      check(schema, value, root([]), bailSink);
      return true;
    } catch (error) {
      if (error === BAIL) return false;
      throw error;
    }
  }

  /** The item for a value of the wrong JSON type. */
  function typeError(node: Schema, types: string[], value: unknown, path: Path): Detail {
    const loc = locOf(path);
    const expected = types.find((type) => type !== 'null') ?? 'null';
    switch (expected) {
      case 'string':
        return detail('string_type', loc, 'Input should be a valid string', value);
      case 'integer':
        if (typeof value === 'number' && !Number.isFinite(value)) return finiteNumberError(value, path);
        if (typeof value === 'number')
          return detail(
            'int_from_float',
            loc,
            'Input should be a valid integer, got a number with a fractional part',
            value,
          );
        // pydantic-core's str_as_int: an integer with `_` between digits, or one with a fraction of zeros (`1.0`, `1.`).
        if (typeof value === 'string' && !/^\s*[+-]?(?:\d+(?:_\d+)*|\d+\.0*)\s*$/.test(value)) {
          return detail(
            'int_parsing',
            loc,
            'Input should be a valid integer, unable to parse string as an integer',
            value,
          );
        }
        return detail('int_type', loc, 'Input should be a valid integer', value);
      case 'number':
        if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(Number(value)))) {
          return detail(
            'float_parsing',
            loc,
            'Input should be a valid number, unable to parse string as a number',
            value,
          );
        }
        return detail('float_type', loc, 'Input should be a valid number', value);
      case 'boolean':
        if (
          (typeof value === 'string' && !LAX_BOOLEANS.has(value.toLowerCase())) ||
          (typeof value === 'number' && value !== 0 && value !== 1)
        ) {
          return detail('bool_parsing', loc, 'Input should be a valid boolean, unable to interpret input', value);
        }
        return detail('bool_type', loc, 'Input should be a valid boolean', value);
      case 'object':
        return node.properties
          ? detail(
              'model_attributes_type',
              loc,
              'Input should be a valid dictionary or object to extract fields from',
              value,
            )
          : detail('dict_type', loc, 'Input should be a valid dictionary', value);
      case 'array':
        return detail('list_type', loc, 'Input should be a valid list', value);
      case 'null':
        return detail('none_required', loc, 'Input should be None', value);
      default:
        return detail('value_error', loc, `Value error, Input should be of type ${expected}`, value, {
          error: `Input should be of type ${expected}`,
        });
    }
  }

  function formatError(name: string, text: string, path: Path): Detail {
    const loc = locOf(path);
    switch (name) {
      case 'uuid': {
        const error =
          uuidCrateError(text) ??
          (text.startsWith('{')
            ? 'invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `{` at 1'
            : 'invalid group count: expected 5, found 1');
        return detail('uuid_parsing', loc, `Input should be a valid UUID, ${error}`, text, { error });
      }
      case 'date': {
        const error = dateError(text);
        if (error)
          return detail('date_from_datetime_parsing', loc, `Input should be a valid date or datetime, ${error}`, text, {
            error,
          });
        const extra = 'unexpected extra characters at the end of the input';
        return detail('date_parsing', loc, `Input should be a valid date in the format YYYY-MM-DD, ${extra}`, text, {
          error: extra,
        });
      }
      case 'date-time': {
        const error = dateError(text);
        if (error)
          return detail('datetime_from_date_parsing', loc, `Input should be a valid datetime or date, ${error}`, text, {
            error,
          });
        const time = timeError(text.slice(10));
        if (time)
          return detail('datetime_parsing', loc, `Input should be a valid datetime, ${time}`, text, { error: time });
        return detail('timezone_aware', loc, 'Input should have timezone info', text);
      }
      case 'email': {
        const error = text.includes('@') ? 'The email address is not valid.' : 'An email address must have an @-sign.';
        return detail('value_error', loc, `value is not a valid email address: ${error}`, text, { reason: error });
      }
      default: {
        const error = `Input should be a valid ${name}`;
        return detail('value_error', loc, `Value error, ${error}`, text, { error });
      }
    }
  }

  function formatHolds(name: string, value: unknown): boolean {
    const format = formats[name];
    if (format === undefined) return true; // unknown formats (e.g. `password`) constrain nothing, as in Prism
    const validate = format instanceof RegExp || typeof format === 'function' ? format : format.validate;
    const type = (format as { type?: string }).type ?? 'string'; // a RegExp or a function has none
    if (jsonType(value) !== type && !(type === 'number' && typeof value === 'number')) return true;
    if (validate instanceof RegExp) return validate.test(value as string);
    if (typeof validate === 'function') return !!validate(value as never);
    return true;
  }

  function leaf(node: Schema, value: unknown, path: Path, out: Detail[]): void {
    if ('const' in node) {
      if (!deepEqual(value, node.const)) {
        const expected = expectedList([node.const]);
        out.push(detail('literal_error', locOf(path), `Input should be ${expected}`, value, { expected }));
      }
      return;
    }
    if (Array.isArray(node.enum)) {
      if (!node.enum.some((member) => deepEqual(member, value))) {
        const expected = expectedList(node.enum);
        out.push(detail('enum', locOf(path), `Input should be ${expected}`, value, { expected }));
      }
      return;
    }
    const actual = jsonType(value);
    if (actual === 'string') strings(node, value as string, path, out);
    else if (actual === 'integer' || actual === 'number') numbers(node, value as number, path, out);
    else if (actual === 'array') arrays(node, value as unknown[], path, out);
    else if (actual === 'object') objects(node, value as Record<string, unknown>, path, out);
  }

  function strings(node: Schema, value: string, path: Path, out: Detail[]): void {
    if (!(value as WellFormed).isWellFormed()) {
      // A lone surrogate (only a \uD800-style escape makes one) is no Unicode string: pydantic-core refuses it.
      out.push(
        detail(
          'string_unicode',
          locOf(path),
          'Input should be a valid string, unable to parse raw data as a unicode string',
          value,
        ),
      );
      return;
    }
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      let length = 0;
      for (const _ of value) length++;
      const min = numeric(node.minLength, 0);
      const max = numeric(node.maxLength, Infinity);
      if (length < min) {
        out.push(
          detail('string_too_short', locOf(path), `String should have at least ${min} character${plural(min)}`, value, {
            min_length: min,
          }),
        );
        return;
      }
      if (length > max) {
        out.push(
          detail('string_too_long', locOf(path), `String should have at most ${max} character${plural(max)}`, value, {
            max_length: max,
          }),
        );
        return;
      }
    }
    // Stryker disable next-line ConditionalExpression: without a pattern, regex(undefined) is the empty pattern, which every string matches
    if (typeof node.pattern === 'string' && regex(node.pattern)?.test(value) === false) {
      out.push(
        detail('string_pattern_mismatch', locOf(path), `String should match pattern '${node.pattern}'`, value, {
          pattern: node.pattern,
        }),
      );
      return;
    }
    checkFormat(node, value, path, out);
  }

  /** The item for a value that fails its node's format (a number fails only a number format, such as int32, which formatError names). */
  function checkFormat(node: Schema, value: string | number, path: Path, out: Detail[]): void {
    // Stryker disable next-line ConditionalExpression: without a format, formatHolds finds no check named "undefined", which holds
    if (typeof node.format === 'string' && !formatHolds(node.format, value))
      out.push(formatError(node.format, value as string, path));
  }

  /** pydantic's error for ±Infinity (a JSON number too large for a double, such as 1e400). */
  function finiteNumberError(value: unknown, path: Path): Detail {
    return detail('finite_number', locOf(path), 'Input should be a finite number', value);
  }

  function numbers(node: Schema, value: number, path: Path, out: Detail[]): void {
    if (!Number.isFinite(value)) {
      out.push(finiteNumberError(value, path));
      return;
    }
    const bound = (type: string, text: string, key: string, limit: number) =>
      out.push(detail(type, locOf(path), `Input should be ${text} ${limit}`, value, { [key]: limit }));
    // An absent multipleOf is 0, which constrains nothing.
    const multipleOf = numeric(node.multipleOf, 0);
    const maximum = numeric(node.maximum, Infinity);
    const exclusiveMaximum = numeric(node.exclusiveMaximum, Infinity);
    const minimum = numeric(node.minimum, -Infinity);
    const exclusiveMinimum = numeric(node.exclusiveMinimum, -Infinity);
    if (multipleOf > 0 && (value / multipleOf) % 1 !== 0) {
      out.push(
        detail('multiple_of', locOf(path), `Input should be a multiple of ${multipleOf}`, value, {
          multiple_of: multipleOf,
        }),
      );
    } else if (value > maximum) bound('less_than_equal', 'less than or equal to', 'le', maximum);
    else if (value >= exclusiveMaximum) bound('less_than', 'less than', 'lt', exclusiveMaximum);
    else if (value < minimum) bound('greater_than_equal', 'greater than or equal to', 'ge', minimum);
    else if (value <= exclusiveMinimum) bound('greater_than', 'greater than', 'gt', exclusiveMinimum);
    else checkFormat(node, value, path, out);
  }

  function arrays(node: Schema, value: unknown[], path: Path, out: Detail[]): void {
    const maxItems = numeric(node.maxItems, Infinity);
    const minItems = numeric(node.minItems, 0);
    if (value.length > maxItems) {
      out.push(
        detail(
          'too_long',
          locOf(path),
          `List should have at most ${maxItems} item${plural(maxItems)} after validation, not ${value.length}`,
          value,
          {
            field_type: 'List',
            max_length: maxItems,
            actual_length: value.length,
          },
        ),
      );
      return;
    }
    const before = out.length;
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
    const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
    if (prefix.length > 0 || rest !== undefined)
      value.forEach((item, index) =>
        check(index < prefix.length ? prefix[index] : rest, item, child(path, index), out),
      );
    if (out.length === before && value.length < minItems) {
      out.push(
        detail(
          'too_short',
          locOf(path),
          `List should have at least ${minItems} item${plural(minItems)} after validation, not ${value.length}`,
          value,
          {
            field_type: 'List',
            min_length: minItems,
            actual_length: value.length,
          },
        ),
      );
    }
  }

  function objects(node: Schema, value: Record<string, unknown>, path: Path, out: Detail[]): void {
    const { properties, required } = facts(node);
    for (const [name, schema] of properties) {
      if (Object.hasOwn(value, name)) check(schema, value[name], child(path, name), out);
      else if (required.includes(name)) out.push(detail('missing', locOf(child(path, name)), 'Field required', value));
    }
    const declared: Record<string, Schema> = node.properties ?? {};
    for (const name of required) {
      if (!Object.hasOwn(declared, name) && !Object.hasOwn(value, name))
        out.push(detail('missing', locOf(child(path, name)), 'Field required', value));
    }
    const keys = Object.keys(value);
    if (node.additionalProperties !== undefined || node.patternProperties !== undefined) {
      const patternProperties = Object.entries(node.patternProperties ?? {});
      for (const key of keys) {
        if (Object.hasOwn(declared, key)) continue;
        const matched = patternProperties.filter(([source]) => regex(source)?.test(key));
        if (matched.length > 0) {
          for (const [, schema] of matched) check(schema, value[key], child(path, key), out);
        } else if (node.additionalProperties === false) {
          out.push(detail('extra_forbidden', locOf(child(path, key)), 'Extra inputs are not permitted', value[key]));
        } else {
          check(node.additionalProperties, value[key], child(path, key), out);
        }
      }
    }
    const maxProperties = numeric(node.maxProperties, Infinity);
    const minProperties = numeric(node.minProperties, 0);
    const count = keys.length;
    if (count > maxProperties) {
      out.push(
        detail(
          'too_long',
          locOf(path),
          `Dictionary should have at most ${maxProperties} item${plural(maxProperties)} after validation, not ${count}`,
          value,
          {
            field_type: 'Dictionary',
            max_length: maxProperties,
            actual_length: count,
          },
        ),
      );
    } else if (count < minProperties) {
      out.push(
        detail(
          'too_short',
          locOf(path),
          `Dictionary should have at least ${minProperties} item${plural(minProperties)} after validation, not ${count}`,
          value,
          {
            field_type: 'Dictionary',
            min_length: minProperties,
            actual_length: count,
          },
        ),
      );
    }
  }

  function check(schema: Schema | boolean | undefined, value: unknown, path: Path, out: Detail[]): void {
    if (schema === undefined || schema === true) return;
    if (schema === false) {
      const error = 'No value is allowed here';
      out.push(detail('value_error', locOf(path), `Value error, ${error}`, value, { error }));
      return;
    }
    const known = facts(schema);
    if (typeof schema.$ref === 'string') {
      check(spec.pointer(schema.$ref), value, path, out);
      if (known.refOnly) return;
    }
    // A value of the wrong JSON type gets the type error alone, as in pydantic.
    if (
      known.types &&
      !('const' in schema) &&
      !Array.isArray(schema.enum) &&
      !admitsJsonType(known.types, jsonType(value))
    ) {
      out.push(typeError(schema, known.types, value, path));
      return;
    }
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(part, value, path, out);
    if (Array.isArray(schema.oneOf)) union(schema.oneOf, true, value, path, out);
    if (Array.isArray(schema.anyOf)) union(schema.anyOf, false, value, path, out);
    if (schema.not !== undefined && isValid(schema.not, value)) {
      const excluded = deref(schema.not);
      const tags = Object.entries(excluded.properties ?? {}).flatMap(([name, s]) =>
        'const' in deref(s) ? [`${name} ${expectedList([deref(s).const])}`] : [],
      );
      const error =
        tags.length > 0
          ? `Input should not have ${tags.join(' and ')} here`
          : 'Input matches a schema it must not match';
      out.push(detail('value_error', locOf(path), `Value error, ${error}`, value, { error }));
    }
    if (schema.if !== undefined) check(isValid(schema.if, value) ? schema.then : schema.else, value, path, out);
    leaf(schema, value, path, out);
  }

  /**
   * The branch of a union that a value takes: the only one it is not plainly invalid against (the
   * usual case), else the intended one when it is valid against it, else the first it is valid
   * against, else the intended one.
   * Used to apply the right branch's defaults.
   */
  function branchFor(branches: Schema[], value: unknown): Schema {
    const open = branches.filter((branch) => !plainlyInvalid(branch, value));
    if (open.length === 1) return open[0] as Schema; // the usual case: no walk needed
    const intended = branches[intendedBranches(branches, value)[0] ?? 0] as Schema;
    if (open.includes(intended) && isValid(intended, value)) return intended;
    return open.find((branch) => isValid(branch, value)) ?? intended;
  }

  return {
    errors(schema: Schema, value: unknown, loc: Loc = [], into = new Items(Number.POSITIVE_INFINITY)): Detail[] {
      const before = into.length;
      check(schema, value, root(loc), into);
      return into.slice(before);
    },
    isValid,
    branchFor,
  };
}
