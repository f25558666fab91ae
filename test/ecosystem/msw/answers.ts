// The client's answers through every door: one table of answers (statuses from 200 to 599, bodies
// empty, JSON, HTML, text, truncated, never ending, stalled), each given through a real socket, MSW,
// and a hand-written fetch, and those the mock gives through its own `fetch`. Every call must settle
// within a second with no `timeout` option, and the same answer must come to the same result through
// every door. Run from the repository (test/unit/client/answers.test.ts, on the source) and from an empty
// project that installed the packed package with msw 2 or 3 (./answers.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  createApiClient as CreateApiClient,
  UnexpectedResponseError as UnexpectedResponseErrorClass,
} from '../../../src/index.js';
import type { createMock as CreateMock } from '../../../src/mock/index.js';

export interface AnswerParts {
  createApiClient: typeof CreateApiClient;
  UnexpectedResponseError: typeof UnexpectedResponseErrorClass;
  createMock: typeof CreateMock;
  msw: {
    http: { all(path: string, resolver: () => Response | Promise<Response>): unknown };
    setupServer: (...handlers: never[]) => {
      listen(options?: object): void;
      close(): void;
      use(...handlers: never[]): void;
      resetHandlers(): void;
    };
  };
  vitest: Pick<typeof import('vitest'), 'afterAll' | 'beforeAll' | 'describe' | 'expect' | 'it'>;
  /**
   * The msw's major version. MSW 3 reads a handler's body before it hands `fetch` the response, so a
   * body that breaks off is `fetch`'s own network error (a TypeError): the client is given no
   * answer, and the call settles by that rejection.
   */
  mswMajor: number;
}

type Body = { text: string } | { chunks: string[]; then: 'end' | 'stall' | 'endless' | 'error' } | null;
export interface Answer {
  name: string;
  status: number;
  contentType?: string;
  body: Body;
}

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const MSW_BASE = 'https://answers.example.test';
const json = 'application/json';
const NO_BODY = new Set([204, 205, 304]);
/**
 * Statuses fetch itself refuses over a socket (a redirect under `redirect: 'error'`, 407 and 421,
 * a network error in undici): only a hand-written fetch hands them to the client.
 */
const FETCH_REFUSES = new Set([301, 302, 303, 307, 308, 407, 421]);

/** The table: every status the client can meet with a small JSON body, then each body shape. */
export function answers(): Answer[] {
  const table: Answer[] = [];
  for (let status = 200; status <= 599; status++) {
    if (FETCH_REFUSES.has(status)) continue;
    table.push({
      name: `${status} JSON`,
      status,
      contentType: json,
      body: NO_BODY.has(status) ? null : { text: '{"detail": "x"}' },
    });
  }
  table.push(
    {
      name: '200 the example',
      status: 200,
      contentType: json,
      body: { text: '{"traces_count": 1, "records_count": 1}' },
    },
    { name: '200 empty', status: 200, contentType: json, body: { text: '' } },
    { name: '200 HTML', status: 200, contentType: 'text/html', body: { text: '<h1>oops</h1>' } },
    { name: '200 truncated JSON', status: 200, contentType: json, body: { text: '{"traces_count": ' } },
    { name: '200 never ending', status: 200, contentType: json, body: { chunks: ['{"a": "'], then: 'endless' } },
    { name: '422 text', status: 422, contentType: 'text/plain', body: { text: 'no' } },
    { name: '500 HTML', status: 500, contentType: 'text/html', body: { text: '<h1>oops</h1>' } },
    {
      name: '500 HTML in chunks',
      status: 500,
      contentType: 'text/html',
      body: { chunks: ['<h1>', 'oops</h1>'], then: 'end' },
    },
    { name: '502 empty', status: 502, contentType: 'text/html', body: { text: '' } },
    { name: '503 JSON detail', status: 503, contentType: json, body: { text: '{"detail": "maintenance"}' } },
    { name: '503 text', status: 503, contentType: 'text/plain', body: { text: 'down' } },
    { name: '503 stalled', status: 503, contentType: 'text/html', body: { chunks: ['<h1>'], then: 'stall' } },
    { name: '500 never ending', status: 500, contentType: 'text/html', body: { chunks: ['<p>'], then: 'endless' } },
    { name: '500 broken off', status: 500, contentType: 'text/html', body: { chunks: ['<p>'], then: 'error' } },
  );
  return table;
}

const MAX = 64 * 1024; // maxResponseBytes of the suite's client: a never-ending body is cut quickly
const encoder = new TextEncoder();

/** The body as a web stream (MSW, a hand-written fetch). */
function webBody(body: Body): BodyInit | null {
  if (body === null) return null;
  if ('text' in body) return body.text;
  const { chunks, then } = body;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < chunks.length) return controller.enqueue(encoder.encode(chunks[sent++]));
      if (then === 'end') return controller.close();
      if (then === 'endless') return controller.enqueue(new Uint8Array(4096).fill(0x61));
      if (then === 'error') return controller.error(new TypeError('terminated'));
      return new Promise<void>(() => undefined); // stalls
    },
  });
}

