/// <reference types="node" />
// Loads the Prism packages the mock runs on. They are optional peer dependencies of the package:
// installing it for its types pulls no server, so a missing one gets an install hint, not a stack.
// Only their types are imported statically (erased from the build); the code is required here.
//
// Most of what the mock drives is inside Prism's packages, not among their exports (the table of
// docs/ARCHITECTURE.md, "Prism's internals", says each and why). The peer ranges accept Prism
// releases the mock was not tested on, and one of them may move or change such a module: each is
// checked when it loads (it is there, and each export the mock calls is of the kind it calls), and
// a Prism that fails a check is refused with a PrismVersionError that names the Prism the mock is
// tested with, before any request is answered.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { createLogger } from '@stoplight/prism-core';
import type * as PrismHttp from '@stoplight/prism-http';
import type { validateInput, validateOutput, validateSecurity } from '@stoplight/prism-http/dist/validator/index.js';
import { installCommand, loadPeer } from '../../shared/peers.js';
import { manifest, requireFromPackage } from '../../shared/package-root.js';
import type { IPrismDiagnostic, Mocker, Resource } from './prism-types.js';
import type { FormatCheck } from '../service/pydantic.js';
import type { PrismRoute } from '../engine/router.js';

/**
 * The peers the mock needs, Prism's packages, at the versions it is tested with (package.json's
 * peers of @stoplight/prism-*): each range is the set that prism-cli 5.14 uses (any supported
 * Node) `||` 5.16 and later (Node 24.18 and later).
 */
export const PRISM_PEERS: Record<string, string> = Object.fromEntries(
  Object.entries(manifest.peerDependencies).filter(([name]) => name.startsWith('@stoplight/prism-')),
);

/** The command that installs the mock's peers: the first version of each range, the set that runs on every supported Node. */
export const PRISM_INSTALL = installCommand(PRISM_PEERS, Object.keys(PRISM_PEERS));

/** Prism's packages that are not installed (each of them, named in the message). */
export class MissingPrismError extends Error {
  override readonly name = 'MissingPrismError';
  readonly peers: string[];
  constructor(names: string | string[], cause: unknown) {
    const peers = [names].flat();
    const listed =
      peers.length === 1
        ? `${peers[0]}, an optional peer dependency that is`
        : `${peers.slice(0, -1).join(', ')} and ${peers.at(-1)}, optional peer dependencies that are`;
    super(`the mock needs ${listed} not installed: ${PRISM_INSTALL}`, { cause });
    this.peers = peers;
  }
}

/** An installed Prism whose modules are not those the mock is written against: one moved, or an export changed kind. */
export class PrismVersionError extends Error {
  override readonly name = 'PrismVersionError';
  constructor(peer: Installed, problem: string, cause?: unknown) {
    super(
      `the mock cannot run on ${peer.name} ${peer.version}: ${problem}; it runs on the Prism it is tested with: ${PRISM_INSTALL}`,
      { cause },
    );
  }
}

/** A Prism package as installed: its version, and `require` from its own directory (its modules and its dependencies as it sees them). */
interface Installed {
  name: string;
  version: string;
  require: NodeJS.Require;
}

/** The installed Prism package `name` (MissingPrismError when it is not installed). */
function installed(name: string): Installed {
  const manifestPath = loadPeer<string>(
    `${name}/package.json`,
    requireFromPackage.resolve,
    (cause) => new MissingPrismError(name, cause),
  );
  const { version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  return { name, version, require: createRequire(manifestPath) };
}

/** A module of Prism's that the mock takes: the Prism package that finds it, where, and each export the mock calls (by its path, '' for the module itself) with its `typeof`. */
interface PrismModule {
  peer: string;
  specifier: string;
  shape: Readonly<Record<string, 'function' | 'object'>>;
}

const HTTP = '@stoplight/prism-http';

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
} as const satisfies Record<string, PrismModule>;

