// Walks the bundled spec's JSON Schemas and expands every union into union-free "variants".
//
// A variant (`Flat`) is one concrete shape a request can take: every `oneOf`/`anyOf` branch, every
// `if`/`then`/`else` side and every member of a `type: [a, b]` list is chosen, `$ref`s and
// `allOf`s are folded in. Each variant carries the label of the choices made, so a constraint can
// be named by the branches it lives in. Generators (generate.ts) and constraint derivation
// (constraints.ts) work on variants only; nothing here knows any operation by name.
import { referencesOf, type Join } from '../shared/refs.js';
import { spec } from './spec.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = (string | number)[];
export type RawSchema = Record<string, unknown>;

export type FlatType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'any';

/** A union-free schema: one type, its own keywords, and union-free children. */
export interface Flat {
  type: FlatType;
  /** Scalar keywords of this node (enum, const, minLength, maxLength, pattern, format, minimum, …). */
  keywords: Record<string, unknown>;
  properties: Record<string, Flat>;
  required: string[];
  /** `additionalProperties: false`. */
  closed: boolean;
  items?: Flat;
  /** Schemas the value must not match (from `not`, and from `if` on the `else` side). */
  nots: RawSchema[];
  /** The union choices made at this node, outermost first, e.g. `oneOf[1] LogStreamSignalsConfigurationPut`. */
  choices: string[];
  /** When this node is one member of a `type: [a, b]` list: the whole list. */
  typeUnion?: string[];
  /** For `oneOf` sites at this node: the raw alternatives, so exclusivity can be probed. */
  oneOfSites: { base: RawSchema; branches: RawSchema[]; label: string }[];
}

/** Keywords the walker understands; a schema using any other validation keyword is refused loudly. */
// prettier-ignore
const SCALAR_KEYWORDS = new Set([
  'enum', 'const', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems',
]);
const STRUCTURAL_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'not',
  'oneOf',
  'anyOf',
  'allOf',
  'if',
  'then',
  'else',
  '$ref',
  '$nots',
]);
const UNSUPPORTED_KEYWORDS = new Set([
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$recursiveRef',
  'discriminator',
  'contentSchema',
]);

const MAX_VARIANTS_PER_OBJECT = 64;
const MAX_DEPTH = 24;

function isObject(value: unknown): value is RawSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The spec's `$ref`s, followed by the rules of ../shared/refs.ts. */
const references = referencesOf(spec);

/**
 * A `$ref` and the keywords beside it: their exact conjunction (`merge`), named after the target's
 * title, or else the component it points to (union choices are labelled by it).
 */
const conjunction: Join = (target, siblings, ref) =>
  merge({ ...target, title: typeof target.title === 'string' ? target.title : ref.split('/').pop() }, siblings);

/** A schema read as the walker reads it: `true` (or none) is `{}`, `false` is `{ not: {} }`, `$ref`s are followed, each with the keywords beside it merged over its target. */
export function deref(schema: unknown): RawSchema {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  if (!isObject(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  return references.schema(schema, conjunction) as RawSchema;
}

/** A self-contained copy of a schema: every `$ref` replaced by its target (the spec has no recursive schema). */
export function inline(schema: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new Error('schema too deep to inline (recursive $ref?)');
  if (Array.isArray(schema)) return schema.map((s) => inline(s, depth + 1));
  if (!isObject(schema)) return schema;
  const resolved = deref(schema);
  const out: RawSchema = {};
  for (const [key, value] of Object.entries(resolved)) {
    if (key === 'examples' || key === 'example' || key === 'description' || key.startsWith('x-')) continue;
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, depth + 1)]));
    } else if (key === 'const' || key === 'enum' || key === 'default') {
      out[key] = value;
    } else {
      out[key] = inline(value, depth + 1);
    }
  }
  return out;
}

