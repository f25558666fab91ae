// Validates a value against a JSON Schema of the spec and reports what fails the way the real
// service (FastAPI on pydantic v2) does: `detail` items with `type`, `loc`, `msg`, `input`, `ctx`.
//
// It walks the schema and the value together, so the items come in pydantic's order (a model's
// fields in declaration order, then its extra fields) with one item per failing value. The schema
// is read as the service's models would be written from it:
//   type: [T, 'null'], oneOf [..., {type: 'null'}]   Optional[T]: null passes, no member named
//   oneOf/anyOf of members that each hold a distinct `const` of one property
//                  a discriminated union, Field(discriminator=...): the tag in `loc`,
//                  union_tag_invalid, union_tag_not_found (a left-out tag is read from the first
//                  member whose own required fields the value has)
//   two members, one with a tag `const`, the other with a `not` of it
//                  a callable Discriminator naming the classes: one member's items, its name in `loc`
//   any other oneOf/anyOf   a smart union: valid when a member is, else every member's items, each
//                  under the member's name (the model's class name; `str`, `constrained-str`,
//                  `list[int]`, `literal['x']`... for the others), in the union's order
// Lax mode, the service's default, takes what pydantic coerces (./lax.ts: "12" for an integer,
// "yes" for a boolean, a unix time for a datetime, 32 hex digits for a UUID); `made` gives the
// value pydantic makes of what it accepts. Strict mode takes the contract's JSON types alone.
//
// JSON-Schema keyword → pydantic error type:
//   type           string_type, int_type / int_parsing / int_from_float / finite_number,
//                  float_type / float_parsing, bool_type / bool_parsing, model_attributes_type
//                  (object with properties), dict_type (free-form object), list_type, none_required
//   (a string with a length or a pattern)   string_unicode for a lone surrogate
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
//   format uuid    uuid_type, uuid_parsing {error}
//   format date    date_type, date_parsing, date_from_datetime_parsing {error}, date_from_datetime_inexact
//   format date-time  datetime_type, datetime_parsing, datetime_from_date_parsing {error}
//   format email   value_error; other formats      value_error {error}

import { deepEqual, isObject } from '../../shared/json.js';
import { tooManyErrors } from '../common/limits.js';
import { expectedList, pyRepr, uuidCrateError } from './messages.js';
import { laxBool, laxDate, laxDateTime, laxFloat, laxInt, UUID_TYPE, type Lax } from './lax.js';
import { uuidValue } from '../../shared/uuid-text.js';
import type { Schema, Spec } from '../prism/spec.js';
import type { FormatCheck } from '../prism/prism-types.js';
import { typesOf, unionReading, type Tag } from './unions.js';

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

/** The formats pydantic parses into a type of its own (UUID, date, datetime) instead of checking a str. */
const PARSED_FORMATS = new Set<string | undefined>(['uuid', 'date', 'date-time']);

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
  let node = path;
  // The walk up always ends at a root, the one node with a base.
  while (node.base === undefined) {
    keys.push(node.key as string | number);
    node = node.up as Path;
  }
  return [...node.base, ...keys.reverse()];
}

/** Where a validity check walks from: it keeps no item, so it needs no location. */
const NOWHERE = root([]);

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

/**
 * What a walk ahead (./ahead.ts) found of the items of a body's arrays, by the array: the schema its
 * items were walked against, and each item's own items (none where it was not walked ahead). The
 * walk reads them only for that array under that schema.
 */
export type Ahead = Map<unknown[], { items: Schema; found: (Detail[] | undefined)[] }>;