/** Finds and loads the modules of PRISM_MODULES, each Prism package found once. */
function prismModules() {
  const peers = new Map<string, Installed>();
  const peerOf = (name: string): Installed => peers.get(name) ?? peers.set(name, installed(name)).get(name)!;
  // Every one of Prism's packages that is missing is named at once, not the first alone.
  const absent: MissingPrismError[] = [];
  for (const name of Object.keys(PRISM_PEERS)) {
    try {
      peerOf(name);
    } catch (error) {
      if (!(error instanceof MissingPrismError)) throw error;
      absent.push(error);
    }
  }
  if (absent.length > 0)
    throw new MissingPrismError(
      absent.flatMap((error) => error.peers),
      absent[0]?.cause,
    );
  /** Where the module is (PrismVersionError when it is not there). */
  const where = ({ peer, specifier }: PrismModule): string =>
    loadPeer<string>(
      specifier,
      peerOf(peer).require.resolve,
      (cause) => new PrismVersionError(peerOf(peer), `${specifier} is not there`, cause),
    );
  /**
   * The module, checked against its shape: PrismVersionError when an export is of another kind. A
   * module it requires being absent is a broken install: that error goes on as it is.
   */
  function take<T>(module: PrismModule, path = where(module)): T {
    const loaded: unknown = peerOf(module.peer).require(path);
    for (const [name, kind] of Object.entries(module.shape)) {
      const value = name
        .split('.')
        .reduce<unknown>(
          (node, key) => (key === '' ? node : (node as Record<string, unknown> | undefined)?.[key]),
          loaded,
        );
      if (typeof value !== kind)
        throw new PrismVersionError(
          peerOf(module.peer),
          name === '' ? `${module.specifier} is not a ${kind}` : `${module.specifier} has no ${kind} ${name}`,
        );
    }
    return loaded as T;
  }
  /** The version of a package as `peer` finds it (the package.json above its main module: its exports may not list package.json). */
  function versionOf(peer: string, name: string): string | undefined {
    let dir: string;
    try {
      dir = dirname(peerOf(peer).require.resolve(name));
    } catch {
      return undefined;
    }
    for (; !existsSync(join(dir, 'package.json')); dir = dirname(dir)) if (dirname(dir) === dir) return undefined;
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  }
  return { where, take, versionOf };
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

/**
 * Prism's pieces the mock drives: its router, validator and checks, the negotiator and static
 * sampler of its mocker, its problem templates, the `Prefer` header parser of its HTTP server, its
 * logger, and the format checks its validator uses (so the mock's error translation agrees with
 * Prism on what is valid). Its whole mocker is loaded only when a run needs it (`mocker()`).
 */
export function loadPrism(): Prism {
  const { where, take, versionOf } = prismModules();
  const M = PRISM_MODULES;
  const { ProblemJsonError } = take<{ ProblemJsonError: typeof PrismHttp.ProblemJsonError }>(M.types);
  const problems = take<Prism['problems']>(M.problems);
  const negotiator = take<{ default: Negotiator }>(M.negotiator).default;
  const validator = take<{
    validateInput: typeof validateInput;
    validateOutput: typeof validateOutput;
    validateSecurity: typeof validateSecurity;
  }>(M.validator);
  const checks = take<
    Record<'validatePath' | 'validateQuery' | 'validateHeaders', ParameterCheck> & { validateBody: BodyCheck }
  >(M.checks);
  const { parseMIMEHeader } = take<Pick<Prism, 'parseMIMEHeader'>>(M.headers);
  const route = take<{ default: PrismRoute }>(M.router).default;
  const { date_time: dateTime, compareDateTime } = take<{
    date_time: (text: string) => boolean;
    compareDateTime: (a: string, b: string) => number | undefined;
  }>(M.dateTime);
  const sampler = take<{
    sample(schema: object, options: object, spec: object): unknown;
    SchemaSizeExceededError: new () => Error;
  }>(M.sampler);
  const { fullFormats } = take<{ fullFormats: Record<string, FormatCheck> }>(M.formats);
  const addFormats = take<{ default: (ajv: AjvInstance) => void }>(M.addFormats).default;
  const draft = (module: PrismModule) => take<{ default: new (options: object) => AjvInstance }>(module).default;
  const drafts = { default: draft(M.ajv), draft2019_09: draft(M.ajv2019), draft2020_12: draft(M.ajv2020) };
  const parsePrefer = take<Prism['parsePrefer']>(M.prefer);
  const core = take<{ createLogger: typeof createLogger }>(M.core);
  // The reader of documents and the whole mocker are found now, and loaded and checked on first use.
  const operationsPath = where(M.operations);
  let operations: Pick<Prism, 'getHttpOperationsFromSpec'> | undefined;
  const mockerPath = where(M.mocker);
  let mocker: Mocker | undefined;
  return {
    getHttpOperationsFromSpec: (spec) =>
      (operations ??= take<Pick<Prism, 'getHttpOperationsFromSpec'>>(
        M.operations,
        operationsPath,
      )).getHttpOperationsFromSpec(spec),
    httpSpecVersion: versionOf(HTTP, '@stoplight/http-spec'),
    ProblemJsonError,
    problems,
    negotiator,
    // Prism's mocker samples a static body with these options (its generateStatic).
    sample: (schema, resource) => sampler.sample(schema, { ticks: 2500 }, resource),
    tooComplex: (error) => error instanceof sampler.SchemaSizeExceededError,
    mocker: () => (mocker ??= take<{ default: Mocker }>(M.mocker, mockerPath).default),
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
    createLogger: core.createLogger,
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
