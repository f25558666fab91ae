// Responses that reflect the request. Prism picks the response and its named example (or, with
// --dynamic, generates one); this module overwrites, in a copy of it, what the request determines:
//
//  - Defaults: the request body with the `default`s of its schema applied (the branch of a union
//    the body takes), so what is echoed is what the service would have saved.
//  - Echo (generic, from the spec): the response object that declares the most of the request
//    body's fields (the response itself, `data` of the Signals PUT, `luna3_scorer` of the scorer
//    version) gets the request's values of those fields; how an absent field is treated follows the
//    method: PUT replaces the whole resource (absent → the request schema's `default`, null when
//    nullable, [] for a list, the defaults of an object), PATCH changes only what it names (absent
//    → unchanged, i.e. the example's), POST echoes what was sent (absent → omitted, unless the
//    response requires it). Path parameters are echoed into properties of the same name; the last
//    path parameter `X_id` becomes `id` of a response that has no `X_id` (the resource acted on).
//  - Per operation, what the API answers beyond that: the operation's `answer` rule (../rules/).
//
// Fields the request does not determine keep the example's values. Prism validates the result
// against the response schema; the server sends the example instead if it were not valid.

import { operationRules, type Answer } from '../../rules/index.js';
import { isObject } from '../../shared/json.js';
import { LimitError } from '../common/limits.js';
import type { Validator } from './pydantic.js';
import type { Operation, Schema, Spec } from '../prism/spec.js';

/** What the echo reads of a request. */
export interface ReflectedRequest {
  pathParams: Record<string, string>;
  body: unknown;
  text: string;
}

export interface Reflector {
  /** The response body for a successful request, reflecting it; `response` (the example, shared) is not modified. */
  reflect(operation: Operation, request: ReflectedRequest, response: unknown): unknown;
  withDefaults(schema: Schema | undefined, value: unknown): unknown;
}

