// The mock: Prism (prism-http's instance: routing, security checks, request and response
// validation, `Prefer` negotiation, named examples or --dynamic generation) behind a node:http
// server of its own, in this process. Prism's mocker is wrapped, not replaced: it still chooses
// every response; the wrapper rewrites the body of what it chose so that
//   - a 422 carries the service's own `HTTPValidationError` built from the real violations
//     (./pydantic.js), and an undecodable JSON body gets FastAPI's `json_invalid` item;
//   - a 2xx reflects the request (./reflect.js), and the rules the seed states across requests
//     (./state.js) unless the mock is stateless;
//   - a 401 says which credential headers the operation accepts.
// The `sl-violations` header is Prism's, as its own HTTP server sets it.
// Around it, the server bounds what a request may cost (10 MB, --max-items: ./limits.js), answers
// CORS for loopback pages or the --cors-origin list only, and logs no body and no credential.

import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadPrism } from './deps.js';
import { pythonJsonError, utf8Error } from './json-error.js';
import { DEFAULT_MAX_ITEMS, LimitError, requestSizeError } from './limits.js';
import { createValidator, deepEqual, detail } from './pydantic.js';
import { createReflector } from './reflect.js';
import { createState, sessionOf, StateFullError } from './state.js';
import { Spec } from './spec.js';

/** @typedef {import('./pydantic.js').Detail} Detail */
/**
 * @typedef {object} MockOptions
 * @property {string} spec        path of the bundled OpenAPI document
 * @property {string} [host]
 * @property {number} [port]      0 picks a free port
 * @property {boolean} [dynamic]  generate the fields the request does not determine (Prism's --dynamic)
 * @property {string} [seed]      seed of the dynamic generation
 * @property {string} [logLevel]  pino level of Prism's log: fatal, error, warn (default), info, debug, silent
 * @property {boolean} [cors]     CORS headers and preflight answers (default true)
 * @property {string[]} [corsOrigins] the origins a web page may call the mock from: exact origins (then
 *                                with credentials), or `*` for any (never with credentials); default
 *                                pages served from loopback (localhost, 127.0.0.1, [::1]), no credentials
 * @property {number} [maxItems]  the most JSON values a request body may hold and items a reflected
 *                                list may get (./limits.js; default 20,000)
 * @property {NodeJS.WritableStream} [log] where log lines go (default stdout)
 * @property {boolean} [stateless]  answer every request alone, as Prism does (default false: ./state.js)
 * @property {number} [maxRecords]  how many records the state may hold (default 10,000)
 * @property {import('./state.js').InitialState} [initialState] what every session starts with
 */
/**
 * What the server learnt reading a request, kept for the wrapped mocker.
 * @typedef {object} Received
 * @property {Record<string, string | string[]>} query
 * @property {boolean} absent                 no body at all (zero bytes)
 * @property {unknown} body                   the parsed body, or its text when it is not sent as JSON
 * @property {string} text                    the body as sent ('' when absent)
 * @property {{ msg: string, pos: number }} [jsonError] why Python would not decode it
 * @property {boolean} unchecked              Prism does not validate it: a JSON `null` body, or one with
 *                                            \u escapes of surrogates (which may be lone)
 * @property {any} [resource]                 the Prism operation the request was routed to
 * @property {string[]} [fallbacks]           the fallbacks that fired for it (FALLBACKS_PATH)
 * @property {LimitError | StateFullError} [refused] the request passes a limit of the mock
 *                                            (--max-items, or a full state): its status and body are the answer
 */

