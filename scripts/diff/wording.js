// The words of the report: where a change is (`request field …`, `response 200 field …`, `query
// parameter …`, `operation`), what changed (`maxLength 255 → 100`, `enum gained …`), and why it
// breaks a client or not, in the direction the rating gave it.
import { HTTP_METHODS as METHODS } from '../openapi.js';
import { CLOSING_FLAGS, DOC_KEYWORDS, asArray, effect } from './rate.js';
import { pointerSegments } from './spec.js';

/** @typedef {import('./spec.js').Parsed} Parsed */
/** @typedef {import('./redocly.js').Change} Change */
/** @typedef {import('./index-operations.js').Direction} Direction */
/** @typedef {import('./index-operations.js').Found['use']} Use */

/**
 * Schema path → the field it names: properties/a/items/properties/b → a[].b
 * @param {string[]} segments
 */
function fieldName(segments) {
  /** @type {string[]} */
  const parts = [];
  /** @param {string} suffix */
  const appendToLast = (suffix) => {
    if (parts.length > 0) parts[parts.length - 1] += suffix;
    else parts.push(suffix);
  };
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] ?? '';
    const next = segments[i + 1];
    if ((s === 'properties' || s === 'patternProperties') && next !== undefined) {
      parts.push(s === 'properties' ? next : `<${next}>`);
      i++;
    } else if (s === 'items') {
      appendToLast('[]');
    } else if (s === 'prefixItems' && next !== undefined) {
      appendToLast(`[${next}]`);
      i++;
    } else if (s === 'additionalProperties' || s === 'unevaluatedProperties') {
      if (i + 1 < segments.length) parts.push('*');
    } else if (['oneOf', 'anyOf', 'allOf', 'dependentSchemas', '$defs', 'definitions'].includes(s)) {
      i++;
    } else if (['if', 'then', 'else', 'not'].includes(s) && i < segments.length - 1) {
      parts.push(`(${s})`);
    }
  }
  // A conditional keyword on the way qualifies the field: `kind` (in `if`).
  const within = parts.filter((p) => /^\(.*\)$/.test(p)).map((q) => q.slice(1, -1));
  const name = parts.filter((p) => !/^\(.*\)$/.test(p)).join('.');
  return { name, within: within.length ? ` (in ${within.map((w) => `\`${w}\``).join(', ')})` : '' };
}

/**
 * Where a change is, as the report names it: `request field \`a.b\``, `response 200 body`, ….
 * @param {Use} use
 * @param {string[]} rest the change's pointer below the use
 */
export function whereText(use, rest) {
  const text = placeText(use, rest);
  return use.where.prefix ? `${use.where.prefix}${text}` : text;
}

/**
 * @param {Use} use
 * @param {string[]} rest
 */
function placeText(use, rest) {
  const where = use.where;
  if (where.part === 'path' || where.part === 'operation') return 'operation';
  if (where.part === 'security') return where.name ? `security scheme \`${where.name}\`` : 'security';
  const { name: field, within } = use.schemaPath ? fieldName([...use.schemaPath, ...rest]) : { name: '', within: '' };
  if (where.part === 'parameter') {
    const name = `${where.in ?? ''} parameter \`${where.name ?? '?'}\``.trim();
    return (field ? `${name} field \`${field}\`` : name) + within;
  }
  if (where.part === 'body') {
    if (use.schemaPath === null) return 'request body';
    return (field ? `request field \`${field}\`` : 'request body') + within;
  }
  if (where.part === 'response') {
    if (use.schemaPath === null) return `response ${where.status}`;
    return (field ? `response ${where.status} field \`${field}\`` : `response ${where.status} body`) + within;
  }
  if (where.part === 'header') return `response ${where.status} header \`${where.name}\``;
  return 'operation';
}

/**
 * A value in a line of the report, cut at 60 characters.
 * @param {Parsed} value
 */
