// Which operation reaches which place of a spec (file + JSON pointer), and in which direction. The
// $refs are walked from every operation (and webhook, and callback), so that a change of a shared
// component is attributed to every operation that uses it, each in its own direction: Redocly names
// only the first operation that reaches it.
import { HTTP_METHODS as METHODS } from '../openapi.js';

/** @typedef {import('./spec.js').Spec} Spec */
/** @typedef {import('./spec.js').Parsed} Parsed */
/** @typedef {import('./spec.js').Place} Place */

/**
 * Request: what a client sends; response: what it receives; operation: the operation itself.
 * @typedef {'request' | 'response' | 'operation'} Direction
 */

/**
 * Where in an operation a use is, for the report's wording.
 * @typedef {object} Where
 * @property {'operation' | 'path' | 'parameter' | 'body' | 'response' | 'header' | 'security'} part
 * @property {string} [name] the parameter, header or security scheme
 * @property {string} [in] the parameter's location
 * @property {string} [status] the response's status
 * @property {string} [mediaType]
 * @property {string} [prefix] names the callback the use is in
 */

/**
 * Operation `op` reaches the node at (file, segments) in `direction`, at the place `where`;
 * `schemaPath` is the path from the body or parameter schema root to that node (null outside a schema).
 * @typedef {object} Use
 * @property {string} op the operation's key: `METHOD path`
 * @property {string} file
 * @property {string[]} segments
 * @property {Direction} direction
 * @property {Where} where
 * @property {string[] | null} schemaPath
 * @property {'node' | 'path'} kind `path`: the path item, which its other methods do not share
 */

/** @typedef {{ key: string, method: string, path: string, operationId: string | null }} OperationInfo */
/** @typedef {{ operations: Map<string, OperationInfo>, uses: Use[] }} OperationIndex */

/**
 * Walks every operation of a spec through its $refs, recording each place it reaches as a Use.
 * @param {Spec} spec
 * @returns {OperationIndex}
 */