const MAX_BODY = 10 * 1024 * 1024; // Prism's own limit
/** Outside /v2: forgets the state of the session the request names. */
export const RESET_PATH = '/__mock/reset';
/** Outside /v2: how often each fallback of this layer fired (each also logs a warning and marks its answer). */
export const FALLBACKS_PATH = '/__mock/fallbacks';
const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100; // as Prism's HTTP server cuts sl-violations
const SEVERITY = ['Error', 'Warning', 'Information', 'Hint'];
const MAX_ECHO_DEPTH = 200; // an `input` nested deeper is not echoed (a deep echo cannot be serialized)
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;
/** A number literal JSON.parse may turn into ±Infinity (three-digit exponent or 309+ digits); a false positive only costs a check. */
const HUGE_NUMBER = /[eE]\+?\d{3}|\d{309}/;
/** Origins of pages served from this machine, any port: the default CORS allowance (as Vite's dev server). */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;
const LEVEL_NAMES = /** @type {Record<number, string>} */ ({ 10: 'trace', 20: 'debug', 30: 'info', 32: 'success', 40: 'warn', 50: 'error', 60: 'fatal' });


/** Whether a JSON value nests deeper than `limit` (iterative: the value may be arbitrarily deep). @param {unknown} value @param {number} limit */
function nestsDeeperThan(value, limit) {
  /** @type {[unknown, number][]} */
  const stack = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = /** @type {[unknown, number]} */ (stack.pop());
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** @param {string | undefined} contentType */
function isJsonMediaType(contentType) {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/**
 * The path with every segment that does not percent-decode (`%ZZ`, `%C3%28`) re-encoded from what
 * uvicorn would make of it (bytes decoded as UTF-8 with replacement), so Prism's router, which
 * decodes each segment, routes it and validation reports the parameter like the service would.
 * @param {string} path
 */
function decodablePath(path) {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        /** @type {number[]} */
        const bytes = [];
        for (let i = 0; i < segment.length; i++) {
          const hex = segment.slice(i + 1, i + 3);
          if (segment[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
            bytes.push(parseInt(hex, 16));
            i += 2;
          } else {
            bytes.push(...Buffer.from(/** @type {string} */ (segment[i]), 'utf8'));
          }
        }
        return encodeURIComponent(Buffer.from(bytes).toString('utf8'));
      }
    })
    .join('/');
}

/** @param {URLSearchParams} params */
function queryObject(params) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? /** @type {string} */ (values[0]) : values;
  }
  return out;
}

/** The path parameters of `path` under the template `template`. @param {string} template @param {string} path */
function pathParameters(template, path) {
  const names = template.split('/');
  const parts = path.split('/');
  /** @type {Record<string, string>} */
  const params = {};
  if (names.length !== parts.length) return params;
  names.forEach((name, i) => {
    const match = /^\{(.+)\}$/.exec(name);
    if (!match) return;
    const raw = /** @type {string} */ (parts[i]);
    try {
      params[/** @type {string} */ (match[1])] = decodeURIComponent(raw);
    } catch {
      params[/** @type {string} */ (match[1])] = raw;
    }
  });
  return params;
}

/** How a security scheme's credential is sent. @param {any} scheme */
function credential(scheme) {
  if (scheme.type === 'apiKey') return { scheme: scheme.key, in: scheme.in, name: scheme.name, value: '<API key>' };
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
    return { scheme: scheme.key, in: 'header', name: 'Authorization', value: 'Basic <base64 of username:password>' };
  }
  if (scheme.type === 'http') return { scheme: scheme.key, in: 'header', name: 'Authorization', value: `${scheme.scheme} <credentials>` };
  return { scheme: scheme.key, in: 'header', name: 'Authorization', value: 'Bearer <access token>' };
}

/** The 401 body: FastAPI's `detail`, and the credentials the operation accepts (from the spec). @param {any} resource */
function unauthorizedBody(resource) {
  const sets = /** @type {any[][]} */ (resource?.security ?? []).filter((set) => set.length > 0).map((set) => set.map(credential));
  const accepted = sets.map((set) => (set.length === 1 ? set[0] : { all_of: set }));
  const say = (/** @type {ReturnType<typeof credential>} */ c) => (c.name === 'Authorization' ? `Authorization: ${c.value}` : `${c.name} (${c.in})`);
  const options = sets.map((set) => set.map(say).join(' and '));
  return {
    detail: `Not authenticated: send one of ${options.join('; ')}`,
    accepted_credentials: accepted,
  };
}