function typeList(schema: RawSchema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

/** The conjunction (allOf) of two schemas, as one schema; throws when it cannot be expressed. */
export function merge(a: RawSchema, bIn: RawSchema): RawSchema {
  const b = deref(bIn);
  const out: RawSchema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) {
      if (key === 'not') out.$nots = [...((a.$nots as RawSchema[]) ?? []), value as RawSchema];
      else out[key] = value;
      continue;
    }
    const existing = out[key];
    switch (key) {
      case 'properties': {
        const merged: RawSchema = { ...(existing as RawSchema) };
        for (const [name, sub] of Object.entries(value as RawSchema)) {
          merged[name] = name in merged ? { allOf: [merged[name], sub] } : sub;
        }
        out.properties = merged;
        break;
      }
      case 'required':
        out.required = [...new Set([...(existing as string[]), ...(value as string[])])];
        break;
      case 'type': {
        // Both sides state a type here.
        const left = typeList(a)!;
        const right = typeList(b)!;
        const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
        for (const t of right) if (t === 'integer' && left.includes('number') && !both.includes(t)) both.push(t);
        if (both.length === 0) throw new Unsatisfiable(`type ${JSON.stringify(a.type)} ∧ ${JSON.stringify(b.type)}`);
        out.type = both.length === 1 ? both[0] : both;
        break;
      }
      case 'const':
        if (JSON.stringify(existing) !== JSON.stringify(value))
          throw new Unsatisfiable(`const ${JSON.stringify(existing)} ∧ ${JSON.stringify(value)}`);
        break;
      case 'enum': {
        const right = (value as unknown[]).map((v) => JSON.stringify(v));
        const both = (existing as unknown[]).filter((v) => right.includes(JSON.stringify(v)));
        if (both.length === 0) throw new Unsatisfiable('enum ∧ enum is empty');
        out.enum = both;
        break;
      }
      case 'minLength':
      case 'minimum':
      case 'minItems':
      case 'exclusiveMinimum':
      case 'maxLength':
      case 'maximum':
      case 'maxItems':
      case 'exclusiveMaximum':
        // Both bounds hold: the tighter one, the larger lower bound or the smaller upper bound.
        out[key] = (/^(min|exclusiveMin)/.test(key) ? Math.max : Math.min)(existing as number, value as number);
        break;
      case 'additionalProperties':
        out.additionalProperties = value === false ? false : existing;
        break;
      case 'not':
        out.$nots = [...((out.$nots as RawSchema[]) ?? []), value as RawSchema];
        break;
      case 'allOf':
        out.allOf = [...(existing as RawSchema[]), ...(value as RawSchema[])];
        break;
      case 'items':
        out.items = { allOf: [existing, value] };
        break;
      case 'title':
      case 'description':
      case 'default':
      case 'examples':
        out[key] = value;
        break;
      default:
        if (key.startsWith('x-')) break;
        if (JSON.stringify(existing) !== JSON.stringify(value)) {
          throw new Error(
            `cannot merge two different "${key}" keywords (${JSON.stringify(existing)} and ${JSON.stringify(value)})`,
          );
        }
    }
  }
  // Bounds that leave nothing between them: no value satisfies both sides (and a generator would throw).
  for (const [low, high] of [
    ['minLength', 'maxLength'],
    ['minimum', 'maximum'],
    ['minItems', 'maxItems'],
  ] as const) {
    if ((out[low] as number) > (out[high] as number))
      throw new Unsatisfiable(`${low} ${String(out[low])} > ${high} ${String(out[high])}`);
  }
  return out;
}

/** A branch combination that no value can satisfy (for example const "CRON" ∧ const "INTERVAL"). */
export class Unsatisfiable extends Error {}

function titleOf(schema: unknown): string {
  if (!isObject(schema)) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (typeof schema.title === 'string') return schema.title;
  const types = typeList(schema);
  if (types) return `type ${types.join('|')}`;
  if ('const' in schema) return `const ${JSON.stringify(schema.const)}`;
  return 'schema';
}

function withChoice(flat: Flat, label: string): Flat {
  return { ...flat, choices: [label, ...flat.choices] };
}

