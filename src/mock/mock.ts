// The mock in your own process: the same pipeline as the `api-contract-mock` server
// (./pipeline.ts), behind a `fetch`-compatible function and a handler of WHATWG Requests, for tests
// that run without a server (a `fetch` stub, MSW: ./msw.ts). It answers exactly as the server does
// over HTTP: the same statuses, headers and body bytes. It uses nothing of Node's: its door under
// Node, `@observability/api-contract/mock`, is ./index.ts, which gives it Node's host.
import {
  ConnectionResetError,
  UnknownOperationError,
  WaitForTimeoutError,
  type Mock,
  type MockOptions,
  type ReceivedOf,
} from './api.js';
import { CoverageOffError } from './control/coverage.js';
import { createPipeline, type Host } from './pipeline.js';
import type { OperationId } from './scenarios/types.js';
import { wait } from './scenarios/apply.js';
import { readBody } from './request/read-body.js';
import { readFetchCall, type FetchCall } from './request/fetch-call.js';

const utf8 = new TextEncoder();

/** An in-process mock on `host` (./index.ts: createMock), its log at `error` unless `logLevel` says otherwise. */
export async function createMockOn(host: Host, options: MockOptions): Promise<Mock> {
  const pipeline = await createPipeline({ logLevel: 'error', ...options }, host);

  async function handle(request: Request): Promise<Response> {
    if (request.signal.aborted) throw request.signal.reason;
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    const { bytes, tooLarge } = await readBody(request.body as AsyncIterable<Uint8Array> | null);
    return answer({
      method: request.method,
      url: new URL(request.url),
      headers,
      body: bytes,
      tooLarge,
      signal: request.signal,
    });
  }

  /** The Response to a request read from a Request or from a fetch call (./request/fetch-call.ts). */
  async function answer({ method, url, headers, body: bytes, tooLarge, signal }: FetchCall & { tooLarge?: boolean }) {
    // What an HTTP client sends besides: the Host, and the length of a body (that of a body past
    // the limit is never read: the answer is the 413).
    headers.host ??= url.host;
    if (bytes.length > 0) headers['content-length'] ??= String(bytes.length);
    const reply = await pipeline.answer({
      method,
      target: `${url.pathname}${url.search}`,
      headers,
      body: bytes,
      tooLarge,
      signal,
    });
    if ('dropped' in reply) {
      if (reply.dropped === 'aborted') throw reply.reason;
      throw new TypeError('fetch failed', {
        cause: new ConnectionResetError("the mock dropped the connection (a scenario's reset fault)"),
      });
    }
    const response: [string, string][] = [];
    for (const [name, value] of reply.headers) {
      for (const one of Array.isArray(value) ? value : [value]) response.push([name, String(one)]);
    }
    // A 204, 205 or 304 has no body; a HEAD answer has none to send. Bytes, not text: a text body
    // would get a Content-Type of its own.
    const body = reply.body === undefined || method === 'HEAD' ? null : utf8.encode(reply.body);
    return new Response(body, { status: reply.status, headers: response });
  }

  const known = (operation: string, method: string) => {
    if (!pipeline.operationIds.includes(operation))
      throw new UnknownOperationError(String(operation), pipeline.operationIds, method);
  };
  const listed = <Op extends OperationId>(operation: Op, session: string | undefined): ReceivedOf<Op>[] =>
    pipeline.journal.list(session).filter((entry) => entry.operationId === operation) as ReceivedOf<Op>[];
  const requests = <Op extends OperationId>(
    operation: Op,
    { session }: { session?: string } = {},
  ): ReceivedOf<Op>[] => {
    known(operation, 'requests');
    return listed(operation, session);
  };

  return {
    fetch: async (input, init) => {
      const call = readFetchCall(input, init);
      if (!call) return handle(new Request(input, init));
      if (call.signal?.aborted) throw call.signal.reason;
      return answer(call);
    },
    handle,
    get received() {
      return pipeline.journal.list();
    },
    requests,
    waitFor(operation, { count = 1, timeout = 2000, session } = {}) {
      return new Promise((resolve, reject) => {
        known(operation, 'waitFor');
        const stop = new AbortController();
        const found = () => {
          const entries = listed(operation, session);
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
    coverage({ session } = {}) {
      if (!pipeline.coverage) throw new CoverageOffError();
      return pipeline.coverage.report(session);
    },
    close: () => Promise.resolve().then(() => pipeline.saveCoverage()),
  };
}
