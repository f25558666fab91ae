// Prism's pieces as the mock's steps call them: its checks, router, negotiator and mocker answer
// with fp-ts `Either`s, read here and nowhere else. A check gives its violations (none when it
// passed); the router, the negotiator and the mocker give a Result.
import type {
  IHttpRequest,
  IHttpResponse,
  IPrismDiagnostic,
  MockerLogger,
  MockerOptions,
  Resource,
} from './prism-types.js';
import type { BodyCheck, Negotiated, ParameterCheck, Prism } from './modules.js';

/** An answer or its problem. */
export type Result<T, E = unknown> = { ok: true; value: T } | { ok: false; error: E };

/** The response Prism's mocker chooses for a request, or its problem. */
export type Choice = Result<IHttpResponse, Error>;

/** What Prism's negotiator chose: the status, media type, headers and the example or schema of the body. */
export type Negotiation = Extract<Negotiated, { _tag: 'Right' }>['right'];

type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };

const resultOf = <L, R>(either: Either<L, R>): Result<R, L> =>
  either._tag === 'Right' ? { ok: true, value: either.right } : { ok: false, error: either.left };

const violationsOf = (checked: { _tag: string; left?: IPrismDiagnostic[] }): IPrismDiagnostic[] =>
  checked._tag === 'Left' ? (checked.left as IPrismDiagnostic[]) : [];

type Checks = 'validateInput' | 'validateOutput' | 'validateSecurity' | 'validatePath' | 'validateQuery';
type Replaced = Checks | 'validateHeaders' | 'validateBody' | 'route' | 'negotiator' | 'mocker';

/** Prism's pieces with plain answers in place of its `Either`s. */
export interface PlainPrism extends Omit<Prism, Replaced> {
  /** Prism's validation of a request (body, parameters): its violations. */
  validateInput(options: { resource: Resource; element: IHttpRequest }): IPrismDiagnostic[];
  /** Prism's whole validation of a response (status, media type, headers, body): its violations. */
  validateOutput(options: { resource: Resource; element: IHttpResponse }): IPrismDiagnostic[];
  /** Prism's check of a request's credentials: its violations. */
  validateSecurity(options: { resource: Resource; element: IHttpRequest }): IPrismDiagnostic[];
  /** Prism's check of one kind of parameter: (values, the parameters' specs, context, bundle) → its violations. */
  validatePath: (...args: Parameters<ParameterCheck>) => IPrismDiagnostic[];
  validateQuery: (...args: Parameters<ParameterCheck>) => IPrismDiagnostic[];
  validateHeaders: (...args: Parameters<ParameterCheck>) => IPrismDiagnostic[];
  /** Prism's check of a body: (body, the contents, context, media type, multipart boundary, bundle) → its violations. */
  validateBody: (...args: Parameters<BodyCheck>) => IPrismDiagnostic[];
  /** Prism's own router (tries every operation): the operation, or its 404 or 405. */
  route: (options: { resources: Resource[]; input: IHttpRequest }) => Result<Resource>;
  /** Prism's negotiation for a valid request, logged to `logger`. */
  negotiateValid(resource: Resource, options: object, logger: unknown): Result<Negotiation, Error>;
  /** Prism's negotiation for an invalid request, among the `codes` in order, logged to `logger`. */
  negotiateInvalid(
    responses: Resource['responses'],
    codes: [number, ...number[]],
    exampleKey: string | undefined,
    logger: unknown,
  ): Result<Negotiation, Error>;
  /** Prism's whole mocker (loaded on first use), logged to `logger`. */
  mock(options: MockerOptions, logger: MockerLogger): Choice;
}

/** `prism` with plain answers. */
export function plainPrism(prism: Prism): PlainPrism {
  return {
    ...prism,
    validateInput: (options) => violationsOf(prism.validateInput(options)),
    validateOutput: (options) => violationsOf(prism.validateOutput(options)),
    validateSecurity: (options) => violationsOf(prism.validateSecurity(options)),
    validatePath: (...args) => violationsOf(prism.validatePath(...args)),
    validateQuery: (...args) => violationsOf(prism.validateQuery(...args)),
    validateHeaders: (...args) => violationsOf(prism.validateHeaders(...args)),
    validateBody: (...args) => violationsOf(prism.validateBody(...args)),
    route: (options) => resultOf(prism.route(options) as Either<unknown, Resource>),
    negotiateValid: (resource, options, logger) =>
      resultOf(prism.negotiator.negotiateOptionsForValidRequest(resource, options)(logger)),
    negotiateInvalid: (responses, codes, exampleKey, logger) =>
      resultOf(prism.negotiator.negotiateOptionsForInvalidRequest(responses, codes, exampleKey)(logger)),
    mock: (options, logger) => resultOf(prism.mocker()(options)(logger) as Either<Error, IHttpResponse>),
  };
}
