// The in-process doors (createMock's fetch and handle, mswHandlers) and what the pipeline does for
// every door: a WHATWG Request handed over as an HTTP client sends it (Host, Content-Length, body
// bytes) and answered with the HTTP door's status, headers and bytes; the 10 MB body limit; a body
// of 1 MiB or more answered in slices, other requests answered between them; reset and fallbacks.
import { PassThrough } from 'node:stream';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/mock/index.js';
import { mswHandlers } from '../../../src/mock/msw.js';
import { nodeHost } from '../../../src/mock/host.js';
import { createPipeline } from '../../../src/mock/pipeline.js';
import { bodyTooLarge, MAX_BODY } from '../../../src/mock/request/read-body.js';
import { createTestMock, startTestMock } from '../../support/in-process.js';

const BASE = 'https://api.example.test';
const USERS = `${BASE}/v2/system_users`;
/** The size from which a body is answered in slices (src/mock/pipeline.ts). */
const MIB = 1024 * 1024;

const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});
/** A valid createOrVerifyUser body of exactly `size` bytes. */
function userOfSize(size: number, email = 'big@example.org'): string {
  const empty = JSON.stringify({ email, first_name: '' });
  return JSON.stringify({ email, first_name: 'x'.repeat(size - empty.length) });
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** What a client reads of an answer; the headers only a socket has (Date, Connection, Keep-Alive) left out. */
async function answerOf(response: Response): Promise<Answer> {
  const headers = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('latin1') };
}

describe('createMock: a WHATWG Request is handed over as an HTTP client sends it', () => {
  it('the same status, headers and body bytes as the HTTP door, with a body, an empty one, none, and to HEAD; the same journal', async () => {
    const [http, local] = await Promise.all([startTestMock(), createTestMock()]);
    try {
      const requests: [string, RequestInit][] = [
        ['/v2/system_users', post(JSON.stringify({ email: 'a@example.org' }))],
        // Prism checks the media type of a body that has a Content-Length: its 415 is in sl-violations.
        ['/v2/system_users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain' }],
        ['/v2/system_users', post('')],
        ['/v2/system_users', { method: 'POST', headers: { 'content-type': 'application/json' } }],
        ['/v2/system_users?x=1', { method: 'GET' }],
        ['/v2/system_users', { method: 'HEAD' }],
        ['/__mock/requests', { method: 'HEAD' }],
      ];
      const answers: [Answer, Answer][] = [];
      for (const [target, init] of requests)
        answers.push([
          await answerOf(await fetch(http.baseUrl + target, init)),
          await answerOf(await local.fetch(BASE + target, init)),
        ]);
      for (const [overHttp, inProcess] of answers) expect(inProcess).toEqual(overHttp);
      expect(answers.map(([answer]) => [answer.status, answer.body.length > 0])).toEqual([
        [200, true],
        [422, true],
        [200, true],
        [200, true],
        [405, true],
        [405, false],
        [200, false],
      ]);
      expect(JSON.parse(answers[1]![0].headers.find(([name]) => name === 'sl-violations')![1])).toMatchObject([
        { code: 415 },
      ]);
      const journal = (await (await fetch(`${http.baseUrl}/__mock/requests`)).json()) as { requests: unknown[] };
      expect(local.received).toEqual(journal.requests);
      expect(local.received.map((r) => [r.bodyBytes, r.body])).toEqual([
        [25, { email: 'a@example.org' }],
        [5, 'plain'],
        [0, null],
        [0, null],
        [0, null],
        [0, null],
      ]);
    } finally {
      await http.stop();
    }
  });

  it("the Host is the URL's: an operation that declares a Host header reads it", async () => {
    const json = (schema: object, example?: unknown) => ({
      'application/json': { schema, ...(example === undefined ? {} : { example }) },
    });
    const spec = {
      openapi: '3.1.0',
      info: { title: 'host', version: '1' },
      paths: {
        '/where': {
          get: {
            operationId: 'where',
            parameters: [
              {
                name: 'Host',
                in: 'header',
                required: true,
                schema: { type: 'string', pattern: '^api\\.example\\.test$' },
              },
            ],
            responses: {
              '200': { description: 'here', content: json({ type: 'object' }, { here: true }) },
              '422': { description: 'elsewhere', content: json({ type: 'object' }) },
            },
          },
        },
      },
    };
    const mock = await createMock({ spec: spec as never, log: new PassThrough() });
    const here = await mock.fetch(`${BASE}/where`);
    expect([here.status, await here.json()]).toEqual([200, { here: true }]);
    const elsewhere = await mock.fetch('https://other.example.test/where');
    expect(elsewhere.status).toBe(422);
    expect(await elsewhere.json()).toMatchObject({
      detail: [{ type: 'string_pattern_mismatch', loc: ['header', 'Host'], input: 'other.example.test' }],
    });
  });

  it('fetch takes a string, a URL or a Request, whose init wins; handle takes a Request', async () => {
    const mock = await createTestMock();
    const body = JSON.stringify({ email: 'a@example.org' });
    const request = () => new Request(USERS, post(body, { 'x-mock-session': 'a' }));
    const answers = [
      await mock.fetch(USERS, post(body, { 'x-mock-session': 'a' })),
      await mock.fetch(new URL(USERS), post(body, { 'x-mock-session': 'a' })),
      await mock.fetch(request()),
      await mock.fetch(request(), { headers: { 'content-type': 'application/json', 'x-mock-session': 'b' } }),
      await mock.handle(request()),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(mock.received.map((r) => [r.session, r.bodyBytes])).toEqual([
      ['a', 25],
      ['a', 25],
      ['a', 25],
      ['b', 25],
      ['a', 25],
    ]);
  });

  it('reset() empties what a stateless mock received', async () => {
    const mock = await createTestMock({ stateless: true });
    await mock.fetch(USERS, post(JSON.stringify({ email: 'a@example.org' })));
    expect(mock.received).toHaveLength(1);
    mock.reset();
    expect(mock.received).toEqual([]);
  });

  it('fallbacks() is what GET /__mock/fallbacks answers', async () => {
    const mock = await createTestMock();
    await mock.fetch(USERS, post(JSON.stringify({ email: 'a@example.org' })));
    const report = mock.fallbacks();
    expect(report).toEqual({ total: 0, fallbacks: {} });
    expect(await (await mock.fetch(`${BASE}/__mock/fallbacks`)).json()).toEqual(report);
  });
});

