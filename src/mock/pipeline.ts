/// <reference types="node" />
// The mock as one function: from a request (method, target, headers, body bytes) to the answer,
// with no socket. Each stage is a module of its own under ./stages/ that returns its result to the
// next; the doors (./server.ts: node:http; ./index.ts: fetch and WHATWG Request; ./msw.ts: MSW
// handlers) only carry bytes in and out, so every door answers alike.
//
//   cors ─ body limit ─ route ─┬─ control (/__mock/reset, /__mock/requests, /__mock/fallbacks)
//                              └─ parse ─ engine (preferences, route, check, choose, respond,
//                                                 check the response) ─ write
//
// A 422 carries the service's own `HTTPValidationError` built from the real violations
// (./pydantic.ts), a 2xx reflects the request (./reflect.ts) and the operations' rules across
// requests (./state.ts) unless the mock is stateless, a 401 says which credential headers the
// operation accepts. Every request to the API is kept in the journal (./journal.ts).
import { readFileSync } from 'node:fs';
import { loadPrism } from './deps.js';
import { Fallbacks } from './fallbacks.js';
import { Journal, type ReceivedRequest } from './journal.js';
import { DEFAULT_MAX_ERRORS, DEFAULT_MAX_RESULTS } from './limits.js';
import { credentialHeadersOf, logDestination, logFilter, type Logger } from './log.js';
import { specPath } from '../shared/package-root.js';
import { createValidator } from './pydantic.js';
import { createReflector } from './reflect.js';
import { jsonReply, type Reply } from './reply.js';
import { Spec, type Document } from './spec.js';
import { createState, sessionOf, type InitialState, type State } from './state.js';
import { createChooser } from './stages/choose.js';
import { controlReply } from './stages/control.js';
import { createCors } from './stages/cors.js';
import { createEngine } from './stages/engine.js';
import { decodeBody, parseJson, prismInput } from './stages/parse.js';
import { bodyTooLarge, MAX_BODY } from './stages/read-body.js';
import { createResponder } from './stages/respond.js';
import { route } from './stages/route.js';
import { createTranslator } from './stages/translate.js';
import { createWriter } from './stages/write.js';

/** The embedded spec: the package's bundled document. */
export const EMBEDDED_SPEC = specPath;

/** What the mock answers from, and how; every door takes these (the bin as flags). */
export interface MockSettings {
  /** the bundled OpenAPI document, or its path (default: the package's own) */
  spec?: string | Document | undefined;
  /** generate the fields the request does not determine (Prism's --dynamic) */
  dynamic?: boolean | undefined;
  /** seed of the dynamic generation */
  seed?: string | undefined;
  /** pino level of the log: fatal, error, warn, info, debug, trace, silent */
  logLevel?: string | undefined;
  /** where log lines go */
  log?: NodeJS.WritableStream | undefined;
  /** CORS headers and preflight answers (default true) */
  cors?: boolean | undefined;
  /**
   * the origins a web page may call the mock from: exact origins (then with credentials), or `*`
   * for any (never with credentials); default pages served from loopback (localhost, 127.0.0.1,
   * [::1]), no credentials
   */
  corsOrigins?: string[] | undefined;
  /** the most validation errors an invalid request is walked for (./limits.ts; default 1,000) */
  maxErrors?: number | undefined;
  /** the most items a reflected list that multiplies two lists of the request may get (./limits.ts; default 20,000) */
  maxResults?: number | undefined;
  /** answer every request alone, as Prism does (default false: ./state.ts) */
  stateless?: boolean | undefined;
  /** how many records the state may hold, and requests the journal (default 10,000) */
  maxRecords?: number | undefined;
  /** what every session starts with */
  initialState?: InitialState | undefined;
}

/** A request as a door hands it over. */
export interface MockRequest {
  method: string;
  /** the request target: path and query, as sent */
  target: string;
  /** lower-case names */
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
  /** the door stopped reading the body past MAX_BODY: the answer is a 413 */
  tooLarge?: boolean;
}

export interface Pipeline {
  /** The answer to a request. */
  answer(request: MockRequest): Promise<Reply>;
  journal: Journal;
  state: State | undefined;
  fallbacks: Fallbacks;
}

export const DEFAULT_MAX_RECORDS = 10_000;
/** Bodies from this size on (1 MiB) are answered in slices, with other requests served between them. */
const SLICED_BODY = 1_048_576;

