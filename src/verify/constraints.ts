// Derives, from the variants of each operation, (1) every constraint of its request with a request
// that violates exactly that constraint and is otherwise valid, (2) the edge values of every bound
// and enum, and (3) the open objects that must accept an unknown property. Ajv on the spec's own
// request schema is the oracle: a violation that another union branch absorbs is expected to be
// accepted, not rejected. Nothing here names an operation or a field.
import { DELETE, arbitraryOf, codePoints, fitLength, getAt, sampleOf, setAt, stringOfLength } from './generate.js';
import type { Operation } from './operations.js';
import {
  expand,
  inline,
  jsonType,
  merge,
  pathName,
  toJsonSchema,
  Unsatisfiable,
  walk,
  type Flat,
  type Json,
  type Path,
  type RawSchema,
} from './schema.js';
import type { SeedFor } from './seed.js';
import { errorsOf, formatConstrains, isValid, located, type Located } from './validate.js';

export type In = 'body' | 'path';

/** Where a 422 may name the field: at `path`, or at the parent with the property named in the message. */
export interface Expected {
  path: Path;
  /** The message must mention this property (for errors located at the object, as Ajv/Prism do). */
  mention?: string;
  /** Prism reports a missing body at ["request"]. */
  requestLevel?: boolean;
}

export interface Request {
  path: Record<string, string>;
  body: Json | undefined;
}

export interface NegativeCase {
  request: Request;
  /** What the spec (Ajv on the operation's own schema) says about the whole request. */
  verdict: 'rejected' | 'absorbed';
  /** Whether the mutation breaks only the targeted keyword of the variant, or others at the same place too. */
  isolation: string;
  specErrors: Located[];
}

export interface Constraint {
  id: string;
  operation: Operation;
  in: In;
  path: Path;
  keyword: string;
  branch: string;
  expected: Expected[];
  cases: NegativeCase[];
}

export interface PositiveProbe {
  id: string;
  operation: Operation;
  kind: 'edge' | 'open object';
  request: Request;
  note?: string;
}

/** How a derivation draws its valid base requests. */
export interface DeriveOptions {
  /** The seed of each named generator (seed.ts). */
  seedFor: SeedFor;
  /** Valid base requests each mutation is applied to (the first one has every optional field filled). */
  bases: number;
}

export interface Derivation {
  constraints: Constraint[];
  probes: PositiveProbe[];
  notes: string[];
}

const UNKNOWN_FIELD = 'fuzz_unknown_field';

/** A mutation of one constraint: builds the violating value from the base's value at `path`. */
interface Mutation {
  keyword: string;
  detail: string;
  /** The instance path of the value that is replaced (for `required`, of the property removed). */
  path: Path;
  expected: Expected[];
  apply: (base: Json) => Json | undefined;
  /** Checked against the whole request's errors rather than the variant's (union keywords). */
  wholeRequest?: boolean;
}

function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((p, i) => String(p) === String(b[i]));
}

/** Whether a string meets the node's length bounds (in code points). */
function lengthOk(node: Flat): (s: string) => boolean {
  const min = (node.keywords.minLength as number | undefined) ?? 0;
  const max = node.keywords.maxLength as number | undefined;
  return (s) => codePoints(s) >= min && (max === undefined || codePoints(s) <= max);
}

// The first wrong value of each type is one the service's lax mode refuses too: pydantic reads a
// number as a date or a datetime (a unix time), never a boolean.
const WRONG_TYPE: Record<string, Json[]> = {
  string: [true, 123, null, {}, []],
  integer: [1.5, 'fuzz', true, null, {}],
  number: ['fuzz', true, null, {}, []],
  boolean: ['fuzz', 2, null, {}],
  object: [123, 'fuzz', [], null],
  array: [123, 'fuzz', {}, null],
  null: ['fuzz', 0, {}],
};

