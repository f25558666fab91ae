// Hostile responses to the client: a fake server on loopback answers every operation with non-JSON,
// truncated JSON, HTML error pages, wrong content types, 500s, empty bodies, connection resets,
// silence, a stalled body and a cross-origin redirect. For each, createApiClient either returns a
// typed error (`error` set, `data` not) or rejects with a clear Error; it never hangs, never hands
// back a body as data when there is none, and never lets a credential out: not in an error message,
// not in an error's JSON, not to another origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails, type Credentials } from '../../src/index.js';
import { announce } from '../support/fuzz-config.js';
import { callOperation, closeFake, fakeServer, type Fake, type Handler, type Outcome } from '../support/fake-server.js';
import { exposedText, leakedFragment } from '../support/leaks.js';
import { credentialOf, everyCredential, operations, type Operation } from '../support/operations.js';
import { validSample } from '../support/samples.js';

announce('test/fuzz/hostile-responses.test.ts');

let fake: Fake;
let elsewhere: Fake;
beforeAll(async () => {
  fake = await fakeServer();
  elsewhere = await fakeServer();
});
afterAll(async () => {
  await closeFake(fake);
  await closeFake(elsewhere);
});

const HANG_LIMIT_MS = 5_000;

function call(
  op: Operation,
  options: { auth?: Credentials; timeoutMs?: number; wrapFetch?: boolean } = {},
): Promise<Outcome> {
  const { auth = everyCredential, timeoutMs, wrapFetch } = options;
  const client = createApiClient({
    baseUrl: fake.url,
    auth,
    ...(wrapFetch && timeoutMs !== undefined
      ? { fetch: (request: Request) => fetch(request, { signal: AbortSignal.timeout(timeoutMs) }) }
      : {}),
  });
  const signal = timeoutMs !== undefined && !wrapFetch ? AbortSignal.timeout(timeoutMs) : undefined;
  return callOperation(client, op, validSample(op, 'responses'), signal, HANG_LIMIT_MS);
}

interface Scenario {
  name: string;
  handler: Handler;
  options?: { timeoutMs?: number; wrapFetch?: boolean };
  /** Extra check on the outcome. */
  expectName?: string;
}

const jsonHeaders = { 'content-type': 'application/json' };
const scenarios: Scenario[] = [
  {
    name: '200 with a plain-text body',
    handler: (_q, s) => s.writeHead(200, { 'content-type': 'text/plain' }).end('OK'),
  },
  {
    name: '200 with truncated JSON (application/json)',
    handler: (_q, s) => s.writeHead(200, jsonHeaders).end('{"data": {"id": "5c2e8f1a-9b3d'),
  },
  {
    name: '200 with an HTML error page (text/html)',
    handler: (_q, s) =>
      s.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Service Unavailable</h1></body></html>'),
  },
  {
    name: '200 labelled application/json carrying HTML',
    handler: (_q, s) => s.writeHead(200, jsonHeaders).end('<!DOCTYPE html><html><body>Gateway</body></html>'),
  },
  {
    name: '200 with an empty body (Content-Length: 0)',
    handler: (_q, s) => s.writeHead(200, { ...jsonHeaders, 'content-length': '0' }).end(),
  },
  { name: '200 with an empty chunked body', handler: (_q, s) => s.writeHead(200, jsonHeaders).end() },
  {
    name: '200 whose body echoes the credential header (a reflecting proxy)',
    handler: (q, s) =>
      s
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(String(q.headers['service-ao-api-key'] ?? q.headers['service-api-key'] ?? q.headers.authorization ?? '')),
  },
  {
    name: '502 with an HTML error page',
    handler: (_q, s) =>
      s.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>'),
  },
  {
    name: '500 with a JSON body',
    handler: (_q, s) => s.writeHead(500, jsonHeaders).end('{"detail":"Internal Server Error"}'),
  },
  {
    name: '500 with an empty body (Content-Length: 0)',
    handler: (_q, s) => s.writeHead(500, { 'content-length': '0' }).end(),
  },
  {
    name: '503 with a plain-text body',
    handler: (_q, s) => s.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('try later'),
  },
  {
    name: '422 whose body is not a validation error',
    handler: (_q, s) => s.writeHead(422, jsonHeaders).end('{"error":"bad"}'),
  },
  { name: 'connection reset before any response', handler: (q) => q.socket.resetAndDestroy() },
  {
    name: 'connection reset in the middle of the body',
    handler: (q, s) => {
      s.writeHead(200, { ...jsonHeaders, 'content-length': '1000' });
      s.write('{"data": {"id": "');
      setTimeout(() => q.socket.resetAndDestroy(), 20);
    },
  },
  {
    name: 'no answer at all, AbortSignal.timeout(300) as the signal option',
    handler: () => undefined,
    options: { timeoutMs: 300 },
    expectName: 'TimeoutError',
  },
  {
    name: 'no answer at all, AbortSignal.timeout(300) in a fetch wrapper',
    handler: () => undefined,
    options: { timeoutMs: 300, wrapFetch: true },
    expectName: 'TimeoutError',
  },
  {
    name: 'headers, then the body stalls past AbortSignal.timeout(300)',
    handler: (_q, s) => {
      s.writeHead(200, { ...jsonHeaders, 'content-length': '100' });
      s.write('{"data": ');
    },
    options: { timeoutMs: 300 },
    expectName: 'TimeoutError',
  },
];

