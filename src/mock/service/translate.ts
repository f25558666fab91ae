// The service's own 422 and 401 bodies, from what the engine's check step found (./respond.ts and
// ../engine/engine.ts read it): the service's own
// error bodies. A request Prism finds invalid gets FastAPI's 422 `HTTPValidationError`, its items
// found by the pydantic walker (./pydantic.ts) in pydantic's order and wording; a request without
// the credential its operation needs gets a 401 that names the credentials the operation accepts.
//   in:  the operation, the request (parsed, with its path, query, headers, cookies)
//   out: `detail` items (none when the request is valid), or the 401 body
import type { Choice } from '../prism/adapter.js';
import type { IHttpRequest, IHttpResponse, IPrismDiagnostic, Resource } from '../prism/prism-types.js';
import { detail, Items, type Ahead, type Detail, type Validator } from './pydantic.js';
import { walkAhead } from './ahead.js';
import { markPythonNumbers } from './py-json.js';
import type { Slices } from '../common/slices.js';
import type { Operation } from '../prism/spec.js';
import type { Received } from '../request/parse.js';
import { pathParameters } from '../../shared/path-template.js';

const MAX_ECHO_DEPTH = 200; // an `input` nested deeper is not echoed (a deep echo cannot be serialized)

/** Whether a JSON value nests deeper than `limit` (iterative: the value may be arbitrarily deep). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export interface Translator {
  /**
   * The service's 422 items for a request (none when it is valid); past `maxErrors` of them,
   * tooManyErrors (../common/limits.ts) is thrown. `ahead`: what `walkAhead` found of its body.
   */
  requestDetails(operation: Operation, request: Received, input: IHttpRequest, ahead?: Ahead): Detail[];
  /** The walk of a request's body done ahead, in slices (./ahead.ts). */
  walkAhead(operation: Operation, request: Received, slices: Slices): Promise<Ahead>;
  /** The body of a valid request as the service reads it: what pydantic made of it ("12" → 12). */
  madeBody(operation: Operation, request: Received): unknown;
  /** The 422 items of a valid request's body were its floats to refuse ±inf and nan (pydantic's `allow_inf_nan=False`). */
  finiteDetails(operation: Operation, request: Received): Detail[];
}

export function createTranslator(validator: Validator, maxErrors = Number.POSITIVE_INFINITY): Translator {
  function requestDetails(operation: Operation, request: Received, input: IHttpRequest, ahead?: Ahead): Detail[] {
    // One bound for the whole request: its parameters' items and its body's.
    const items = new Items(maxErrors);
    const path = pathParameters(operation.path, input.url.path);
    const cookies = Object.fromEntries<string>(
      String(input.headers?.cookie ?? '')
        .split(';')
        .map((pair) => pair.trim().split('='))
        .filter(([name]) => name)
        .map(([name, ...rest]) => [name as string, rest.join('=')]),
    );
    const sources: Record<string, Record<string, unknown>> = {
      path,
      query: request.query,
      header: input.headers ?? {},
      cookie: cookies,
    };
    for (const where of ['path', 'query', 'header', 'cookie']) {
      for (const parameter of operation.parameters.filter((p) => p.in === where)) {
        const source = sources[where] ?? {};
        const raw = source[where === 'header' ? parameter.name.toLowerCase() : parameter.name];
        const loc = [where, parameter.name];
        if (raw === undefined) {
          if (parameter.required) items.push(detail('missing', loc, 'Field required', null));
          continue;
        }
        // FastAPI reads a parameter from its text, in lax mode ("12" is an integer).
        for (const item of validator.errors(parameter.schema, raw, loc, new Items(maxErrors), true)) items.push(item);
      }
    }
    if (operation.requestSchema) {
      if (request.absent || request.body === null) {
        // FastAPI: no body, or a JSON null, is no body: missing when the body is required, else absent.
        if (operation.bodyRequired) items.push(detail('missing', ['body'], 'Field required', null));
      } else {
        validator.errors(operation.requestSchema, request.body, ['body'], items, false, ahead);
      }
    }
    return items.map((item) =>
      nestsDeeperThan(item.input, MAX_ECHO_DEPTH)
        ? { ...item, input: `<input nested deeper than ${MAX_ECHO_DEPTH} levels>` }
        : item,
    );
  }
  function madeBody(operation: Operation, request: Received): unknown {
    if (!operation.requestSchema || request.absent) return request.body;
    return validator.made(operation.requestSchema, request.body);
  }
  function finiteDetails(operation: Operation, request: Received): Detail[] {
    if (!operation.requestSchema || request.absent || request.body === null) return [];
    return validator.finiteErrors(operation.requestSchema, request.body, ['body'], new Items(maxErrors));
  }
  return {
    requestDetails,
    madeBody,
    finiteDetails,
    walkAhead: (operation, request, slices) =>
      walkAhead(validator, operation.requestSchema ?? {}, request.body, ['body'], maxErrors, slices),
  };
}

