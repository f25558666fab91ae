// createApiClient, whichever entry it is imported from: its options, and each call through
// openapi-fetch. The entries differ only in how they load the check of `validateResponses`.
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';
import { Call, operationKey, operationName } from './call.js';
import {
  checkCredentials,
  credentialHeaders,
  credentialPlans,
  credentialTexts,
  MissingCredentialError,
  type Credentials,
} from './credentials.js';
import { InvalidClientOptionError, InvalidPathParameterError, UnknownOperationError } from './errors.js';
import { responseGuard, type ContractCheck } from './guard.js';

export interface ApiClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Scheme, host and port of the service, for example `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The credentials; read once, when the client is created. */
  auth?: Credentials;
  /**
   * openapi-fetch middleware, run before the credential is attached (and, on responses, before the
   * JSON check). So is the `middleware` given to a single call.
   */
  middleware?: Middleware[];
  /**
   * Milliseconds a call may take, from sending the request to the last byte of the response; past
   * it the call rejects with a `TimeoutError` DOMException. Default: no timeout of its own.
   */
  timeout?: number;
  /**
   * The largest response body the client reads, in bytes; a larger one rejects with
   * `UnexpectedResponseError` (kind `size`) without the rest being read. Default 32 MiB.
   */
  maxResponseBytes?: number;
  /**
   * Check each answer's body against the schema the spec gives its operation for that status; one
   * that breaks it rejects with `UnexpectedResponseError` (kind `contract`) listing each violation.
   * Needs the optional peers ajv and ajv-formats (else every call rejects with
   * `MissingValidatorError`), and, in a bundle, the createApiClient of
   * `@observability/api-contract/checked` (else `ValidatorUnavailableError`). Default false: neither
   * is loaded, and nothing is checked beyond JSON.
   */
  validateResponses?: boolean;
}

/** The default of `maxResponseBytes`: 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type ApiClient = Client<paths, `${string}/${string}`>;

/** Path parameter values that URL resolution turns into another path (`/a/../b` is `/b`). */
const MOVING_SEGMENTS = new Set(['', '.', '..']);

/**
 * Refuses a `baseUrl` no call could go to: it must be an absolute http or https URL, or in a web
 * page (where fetch resolves it against the page) a path beginning with `/`. A value with user
 * information is not quoted.
 */
function checkBaseUrl(baseUrl: unknown): void {
  const example = 'such as http://127.0.0.1:4010';
  if (typeof baseUrl !== 'string')
    throw new InvalidClientOptionError('baseUrl', `must be the service's URL, ${example}; got ${typeof baseUrl}`);
  if (baseUrl.startsWith('/') && !baseUrl.startsWith('//') && 'location' in globalThis) return;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // not a URL: refused below
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return;
  const got = url && (url.username || url.password) ? 'a value with user information' : JSON.stringify(baseUrl);
  throw new InvalidClientOptionError('baseUrl', `must be an absolute http or https URL, ${example}; got ${got}`);
}

/**
 * The entries of the middleware option or of `use` to keep: null and undefined are skipped, as
 * openapi-fetch's `use` skips them; anything else that is not middleware is refused.
 */
function middlewareOf(entries: readonly (Middleware | null | undefined)[]): Middleware[] {
  const kept = entries.filter((entry) => entry !== undefined && entry !== null);
  for (const entry of kept) {
    if (typeof entry !== 'object' || !('onRequest' in entry || 'onResponse' in entry || 'onError' in entry))
      throw new InvalidClientOptionError('middleware', 'each must be an object with onRequest, onResponse or onError');
  }
  return kept;
}

