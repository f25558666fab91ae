// House rules of the contract that Redocly's configurable rules cannot express,
// because they need to follow $refs from a request body down to its leaves.

/** @typedef {import('./openapi.js').Parsed} Parsed */

// What of Redocly's plugin API these rules use (the walk's context, its locations, its resolver).
/**
 * A place in a document, as Redocly reports it.
 * @typedef {object} Location
 * @property {{ absoluteRef: string }} source
 * @property {string} pointer
 * @property {() => Location} key the location of the key rather than of the value
 * @property {(path: string | number | (string | number)[]) => Location} child
 */
/** @typedef {{ node: Parsed, location: Location } | { node: undefined, location: undefined }} Resolved */
/**
 * @typedef {object} Context
 * @property {(problem: { message: string, location: Location }) => void} report
 * @property {(node: Parsed, from?: string) => Resolved} resolve
 * @property {Location} location
 */

const BOUND_KEYWORDS = ['maxLength', 'enum', 'const', 'format', 'pattern'];

/** @param {Parsed} schema */
function isString(schema) {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/**
 * The subschemas of a schema, each with the key path that leads to it.
 * @param {Parsed} schema
 * @returns {Generator<[(string | number)[], Parsed]>}
 */
function* subschemas(schema) {
  for (const [name, child] of Object.entries(schema.properties ?? {})) yield [['properties', name], child];
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else']) {
    if (schema[key] && typeof schema[key] === 'object') yield [[key], schema[key]];
  }
  for (const key of ['oneOf', 'anyOf', 'allOf', 'prefixItems']) {
    for (const [i, child] of (schema[key] ?? []).entries()) yield [[key, i], child];
  }
}

/** Every string a client sends has a bound, or says in `x-not-shown` that none is given (docs/gap-policy.md: no invented bounds). */
function RequestStringsBounded() {
  /**
   * @param {Parsed} root
   * @param {Location} rootLocation
   * @param {Context} ctx
   */
  const checkTree = (root, rootLocation, { report, resolve }) => {
    const seen = new Set();
    /**
     * @param {Parsed} node
     * @param {Location} location
     * @returns {void}
     */
    const visit = (node, location) => {
      if (node && typeof node.$ref === 'string') {
        const target = resolve(node, location.source.absoluteRef);
        if (!target.node || !target.location) return; // no-unresolved-refs reports it
        return visit(target.node, target.location);
      }
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      if (isString(node) && !BOUND_KEYWORDS.some((k) => k in node) && !('x-not-shown' in node)) {
        report({
          message: `A request string needs a bound (${BOUND_KEYWORDS.join(', ')}) or an \`x-not-shown\` entry that says none is given.`,
          location: location.key(),
        });
      }
      for (const [path, child] of subschemas(node)) visit(child, location.child(path));
    };
    visit(root, rootLocation);
  };
  return {
    /** @param {Parsed} mediaType @param {Context} ctx */
    MediaType(mediaType, ctx) {
      // Only request bodies: the walk path of a request's media type goes through `requestBody`.
      if (
        !ctx.location.pointer.includes('/requestBody/') &&
        !ctx.location.pointer.startsWith('#/components/requestBodies')
      )
        return;
      if (mediaType.schema) checkTree(mediaType.schema, ctx.location.child('schema'), ctx);
    },
    /** @param {Parsed} parameter @param {Context} ctx */
    Parameter(parameter, ctx) {
      if (parameter.schema) checkTree(parameter.schema, ctx.location.child('schema'), ctx);
    },
  };
}

/** `x-not-shown` is the one place gaps are recorded: a non-empty list of sentences. */
function NotShownIsAList() {
  /** @param {Parsed} node @param {Context} ctx */
  const check = (node, { report, location }) => {
    if (!('x-not-shown' in node)) return;
    const value = node['x-not-shown'];
    const ok =
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((/** @type {unknown} */ entry) => typeof entry === 'string' && entry.trim().length > 0);
    if (!ok) {
      report({
        message: '`x-not-shown` must be a non-empty list of non-empty strings, one per gap.',
        location: location.child('x-not-shown'),
      });
    }
  };
  return { Info: check, Operation: check, Schema: check, SecurityScheme: check };
}

/** Every operation's 422 response carries the API's own HTTPValidationError body. */
function ValidationErrorBody() {
  return {
    /** @param {Parsed} operation @param {Context} ctx */
    Operation(operation, { report, location, resolve }) {
      const response = operation.responses?.['422'];
      if (!response) return; // rule/operation-200-and-422 reports the missing response
      const resolved = resolve(response);
      const schema = resolved.node?.content?.['application/json']?.schema;
      const title = schema ? resolve(schema, resolved.location?.source.absoluteRef).node?.title : undefined;
      if (title !== 'HTTPValidationError') {
        report({
          message: 'The 422 response must have an application/json HTTPValidationError body.',
          location: location.child(['responses', '422']),
        });
      }
    },
  };
}

export default function contractPlugin() {
  return {
    id: 'contract',
    rules: {
      oas3: {
        'request-strings-bounded': RequestStringsBounded,
        'x-not-shown-is-a-list': NotShownIsAList,
        'validation-error-body': ValidationErrorBody,
      },
    },
  };
}