function inferType(schema: RawSchema): FlatType {
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return 'object';
  if (schema.items || schema.minItems !== undefined || schema.maxItems !== undefined) return 'array';
  if ('const' in schema) return jsonType(schema.const as Json);
  if (Array.isArray(schema.enum)) {
    const types = [...new Set((schema.enum as Json[]).map(jsonType))];
    if (types.length === 1) return types[0]!;
  }
  if (
    schema.minLength !== undefined ||
    schema.maxLength !== undefined ||
    schema.pattern !== undefined ||
    schema.format !== undefined
  )
    return 'string';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  return 'any';
}

export function jsonType(value: Json): FlatType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value as FlatType;
}

/** Combines the alternatives of each property: the full product when small, else a covering zip. */
function combine<T>(alternatives: [string, T[]][]): Record<string, T>[] {
  const product = alternatives.reduce((n, [, alts]) => n * alts.length, 1);
  if (product <= MAX_VARIANTS_PER_OBJECT) {
    let combos: Record<string, T>[] = [{}];
    for (const [name, alts] of alternatives) combos = combos.flatMap((c) => alts.map((alt) => ({ ...c, [name]: alt })));
    return combos;
  }
  // Every alternative of every property appears at least once.
  const width = Math.max(...alternatives.map(([, alts]) => alts.length));
  return Array.from({ length: width }, (_, i) =>
    Object.fromEntries(alternatives.map(([name, alts]) => [name, alts[i % alts.length]!])),
  );
}

/** Every union-free variant of a schema. Unsatisfiable branch combinations are dropped. */
export function expand(schemaIn: unknown, depth = 0): Flat[] {
  if (depth > MAX_DEPTH) throw new Error('schema too deep to expand (recursive $ref?)');
  let schema = deref(schemaIn);

  for (const key of Object.keys(schema)) {
    if (UNSUPPORTED_KEYWORDS.has(key))
      throw new Error(`the schema walker does not support the "${key}" keyword yet (schema ${titleOf(schema)})`);
  }

  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    try {
      schema = (allOf as unknown[]).reduce<RawSchema>((acc, part) => merge(acc, deref(part)), rest);
    } catch (error) {
      if (error instanceof Unsatisfiable) return [];
      throw error;
    }
    return expand(schema, depth + 1);
  }

  for (const key of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[key])) continue;
    const { [key]: branches, ...rest } = schema;
    return (branches as unknown[]).flatMap((branch, i) => {
      let merged: RawSchema;
      try {
        merged = merge(rest, deref(branch));
      } catch (error) {
        if (error instanceof Unsatisfiable) return [];
        throw error;
      }
      const label = `${key}[${i}] ${titleOf(branch)}`;
      return expand(merged, depth + 1).map((flat) => {
        const labelled = withChoice(flat, label);
        if (key === 'oneOf' && i === 0) {
          labelled.oneOfSites = [
            ...labelled.oneOfSites,
            {
              base: rest,
              branches: (branches as unknown[]).map(deref),
              label: `${key}(${(branches as unknown[]).map(titleOf).join(', ')})`,
            },
          ];
        }
        return labelled;
      });
    });
  }

  if (isObject(schema.if)) {
    const { if: condition, then: thenSchema, else: elseSchema, ...rest } = schema;
    const sides: [string, () => RawSchema][] = [
      ['if→then', () => merge(merge(rest, condition), isObject(thenSchema) ? thenSchema : {})],
      ['if→else', () => merge(merge(rest, { not: condition }), isObject(elseSchema) ? elseSchema : {})],
    ];
    return sides.flatMap(([label, build]) => {
      try {
        return expand(build(), depth + 1).map((flat) => withChoice(flat, label));
      } catch (error) {
        if (error instanceof Unsatisfiable) return [];
        throw error;
      }
    });
  }

  const types = typeList(schema);
  if (types && types.length > 1) {
    return types.flatMap((t) =>
      expand({ ...schema, type: t }, depth + 1).map((flat) => withChoice({ ...flat, typeUnion: types }, `type ${t}`)),
    );
  }

  const type: FlatType = (types?.[0] as FlatType | undefined) ?? inferType(schema);
  const keywords: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCALAR_KEYWORDS.has(key)) keywords[key] = value;
    else if (!STRUCTURAL_KEYWORDS.has(key) && !isAnnotation(key)) {
      throw new Error(`the schema walker does not know the "${key}" keyword (schema ${titleOf(schema)})`);
    }
  }
  const nots = [...((schema.$nots as RawSchema[]) ?? []), ...(isObject(schema.not) ? [schema.not] : [])].map(
    (n) => inline(n) as RawSchema,
  );
  const base: Flat = {
    type,
    keywords,
    properties: {},
    required: [],
    closed: false,
    nots,
    choices: [],
    oneOfSites: [],
  };

  if (type === 'object') {
    const properties = Object.entries(isObject(schema.properties) ? schema.properties : {});
    const alternatives = properties.map(([name, sub]): [string, Flat[]] => [name, expand(sub, depth + 1)]);
    const required = (schema.required as string[] | undefined) ?? [];
    // A property with no satisfiable variant may only be absent.
    if (alternatives.some(([name, alts]) => alts.length === 0 && required.includes(name))) return [];
    const present = alternatives.filter(([, alts]) => alts.length > 0);
    if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== 'boolean') {
      throw new Error(
        `the schema walker does not support schema-valued additionalProperties yet (schema ${titleOf(schema)})`,
      );
    }
    return combine(present).map((props) => ({
      ...base,
      properties: props,
      required,
      closed: schema.additionalProperties === false,
    }));
  }
  if (type === 'array') {
    // No items schema: items of any value (deref reads a missing schema as {}).
    const items = expand(schema.items, depth + 1);
    if (items.length === 0)
      return (schema.minItems as number | undefined) ? [] : [{ ...base, keywords: { ...keywords, maxItems: 0 } }];
    return items.map((item) => ({ ...base, items: item }));
  }
  return [base];
}

