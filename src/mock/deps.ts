/// <reference types="node" />
// Loads the Prism packages the mock runs on. They are optional peer dependencies of the package:
// installing it for its types pulls no server, so a missing one gets an install hint, not a stack.
// Only their types are imported statically (erased from the build); the code is required here.
import { createRequire } from 'node:module';
import type { createLogger } from '@stoplight/prism-core';
import type * as PrismHttp from '@stoplight/prism-http';
import type { validateInput, validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import type { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import { manifest } from './package-root.js';
import type { IPrismDiagnostic, Mocker } from './prism-types.js';
import type { FormatCheck } from './pydantic.js';
import type { PrismRoute } from './router.js';

const require = createRequire(import.meta.url);

/**
 * The Prism versions the mock is tested with, package.json's peers: each range is the set that
 * prism-cli 5.14 uses (any supported Node) `||` 5.16 and later (Node 24.18 and later).
 */
export const PRISM_PEERS: Record<string, string> = manifest.peerDependencies;

export class MissingPrismError extends Error {
  override readonly name = 'MissingPrismError';
  constructor(name: string, cause: unknown) {
    // The first version of each range: the set that runs on every supported Node.
    const install = Object.entries(PRISM_PEERS)
      .map(([pkg, range]) => `${pkg}@${(range.split('||')[0] as string).trim()}`)
      .join(' ');
    super(`the mock needs ${name}, an optional peer dependency that is not installed: npm install --save-dev ${install}`, { cause });
  }
}

function load<T>(name: string): T {
  try {
    return require(name) as T;
  } catch (error) {
    // Only the module asked for being absent means Prism is not installed. A module that Prism
    // requires being absent is a broken install: its own error says which (its require stack
    // names Prism's files, so the message's first line is what tells the two apart).
    if ((error as Error).message.startsWith(`Cannot find module '${name}'`)) {
      throw new MissingPrismError(name.split('/dist/')[0] as string, error);
    }
    throw error;
  }
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

/** Prism's pieces the mock drives. */
export interface Prism {
  createInstance: typeof PrismHttp.createInstance;
  getHttpOperationsFromSpec: typeof PrismHttp.getHttpOperationsFromSpec;
  ProblemJsonError: typeof PrismHttp.ProblemJsonError;
  VIOLATIONS: typeof PrismHttp.VIOLATIONS;
  /** Prism's own mocker (examples, `Prefer`, 401/422 negotiation). */
  mock: Mocker;
  validateOutput: typeof validateOutput;
  /** Prism's validation of a request (body, parameters) and its checks of each kind of parameter. */
  validateInput: typeof validateInput;
  validatePath: ParameterCheck;
  validateQuery: ParameterCheck;
  validateHeaders: ParameterCheck;
  /** Prism's check of a body against the content of its media type (after its schema rewrites). */
  validateBody: BodyCheck;
  /** Prism's reading of a Content-Type header: [multipart boundary, media type]. */
  parseMIMEHeader: (header: string) => [string | undefined, string];
  /** Prism's own router (tries every operation; ./router.ts hands it what its table cannot route). */
  route: PrismRoute;
  /** The `Prefer` header parser of Prism's HTTP server. */
  getHttpConfigFromRequest: typeof getHttpConfigFromRequest;
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
 * Prism's pieces the mock drives: the instance factory, its own mocker (examples, `Prefer`,
 * 401/422 negotiation), the `Prefer` header parser of its HTTP server, its logger, and the format
 * checks its validator uses (so the mock's error translation agrees with Prism on what is valid).
 */
export function loadPrism(): Prism {
  const http = load<typeof PrismHttp>('@stoplight/prism-http');
  const mock = load<{ default: Mocker }>('@stoplight/prism-http/dist/mocker/index.js').default;
  const validator = load<{ validateInput: typeof validateInput; validateOutput: typeof validateOutput }>('@stoplight/prism-http/dist/validator/index.js');
  const checks = load<Record<'validatePath' | 'validateQuery' | 'validateHeaders', ParameterCheck> & { validateBody: BodyCheck }>('@stoplight/prism-http/dist/validator/validators/index.js');
  const { parseMIMEHeader } = load<Pick<Prism, 'parseMIMEHeader'>>('@stoplight/prism-http/dist/validator/validators/headers.js');
  const route = load<{ default: PrismRoute }>('@stoplight/prism-http/dist/router/index.js').default;
  const server = load<{ getHttpConfigFromRequest: typeof getHttpConfigFromRequest }>('@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js');
  const core = load<{ createLogger: typeof createLogger }>('@stoplight/prism-core');
  // ajv-formats and the date-time check as Prism's validator has them, resolved from prism-http.
  const fromHttp = createRequire(require.resolve('@stoplight/prism-http/package.json'));
  const { fullFormats } = fromHttp('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatCheck> };
  const { date_time: dateTime, compareDateTime } = load<{ date_time: (text: string) => boolean; compareDateTime: (a: string, b: string) => number | undefined }>(
    '@stoplight/prism-http/dist/validator/validators/dateTime',
  );
  const addFormats = (fromHttp('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
  const draft = (path: string) => (fromHttp(path) as { default: new (options: object) => AjvInstance }).default;
  const drafts = { default: draft('ajv'), draft2019_09: draft('ajv/dist/2019'), draft2020_12: draft('ajv/dist/2020') };
  return {
    createInstance: http.createInstance,
    getHttpOperationsFromSpec: http.getHttpOperationsFromSpec,
    ProblemJsonError: http.ProblemJsonError,
    VIOLATIONS: http.VIOLATIONS,
    mock,
    validateOutput: validator.validateOutput,
    validateInput: validator.validateInput,
    validatePath: checks.validatePath,
    validateQuery: checks.validateQuery,
    validateHeaders: checks.validateHeaders,
    validateBody: checks.validateBody,
    parseMIMEHeader,
    route,
    getHttpConfigFromRequest: server.getHttpConfigFromRequest,
    createLogger: core.createLogger,
    formats: { ...fullFormats, 'date-time': dateTime as FormatCheck },
    ajv: (which) => {
      // Stryker disable next-line BooleanLiteral: allowUnionTypes and allowMatchingProperties only silence strict mode's complaints, and strict is off; kept as Prism sets them
      const ajv = new drafts[which]({ allowUnionTypes: true, allowMatchingProperties: true, strict: false, coerceTypes: false, logger: false });
      addFormats(ajv);
      ajv.addFormat('date-time', { validate: dateTime, compare: compareDateTime });
      return ajv;
    },
  };
}
