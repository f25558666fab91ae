// The mock's server (src/mock/server.ts) started in this process, on a free port of 127.0.0.1 (or
// ::1), each test with its own and closed when the test ends: what a user of `startMock` relies on
// that no stage alone shows. Each option reaches what it is for (host, port, --stateless, the state's
// seed, limit and initial records, --max-errors, CORS, the log's level and stream, --dynamic), the
// stages are chained (control paths, the 10 MB and --max-errors 413s, the 422, the reflection), a
// failure on one request is a 500 problem and the mock goes on, a port in use rejects, and close()
// drops open connections. No child process: the bin's own tests replace startMock.
import { request as httpRequest, Agent } from 'node:http';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tooManyErrors } from '../../../src/mock/common/limits.js';
import { nameUuid } from '../../../src/shared/uuid.js';
import { startMock, type MockOptions, type RunningMock } from '../../../src/mock/server.js';
import { StateFullError } from '../../../src/mock/service/state.js';
import { bodyTooLarge, MAX_BODY } from '../../../src/mock/request/read-body.js';
import { specPath } from '../../support/spec.js';

const EXAMPLE_ID = 'd2f4a6c8-0e1b-4d3f-a5c7-9e1b3d5f7a92'; // the id of createOrVerifyUser's example
const USERS = '/v2/system_users';

const running: RunningMock[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((mock) => mock.close()));
});

