// The pipeline's engine step: Prism's own pipeline run step by step in this process, each step's
// result handed to the next (docs/ARCHITECTURE.md lists them). A request that is not proven valid
// is walked by the service's validator first, which stops past --max-errors errors, so that such a
// request is refused before Prism's validation makes an object of each. A reflection the response
// schema rejects is the responder's fault: the example Prism chose goes out instead (a loud
// fallback).
//   in:  Prism's request (IHttpRequest) and what the parse stage read of it (Received)
//   out: an Outcome: Prism's problem, a refusal by a limit of the mock, or the response with
//       Prism's violations of the request and of the response; with the operation it was routed
//       to and the fallbacks that fired
import type { PlainPrism } from '../prism/adapter.js';
import type { Fallbacks } from '../common/fallbacks.js';
import { LimitError } from '../common/limits.js';
import type { Logger } from '../prism/log.js';
import type { IHttpRequest, IHttpResponse, IPrismDiagnostic, MockerOptions, Resource } from '../prism/prism-types.js';
import { createInputCheck } from './input-check.js';
import type { Ahead, Detail } from '../service/pydantic.js';
import type { Slices } from '../common/slices.js';
import { createRouter } from './router.js';
import { createSchemaCheck } from './schema-check.js';
import type { Spec } from '../prism/spec.js';
import type { MatchedRequest } from '../scenarios/types.js';
import type { Picked } from '../scenarios/store.js';
import { sessionOf, type StateFullError } from '../service/state.js';
import type { Chooser } from './choose.js';
import type { Received } from '../request/parse.js';
import { createPreferences } from './preferences.js';
import type { Responder } from '../service/respond.js';
import { pathParameters } from '../../shared/path-template.js';
import type { Translator } from '../service/translate.js';
import { holdsNonFinite } from '../service/py-json.js';

/** What every outcome says of the request beyond its answer. */
interface Routed {
  /** the operation the request was routed to */
  resource?: Resource | undefined;
  /** the fallbacks that fired for it */
  fallbacks: string[];
  /** the request passed the contract's checks (credentials, parameters, body): its answer is the operation's 2xx */
  valid?: boolean;
  /** its path parameters, when it was routed to an operation */
  pathParams?: Record<string, string>;
  /** the scenario (or the chaos) that applies to it: its delay, and its fault or answer (kind `scenario`) */
  picked?: Picked | undefined;
}

export type Outcome = Routed &
  (
    | { kind: 'scenario'; picked: Picked }
    | { kind: 'problem'; error: unknown }
    | { kind: 'refused'; refused: LimitError | StateFullError }
    | {
        kind: 'output';
        output: IHttpResponse;
        validations: { input: IPrismDiagnostic[]; output: IPrismDiagnostic[] };
        /** The body Prism chose, when `output` carries a reflection of it (sent if the reflection cannot be serialized). */
        example?: { body: unknown };
      }
  );

export interface EngineOptions {
  prism: PlainPrism;
  spec: Spec;
  /** the operations Prism read from the spec */
  operations: Resource[];
  logger: Logger;
  choose: Chooser;
  /** the service's 422 items of a request, bounded (../service/translate.ts) */
  translator: Translator;
  respond: Responder;
  fallbacks: Fallbacks;
  dynamic: boolean;
  seed: string | undefined;
  /** what applies to a routed request instead of, or before, the contract's answer (../scenarios/store.ts); it reads the request only when there may be one */
  pick?: ((request: () => MatchedRequest) => Picked | undefined) | undefined;
}

/** At most this many security checks are kept (their key holds the client's credentials). */
const MAX_KEPT = 1000;

/** A value read by the security check, in its key (as JSON: no two values read alike). */
function keyPart(value: unknown): string {
  return `\n${JSON.stringify(value)}`;
}

/** Where an API key of an operation's schemes is read: a query parameter, or a header (its name in lower case). */
interface ApiKey {
  inQuery: boolean;
  name: string;
}
function apiKeysOf(resource: Resource): ApiKey[] {
  return (resource.security ?? [])
    .flat()
    .filter((scheme) => scheme.type === 'apiKey')
    .map((scheme) =>
      scheme.in === 'query'
        ? { inQuery: true, name: scheme.name }
        : { inQuery: false, name: scheme.name.toLowerCase() },
    );
}

