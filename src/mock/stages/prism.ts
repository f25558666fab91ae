// Stage 5: Prism's own pipeline, in this process: its router finds the operation, its validator
// checks the request and its security, its mocker negotiates the response (`Prefer`, examples or
// --dynamic) and its validator checks the response. The mocker is wrapped, not replaced: the
// responder (./respond.ts) rewrites the body of what it chose. A reflection the response schema
// rejects is a fault of that layer: the example Prism chose goes out instead (a loud fallback).
//   in:  Prism's request (IHttpRequest) and what the server read of it (Received)
//   out: an Outcome: Prism's problem, a refusal by a limit of the mock, or the response with
//        Prism's violations of the request and of the response
import type { IHttpConfig } from '@stoplight/prism-http';
import type { Prism } from '../deps.js';
import type { Fallbacks } from '../fallbacks.js';
import type { LimitError } from '../limits.js';
import type { Logger } from '../log.js';
import type { IHttpRequest, IHttpResponse, IPrismDiagnostic, Mocker, Resource } from '../prism-types.js';
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
}

export type Engine = (input: IHttpRequest, request: Received) => Promise<Outcome>;

export function createEngine({ prism, spec, operations, logger, respond, fallbacks, dynamic, seed }: EngineOptions): Engine {
  /** Prism's requests → what the server read of them, for the wrapped mocker. */
  const received = new WeakMap<object, Received>();
  /** Reflected responses → the body Prism chose, sent instead if the reflection is not valid or cannot be serialized. */
  const unreflected = new WeakMap<object, unknown>();

  /** Prism's mocker, wrapped: it negotiates and produces the response; the responder rewrites its body. */
  const mock: Mocker = (options) => (mockLogger) => {
    const result = prism.mock(options)(mockLogger);
    const { resource, input } = options;
    const request = received.get(input.data);
    const operation = resource?.iid ? spec.operation(resource.iid) : undefined;
    if (!request || !operation) return result;
    request.resource = resource;
    const responded = respond(result, input, operation, request);
    if (responded.example && responded.result._tag === 'Right') unreflected.set(responded.result.right, responded.example.body);
    return responded.result;
  };

  const config: IHttpConfig = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: true,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic, ignoreExamples: false, ...(seed === undefined ? {} : { seed }) },
  };
  const instance = prism.createInstance(config, { logger: logger as Parameters<Prism['createInstance']>[1]['logger'], mock });

  return async (input, request) => {
    received.set(input, request);
    logger.info({ input }, 'Request received');

    const preferences = prism.getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return { kind: 'problem', error: preferences.left };
    const mockPreferences = Object.fromEntries(Object.entries(preferences.right).filter(([, value]) => value !== undefined));
    const result = await instance.request(input, operations, { ...config, mock: { ...config.mock, ...mockPreferences } })();
    if (request.refused) return { kind: 'refused', refused: request.refused };
    if (result._tag === 'Left') return { kind: 'problem', error: result.left };

    let { output, validations } = result.right;
    if (unreflected.has(output) && validations.output.some((v) => v.severity === 0)) {
      // A reflection the response schema rejects is a fault of this layer: send Prism's choice instead.
      const messages = validations.output.map((v) => `${(v.path ?? []).join('.')} ${v.message}`).join('; ');
      fallbacks.fire(request, 'example', `the reflected response is not valid, sending the example: ${messages}`);
      output = { ...output, body: unreflected.get(output) };
      const revalidated = prism.validateOutput({ resource: request.resource as Resource, element: output });
      validations = { input: validations.input, output: revalidated._tag === 'Left' ? revalidated.left : [] };
    }
    return { kind: 'output', output, validations, ...(unreflected.has(output) ? { example: { body: unreflected.get(output) } } : {}) };
  };
}
