// The mock in your own process under Node (src/mock/index.ts, createMock's fetch and handle): a
// WHATWG Request handed over as an HTTP client sends it (Host, Content-Length, body bytes) and
// answered with the HTTP door's status, headers and bytes; reset and fallbacks.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/mock/index.js';
import { BASE, USERS, answerOf, post, type Answer } from '../../support/door-requests.js';
import { createTestMock, startTestMock } from '../../support/in-process.js';

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