/** What `prepare` found of a request with a large body, handed to the engine with it. */
export interface Prepared {
  /** proven valid by the compiled checks alone */
  proven: boolean;
  /** the service's walk of its body done ahead, when not proven valid */
  ahead?: Ahead | undefined;
}

export interface Engine {
  (input: IHttpRequest, request: Received, prepared?: Prepared): Outcome;
  /**
   * For a large body, the work that may run in slices before the engine's one stretch: the compiled
   * checks of the request, and when they do not prove it valid, the service's walk of its body.
   */
  prepare(input: IHttpRequest, request: Received, slices: Slices): Promise<Prepared | undefined>;
}

export function createEngine({
  prism,
  spec,
  operations,
  logger,
  choose,
  translator,
  respond,
  fallbacks,
  dynamic,
  seed,
  pick = () => undefined,
}: EngineOptions): Engine {
  const router = createRouter(operations, prism.route);
  const schemas = createSchemaCheck(prism, spec.document, spec.schemasValid);
  const validateInput = createInputCheck(prism, schemas);
  const preferencesOf = createPreferences(prism);
  const settings: MockerOptions['config'] = { dynamic, ignoreExamples: false, seed };

  /** The API keys each operation's schemes name, found once: the router routes to these operations only. */
  const apiKeys = new Map(operations.map((resource) => [resource, apiKeysOf(resource)]));

  /**
   * Prism's security check of a request, kept by everything it reads: the operation, and the
   * Authorization and Cookie headers and the API-key headers and query parameters its schemes name.
   */
  const securityChecks = new Map<string, IPrismDiagnostic[]>();
  function securityViolations(resource: Resource, input: IHttpRequest): IPrismDiagnostic[] {
    const headers = (input.headers ?? {}) as Record<string, unknown>;
    let key = resource.id + keyPart(headers.authorization) + keyPart(headers.cookie);
    for (const { inQuery, name } of apiKeys.get(resource) as ApiKey[])
      key += keyPart(inQuery ? input.url.query?.[name] : headers[name]);
    let found = securityChecks.get(key);
    if (!found) {
      found = prism.validateSecurity({ resource, element: input });
      if (securityChecks.size >= MAX_KEPT) securityChecks.clear();
      securityChecks.set(key, found);
    }
    return found;
  }

  /**
   * Prism's violations of a request: its security check's, then its validation's; or the limit the
   * request passes (the walk of the service's validator, before Prism's validation of a request
   * that is not proven valid).
   */
  function violations(
    resource: Resource,
    input: IHttpRequest,
    details: (() => Detail[]) | undefined,
    proven: boolean | undefined,
  ): IPrismDiagnostic[] | LimitError {
    try {
      let found = validateInput({ resource, element: input }, () => void details?.(), proven);
      // The service's validator decides what is valid: what Prism refuses and pydantic takes (lax
      // mode's "12" for an integer, a naive or unix datetime, a UUID of 32 hex digits) is valid.
      if (found.length > 0 && details && details().length === 0) found = found.filter((v) => v.severity !== 0);
      return [...securityViolations(resource, input), ...found];
    } catch (error) {
      if (error instanceof LimitError) return error;
      throw error;
    }
  }

  /**
   * Prism's violations of a response (none when it is valid), unless its body alone proves it valid;
   * of a 2xx's body as written, where JSON cannot carry a number it holds (±Infinity, NaN: null).
   */
  function outputViolations(resource: Resource, output: IHttpResponse): IPrismDiagnostic[] {
    const success = output.statusCode >= 200 && output.statusCode < 300;
    const written =
      success && holdsNonFinite(output.body)
        ? { ...output, body: JSON.parse(JSON.stringify(output.body)) as unknown }
        : output;
    if (schemas.responseValid(resource, written)) return [];
    return prism.validateOutput({ resource, element: written });
  }

  async function prepare(input: IHttpRequest, request: Received, slices: Slices): Promise<Prepared | undefined> {
    const routed = router.route({ resources: operations, input });
    if (!routed.ok) return undefined;
    const operation = spec.operation(routed.value.iid);
    if (!operation) return undefined;
    if (validateInput.proven(routed.value, input)) return { proven: true };
    await slices.next();
    return { proven: false, ahead: await translator.walkAhead(operation, request, slices) };
  }

  const engine: Engine = (input, request, prepared) => {
    logger.info({ input }, 'Request received');
    const read = preferencesOf(input);
    if ('problem' in read) return { kind: 'problem', error: read.problem, fallbacks: [] };
    const routed = router.route({ resources: operations, input });
    if (!routed.ok) return { kind: 'problem', error: routed.error, fallbacks: [] };
    const resource = routed.value;
    const operation = spec.operation(resource.iid);
    // The service's items of the request (none for an operation the spec does not have), walked
    // once: by the input check when the request is not proven valid (the walk stops at
    // --max-errors), and read again by the responder for its 422.
    let walked: Detail[] | undefined;
    const details = () =>
      (walked ??= operation ? translator.requestDetails(operation, request, input, prepared?.ahead) : []);
    const found = violations(resource, input, operation ? details : undefined, prepared?.proven);
    const pathParams = operation ? pathParameters(operation.path, input.url.path) : {};
    // Valid as the service would find it: no violation of the credentials, parameters or body, a body
    // that decodes, and none of what Prism lets through that the service refuses.
    const valid =
      !(found instanceof LimitError) &&
      !found.some((v) => v.severity === 0) &&
      !request.jsonError &&
      !(request.unchecked && details().length > 0);
    const picked = operation
      ? pick(
          () =>
            ({
              operationId: operation.operationId,
              session: sessionOf(input.headers ?? {}),
              method: input.method.toUpperCase(),
              path: input.url.path,
              pathParams,
              query: request.query,
              valid,
              body: request.absent ? null : request.body,
            }) as MatchedRequest,
        )
      : undefined;
    const known = { resource, valid, pathParams, picked };
    if (picked?.fault || picked?.answer) return { kind: 'scenario', ...known, picked, fallbacks: [] };
    if (found instanceof LimitError) return { kind: 'refused', refused: found, ...known, fallbacks: [] };
    const checked = { data: input, validations: found };
    const chosen = choose(resource, checked, { ...settings, ...read.preferences });
    // A valid request Prism did not prove valid is read as the service reads it ("12" → 12).
    const served =
      operation && valid && walked !== undefined
        ? { ...request, body: translator.madeBody(operation, request) }
        : request;
    const responded = operation
      ? respond(chosen, checked, operation, served, details, () => translator.finiteDetails(operation, request))
      : { result: chosen, fallbacks: [] };
    const fired = [...responded.fallbacks];
    if (responded.refused) return { kind: 'refused', refused: responded.refused, ...known, fallbacks: fired };
    if (!responded.result.ok) return { kind: 'problem', error: responded.result.error, ...known, fallbacks: fired };

    const output = responded.result.value;
    const outputs = outputViolations(resource, output);
    const example = responded.example;
    if (example && outputs.some((v) => v.severity === 0)) {
      // A reflection the response schema rejects is a fault of the responder: send Prism's choice instead.
      const messages = outputs.map((v) => `${(v.path ?? []).join('.')} ${v.message}`).join('; ');
      fired.push(
        fallbacks.fire('example', `the reflected response is not valid, sending the example: ${messages}`, input),
      );
      const chosenBody = { ...output, body: example.body };
      return {
        kind: 'output',
        output: chosenBody,
        validations: { input: checked.validations, output: outputViolations(resource, chosenBody) },
        ...known,
        fallbacks: fired,
      };
    }
    return {
      kind: 'output',
      output,
      validations: { input: checked.validations, output: outputs },
      ...(example ? { example } : {}),
      ...known,
      fallbacks: fired,
    };
  };
  engine.prepare = prepare;
  return engine;
}