/** `maxResults`: the most items a reflected list that multiplies two lists of the request may get. */
export function createReflector(spec: Spec, validator: Validator, maxResults: number): Reflector {
  const deref = (schema: Schema | undefined): Schema => (isObject(schema) ? spec.deref(schema) : {});

  /** The union branches of a schema, flattened (a branch that is itself a union is expanded). */
  function branches(schema: Schema | undefined): Schema[] {
    const node = deref(schema);
    const union = node.oneOf ?? node.anyOf;
    return Array.isArray(union) ? union.flatMap(branches) : [node];
  }

  /** A property's `default`, on the property itself (next to a `$ref`) or on what it points to. */
  function defaultOf(property: Schema): { value: unknown } | undefined {
    const holder = Object.hasOwn(property, 'default') ? property : deref(property);
    if (!Object.hasOwn(holder, 'default')) return undefined;
    return { value: structuredClone(holder.default) };
  }

  /**
   * `value` with the defaults of `schema` applied: missing properties that have a `default` get it,
   * recursively, through the branch of a union the value takes. Objects come out in the schema's
   * property order, then any other keys. With `only`, the object keeps just those keys: the work
   * on the fields the echo does not read (a trace upload's list of traces) is not done.
   */
  function withDefaults(schema: Schema | undefined, value: unknown, only?: readonly string[]): unknown {
    const node = deref(schema);
    const union = node.oneOf ?? node.anyOf;
    if (Array.isArray(union)) return withDefaults(validator.branchFor(union, value), value, only);
    if (Array.isArray(value) && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      const items = node.items;
      return value.map((item) => withDefaults(items, item));
    }
    if (!isObject(value) || !isObject(node.properties)) return value;
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(node.properties)) {
      if (only && !only.includes(name)) continue;
      if (Object.hasOwn(value, name)) out[name] = withDefaults(property, value[name]);
      else {
        const fallback = defaultOf(property);
        if (fallback) out[name] = fallback.value;
      }
    }
    for (const key of only ?? Object.keys(value))
      if (!Object.hasOwn(out, key) && Object.hasOwn(value, key)) out[key] = value[key];
    return out;
  }

  /** Whether a schema admits null (its `type`, or a branch of its union). */
  function nullable(schema: Schema | undefined): boolean {
    const node = deref(schema);
    const union = node.oneOf ?? node.anyOf;
    return [node.type].flat().includes('null') || (Array.isArray(union) && union.some((b) => deref(b).type === 'null'));
  }

  /**
   * What a replaced resource holds for a field the request did not send: the field's `default`
   * (from any request branch that declares it), null when nullable, [] for a list, the defaults of
   * an object whose fields all have one; undefined when none of these applies. `declarations`: the
   * field's schemas in the request branches.
   */
  function replacement(declarations: Schema[]): { value: unknown } | undefined {
    for (const declaration of declarations) {
      const found = defaultOf(declaration);
      if (found) return found;
    }
    for (const declaration of declarations) {
      const node = deref(declaration);
      const types = [node.type].flat();
      if (nullable(node)) return { value: null };
      if (types.includes('array')) return { value: [] };
      const properties = isObject(node.properties) ? Object.values(node.properties) : [];
      if (types.includes('object') && properties.length > 0 && properties.every((p) => defaultOf(p))) {
        return { value: withDefaults(node, {}) };
      }
    }
    return undefined;
  }

  /**
   * The path (list of property names) of the response object that the request's fields go to: the
   * response itself or one of its object properties, whichever declares the most of `names`.
   */
  function targetPath(responseSchema: Schema | undefined, names: string[]): string[] | undefined {
    const root = deref(responseSchema);
    if (!isObject(root.properties)) return undefined;
    const score = (node: Schema): number =>
      isObject(node.properties) ? names.filter((n) => Object.hasOwn(node.properties as object, n)).length : 0;
    let best: [string[], number] = [[], score(root)];
    for (const [name, property] of Object.entries(root.properties)) {
      const node = deref(property);
      const s = score(node);
      if (s > best[1]) best = [[name], s];
    }
    return best[0];
  }

  /** The schema at a path of property names. */
  const schemaAt = (schema: Schema | undefined, path: string[]): Schema =>
    path.reduce((node, name) => deref(deref(node).properties?.[name]), deref(schema));

  /** A copy of an object with its keys in its schema's property order, then any others. */
  function ordered(object: Record<string, unknown>, schema: Schema): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(schema.properties ?? {})) if (Object.hasOwn(object, key)) out[key] = object[key];
    return Object.assign(out, object); // a key already in `out` keeps its place
  }

  /**
   * What the echo needs of an operation, derived from the spec once: the request fields with their
   * schemas in every request branch, and where in the response they go.
   */
  interface Plan {
    declared: Map<string, Schema[]>;
    path: string[] | undefined;
    rootSchema: Schema;
    targetSchema: Schema;
    targetProperties: Record<string, Schema>;
    targetRequired: string[];
    /** the request fields the echo may write: declared by the request and the target, not path parameters */
    echoed: string[];
  }
  function derivePlan(operation: Operation): Plan {
    const declared = new Map<string, Schema[]>();
    for (const branch of branches(operation.requestSchema)) {
      for (const [name, property] of Object.entries(branch.properties ?? {})) {
        declared.set(name, [...(declared.get(name) ?? []), property]);
      }
    }
    const path = targetPath(operation.responseSchema, [...declared.keys()]);
    const targetSchema = path ? schemaAt(operation.responseSchema, path) : {};
    return {
      declared,
      path,
      rootSchema: deref(operation.responseSchema),
      targetSchema,
      targetProperties: targetSchema.properties ?? {},
      targetRequired: Array.isArray(targetSchema.required) ? targetSchema.required : [],
      echoed: Object.keys(targetSchema.properties ?? {}).filter((name) => declared.has(name)),
    };
  }
  const plans = new Map<string, Plan>();
  function planOf(operation: Operation): Plan {
    const plan = plans.get(operation.operationId) ?? derivePlan(operation);
    plans.set(operation.operationId, plan);
    return plan;
  }

  /** The response body for a successful request, reflecting it; `response` (the body Prism chose, shared) is not modified. */
  function reflect(operation: Operation, request: ReflectedRequest, response: unknown): unknown {
    const { declared, path, rootSchema, targetSchema, targetProperties, targetRequired, echoed } = planOf(operation);
    // Only the objects the echo writes to are copied: the rest of the example is shared, never changed.
    const copy = Array.isArray(response)
      ? [...(response as unknown[])]
      : isObject(response)
        ? { ...response }
        : response;
    const exchange: Answer = {
      pathParams: request.pathParams,
      body: request.body,
      text: request.text,
      response: copy,
      target: {},
      maxResults,
      tooMany: (what) => {
        throw new LimitError(what, 'max-results', maxResults);
      },
    };

    if (path && isObject(copy)) {
      let target: Record<string, unknown> = copy;
      for (const name of path) {
        target[name] = isObject(target[name]) ? { ...target[name] } : {};
        target = target[name] as Record<string, unknown>;
      }
      exchange.target = target;

      const pathNames = Object.keys(request.pathParams);
      for (const [name, value] of Object.entries(request.pathParams)) {
        const inRoot = Object.hasOwn(rootSchema.properties ?? {}, name);
        if (inRoot) copy[name] = value;
        if (Object.hasOwn(targetProperties, name)) target[name] = value;
        else if (!inRoot && name === pathNames.at(-1) && name.endsWith('_id') && Object.hasOwn(targetProperties, 'id'))
          target.id = value;
      }

      const saved = withDefaults(operation.requestSchema, request.body, echoed);
      const body = isObject(saved) ? saved : {};
      for (const name of Object.keys(targetProperties)) {
        if (!declared.has(name) || Object.hasOwn(request.pathParams, name)) continue;
        // A null the response cannot carry (FastAPI's `Optional[T] = None`) is a field not sent.
        if (Object.hasOwn(body, name) && (body[name] !== null || nullable(targetProperties[name]))) {
          target[name] = body[name]; // the parsed request is this request's own, and nothing changes it
        } else if (operation.method === 'put') {
          const filled = replacement(declared.get(name) as Schema[]);
          if (filled) target[name] = filled.value;
        } else if (operation.method === 'post' && !targetRequired.includes(name)) {
          delete target[name];
        }
      }
    }
    operationRules.get(operation.operationId)?.answer?.(exchange);
    if (path && isObject(exchange.response)) {
      const sorted = ordered(exchange.target, targetSchema);
      if (path.length === 0) exchange.response = sorted;
      else {
        let parent: Record<string, unknown> = exchange.response;
        for (const name of path.slice(0, -1)) parent = parent[name] as Record<string, unknown>;
        parent[path.at(-1) as string] = sorted;
      }
    }

    return exchange.response;
  }

  return { reflect, withDefaults };
}