describe('the body limit: 10 MB', () => {
  it('a body of exactly 10 MB is answered; one byte more is the 413', async () => {
    const mock = await createTestMock();
    const exactly = await mock.fetch(USERS, post(userOfSize(MAX_BODY)));
    expect(exactly.status).toBe(200);
    expect(((await exactly.json()) as { first_name: string }).first_name).toHaveLength(
      MAX_BODY - JSON.stringify({ email: 'big@example.org', first_name: '' }).length,
    );
    const over = await mock.fetch(USERS, post(userOfSize(MAX_BODY + 1)));
    expect([over.status, await over.text()]).toEqual([413, bodyTooLarge().body]);
    expect(mock.received.map((r) => r.status)).toEqual([200, 413]);
  });

  it('the pipeline answers 413 to a body past the limit that a door hands over whole', async () => {
    const pipeline = await createPipeline({ log: new PassThrough(), logLevel: 'silent' }, nodeHost());
    const reply = await pipeline.answer({
      method: 'POST',
      target: '/v2/system_users',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(userOfSize(MAX_BODY + 1)),
    });
    expect(reply).toMatchObject({ status: 413, body: bodyTooLarge().body });
  });
});

describe('a body of 1 MiB or more is answered in slices: other requests are answered in between', () => {
  /** Sends `big`, then, once it is being answered, `count` small requests one after the other; the order the answers came in. */
  async function race(mock: Awaited<ReturnType<typeof createTestMock>>, big: string, count: number): Promise<string[]> {
    const order: string[] = [];
    const bigAnswer = mock.fetch(USERS, post(big)).then((answer) => {
      order.push('big');
      return answer;
    });
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < count; i++) {
      const answer = await mock.fetch(USERS, post(JSON.stringify({ email: `small${i}@example.org` })));
      expect(answer.status).toBe(200);
      order.push(`small${i}`);
    }
    expect((await bigAnswer).status).toBe(200);
    return order;
  }

  it('requests a client sends one after the other while a 4 MB body is answered are all answered before it', async () => {
    const mock = await createTestMock();
    expect(await race(mock, userOfSize(4 * MIB), 5)).toEqual(['small0', 'small1', 'small2', 'small3', 'small4', 'big']);
    // What the mock received, in the order it answered.
    expect(mock.received.map((r) => r.bodyBytes)).toEqual([30, 30, 30, 30, 30, 4 * MIB]);
  });

  it('from exactly 1 MiB on', async () => {
    const mock = await createTestMock();
    expect(await race(mock, userOfSize(MIB), 1)).toEqual(['small0', 'big']);
  });

  it('a body just under 1 MiB, of 1 MiB and just over gets the same answer', async () => {
    const mock = await createTestMock({ stateless: true });
    const answers: unknown[] = [];
    for (const size of [MIB - 1, MIB, MIB + 1]) {
      const answer = await mock.fetch(USERS, post(userOfSize(size)));
      const body = (await answer.json()) as { first_name: string };
      answers.push([answer.status, { ...body, first_name: body.first_name.length - size }]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(mock.received.map((r) => [r.status, r.bodyBytes])).toEqual([
      [200, MIB - 1],
      [200, MIB],
      [200, MIB + 1],
    ]);
  });
});

describe('mswHandlers', () => {
  it('makes one on the first request, which answers every request after it', async () => {
    const server = setupServer(...mswHandlers(BASE, { logLevel: 'silent' }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const roles = [];
      for (const email of ['a@example.org', 'b@example.org'])
        roles.push(((await (await fetch(USERS, post(JSON.stringify({ email })))).json()) as { role: string }).role);
      expect(roles).toEqual(['system_admin', 'system_user']);
    } finally {
      server.close();
    }
  });

  it("answers from the mock it is given (what it received is that mock's), under a base URL with a path", async () => {
    const mock = await createMock({ logLevel: 'silent' });
    const users = async (base: string) => {
      const server = setupServer(...mswHandlers(base, mock));
      server.listen({ onUnhandledRequest: 'error' });
      try {
        return (
          await fetch(`${base.replace(/\/$/, '')}/v2/system_users`, post(JSON.stringify({ email: 'c@example.org' })))
        ).status;
      } finally {
        server.close();
      }
    };
    expect(await users(BASE)).toBe(200);
    // Every request under the base URL's path, with or without its slash, goes to the mock (which
    // routes the whole path: the spec's paths are not under /api, so 404); nothing else does.
    expect(await users(`${BASE}/api/`)).toBe(404);
    expect(await users(`${BASE}/api`)).toBe(404);
    const server = setupServer(...mswHandlers(`${BASE}/api`, mock));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await expect(fetch(`${BASE}/v2/system_users`, post('{}'))).rejects.toThrow();
    } finally {
      server.close();
    }
    expect(mock.received.map((r) => [r.path, r.status])).toEqual([
      ['/v2/system_users', 200],
      ['/api/v2/system_users', 404],
      ['/api/v2/system_users', 404],
    ]);
  });
});
