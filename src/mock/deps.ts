// Loads the Prism packages the mock runs on. They are optional peer dependencies of the package:
// installing it for its types pulls no server, so a missing one gets an install hint, not a stack.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The Prism versions the mock is tested with, package.json's peers: each range is the set that
 * prism-cli 5.14 uses (any supported Node) `||` 5.16 and later (Node 24.18 and later).
 */
export const PRISM_PEERS = /** @type {Record<string, string>} */ (require('../../package.json').peerDependencies);

export class MissingPrismError extends Error {
  /** @param {string} name @param {unknown} cause */
  constructor(name, cause) {
    // The first version of each range: the set that runs on every supported Node.
    const install = Object.entries(PRISM_PEERS).map(([pkg, range]) => `${pkg}@${range.split('||')[0]?.trim()}`).join(' ');
    super(`the mock needs ${name}, an optional peer dependency that is not installed: npm install --save-dev ${install}`, { cause });
    this.name = 'MissingPrismError';
  }
}

/** @param {string} name */
function load(name) {
  try {
    return require(name);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'MODULE_NOT_FOUND' && String(error).includes(name.split('/dist/')[0])) {
      throw new MissingPrismError(name.split('/dist/')[0], error);
    }
    throw error;
  }
}

/**
 * Prism's pieces the mock drives: the instance factory, its own mocker (examples, `Prefer`,
 * 401/422 negotiation), the `Prefer` header parser of its HTTP server, its logger, and the format
 * checks its validator uses (so the mock's error translation agrees with Prism on what is valid).
 */
export function loadPrism() {
  const http = load('@stoplight/prism-http');
  const mock = load('@stoplight/prism-http/dist/mocker').default;
  const { validateOutput } = load('@stoplight/prism-http/dist/validator');
  const { getHttpConfigFromRequest } = load('@stoplight/prism-http-server/dist/getHttpConfigFromRequest');
  const { createLogger } = load('@stoplight/prism-core');
  // ajv-formats and the date-time check as Prism's validator has them, resolved from prism-http.
  const fromHttp = createRequire(require.resolve('@stoplight/prism-http/package.json'));
  const { fullFormats } = fromHttp('ajv-formats/dist/formats');
  const { date_time: dateTime } = load('@stoplight/prism-http/dist/validator/validators/dateTime');
  return {
    createInstance: http.createInstance,
    getHttpOperationsFromSpec: http.getHttpOperationsFromSpec,
    ProblemJsonError: http.ProblemJsonError,
    VIOLATIONS: http.VIOLATIONS,
    mock,
    validateOutput,
    getHttpConfigFromRequest,
    createLogger,
    formats: { ...fullFormats, 'date-time': dateTime },
  };
}
