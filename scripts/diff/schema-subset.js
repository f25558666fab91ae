// Whether a revised JSON Schema accepts every value its base accepted: the question the diff gate
// asks of a request schema change that Redocly rates `major` without knowing its direction (a
// `oneOf` added around a field, a conditional `then` added, an `items` added). It answers `true`
// only when it can show it; anything it does not understand is `false`, so the gate stays strict.
//
// Both schemas are first inlined (every $ref replaced by its target, annotations dropped) so a split
// YAML spec and a bundled JSON one compare alike.

import { isDeepStrictEqual } from 'node:util';

/** @typedef {import('./spec.js').Spec} Spec */
/**
 * A JSON Schema as parsed (an object, or `true`/`false`), or a value inside one.
 * @typedef {import('./spec.js').Parsed} Schema
 */

/** Keywords that say something about a value without constraining it. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'summary',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  '$comment',
  'discriminator',
  'xml',
]);
/** Keywords whose value is a map of names to schemas (its keys are names, not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['const', 'enum', 'required']);

/**
 * @param {Schema} value
 * @returns {value is Record<string, Schema>}
 */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The schema at `node` (found in `file` of `spec`, a diff.js Spec) with every $ref replaced by its
 * target and annotations dropped. A $ref cycle becomes `{ $cycle }`, which equals nothing.
 * @param {Spec} spec
 * @param {Schema} node
 * @param {string} file
 * @param {string[]} [seen] the $ref targets on the way here
 * @returns {Schema}
 */
function inline(spec, node, file, seen = []) {
  if (Array.isArray(node)) return node.map((item) => inline(spec, item, file, seen));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const target = spec.resolveRef(node.$ref, file);
    if (!target) return { $cycle: node.$ref };
    const key = `${target.file}#/${target.segments.join('/')}`;
    if (seen.includes(key)) return { $cycle: key };
    const siblings = { ...node };
    delete siblings.$ref;
    const resolved = inline(spec, target.node, target.file, [...seen, key]);
    const rest = inline(spec, siblings, file, seen);
    return Object.keys(rest).length === 0 ? resolved : { allOf: [resolved, rest] };
  }
  /** @type {Record<string, Schema>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, inline(spec, schema, file, seen)]),
      );
    } else out[key] = inline(spec, value, file, seen);
  }
  return out;
}

/**
 * The schema at a JSON pointer's segments from the root of `spec`, $refs followed on the way and inlined.
 * @param {Spec} spec
 * @param {readonly string[]} segments
 * @returns {Schema}
 */
export function schemaAt(spec, segments) {
  let node = spec.root;
  let file = spec.rootFile;
  for (const segment of segments) {
    while (isObject(node) && typeof node.$ref === 'string') {
      const target = spec.resolveRef(node.$ref, file);
      if (!target) return undefined;
      ({ node, file } = target);
    }
    if (node === null || typeof node !== 'object' || !(segment in node)) return undefined;
    node = node[segment];
  }
  return node === undefined ? undefined : inline(spec, node, file);
}

/**
 * @param {Record<string, Schema>} schema
 * @returns {string[] | undefined}
 */
const typesOf = (schema) =>
  schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
/**
 * @param {string[]} types
 * @param {string} type
 */
const admitsType = (types, type) => types.includes(type) || (type === 'integer' && types.includes('number'));
/**
 * Whether a schema plainly excludes null (by its `type`, `const`, `enum` or every branch of a union).
 * @param {Schema} schema
 * @returns {boolean}
 */
function excludesNull(schema) {
  if (!isObject(schema)) return false;
  const types = typesOf(schema);
  if (types) return !types.includes('null');
  if ('const' in schema) return schema.const !== null;
  if (Array.isArray(schema.enum)) return !schema.enum.includes(null);
  for (const kind of ['anyOf', 'oneOf']) if (Array.isArray(schema[kind])) return schema[kind].every(excludesNull);
  if (Array.isArray(schema.allOf)) return schema.allOf.some(excludesNull);
  return false;
}
/** @param {Schema} schema */
const isNullOnly = (schema) =>
  isObject(schema) && isDeepStrictEqual(typesOf(schema), ['null']) && Object.keys(schema).length === 1;
/**
 * `true`, `{}` and a missing schema accept everything.
 * @param {Schema} schema
 */
const acceptsAll = (schema) =>
  schema === undefined || schema === true || (isObject(schema) && Object.keys(schema).length === 0);

/**
 * Whether every value `base` accepts, `revision` accepts too (both inlined). Sound, not complete:
 * `true` means proven; `false` means not proven.
 * @param {Schema} base
 * @param {Schema} revision
 * @returns {boolean}
 */
export function accepts(base, revision) {
  if (acceptsAll(revision)) return true;
  if (isDeepStrictEqual(base, revision)) return true;
  if (base === undefined || base === true) base = {};
  if (!isObject(base) || !isObject(revision)) return false;

  // A union before: each of its branches is still accepted.
  for (const kind of ['anyOf', 'oneOf']) {
    if (Array.isArray(base[kind]) && Object.keys(base).length === 1)
      return base[kind].every((branch) => accepts(branch, revision));
  }

  // A union around what was there: the old schema is one branch. For `oneOf`, every other branch
  // must be disjoint from it (here: a `null` branch beside a schema that excludes null).
  for (const kind of ['anyOf', 'oneOf']) {
    if (!Array.isArray(revision[kind]) || Object.keys(revision).length !== 1) continue;
    const kept = revision[kind].findIndex((branch) => accepts(base, branch));
    if (kept < 0) return false;
    return (
      kind === 'anyOf' || revision[kind].every((branch, i) => i === kept || (isNullOnly(branch) && excludesNull(base)))
    );
  }

  for (const [keyword, value] of Object.entries(revision)) {
    const before = base[keyword];
    switch (keyword) {
      case 'type': {
        const wanted = typesOf(base);
        // Defined: `revision` has a `type` (this keyword).
        const allowed = typesOf(revision) ?? [];
        if (!wanted || !wanted.every((type) => admitsType(allowed, type))) return false;
        break;
      }
      case 'properties':
        for (const [name, schema] of Object.entries(value)) {
          const old =
            base.properties?.[name] ??
            (isObject(base.additionalProperties) || base.additionalProperties === false
              ? base.additionalProperties
              : undefined);
          if (old === false) continue; // the base never let this field through
          if (!accepts(old, schema)) return false;
        }
        break;
      case 'items':
      case 'additionalProperties':
        if (before === false) break;
        if (!accepts(before, value)) return false;
        break;
      case 'required':
        // A list of names in a schema; a parameter's or a body's `required` is a boolean, which
        // only its equal accepts.
        if (!Array.isArray(value) || !(before === undefined || Array.isArray(before))) {
          if (!isDeepStrictEqual(before, value)) return false;
        } else if (!value.every((/** @type {string} */ name) => (before ?? []).includes(name))) return false;
        break;
      case 'if':
        // A condition is only safe unchanged, or new with a `then` the base already implied.
        if (before !== undefined && !isDeepStrictEqual(before, value)) return false;
        break;
      case 'then':
      case 'else':
        // Under the same condition the base's branch implies this one; or, whatever the condition
        // selects, the base's values already met this branch.
        if (isDeepStrictEqual(base.if, revision.if) && accepts(before, value)) break;
        if (!accepts(base, value)) return false;
        break;
      default:
        if (!isDeepStrictEqual(before, value)) return false;
    }
  }
  return true;
}