/**
 * Prism's violations of a request, translated when the walker finds nothing (it agrees with Prism
 * on what is valid, so this is a safety net, not a path the spec's operations take).
 * @param {any[]} violations @param {Record<string, string | string[] | undefined>} headers @returns {Detail[]}
 */
function translateViolations(violations, headers) {
  const types = /** @type {Record<string, string>} */ ({
    required: 'missing', additionalProperties: 'extra_forbidden', minLength: 'string_too_short', maxLength: 'string_too_long',
    pattern: 'string_pattern_mismatch', minimum: 'greater_than_equal', maximum: 'less_than_equal', exclusiveMinimum: 'greater_than',
    exclusiveMaximum: 'less_than', multipleOf: 'multiple_of', minItems: 'too_short', maxItems: 'too_long', enum: 'enum', const: 'literal_error',
  });
  return violations.map((v) => {
    if (v.code === 415) {
      return detail('value_error', ['header', 'content-type'], `Value error, ${v.message}`, headers['content-type'] ?? null, { error: v.message });
    }
    const loc = Array.isArray(v.path) && v.path.length > 0 ? v.path : ['body'];
    const type = types[v.code] ?? 'value_error';
    return type === 'value_error' ? detail(type, loc, `Value error, ${v.message}`, null, { error: v.message }) : detail(type, loc, v.message, null);
  });
}

/**
 * What the mock lets reach its log: pino's `logMethod` hook, run before a line is serialized. Of a
 * merging object only `name` and the request's method and path are kept (never its headers or
 * body, which may hold credentials or nest too deep to serialize), and the value of a credential
 * header in a message (Prism's debug log prints every request header) is replaced.
 * @param {Set<string>} credentialHeaders lower-case names of the headers that carry credentials
 */
function logFilter(credentialHeaders) {
  const headerLine = /^([^\t]*\t)([^\t:]+): (.*)$/s; // Prism: `<prefix>\t<name>: <value>`; a value may hold tabs
  /** @param {unknown} arg */
  const clean = (arg) => {
    if (typeof arg === 'string') {
      const match = headerLine.exec(arg);
      return match && credentialHeaders.has(/** @type {string} */ (match[2]).trim().toLowerCase()) ? `${match[1]}${match[2]}: [redacted]` : arg;
    }
    if (arg === null || typeof arg !== 'object') return arg;
    const { name, input } = /** @type {{ name?: unknown, input?: any }} */ (arg);
    return {
      ...(name === undefined ? {} : { name }),
      ...(input ? { input: { method: input.method, url: { path: input.url?.path } } } : {}),
    };
  };
  return {
    /** @this {any} @param {unknown[]} args @param {(...args: unknown[]) => void} method */
    logMethod(args, method) {
      return method.apply(this, args.map(clean));
    },
  };
}

/** @param {NodeJS.WritableStream} stream */
function logDestination(stream) {
  return {
    /** @param {string} line */
    write(line) {
      try {
        const entry = JSON.parse(line);
        // Prism logs each violation as an error; they are in the 422 body, and writing them costs
        // a fifth of the CPU of an invalid request. Its one warning per invalid request stays.
        if (entry.name === 'VALIDATOR' && entry.level === 50) return;
        const where = entry.input ? ` ${String(entry.input.method).toUpperCase()} ${entry.input.url?.path ?? ''}` : '';
        stream.write(`mock: ${LEVEL_NAMES[entry.level] ?? entry.level} [${entry.name ?? 'PRISM'}]${where} ${entry.msg ?? ''}\n`);
      } catch {
        stream.write(line);
      }
    },
  };
}

/**
 * Starts the mock and resolves once it listens.
 * @param {MockOptions} options
 */