export async function createPipeline(settings: MockSettings): Promise<Pipeline> {
  const prism = loadPrism();
  const { dynamic = false, seed, logLevel = 'warn', maxErrors = DEFAULT_MAX_ERRORS, maxResults = DEFAULT_MAX_RESULTS, log = process.stdout, maxRecords = DEFAULT_MAX_RECORDS } = settings;
  const source = settings.spec ?? EMBEDDED_SPEC;
  const document = (typeof source === 'string' ? JSON.parse(readFileSync(source, 'utf8')) : structuredClone(source)) as Document;
  const spec = new Spec(document);
  const validator = createValidator(spec, prism.formats);
  const state = settings.stateless ? undefined : createState({ seed: seed ?? 'mock', maxRecords, initial: settings.initialState });
  // Prism dereferences the document it reads in place: it gets a copy of its own.
  const operations = await prism.getHttpOperationsFromSpec(structuredClone(document));
  const logger = prism.createLogger('HTTP SERVER', { level: logLevel, hooks: logFilter(credentialHeadersOf(document)) }, logDestination(log)) as Logger & Parameters<typeof createChooser>[1];
  const fallbacks = new Fallbacks(logger);
  const journal = new Journal(maxRecords);

  const cors = createCors(settings);
  const translator = createTranslator(spec, validator, maxErrors);
  const engine = createEngine({
    prism,
    spec,
    operations,
    logger,
    choose: createChooser(prism, logger),
    translator,
    respond: createResponder({ reflector: createReflector(spec, validator, maxResults), state, fallbacks }),
    fallbacks,
    dynamic,
    seed,
  });
  const writer = createWriter({ prism, logger, fallbacks });

  /** The answer to a request to the API, and the operation it was routed to. */
  async function api(request: MockRequest, routed: Extract<ReturnType<typeof route>, { kind: 'api' }>): Promise<{ reply: Reply; operationId: string | null; body: unknown }> {
    const bytes = Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    // A large body is answered in slices (its decoding, its parse, Prism's and the service's work,
    // the answer's text), so that other requests are served between them: each stays under a
    // quarter of a second at 10 MB (BENCHMARKS.md).
    const big = bytes.length >= SLICED_BODY;
    const decoded = decodeBody(bytes, headerOf(request, 'content-type'), routed.query);
    if (big) await breathe();
    const received = parseJson(decoded);
    if (big) await breathe();
    const input = prismInput(request.method, routed, request.headers, received);
    const outcome = engine(input, received);
    if (big) await breathe();
    return { reply: writer.reply(outcome, input), operationId: outcome.resource?.iid ?? null, body: received.absent ? null : received.body };
  }

  /** The answer; a failure of the mock itself is logged and answered 500, never thrown at the door. */
  async function answer(request: MockRequest): Promise<Reply> {
    try {
      return await answerOrThrow(request);
    } catch (error) {
      const failure = error as Error | undefined;
      logger.error({ name: 'HTTP SERVER', input: { method: request.method, url: { path: request.target.split('?')[0] } } }, `mock failure: ${failure?.stack ?? error}`);
      return jsonReply(500, 'application/problem+json', { type: 'MOCK_FAILURE', title: 'The mock failed on this request', status: 500, detail: String(failure?.message ?? error) });
    }
  }

  async function answerOrThrow(request: MockRequest): Promise<Reply> {
    const allowed = cors(request);
    const withCors = (reply: Reply): Reply => ({ ...reply, headers: [...allowed.headers, ...reply.headers] });
    if (allowed.preflight) return withCors(allowed.preflight);
    const routed = route(request.target);
    if (routed.kind !== 'api') return withCors(controlReply(routed, request, { fallbacks, state, journal }));
    const { reply, operationId, body } =
      request.tooLarge || request.body.length > MAX_BODY ? { reply: bodyTooLarge(), operationId: null, body: null } : await api(request, routed);
    const entry: ReceivedRequest = { session: sessionOf(request.headers), operationId, method: request.method.toUpperCase(), path: routed.path, query: routed.query, body, bodyBytes: request.body.length, status: reply.status };
    journal.record(entry);
    return withCors(reply);
  }

  return { answer, journal, state, fallbacks };
}

/** The next turn of the event loop: its setImmediate phase. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Lets the requests that are waiting run before the next slice of a large one: two turns of the
 * event loop, since a request on a new connection is accepted in one and read in the next.
 */
const breathe = async (): Promise<void> => {
  await nextTurn();
  await nextTurn();
};

/** A request header's value (names are lower case; a repeated one is read as its first). */
function headerOf(request: MockRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