/** What `createValidator` returns. */
export interface Validator {
  /**
   * pydantic's items for `value` against `schema`, each `loc` prefixed with `loc`. They are also
   * added to `into`, whose limit stops the walk with tooManyErrors as soon as it would hold more.
   * `lax`: lax mode whatever the validator's (parameters arrive as text, which only lax mode reads).
   * `ahead`: the items of array items already walked (./ahead.ts), read instead of walking them again.
   */
  errors(schema: Schema, value: unknown, loc?: Loc, into?: Items, lax?: boolean, ahead?: Ahead): Detail[];
  /** `errors` with every float refusing ±inf and nan (`finite_number`), as `allow_inf_nan=False` has it. */
  finiteErrors(schema: Schema, value: unknown, loc?: Loc, into?: Items): Detail[];
  /**
   * The node whose own keywords a value under `schema` is walked by at the value's own `loc`: past
   * its `$ref`s; undefined for a union (its members are walked under their names, another `loc`).
   */
  plainNode(schema: Schema | boolean | undefined): Schema | undefined;
  isValid(schema: Schema | boolean | undefined, value: unknown): boolean;
  /** The branch of a union that a value takes (to apply the right branch's defaults). */
  branchFor(branches: Schema[], value: unknown): Schema;
  /** What pydantic makes of a value it accepts: lax mode's coercions applied ("12" → 12), UUIDs in their canonical form. */
  made(schema: Schema, value: unknown): unknown;
}

export interface ValidatorOptions {
  /** Take the contract's JSON types alone (pydantic's strict mode) instead of lax mode's coercions. */
  strict?: boolean;
}

/** The pattern as JavaScript reads it (with Unicode when it can), or null when it cannot be read. */
function compile(source: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      // not readable with these flags: try the next
    }
  }
  return null;
}

