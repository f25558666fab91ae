// House rules of the contract that Redocly's configurable rules cannot express,
// because they need to follow $refs from a request body down to its leaves.

const BOUND_KEYWORDS = ['maxLength', 'enum', 'const', 'format', 'pattern'];

function isString(schema) {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** The subschemas of a schema, each with the key path that leads to it. */
function* subschemas(schema) {
  for (const [name, child] of Object.entries(schema.properties ?? {})) yield [['properties', name], child];
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else']) {
    if (schema[key] && typeof schema[key] === 'object') yield [[key], schema[key]];
  }
  for (const key of ['oneOf', 'anyOf', 'allOf', 'prefixItems']) {
    for (const [i, child] of (schema[key] ?? []).entries()) yield [[key, i], child];
  }
}

/** Every string a client sends has a bound from the seed, or says in `x-not-shown` that the seed gives none. */
function RequestStringsBounded() {
  const checkTree = (root, rootLocation, { report, resolve }) => {
    const seen = new Set();
    const visit = (node, location) => {
      if (node && typeof node.$ref === 'string') {
        const target = resolve(node, location.source.absoluteRef);
        if (!target.node) return; // no-unresolved-refs reports it
        return visit(target.node, target.location);
      }
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      if (isString(node) && !BOUND_KEYWORDS.some((k) => k in node) && !('x-not-shown' in node)) {
        report({
          message: `A request string needs a bound (${BOUND_KEYWORDS.join(', ')}) or an \`x-not-shown\` entry that says the seed gives none.`,
          location: location.key(),
        });
      }
      for (const [path, child] of subschemas(node)) visit(child, location.child(path));
    };
    visit(root, rootLocation);
  };
  return {
    MediaType(mediaType, ctx) {
      // Only request bodies: the walk path of a request's media type goes through `requestBody`.
      if (!ctx.location.pointer.includes('/requestBody/') && !ctx.location.pointer.startsWith('#/components/requestBodies'))
        return;
      if (mediaType.schema) checkTree(mediaType.schema, ctx.location.child('schema'), ctx);
    },
    Parameter(parameter, ctx) {
      if (parameter.schema) checkTree(parameter.schema, ctx.location.child('schema'), ctx);
    },
  };
}

/** `x-not-shown` is the one place gaps are recorded: a non-empty list of sentences. */
function NotShownIsAList() {
  const check = (node, { report, location }) => {
    if (!('x-not-shown' in node)) return;
    const value = node['x-not-shown'];
    const ok =
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((entry) => typeof entry === 'string' && entry.trim().length > 0);
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
    Operation(operation, { report, location, resolve }) {
      const response = operation.responses?.['422'];
      if (!response) return; // rule/operation-200-and-422 reports the missing response
      const resolved = resolve(response);
      const schema = resolved.node?.content?.['application/json']?.schema;
      const title = schema
        ? resolve(schema, resolved.location?.source.absoluteRef).node?.title
        : undefined;
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