function hasType(value: Json, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const FORMAT_CANDIDATES = [
  'not-a-{format}',
  'x',
  '2026-13-45',
  '2026-12-01T25:00:00Z',
  '2026-12-01',
  '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e3g',
  '',
];

/** What every mutation of a node is made with: where it is, and how a body is read and changed there. */
interface Site {
  node: Flat;
  path: Path;
  op: Operation;
  notes: string[];
  seedFor: SeedFor;
  /** Where the request's error is expected: the node's own path. */
  at: Expected[];
  valueAt: (base: Json) => Json | undefined;
  /** The value at the path as text: a string as it is, anything else as JSON writes it. */
  textAt: (base: Json) => string;
  replace: (value: Json) => (base: Json) => Json;
}

/** The mutations a variant node offers (each violates one keyword of that node). */
function mutationsOf(node: Flat, path: Path, op: Operation, notes: string[], seedFor: SeedFor): Mutation[] {
  const valueAt = (base: Json) => getAt(base, path);
  const site: Site = {
    node,
    path,
    op,
    notes,
    seedFor,
    at: [{ path }],
    valueAt,
    textAt: (base) => {
      const value = valueAt(base);
      return typeof value === 'string' ? value : JSON.stringify(value);
    },
    replace: (value) => (base) => setAt(base, path, value),
  };
  return [
    ...valueMutations(site),
    ...(node.type === 'string' ? stringMutations(site) : []),
    ...(node.type === 'integer' || node.type === 'number' ? numberMutations(site) : []),
    ...(node.type === 'array' ? arrayMutations(site) : []),
    ...objectMutations(site),
    ...compositionMutations(site),
  ];
}

/** The mutations of a node's type, enum and const. */
function valueMutations(site: Site): Mutation[] {
  const { node, path, op, at, replace } = site;
  const out: Mutation[] = [];
  const k = node.keywords;
  // The type constraint of a `type: [a, b]` list is stated once, on its first member, and broken by a
  // value of none of its types.
  if (node.type !== 'any' && (!node.typeUnion || node.typeUnion[0] === node.type)) {
    const allowed = node.typeUnion ?? [node.type];
    // A value of none of the allowed types breaks the variant's `type` at this place, whatever else it breaks.
    const candidates = allowed.flatMap((t) => WRONG_TYPE[t]!).filter((c) => !allowed.some((t) => hasType(c, t)));
    out.push({
      keyword: 'type',
      detail: allowed.join('|'),
      path,
      expected: at,
      apply: (base) => {
        const violating = candidates.map((c) => setAt(base, path, c));
        return violating.find((body) => !op.validateRequest(body)) ?? violating[0];
      },
    });
  }
  if (Array.isArray(k.enum)) {
    const values = (k.enum as Json[]).map((v) => JSON.stringify(v));
    const candidate = (['FUZZ_NOT_IN_ENUM', 987_654_321, 0.5, true, false] as Json[]).find(
      (c) =>
        !values.includes(JSON.stringify(c)) &&
        (node.type === 'any' || jsonType(c) === node.type || (node.type === 'number' && typeof c === 'number')),
    );
    if (candidate !== undefined)
      out.push({ keyword: 'enum', detail: `${values.length} values`, path, expected: at, apply: replace(candidate) });
  }
  // A value other than the const: none without a const, or for one that is null, an object or an array.
  const c = k.const as Json | undefined;
  const other: Json | undefined =
    typeof c === 'string' ? `${c}_fuzz` : typeof c === 'number' ? c + 1 : typeof c === 'boolean' ? !c : undefined;
  if (other !== undefined)
    out.push({ keyword: 'const', detail: JSON.stringify(c), path, expected: at, apply: replace(other) });
  return out;
}

/** The mutations of a string's length, pattern and format. */
function stringMutations(site: Site): Mutation[] {
  const { node, path, notes, at, textAt } = site;
  const out: Mutation[] = [];
  const k = node.keywords;
  const pattern = k.pattern as string | undefined;
  const minLength = (k.minLength as number | undefined) ?? 0;
  const maxLength = k.maxLength as number | undefined;
  if (minLength > 0) {
    out.push({
      keyword: 'minLength',
      detail: String(minLength),
      path,
      expected: at,
      apply: (base) => setAt(base, path, fitLength(textAt(base), minLength - 1, pattern) ?? 'a'.repeat(minLength - 1)),
    });
  }
  if (maxLength !== undefined) {
    out.push({
      keyword: 'maxLength',
      detail: String(maxLength),
      path,
      expected: at,
      apply: (base) => setAt(base, path, fitLength(textAt(base), maxLength + 1, pattern) ?? 'a'.repeat(maxLength + 1)),
    });
  }
  if (pattern !== undefined) {
    const re = new RegExp(pattern, 'u');
    out.push({
      keyword: 'pattern',
      detail: pattern,
      path,
      expected: at,
      apply: (base) => {
        const sample = textAt(base);
        const candidates = [sample.replace(/\s/gu, ''), 'x'.repeat(Math.max(minLength, 1)), '!', ' ', ''];
        const failing = candidates.filter((c) => !re.test(c));
        return setAt(base, path, failing.find(lengthOk(node)) ?? failing[0] ?? '');
      },
    });
  }
  const format = k.format as string | undefined;
  if (format !== undefined && !formatConstrains(format)) {
    notes.push(
      `${pathName(path)}: format "${String(format)}" constrains nothing (ajv-formats accepts any string), so it is not a constraint`,
    );
  }
  if (formatConstrains(format)) {
    const formatOnly = { type: 'string', format };
    out.push({
      keyword: 'format',
      detail: format,
      path,
      expected: at,
      apply: (base) => {
        const failing = FORMAT_CANDIDATES.map((c) => c.replace('{format}', format)).filter(
          (c) => !isValid(formatOnly, c),
        );
        // Every format the generator draws refuses some candidate (generate.ts has no generator for one that would not).
        const chosen = failing.find((c) => lengthOk(node)(c) && new RegExp(pattern ?? '', 'u').test(c)) ?? failing[0]!;
        return setAt(base, path, chosen);
      },
    });
  }
  return out;
}

/** The mutations of a number's bounds and multipleOf. */
function numberMutations(site: Site): Mutation[] {
  const { node, path, at, valueAt, replace } = site;
  const out: Mutation[] = [];
  const k = node.keywords;
  const step = 1;
  if (typeof k.minimum === 'number')
    out.push({ keyword: 'minimum', detail: String(k.minimum), path, expected: at, apply: replace(k.minimum - step) });
  if (typeof k.maximum === 'number')
    out.push({ keyword: 'maximum', detail: String(k.maximum), path, expected: at, apply: replace(k.maximum + step) });
  if (typeof k.exclusiveMinimum === 'number')
    out.push({
      keyword: 'exclusiveMinimum',
      detail: String(k.exclusiveMinimum),
      path,
      expected: at,
      apply: replace(k.exclusiveMinimum),
    });
  if (typeof k.exclusiveMaximum === 'number')
    out.push({
      keyword: 'exclusiveMaximum',
      detail: String(k.exclusiveMaximum),
      path,
      expected: at,
      apply: replace(k.exclusiveMaximum),
    });
  if (typeof k.multipleOf === 'number') {
    const m = k.multipleOf;
    out.push({
      keyword: 'multipleOf',
      detail: String(m),
      path,
      expected: at,
      apply: (base) => setAt(base, path, (valueAt(base) as number) + m / 2),
    });
  }
  return out;
}

/** The mutations of an array's item counts and uniqueness. */
function arrayMutations(site: Site): Mutation[] {
  const { node, path, at, valueAt } = site;
  const out: Mutation[] = [];
  const k = node.keywords;
  // Bases fill every optional field, so the array is there.
  const items = (base: Json) => valueAt(base) as Json[];
  const minItems = (k.minItems as number | undefined) ?? 0;
  if (minItems > 0) {
    const n = minItems - 1;
    out.push({
      keyword: 'minItems',
      detail: String(minItems),
      path,
      expected: at,
      apply: (base) => setAt(base, path, items(base).slice(0, n)),
    });
  }
  if (typeof k.maxItems === 'number') {
    const n = k.maxItems + 1;
    out.push({
      keyword: 'maxItems',
      detail: String(k.maxItems),
      path,
      expected: at,
      apply: (base) => {
        const current = items(base);
        if (current.length === 0) throw new Error(`cannot grow an empty array at ${pathName(path)} past maxItems`);
        return setAt(
          base,
          path,
          Array.from({ length: n }, (_, i) => current[i % current.length]!),
        );
      },
    });
  }
  if (k.uniqueItems === true) {
    out.push({
      keyword: 'uniqueItems',
      detail: '',
      path,
      expected: at,
      apply: (base) => {
        // Bases fill every array with an item, unless maxItems is 0, whose own mutation (before this one) refuses the empty array.
        const first = items(base)[0]!;
        return setAt(base, path, [first, first]);
      },
    });
  }
  return out;
}

/** An object's required properties and whether it is closed (a node of another type has neither). */
function objectMutations(site: Site): Mutation[] {
  const { node, path } = site;
  const out: Mutation[] = [];
  for (const name of node.required) {
    out.push({
      keyword: 'required',
      detail: '',
      path: [...path, name],
      expected: [{ path: [...path, name] }, { path, mention: name }],
      apply: (base) => setAt(base, [...path, name], DELETE),
    });
  }
  if (node.closed) {
    out.push({
      keyword: 'additionalProperties',
      detail: 'false',
      path: [...path, UNKNOWN_FIELD],
      expected: [{ path: [...path, UNKNOWN_FIELD] }, { path, mention: UNKNOWN_FIELD }],
      apply: (base) => setAt(base, [...path, UNKNOWN_FIELD], 'x'),
    });
  }
  return out;
}

/** The mutations of a node's `not`s, and of its oneOf sites (a value two branches take at once). */
function compositionMutations(site: Site): Mutation[] {
  const { node, path, op, seedFor, at } = site;
  const out: Mutation[] = [];
  node.nots.forEach((not, i) => {
    out.push({
      keyword: 'not',
      detail: JSON.stringify(not),
      path,
      expected: at,
      apply: (base) => {
        const value = valueMatchingBoth({ ...node, nots: [] }, not, `${op.id}#not#${pathName(path)}#${i}`, seedFor);
        if (value === undefined)
          throw new Error(`no value at ${pathName(path)} matches its "not" schema ${JSON.stringify(not)}`);
        return setAt(base, path, value);
      },
    });
  });
  for (const site of node.oneOfSites) {
    site.branches.forEach((left, i) =>
      site.branches.slice(i + 1).forEach((right, d) => {
        const j = i + 1 + d;
        const both = overlapOf(site.base, left, right, `${op.id}#oneOf#${pathName(path)}#${i}#${j}`, seedFor);
        if (both === undefined) return;
        out.push({
          keyword: 'oneOf',
          detail: `${site.label} branches ${i} and ${j} at once`,
          path,
          expected: at,
          wholeRequest: true,
          apply: (base) => setAt(base, path, both),
        });
      }),
    );
  }
  return out;
}

/** A value valid against `node` (without its nots) and against `schema` too, or undefined. */
function valueMatchingBoth(node: Flat, schema: RawSchema, name: string, seedFor: SeedFor): Json | undefined {
  let variants: Flat[];
  try {
    variants = expand(merge(toJsonSchema(node), schema));
  } catch (error) {
    if (error instanceof Unsatisfiable) return undefined;
    throw error;
  }
  for (const [v, variant] of variants.entries()) {
    for (const value of sampleOf(arbitraryOf(variant), seedFor(`${name}#${v}`), 5)) {
      if (isValid(toJsonSchema(node), value) && isValid(schema, value)) return value;
    }
  }
  return undefined;
}

/** A value matching two oneOf branches at once (violating exclusivity), or undefined when they cannot overlap. */
function overlapOf(
  base: RawSchema,
  left: RawSchema,
  right: RawSchema,
  name: string,
  seedFor: SeedFor,
): Json | undefined {
  let variants: Flat[];
  try {
    variants = expand(merge(merge(base, left), right));
  } catch (error) {
    if (error instanceof Unsatisfiable) return undefined;
    throw error;
  }
  const l = inline(merge(base, left)) as RawSchema;
  const r = inline(merge(base, right)) as RawSchema;
  // One seed for all the variants: each is an arbitrary of its own, so their draws differ anyway.
  const seed = seedFor(name);
  for (const variant of variants) {
    for (const value of sampleOf(arbitraryOf(variant), seed, 5)) {
      // A variant can hold values of neither branch: a union inside a branch is expanded without its exclusivity.
      if (isValid(l, value) && isValid(r, value)) return value;
    }
  }
  return undefined;
}

/** A mutation's keyword and what it breaks of it, as constraint ids name it (`maxLength 3`, `required`). */
function nameOf(mutation: Mutation): string {
  return mutation.detail ? `${mutation.keyword} ${mutation.detail}` : mutation.keyword;
}

function isolationOf(errors: Located[], mutation: Mutation): string {
  const others = errors.filter((e) => !(e.keyword === mutation.keyword && samePath(e.path, mutation.path)));
  if (others.length === 0) return 'isolated';
  return `entangled with ${[...new Set(others.map((e) => `${e.keyword}@${pathName(e.path)}`))].join(', ')}`;
}

function bodyBases(op: Operation, variantIndex: number, { seedFor, bases: count }: DeriveOptions): Json[] {
  const variant = op.variants[variantIndex]!;
  const bases = sampleOf(
    arbitraryOf(variant, { fill: true, extras: false }),
    seedFor(`${op.id}#base#${variantIndex}`),
    count,
  );
  for (const base of bases) {
    if (!op.validateRequest(base)) {
      throw new Error(
        `generator bug: a base of ${op.id} variant ${variantIndex} is invalid: ${JSON.stringify(located(op.validateRequest.errors))}`,
      );
    }
  }
  return bases;
}

function pathBases(op: Operation, { seedFor, bases: count }: DeriveOptions): Record<string, string>[] {
  const columns = op.pathParameters.map((p) => {
    const variant = p.variants[0];
    if (!variant) throw new Error(`${op.id}: path parameter ${p.name} has no satisfiable schema`);
    return sampleOf(arbitraryOf(variant), seedFor(`${op.id}#path#${p.name}`), count).map(String);
  });
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(op.pathParameters.map((p, j) => [p.name, columns[j]![i]!])),
  );
}