/**
 * Prism's violations of a request, translated when the walker finds nothing (it agrees with Prism
 * on what is valid, so this is a safety net, not a path the spec's operations take).
 */
export function translateViolations(
  violations: IPrismDiagnostic[],
  headers: Record<string, string | string[] | undefined>,
): Detail[] {
  const types: Record<string, string> = {
    required: 'missing',
    additionalProperties: 'extra_forbidden',
    minLength: 'string_too_short',
    maxLength: 'string_too_long',
    pattern: 'string_pattern_mismatch',
    minimum: 'greater_than_equal',
    maximum: 'less_than_equal',
    exclusiveMinimum: 'greater_than',
    exclusiveMaximum: 'less_than',
    multipleOf: 'multiple_of',
    minItems: 'too_short',
    maxItems: 'too_long',
    enum: 'enum',
    const: 'literal_error',
  };
  return violations.map((v) => {
    if (v.code === 415) {
      return detail(
        'value_error',
        ['header', 'content-type'],
        `Value error, ${v.message}`,
        headers['content-type'] ?? null,
        { error: v.message },
      );
    }
    const loc = Array.isArray(v.path) && v.path.length > 0 ? v.path : ['body'];
    const type = types[String(v.code)] ?? 'value_error';
    return type === 'value_error'
      ? detail(type, loc, `Value error, ${v.message}`, null, { error: v.message })
      : detail(type, loc, v.message, null);
  });
}

/** A security scheme as Prism reads it. */
type SecurityScheme = NonNullable<Resource['security']>[number][number];

interface Credential {
  scheme: string;
  in: string;
  name: string;
  value: string;
}

/** How a security scheme's credential is sent. */
function credential(scheme: SecurityScheme): Credential {
  if (scheme.type === 'apiKey') return { scheme: scheme.key, in: scheme.in, name: scheme.name, value: '<API key>' };
  if (scheme.type === 'http') {
    const basic = String(scheme.scheme).toLowerCase() === 'basic';
    return {
      scheme: scheme.key,
      in: 'header',
      name: 'Authorization',
      value: basic ? 'Basic <base64 of username:password>' : `${scheme.scheme} <credentials>`,
    };
  }
  return { scheme: scheme.key, in: 'header', name: 'Authorization', value: 'Bearer <access token>' };
}

/** The 401 body: FastAPI's `detail`, and the credentials the operation accepts (from the spec). */
export function unauthorizedBody(resource: Resource | undefined): {
  detail: string;
  accepted_credentials: (Credential | { all_of: Credential[] })[];
} {
  const sets = (resource?.security ?? []).filter((set) => set.length > 0).map((set) => set.map(credential));
  const accepted = sets.map((set) => (set.length === 1 ? (set[0] as Credential) : { all_of: set }));
  const say = (c: Credential): string =>
    c.name === 'Authorization' ? `Authorization: ${c.value}` : `${c.name} (${c.in})`;
  const options = sets.map((set) => set.map(say).join(' and '));
  return {
    detail: `Not authenticated: send one of ${options.join('; ')}`,
    accepted_credentials: accepted,
  };
}

/**
 * A 422 in the service's dialect, on Prism's 422 response when it chose one. `text`: the JSON text
 * of the body the items are of, whose numbers their `input` is written with (./py-json.ts).
 */
export function unprocessable(chosen: IHttpResponse | undefined, items: Detail[], text: string): Choice {
  return {
    ok: true,
    value: {
      ...(chosen?.statusCode === 422 ? chosen : { statusCode: 422, headers: { 'Content-type': 'application/json' } }),
      body: markPythonNumbers({ detail: items }, text),
    },
  };
}
