// Stage 5: Prism's own pipeline, in this process: the routing table (../router.ts) finds the
// operation, Prism's validator checks the request and its security, its mocker negotiates the
// response (`Prefer`, examples or --dynamic), and the response is checked against the spec. The
// mocker is wrapped, not replaced: the responder (./respond.ts) rewrites the body of what it chose.
// A body this layer wrote (a reflection, a 422 in the service's dialect) is checked against its
// response schema alone, by Prism's compiled check; only one that fails it, and every response Prism
// made by itself, goes through Prism's whole response validation (status, media type, headers,
// body). A reflection the response schema rejects is a fault of that layer: the example Prism chose
// goes out instead (a loud fallback).
//   in:  Prism's request (IHttpRequest) and what the server read of it (Received)
//   out: an Outcome: Prism's problem, a refusal by a limit of the mock, or the response with
//        Prism's violations of the request and of the response
import type { IHttpConfig } from '@stoplight/prism-http';
import type { Prism } from '../deps.js';
import type { Fallbacks } from '../fallbacks.js';
import type { LimitError } from '../limits.js';
import type { Logger } from '../log.js';
import type { IHttpRequest, IHttpResponse, IPrismDiagnostic, Mocker, MockerLogger, MockerOptions, MockResult, Resource } from '../prism-types.js';
import { createInputCheck } from '../input-check.js';
import { createRouter } from '../router.js';
import { bundleOf, contentFor, createSchemaCheck } from '../schema-check.js';
import type { Spec } from '../spec.js';
import type { StateFullError } from '../state.js';
import type { Received } from './parse.js';
import type { Responder } from './respond.js';

export type Outcome =
  | { kind: 'problem'; error: unknown }
  | { kind: 'refused'; refused: LimitError | StateFullError }
  | {
      kind: 'output';
      output: IHttpResponse;
      validations: { input: IPrismDiagnostic[]; output: IPrismDiagnostic[] };
      /** The body Prism chose, when `output` carries a reflection of it (sent if the reflection cannot be serialized). */
      example?: { body: unknown };
    };

export interface EngineOptions {
  prism: Prism;
  spec: Spec;
  /** the operations Prism read from the spec */
  operations: Resource[];
  logger: Logger;
  respond: Responder;
  fallbacks: Fallbacks;
  dynamic: boolean;
  seed: string | undefined;
  /** the log is at warn or quieter, so Prism's mocker logs nothing for a valid request (its choice may be reused) */
  quiet: boolean;
}

/** At most this many of Prism's choices are kept (the key holds the request's Accept and Prefer). */
const MAX_CHOICES = 1000;

export type Engine = (input: IHttpRequest, request: Received) => Promise<Outcome>;