export function indexOperations(spec) {
  /** @type {Map<string, OperationInfo>} */
  const operations = new Map();
  /** @type {Use[]} */
  const uses = [];
  const root = spec.root;
  const rootFile = spec.rootFile;

  /**
   * @param {string} op
   * @param {string} file
   * @param {string[]} segments
   * @param {Direction} direction
   * @param {Where} where
   * @param {string[] | null} [schemaPath]
   * @param {Use['kind']} [kind]
   */
  const record = (op, file, segments, direction, where, schemaPath = null, kind = 'node') =>
    uses.push({ op, file, segments, direction, where, schemaPath, kind });

  /**
   * The $ref chain from a node: every hop, the last one being the target (undefined for a remote URL).
   * @param {Parsed} node
   * @param {string} file
   * @param {string[]} segments
   * @returns {{ hops: Place[], target: Place | undefined }}
   */
  const chase = (node, file, segments) => {
    /** @type {Place} */
    let current = { node, file, segments };
    const hops = [current];
    const seen = new Set();
    while (current.node && typeof current.node === 'object' && typeof current.node.$ref === 'string') {
      const key = `${current.file}#${current.segments.join('/')}`;
      if (seen.has(key)) break;
      seen.add(key);
      const next = spec.resolveRef(current.node.$ref, current.file);
      if (!next) return { hops, target: undefined };
      current = next;
      hops.push(current);
    }
    return { hops, target: current };
  };

  /**
   * Follows $ref chains, recording each hop; returns the target.
   * @param {string} op
   * @param {Parsed} node
   * @param {string} file
   * @param {string[]} segments
   * @param {Direction} direction
   * @param {Where} where
   * @param {string[] | null} schemaPath
   */
  const follow = (op, node, file, segments, direction, where, schemaPath) => {
    const { hops, target } = chase(node, file, segments);
    for (const hop of hops) record(op, hop.file, hop.segments, direction, where, schemaPath);
    return target;
  };

  const SKIP = new Set(['example', 'examples', 'default', 'const', 'enum', 'description', 'title']);
  /**
   * @param {string} op
   * @param {Parsed} node
   * @param {string} file
   * @param {string[]} segments
   * @param {Direction} direction
   * @param {Where} where
   * @param {string[]} schemaPath
   * @param {Set<string>} seen
   */
  const walkSchema = (op, node, file, segments, direction, where, schemaPath, seen) => {
    // Recorded: the schema root and each $ref hop. A change inside a schema is placed by the closest
    // of these plus the rest of its pointer, so a schema reached by two paths is named by both.
    const { hops, target } = chase(node, file, segments);
    if (schemaPath.length === 0 || hops.length > 1)
      for (const hop of hops) record(op, hop.file, hop.segments, direction, where, schemaPath);
    if (!target || !target.node || typeof target.node !== 'object') return;
    // Each node is walked once per body or parameter: a schema reached again (a recursive schema, or
    // one used twice) is recorded by `follow` but not walked again.
    const key = `${target.file}#${target.segments.join('/')}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const [k, value] of Object.entries(target.node)) {
      if (SKIP.has(k) || k.startsWith('x-') || value === null || typeof value !== 'object') continue;
      if (['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'].includes(k)) {
        for (const [name, sub] of Object.entries(value)) {
          walkSchema(
            op,
            sub,
            target.file,
            [...target.segments, k, name],
            direction,
            where,
            [...schemaPath, k, name],
            seen,
          );
        }
      } else if (Array.isArray(value)) {
        value.forEach((sub, i) =>
          walkSchema(
            op,
            sub,
            target.file,
            [...target.segments, k, String(i)],
            direction,
            where,
            [...schemaPath, k, String(i)],
            seen,
          ),
        );
      } else {
        walkSchema(op, value, target.file, [...target.segments, k], direction, where, [...schemaPath, k], seen);
      }
    }
  };

  /**
   * @param {string} op
   * @param {Parsed} content
   * @param {string} file
   * @param {string[]} segments
   * @param {Direction} direction
   * @param {Where} where
   */
  const walkContent = (op, content, file, segments, direction, where) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (media && media.schema) {
        walkSchema(
          op,
          media.schema,
          file,
          [...segments, mediaType, 'schema'],
          direction,
          { ...where, mediaType },
          [],
          new Set(),
        );
      }
    }
  };

  /**
   * Walks one operation. In webhooks and callbacks the API sends the request and the client answers,
   * so `invert` swaps the directions; `prefix` names the callback in the report.
   * @param {string} op
   * @param {Parsed} operation
   * @param {Place} item the path item
   * @param {string[]} opSegments
   * @param {boolean} [invert]
   * @param {string} [prefix]
   */
  const walkOperation = (op, operation, item, opSegments, invert = false, prefix = '') => {
    /** @param {'request' | 'response'} d @returns {Direction} */
    const dir = (d) => (invert ? (d === 'request' ? 'response' : 'request') : d);
    /** @param {Where} where @returns {Where} */
    const at = (where) => (prefix ? { ...where, prefix } : where);
    record(op, item.file, opSegments, 'operation', at({ part: 'operation' }), null);
    /** @param {Parsed} node @param {string} file @param {string[]} segments */
    const parameter = (node, file, segments) => {
      const { hops, target } = chase(node, file, segments);
      const where = at({ part: 'parameter', name: target?.node?.name, in: target?.node?.in });
      for (const hop of hops) record(op, hop.file, hop.segments, dir('request'), where, null);
      if (!target || !target.node) return;
      if (target.node.schema)
        walkSchema(
          op,
          target.node.schema,
          target.file,
          [...target.segments, 'schema'],
          dir('request'),
          where,
          [],
          new Set(),
        );
      if (target.node.content)
        walkContent(op, target.node.content, target.file, [...target.segments, 'content'], dir('request'), where);
    };
    (item.node.parameters ?? []).forEach((/** @type {Parsed} */ p, /** @type {number} */ i) =>
      parameter(p, item.file, [...item.segments, 'parameters', String(i)]),
    );
    (operation.parameters ?? []).forEach((/** @type {Parsed} */ p, /** @type {number} */ i) =>
      parameter(p, item.file, [...opSegments, 'parameters', String(i)]),
    );
    if (operation.requestBody) {
      const body = follow(
        op,
        operation.requestBody,
        item.file,
        [...opSegments, 'requestBody'],
        dir('request'),
        at({ part: 'body' }),
        null,
      );
      if (body?.node?.content)
        walkContent(
          op,
          body.node.content,
          body.file,
          [...body.segments, 'content'],
          dir('request'),
          at({ part: 'body' }),
        );
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const where = at({ part: 'response', status });
      const target = follow(
        op,
        response,
        item.file,
        [...opSegments, 'responses', status],
        dir('response'),
        where,
        null,
      );
      if (!target?.node) continue;
      if (target.node.content)
        walkContent(op, target.node.content, target.file, [...target.segments, 'content'], dir('response'), where);
      for (const [name, header] of Object.entries(target.node.headers ?? {})) {
        const headerWhere = at({ part: 'header', status, name });
        const h = follow(
          op,
          header,
          target.file,
          [...target.segments, 'headers', name],
          dir('response'),
          headerWhere,
          null,
        );
        if (h?.node?.schema)
          walkSchema(op, h.node.schema, h.file, [...h.segments, 'schema'], dir('response'), headerWhere, [], new Set());
      }
    }
    for (const [name, callback] of Object.entries(operation.callbacks ?? {})) {
      const cb = follow(
        op,
        callback,
        item.file,
        [...opSegments, 'callbacks', name],
        'operation',
        at({ part: 'operation' }),
        null,
      );
      if (!cb) continue;
      for (const [expression, rawCallbackItem] of Object.entries(cb.node ?? {})) {
        const callbackItem = chase(rawCallbackItem, cb.file, [...cb.segments, expression]).target;
        if (!callbackItem) continue;
        for (const method of METHODS) {
          const inner = callbackItem.node?.[method];
          if (inner && typeof inner === 'object')
            walkOperation(
              op,
              inner,
              callbackItem,
              [...callbackItem.segments, method],
              !invert,
              `callback \`${name}\` `,
            );
        }
      }
    }
    if (!prefix && !invert) {
      const security = operation.security ?? root.security ?? [];
      if (!operation.security && root.security)
        record(op, rootFile, ['security'], 'request', { part: 'security' }, null);
      for (const requirement of security) {
        for (const scheme of Object.keys(requirement ?? {})) {
          record(
            op,
            rootFile,
            ['components', 'securitySchemes', scheme],
            'request',
            { part: 'security', name: scheme },
            null,
          );
        }
      }
    }
  };

  /** @type {[section: string, items: Parsed, invert: boolean][]} */
  const groups = [
    ['paths', root.paths, false],
    ['webhooks', root.webhooks, true],
  ];
  for (const [section, items, invert] of groups) {
    for (const [name, rawItem] of Object.entries(items ?? {})) {
      if (!rawItem || typeof rawItem !== 'object') continue;
      /** @type {Place | undefined} */
      const item =
        typeof rawItem.$ref === 'string'
          ? spec.resolveRef(rawItem.$ref, rootFile)
          : { node: rawItem, file: rootFile, segments: [section, name] };
      if (!item) continue;
      for (const method of METHODS) {
        const operation = item.node[method];
        if (!operation || typeof operation !== 'object') continue;
        const path = section === 'paths' ? name : `webhook ${name}`;
        const op = `${method.toUpperCase()} ${path}`;
        operations.set(op, { key: op, method: method.toUpperCase(), path, operationId: operation.operationId ?? null });
        // The path item (its entry in the root and its own file) belongs to each of its operations,
        // except the parts that belong to its other methods.
        record(op, rootFile, [section, name], 'operation', { part: 'path' }, null, 'path');
        if (item.file !== rootFile || item.segments.join('/') !== [section, name].join('/')) {
          record(op, item.file, item.segments, 'operation', { part: 'path' }, null, 'path');
        }
        walkOperation(op, operation, item, [...item.segments, method], invert);
      }
    }
  }
  return { operations, uses };
}

/**
 * A use of an operation at a place, and the rest of the place's pointer below it.
 * @typedef {{ use: Pick<Use, 'op' | 'direction' | 'where' | 'schemaPath'>, rest: string[] }} Found
 */

/**
 * The uses of the operations that reach (file, segments): per operation, the closest ones.
 * @param {OperationIndex} index
 * @param {string} file
 * @param {string[]} segments
 * @returns {Found[]}
 */
export function usesAt(index, file, segments) {
  /** @type {Map<string, { length: number, uses: Found[] }>} */
  const best = new Map();
  for (const use of index.uses) {
    if (use.file !== file || use.segments.length > segments.length) continue;
    if (!use.segments.every((s, i) => s === segments[i])) continue;
    const rest = segments.slice(use.segments.length);
    if (use.kind === 'path' && rest.length > 0 && METHODS.includes(rest[0] ?? '')) continue;
    const current = best.get(use.op);
    if (!current || use.segments.length > current.length)
      best.set(use.op, { length: use.segments.length, uses: [{ use, rest }] });
    else if (use.segments.length === current.length) current.uses.push({ use, rest });
  }
  return [...best.values()].flatMap((entry) => entry.uses);
}
