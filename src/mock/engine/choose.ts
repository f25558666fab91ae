// The engine's choose step (./engine.ts): the response Prism's mocker would choose for a routed, checked request: the status,
// media type, headers and body its negotiator picks from the spec (`Prefer` code and example, the
// Accept header, 401 and 422 for an invalid request), with the example as its body.
//
// With static examples this runs Prism's negotiator and assembles its result the way Prism's
// mocker does (the example's value, else the sampler's body from the schema; header examples; the
// Deprecation header of a deprecated operation). Prism's whole mocker loads its data generator
// (faker: about half a second), which static examples never use; it is loaded and run only where
// it does more: --dynamic generation, and operations with callbacks (which it calls).
// test/unit/mock/engine/choose.test.ts holds both to the same answers on every operation of the spec.
//   in:  the operation (Prism's resource), the request and its violations, the mock settings
//   out: Prism's choice (its problem, or the response)
import type { Choice, Negotiation, PlainPrism, Result } from '../prism/adapter.js';
import type { Logger } from '../prism/log.js';
import type { IHttpRequest, IHttpResponse, IPrismDiagnostic, MockerOptions, Resource } from '../prism/prism-types.js';

export type Chooser = (
  resource: Resource,
  input: { data: IHttpRequest; validations: IPrismDiagnostic[] },
  config: MockerOptions['config'],
) => Choice;

/** Prism's logger as its mocker and negotiator call it (pino's). */
type PrismLogger = Logger & { child(bindings: object): PrismLogger; isLevelEnabled(level: string): boolean };

/**
 * The negotiator's logger when the log shows no step below warn: its steps go nowhere, its
 * warnings go out with the request (the logger `write` makes), and it says whether it warned.
 */
class Warnings {
  warned = false;
  constructor(private readonly write: () => PrismLogger) {}
  trace(): void {}
  debug(): void {}
  info(): void {}
  success(): void {}
  warn(...args: unknown[]): void {
    this.warned = true;
    (this.write().warn as (...line: unknown[]) => void)(...args);
  }
}

/** At most this many choices for valid requests are kept (their key holds the client's Accept header). */
const MAX_CHOICES = 1000;

/** The statuses Prism's mocker looks for, in order, for a request with these violations. */
function expectedCodes(violations: IPrismDiagnostic[]): [number, ...number[]] {
  if (violations.some((v) => v.code === 401)) return [401];
  if (violations.some((v) => v.code === 415)) return [415, 422, 400];
  return [422, 400];
}