export async function startMock(options) {
  const prism = loadPrism();
  const { host = '127.0.0.1', port = 4010, dynamic = false, seed, logLevel = 'warn', cors = true, corsOrigins, maxItems = DEFAULT_MAX_ITEMS, log = process.stdout } = options;

  const spec = new Spec(JSON.parse(readFileSync(options.spec, 'utf8')));
  const validator = createValidator(spec, prism.formats);
  const reflector = createReflector(spec, validator, maxItems);
  const state = options.stateless ? undefined : createState({ seed: seed ?? 'mock', maxRecords: options.maxRecords, initial: options.initialState });
  const operations = await prism.getHttpOperationsFromSpec(options.spec);
  const credentialHeaders = new Set(['authorization', 'proxy-authorization', 'cookie']);
  for (const scheme of Object.values(spec.document.components?.securitySchemes ?? {})) {
    if (scheme?.type === 'apiKey' && scheme.in === 'header') credentialHeaders.add(String(scheme.name).toLowerCase());
  }
  const logger = prism.createLogger('HTTP SERVER', { level: logLevel, hooks: logFilter(credentialHeaders) }, logDestination(log));

  /** @type {WeakMap<object, Received>} */
  const received = new WeakMap();
  /** How often each fallback fired: the layer's own faults, answered with Prism's choice instead. @type {Map<string, number>} */
  const fallbacks = new Map();
  /** Records a fallback: counted, logged as a warning, and named in the answer's X-Mock-Fallback header. @param {Received} request @param {string} kind @param {string} message */
  function fellBack(request, kind, message) {
    fallbacks.set(kind, (fallbacks.get(kind) ?? 0) + 1);
    (request.fallbacks ??= []).push(kind);
    logger.warn({ name: 'FALLBACK' }, `${kind}: ${message}`);
  }
  /** Reflected responses → the body Prism chose, sent instead if the reflection is not valid or cannot be serialized. @type {WeakMap<object, unknown>} */
  const unreflected = new WeakMap();

  /** The service's 422 items for a request (none when it is valid). @param {import('./spec.js').Operation} operation @param {Received} request @param {any} input @returns {Detail[]} */
  function requestDetails(operation, request, input) {
    /** @type {Detail[]} */
    const items = [];
    const path = pathParameters(operation.path, input.url.path);
    const cookies = Object.fromEntries(
      String(input.headers?.cookie ?? '')
        .split(';')
        .map((pair) => pair.trim().split('='))
        .filter(([name]) => name)
        .map(([name, ...rest]) => [name, rest.join('=')]),
    );
    for (const where of ['path', 'query', 'header', 'cookie']) {
      for (const parameter of operation.parameters.filter((p) => p.in === where)) {
        const source = { path, query: request.query, header: input.headers ?? {}, cookie: cookies }[where] ?? {};
        const raw = /** @type {any} */ (source)[where === 'header' ? parameter.name.toLowerCase() : parameter.name];
        const loc = [where, parameter.name];
        if (raw === undefined) {
          if (parameter.required) items.push(detail('missing', loc, 'Field required', null));
          continue;
        }
        const schema = spec.deref(parameter.schema);
        const types = [schema.type].flat();
        let value = raw;
        if (typeof raw === 'string' && (types.includes('integer') || types.includes('number')) && raw.trim() !== '' && !Number.isNaN(Number(raw))) value = Number(raw);
        else if (typeof raw === 'string' && types.includes('boolean') && (raw === 'true' || raw === 'false')) value = raw === 'true';
        for (const item of validator.errors(parameter.schema, value, loc)) items.push(deepEqual(item.loc, loc) ? { ...item, input: raw } : item);
      }
    }
    if (operation.requestSchema) {
      if (request.absent || (request.body === null && operation.bodyRequired)) {
        // FastAPI: no body, or a JSON null, for a required body is a missing body.
        if (operation.bodyRequired) items.push(detail('missing', ['body'], 'Field required', null));
      } else {
        items.push(...validator.errors(operation.requestSchema, request.body, ['body']));
      }
    }
    return items.map((item) =>
      item.input !== null && typeof item.input === 'object' && nestsDeeperThan(item.input, MAX_ECHO_DEPTH)
        ? { ...item, input: `<input nested deeper than ${MAX_ECHO_DEPTH} levels>` }
        : item,
    );
  }

  /** A 422 in the service's dialect, on Prism's 422 response when it chose one. @param {any} chosen @param {Detail[]} items */
  const unprocessable = (chosen, items) => ({
    _tag: 'Right',
    right: { ...(chosen?.statusCode === 422 ? chosen : { statusCode: 422, headers: { 'Content-type': 'application/json' } }), body: { detail: items } },
  });

  /**
   * Prism's mocker, wrapped: it negotiates and produces the response; the wrapper rewrites its body.
   * @param {any} options
   */
  const mock = (options) => (/** @type {any} */ mockLogger) => {
    const result = prism.mock(options)(mockLogger);
    const { resource, input } = options;
    const request = received.get(input.data);
    const operation = resource ? spec.operation(resource.iid) : undefined;
    if (!request || !operation) return result;
    request.resource = resource;
    try {
      const errors = input.validations.filter((/** @type {any} */ v) => v.severity === 0 && v.code !== 401);
      const chosen = result._tag === 'Right' ? result.right : undefined;

      // FastAPI decodes the body before it checks credentials or anything else.
      if (request.jsonError && operation.requestSchema && (chosen || result.left?.status === 401)) {
        return unprocessable(chosen, [detail('json_invalid', ['body', request.jsonError.pos], 'JSON decode error', {}, { error: request.jsonError.msg })]);
      }
      if (!chosen) return result;
      if (chosen.statusCode === 422 && errors.length > 0) {
        const items = requestDetails(operation, request, input.data);
        if (items.length > 0) return unprocessable(chosen, items);
        fellBack(request, 'prism-violations', `the walker found nothing Prism reports, sending Prism's violations translated: ${errors.map((/** @type {any} */ v) => v.message).join('; ')}`);
        return unprocessable(chosen, translateViolations(errors, input.data.headers ?? {}));
      }
      if (chosen.statusCode < 200 || chosen.statusCode >= 300 || errors.length > 0) return result;
      if (request.unchecked) {
        // What Prism lets through and the service refuses: a JSON null as an optional body, lone surrogates.
        const items = requestDetails(operation, request, input.data);
        if (items.length > 0) return unprocessable(undefined, items);
      }
      const pathParams = pathParameters(operation.path, input.data.url.path);
      const body = request.absent ? null : request.body;
      let reflected = reflector.reflect(operation, { pathParams, body, text: request.text }, chosen.body);
      if (state) reflected = state.apply(operation.operationId, { session: sessionOf(input.data.headers ?? {}), pathParams, body }, reflected);
      const right = { ...chosen, body: reflected };
      unreflected.set(right, chosen.body);
      return { _tag: 'Right', right };
    } catch (error) {
      // A limit of the mock (--max-items, a full state): its answer goes out once Prism is done.
      if (error instanceof LimitError || error instanceof StateFullError) {
        request.refused = error;
        return result;
      }
      // The layer never turns an answer into a failure: Prism's own response goes out instead.
      fellBack(request, 'prism-response', `could not adapt the response, sending Prism's: ${/** @type {Error} */ (error)?.stack ?? error}`);
      return result;
    }
  };

  const config = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: true,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic, ignoreExamples: false, ...(seed === undefined ? {} : { seed }) },
  };
  const instance = prism.createInstance(config, { logger, mock });

  const anyOrigin = corsOrigins?.includes('*') ?? false;
  /**
   * The CORS answer for a request's Origin, or undefined when that origin may not call the mock (or
   * there is none: not a cross-origin browser request). Credentials only ever go with an origin the
   * user listed, never with `*` or the loopback default.
   * @param {string | undefined} origin @returns {{ allow: string, credentials: boolean } | undefined}
   */
  function corsFor(origin) {
    if (!cors || origin === undefined) return undefined;
    if (corsOrigins === undefined) return LOOPBACK_ORIGIN.test(origin) ? { allow: origin, credentials: false } : undefined;
    if (corsOrigins.includes(origin)) return { allow: origin, credentials: true };
    return anyOrigin ? { allow: '*', credentials: false } : undefined;
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @returns {boolean} whether the origin is allowed */
  function corsHeaders(req, res) {
    if (cors) res.setHeader('Vary', 'Origin');
    const answer = corsFor(req.headers.origin);
    if (!answer) return false;
    res.setHeader('Access-Control-Allow-Origin', answer.allow);
    if (answer.credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'sl-violations');
    return true;
  }

  /** @param {import('node:http').ServerResponse} res @param {number} status @param {string} contentType @param {unknown} body */
  function sendJson(res, status, contentType, body) {
    if (res.headersSent) return void res.end();
    const text = JSON.stringify(body);
    res.statusCode = status;
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  }

  /** @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer | undefined>} undefined when too large */
  function readBody(req) {
    return new Promise((resolve, reject) => {
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY) tooLarge = true;
        else chunks.push(chunk);
      });
      req.on('end', () => resolve(tooLarge ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    const allowed = corsHeaders(req, res);
    if (cors && req.method === 'OPTIONS' && req.headers.origin && req.headers['access-control-request-method']) {
      if (!allowed) {
        const detail = 'CORS: pages from this origin may not call the mock; start it with --cors-origin <origin> to allow one';
        return sendJson(res, 403, 'application/json', { detail });
      }
      res.setHeader('Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS');
      const requested = req.headers['access-control-request-headers'];
      if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
      res.setHeader('Content-Length', '0');
      res.statusCode = 204;
      res.end();
      return;
    }
    const raw = await readBody(req);
    if (raw === undefined) {
      sendJson(res, 413, 'application/json', { detail: `Request body is larger than ${MAX_BODY / 1024 / 1024} MB` });
      return;
    }
    const requestPath = req.url?.split('?')[0];
    if (requestPath === FALLBACKS_PATH) {
      return sendJson(res, 200, 'application/json', { total: [...fallbacks.values()].reduce((a, b) => a + b, 0), fallbacks: Object.fromEntries(fallbacks) });
    }
    if (requestPath === RESET_PATH) {
      if (req.method !== 'POST') return sendJson(res, 405, 'application/json', { detail: `${RESET_PATH} takes POST` });
      const session = sessionOf(req.headers);
      state?.reset(session);
      return sendJson(res, 200, 'application/json', { reset: session, stateful: !!state });
    }
    const target = req.url ?? '/';
    let url = new URL('http://mock.invalid/');
    try {
      url = new URL(target, url);
    } catch {
      // A target URL cannot parse (e.g. `//`): routed on as sent, with no query.
    }
    // Routed on the path as sent, as uvicorn does: dot segments are not resolved.
    const path = decodablePath(target.startsWith('/') ? target.split('?')[0] ?? '/' : url.pathname);
    /** @type {Received} */
    const request = { query: queryObject(url.searchParams), absent: raw.length === 0, body: null, text: '', unchecked: false };
    if (raw.length > 0) {
      request.text = raw.toString('utf8');
      request.body = request.text;
      if (isJsonMediaType(req.headers['content-type'])) {
        // Counted on the bytes, before the parse: past the limit, nothing else is done with them.
        const tooMany = requestSizeError(raw, maxItems);
        if (tooMany) return sendJson(res, 413, 'application/json', tooMany.body);
        const utf8 = isUtf8(raw) ? undefined : utf8Error(raw);
        if (utf8) request.jsonError = { msg: utf8, pos: 0 };
        else {
          const json = request.text.charCodeAt(0) === 0xfeff ? request.text.slice(1) : request.text;
          try {
            request.body = JSON.parse(json);
            request.unchecked = request.body === null || SURROGATE_ESCAPE.test(json) || HUGE_NUMBER.test(json);
          } catch {
            request.jsonError = pythonJsonError(json) ?? { msg: 'Expecting value', pos: 0 };
          }
        }
      }
      // Any other content type, or none (FastAPI's strict_content_type), reaches validation as text.
    }
    const input = {
      method: (req.method ?? 'get').toLowerCase(),
      url: { path, baseUrl: url.searchParams.get('__server') || undefined, query: request.query },
      headers: req.headers,
      body: request.absent ? null : request.body,
    };
    received.set(input, request);
    logger.info({ input }, 'Request received');

    const preferences = prism.getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return problem(res, preferences.left, request);
    const mockPreferences = Object.fromEntries(Object.entries(preferences.right).filter(([, value]) => value !== undefined));
    const result = await instance.request(input, operations, { ...config, mock: { ...config.mock, ...mockPreferences } })();
    if (request.refused) return sendJson(res, request.refused.status, 'application/json', request.refused.body);
    if (result._tag === 'Left') return problem(res, result.left, request);

    let { output, validations } = result.right;
    if (unreflected.has(output) && validations.output.some((/** @type {any} */ v) => v.severity === 0)) {
      // A reflection the response schema rejects is a fault of this layer: send Prism's choice instead.
      const messages = validations.output.map((/** @type {any} */ v) => `${(v.path ?? []).join('.')} ${v.message}`).join('; ');
      fellBack(request, 'example', `the reflected response is not valid, sending the example: ${messages}`);
      output = { ...output, body: unreflected.get(output) };
      const revalidated = prism.validateOutput({ resource: request.resource, element: output });
      validations = { input: validations.input, output: revalidated._tag === 'Left' ? revalidated.left : [] };
    }
    /** @param {string} prefix */
    const located = (prefix) => (/** @type {any} */ v) => ({
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
      let header = JSON.stringify(violations).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      if (header.length > MAX_VIOLATIONS_HEADER) header = `Too many violations! ${header.substring(0, MAX_VIOLATIONS_HEADER)}`;
      res.setHeader('sl-violations', header);
      for (const v of violations) {
        const message = `Violation: ${v.location.join('.')} ${v.message}`;
        if (v.severity === 'Error') logger.error({ name: 'VALIDATOR' }, message);
        else if (v.severity === 'Warning') logger.warn({ name: 'VALIDATOR' }, message);
        else logger.info({ name: 'VALIDATOR' }, message);
      }
      const outputErrors = outputViolations.filter((v) => v.severity === 'Error');
      if (outputErrors.length > 0) {
        return problem(
          res,
          prism.ProblemJsonError.fromTemplate(prism.VIOLATIONS, 'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.', {
            validation: outputErrors,
          }),
          request,
        );
      }
    }
    for (const [name, value] of Object.entries(output.headers ?? {})) if (value !== undefined && value !== null) res.setHeader(name, value);
    res.statusCode = output.statusCode;
    if (output.body === undefined) return void res.end();
    const contentType = String(res.getHeader('content-type') ?? '');
    /** @param {unknown} body */
    const serialize = (body) => (typeof body === 'string' && !/json/i.test(contentType) ? body : JSON.stringify(body));
    let text;
    try {
      text = serialize(output.body);
    } catch (error) {
      if (!unreflected.has(output)) throw error;
      fellBack(request, 'example-unserializable', `the reflected response cannot be serialized, sending the example: ${error}`);
      text = serialize(unreflected.get(output));
    }
    if (request.fallbacks) res.setHeader('X-Mock-Fallback', request.fallbacks.join(', '));
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  }

  /** Prism's problem+json, except a 401, which says which credentials the operation accepts. @param {import('node:http').ServerResponse} res @param {any} error @param {Received} request */
  function problem(res, error, request) {
    for (const [name, value] of Object.entries(error?.additional?.headers ?? {})) res.setHeader(name, /** @type {string} */ (value));
    if (error?.status === 401) return sendJson(res, 401, 'application/json', unauthorizedBody(request.resource));
    logger.error({ name: 'HTTP SERVER' }, `Request terminated with error: ${error}`);
    return sendJson(res, error?.status || 500, 'application/problem+json', prism.ProblemJsonError.toProblemJson(error));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      logger.error({ name: 'HTTP SERVER' }, `mock failure: ${error?.stack ?? error}`);
      sendJson(res, 500, 'application/problem+json', { type: 'MOCK_FAILURE', title: 'The mock failed on this request', status: 500, detail: String(error?.message ?? error) });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = typeof address === 'object' && address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
  return {
    url,
    server,
    /** Stops listening and drops open connections. */
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
