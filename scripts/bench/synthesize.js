// Synthesizes a bigger spec from the bundled one: `factor` copies of the seven operations, copy
// k > 1 under `/v2/copy{k}/…` with operationIds and every component name (schemas, parameters,
// responses, …; not the security schemes, which stay shared) suffixed `C{k}` and every $ref
// rewritten to the suffixed name. Copy 1 is the original, so factor 1 is the spec itself.

import { operationsOf } from '../openapi.js';

/** @typedef {import('../openapi.js').Parsed} Parsed */

const SHARED_COMPONENTS = new Set(['securitySchemes']);

/**
 * A copy of `value` with every `$ref` renamed.
 * @param {Parsed} value
 * @param {(ref: string) => string} rename
 * @returns {Parsed}
 */
function rewriteRefs(value, rename) {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (!value || typeof value !== 'object') return value;
  /** @type {Record<string, Parsed>} */
  const out = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof child === 'string' ? rename(child) : rewriteRefs(child, rename);
  }
  return out;
}

/**
 * Copy `k` of the operations and components of `document`.
 * @param {Parsed} document
 * @param {number} k
 */
function copyOf(document, k) {
  const suffix = `C${k}`;
  /** @param {string} ref */
  const rename = (ref) => {
    const match = /^#\/components\/([^/]+)\/([^/]+)(.*)$/.exec(ref);
    if (!match || SHARED_COMPONENTS.has(match[1] ?? '')) return ref;
    return `#/components/${match[1]}/${match[2]}${suffix}${match[3]}`;
  };
  /** @type {Record<string, Parsed>} */
  const paths = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const copy = rewriteRefs(item, rename);
    for (const operation of Object.values(copy)) {
      if (operation && typeof operation === 'object' && typeof operation.operationId === 'string') {
        operation.operationId = `${operation.operationId}${suffix}`;
      }
    }
    paths[path.replace(/^\/v2\//, `/v2/copy${k}/`)] = copy;
  }
  /** @type {Record<string, Parsed>} */
  const components = {};
  for (const [kind, entries] of Object.entries(document.components ?? {})) {
    if (SHARED_COMPONENTS.has(kind)) continue;
    components[kind] = Object.fromEntries(
      Object.entries(entries).map(([name, value]) => [`${name}${suffix}`, rewriteRefs(value, rename)]),
    );
  }
  return { paths, components };
}

/**
 * The spec with `factor` × its operations.
 * @param {Parsed} document
 * @param {number} factor
 * @returns {Parsed}
 */
export function synthesize(document, factor) {
  const out = structuredClone(document);
  for (let k = 2; k <= factor; k++) {
    const { paths, components } = copyOf(document, k);
    Object.assign(out.paths, paths);
    for (const [kind, entries] of Object.entries(components)) Object.assign((out.components[kind] ??= {}), entries);
  }
  return out;
}

/** @param {Parsed} document */
export function countOperations(document) {
  return [...operationsOf(document)].length;
}
