// The engine's respond step (../engine/engine.ts): what the service would answer, on the response Prism chose. Prism still chooses every response (status, example, `Prefer`); this
// rewrites its body:
//   - a JSON body that is not UTF-8: FastAPI's 400; one that is not JSON: its `json_invalid` 422,
//     before anything else is checked;
//   - Prism's 422: the service's items (./translate.ts), or Prism's violations translated when the
//     walker finds none (a loud fallback);
//   - a 2xx: the request reflected (./reflect.ts) and the operation's rules across requests applied
//     (./state.ts), unless what Prism let through is invalid to the service (a JSON null body,
//     lone surrogates), which gets its 422; and a float that would echo ±inf or nan, which JSON
//     cannot carry, gets the `finite_number` 422 of a float that refuses them.
//   in:  Prism's mocker result, its input, the operation, what the parse stage read of the request
//   out: the mocker result to send on, the body Prism chose when the result reflects it, the
//        fallbacks that fired, or the limit of the mock (--max-results, a full state) the request passed
// Any other failure of this layer sends Prism's own result, as a fallback.
import type { Fallbacks } from '../common/fallbacks.js';
import { LimitError } from '../common/limits.js';
import type { Choice } from '../prism/adapter.js';
import type { IPrismInput, IHttpRequest } from '../prism/prism-types.js';
import { detail, type Detail } from './pydantic.js';
import type { Reflector } from './reflect.js';
import type { Operation } from '../prism/spec.js';
import { sessionOf, StateFullError, type State } from './state.js';
import type { Received } from '../request/parse.js';
import { uuidValue } from '../../shared/uuid-text.js';
import { pathParameters } from '../../shared/path-template.js';
import { translateViolations, unprocessable } from './translate.js';
import { holdsNonFinite } from './py-json.js';

export interface Responded {
  result: Choice;
  /** The body Prism chose, when `result` carries a reflection of it instead (sent if the reflection fails). */
  example?: { body: unknown };
  /** the fallbacks that fired */
  fallbacks: string[];
  /** the limit of the mock the request passes: its status and body are the answer */
  refused?: LimitError | StateFullError;
}

export interface ResponderParts {
  reflector: Reflector;
  state: State | undefined;
  fallbacks: Fallbacks;
}

/**
 * `details`: the service's 422 items of the request (./translate.ts), bounded by --max-errors;
 * `finiteDetails`: its items were its floats to refuse ±inf and nan (the translator's finiteDetails).
 */
export type Responder = (
  result: Choice,
  input: IPrismInput<IHttpRequest>,
  operation: Operation,
  request: Received,
  details: () => Detail[],
  finiteDetails?: () => Detail[],
) => Responded;

/** The path's parameters as the service reads them: a UUID in the form FastAPI writes it back (../../shared/uuid-text.ts). */
function servicePathParams(operation: Operation, sent: Record<string, string>): Record<string, string> {
  const read = { ...sent };
  for (const parameter of operation.parameters) {
    const value = read[parameter.name];
    if (parameter.in === 'path' && value !== undefined && parameter.schema.format === 'uuid')
      read[parameter.name] = uuidValue(value) ?? value;
  }
  return read;
}

export function createResponder({ reflector, state, fallbacks }: ResponderParts): Responder {
  return (result, input, operation, request, details, finiteDetails) => {
    try {
      const errors = input.validations.filter((v) => v.severity === 0 && v.code !== 401);
      const chosen = result.ok ? result.value : undefined;
      const refusal = result.ok ? undefined : (result.error as { status?: number });

      // FastAPI decodes the body before it checks credentials or anything else. (A result without a
      // chosen response is a Left.)
      if (request.jsonError && operation.requestSchema && (chosen || refusal!.status === 401)) {
        // Bytes that are not UTF-8 fail FastAPI's read of the body before its JSON parse: a 400.
        if (request.jsonError.undecodable)
          return {
            result: {
              ok: true,
              value: {
                statusCode: 400,
                headers: { 'Content-type': 'application/json' },
                body: { detail: 'There was an error parsing the body' },
              },
            },
            fallbacks: [],
          };
        return {
          result: unprocessable(
            chosen,
            [
              detail(
                'json_invalid',
                ['body', request.jsonError.pos],
                'JSON decode error',
                {},
                { error: request.jsonError.msg },
              ),
            ],
            request.text,
          ),
          fallbacks: [],
        };
      }
      if (!chosen) return { result, fallbacks: [] };
      if (chosen.statusCode === 422 && errors.length > 0) {
        const items = details();
        if (items.length > 0) return { result: unprocessable(chosen, items, request.text), fallbacks: [] };
        const fired = fallbacks.fire(
          'prism-violations',
          `the walker found nothing Prism reports, sending Prism's violations translated: ${errors.map((v) => v.message).join('; ')}`,
          input.data,
        );
        return {
          result: unprocessable(chosen, translateViolations(errors, input.data.headers ?? {}), request.text),
          fallbacks: [fired],
        };
      }
      if (chosen.statusCode < 200 || chosen.statusCode >= 300 || errors.length > 0) return { result, fallbacks: [] };
      if (request.unchecked) {
        // What Prism lets through and the service refuses: a JSON null as an optional body, lone surrogates.
        const items = details();
        if (items.length > 0) return { result: unprocessable(undefined, items, request.text), fallbacks: [] };
      }
      const pathParams = servicePathParams(operation, pathParameters(operation.path, input.data.url.path));
      const body = request.absent ? null : request.body;
      let reflected = reflector.reflect(operation, { pathParams, body, text: request.text }, chosen.body);
      if (finiteDetails && holdsNonFinite(reflected)) {
        // JSON has no ±inf or nan: a float field that echoes one could only be written as null, which
        // its schema refuses. The request gets the 422 of a float that does not allow them.
        const items = finiteDetails();
        if (items.length > 0) return { result: unprocessable(undefined, items, request.text), fallbacks: [] };
      }
      if (state)
        reflected = state.apply(
          operation.operationId,
          { session: sessionOf(input.data.headers ?? {}), pathParams, body },
          reflected,
        );
      return {
        result: { ok: true, value: { ...chosen, body: reflected } },
        example: { body: chosen.body },
        fallbacks: [],
      };
    } catch (error) {
      // A limit of the mock (--max-results, --max-errors, a full state): its answer goes out instead.
      if (error instanceof LimitError || error instanceof StateFullError)
        return { result, fallbacks: [], refused: error };
      // The layer never turns an answer into a failure: Prism's own response goes out instead.
      const fired = fallbacks.fire(
        'prism-response',
        `could not adapt the response, sending Prism's: ${(error as Error | undefined)?.stack ?? String(error)}`,
        input.data,
      );
      return { result, fallbacks: [fired] };
    }
  };
}
