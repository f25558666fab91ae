/// <reference types="node" />
// The mock in your own process (`@observability/api-contract/mock`): the same pipeline as the
// `api-contract-mock` server (./pipeline.ts), behind a `fetch`-compatible function and a handler of
// WHATWG Requests, for tests that run without a server (a `fetch` stub, MSW: ./msw.ts). It answers
// exactly as the server does over HTTP: the same statuses, headers and body bytes.
import type { FallbackReport } from './fallbacks.js';
import type { ReceivedRequest } from './journal.js';
import { createPipeline, type MockSettings } from './pipeline.js';
import { readBody } from './stages/read-body.js';

export type { ReceivedRequest } from './journal.js';
export type { InitialState } from './state.js';
export type { MockSettings } from './pipeline.js';

export interface Mock {
  /** A `fetch` for any origin: `createApiClient({ baseUrl: 'https://api.example.test', fetch: mock.fetch })`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The answer to a WHATWG Request (what an MSW handler returns). */
  handle(request: Request): Promise<Response>;
  /** What the mock was sent, oldest first, in every session (bounded like the state: `maxRecords`). */
  readonly received: ReceivedRequest[];
  /** Back to the initial state, with an empty journal. */
  reset(): void;
  /** How often the mock's own layer fell back to Prism's answer (a fault of the mock: it should stay at 0). */
  fallbacks(): FallbackReport;
}

export interface MockOptions extends MockSettings {}

/**
 * Creates an in-process mock of the API, on the package's embedded spec unless `spec` says
 * otherwise. Its log goes to stderr, at `error` unless `logLevel` says otherwise.
 */
export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const pipeline = await createPipeline({ logLevel: 'error', log: process.stderr, ...options });

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    const { bytes, tooLarge } = await readBody(request.body as AsyncIterable<Uint8Array> | null);
    // What an HTTP client sends besides: the Host, and the length of a body (that of a body past
    // the limit is never read: the answer is the 413).
    headers.host ??= url.host;
    if (bytes.length > 0) headers['content-length'] ??= String(bytes.length);
    const reply = await pipeline.answer({ method: request.method, target: `${url.pathname}${url.search}`, headers, body: bytes, tooLarge });
    const response = new Headers();
    for (const [name, value] of reply.headers) {
      for (const one of Array.isArray(value) ? value : [value]) response.append(name, String(one));
    }
    // A 204, 205 or 304 has no body; a HEAD answer has none to send.
    const body = reply.body === undefined || request.method === 'HEAD' ? null : Buffer.from(reply.body);
    return new Response(body, { status: reply.status, headers: response });
  }

  return {
    fetch: (input, init) => handle(new Request(input, init)),
    handle,
    get received() {
      return pipeline.journal.list();
    },
    reset() {
      pipeline.state?.reset();
      pipeline.journal.clear();
    },
    fallbacks: () => pipeline.fallbacks.report(),
  };
}