export function createChooser(prism: PlainPrism, logger: PrismLogger): Chooser {
  const left = (error: Error): Choice => ({ ok: false, error });

  /** Prism's own problem for an invalid request whose status the spec does not declare. */
  function violationsProblem(violations: IPrismDiagnostic[]): Error {
    const security = violations.find((v) => v.code === 401);
    if (security) {
      const tags = security.tags ?? [];
      const detail =
        'Your request does not fullfil the security requirements and no HTTP unauthorized response was found in the spec, so Prism is generating this error for you.';
      return prism.ProblemJsonError.fromTemplate(
        prism.problems.UNAUTHORIZED,
        detail,
        tags.length > 0 ? { headers: { 'WWW-Authenticate': tags.join(',') } } : undefined,
      );
    }
    const contentType = violations.find((v) => v.code === 415);
    if (contentType)
      return prism.ProblemJsonError.fromTemplate(prism.problems.INVALID_CONTENT_TYPE, contentType.message);
    const detail =
      'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.';
    const validation = violations.map((v) => ({
      location: v.path,
      severity: ['Error', 'Warning', 'Information', 'Hint'][v.severity],
      code: v.code,
      message: v.message,
    }));
    return prism.ProblemJsonError.fromTemplate(prism.problems.UNPROCESSABLE_ENTITY, detail, { validation });
  }

  /** A value Prism's mocker generates statically from a schema, or its problem. */
  function sample(schema: object, resource: Resource, what: string): { value: unknown } | { error: Error } {
    try {
      return { value: prism.sample(schema, resource) };
    } catch (error) {
      if (!prism.tooComplex(error)) return { error: error as Error };
      return {
        error: prism.ProblemJsonError.fromTemplate(
          prism.problems.SCHEMA_TOO_COMPLEX,
          `Unable to generate ${what} for response. The schema is too complex to generate.`,
        ),
      };
    }
  }

  /** The response of a negotiation, as Prism's mocker assembles it with static examples. */
  function assemble(negotiated: Result<Negotiation, Error>, resource: Resource, ignoreExamples: boolean): Choice {
    if (!negotiated.ok) return negotiated;
    const chosen = negotiated.value;
    // Prism's order: the body first, then the headers. Prism keys them by name (the last of a name)
    // and walks the names sorted (code-unit order).
    let body: unknown;
    if (
      !ignoreExamples &&
      chosen.bodyExample &&
      'value' in chosen.bodyExample &&
      chosen.bodyExample.value !== undefined
    )
      body = chosen.bodyExample.value;
    else if (chosen.schema) {
      const made = sample(chosen.schema, resource, 'body');
      if ('error' in made) return left(made.error);
      body = made.value;
    }
    const declared = new Map((chosen.headers ?? []).map((header) => [header.name, header]));
    const headers: Record<string, unknown> = {};
    for (const name of [...declared.keys()].sort()) {
      const header = declared.get(name) as NonNullable<typeof chosen.headers>[number];
      const [example] = header.examples ?? [];
      let value: unknown = null;
      if (header.schema && example) value = example.value ?? null;
      else if (header.schema) {
        const made = sample(header.schema, resource, 'header');
        if ('error' in made) return left(made.error);
        value = typeof made.value === 'number' || typeof made.value === 'string' ? made.value : null;
      }
      headers[name] = value;
    }
    const response: IHttpResponse = {
      statusCode: Number.parseInt(chosen.code, 10),
      headers: {
        ...headers,
        ...(chosen.mediaType ? { 'Content-type': chosen.mediaType } : {}),
        ...(resource.deprecated ? { deprecation: 'true' } : {}),
      },
      body,
    };
    return { ok: true, value: response };
  }

  /**
   * The choices for valid requests with static examples, by everything they depend on: the
   * operation, the Accept header and the preferences. Nothing downstream modifies a choice: the
   * responder answers with a copy.
   */
  const choices = new Map<string, Choice>();

  /**
   * The choice for a valid request. It is kept when the log shows none of the negotiation's steps
   * and the negotiation warned of nothing, so that a choice answered again logs what Prism's would.
   */
  function chooseValid(
    resource: Resource,
    options: MockerOptions['config'],
    negotiation: PrismLogger | Warnings,
  ): Choice {
    const negotiate = () =>
      assemble(prism.negotiateValid(resource, options, negotiation), resource, options.ignoreExamples ?? false);
    if (!(negotiation instanceof Warnings)) return negotiate();
    const key = JSON.stringify([
      resource.id,
      options.code,
      options.exampleKey,
      options.mediaTypes,
      options.ignoreExamples,
    ]);
    const known = choices.get(key);
    if (known) return known;
    const chosen = negotiate();
    if (chosen.ok && !negotiation.warned) {
      if (choices.size >= MAX_CHOICES) choices.clear();
      choices.set(key, chosen);
    }
    return chosen;
  }

  return (resource, input, config) => {
    // The request's method and path go on every line the negotiation logs (when its lines are shown).
    const where = { input: { method: input.data.method, url: { path: input.data.url.path } } };
    // Prism's whole mocker logs at warn too: its lines always carry the request.
    if (config.dynamic || (resource.callbacks?.length ?? 0) > 0)
      return prism.mock({ resource, input, config }, logger.child({ name: 'NEGOTIATOR', ...where }));
    const negotiator = () => logger.child({ name: 'NEGOTIATOR', ...where });
    const negotiation = logger.isLevelEnabled('info') ? negotiator() : new Warnings(negotiator);
    const accept = Object.entries(input.data.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept')?.[1];
    const options = { ...config, ...(!config.mediaTypes && accept ? { mediaTypes: String(accept).split(',') } : {}) };
    const errors = input.validations.filter((v) => v.severity === 0);
    if (errors.length === 0) return chooseValid(resource, options, negotiation);
    // At info, where Prism writes it at warn (../prism/log.ts): a 422 is no fault of the mock's.
    logger.info({ name: 'VALIDATOR', ...where }, 'Request did not pass the validation rules');
    const codes = expectedCodes(input.validations);
    const exampleKey = codes.includes(Number(options.code)) ? options.exampleKey : undefined;
    const negotiated = prism.negotiateInvalid(resource.responses, codes, exampleKey, negotiation);
    // The negotiator's one problem here is its 404 (no such example), which Prism's mocker keeps;
    // its plain Error (no response for these codes) gives way to Prism's own problem.
    if (!negotiated.ok)
      return left(
        negotiated.error instanceof prism.ProblemJsonError ? negotiated.error : violationsProblem(input.validations),
      );
    return assemble(negotiated, resource, config.ignoreExamples ?? false);
  };
}