/** `formats`: format checks by name (Prism's: ajv-formats and its date-time). */
export function createValidator(
  spec: Spec,
  formats: Record<string, FormatCheck>,
  options: ValidatorOptions = {},
): Validator {
  let strict = options.strict === true;
  /** Whether a float refuses ±inf and nan (pydantic's `allow_inf_nan=False`): `finiteErrors`' walk. */
  let finite = false;
  /** How many conditions (`if`/`then`) the walk is inside. */
  let conditional = 0;
  /** What the walk under way reads instead of walking (`errors`' `ahead`). */
  let walked: Ahead | undefined;
  const patterns = new Map<string, RegExp | null>();
  /** The pattern compiled once (`compile`). */
  function regex(source: string): RegExp | null {
    let compiled = patterns.get(source);
    if (compiled === undefined) {
      compiled = compile(source);
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

  /**
   * The JSON types pydantic's lax mode takes for a node's type and format (the contract's own in
   * strict mode); `number` takes integers too (admitsJsonType).
   */
  function laxTypes(node: Schema, types: string[]): string[] {
    if (strict) return types;
    const out = [...types];
    const add = (...more: string[]) => out.push(...more);
    if (types.includes('integer') || types.includes('number') || types.includes('boolean'))
      add('number', 'string', 'boolean');
    if (types.includes('string') && (node.format === 'date' || node.format === 'date-time')) add('number');
    return out;
  }

  /** Does `schema` admit a value of JSON type `actual` at all (before any other keyword)? */
  function admits(schema: Schema, actual: string): boolean {
    const node = deref(schema);
    const types = facts(node).types;
    if (types) return admitsJsonType(laxTypes(node, types), actual);
    const union = node.oneOf ?? node.anyOf;
    if (Array.isArray(union)) return union.some((branch) => admits(branch, actual));
    if ('const' in node) return admitsJsonType([jsonType(node.const)], actual);
    if (Array.isArray(node.enum)) return node.enum.some((value) => admitsJsonType([jsonType(value)], actual));
    return true;
  }

  /**
   * The name pydantic-core gives a union member in `loc`. A member's own null is the union's
   * (`Union[Optional[int], bool]` is `Optional[Union[int, bool]]`), so it is named without it.
   */
  const memberName = (member: Schema): string => typeName(member, false);

  /**
   * pydantic-core's name of a schema's validator: a class's name (a model's, an enum's), else `str`,
   * `constrained-int`, `list[int]`, `literal['x']`...; `optional`: `nullable[...]` when it takes null.
   */
  function typeName(schema: Schema | boolean | undefined, optional = true): string {
    if (typeof schema !== 'object') return 'any';
    if (typeof schema.$ref === 'string') {
      const node = deref(schema);
      const name = typeof node.title === 'string' ? node.title : schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
      if (typesOf(node)?.includes('object')) return name; // a model, fields shown or not
      if (Array.isArray(node.enum))
        return node.enum.every((value) => typeof value === 'string') ? `str-enum[${name}]` : `enum[${name}]`;
      return typeName(node, optional); // an alias (`Annotated[str, ...]`) has no class: its validator's name
    }
    if ('const' in schema) return `literal[${pyRepr(schema.const)}]`;
    if (Array.isArray(schema.enum)) return `literal[${schema.enum.map(pyRepr).join(',')}]`;
    const union = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(union)) {
      const members = union.filter((member) => !nullOnly(member));
      const kind = tagOf(members) ? 'tagged-union' : 'union';
      const inner = members.length === 1 ? typeName(members[0]) : `${kind}[${members.map(memberName).join(',')}]`;
      return optional && members.length < union.length ? `nullable[${inner}]` : inner;
    }
    const types = typesOf(schema);
    if (types === undefined) return 'any';
    const kinds = types.filter((type) => type !== 'null');
    const constrained = (...keywords: string[]) => keywords.some((keyword) => keyword in schema);
    const one = (type: string): string => {
      switch (type) {
        case 'string':
          if (schema.format === 'uuid') return 'uuid';
          if (schema.format === 'date') return 'date';
          if (schema.format === 'date-time') return 'datetime';
          return constrained('minLength', 'maxLength', 'pattern') ? 'constrained-str' : 'str';
        case 'integer':
          return constrained('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')
            ? 'constrained-int'
            : 'int';
        case 'number':
          return constrained('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')
            ? 'constrained-float'
            : 'float';
        case 'boolean':
          return 'bool';
        case 'array':
          return `list[${typeName(Array.isArray(schema.items) ? undefined : schema.items)}]`;
        case 'object':
          if (schema.properties) return typeof schema.title === 'string' ? schema.title : 'model';
          return `dict[str,${typeName(schema.additionalProperties)}]`;
        case 'null':
          return 'none';
        default:
          return 'any';
      }
    };
    const inner = kinds.length <= 1 ? one(kinds[0] ?? 'null') : `union[${kinds.map(one).join(',')}]`;
    return optional && kinds.length > 0 && kinds.length < types.length ? `nullable[${inner}]` : inner;
  }

  const { nullOnly, membersOf, takesNull, tagOf, excludedTag } = unionReading(deref);

  /**
   * Whether a value plainly cannot be valid against a branch, decided without walking it: the
   * wrong JSON type, a tag `const` it contradicts, a required field it lacks, a field a closed
   * shape does not declare. (Sound: when it says so the branch is invalid; otherwise walk it.)
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

  const validMember = (member: Schema, value: unknown): boolean =>
    !plainlyInvalid(member, value) && isValid(member, value);

  /**
   * The member a discriminated union sends a value to (its index, and the tag `loc` carries), or
   * the item when it finds none. The tag is read from the value; when it is left out, from the
   * first member whose own required fields the value has (a schedule's `cron` or `interval_hours`).
   */
  function tagged(members: Schema[], tag: Tag, value: Record<string, unknown>, path: Path): number | Detail {
    const discriminator = `'${tag.property}'`;
    if (!Object.hasOwn(value, tag.property)) {
      const common = members.map((m) => facts(deref(m)).required).reduce((a, b) => a.filter((f) => b.includes(f)));
      const index = members.findIndex((member) => {
        const own = facts(deref(member)).required.filter((field) => !common.includes(field));
        return own.some((field) => Object.hasOwn(value, field));
      });
      if (index >= 0) return index;
      return detail(
        'union_tag_not_found',
        locOf(path),
        `Unable to extract tag using discriminator ${discriminator}`,
        value,
        {
          discriminator,
        },
      );
    }
    const sent = value[tag.property];
    const index = tag.tags.findIndex((known) => deepEqual(known, sent));
    if (index >= 0) return index;
    const expected = tag.tags.map((known) => pyRepr(known)).join(', ');
    const shown = typeof sent === 'string' ? sent : pyRepr(sent);
    return detail(
      'union_tag_invalid',
      locOf(path),
      `Input tag '${shown}' found using ${discriminator} does not match any of the expected tags: ${expected}`,
      value,
      { discriminator, tag: shown, expected_tags: expected },
    );
  }

  /**
   * A union as pydantic validates it. Null is `Optional`'s (no member named). A discriminated union
   * (every member's tag `const`) or one that excludes a member's tag from the other (`not`) sends the
   * value to one member, named in `loc` by its tag; any other is a smart union: valid when a member
   * is, else every member's items, each under the member's name, in the union's order.
   */
  function union(branches: Schema[], value: unknown, path: Path, out: Detail[]): void {
    const members = membersOf(branches);
    if (value === null && takesNull(branches)) return;
    if (members.length === 1) {
      check(members[0], value, path, out);
      return;
    }
    const tag = tagOf(members);
    if (tag) {
      if (!isObject(value)) {
        out.push(
          detail(
            'model_attributes_type',
            locOf(path),
            'Input should be a valid dictionary or object to extract fields from',
            value,
          ),
        );
        return;
      }
      const chosen = tagged(members, tag, value, path);
      if (typeof chosen === 'number') check(members[chosen], value, child(path, String(tag.tags[chosen])), out);
      else out.push(chosen);
      return;
    }
    const exclusion = excludedTag(members);
    if (exclusion) {
      const other =
        isObject(value) &&
        Object.hasOwn(value, exclusion.property) &&
        !deepEqual(value[exclusion.property], exclusion.value);
      const index = other ? 1 - exclusion.known : exclusion.known;
      const member = members[index] as Schema;
      check(member, value, child(path, memberName(member)), out);
      return;
    }
    if (members.some((member) => validMember(member, value))) return;
    for (const member of members) check(member, value, child(path, memberName(member)), out);
  }

  function isValid(schema: Schema | boolean | undefined, value: unknown): boolean {
    try {
      check(schema, value, NOWHERE, bailSink);
      return true;
    } catch (error) {
      if (error === BAIL) return false;
      throw error;
    }
  }

  /**
   * What pydantic makes of a value of a node with `type` (no `const` or `enum`): lax mode's
   * coercions (./lax.ts), or in strict mode the contract's JSON types alone; strings of a format
   * pydantic parses (uuid, date, date-time) are read as it reads them. Or the error of a value it refuses.
   */
  function scalarOf(node: Schema, types: string[], value: unknown): Lax {
    const read = readScalar(node, types, value);
    if (finite && read.ok && typeof read.value === 'number' && !Number.isFinite(read.value))
      return { ok: false, type: 'finite_number', msg: 'Input should be a finite number' };
    return read;
  }

  function readScalar(node: Schema, types: string[], value: unknown): Lax {
    const kind = types.find((type) => type !== 'null') ?? 'null';
    if (kind === 'string' && PARSED_FORMATS.has(node.format)) {
      if (node.format === 'uuid') {
        if (typeof value !== 'string') return { ok: false, type: 'uuid_type', msg: UUID_TYPE };
        const uuid = uuidValue(value);
        if (uuid !== undefined) return { ok: true, value: uuid };
        const error = uuidCrateError(value) as string; // the crate refuses what uuidValue cannot read
        return { ok: false, type: 'uuid_parsing', msg: `Input should be a valid UUID, ${error}`, ctx: { error } };
      }
      const date = node.format === 'date';
      if (strict && typeof value !== 'string')
        return date
          ? { ok: false, type: 'date_type', msg: 'Input should be a valid date' }
          : { ok: false, type: 'datetime_type', msg: 'Input should be a valid datetime' };
      return date ? laxDate(value) : laxDateTime(value);
    }
    if (admitsJsonType(types, jsonType(value))) return { ok: true, value };
    if (!strict) {
      if (kind === 'integer') return laxInt(value);
      if (kind === 'number') return laxFloat(value);
      if (kind === 'boolean') return laxBool(value);
    }
    const fail = (type: string, msg: string): Lax => ({ ok: false, type, msg });
    switch (kind) {
      case 'string':
        return fail('string_type', 'Input should be a valid string');
      case 'integer': // strict mode's: a fraction or a non-finite number is not an int either
        return fail('int_type', 'Input should be a valid integer');
      case 'number':
        return fail('float_type', 'Input should be a valid number');
      case 'boolean':
        return fail('bool_type', 'Input should be a valid boolean');
      case 'object':
        if (!node.properties) return fail('dict_type', 'Input should be a valid dictionary');
        if (conditional > 0 && typeof node.title === 'string')
          return {
            ok: false,
            type: 'model_type',
            msg: `Input should be a valid dictionary or instance of ${node.title}`,
            ctx: { class_name: node.title },
          };
        return fail('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from');
      case 'array':
        return fail('list_type', 'Input should be a valid list');
      case 'null':
        return fail('none_required', 'Input should be None');
      default: {
        const error = `Input should be of type ${kind}`;
        return { ok: false, type: 'value_error', msg: `Value error, ${error}`, ctx: { error } };
      }
    }
  }

  function formatError(name: string, text: string, path: Path): Detail {
    const loc = locOf(path);
    switch (name) {
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

  /**
   * A walk inside a condition, which a validator of the model runs with a TypeAdapter: without
   * `from_attributes`, so a model there refuses a non-dict with `model_type`.
   */
  function conditionally(walk: () => void): void {
    conditional += 1;
    try {
      walk();
    } finally {
      conditional -= 1;
    }
  }

  /**
   * The checks past the type: `value` is what pydantic made of `input` (the item's input); `also`,
   * a condition's schemas of fields, checked with each field.
   */
  function leaf(
    node: Schema,
    value: unknown,
    input: unknown,
    path: Path,
    out: Detail[],
    also?: Record<string, Schema>,
  ): void {
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
    // A format pydantic parses was read with the type (scalarOf): no str checks follow.
    if (node.type !== undefined && PARSED_FORMATS.has(node.format)) return;
    const actual = jsonType(value);
    if (actual === 'string') strings(node, value as string, path, out);
    else if (actual === 'integer' || actual === 'number') numbers(node, value as number, input, path, out);
    else if (actual === 'array') arrays(node, value as unknown[], path, out);
    else if (actual === 'object') objects(node, value as Record<string, unknown>, path, out, also);
  }

  function strings(node: Schema, value: string, path: Path, out: Detail[]): void {
    const constrained = node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined;
    if (!(value as WellFormed).isWellFormed()) {
      // A lone surrogate (only a \uD800-style escape makes one): Python's str holds it, and pydantic
      // passes it on, but a constrained str is read as Rust's str, which cannot hold it.
      if (!constrained) return;
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
    if (typeof node.format === 'string' && !formatHolds(node.format, value))
      out.push(formatError(node.format, value as string, path));
  }

  /** `value`: the number pydantic made of `input` (a float takes ±Infinity: it allows inf and nan). */
  function numbers(node: Schema, value: number, input: unknown, path: Path, out: Detail[]): void {
    const bound = (type: string, text: string, key: string, limit: number) =>
      out.push(detail(type, locOf(path), `Input should be ${text} ${limit}`, input, { [key]: limit }));
    // An absent multipleOf is 0, which constrains nothing.
    const multipleOf = numeric(node.multipleOf, 0);
    // An absent bound is one no value fails: NaN, which fails every comparison, for the exclusive ones.
    const maximum = numeric(node.maximum, Infinity);
    const exclusiveMaximum = numeric(node.exclusiveMaximum, NaN);
    const minimum = numeric(node.minimum, -Infinity);
    const exclusiveMinimum = numeric(node.exclusiveMinimum, NaN);
    if (multipleOf > 0 && (value / multipleOf) % 1 !== 0) {
      out.push(
        detail('multiple_of', locOf(path), `Input should be a multiple of ${multipleOf}`, input, {
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
    const ahead = walked?.get(value);
    // What a walk ahead found of these items, for the schema it walked them against (never a tuple's), outside a condition.
    const known = ahead !== undefined && ahead.items === rest && conditional === 0 ? ahead.found : [];
    value.forEach((item, index) => {
      const found = known[index];
      if (found === undefined) check(index < prefix.length ? prefix[index] : rest, item, child(path, index), out);
      else for (const detail of found) out.push(detail);
    });
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

  function objects(
    node: Schema,
    value: Record<string, unknown>,
    path: Path,
    out: Detail[],
    also: Record<string, Schema> = {},
  ): void {
    const { properties, required } = facts(node);
    for (const [name, schema] of properties) {
      if (Object.hasOwn(value, name)) {
        const before = out.length;
        check(schema, value[name], child(path, name), out);
        const more = also[name];
        if (more !== undefined && out.length === before)
          conditionally(() => check(more, value[name], child(path, name), out));
      } else if (required.includes(name))
        out.push(detail('missing', locOf(child(path, name)), 'Field required', value));
    }
    for (const [name, schema] of Object.entries(also))
      if (!Object.hasOwn(node.properties ?? {}, name) && Object.hasOwn(value, name))
        conditionally(() => check(schema, value[name], child(path, name), out));
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
    // What pydantic makes of the value (lax mode's coercions); a value it refuses gets that item alone.
    let made = value;
    if (known.types) {
      if (value === null && known.types.includes('null')) return; // Optional[...]
      if (!('const' in schema) && !Array.isArray(schema.enum)) {
        const scalar = scalarOf(schema, known.types, value);
        if (!scalar.ok) {
          out.push(detail(scalar.type, locOf(path), scalar.msg, value, scalar.ctx));
          return;
        }
        made = scalar.value;
      }
    }
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(part, value, path, out);
    if (Array.isArray(schema.oneOf)) union(schema.oneOf, value, path, out);
    if (Array.isArray(schema.anyOf)) union(schema.anyOf, value, path, out);
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
    // A condition is a validator of the model's fields (`@field_validator` calling a TypeAdapter):
    // its items come with the field's, and it runs only on a field that passed its own type.
    let also: Record<string, Schema> | undefined;
    if (schema.if !== undefined) {
      const branch = isValid(schema.if, value) ? schema.then : schema.else;
      const node = deref(branch);
      if (
        isObject(value) &&
        isObject(node.properties) &&
        VALIDATION_KEYWORDS.every((k) => k === 'properties' || !(k in node))
      )
        also = node.properties;
      else conditionally(() => check(branch, value, path, out));
    }
    leaf(schema, made, value, path, out, also);
  }

  /** The branch of a union that a value takes (the first valid one; else the first not plainly invalid). */
  function branchFor(branches: Schema[], value: unknown): Schema {
    const open = branches.filter((branch) => !plainlyInvalid(branch, value));
    if (open.length === 1) return open[0] as Schema; // the usual case: no walk needed
    return open.find((branch) => isValid(branch, value)) ?? open[0] ?? (branches[0] as Schema);
  }

  /** What pydantic makes of a value it accepts (lax mode's coercions applied, UUIDs in their canonical form). */
  function made(schema: Schema | boolean | undefined, value: unknown): unknown {
    const node = deref(schema);
    const union = node.oneOf ?? node.anyOf;
    if (Array.isArray(union)) return made(branchFor(union, value), value);
    const types = facts(node).types;
    if (types && !('const' in node) && !Array.isArray(node.enum)) {
      const scalar = scalarOf(node, types, value);
      if (scalar.ok && scalar.value !== value) return scalar.value;
    }
    if (Array.isArray(value)) {
      const items = Array.isArray(node.items) ? undefined : node.items;
      return value.map((item) => made(items, item));
    }
    if (isObject(value) && isObject(node.properties)) {
      const properties = node.properties;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value))
        out[key] = Object.hasOwn(properties, key) ? made(properties[key], item) : item;
      return out;
    }
    return value;
  }

  function errors(
    schema: Schema,
    value: unknown,
    loc: Loc = [],
    into = new Items(Number.POSITIVE_INFINITY),
    lax = false,
    ahead?: Ahead,
  ): Detail[] {
    const before = into.length;
    const mode = strict;
    strict = mode && !lax;
    const reading = walked;
    walked = ahead;
    try {
      check(schema, value, root(loc), into);
    } finally {
      strict = mode;
      walked = reading;
    }
    return into.slice(before);
  }

  return {
    errors,
    finiteErrors(schema, value, loc, into) {
      finite = true;
      try {
        return errors(schema, value, loc, into);
      } finally {
        finite = false;
      }
    },
    plainNode(schema) {
      let node = schema;
      while (typeof node === 'object' && typeof node.$ref === 'string') node = spec.pointer(node.$ref);
      return typeof node === 'object' && node.oneOf === undefined && node.anyOf === undefined ? node : undefined;
    },
    isValid,
    branchFor,
    made,
  };
}
