// Prism's pieces as the mock drives them, wherever they are found: the table of every module of
// Prism's it takes (PRISM_MODULES), the check of each against the shape the mock calls, and the
// assembly of the Prism interface from them. Two finders hand the modules over: Node's
// (./deps.ts: each Prism package's own `require`, at run time) and a page's (./browser.ts: the
// modules bundled with the package's browser build, scripts/prism-bundle.js). Nothing here needs Node.
import type { createLogger } from '@stoplight/prism-core';
import type * as PrismHttp from '@stoplight/prism-http';
import type { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import type { FormatCheck, Mocker, IPrismDiagnostic, PrismRoute, Resource } from './prism-types.js';

/** A module of Prism's that the mock takes: the Prism package that finds it, where, and each export the mock calls (by its path, '' for the module itself) with its `typeof`. */
export interface PrismModule {
  peer: string;
  specifier: string;
  shape: Readonly<Record<string, 'function' | 'object'>>;
}

export const HTTP = '@stoplight/prism-http';

/** Every module of Prism's that the mock takes (docs/ARCHITECTURE.md, "Prism's internals", says why each). */
export const PRISM_MODULES = {
  types: { peer: HTTP, specifier: './dist/types.js', shape: { ProblemJsonError: 'function' } },
  problems: {
    peer: HTTP,
    specifier: './dist/mocker/errors.js',
    shape: {
      UNPROCESSABLE_ENTITY: 'object',
      UNAUTHORIZED: 'object',
      INVALID_CONTENT_TYPE: 'object',
      VIOLATIONS: 'object',
      SCHEMA_TOO_COMPLEX: 'object',
    },
  },
  negotiator: {
    peer: HTTP,
    specifier: './dist/mocker/negotiator/NegotiatorHelpers.js',
    shape: {
      'default.negotiateOptionsForValidRequest': 'function',
      'default.negotiateOptionsForInvalidRequest': 'function',
    },
  },
  validator: {
    peer: HTTP,
    specifier: './dist/validator/index.js',
    shape: { validateInput: 'function', validateOutput: 'function', validateSecurity: 'function' },
  },
  checks: {
    peer: HTTP,
    specifier: './dist/validator/validators/index.js',
    shape: {
      validatePath: 'function',
      validateQuery: 'function',
      validateHeaders: 'function',
      validateBody: 'function',
    },
  },
  headers: { peer: HTTP, specifier: './dist/validator/validators/headers.js', shape: { parseMIMEHeader: 'function' } },
  router: { peer: HTTP, specifier: './dist/router/index.js', shape: { default: 'function' } },
  dateTime: {
    peer: HTTP,
    specifier: './dist/validator/validators/dateTime.js',
    shape: { date_time: 'function', compareDateTime: 'function' },
  },
  // Prism's own dependencies, as it has them.
  sampler: {
    peer: HTTP,
    specifier: '@stoplight/json-schema-sampler',
    shape: { sample: 'function', SchemaSizeExceededError: 'function' },
  },
  formats: { peer: HTTP, specifier: 'ajv-formats/dist/formats', shape: { fullFormats: 'object' } },
  addFormats: { peer: HTTP, specifier: 'ajv-formats', shape: { default: 'function' } },
  ajv: { peer: HTTP, specifier: 'ajv', shape: { default: 'function' } },
  ajv2019: { peer: HTTP, specifier: 'ajv/dist/2019', shape: { default: 'function' } },
  ajv2020: { peer: HTTP, specifier: 'ajv/dist/2020', shape: { default: 'function' } },
  // Prism's HTTP server's own module loads Prism's whole mocker: its Prefer parser is taken from its dependencies.
  prefer: { peer: '@stoplight/prism-http-server', specifier: 'parse-prefer-header', shape: { '': 'function' } },
  core: { peer: '@stoplight/prism-core', specifier: '.', shape: { createLogger: 'function' } },
  // Loaded on first use, each: Prism's reader of documents loads its OpenAPI 2 and Postman readers
  // too (about 440 modules), needed only for a spec other than the embedded one
  // (../../../generated/embedded.ts carries Prism's reading of that); the mocker's generator loads
  // faker (about 0.5 s).
  operations: { peer: HTTP, specifier: './dist/utils/operations.js', shape: { getHttpOperationsFromSpec: 'function' } },
  mocker: { peer: HTTP, specifier: './dist/mocker/index.js', shape: { default: 'function' } },
  // The YAML reader Prism's reader of documents parses with, for a spec of one's own in YAML.
  yaml: { peer: HTTP, specifier: '@stoplight/yaml', shape: { parseWithPointers: 'function' } },
} as const satisfies Record<string, PrismModule>;

/** A key of PRISM_MODULES. */
export type PrismModuleName = keyof typeof PRISM_MODULES;

/**
 * The modules a page's finder is handed (the package's browser build bundles these alone). Left
 * out: Prism's reader of documents (its OpenAPI 2 and Postman readers need Node's `os`, `path` and
 * more; the embedded spec carries Prism's reading of itself), its whole mocker (faker, some
 * 2 MB; only dynamic generation needs it) and prism-core's logger (pino's browser build has no
 * custom levels, which Prism's negotiator logs at, nor hooks, which keep credentials out of the
 * log: ./browser-logger.ts writes the same lines instead), and the YAML reader (a page reads no spec
 * of its own).
 */
const NOT_IN_BROWSER = ['operations', 'mocker', 'core', 'yaml'] as const;
export const BROWSER_MODULES = (Object.keys(PRISM_MODULES) as PrismModuleName[]).filter(
  (name) => !(NOT_IN_BROWSER as readonly string[]).includes(name),
);
export type BrowserModuleName = Exclude<PrismModuleName, (typeof NOT_IN_BROWSER)[number]>;

/**
 * What is wrong with `loaded` as `module` (undefined: nothing): an export the mock calls (a path,
 * '' for the module itself) that is missing or of another kind.
 */
export function shapeProblem(module: PrismModule, loaded: unknown): string | undefined {
  for (const [name, kind] of Object.entries(module.shape)) {
    const value = name
      .split('.')
      .reduce<unknown>(
        (node, key) => (key === '' ? node : (node as Record<string, unknown> | undefined)?.[key]),
        loaded,
      );
    if (typeof value !== kind)
      return name === '' ? `${module.specifier} is not a ${kind}` : `${module.specifier} has no ${kind} ${name}`;
  }
  return undefined;
}

/** Prism's check of one kind of parameter: (values, the parameters' specs, context, bundle) → an fp-ts Either (Left: its violations). */
export type ParameterCheck = (
  target: Record<string, unknown>,
  specs: unknown[],
  context: number,
  bundle?: unknown,
) => Checked;
/** Prism's check of a body: (body, the contents, context, media type, multipart boundary, bundle). */
export type BodyCheck = (
  body: unknown,
  contents: unknown[],
  context: number,
  mediaType: string,
  boundary: string | undefined,
  bundle?: unknown,
) => Checked;
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
  negotiateOptionsForInvalidRequest(
    responses: Resource['responses'],
    codes: [number, ...number[]],
    exampleKey?: string,
  ): (logger: unknown) => Negotiated;
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
  /** Prism's reading of a document into its operations (loaded on first use). */
  getHttpOperationsFromSpec: (spec: string | object) => Promise<Resource[]>;
  /** The version of @stoplight/http-spec that getHttpOperationsFromSpec reads with. */
  httpSpecVersion: string | undefined;
  /** Prism's YAML reader (@stoplight/yaml, loaded on first use): the value and the problems, each with its line and column from 0. */
  parseYaml: (text: string) => YamlParsed;
  ProblemJsonError: typeof PrismHttp.ProblemJsonError;
  /** Prism's problem templates (errors of its mocker: UNAUTHORIZED, VIOLATIONS, …). */
  problems: Record<
    'UNPROCESSABLE_ENTITY' | 'UNAUTHORIZED' | 'INVALID_CONTENT_TYPE' | 'VIOLATIONS' | 'SCHEMA_TOO_COMPLEX',
    { type: string; title: string; status: number }
  >;
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
  /** Prism's own router (tries every operation; ../engine/router.ts hands it what its table cannot route). */
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
  ajv(draft: 'default' | 'draft2019_09' | 'draft2020_12', options?: { validateSchema?: boolean }): AjvInstance;
}

