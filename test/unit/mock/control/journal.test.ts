// What the mock received (`mock.received` in-process, GET /__mock/requests over HTTP): every request
// to the API in order, with its operation and status, per session, bounded like the state, and
// never a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal, MAX_KEPT_BODY, type ReceivedRequest } from '../../../../src/mock/control/journal.js';
import { createTestMock, startTestMock, type TestMock } from '../../../support/in-process.js';

const USERS = 'https://api.example.test/v2/system_users';
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('Journal: its bounds', () => {
  const entry = (path: string, bodyBytes: number, session = 's'): ReceivedRequest => ({
    session,
    operationId: null,
    method: 'POST',
    path,
    pathParams: {},
    query: {},
    valid: false,
    body: { path },
    bodyBytes,
    status: 200,
    unanswered: null,
    scenario: null,
    outsideContract: false,
  });
  const paths = (journal: Journal, session?: string) => journal.list(session).map((r) => r.path);

  it('keeps at most maxEntries requests, dropping the oldest', () => {
    const journal = new Journal(2);
    for (const path of ['/a', '/b', '/c']) journal.record(entry(path, 0));
    expect(paths(journal)).toEqual(['/b', '/c']);
  });

  it('keeps at most maxBodyBytes of bodies, dropping the oldest, but always the newest request', () => {
    const journal = new Journal(100, 10);
    journal.record(entry('/a', 4));
    journal.record(entry('/b', 4));
    journal.record(entry('/c', 2));
    expect(paths(journal)).toEqual(['/a', '/b', '/c']); // 10 bytes: at the bound
    journal.record(entry('/d', 1));
    expect(paths(journal)).toEqual(['/b', '/c', '/d']);
    journal.record(entry('/e', 11));
    expect(paths(journal)).toEqual(['/e']); // alone over the bound, and kept
    journal.record(entry('/f', 0));
    expect(paths(journal)).toEqual(['/f']); // the 11 bytes were counted, then given back when /e went
    journal.record(entry('/g', 10));
    expect(paths(journal)).toEqual(['/f', '/g']);
  });

  it(`a body over MAX_KEPT_BODY (${MAX_KEPT_BODY} bytes) is kept as its size only, and counts for nothing`, () => {
    const journal = new Journal(100, MAX_KEPT_BODY);
    journal.record(entry('/at-the-bound', MAX_KEPT_BODY));
    journal.record(entry('/over', MAX_KEPT_BODY + 1));
    expect(journal.list()).toEqual([
      entry('/at-the-bound', MAX_KEPT_BODY),
      { ...entry('/over', MAX_KEPT_BODY + 1), body: null },
    ]);
    journal.record(entry('/small', 1));
    expect(paths(journal)).toEqual(['/over', '/small']);
  });

  it("lists and forgets one session's requests, and counts the bytes of those it keeps", () => {
    const journal = new Journal(100, 10);
    journal.record(entry('/a1', 6, 'a'));
    journal.record(entry('/b1', 3, 'b'));
    expect(paths(journal, 'b')).toEqual(['/b1']);
    journal.clear('a');
    expect(paths(journal)).toEqual(['/b1']);
    journal.record(entry('/b2', 7, 'b'));
    expect(paths(journal)).toEqual(['/b1', '/b2']); // 3 + 7: the 6 bytes of session a are gone
    journal.record(entry('/b3', 1, 'b'));
    expect(paths(journal)).toEqual(['/b2', '/b3']);
    journal.clear();
    expect(journal.list()).toEqual([]);
    journal.record(entry('/c1', 6, 'c'));
    journal.record(entry('/c2', 4, 'c'));
    expect(paths(journal)).toEqual(['/c1', '/c2']); // counted from nothing again
  });
});

describe('mock.received', () => {
  it('each request in order: operation, method, path, path parameters, query, validity, parsed body, status; a request to no operation has none', async () => {
    const mock = await createTestMock();
    await mock.fetch(`${USERS}?invite=1`, post({ email: 'a@example.org' }));
    await mock.fetch(USERS, post({ email: 5 }));
    await mock.fetch(USERS, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain' });
    await mock.fetch('https://api.example.test/v2/nowhere', { method: 'GET' });
    await mock.fetch('https://api.example.test/__mock/fallbacks');
    expect(mock.received).toEqual([
      {
        session: 'default',
        operationId: 'createOrVerifyUser',
        method: 'POST',
        path: '/v2/system_users',
        pathParams: {},
        query: { invite: '1' },
        valid: true,
        body: { email: 'a@example.org' },
        bodyBytes: 25,
        status: 200,
        unanswered: null,
        scenario: null,
        outsideContract: false,
      },
      {
        session: 'default',
        operationId: 'createOrVerifyUser',
        method: 'POST',
        path: '/v2/system_users',
        pathParams: {},
        query: {},
        valid: false,
        body: { email: 5 },
        bodyBytes: 11,
        status: 422,
        unanswered: null,
        scenario: null,
        outsideContract: false,
      },
      {
        session: 'default',
        operationId: 'createOrVerifyUser',
        method: 'POST',
        path: '/v2/system_users',
        pathParams: {},
        query: {},
        valid: false,
        body: 'plain',
        bodyBytes: 5,
        status: 422,
        unanswered: null,
        scenario: null,
        outsideContract: false,
      },
      {
        session: 'default',
        operationId: null,
        method: 'GET',
        path: '/v2/nowhere',
        pathParams: {},
        query: {},
        valid: false,
        body: null,
        bodyBytes: 0,
        status: 404,
        unanswered: null,
        scenario: null,
        outsideContract: false,
      },
    ]);
  });

  it('holds no header, so no credential', async () => {
    const mock = await createTestMock();
    const secret = 'classic-key-4f2a9e';
    await mock.fetch(
      'https://api.example.test/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/traces',
      post({ traces: [] }, { 'service-api-key': secret, authorization: `Bearer ${secret}` }),
    );
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
    const send = (session: string, email: string) =>
      fetch(`${mock.baseUrl}/v2/system_users`, post({ email }, { 'x-mock-session': session }));
    await send('journal-a', 'a@x.org');
    await send('journal-b', 'b@x.org');
    await send('journal-a', 'c@x.org');
    const list = async (session: string) =>
      (await (await fetch(`${mock.baseUrl}/__mock/requests`, { headers: { 'x-mock-session': session } })).json()) as {
        session: string;
        requests: { body: { email: string } }[];
      };
    const a = await list('journal-a');
    expect(a.session).toBe('journal-a');
    expect(a.requests.map((r) => r.body.email)).toEqual(['a@x.org', 'c@x.org']);
    await fetch(`${mock.baseUrl}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'journal-a' } });
    expect((await list('journal-a')).requests).toEqual([]);
    expect((await list('journal-b')).requests.map((r) => r.body.email)).toEqual(['b@x.org']);
  });
});
