/// <reference types="node" />
// The mock: Prism (prism-http's instance: routing, security checks, request and response
// validation, `Prefer` negotiation, named examples or --dynamic generation) behind a node:http
// server of its own, in this process. This file is the thin shell: it builds the stages once and
// chains them for each request, each a module of its own under ./stages/ with a typed input and
// output (so a test can call it without a socket):
//
//   cors ─ read-body ─ route ─┬─ control (/__mock/reset, /__mock/fallbacks)
//                             └─ parse ─ prism (respond: translate, reflect, state) ─ write
//
// A 422 carries the service's own `HTTPValidationError` built from the real violations
// (./pydantic.ts), a 2xx reflects the request (./reflect.ts) and the rules the seed states across
// requests (./state.ts) unless the mock is stateless, a 401 says which credential headers the
// operation accepts. Around it, the server bounds what a request may cost (10 MB, --max-items:
// ./limits.ts), answers CORS for loopback pages or the --cors-origin list only, and logs no body
// and no credential (./log.ts).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadPrism, type Prism } from './deps.js';
import { Fallbacks } from './fallbacks.js';
import { DEFAULT_MAX_ITEMS } from './limits.js';
import { credentialHeadersOf, logDestination, logFilter, type Logger } from './log.js';
import { createValidator } from './pydantic.js';
import { createReflector } from './reflect.js';
import { jsonReply, type Reply } from './reply.js';
import { Spec, type Document } from './spec.js';
import { createState, type InitialState } from './state.js';
import { controlReply } from './stages/control.js';
import { createCors } from './stages/cors.js';
import { parseBody, prismInput } from './stages/parse.js';
import { createEngine } from './stages/prism.js';
import { bodyTooLarge, MAX_BODY, readBody } from './stages/read-body.js';
import { createResponder } from './stages/respond.js';
import { route } from './stages/route.js';
import { createTranslator } from './stages/translate.js';
import { createWriter } from './stages/write.js';

export { FALLBACKS_PATH, RESET_PATH } from './stages/route.js';

export interface MockOptions {
  /** path of the bundled OpenAPI document */
  spec: string;
  host?: string | undefined;
  /** 0 picks a free port */
  port?: number | undefined;
  /** generate the fields the request does not determine (Prism's --dynamic) */
  dynamic?: boolean | undefined;
  /** seed of the dynamic generation */
  seed?: string | undefined;
  /** pino level of Prism's log: fatal, error, warn (default), info, debug, silent */
  logLevel?: string | undefined;
  /** CORS headers and preflight answers (default true) */
  cors?: boolean | undefined;
  /**
   * the origins a web page may call the mock from: exact origins (then with credentials), or `*`
   * for any (never with credentials); default pages served from loopback (localhost, 127.0.0.1,
   * [::1]), no credentials
   */
  corsOrigins?: string[] | undefined;
  /** the most JSON values a request body may hold and items a reflected list may get (./limits.ts; default 20,000) */
  maxItems?: number | undefined;
  /** where log lines go (default stdout) */
  log?: NodeJS.WritableStream | undefined;
  /** answer every request alone, as Prism does (default false: ./state.ts) */
  stateless?: boolean | undefined;
  /** how many records the state may hold (default 10,000) */
  maxRecords?: number | undefined;
  /** what every session starts with */
  initialState?: InitialState | undefined;
}

export interface RunningMock {
  url: string;
  server: Server;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Writes a stage's answer (each stage's answer is the last thing the request does, so none has started). */
function send(res: ServerResponse, reply: Reply): void {
  for (const [name, value] of reply.headers) res.setHeader(name, value);
  res.statusCode = reply.status;
  res.end(reply.body);
}

/** Starts the mock and resolves once it listens. */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  const prism: Prism = loadPrism();
  const { host = '127.0.0.1', port = 4010, dynamic = false, seed, logLevel = 'warn', maxItems = DEFAULT_MAX_ITEMS, log = process.stdout } = options;

  const spec = new Spec(JSON.parse(readFileSync(options.spec, 'utf8')) as Document);
  const validator = createValidator(spec, prism.formats);
  const reflector = createReflector(spec, validator, maxItems);
  const state = options.stateless ? undefined : createState({ seed: seed ?? 'mock', maxRecords: options.maxRecords, initial: options.initialState });
  const operations = await prism.getHttpOperationsFromSpec(options.spec);
  const logger = prism.createLogger('HTTP SERVER', { level: logLevel, hooks: logFilter(credentialHeadersOf(spec.document)) }, logDestination(log)) as Logger;
  const fallbacks = new Fallbacks(logger);

  const cors = createCors(options);
  const respond = createResponder({ translator: createTranslator(spec, validator), reflector, state, fallbacks });
  // Stryker disable next-line ArrayDeclaration,StringLiteral: a level not taken as quiet only stops the engine reusing Prism's choice, which answers the same
  const quiet = ['warn', 'error', 'fatal', 'silent'].includes(logLevel);
  const engine = createEngine({ prism, spec, operations, logger, respond, fallbacks, dynamic, seed, quiet });
  const writer = createWriter({ prism, logger, fallbacks });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { headers, preflight } = cors(req);
    for (const [name, value] of headers) res.setHeader(name, value);
    if (preflight) return send(res, preflight);
    const raw = await readBody(req, MAX_BODY);
    if (raw === undefined) return send(res, bodyTooLarge());
    const routed = route(req.url);
    if (routed.kind !== 'api') return send(res, controlReply(routed, req, { fallbacks, state }));
    const parsed = parseBody(raw, req.headers['content-type'], routed.query, maxItems);
    if ('reply' in parsed) return send(res, parsed.reply);
    const outcome = await engine(prismInput(req.method, routed, req.headers, parsed.received), parsed.received);
    send(res, writer.reply(outcome, parsed.received));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure = error as Error | undefined;
      // Stryker disable next-line ObjectLiteral: the logger is created with the name HTTP SERVER, which the line carries without it too
      logger.error({ name: 'HTTP SERVER' }, `mock failure: ${failure?.stack ?? error}`);
      send(res, jsonReply(500, 'application/problem+json', { type: 'MOCK_FAILURE', title: 'The mock failed on this request', status: 500, detail: String(failure?.message ?? error) }));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  // Listening on a host and port (never a pipe), the address is an AddressInfo.
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
