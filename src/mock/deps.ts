/// <reference types="node" />
// Loads the Prism packages the mock runs on. They are optional peer dependencies of the package:
// installing it for its types pulls no server, so a missing one gets an install hint, not a stack.
// Only their types are imported statically (erased from the build); the code is required here.
import { createRequire } from 'node:module';
import type { createLogger } from '@stoplight/prism-core';
import type * as PrismHttp from '@stoplight/prism-http';
import type { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import { installCommand, loadPeer } from '../shared/peers.js';
import { manifest, requireFromPackage } from '../shared/package-root.js';
import type { IPrismDiagnostic, Mocker, Resource } from './prism-types.js';
import type { FormatCheck } from './pydantic.js';
import type { PrismRoute } from './router.js';


/**
 * The peers the mock needs, Prism's packages, at the versions it is tested with (package.json's
 * peers of @stoplight/prism-*): each range is the set that prism-cli 5.14 uses (any supported
 * Node) `||` 5.16 and later (Node 24.18 and later).
 */
export const PRISM_PEERS: Record<string, string> = Object.fromEntries(Object.entries(manifest.peerDependencies).filter(([name]) => name.startsWith('@stoplight/prism-')));

/** The command that installs the mock's peers: the first version of each range, the set that runs on every supported Node. */
export const PRISM_INSTALL = installCommand(PRISM_PEERS, Object.keys(PRISM_PEERS));

export class MissingPrismError extends Error {
  override readonly name = 'MissingPrismError';
  constructor(name: string, cause: unknown) {
    super(`the mock needs ${name}, an optional peer dependency that is not installed: ${PRISM_INSTALL}`, { cause });
  }
}

/** Prism's module `name` (its resolved path with `resolveOnly`). */
function load<T>(name: string, resolveOnly = false): T {
  const missing = (cause: unknown) => new MissingPrismError(name.replace(/\/(dist\/.*|package\.json)$/, ''), cause);
  return loadPeer<T>(name, resolveOnly ? requireFromPackage.resolve : requireFromPackage, missing);
}

/** Prism's check of one kind of parameter: (values, the parameters' specs, context, bundle) → an fp-ts Either (Left: its violations). */
export type ParameterCheck = (target: Record<string, unknown>, specs: unknown[], context: number, bundle?: unknown) => Checked;
/** Prism's check of a body: (body, the contents, context, media type, multipart boundary, bundle). */
export type BodyCheck = (body: unknown, contents: unknown[], context: number, mediaType: string, boundary: string | undefined, bundle?: unknown) => Checked;
/** What each of Prism's checks returns: its violations, or the value it checked. */
export type Checked = { _tag: 'Left'; left: IPrismDiagnostic[] } | { _tag: 'Right' };

/** The part of an ajv instance the mock uses. */
export interface AjvInstance {
  compile(schema: object): (value: unknown) => boolean;
  addFormat(name: string, format: object): unknown;
}

/** Prism's negotiation of a response (its mocker's negotiator), each a Reader of its logger. */
export interface Negotiator {
  negotiateOptionsForValidRequest(resource: Resource, options: object): (logger: unknown) => Negotiated;
  negotiateOptionsForInvalidRequest(responses: Resource['responses'], codes: [number, ...number[]], exampleKey?: string): (logger: unknown) => Negotiated;
}

/** What Prism's negotiator chose: the status, media type, headers and the example or schema of the body. */
export type Negotiated =
  | { _tag: 'Left'; left: Error }
  | {
      _tag: 'Right';
      right: {
        code: string;
        mediaType?: string;
        headers?: { name: string; schema?: object; examples?: { value?: unknown }[] }[];
        bodyExample?: { value?: unknown };
        schema?: object;
        deprecated?: boolean;
      };
    };

/** Prism's pieces the mock drives. */
export interface Prism {
  getHttpOperationsFromSpec: (spec: string | object) => Promise<Resource[]>;
  ProblemJsonError: typeof PrismHttp.ProblemJsonError;
  /** Prism's problem templates (errors of its mocker: UNAUTHORIZED, VIOLATIONS, …). */
  problems: Record<'UNPROCESSABLE_ENTITY' | 'UNAUTHORIZED' | 'INVALID_CONTENT_TYPE' | 'VIOLATIONS' | 'SCHEMA_TOO_COMPLEX', { type: string; title: string; status: number }>;
  negotiator: Negotiator;
  /** Prism's static body generator (the schema's examples, defaults or first values), as its mocker calls it. */
  sample(schema: object, resource: Resource): unknown;
  /** Is `error` the sampler's "schema too complex"? */
  tooComplex(error: unknown): boolean;
  /** Prism's whole mocker (examples, --dynamic generation, callbacks): loaded on first use, since its generator loads faker (about 0.5 s). */
  mocker(): Mocker;
  validateOutput: typeof validateOutput;
  /** Prism's validation of a request (body, parameters) and its checks of each kind of parameter. */
  validateInput: typeof validateInput;
  validateSecurity: typeof validateSecurity;
  validatePath: ParameterCheck;
  validateQuery: ParameterCheck;
  validateHeaders: ParameterCheck;
  /** Prism's check of a body against the content of its media type (after its schema rewrites). */
  validateBody: BodyCheck;
  /** Prism's reading of a Content-Type header: [multipart boundary, media type]. */
  parseMIMEHeader: (header: string) => [string | undefined, string];
  /** Prism's own router (tries every operation; ./router.ts hands it what its table cannot route). */
  route: PrismRoute;
  /** The `Prefer` header parser of Prism's HTTP server (parse-prefer-header): token → its value, or true when it has none. */
  parsePrefer: (header: string) => Record<string, string | true>;
  createLogger: typeof createLogger;
  /** The format checks Prism's validator uses (ajv-formats and its date-time). */
  formats: Record<string, FormatCheck>;
  /**
   * An ajv like the one Prism's validator checks bodies with (same ajv, draft, options, formats and
   * date-time, from prism-http's own dependencies), but stopping at the first error: what it says
   * is valid, Prism's says is valid.
   */
  ajv(draft: 'default' | 'draft2019_09' | 'draft2020_12'): AjvInstance;
}

/**
 * Prism's pieces the mock drives: its router, validator and checks, the negotiator and static
 * sampler of its mocker, its problem templates, the `Prefer` header parser of its HTTP server, its
 * logger, and the format checks its validator uses (so the mock's error translation agrees with
 * Prism on what is valid). Its whole mocker is loaded only when a run needs it (`mocker()`).
 */
export function loadPrism(): Prism {
  const HTTP = '@stoplight/prism-http/dist';
  const operations = load<{ getHttpOperationsFromSpec: Prism['getHttpOperationsFromSpec'] }>(`${HTTP}/utils/operations.js`);
  const { ProblemJsonError } = load<{ ProblemJsonError: typeof PrismHttp.ProblemJsonError }>(`${HTTP}/types.js`);
  const problems = load<Prism['problems']>(`${HTTP}/mocker/errors.js`);
  const negotiator = load<{ default: Negotiator }>(`${HTTP}/mocker/negotiator/NegotiatorHelpers.js`).default;
  const validator = load<{ validateInput: typeof validateInput; validateOutput: typeof validateOutput; validateSecurity: typeof validateSecurity }>(`${HTTP}/validator/index.js`);
  const checks = load<Record<'validatePath' | 'validateQuery' | 'validateHeaders', ParameterCheck> & { validateBody: BodyCheck }>(`${HTTP}/validator/validators/index.js`);
  const { parseMIMEHeader } = load<Pick<Prism, 'parseMIMEHeader'>>(`${HTTP}/validator/validators/headers.js`);
  const route = load<{ default: PrismRoute }>(`${HTTP}/router/index.js`).default;
  // Prism's HTTP server's own module loads Prism's whole mocker: its Prefer parser is taken from its dependencies.
  const fromServer = createRequire(load<string>('@stoplight/prism-http-server/package.json', true));
  const core = load<{ createLogger: typeof createLogger }>('@stoplight/prism-core');
  // The sampler, ajv-formats and the date-time check as Prism has them, resolved from prism-http.
  const fromHttp = createRequire(requireFromPackage.resolve('@stoplight/prism-http/package.json'));
  const sampler = fromHttp('@stoplight/json-schema-sampler') as { sample(schema: object, options: object, spec: object): unknown; SchemaSizeExceededError: new () => Error };
  const { fullFormats } = fromHttp('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatCheck> };
  const { date_time: dateTime, compareDateTime } = load<{ date_time: (text: string) => boolean; compareDateTime: (a: string, b: string) => number | undefined }>(
    `${HTTP}/validator/validators/dateTime`,
  );
  const addFormats = (fromHttp('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
  const draft = (path: string) => (fromHttp(path) as { default: new (options: object) => AjvInstance }).default;
  const drafts = { default: draft('ajv'), draft2019_09: draft('ajv/dist/2019'), draft2020_12: draft('ajv/dist/2020') };
  let mocker: Mocker | undefined;
  return {
    getHttpOperationsFromSpec: operations.getHttpOperationsFromSpec,
    ProblemJsonError,
    problems,
    negotiator,
    // Prism's mocker samples a static body with these options (its generateStatic).
    sample: (schema, resource) => sampler.sample(schema, { ticks: 2500 }, resource),
    tooComplex: (error) => error instanceof sampler.SchemaSizeExceededError,
    mocker: () => (mocker ??= load<{ default: Mocker }>(`${HTTP}/mocker/index.js`).default),
    validateOutput: validator.validateOutput,
    validateInput: validator.validateInput,
    validateSecurity: validator.validateSecurity,
    validatePath: checks.validatePath,
    validateQuery: checks.validateQuery,
    validateHeaders: checks.validateHeaders,
    validateBody: checks.validateBody,
    parseMIMEHeader,
    route,
    parsePrefer: fromServer('parse-prefer-header') as Prism['parsePrefer'],
    createLogger: core.createLogger,
    formats: { ...fullFormats, 'date-time': dateTime as FormatCheck },
    ajv: (which) => {
      const ajv = new drafts[which]({ allowUnionTypes: true, allowMatchingProperties: true, strict: false, coerceTypes: false, logger: false });
      addFormats(ajv);
      ajv.addFormat('date-time', { validate: dateTime, compare: compareDateTime });
      return ajv;
    },
  };
}