/** A mock on a free port of 127.0.0.1, closed after the test. */
async function start(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const mock = await startMock({ spec: specPath, port: 0, log: new PassThrough(), ...options });
  running.push(mock);
  return mock;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(
  mock: RunningMock,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await fetch(mock.url + path, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const user = (email: string, extra: Record<string, string> = {}) => ({
  body: JSON.stringify({ email, auth_method: 'email', password: 'correct-horse', ...extra }),
});

/** A log stream that keeps every line (the mock's log calls its write only). */
function logLines(fail?: (line: string) => boolean): { lines: string[]; log: NodeJS.WritableStream } {
  const lines: string[] = [];
  const write = (chunk: string): boolean => {
    if (fail?.(chunk)) throw new Error('the log is full');
    lines.push(...chunk.split('\n').filter(Boolean));
    return true;
  };
  return { lines, log: { write } as unknown as NodeJS.WritableStream };
}

describe('startMock: where it listens', () => {
  it('on 127.0.0.1 by default, on a free port when asked for 0; its url says where', async () => {
    const mock = await start();
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const address = mock.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(mock.url).toBe(`http://127.0.0.1:${(address as { port: number }).port}`);
    expect((address as { port: number }).port).toBeGreaterThan(0);
  });

  it('on an IPv6 host: the url puts the address in brackets', async () => {
    const mock = await start({ host: '::1' });
    expect(mock.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect((await send(mock, USERS, user('a@example.org'))).status).toBe(200);
  });

  it('a port in use: startMock rejects with the error of listen', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await expect(startMock({ spec: specPath, port, log: new PassThrough() })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('close() stops listening and drops open keep-alive connections', async () => {
    const mock = await startMock({ spec: specPath, port: 0, log: new PassThrough() });
    const agent = new Agent({ keepAlive: true });
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = httpRequest(
          `${mock.url}${USERS}`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(user('a@example.org').body);
      });
      expect(status).toBe(200);
      expect(Object.values(agent.sockets).flat().length + Object.values(agent.freeSockets).flat().length).toBe(1);
      await mock.close(); // resolves only once no connection is left open
      expect(mock.server.listening).toBe(false);
      await expect(fetch(mock.url + USERS, { method: 'POST' })).rejects.toThrow();
    } finally {
      agent.destroy();
      mock.server.closeAllConnections();
      mock.server.close();
    }
  });
});

describe('startMock: the options reach what they are for', () => {
  it("a request is answered as the service would: the request reflected, the state applied (ids from the seed 'mock' by default)", async () => {
    const mock = await start();
    const first = await send(mock, USERS, user('a@example.org'));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.body).toMatchObject({
      email: 'a@example.org',
      role: 'system_admin',
      id: nameUuid('mock\n1'),
      created_at: '2026-01-01T00:00:01Z',
    });
    expect((await send(mock, USERS, user('b@example.org'))).body).toMatchObject({
      email: 'b@example.org',
      role: 'system_user',
      id: nameUuid('mock\n2'),
    });
  });

  it('a seed: the state draws its ids from it', async () => {
    const mock = await start({ seed: 'abc' });
    expect((await send(mock, USERS, user('a@example.org'))).body).toMatchObject({ id: nameUuid('abc\n1') });
  });

  it('stateless: each request alone (the example of the response, reflected); a reset says the mock keeps no state', async () => {
    const mock = await start({ stateless: true });
    for (const email of ['a@example.org', 'b@example.org']) {
      expect((await send(mock, USERS, user(email))).body).toMatchObject({
        email,
        role: 'system_admin',
        id: EXAMPLE_ID,
      });
    }
    expect(await send(mock, '/__mock/reset')).toMatchObject({
      status: 200,
      body: { reset: 'default', stateful: false },
    });
  });

  it('maxRecords: the record past the limit gets the 409 naming it; a reset of the session makes room', async () => {
    const mock = await start({ maxRecords: 1 });
    expect((await send(mock, USERS, user('a@example.org'))).status).toBe(200);
    expect(await send(mock, USERS, user('b@example.org'))).toMatchObject({
      status: 409,
      body: new StateFullError(1).body,
    });
    expect(await send(mock, '/__mock/reset')).toMatchObject({
      status: 200,
      body: { reset: 'default', stateful: true },
    });
    expect((await send(mock, USERS, user('b@example.org'))).status).toBe(200);
  });

  it('initialState: every session starts with its records (a known e-mail is verified, keeping its id)', async () => {
    const known = {
      email: 'k@example.org',
      id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50',
      role: 'system_user',
      email_is_verified: false,
    };
    const mock = await start({ initialState: { users: [known] } });
    for (const session of ['default', 'other']) {
      const answer = await send(mock, USERS, { ...user('k@example.org'), headers: { 'x-mock-session': session } });
      expect(answer.body).toMatchObject({ ...known, email_is_verified: true });
    }
  });

  it('maxErrors: a body with more validation errors is refused with the 413 naming --max-errors; every valid body is answered', async () => {
    const small = await start({ maxErrors: 2 });
    expect(await send(small, USERS, { body: JSON.stringify({ email: 5, first_name: 5 }) })).toMatchObject({
      status: 422,
    });
    expect(await send(small, USERS, { body: JSON.stringify({ email: 5, first_name: 5, last_name: 5 }) })).toMatchObject(
      { status: 413, body: tooManyErrors(2).body },
    );
    const byDefault = await start();
    const valid = JSON.stringify({ email: 'a@example.org', extra: Array(50_000).fill(1) });
    expect(await send(byDefault, USERS, { body: valid })).toMatchObject({ status: 200 });
  });

  it('a body past 10 MB: the 413 of the body read, before anything else', async () => {
    const mock = await start();
    const answer = await send(mock, USERS, {
      body: 'x'.repeat(MAX_BODY + 1),
      headers: { 'content-type': 'text/plain' },
    });
    const expected = bodyTooLarge();
    expect(answer.status).toBe(expected.status);
    expect(JSON.stringify(answer.body)).toBe(expected.body);
  });

  it("an invalid request: the service's 422 items", async () => {
    const mock = await start();
    expect(
      await send(mock, USERS, { body: JSON.stringify({ email: 5, auth_method: 'email', password: 'p' }) }),
    ).toMatchObject({
      status: 422,
      body: {
        detail: [{ type: 'string_type', loc: ['body', 'email'], msg: 'Input should be a valid string', input: 5 }],
      },
    });
    expect(await send(mock, USERS, { body: '{"email": ' })).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'json_invalid', loc: ['body', 10] }] },
    });
  });

  it("a path the spec does not have: Prism's 404 problem", async () => {
    const mock = await start();
    const answer = await send(mock, '/v2/nothing', user('a@example.org'));
    expect([answer.status, answer.headers.get('content-type')]).toEqual([404, 'application/problem+json']);
    expect(answer.body).toMatchObject({ type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR', status: 404 });
  });

  it('GET /__mock/fallbacks: the counts of the loud fallbacks (none on valid requests)', async () => {
    const mock = await start();
    await send(mock, USERS, user('a@example.org'));
    expect(await send(mock, '/__mock/fallbacks', { method: 'GET' })).toMatchObject({
      status: 200,
      body: { total: 0, fallbacks: {} },
    });
  });

  it('CORS: by default a page from loopback gets its allowance and a preflight is answered; cors: false answers none; corsOrigins lists the pages', async () => {
    const origin = 'http://localhost:5173';
    const preflight = { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } };
    const byDefault = await start();
    expect(
      (await send(byDefault, USERS, { ...user('a@example.org'), headers: { origin } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe(origin);
    expect((await send(byDefault, USERS, preflight)).status).toBe(204);
    const off = await start({ cors: false });
    const answer = await send(off, USERS, { ...user('a@example.org'), headers: { origin } });
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    const listed = await start({ corsOrigins: ['https://app.example'] });
    expect(
      (await send(listed, USERS, { ...user('a@example.org'), headers: { origin: 'https://app.example' } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe('https://app.example');
    expect((await send(listed, USERS, preflight)).status).toBe(403);
  });

  it('dynamic: the fields the request does not determine are generated, the same again for the same request', async () => {
    const mock = await start({ dynamic: true, seed: '42', stateless: true });
    const first = await send(mock, USERS, user('a@example.org'));
    expect(first.body).toMatchObject({ email: 'a@example.org' });
    expect((first.body as { id: string }).id).not.toBe(EXAMPLE_ID);
    expect((await send(mock, USERS, user('a@example.org'))).body).toEqual(first.body);
  });

  it("the log: at the default level (warn) a valid request writes nothing; at debug each request is logged to the stream given (Prism's mocker, with --dynamic, logs its headers), credentials and bodies never", async () => {
    const quiet = logLines();
    const byDefault = await start({ log: quiet.log });
    await send(byDefault, USERS, user('a@example.org'));
    expect(quiet.lines).toEqual([]);

    const { lines, log } = logLines();
    const mock = await start({ log, logLevel: 'debug', dynamic: true });
    await send(mock, USERS, {
      ...user('a@example.org', { password: 'secret-password' }),
      headers: { authorization: 'Bearer secret-token' },
    });
    expect(lines).toContain('mock: info [HTTP SERVER] POST /v2/system_users Request received');
    expect(lines.some((line) => line.includes('authorization: [redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes('secret-'))).toEqual([]);
  });

  it("an invalid request, which a tester sends on purpose: no line at the default level (warn); at info the validator's line, with the request's method and path, static or --dynamic (Prism's own mocker then)", async () => {
    for (const dynamic of [false, true]) {
      const quiet = logLines();
      const byDefault = await start({ log: quiet.log, dynamic });
      expect((await send(byDefault, USERS, { body: JSON.stringify({ email: 5 }) })).status).toBe(422);
      expect(quiet.lines, String(dynamic)).toEqual([]);

      const { lines, log } = logLines();
      const mock = await start({ log, dynamic, logLevel: 'info' });
      expect((await send(mock, USERS, { body: JSON.stringify({ email: 5 }) })).status).toBe(422);
      expect(lines, String(dynamic)).toContain(
        'mock: info [VALIDATOR] POST /v2/system_users Request did not pass the validation rules',
      );
      expect(lines.filter((line) => /^mock: (warn|error|fatal)/.test(line))).toEqual([]);
    }
  });

  it('a fallback still warns at the default level, with the request it fired on', async () => {
    const { lines, log } = logLines();
    const mock = await start({
      log,
      spec: fileURLToPath(new URL('../../fixtures/mock/reflection-breaks-response.json', import.meta.url)),
    });
    const answer = await send(mock, '/v2/things', { body: JSON.stringify({ name: 'abcdef' }) });
    expect(answer.headers.get('x-mock-fallback')).toBe('example');
    expect(lines).toEqual([
      expect.stringMatching(
        /^mock: warn \[FALLBACK\] POST \/v2\/things example: the reflected response is not valid, sending the example/,
      ),
    ]);
  });

  it('a failure on a request: 500 problem+json naming it, logged as an error; the mock goes on answering', async () => {
    let failing = true;
    const { lines, log } = logLines((line) => failing && line.includes('Request received'));
    const mock = await start({ log, logLevel: 'info' });
    const answer = await send(mock, USERS, user('a@example.org'));
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toEqual({
      type: 'MOCK_FAILURE',
      title: 'The mock failed on this request',
      status: 500,
      detail: 'the log is full',
    });
    expect(lines.filter((line) => line.startsWith('mock: error'))).toEqual([
      'mock: error [HTTP SERVER] POST /v2/system_users mock failure: Error: the log is full',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}at /));
    failing = false;
    expect((await send(mock, USERS, user('a@example.org'))).status).toBe(200);
  });

  it('a failure that is not an Error (a null thrown): named as it is', async () => {
    const lines: string[] = [];
    const write = (line: string): boolean => {
      if (line.includes('Request received')) throw null;
      lines.push(line);
      return true;
    };
    const mock = await start({ log: { write } as unknown as NodeJS.WritableStream, logLevel: 'info' });
    expect(await send(mock, USERS, user('a@example.org'))).toMatchObject({
      status: 500,
      body: { type: 'MOCK_FAILURE', detail: 'null' },
    });
    expect(lines).toContain('mock: error [HTTP SERVER] POST /v2/system_users mock failure: null\n');
  });
});
