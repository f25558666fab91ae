// The answer, from the engine's outcome (the pipeline's write step, ../pipeline.ts). Prism's violations go into its `sl-violations` header
// (as its own HTTP server sets it) and the log; a response that breaks the response schema becomes
// Prism's problem (--errors); Prism's problems are its problem+json, except a 401, which says which
// credentials the operation accepts. A reflected body that cannot be serialized falls back, loudly,
// to the example Prism chose; the fallbacks that fired are named in X-Mock-Fallback.
//   in:  the engine's Outcome and Prism's request
//   out: the Reply to write
import type { PlainPrism } from '../prism/adapter.js';
import type { Fallbacks } from '../common/fallbacks.js';
import type { Logger } from '../prism/log.js';
import type { IPrismDiagnostic } from '../prism/prism-types.js';
import { byteLength, jsonReply, type HeaderValue, type Reply } from '../common/reply.js';
import type { IHttpRequest, Resource } from '../prism/prism-types.js';
import type { Outcome } from '../engine/engine.js';
import { scenarioReply } from '../scenarios/apply.js';
import { unauthorizedBody } from '../service/translate.js';
import { pythonJson } from '../service/py-json.js';

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100; // as Prism's HTTP server cuts sl-violations
const SEVERITY = ['Error', 'Warning', 'Information', 'Hint'];

export interface Writer {
  /** The answer to a request, from the engine's outcome. */
  reply(outcome: Outcome, input: IHttpRequest): Reply;
}

export function createWriter({
  prism,
  logger,
  fallbacks,
}: {
  prism: Pick<PlainPrism, 'ProblemJsonError' | 'problems'>;
  logger: Logger;
  fallbacks: Fallbacks;
}): Writer {
  /** Prism's problem+json, except a 401, which says which credentials the operation accepts; after `headers`. */
  function problem(
    error: unknown,
    resource: Resource | undefined,
    input: IHttpRequest,
    headers: [string, HeaderValue][] = [],
  ): Reply {
    const problem = error as { status?: number; additional?: { headers?: Record<string, string> } } | undefined;
    const all: [string, HeaderValue][] = [...headers, ...Object.entries(problem?.additional?.headers ?? {})];
    if (problem?.status === 401) return jsonReply(401, 'application/json', unauthorizedBody(resource), all);
    logger.error({ name: 'HTTP SERVER', input }, `Request terminated with error: ${String(error)}`);
    return jsonReply(
      problem?.status || 500,
      'application/problem+json',
      prism.ProblemJsonError.toProblemJson(error as Error),
      all,
    );
  }

  function reply(outcome: Outcome, input: IHttpRequest): Reply {
    if (outcome.kind === 'problem') return problem(outcome.error, outcome.resource, input);
    if (outcome.kind === 'refused') return jsonReply(outcome.refused.status, 'application/json', outcome.refused.body);
    if (outcome.kind === 'scenario') return scenarioReply(outcome.picked, outcome.resource?.iid ?? '');
    const { output, validations, example } = outcome;
    const headers: [string, HeaderValue][] = [];
    const located = (prefix: string) => (v: IPrismDiagnostic) => ({
      location: [prefix, ...(v.path ?? [])],
      severity: SEVERITY[v.severity] ?? String(v.severity),
      code: v.code,
      message: v.message,
    });
    const inputViolations = validations.input.map(located('request'));
    const outputViolations = validations.output.map(located('response'));
    const violations = [...inputViolations, ...outputViolations];
    if (violations.length > 0) {
      // Prism's JSON, with characters a header cannot carry (non-Latin-1, DEL) as \u escapes: it
      // parses to the same violations (Prism's own server fails on such a header).
      let header = JSON.stringify(violations).replace(
        /[\u007f-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      if (header.length > MAX_VIOLATIONS_HEADER)
        header = `Too many violations! ${header.substring(0, MAX_VIOLATIONS_HEADER)}`;
      headers.push(['sl-violations', header]);
      // Errors are not logged (../prism/log.ts: they are in the answer); warnings and hints are.
      for (const v of violations) {
        const message = `Violation: ${v.location.join('.')} ${v.message}`;
        if (v.severity === 'Warning') logger.warn({ name: 'VALIDATOR', input }, message);
        else if (v.severity !== 'Error') logger.info({ name: 'VALIDATOR', input }, message);
      }
      const outputErrors = outputViolations.filter((v) => v.severity === 'Error');
      if (outputErrors.length > 0) {
        const error = prism.ProblemJsonError.fromTemplate(
          prism.problems.VIOLATIONS,
          'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.',
          { validation: outputErrors },
        );
        return problem(error, outcome.resource, input, headers);
      }
    }
    for (const [name, value] of Object.entries(output.headers ?? {}))
      if (value !== undefined && value !== null) headers.push([name, value]);
    if (output.body === undefined) return { status: output.statusCode, headers };
    const contentType = String(lastValue(headers, 'content-type') ?? '');
    const serialize = (body: unknown): string =>
      typeof body === 'string' && !/json/i.test(contentType) ? body : (pythonJson(body) ?? JSON.stringify(body));
    const fired = [...outcome.fallbacks];
    let text: string;
    try {
      text = serialize(output.body);
    } catch (error) {
      if (!example) throw error;
      fired.push(
        fallbacks.fire(
          'example-unserializable',
          `the reflected response cannot be serialized, sending the example: ${String(error)}`,
          input,
        ),
      );
      text = serialize(example.body);
    }
    if (fired.length > 0) headers.push(['X-Mock-Fallback', fired.join(', ')]);
    headers.push(['Content-Length', byteLength(text)]);
    return { status: output.statusCode, headers, body: text };
  }

  return { reply };
}

/** The value a response would have for a header (names are case-insensitive; the last one set wins). */
function lastValue(headers: [string, HeaderValue][], name: string): HeaderValue | undefined {
  let found: HeaderValue | undefined;
  for (const [key, value] of headers) if (key.toLowerCase() === name) found = value;
  return found;
}