/** Every constraint, edge and open object of one operation. */
export function derive(op: Operation, options: DeriveOptions): Derivation {
  const notes: string[] = [];
  const noteSet: string[] = [];
  const count = options.bases;
  const paths = pathBases(op, options);
  const bases = op.variants.map((_, i) => bodyBases(op, i, options));
  const constraints = new Map<string, Constraint>();
  const probes = new Map<string, PositiveProbe>();

  // Body constraints: every node of every variant; the same constraint in the same branches is one,
  // tried on bases drawn in turn from every variant it occurs in.
  const occurrences = new Map<string, { vi: number; mutation: Mutation; variantSchema: RawSchema }[]>();
  op.variants.forEach((variant, vi) => {
    const variantSchema = toJsonSchema(variant);
    walk(variant, (node, path, trail) => {
      const branch = trail.join(' › ');
      for (const mutation of mutationsOf(node, path, op, noteSet, options.seedFor)) {
        const id = `body ${pathName(mutation.path)} ${nameOf(mutation)}${branch ? ` [${branch}]` : ''}`;
        if (!constraints.has(id)) {
          constraints.set(id, {
            id,
            operation: op,
            in: 'body',
            path: mutation.path,
            keyword: mutation.keyword,
            branch,
            expected: mutation.expected,
            cases: [],
          });
          occurrences.set(id, []);
        }
        occurrences.get(id)!.push({ vi, mutation, variantSchema });
      }
      // Edges and open objects (positive probes).
      for (const probe of edgesOf(node, path, branch, op, bases[vi]![0]!, paths[0]!, notes)) {
        if (!probes.has(probe.id)) probes.set(probe.id, probe);
      }
    });
  });
  for (const [id, constraint] of constraints) {
    const occurs = occurrences.get(id)!;
    for (let k = 0; k < count; k++) {
      const { vi, mutation, variantSchema } = occurs[k % occurs.length]!;
      const b = Math.floor(k / occurs.length) % count;
      const body = mutation.apply(bases[vi]![b]!);
      if (body === undefined) throw new Error(`${op.id} ${id}: the mutation produced no body`);
      const valid = op.validateRequest(body) === true;
      const specErrors = valid ? [] : located(op.validateRequest.errors);
      const errors = mutation.wholeRequest ? specErrors : errorsOf(variantSchema, body);
      if (!errors.some((e) => e.keyword === mutation.keyword && samePath(e.path, mutation.path))) {
        throw new Error(
          `derivation bug: the mutation for ${op.id} ${id} does not violate ${mutation.keyword} at ${pathName(mutation.path)}; errors: ${JSON.stringify(errors)}`,
        );
      }
      constraint.cases.push({
        request: { path: paths[k % paths.length]!, body },
        verdict: valid ? 'absorbed' : 'rejected',
        isolation: isolationOf(errors, mutation),
        specErrors,
      });
    }
  }

  // Path parameters.
  for (const parameter of op.pathParameters) {
    for (const variant of parameter.variants) {
      const schema = toJsonSchema(variant);
      for (const mutation of mutationsOf(variant, [], op, noteSet, options.seedFor)) {
        if (mutation.keyword === 'type' && variant.type === 'string') continue; // every path segment is a string
        const id = `path ${parameter.name} ${nameOf(mutation)}`;
        const constraint: Constraint = {
          id,
          operation: op,
          in: 'path',
          path: [parameter.name],
          keyword: mutation.keyword,
          branch: '',
          expected: [{ path: [parameter.name] }],
          cases: [],
        };
        for (const [b, pathBase] of paths.entries()) {
          const value = mutation.apply(pathBase[parameter.name]!);
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          const errors = errorsOf(schema, text);
          if (!errors.some((e) => e.keyword === mutation.keyword))
            throw new Error(`derivation bug: ${op.id} ${id} is not violated by ${JSON.stringify(text)}`);
          constraint.cases.push({
            request: { path: { ...pathBase, [parameter.name]: text }, body: bases[0]![b % bases[0]!.length]! },
            verdict: isValid(parameter.schema, text) ? 'absorbed' : 'rejected',
            isolation: isolationOf(
              errors.map((e) => ({ ...e, path: [] })),
              { ...mutation, path: [] },
            ),
            specErrors: errors,
          });
        }
        constraints.set(id, constraint);
      }
    }
  }

  // A required body that is missing.
  if (op.bodyRequired) {
    const missing: Constraint = {
      id: 'body (root) requestBody.required',
      operation: op,
      in: 'body',
      path: [],
      keyword: 'requestBody.required',
      branch: '',
      expected: [{ path: [], requestLevel: true }],
      cases: [
        { request: { path: paths[0]!, body: undefined }, verdict: 'rejected', isolation: 'isolated', specErrors: [] },
      ],
    };
    constraints.set(missing.id, missing);
  } else {
    const omitted: PositiveProbe = {
      id: 'body omitted (requestBody not required)',
      operation: op,
      kind: 'edge',
      request: { path: paths[0]!, body: undefined },
    };
    probes.set(omitted.id, omitted);
  }

  // oneOf sites whose branches cannot overlap are not constraints a request can break: say so.
  op.variants.forEach((variant) =>
    walk(variant, (node, path) => {
      for (const site of node.oneOfSites) {
        const pairs = (site.branches.length * (site.branches.length - 1)) / 2;
        const violable = [...constraints.values()].filter(
          (c) => c.keyword === 'oneOf' && samePath(c.path, path),
        ).length;
        const note = `${pathName(path)}: ${site.label}: ${pairs - violable} of ${pairs} branch pair(s) cannot overlap, so exclusivity cannot be violated there`;
        if (pairs - violable > 0 && !notes.includes(note)) notes.push(note);
      }
    }),
  );

  for (const note of noteSet) if (!notes.includes(note)) notes.push(note);
  return { constraints: [...constraints.values()], probes: [...probes.values()], notes };
}