/** A positive number option, or undefined; a RangeError for anything else. */
function positiveOption(name: string, value: number | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be a whole number from 1 to ${max.toLocaleString('en')}, got ${String(value)}.`);
  }
  return value;
}

/**
 * createApiClient of an entry: `loadCheck` gives the check of `validateResponses`, called when the
 * client is made and only when asked for (it may throw: createApiClient throws then).
 */
export function clientOf(options: ApiClientOptions, loadCheck: () => Promise<ContractCheck>): ApiClient {
  if (typeof options !== 'object' || options === null)
    throw new InvalidClientOptionError('options', `must be an object with at least baseUrl, got ${String(options)}`);
  checkBaseUrl(options.baseUrl);
  const {
    auth = {},
    middleware = [],
    timeout: timeoutOption,
    maxResponseBytes: maxOption,
    validateResponses = false,
    ...clientOptions
  } = options;
  checkCredentials(auth);
  const timeout = positiveOption('timeout', timeoutOption, 2_147_483_647); // setTimeout's largest delay
  const maxResponseBytes =
    positiveOption('maxResponseBytes', maxOption, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MAX_RESPONSE_BYTES;
  // The caller's middleware, given now or added later with `use`. openapi-fetch's own list stays
  // empty: each call hands openapi-fetch its whole chain, the response guard first.
  if (!Array.isArray(middleware))
    throw new InvalidClientOptionError('middleware', `must be a list of middleware, got ${typeof middleware}`);
  const chain = middlewareOf(middleware);
  // No operation of the API redirects; following a redirect would carry the API-key headers
  // (which fetch, unlike Authorization, keeps across origins) to wherever it points.
  const client = createClient<paths>({ redirect: 'error', ...clientOptions });
  const plans = credentialPlans(auth);
  // The contract check (and ajv) is loaded now, only when asked for; each call waits for it before
  // anything is sent, and one that cannot load rejects each call then.
  const check = validateResponses ? loadCheck() : undefined;
  check?.catch(() => undefined); // observed by every call; never unhandled
  const guard = responseGuard(maxResponseBytes, credentialTexts(auth), check);
  const use = (...added: Middleware[]) => void chain.push(...middlewareOf(added));

  // Path parameters and the credential are checked before anything is sent or any middleware runs,
  // and the call is bounded by its own Call (timeout, the caller's signal, through the body read).
  // The credential is attached in the call's fetch, after every middleware (the client's and the
  // call's own) has run. The guard must see the response the caller's middleware made: it is the
  // call's first middleware, so that on responses it runs last, and it closes over its Call.
  const request: ApiClient['request'] = async (method, url, ...rest) => {
    const init = rest[0];
    const path = init?.params && 'path' in init.params ? init.params.path : undefined;
    for (const [name, value] of Object.entries(path ?? {})) {
      if (MOVING_SEGMENTS.has(String(value))) throw new InvalidPathParameterError(operationName(method, url), name);
    }
    const operation = operationKey(method, url);
    const plan = plans.get(operation);
    if (!plan) throw new UnknownOperationError(operation);
    if (!plan.header && !plan.optional) throw new MissingCredentialError(plan.operationId, plan.schemes);
    if (check) await check;
    const call = new Call(method, url, init?.signal, timeout);
    if (call.signal?.aborted) throw call.signal.reason;
    const fetchOf: (request: Request, ext?: RequestInit) => Promise<Response> =
      init?.fetch ?? clientOptions.fetch ?? globalThis.fetch;
    // openapi-fetch passes its `requestInitExt` (e.g. an undici dispatcher) as the second argument.
    const fetch = (request: Request, ext?: RequestInit) => {
      // Whatever credential headers the caller's headers or middleware put there go; the chosen one is set.
      for (const name of credentialHeaders) request.headers.delete(name);
      if (plan.header) request.headers.set(plan.header[0], plan.header[1]);
      return fetchOf(request, ext);
    };
    const guarded: Middleware = { onResponse: ({ response, options }) => guard(call, response, options.parseAs) };
    const own = init?.middleware;
    // The caller's init with three of openapi-fetch's options set. openapi-fetch types a call's init
    // as a conditional type of its generic arguments, which tsc cannot relate to any init built
    // here: the new one is asserted to have the caller's type, which it keeps but for these three.
    const given: object | undefined = init;
    const sent = [
      { ...given, signal: call.signal, fetch, middleware: own ? [guarded, ...chain, ...own] : [guarded, ...chain] },
    ] as unknown as typeof rest;
    return call.settle(client.request(method, url, ...sent));
  };
  return {
    request,
    GET: (url, ...init) => request('get', url, ...init),
    PUT: (url, ...init) => request('put', url, ...init),
    POST: (url, ...init) => request('post', url, ...init),
    DELETE: (url, ...init) => request('delete', url, ...init),
    OPTIONS: (url, ...init) => request('options', url, ...init),
    HEAD: (url, ...init) => request('head', url, ...init),
    PATCH: (url, ...init) => request('patch', url, ...init),
    TRACE: (url, ...init) => request('trace', url, ...init),
    use,
    eject: (...removed) => {
      for (const entry of removed) {
        const at = chain.indexOf(entry);
        if (at !== -1) chain.splice(at, 1);
      }
    },
  };
}
