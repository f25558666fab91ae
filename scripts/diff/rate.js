// Rating a change: which values it lets through that were not before (narrows, widens, both), in
// which direction Redocly's `major` verdict actually breaks a client (a narrowed request breaks a
// sender, a widened response a reader), and the proof, through schema-subset.js, that a request
// schema change Redocly calls breaking still accepts every value it accepted.
import { accepts, schemaAt } from './schema-subset.js';
import { get, pointerSegments } from './spec.js';

/** @typedef {import('./spec.js').Spec} Spec */
/** @typedef {import('./spec.js').Parsed} Parsed */
/** @typedef {import('./redocly.js').Change} Change */
/** @typedef {import('./index-operations.js').Direction} Direction */
/** @typedef {'narrows' | 'widens' | 'both' | 'none' | null} Effect */

/**
 * A keyword's value as a list: none, one or many.
 * @param {Parsed} v
 * @returns {Parsed[]}
 */
export const asArray = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Keywords whose `false` closes an object or array to what it does not list. */
export const CLOSING_FLAGS = ['additionalProperties', 'items', 'unevaluatedItems', 'unevaluatedProperties'];
const VALUE_KEYWORDS = ['const', 'pattern', 'format', 'multipleOf', 'contentEncoding', 'contentMediaType'];
/** Keywords that document and do not constrain. */
export const DOC_KEYWORDS = [
  'description',
  'summary',
  'title',
  'externalDocs',
  'example',
  'examples',
  'tags',
  'x-not-shown',
];

/**
 * Whether a change accepts fewer values (narrows), more (widens), both, none, or unknown (null).
 * @param {Change} change
 * @returns {Effect}
 */
export function effect(change) {
  const { kind, property: p } = change;
  const b = change.base?.value;
  const r = change.revision?.value;
  if (kind === 'modified' && p) {
    if (LOWER_BOUNDS.includes(p) || UPPER_BOUNDS.includes(p)) {
      if (typeof b !== 'number' && typeof r !== 'number') return null;
      if (b === undefined) return 'narrows';
      if (r === undefined) return 'widens';
      if (r === b) return 'none';
      return r > b === LOWER_BOUNDS.includes(p) ? 'narrows' : 'widens';
    }
    if (p === 'enum') {
      if (b === undefined) return 'narrows';
      if (r === undefined) return 'widens';
      const lost = asArray(b).some((v) => !asArray(r).some((w) => JSON.stringify(w) === JSON.stringify(v)));
      const gained = asArray(r).some((v) => !asArray(b).some((w) => JSON.stringify(w) === JSON.stringify(v)));
      return lost && gained ? 'both' : lost ? 'narrows' : gained ? 'widens' : 'none';
    }
    if (p === 'required') {
      if (typeof b === 'boolean' || typeof r === 'boolean') return r === true ? 'narrows' : 'widens';
      const added = asArray(r).some((v) => !asArray(b).includes(v));
      const removed = asArray(b).some((v) => !asArray(r).includes(v));
      return added && removed ? 'both' : added ? 'narrows' : removed ? 'widens' : 'none';
    }
    if (p === 'type') {
      /** @param {Parsed[]} types @param {Parsed} t */
      const admits = (types, t) => types.includes(t) || (t === 'integer' && types.includes('number'));
      const before = asArray(b);
      const after = asArray(r);
      if (before.length === 0) return 'narrows';
      if (after.length === 0) return 'widens';
      const lost = before.some((t) => !admits(after, t));
      const gained = after.some((t) => !admits(before, t));
      return lost && gained ? 'both' : lost ? 'narrows' : gained ? 'widens' : 'none';
    }
    if (p === 'nullable') return r === true ? 'widens' : 'narrows';
    if (CLOSING_FLAGS.includes(p)) {
      if (r === false && b !== false) return 'narrows';
      if (b === false && r !== false) return 'widens';
      return 'both';
    }
    if (p === 'uniqueItems') return r === true ? 'narrows' : 'widens';
    if (VALUE_KEYWORDS.includes(p)) return b === undefined ? 'narrows' : r === undefined ? 'widens' : 'both';
    if (DOC_KEYWORDS.includes(p) || p === 'deprecated' || p === 'default' || p.startsWith('x-')) return 'none';
    return null;
  }
  const segments = pointerSegments(change.path);
  const parent = segments[segments.length - 2];
  if (change.typeName === 'Schema' && (kind === 'added' || kind === 'removed')) {
    if (parent === 'anyOf' || parent === 'oneOf') return kind === 'added' ? 'widens' : 'narrows';
    if (parent === 'allOf') return kind === 'added' ? 'narrows' : 'widens';
    if (parent === 'properties') return kind === 'added' ? 'widens' : 'narrows';
  }
  return null;
}

/**
 * In which directions a change that Redocly rates `major` breaks a client.
 * @param {Change} change
 * @param {string | null} rule the Redocly rule of its verdict
 * @param {Spec} baseSpec
 * @returns {Set<Direction>}
 */
export function breakingDirections(change, rule, baseSpec) {
  /** @type {Set<Direction>} */
  const request = new Set(['request']);
  /** @type {Set<Direction>} */
  const response = new Set(['response']);
  switch (rule) {
    case 'enum-values-removed':
    case 'required-properties-added':
    case 'parameter-became-required':
    case 'parameter-removed':
    case 'parameter-serialization-changed':
    case 'request-body-removed':
    case 'request-body-became-required':
      return request;
    case 'enum-values-added':
    case 'required-properties-removed':
    case 'response-removed':
    case 'response-header-removed':
      return response;
    case 'property-removed': {
      // A removed property breaks a request only when its object is closed.
      const segments = pointerSegments(change.base?.pointer);
      const parent = change.base ? get(baseSpec.files.get(change.base.file), segments.slice(0, -2)) : undefined;
      const closed = parent && (parent.additionalProperties === false || parent.unevaluatedProperties === false);
      return closed ? new Set(['request', 'response']) : response;
    }
    case 'schema-type-changed':
    case 'schema-constraint-changed':
    case 'schema-combinator-changed': {
      const e = effect(change);
      if (e === 'narrows') return request;
      if (e === 'widens') return response;
      return new Set(['request', 'response']);
    }
    default:
      return new Set(['request', 'response', 'operation']);
  }
}

const SCHEMA_RULES = new Set(['schema-type-changed', 'schema-constraint-changed', 'schema-combinator-changed']);

/**
 * Whether a schema change that Redocly rates breaking without a direction provably accepts every
 * value the base schema did (see schema-subset.js): the schema it changed, compared whole.
 * @param {Change} change
 * @param {string | null} rule
 * @param {Spec} baseSpec
 * @param {Spec} revisionSpec
 */
export function provenWider(change, rule, baseSpec, revisionSpec) {
  if (rule === null || !SCHEMA_RULES.has(rule)) return false;
  const segments = pointerSegments(change.path);
  const combinator =
    ['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(segments.at(-2) ?? '') && /^\d+$/.test(segments.at(-1) ?? '');
  const owner = segments.slice(0, combinator ? -2 : -1);
  const before = schemaAt(baseSpec, owner);
  const after = schemaAt(revisionSpec, owner);
  return before !== undefined && after !== undefined && accepts(before, after);
}