/** Valid requests at the edge of each bound and with each enum value of a node; an unknown field in each open object. */
function edgesOf(
  node: Flat,
  path: Path,
  branch: string,
  op: Operation,
  base: Json,
  pathParams: Record<string, string>,
  notes: string[],
): PositiveProbe[] {
  const k = node.keywords;
  const out: PositiveProbe[] = [];
  const name = (what: string) => `${pathName(path)} ${what}${branch ? ` [${branch}]` : ''}`;
  const probe = (what: string, value: Json, note?: string) =>
    out.push({
      id: name(what),
      operation: op,
      kind: 'edge',
      request: { path: pathParams, body: setAt(base, path, value) },
      ...(note ? { note } : {}),
    });
  const sample = getAt(base, path);

  // An enum or a const lists every value the node takes: the other edges (a bound, a boolean, an
  // unknown property) would be values it refuses.
  if (Array.isArray(k.enum)) {
    for (const value of k.enum as Json[]) probe(`enum ${JSON.stringify(value)}`, value);
    return out;
  }
  if ('const' in k) return out;
  if (node.type === 'boolean') for (const value of [true, false]) probe(`boolean ${value}`, value);
  if (node.type === 'string') {
    // Bases fill every optional field (and one item of each array), so the string is there.
    const text = sample as string;
    const edge = (keyword: string, length: number, char?: string, label = '') => {
      const exact = stringOfLength(node, text, length, char);
      if (exact !== undefined) return probe(`${keyword} ${length}${label}`, exact);
      // The pattern forbids this length: take the nearest reachable one and say so.
      const direction = keyword === 'minLength' ? 1 : -1;
      // Downwards the search ends at the base's own length at the latest (the base matches and keeps
      // maxLength), so n never goes below 0.
      for (let n = length + direction, tries = 0; tries < 64; n += direction, tries++) {
        const nearest = stringOfLength(node, text, n, char);
        if (nearest !== undefined) {
          const note = `${op.id} ${name(`${keyword} ${length}`)} is unreachable under its pattern; the nearest valid length is ${n}`;
          if (!notes.includes(note)) notes.push(note);
          return probe(`${keyword} ${length} (nearest reachable: ${n})${label}`, nearest, note);
        }
      }
      notes.push(`${op.id} ${name(`${keyword} ${length}`)}: no valid string of a nearby length was found`);
    };
    if (typeof k.minLength === 'number') edge('minLength', k.minLength);
    // An upper bound alone still has a lower end: the empty string.
    else if (typeof k.maxLength === 'number' && k.format === undefined) edge('minLength', 0, undefined, ' (implicit)');
    if (typeof k.maxLength === 'number') {
      edge('maxLength', k.maxLength);
      if (k.pattern === undefined && k.format === undefined)
        edge('maxLength', k.maxLength, '😀', ' in astral code points');
    }
  }
  if (node.type === 'integer' || node.type === 'number') {
    const tiny = (x: number) =>
      node.type === 'integer' ? 1 : Math.max(Number.EPSILON, Math.abs(x) * Number.EPSILON * 2);
    if (typeof k.minimum === 'number') probe(`minimum ${k.minimum}`, k.minimum);
    if (typeof k.maximum === 'number') probe(`maximum ${k.maximum}`, k.maximum);
    if (typeof k.exclusiveMinimum === 'number')
      probe(`exclusiveMinimum ${k.exclusiveMinimum}`, k.exclusiveMinimum + tiny(k.exclusiveMinimum));
    if (typeof k.exclusiveMaximum === 'number')
      probe(`exclusiveMaximum ${k.exclusiveMaximum}`, k.exclusiveMaximum - tiny(k.exclusiveMaximum));
  }
  if (node.type === 'array') {
    // Bases fill every array with an item unless it can hold none (maxItems 0, where every n below
    // is 0), and an enumerated array has no edges here, so the items are there whenever n > 0.
    const items = sample as Json[];
    const filled = (n: number) => Array.from({ length: n }, (_, i) => items[i % items.length]!);
    if (typeof k.minItems === 'number') probe(`minItems ${k.minItems}`, filled(k.minItems));
    else if (typeof k.maxItems === 'number') probe('minItems 0 (implicit)', []);
    if (typeof k.maxItems === 'number') probe(`maxItems ${k.maxItems}`, filled(k.maxItems));
  }
  if (node.type === 'object' && !node.closed) {
    out.push({
      id: name('open object accepts an unknown property'),
      operation: op,
      kind: 'open object',
      request: {
        path: pathParams,
        body: setAt(base, [...path, UNKNOWN_FIELD], { nested: [1, 'two', null], flag: true }),
      },
    });
  }
  return out;
}

/** Checks a probe is valid per the spec (a derivation that is not would test nothing). */
export function probeIsValid(probe: PositiveProbe): { valid: boolean; errors: Located[] } {
  const op = probe.operation;
  const pathValid = op.pathParameters.every((p) => isValid(p.schema, probe.request.path[p.name]));
  if (probe.request.body === undefined) return { valid: pathValid && !op.bodyRequired, errors: [] };
  const valid = op.validateRequest(probe.request.body) === true;
  return { valid: valid && pathValid, errors: valid ? [] : located(op.validateRequest.errors) };
}