function show(value) {
  if (value === undefined) return 'none';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** @param {Parsed[]} values */
const list = (values) => values.map((v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``).join(', ');

/**
 * Whether an added property is in its object's `required` list in the revision.
 * @param {Change} change
 */
function isAddedRequired(change) {
  const segments = pointerSegments(change.path);
  const parent = change.revisionParent;
  return Array.isArray(parent?.required) && parent.required.includes(segments[segments.length - 1]);
}

/**
 * What changed, for one use of the changed place.
 * @param {Change} change
 * @param {Use} use
 */
export function whatText(change, use) {
  const { kind, property: p, typeName } = change;
  const b = change.base?.value;
  const r = change.revision?.value;
  const segments = pointerSegments(change.path);
  const last = segments[segments.length - 1];
  if (kind === 'removed' || kind === 'added') {
    const verb = kind;
    if (typeName === 'PathItem' || (segments.length === 2 && ['paths', 'webhooks'].includes(segments[0] ?? '')))
      return kind === 'added' ? 'new operation' : `operation ${verb} (path ${segments[1]} ${verb})`;
    if (typeName === 'Operation' || METHODS.includes(last ?? ''))
      return kind === 'added' ? 'new operation' : `operation ${verb}`;
    if (typeName === 'Schema' && segments[segments.length - 2] === 'properties') {
      if (kind === 'removed') return 'removed';
      const value = change.revision?.value;
      const type = value && typeof value === 'object' && value.type ? ` ${asArray(value.type).join(' | ')}` : '';
      return `added (${isAddedRequired(change) ? 'required' : 'optional'}${type})`;
    }
    if (typeName === 'Schema' && ['oneOf', 'anyOf', 'allOf'].includes(segments[segments.length - 2] ?? '')) {
      return `\`${segments[segments.length - 2]}\` subschema ${show(kind === 'added' ? r : b)} ${verb}`;
    }
    if (
      use.where.part === 'parameter' ||
      use.where.part === 'header' ||
      typeName === 'Response' ||
      typeName === 'RequestBody'
    )
      return verb;
    const name = typeName ? typeName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : 'item';
    return `${name} \`${last}\` ${verb}`;
  }
  if (!p) return `${typeName ?? 'item'} changed`;
  if (typeName === 'SecurityRequirement') {
    if (b === undefined) return `security: scheme \`${p}\` now required`;
    if (r === undefined) return `security: scheme \`${p}\` no longer required`;
    return `security: scopes of \`${p}\` ${show(b)} → ${show(r)}`;
  }
  if (p === 'enum') {
    const lost = asArray(b).filter((v) => !asArray(r).some((w) => JSON.stringify(w) === JSON.stringify(v)));
    const gained = asArray(r).filter((v) => !asArray(b).some((w) => JSON.stringify(w) === JSON.stringify(v)));
    if (b === undefined) return `enum set to ${list(asArray(r))}`;
    if (r === undefined) return 'enum removed';
    return [lost.length ? `enum lost ${list(lost)}` : '', gained.length ? `enum gained ${list(gained)}` : '']
      .filter(Boolean)
      .join(', ');
  }
  if (p === 'required' && (typeof b === 'boolean' || typeof r === 'boolean'))
    return r === true ? 'became required' : 'became optional';
  if (p === 'required') {
    const added = asArray(r).filter((v) => !asArray(b).includes(v));
    const removed = asArray(b).filter((v) => !asArray(r).includes(v));
    return [
      added.length ? `now requires ${list(added)}` : '',
      removed.length ? `no longer requires ${list(removed)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
  }
  if (p === 'type') return `type ${asArray(b).join(' | ') || 'any'} → ${asArray(r).join(' | ') || 'any'}`;
  if (p === 'deprecated') return r === true ? 'deprecated' : 'no longer deprecated';
  if (CLOSING_FLAGS.includes(p) && (r === false || b === false)) {
    if (r === false) return `closed (${p}: false${b === undefined ? ' added' : `, was ${show(b)}`})`;
    return `opened (${p}: false ${r === undefined ? 'removed' : `→ ${show(r)}`})`;
  }
  if (['description', 'summary', 'title'].includes(p)) return `${p} changed`;
  if (p === 'key' && typeName === 'Schema') return `renamed ${show(b)} → ${show(r)}`;
  if (b === undefined) return `${p} ${show(r)} added`;
  if (r === undefined) return `${p} ${show(b)} removed`;
  return `${p} ${show(b)} → ${show(r)}`;
}

/**
 * Why a change breaks a client or not, in one direction.
 * @param {Change} change
 * @param {string | null} rule
 * @param {Direction} direction
 * @param {boolean} breaking
 * @param {string | null | undefined} redoclyMessage
 */
export function reasonText(change, rule, direction, breaking, redoclyMessage) {
  const e = effect(change);
  const { kind, property: p } = change;
  const segments = pointerSegments(change.path);
  const isOperation =
    change.typeName === 'Operation' ||
    change.typeName === 'PathItem' ||
    (segments.length <= 3 && segments[0] === 'paths' && (segments.length === 2 || METHODS.includes(segments[2] ?? '')));
  if (isOperation && kind === 'removed') return 'a client that calls it gets an error';
  if (isOperation && kind === 'added') return 'existing clients are unaffected';
  if (p === 'deprecated') return 'a notice only: the operation still works';
  if ((p ?? segments[segments.length - 1] ?? '').startsWith('x-')) return 'a vendor extension: documentation only';
  if (p === 'operationId')
    return breaking ? 'generated clients name their method after the operationId' : 'the operationId is only a name';
  if (breaking) {
    switch (rule) {
      case 'required-properties-added':
      case 'parameter-became-required':
      case 'request-body-became-required':
        return 'a client that omits it is rejected';
      case 'enum-values-removed':
        return 'a client that sends a removed value is rejected';
      case 'enum-values-added':
        return 'a client may receive a value it does not handle';
      case 'property-removed':
        return direction === 'request'
          ? 'the object is closed, so a client that still sends it is rejected'
          : 'a client that reads it finds nothing';
      case 'required-properties-removed':
        return 'a client may receive an object without it';
      case 'parameter-removed':
        return 'a client that sends it is no longer understood';
      case 'response-removed':
        return 'a client that expects this response no longer gets it';
      case 'security-requirement-changed':
      case 'security-scheme-changed':
        return 'a client with the old credentials may be refused';
      default:
        break;
    }
    if (direction === 'request') {
      if (p !== undefined && CLOSING_FLAGS.includes(p) && change.revision?.value === false)
        return 'narrows what a client may send: any field not listed is rejected';
      if (rule === 'schema-type-changed') return 'narrows what a client may send: a value of the old type is rejected';
      if (e === 'both' || e === null) return 'changes what a client may send: a value that was valid can be rejected';
      return 'narrows what a client may send';
    }
    if (direction === 'response') {
      if (rule === 'schema-type-changed')
        return 'widens what a client may receive: a value of the new type can surprise it';
      if (e === 'both' || e === null) return 'changes what a client may receive: it can get a value it did not expect';
      return 'widens what a client may receive';
    }
    return redoclyMessage ?? 'breaks a client';
  }
  if (e === 'none' || (p && DOC_KEYWORDS.includes(p)))
    return p === 'default' ? 'does not change which values are valid' : 'documentation only';
  if (direction === 'request') {
    if (kind === 'added' && segments[segments.length - 2] === 'properties') {
      return isAddedRequired(change)
        ? 'a new field; requiring it is reported on its object'
        : 'a new optional field: a client that does not send it is unaffected';
    }
    if (kind === 'removed' && segments[segments.length - 2] === 'properties')
      return 'the object stays open, so a client that still sends it is not rejected';
    if (e === 'widens' || change.provenWider) return 'widens what a client may send';
  }
  if (direction === 'response') {
    if (kind === 'added' && segments[segments.length - 2] === 'properties')
      return 'adds to a response: a client that does not read it is unaffected';
    if (e === 'narrows') return 'narrows a response: every value a client can now receive was valid before';
  }
  if (e === 'narrows' || e === 'widens' || e === 'both')
    return `no breaking rule applies (Redocly rates it ${change.impact})`;
  return change.impact === 'minor' ? 'adds to the API' : 'does not change which requests or responses are valid';
}

/**
 * What changed, for a change that no operation reaches (info, servers, unused components).
 * @param {Change} change
 */
export function describeDocumentChange(change) {
  const segments = pointerSegments(change.path);
  const where = segments.length > 0 ? segments.join('.') : 'document';
  const b = change.base?.value;
  const r = change.revision?.value;
  if (change.kind === 'added') return `${where}${change.property ? `.${change.property}` : ''} added`;
  if (change.kind === 'removed') return `${where}${change.property ? `.${change.property}` : ''} removed`;
  if (change.property && ['description', 'summary', 'title'].includes(change.property))
    return `${where}.${change.property} changed`;
  if (change.property && b === undefined) return `${where}.${change.property} ${show(r)} added`;
  if (change.property && r === undefined) return `${where}.${change.property} ${show(b)} removed`;
  if (change.property) return `${where}.${change.property} ${show(b)} → ${show(r)}`;
  return `${where} changed`;
}