const responseOf = (answer: Answer) =>
  new Response(webBody(answer.body), {
    status: answer.status,
    headers: answer.contentType ? { 'content-type': answer.contentType } : {},
  });

/** What a call came to, as the table compares it. */
async function outcome(parts: AnswerParts, call: Promise<{ data?: unknown; error?: unknown }>): Promise<unknown> {
  try {
    const { data, error } = await call;
    return error === undefined ? { data } : { error };
  } catch (e) {
    if (e instanceof parts.UnexpectedResponseError) return { kind: e.kind, status: e.status, body: e.body };
    return { rejected: (e as Error).name };
  }
}

export function answersSuite(parts: AnswerParts): void {
  const { afterAll, beforeAll, describe, expect, it } = parts.vitest;
  const table = answers();
  let current: Answer = table[0] as Answer;
  let server: Server;
  let socketBase = '';
  const open = new Set<import('node:net').Socket>();
  let msw: ReturnType<AnswerParts['msw']['setupServer']>;

  beforeAll(async () => {
    server = createServer((_, response) => {
      const { status, contentType, body } = current;
      response.writeHead(status, contentType ? { 'content-type': contentType } : {});
      if (body === null) return response.end();
      if ('text' in body) return response.end(body.text);
      for (const chunk of body.chunks) response.write(chunk);
      if (body.then === 'end') response.end();
      else if (body.then === 'error')
        setTimeout(() => response.socket?.destroy(), 20); // after the headers and first chunk
      else if (body.then === 'endless') {
        const more = () => {
          while (response.write(new Uint8Array(4096).fill(0x61)));
          response.once('drain', more);
        };
        more();
      }
    });
    server.on('connection', (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    socketBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    msw = parts.msw.setupServer(parts.msw.http.all(`${MSW_BASE}/*`, () => responseOf(current)) as never);
    msw.listen({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' }); // MSW 2's name, MSW 3's
  });
  afterAll(async () => {
    msw?.close();
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  const call = (baseUrl: string, fetch?: (request: Request) => Promise<Response>) => {
    const api = parts.createApiClient({
      baseUrl,
      auth: { apiKey: 'dev-key' },
      maxResponseBytes: MAX,
      ...(fetch ? { fetch } : {}),
    });
    return api.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
    });
  };

  /** The call through one door, and how long it took to settle. */
  const through = async (door: 'socket' | 'msw' | 'custom') => {
    const started = performance.now();
    const result = await outcome(
      parts,
      door === 'socket'
        ? call(socketBase, (request) => fetch(request))
        : door === 'msw'
          ? call(MSW_BASE)
          : call('http://127.0.0.1:9', async () => responseOf(current)),
    );
    return { result, ms: performance.now() - started };
  };

  describe('every answer settles the call within a second, alike through a socket, MSW and a hand-written fetch', () => {
    it.each(table.map((answer) => [answer.name, answer] as const))('%s', async (_, answer) => {
      current = answer;
      const results = [];
      for (const door of ['socket', 'msw', 'custom'] as const) {
        const { result, ms } = await through(door);
        expect(ms, `${door}: ${answer.name}`).toBeLessThan(1_000);
        results.push(result);
      }
      const [socket, msw, custom] = results;
      const breaksOff = answer.body !== null && 'then' in answer.body && answer.body.then === 'error';
      expect(msw).toEqual(breaksOff && parts.mswMajor >= 3 ? { rejected: 'TypeError' } : socket);
      expect(custom).toEqual(socket);
      const documented = answer.status === 200 || answer.status === 422;
      if (!documented) expect(socket).toMatchObject({ kind: 'status', status: answer.status });
    });

    it.each([...FETCH_REFUSES])(
      '%i, which fetch refuses itself over a socket, is a status error through a hand-written fetch',
      async (status) => {
        current = { name: String(status), status, contentType: json, body: { text: '{}' } };
        expect((await through('custom')).result).toMatchObject({ kind: 'status', status });
      },
    );
  });

  describe("the mock's own fetch: its answers, replayed through the other doors, come to the same results", () => {
    it.each([
      ['200', { 'service-ao-api-key': 'dev-key' }, '{"traces": []}'],
      ['401 (no credential)', {}, '{"traces": []}'],
      ['422', { 'service-ao-api-key': 'dev-key' }, '{"traces": 1}'],
    ])('%s', async (_, headers, body) => {
      const mock = await parts.createMock();
      const url = `https://mock.example.test/v2/projects/${PROJECT}/traces`;
      const record = await mock.fetch(url, { method: 'POST', headers: { 'content-type': json, ...headers }, body });
      const answer: Answer = {
        name: 'the mock',
        status: record.status,
        contentType: record.headers.get('content-type') ?? undefined,
        body: { text: await record.text() },
      };
      // The mock through the client, with the request as sent.
      const viaMock = await outcome(
        parts,
        call('https://mock.example.test', (request) => {
          const sent = new Request(request, { body: body });
          if (!('service-ao-api-key' in headers)) sent.headers.delete('service-ao-api-key');
          return mock.fetch(sent);
        }),
      );
      current = answer;
      for (const door of ['socket', 'msw', 'custom'] as const)
        expect((await through(door)).result, door).toEqual(viaMock);
    });
  });
}
