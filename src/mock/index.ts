/// <reference types="node" />
// The mock in your own process (`@observability/api-contract/mock`): the same pipeline as the
// `api-contract-mock` server (./pipeline.ts), behind a `fetch`-compatible function and a handler of
// WHATWG Requests, for tests that run without a server (a `fetch` stub, MSW: ./msw.ts). It answers
// exactly as the server does over HTTP: the same statuses, headers and body bytes.
import type { FallbackReport } from './control/fallbacks.js';
import type { ReceivedRequest } from './control/journal.js';
import { createPipeline, type MockSettings } from './pipeline.js';
import type { ListedScenario, OperationId, PathParams, RequestBody, Scenario } from './scenarios/store.js';
import { wait } from './scenarios/apply.js';
import { readBody } from './request/read-body.js';

export type { ReceivedRequest } from './control/journal.js';
export type { InitialState } from './service/state.js';
export type { MockSettings } from './pipeline.js';
export { ScenarioError } from './scenarios/store.js';
export type {
  Delay,
  DocumentedStatus,
  HttpStatus,
  ListedScenario,
  Match,
  MatchedRequest,
  OperationId,
  PathParams,
  RequestBody,
  ResponseBody,
  Scenario,
  ScenarioHeaders,
  ScenarioViolation,
  UndocumentedStatus,
} from './scenarios/store.js';

/** A journal entry of one operation, typed by it: its body is the operation's request body when the request was valid. */
export type ReceivedOf<Op extends OperationId> = Omit<
  ReceivedRequest,
  'operationId' | 'pathParams' | 'valid' | 'body'
> & {
  operationId: Op;
  pathParams: PathParams<Op>;
} & ({ valid: true; body: RequestBody<Op> | null } | { valid: false; body: unknown });

/** The cause of the TypeError `mock.fetch` rejects with when a scenario's `reset` fault drops the connection, as fetch's own is. */
export class ConnectionResetError extends Error {
  override readonly name = 'ConnectionResetError';
  readonly code = 'ECONNRESET';
}

/** `mock.waitFor` ran out of time: its message lists what did arrive. */
export class WaitForTimeoutError extends Error {
  override readonly name = 'WaitForTimeoutError';
  constructor(
    readonly operation: string,
    readonly wanted: number,
    /** what the mock received in the sessions waited on, oldest first */
    readonly received: ReceivedRequest[],
    timeout: number,
  ) {
    const arrived = received.filter((r) => r.operationId === operation).length;
    const listed = received
      .slice(-20)
      .map((r) => `${r.method} ${r.path} (${r.operationId ?? 'no operation'}) ${r.status ?? r.unanswered}`);
    super(
      `waitFor('${operation}'): ${arrived} of ${wanted} requests arrived in ${timeout} ms; the mock received ${received.length === 0 ? 'nothing' : `${received.length}${received.length > 20 ? ', the last 20' : ''}: ${listed.join('; ')}`}`,
    );
  }
}

export interface Mock {
  /** A `fetch` for any origin: `createApiClient({ baseUrl: 'https://api.example.test', fetch: mock.fetch })`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The answer to a WHATWG Request (what an MSW handler returns). */
  handle(request: Request): Promise<Response>;
  /** What the mock was sent, oldest first, in every session (bounded like the state: `maxRecords`). */
  readonly received: ReceivedRequest[];
  /** What the mock was sent for one operation, typed by it; of one session with `session`. */
  requests<Op extends OperationId>(operation: Op, options?: { session?: string }): ReceivedOf<Op>[];
  /**
   * Resolves with the requests of `operation` once `count` (default 1) have arrived (of one session
   * with `session`); rejects with WaitForTimeoutError after `timeout` milliseconds (default 2,000).
   */
  waitFor<Op extends OperationId>(
    operation: Op,
    options?: { count?: number; timeout?: number; session?: string },
  ): Promise<ReceivedOf<Op>[]>;
  /**
   * Adds scenarios: what the mock answers instead of the contract for the requests of an operation
   * (docs/mock.md, "Rehearse failure"). Checked against the spec first: throws ScenarioError, and
   * adds none, when any does not fit.
   */
  use(...scenarios: Scenario[]): void;
  /** The scenarios of a session (default `default`), with what is left of each. */
  scenarios(session?: string): ListedScenario[];
  /** Back to the initial state, with an empty journal and no scenario, in every session. */
  reset(): void;
  /** How often the mock's own layer fell back to Prism's answer (a fault of the mock: it should stay at 0). */
  fallbacks(): FallbackReport;
}

export type MockOptions = MockSettings;

/**
 * Creates an in-process mock of the API, on the package's embedded spec unless `spec` says
 * otherwise. Its log goes to stderr, at `error` unless `logLevel` says otherwise.
 */
export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const pipeline = await createPipeline({ logLevel: 'error', log: process.stderr, ...options });

  async function handle(request: Request): Promise<Response> {
    if (request.signal.aborted) throw request.signal.reason;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    const { bytes, tooLarge } = await readBody(request.body as AsyncIterable<Uint8Array> | null);
    // What an HTTP client sends besides: the Host, and the length of a body (that of a body past
    // the limit is never read: the answer is the 413).
    headers.host ??= url.host;
    if (bytes.length > 0) headers['content-length'] ??= String(bytes.length);
    const reply = await pipeline.answer({
      method: request.method,
      target: `${url.pathname}${url.search}`,
      headers,
      body: bytes,
      tooLarge,
      signal: request.signal,
    });
    if ('dropped' in reply) {
      if (reply.dropped === 'aborted') throw reply.reason;
      throw new TypeError('fetch failed', {
        cause: new ConnectionResetError("the mock dropped the connection (a scenario's reset fault)"),
      });
    }
    const response = new Headers();
    for (const [name, value] of reply.headers) {
      for (const one of Array.isArray(value) ? value : [value]) response.append(name, String(one));
    }
    // A 204, 205 or 304 has no body; a HEAD answer has none to send.
    const body = reply.body === undefined || request.method === 'HEAD' ? null : Buffer.from(reply.body);
    return new Response(body, { status: reply.status, headers: response });
  }

  const requests = <Op extends OperationId>(operation: Op, { session }: { session?: string } = {}): ReceivedOf<Op>[] =>
    pipeline.journal.list(session).filter((entry) => entry.operationId === operation) as ReceivedOf<Op>[];

  return {
    fetch: (input, init) => handle(new Request(input, init)),
    handle,
    get received() {
      return pipeline.journal.list();
    },
    requests,
    waitFor(operation, { count = 1, timeout = 2000, session } = {}) {
      return new Promise((resolve, reject) => {
        const stop = new AbortController();
        const found = () => {
          const entries = requests(operation, { session });
          if (entries.length < count) return false;
          stop.abort();
          resolve(entries);
          return true;
        };
        if (found()) return;
        const unwatch = pipeline.journal.watch(found);
        stop.signal.addEventListener('abort', unwatch);
        wait(timeout, stop.signal).then(
          () => {
            stop.abort();
            reject(new WaitForTimeoutError(operation, count, pipeline.journal.list(session), timeout));
          },
          () => undefined,
        );
      });
    },
    use: (...scenarios) => pipeline.use(scenarios, { functions: true }),
    scenarios: (session = 'default') => pipeline.scenarios.list(session),
    reset() {
      pipeline.state?.reset();
      pipeline.journal.clear();
      pipeline.scenarios.clear();
    },
    fallbacks: () => pipeline.fallbacks.report(),
  };
}