export function createEngine({ prism, spec, operations, logger, respond, fallbacks, dynamic, seed, quiet }: EngineOptions): Engine {
  /** Prism's requests → what the server read of them, for the wrapped mocker. */
  const received = new WeakMap<object, Received>();
  /** Reflected responses → the body Prism chose, sent instead if the reflection is not valid or cannot be serialized. */
  const unreflected = new WeakMap<object, unknown>();
  /** The responses whose body the responder wrote. */
  const written = new WeakSet<object>();
  const router = createRouter(operations, prism.route);
  const schemas = createSchemaCheck(prism, spec.document);

  /** Prism's violations of a response (none when it is valid). */
  function outputViolations(resource: Resource, output: IHttpResponse): IPrismDiagnostic[] {
    // Stryker disable next-line ConditionalExpression: without the shortcut a valid written body goes through Prism's whole check, which finds nothing either
    if (written.has(output) && bodyValid(resource, output)) return [];
    const result = prism.validateOutput({ resource, element: output });
    return result._tag === 'Left' ? result.left : [];
  }

  /**
   * Whether a body the responder wrote is valid against the schema of its status and media type,
   * the rest of the response being what Prism chose from the spec: false when that is not known
   * (no such response, media type or schema, or response headers the spec declares).
   */
  // Stryker disable next-line BlockStatement: an empty body answers undefined, not proven: Prism's whole check, which agrees on a valid body
  function bodyValid(resource: Resource, output: IHttpResponse): boolean {
    // Stryker disable next-line ArrowFunction,ConditionalExpression: no response found only means Prism's whole check, which agrees on a valid body
    const response = resource.responses.find((r) => r.code === String(output.statusCode));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not proven (false) more often only means Prism's whole check, which agrees on a valid body
    if (!response || (response.headers?.length ?? 0) > 0) return false;
    // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression,StringLiteral,LogicalOperator: a media type not found only means Prism's whole check, which agrees on a valid body
    const mediaType = Object.entries(output.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    const content = contentFor(response.contents, String(mediaType));
    // Stryker disable next-line ConditionalExpression: not proven (false) every time only means Prism's whole check, which agrees on a valid body
    if (!schemas.exact || !content) return false;
    return schemas.valid(content.schema, output.body, bundleOf(resource));
  }

  /**
   * Prism's choice for a valid request, by everything it depends on: the operation, the Accept
   * header and the `Prefer` settings. Only for static examples (--dynamic draws new values each
   * time), operations without callbacks (Prism runs them), and a log that would not show its steps.
   * Nothing downstream modifies a response Prism chose: the responder answers with a copy.
   */
  const choices = new Map<string, MockResult>();
  function choiceKey({ resource, input, config }: MockerOptions): string | undefined {
    if (!quiet || config.dynamic || input.validations.length > 0 || (resource.callbacks?.length ?? 0) > 0) return undefined;
    const accept = Object.entries(input.data.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept')?.[1];
    // (An undefined item is written as null.)
    return JSON.stringify([resource.id, accept, config.code, config.exampleKey, config.mediaTypes, config.ignoreExamples]);
  }
  function choose(options: MockerOptions, mockLogger: MockerLogger): MockResult {
    const key = choiceKey(options);
    // Stryker disable next-line ConditionalExpression: nothing is kept under an undefined key, so asking for one finds nothing either
    const known = key === undefined ? undefined : choices.get(key);
    if (known) return known;
    const result = prism.mock(options)(mockLogger);
    // Stryker disable next-line ConditionalExpression: a choice kept under an undefined key is never asked for
    if (key !== undefined && result._tag === 'Right') {
      if (choices.size >= MAX_CHOICES) choices.clear();
      choices.set(key, result);
    }
    return result;
  }

  /** Prism's mocker, wrapped: it negotiates and produces the response; the responder rewrites its body. */
  const mock: Mocker = (options) => (mockLogger) => {
    const result = choose(options, mockLogger);
    const { resource, input } = options;
    // Every request reaches Prism through the engine below, which records it first.
    const request = received.get(input.data) as Received;
    request.resource = resource;
    const operation = resource.iid ? spec.operation(resource.iid) : undefined;
    if (!operation) return result;
    const responded = respond(result, input, operation, request);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: which responses are marked written only picks the check, Prism's whole one or the shortcut, and on a written or chosen body they agree
    if (responded.result !== result && responded.result._tag === 'Right') written.add(responded.result.right);
    // Stryker disable next-line ConditionalExpression: the responder gives an example only with a Right
    if (responded.example && responded.result._tag === 'Right') unreflected.set(responded.result.right, responded.example.body);
    return responded.result;
  };

  const config: IHttpConfig = {
    validateRequest: true,
    // The response is validated below, once the responder's part is known.
    // Stryker disable next-line BooleanLiteral: Prism's own check of the response goes unread (its result's output validations)
    validateResponse: false,
    checkSecurity: true,
    // Stryker disable next-line BooleanLiteral: Prism reads `errors` only when it proxies, which the mock never does
    errors: true,
    upstreamProxy: undefined,
    isProxy: false,
    // Stryker disable next-line ConditionalExpression: Prism reads an undefined seed as none
    mock: { dynamic, ignoreExamples: false, ...(seed === undefined ? {} : { seed }) },
  };
  const instance = prism.createInstance(config, {
    logger: logger as Parameters<Prism['createInstance']>[1]['logger'],
    mock,
    validateInput: createInputCheck(prism, schemas),
    route: router.route as Parameters<Prism['createInstance']>[1]['route'],
  });

  return async (input, request) => {
    received.set(input, request);
    logger.info({ input }, 'Request received');

    const preferences = prism.getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return { kind: 'problem', error: preferences.left };
    const mockPreferences = Object.fromEntries(Object.entries(preferences.right).filter(([, value]) => value !== undefined));
    const result = await instance.request(input, operations, { ...config, mock: { ...config.mock, ...mockPreferences } })();
    if (request.refused) return { kind: 'refused', refused: request.refused };
    if (result._tag === 'Left') return { kind: 'problem', error: result.left };

    let { output } = result.right;
    const resource = request.resource as Resource;
    let validations = { input: result.right.validations.input, output: outputViolations(resource, output) };
    if (unreflected.has(output) && validations.output.some((v) => v.severity === 0)) {
      // A reflection the response schema rejects is a fault of this layer: send Prism's choice instead.
      const messages = validations.output.map((v) => `${(v.path ?? []).join('.')} ${v.message}`).join('; ');
      fallbacks.fire(request, 'example', `the reflected response is not valid, sending the example: ${messages}`);
      output = { ...output, body: unreflected.get(output) };
      validations = { input: validations.input, output: outputViolations(resource, output) };
    }
    return { kind: 'output', output, validations, ...(unreflected.has(output) ? { example: { body: unreflected.get(output) } } : {}) };
  };
}