function isAnnotation(key: string): boolean {
  return (
    key.startsWith('x-') ||
    [
      'title',
      'description',
      'default',
      'examples',
      'example',
      'deprecated',
      'readOnly',
      'writeOnly',
      '$comment',
      '$schema',
      '$id',
      'contentMediaType',
      'contentEncoding',
    ].includes(key)
  );
}

/** The JSON Schema of a variant (self-contained), for Ajv. */
export function toJsonSchema(flat: Flat): RawSchema {
  const out: RawSchema = { ...flat.keywords };
  if (flat.type !== 'any') out.type = flat.type;
  if (flat.type === 'object') {
    out.properties = Object.fromEntries(Object.entries(flat.properties).map(([k, v]) => [k, toJsonSchema(v)]));
    if (flat.required.length > 0) out.required = flat.required;
    if (flat.closed) out.additionalProperties = false;
  }
  if (flat.items) out.items = toJsonSchema(flat.items);
  if (flat.nots.length > 0) out.not = flat.nots.length === 1 ? flat.nots[0] : { anyOf: flat.nots };
  return out;
}

/** Visits every node of a variant with its instance path (array items at index 0). */
export function walk(
  flat: Flat,
  visit: (node: Flat, path: Path, trail: string[]) => void,
  path: Path = [],
  trail: string[] = [],
): void {
  const here = [...trail, ...flat.choices];
  visit(flat, path, here);
  for (const [name, child] of Object.entries(flat.properties)) walk(child, visit, [...path, name], here);
  if (flat.items) walk(flat.items, visit, [...path, 0], here);
}

/** `a.b[].c` style name of an instance path. */
export function pathName(path: Path): string {
  if (path.length === 0) return '(root)';
  return path.map((p, i) => (typeof p === 'number' ? '[]' : i === 0 ? p : `.${p}`)).join('');
}