/** What is wrong with an outcome, or undefined when it is a typed error or a clear rejection. */
function judge(scenario: Scenario, outcome: Outcome): string | undefined {
  if (outcome.kind === 'hung') return `hung for ${HANG_LIMIT_MS} ms`;
  if (outcome.kind === 'resolved') {
    if (outcome.data !== undefined)
      return `resolved with data from a ${outcome.status} that carries none a client can use`;
    if (outcome.error === undefined)
      return `resolved with neither data nor error (status ${outcome.status}): a caller checking \`if (error)\` takes it for success`;
    if (outcome.status !== 422 && validationDetails(outcome.error).length > 0)
      return 'a non-422 read as a validation error';
    if (scenario.expectName)
      return `resolved (status ${outcome.status}) instead of rejecting with ${scenario.expectName}`;
  }
  if (outcome.kind === 'rejected') {
    if (!(outcome.thrown instanceof Error)) return `rejected with a non-Error: ${String(outcome.thrown)}`;
    if (outcome.thrown.message.length === 0) return 'rejected with an empty message';
    if (scenario.expectName && outcome.thrown.name !== scenario.expectName)
      return `rejected with ${outcome.thrown.name}, not ${scenario.expectName}`;
    if (scenario.options?.timeoutMs && outcome.ms > scenario.options.timeoutMs + 2_000)
      return `the timeout stopped the call only after ${outcome.ms} ms`;
  }
  const text = exposedText(outcome.kind === 'rejected' ? outcome.thrown : outcome.error);
  const leak = leakedFragment(text);
  if (leak) return `a credential leaks through the client's error: ${leak}: ${text.slice(0, 300)}`;
  return undefined;
}

function summary(outcome: Outcome): string {
  if (outcome.kind === 'hung') return 'hung';
  if (outcome.kind === 'rejected')
    return `rejected ${(outcome.thrown as Error)?.name}: ${(outcome.thrown as Error)?.message}`;
  return `resolved status ${outcome.status}, data ${JSON.stringify(outcome.data)?.slice(0, 60)}, error ${JSON.stringify(outcome.error)?.slice(0, 60)}`;
}

describe('hostile responses: every operation gets a typed error or a clear rejection, promptly, with no credential in it', () => {
  it.each(scenarios.map((s) => [s.name, s] as [string, Scenario]))('%s', async (_name, scenario) => {
    fake.handler = scenario.handler;
    // The operations run at once: a hang or a timeout costs the time of one.
    const outcomes = await Promise.all(
      operations.map(async (op) => [op.id, await call(op, scenario.options)] as const),
    );
    const problems = outcomes.flatMap(([id, outcome]) => {
      const problem = judge(scenario, outcome);
      return problem ? [`${id}: ${problem} [${summary(outcome)}]`] : [];
    });
    expect(problems).toEqual([]);
  });
});

describe('a redirect to another origin', () => {
  it.each(operations.map((op) => [op.id, op] as [string, Operation]))(
    '%s: the credential is not sent to the other origin',
    async (_id, op) => {
      elsewhere.seen.length = 0;
      elsewhere.handler = (_q, s) => s.writeHead(200, jsonHeaders).end('{}');
      // Another origin on loopback: same host, another port.
      fake.handler = (q, s) => s.writeHead(307, { location: `${elsewhere.url}${q.url}` }).end();
      const outcome = await call(op);
      expect(outcome.kind).not.toBe('hung');
      const forwarded = elsewhere.seen.map((headers) => leakedFragment(JSON.stringify(headers))).filter(Boolean);
      expect(forwarded, `the credential was forwarded to ${elsewhere.url}: ${JSON.stringify(elsewhere.seen)}`).toEqual(
        [],
      );
    },
  );

  it.each(Object.entries(credentialOf))('%s alone: not forwarded across origins either', async (_scheme, auth) => {
    const op = operations.find((o) => o.schemes.includes(_scheme as never))!;
    elsewhere.seen.length = 0;
    elsewhere.handler = (_q, s) => s.writeHead(200, jsonHeaders).end('{}');
    fake.handler = (q, s) => s.writeHead(307, { location: `${elsewhere.url}${q.url}` }).end();
    await call(op, { auth });
    const forwarded = elsewhere.seen.map((headers) => leakedFragment(JSON.stringify(headers))).filter(Boolean);
    expect(forwarded, `the credential was forwarded to ${elsewhere.url}: ${JSON.stringify(elsewhere.seen)}`).toEqual(
      [],
    );
  });
});