/** What each finder gives besides the modules it is handed: the reader of documents, the whole mocker and the logger, each as it has them. */
export type FinderParts = Pick<
  Prism,
  'getHttpOperationsFromSpec' | 'httpSpecVersion' | 'mocker' | 'createLogger' | 'parseYaml'
>;

/** What @stoplight/yaml's parseWithPointers gives: the value, and its problems (severity 0: an error). */
export interface YamlParsed {
  data: unknown;
  diagnostics: { message: string; severity: number; range: { start: { line: number; character: number } } }[];
}

/**
 * Prism's pieces the mock drives: its router, validator and checks, the negotiator and static
 * sampler of its mocker, its problem templates, the `Prefer` header parser of its HTTP server, and
 * the format checks its validator uses (so the mock's error translation agrees with Prism on what
 * is valid), each module taken, checked, from a finder; the reader of documents, the whole mocker
 * and the logger are the finder's own (`finderParts`).
 */
export function assemblePrism(take: <T>(name: PrismModuleName) => T, finderParts: () => FinderParts): Prism {
  const { ProblemJsonError } = take<{ ProblemJsonError: typeof PrismHttp.ProblemJsonError }>('types');
  const problems = take<Prism['problems']>('problems');
  const negotiator = take<{ default: Negotiator }>('negotiator').default;
  const validator = take<{
    validateInput: typeof validateInput;
    validateOutput: typeof validateOutput;
    validateSecurity: typeof validateSecurity;
  }>('validator');
  const checks = take<
    Record<'validatePath' | 'validateQuery' | 'validateHeaders', ParameterCheck> & { validateBody: BodyCheck }
  >('checks');
  const { parseMIMEHeader } = take<Pick<Prism, 'parseMIMEHeader'>>('headers');
  const route = take<{ default: PrismRoute }>('router').default;
  const { date_time: dateTime, compareDateTime } = take<{
    date_time: (text: string) => boolean;
    compareDateTime: (a: string, b: string) => number | undefined;
  }>('dateTime');
  const sampler = take<{
    sample(schema: object, options: object, spec: object): unknown;
    SchemaSizeExceededError: new () => Error;
  }>('sampler');
  const { fullFormats } = take<{ fullFormats: Record<string, FormatCheck> }>('formats');
  const addFormats = take<{ default: (ajv: AjvInstance) => void }>('addFormats').default;
  const draft = (name: PrismModuleName) => take<{ default: new (options: object) => AjvInstance }>(name).default;
  const drafts = { default: draft('ajv'), draft2019_09: draft('ajv2019'), draft2020_12: draft('ajv2020') };
  const parsePrefer = take<Prism['parsePrefer']>('prefer');
  // The finder's own parts after the modules: a module that is missing is named before them.
  const parts = finderParts();
  return {
    ...parts,
    ProblemJsonError,
    problems,
    negotiator,
    // Prism's mocker samples a static body with these options (its generateStatic).
    sample: (schema, resource) => sampler.sample(schema, { ticks: 2500 }, resource),
    tooComplex: (error) => error instanceof sampler.SchemaSizeExceededError,
    validateOutput: validator.validateOutput,
    validateInput: validator.validateInput,
    validateSecurity: validator.validateSecurity,
    validatePath: checks.validatePath,
    validateQuery: checks.validateQuery,
    validateHeaders: checks.validateHeaders,
    validateBody: checks.validateBody,
    parseMIMEHeader,
    route,
    parsePrefer,
    formats: { ...fullFormats, 'date-time': dateTime },
    ajv: (which, { validateSchema = true } = {}) => {
      const ajv = new drafts[which]({
        // Checking each schema against its meta-schema first (ajv's default) is Prism's way; the
        // first check compiles the meta-schema, a third of a mock's first answer.
        validateSchema,
        allowUnionTypes: true,
        allowMatchingProperties: true,
        strict: false,
        coerceTypes: false,
        logger: false,
      });
      addFormats(ajv);
      ajv.addFormat('date-time', { validate: dateTime, compare: compareDateTime });
      return ajv;
    },
  };
}
