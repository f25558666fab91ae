// What the mock received (`mock.received` in-process, GET /__mock/requests over HTTP): every request
// to the API in order, with its operation and status, per session, bounded like the state, and
// never a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMock, startTestMock, type TestMock } from '../helpers/in-process.js';

const USERS = 'https://api.example.test/v2/system_users';
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('mock.received', () => {
  it('each request in order: operation, method, path, query, parsed body, status; a request to no operation has none', async () => {
    const mock = await createTestMock();
    await mock.fetch(`${USERS}?invite=1`, post({ email: 'a@example.org' }));
    await mock.fetch(USERS, post({ email: 5 }));
    await mock.fetch(USERS, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain' });
    await mock.fetch('https://api.example.test/v2/nowhere', { method: 'GET' });
    await mock.fetch('https://api.example.test/__mock/fallbacks');
    expect(mock.received).toEqual([
      { session: 'default', operationId: 'createOrVerifyUser', method: 'POST', path: '/v2/system_users', query: { invite: '1' }, body: { email: 'a@example.org' }, bodyBytes: 25, status: 200 },
      { session: 'default', operationId: 'createOrVerifyUser', method: 'POST', path: '/v2/system_users', query: {}, body: { email: 5 }, bodyBytes: 11, status: 422 },
      { session: 'default', operationId: 'createOrVerifyUser', method: 'POST', path: '/v2/system_users', query: {}, body: 'plain', bodyBytes: 5, status: 422 },
      { session: 'default', operationId: null, method: 'GET', path: '/v2/nowhere', query: {}, body: null, bodyBytes: 0, status: 404 },
    ]);
  });

  it('holds no header, so no credential', async () => {
    const mock = await createTestMock();
    const secret = 'classic-key-4f2a9e';
    await mock.fetch('https://api.example.test/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/traces', post({ traces: [] }, { 'service-api-key': secret, authorization: `Bearer ${secret}` }));
    expect(mock.received).toHaveLength(1);
    expect(JSON.stringify(mock.received)).not.toContain(secret);
  });

  it('a body over 1 MiB is not kept, only its size (parsed, 10 MB take hundreds of megabytes)', async () => {
    const mock = await createTestMock();
    const big = { email: 'big@x.org', first_name: 'x'.repeat(1024 * 1024) };
    await mock.fetch(USERS, post(big));
    await mock.fetch(USERS, post({ email: 'small@x.org' }));
    expect(mock.received.map((r) => [r.status, r.body, r.bodyBytes])).toEqual([
      [200, null, JSON.stringify(big).length],
      [200, { email: 'small@x.org' }, 23],
    ]);
  });

  it('bounded by maxRecords: the oldest requests go first', async () => {
    const mock = await createTestMock({ maxRecords: 2 });
    for (const email of ['a@x.org', 'b@x.org', 'c@x.org']) await mock.fetch(USERS, post({ email }));
    expect(mock.received.map((r) => (r.body as { email: string }).email)).toEqual(['b@x.org', 'c@x.org']);
  });

  it('reset() empties it and the state', async () => {
    const mock = await createTestMock();
    await mock.fetch(USERS, post({ email: 'a@x.org' }));
    mock.reset();
    expect(mock.received).toEqual([]);
    const again = (await (await mock.fetch(USERS, post({ email: 'b@x.org' }))).json()) as { role: string };
    expect(again.role).toBe('system_admin');
  });
});

describe('GET /__mock/requests', () => {
  let mock: TestMock;
  beforeAll(async () => {
    mock = await startTestMock();
  });
  afterAll(async () => mock?.stop());

  it("lists the requests of the session it names, and POST /__mock/reset forgets them with the session's state", async () => {
    const send = (session: string, email: string) => fetch(`${mock.baseUrl}/v2/system_users`, post({ email }, { 'x-mock-session': session }));
    await send('journal-a', 'a@x.org');
    await send('journal-b', 'b@x.org');
    await send('journal-a', 'c@x.org');
    const list = async (session: string) => (await (await fetch(`${mock.baseUrl}/__mock/requests`, { headers: { 'x-mock-session': session } })).json()) as { session: string; requests: { body: { email: string } }[] };
    const a = await list('journal-a');
    expect(a.session).toBe('journal-a');
    expect(a.requests.map((r) => r.body.email)).toEqual(['a@x.org', 'c@x.org']);
    await fetch(`${mock.baseUrl}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'journal-a' } });
    expect((await list('journal-a')).requests).toEqual([]);
    expect((await list('journal-b')).requests.map((r) => r.body.email)).toEqual(['b@x.org']);
  });
});
