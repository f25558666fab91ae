// Scenarios (src/mock/scenarios/store.ts) through what users call: createMock's `use`, `scenarios`,
// `requests`, `waitFor` and `reset`; the HTTP door's /__mock/scenarios; and the run-wide chaos.
// Each field of a scenario, the check against the spec (ScenarioError, the 400 over HTTP),
// sessions, `times`, the rule for invalid requests, aborts during a delay and a hang, fake timers,
// and the same answers through both doors. MSW's door runs the shared scenario
// (test/ecosystem/msw/scenario.ts, from test/unit/mock/msw.test.ts).
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isHTTPValidationError } from '../../../src/index.js';
import {
  ConnectionResetError,
  MockOptionError,
  ScenarioError,
  UnknownOperationError,
  WaitForTimeoutError,
  type Mock,
  type Scenario,
} from '../../../src/mock/index.js';
import { createTestMock, startTestMock, type TestMock } from '../../support/in-process.js';

const BASE = 'https://api.example.test';
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const OTHER_PROJECT = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const SCORER = '9a7c3e15-2b8d-4c6f-a041-7e5d3b9c1f28';
const TRACES = (project = PROJECT) => `/v2/projects/${project}/traces`;
const VALID_TRACES = { traces: [{ type: 'trace', name: 'chat', spans: [] }] };
const KEY = { 'service-ao-api-key': 'test-key' };

/** A POST of `body` as JSON with an API key. */
const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...KEY, ...headers },
  body: JSON.stringify(body),
  ...(signal ? { signal } : {}),
});
const luna3 = (mock: Mock, headers: Record<string, string> = {}) =>
  mock.fetch(`${BASE}/v2/scorers/${SCORER}/version/luna3`, post({}, headers));
const traces = (mock: Mock, init: RequestInit = post(VALID_TRACES), project = PROJECT) =>
  mock.fetch(`${BASE}${TRACES(project)}`, init);
/** What a ScenarioError (or anything else) thrown by `run` says. */
function violationsOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof ScenarioError) return error.violations;
    throw error;
  }
  throw new Error('no ScenarioError');
}

describe('in-process: a status, its headers and its body', () => {
  let mock: Mock & { log(): string };
  beforeEach(async () => {
    mock = await createTestMock({ logLevel: 'warn' });
  });
  afterEach(() => mock.reset());

  it('an undocumented status with its headers, once (times: 1): a problem+json saying it is outside the contract; then the contract answers again', async () => {
    mock.use({ operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 });
    expect(mock.scenarios()).toEqual([
      { index: 0, operation: 'logTraces', status: 503, documented: false, headers: { 'Retry-After': '2' }, left: 1 },
    ]);
    const first = await traces(mock);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.headers.get('content-type')).toBe('application/problem+json');
    expect(first.headers.get('x-mock-scenario')).toBe('0 logTraces outside-contract');
    expect(await first.json()).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail:
        'Service Unavailable, answered by mock scenario 0: logTraces does not document 503, so this answer is outside the contract.',
    });
    expect(mock.scenarios()).toEqual([]);
    const second = await traces(mock);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-mock-scenario')).toBeNull();
    expect(mock.requests('logTraces').map((r) => [r.status, r.scenario, r.outsideContract])).toEqual([
      [503, { index: 0, operation: 'logTraces' }, true],
      [200, null, false],
    ]);
    // The log says it too, with the request's method and path.
    expect(mock.log()).toContain(
      `POST ${TRACES()} answered 503 by scenario 0, outside the contract: logTraces does not document 503`,
    );
  });

  it("a status answers valid requests only: an invalid request keeps the contract's 422 (or 401), and does not use the scenario up", async () => {
    mock.use({ operation: 'logTraces', status: 500, times: 1 });
    const invalid = await traces(mock, post({ traces: [] }));
    expect(invalid.status).toBe(422);
    const unauthenticated = await traces(mock, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_TRACES),
    });
    expect(unauthenticated.status).toBe(401);
    expect(mock.scenarios()).toMatchObject([{ index: 0, left: 1 }]);
    expect((await traces(mock)).status).toBe(500);
    expect(mock.requests('logTraces').map((r) => [r.valid, r.status, r.scenario])).toEqual([
      [false, 422, null],
      [false, 401, null],
      [true, 500, { index: 0, operation: 'logTraces' }],
    ]);
  });

  it('a documented status with a body of its schema: answered as given, as JSON, inside the contract', async () => {
    const body = { traces_count: 3, records_count: 7, trace_ids: [], project_id: PROJECT };
    mock.use({ operation: 'logTraces', status: 200, body });
    const response = await traces(mock);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-mock-scenario')).toBe('0 logTraces');
    expect(await response.json()).toEqual(body);
    expect(mock.requests('logTraces')[0]).toMatchObject({ status: 200, outsideContract: false });
  });

  it("a documented status without a body: the spec's example (a 422: a valid HTTPValidationError)", async () => {
    mock.use({ operation: 'createLuna3ScorerVersion', status: 422 });
    const response = await luna3(mock);
    expect(response.status).toBe(422);
    const body: unknown = await response.json();
    expect(isHTTPValidationError(body)).toBe(true);
    expect((body as { detail: unknown[] }).detail.length).toBeGreaterThan(0);
  });

  it('a body of the wrong shape for a documented status: ScenarioError, synchronously, with the pointer and reason of each violation; nothing is added', () => {
    const wrong = {
      operation: 'logTraces',
      status: 200,
      body: { traces_count: 'three', trace_ids: 42 },
    } as unknown as Scenario;
    expect(() => mock.use({ operation: 'logTraces', status: 503 }, wrong)).toThrow(ScenarioError);
    expect(violationsOf(() => mock.use(wrong))).toEqual([
      { pointer: '/0/body/traces_count', reason: expect.stringContaining('must be integer') },
      { pointer: '/0/body/trace_ids', reason: expect.stringContaining('must be array') },
    ]);
    expect(mock.scenarios()).toEqual([]);
  });

  it('an undocumented status with a body of any JSON, or a text body with a Content-Type that is not JSON', async () => {
    mock.use(
      { operation: 'logTraces', status: 429, body: { detail: 'slow down' }, times: 1 },
      { operation: 'logTraces', status: 502, body: '<h1>Bad gateway</h1>', headers: { 'content-type': 'text/html' } },
    );
    const limited = await traces(mock);
    expect([limited.status, limited.headers.get('content-type'), await limited.text()]).toEqual([
      429,
      'application/json',
      '{"detail":"slow down"}',
    ]);
    const html = await traces(mock);
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([
      502,
      'text/html',
      '<h1>Bad gateway</h1>',
    ]);
  });

  it("an undocumented status without a body: its problem+json is titled by HTTP's name for it, or by its number", async () => {
    mock.use({ operation: 'logTraces', status: 429, times: 1 }, { operation: 'logTraces', status: 599, times: 1 });
    expect(await (await traces(mock)).json()).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(await (await traces(mock)).json()).toEqual({
      type: 'about:blank',
      title: 'HTTP 599',
      status: 599,
      detail:
        'HTTP 599, answered by mock scenario 1: logTraces does not document 599, so this answer is outside the contract.',
    });
  });

  it('a status answers without changing the state: after a 503, the first Luna3 version is still 1', async () => {
    mock.use({ operation: 'createLuna3ScorerVersion', status: 503, times: 1 });
    expect((await luna3(mock)).status).toBe(503);
    expect(await (await luna3(mock)).json()).toMatchObject({ version: 1 });
  });
});

describe('in-process: which requests, how often, in which session', () => {
  let mock: Mock;
  beforeEach(async () => {
    mock = await createTestMock();
  });
  afterEach(() => mock.reset());

  it('match.path: only the requests with those path parameters', async () => {
    mock.use({ operation: 'logTraces', match: { path: { project_id: OTHER_PROJECT } }, status: 404 });
    expect((await traces(mock)).status).toBe(200);
    expect((await traces(mock, post(VALID_TRACES), OTHER_PROJECT)).status).toBe(404);
  });

  it('match.query: only the requests with that query parameter (any of its values)', async () => {
    mock.use({ operation: 'createOrVerifyUser', match: { query: { invite: 'x' } }, status: 409 });
    const user = (query: string) => mock.fetch(`${BASE}/v2/system_users${query}`, post({ email: 'ada@example.org' }));
    expect((await user('?invite=y')).status).toBe(200);
    expect((await user('?invite=y&invite=x')).status).toBe(409);
  });

  it('match as a function of the typed request (in-process), asked of valid requests for a status (an invalid one keeps its 422)', async () => {
    const seen: unknown[] = [];
    mock.use({
      operation: 'logTraces',
      match: (request) => {
        seen.push(request.valid ? request.body?.traces.length : 'invalid');
        return request.valid && (request.body?.traces.length ?? 0) > 1;
      },
      status: 413,
    });
    expect((await traces(mock)).status).toBe(200);
    expect((await traces(mock, post({ traces: [VALID_TRACES.traces[0], VALID_TRACES.traces[0]] }))).status).toBe(413);
    expect((await traces(mock, post({ traces: 'none' }))).status).toBe(422);
    expect(seen).toEqual([1, 2]);
  });

  it('times: used up after that many requests, counted down in the listing; the first that applies wins, in the order given', async () => {
    mock.use(
      { operation: 'logTraces', status: 503, times: 2 },
      { operation: 'logTraces', status: 500, times: 1 },
      { operation: 'createOrVerifyUser', status: 403 },
    );
    expect((await traces(mock)).status).toBe(503);
    expect(mock.scenarios().map((s) => [s.index, s.left])).toEqual([
      [0, 1],
      [1, 1],
      [2, null],
    ]);
    expect((await traces(mock)).status).toBe(503);
    expect((await traces(mock)).status).toBe(500);
    expect((await traces(mock)).status).toBe(200);
    expect(mock.scenarios().map((s) => s.index)).toEqual([2]);
  });

  it('sessions: a scenario applies to its session only (default: `default`); reset() forgets every one, and the numbering starts again', async () => {
    mock.use({ operation: 'logTraces', status: 503, session: 'qa' });
    expect((await traces(mock)).status).toBe(200);
    expect((await traces(mock, post(VALID_TRACES, { 'x-mock-session': 'qa' }))).status).toBe(503);
    expect(mock.scenarios('qa')).toMatchObject([{ index: 0 }]);
    mock.use({ operation: 'logTraces', status: 500, session: 'qa' });
    expect(mock.scenarios('qa').map((s) => s.index)).toEqual([0, 1]);
    mock.reset();
    expect(mock.scenarios('qa')).toEqual([]);
    expect((await traces(mock, post(VALID_TRACES, { 'x-mock-session': 'qa' }))).status).toBe(200);
    mock.use({ operation: 'logTraces', status: 500, session: 'qa' });
    expect(mock.scenarios('qa').map((s) => s.index)).toEqual([0]);
  });

  it('a session is a name of 1 to 200 characters; a documented status takes only a JSON Content-Type', () => {
    const reason = 'session must be a name of 1 to 200 characters';
    expect(violationsOf(() => mock.use({ operation: 'logTraces', status: 503, session: '' }))).toEqual([
      { pointer: '/0/session', reason },
    ]);
    expect(violationsOf(() => mock.use({ operation: 'logTraces', status: 503, session: 'x'.repeat(201) }))).toEqual([
      { pointer: '/0/session', reason },
    ]);
    mock.use({ operation: 'logTraces', status: 503, session: 'x'.repeat(200) });
    expect(mock.scenarios('x'.repeat(200))).toHaveLength(1);
    const body = { traces_count: 1, records_count: 1, trace_ids: [], project_id: PROJECT };
    expect(
      violationsOf(() =>
        mock.use({ operation: 'logTraces', status: 200, body, headers: { 'Content-Type': 'text/plain' } }),
      ),
    ).toEqual([{ pointer: '/0/headers/content-type', reason: 'logTraces documents 200 as application/json' }]);
    mock.use({
      operation: 'logTraces',
      status: 200,
      body,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(mock.scenarios()).toMatchObject([
      { status: 200, documented: true, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    ]);
  });

  it('every field is checked: each violation has its pointer and reason, and none of the scenarios is added', () => {
    const given = [
      { operation: 'deleteEverything', status: 503 },
      { operation: 'logTraces' },
      { operation: 'logTraces', status: 99 },
      { operation: 'logTraces', fault: 'reset', status: 503 },
      { operation: 'logTraces', fault: 'explode' },
      { operation: 'logTraces', delay: -1 },
      { operation: 'logTraces', delay: [300, 50] },
      { operation: 'logTraces', status: 503, times: 0 },
      {
        operation: 'logTraces',
        status: 503,
        headers: { 'content-length': '5', 'bad name': 'x', 'x-ok': 'line\nbreak' },
      },
      { operation: 'logTraces', status: 503, match: { path: { run_id: 'x' }, body: {} } },
      { operation: 'logTraces', body: {}, color: 'red' },
    ] as unknown as Scenario[];
    expect(violationsOf(() => mock.use(...given))).toEqual([
      {
        pointer: '/0/operation',
        reason: expect.stringMatching(/^operation must be an operationId of the spec: .*logTraces/),
      },
      { pointer: '/1', reason: 'a scenario needs a status, a fault or a delay' },
      { pointer: '/2/status', reason: 'status must be a whole number from 200 to 599' },
      { pointer: '/3/fault', reason: 'a fault has no status, body or headers: nothing is answered' },
      { pointer: '/4/fault', reason: 'fault must be "reset" or "hang"' },
      { pointer: '/5/delay', reason: 'delay must be milliseconds from 0 to 600000, or [min, max] with min ≤ max' },
      { pointer: '/6/delay', reason: 'delay must be milliseconds from 0 to 600000, or [min, max] with min ≤ max' },
      { pointer: '/7/times', reason: 'times must be a whole number of at least 1' },
      { pointer: '/8/headers/content-length', reason: 'the mock frames the answer itself: this header cannot be set' },
      { pointer: '/8/headers/bad name', reason: 'not a header name' },
      {
        pointer: '/8/headers/x-ok',
        reason: 'a header value must be a string without CR, LF or other control characters',
      },
      { pointer: '/9/match/body', reason: 'unknown field "body" (known: path, query)' },
      { pointer: '/9/match/path/run_id', reason: 'not a path parameter of logTraces (it has project_id)' },
      { pointer: '/10/color', reason: expect.stringMatching(/^unknown field "color"/) },
      { pointer: '/10', reason: 'a scenario needs a status, a fault or a delay' },
      { pointer: '/10/body', reason: 'a body or headers need a status' },
    ]);
    expect(() => mock.use(...given)).toThrow(/^invalid scenario: \/0\/operation: operation must be/);
    expect(mock.scenarios()).toEqual([]);
  });
});

describe('in-process: delays and faults', () => {
  let mock: Mock;
  beforeEach(async () => {
    mock = await createTestMock();
  });
  afterEach(() => {
    vi.useRealTimers();
    mock.reset();
  });

  it('reset: mock.fetch rejects with a TypeError whose cause is an ECONNRESET, as fetch does; the journal says so and nothing is stored', async () => {
    mock.use({ operation: 'createOrVerifyUser', fault: 'reset', times: 1 });
    const user = () => mock.fetch(`${BASE}/v2/system_users`, post({ email: 'ada@example.org' }));
    const dropped = await user().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(dropped).toBeInstanceOf(TypeError);
    expect((dropped as TypeError).message).toBe('fetch failed');
    expect((dropped as TypeError).cause).toBeInstanceOf(ConnectionResetError);
    expect((dropped as TypeError & { cause: Error }).cause.name).toBe('ConnectionResetError');
    expect((dropped as TypeError & { cause: Error }).cause.message).toBe(
      "the mock dropped the connection (a scenario's reset fault)",
    );
    expect((dropped as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNRESET');
    expect(await (await user()).json()).toMatchObject({ role: 'system_admin' });
    expect(mock.requests('createOrVerifyUser').map((r) => [r.status, r.unanswered])).toEqual([
      [null, 'reset'],
      [200, null],
    ]);
  });

  it('a fault applies to invalid requests too: the connection drops before anything is checked', async () => {
    mock.use({ operation: 'logTraces', fault: 'reset' });
    await expect(traces(mock, post({ traces: [] }))).rejects.toThrow(TypeError);
  });

  it("delay: the contract's answer after it, labelled; a range draws from the seed", async () => {
    mock.use({ operation: 'logTraces', delay: 120, times: 1 }, { operation: 'logTraces', delay: [30, 60], times: 1 });
    let start = performance.now();
    const late = await traces(mock);
    expect(performance.now() - start).toBeGreaterThanOrEqual(115);
    expect([late.status, late.headers.get('x-mock-scenario')]).toEqual([200, '0 logTraces']);
    start = performance.now();
    expect((await traces(mock)).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });

  it('a delay before a status or a fault', async () => {
    mock.use(
      { operation: 'logTraces', delay: 50, status: 504, times: 1 },
      { operation: 'logTraces', delay: 50, fault: 'reset' },
    );
    const start = performance.now();
    expect((await traces(mock)).status).toBe(504);
    await expect(traces(mock)).rejects.toThrow(TypeError);
    expect(performance.now() - start).toBeGreaterThanOrEqual(95);
  });

  it("the caller's AbortSignal ends a delay at once: the call rejects with its reason, and the journal says it was aborted", async () => {
    mock.use({ operation: 'logTraces', delay: 60_000 });
    const controller = new AbortController();
    const start = performance.now();
    const call = traces(mock, post(VALID_TRACES, {}, controller.signal));
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - start).toBeLessThan(5_000);
    expect(mock.requests('logTraces')).toMatchObject([{ status: null, unanswered: 'aborted', scenario: { index: 0 } }]);
  });

  it('hang: no answer until the caller aborts; an AbortSignal.timeout rejects with its TimeoutError', async () => {
    mock.use({ operation: 'createLuna3ScorerVersion', fault: 'hang' });
    const call = mock.fetch(`${BASE}/v2/scorers/${SCORER}/version/luna3`, {
      ...post({}),
      signal: AbortSignal.timeout(50),
    });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(mock.requests('createLuna3ScorerVersion')).toMatchObject([{ status: null, unanswered: 'aborted' }]);
  });

  it('a request already aborted is not answered', async () => {
    await expect(traces(mock, post(VALID_TRACES, {}, AbortSignal.abort()))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('under fake timers, advancing them past a delay ends it at once', async () => {
    vi.useFakeTimers();
    mock.use({ operation: 'logTraces', delay: 30_000 });
    const start = Date.now();
    const call = traces(mock);
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await call).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(30_000);
  });

  it('under fake timers never advanced, a delay still ends after its real time: it never hangs', async () => {
    const realNow = performance.now.bind(performance);
    vi.useFakeTimers();
    mock.use({ operation: 'logTraces', delay: 80 });
    const start = realNow();
    expect((await traces(mock)).status).toBe(200);
    expect(realNow() - start).toBeGreaterThanOrEqual(70);
  });
});

describe('in-process: the typed journal', () => {
  let mock: Mock;
  beforeEach(async () => {
    mock = await createTestMock();
  });
  afterEach(() => mock.reset());

  it("requests(operation): that operation's entries, its path parameters and body (a session's with `session`)", async () => {
    await traces(mock);
    await traces(mock, post({ traces: 'none' }, { 'x-mock-session': 'qa' }));
    await luna3(mock);
    const sent = mock.requests('logTraces');
    expect(sent.map((r) => [r.session, r.valid, r.pathParams.project_id])).toEqual([
      ['default', true, PROJECT],
      ['qa', false, PROJECT],
    ]);
    const [first] = sent;
    expect(first?.valid && first.body?.traces[0]?.name).toBe('chat');
    expect(mock.requests('logTraces', { session: 'qa' })).toMatchObject([{ body: { traces: 'none' } }]);
    expect(mock.requests('createOrVerifyUser')).toEqual([]);
  });

  it('waitFor: resolves once that many requests of the operation arrived, even sent later', async () => {
    const waiting = mock.waitFor('logTraces', { count: 2 });
    await traces(mock);
    setTimeout(() => void traces(mock), 10);
    expect((await waiting).map((r) => r.status)).toEqual([200, 200]);
    expect(await mock.waitFor('logTraces')).toHaveLength(2);
  });

  it('waitFor: rejects after its timeout, listing what did arrive', async () => {
    await luna3(mock);
    await traces(mock);
    const error = await mock.waitFor('logTraces', { count: 3, timeout: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect((error as Error).message).toBe(
      `waitFor('logTraces'): 1 of 3 requests arrived in 50 ms; the mock received 2: POST /v2/scorers/${SCORER}/version/luna3 (createLuna3ScorerVersion) 200; POST ${TRACES()} (logTraces) 200`,
    );
  });
});

describe('in-process: an operation the spec does not have (JavaScript, no compiler)', () => {
  it('requests() throws and waitFor() rejects at once, with UnknownOperationError naming it and the known ones', async () => {
    const mock = await createTestMock();
    const ask = mock as unknown as { requests(op: string): unknown; waitFor(op: string, o?: object): Promise<unknown> };
    const thrown = (() => {
      try {
        ask.requests('logTrace');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(UnknownOperationError);
    expect(thrown).toMatchObject({ name: 'UnknownOperationError', operation: 'logTrace' });
    expect((thrown as Error).message).toMatch(
      /^requests\("logTrace"\): not an operationId of the spec \(known: .*\blogTraces\b.*\)$/,
    );
    const started = Date.now();
    const rejected = await ask.waitFor('logTrace', { timeout: 60_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(rejected).toBeInstanceOf(UnknownOperationError);
    expect((rejected as Error).message).toMatch(/^waitFor\("logTrace"\): not an operationId of the spec/);
    expect((rejected as UnknownOperationError).known).toContain('createOrVerifyUser');
  });
});

describe("WaitForTimeoutError: what waitFor's message lists", () => {
  const entry = (operationId: string | null, status: number | null = 200) =>
    ({ method: 'POST', path: '/p', operationId, status, unanswered: status === null ? 'reset' : null }) as never;

  it('how many of the operation arrived among what the mock received, each with its operation (or none) and status', () => {
    const error = new WaitForTimeoutError('a', 3, [entry('a'), entry(null, 404), entry('a', null), entry('b')], 50);
    expect([error.name, error.operation, error.wanted, error.received.length]).toEqual([
      'WaitForTimeoutError',
      'a',
      3,
      4,
    ]);
    expect(error.message).toBe(
      "waitFor('a'): 2 of 3 requests arrived in 50 ms; the mock received 4: POST /p (a) 200; POST /p (no operation) 404; POST /p (a) reset; POST /p (b) 200",
    );
  });

  it('nothing received says so; past 20, the last 20 are listed', () => {
    expect(new WaitForTimeoutError('a', 1, [], 10).message).toBe(
      "waitFor('a'): 0 of 1 requests arrived in 10 ms; the mock received nothing",
    );
    const twenty = Array.from({ length: 20 }, () => entry('b'));
    expect(new WaitForTimeoutError('a', 1, twenty, 10).message).toBe(
      `waitFor('a'): 0 of 1 requests arrived in 10 ms; the mock received 20: ${Array(20).fill('POST /p (b) 200').join('; ')}`,
    );
    expect(new WaitForTimeoutError('a', 1, [entry('a'), ...twenty], 10).message).toBe(
      `waitFor('a'): 1 of 1 requests arrived in 10 ms; the mock received 21, the last 20: ${Array(20).fill('POST /p (b) 200').join('; ')}`,
    );
  });
});

describe('run-wide chaos', () => {
  it('faults: that share of requests gets a 503 or a dropped connection, the same ones for the same seed', async () => {
    const outcomes = async (seed: string) => {
      const mock = await createTestMock({ faults: 0.5, seed });
      const seen: (number | string)[] = [];
      for (let i = 0; i < 20; i++)
        seen.push(
          await luna3(mock).then(
            (r) => r.status,
            () => 'reset',
          ),
        );
      return { seen, journal: mock.received };
    };
    const [a, b, c] = [await outcomes('one'), await outcomes('one'), await outcomes('two')];
    expect(a.seen).toEqual(b.seen);
    expect(a.seen).not.toEqual(c.seen);
    expect(new Set(a.seen)).toEqual(new Set([200, 503, 'reset']));
    expect(a.journal.filter((r) => r.status === 503).every((r) => r.scenario === 'chaos' && r.outsideContract)).toBe(
      true,
    );
    expect(a.journal.filter((r) => r.status === 200).every((r) => r.scenario === null)).toBe(true);
  });

  it('latency: every request waits a time in the range', async () => {
    const mock = await createTestMock({ latency: [40, 50] });
    const start = performance.now();
    await luna3(mock);
    expect(performance.now() - start).toBeGreaterThanOrEqual(35);
    expect(mock.received[0]?.scenario).toBe('chaos');
  });

  it('settings out of range are refused when the mock is made; the bounds themselves are taken', async () => {
    const rule = 'latency must be milliseconds from 0 to 600000, or a range [min, max] of them with min ≤ max';
    for (const faults of [2, -0.1, 1.01])
      await expect(createTestMock({ faults })).rejects.toThrow(
        new MockOptionError('faults', `faults must be a share from 0 to 1 (e.g. 0.05), got ${faults}`),
      );
    for (const latency of [[5, 1], -1, 600_001, 1.5, [0, 600_001], [1, 2, 3]] as never[])
      await expect(createTestMock({ latency })).rejects.toThrow(rule);
    for (const settings of [
      { faults: 0 },
      { faults: 1 },
      { latency: 0 },
      { latency: 600_000 },
      { latency: [3, 3] as [number, number] },
    ])
      await expect(createTestMock(settings)).resolves.toBeDefined();
  });

  it("a chaos 503 is a problem+json saying it comes from the run-wide chaos, labelled 'chaos outside-contract'", async () => {
    const mock = await createTestMock({ faults: 1, seed: 'chaos' });
    let answer: Response | undefined;
    for (let i = 0; i < 20 && !answer; i++) answer = await luna3(mock).catch(() => undefined);
    expect(answer?.status).toBe(503);
    expect(answer?.headers.get('retry-after')).toBe('1');
    expect(answer?.headers.get('x-mock-scenario')).toBe('chaos outside-contract');
    expect(await answer?.json()).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail:
        "Service Unavailable, answered by the mock's run-wide chaos (--faults): createLuna3ScorerVersion does not document 503, so this answer is outside the contract.",
    });
  });
});

describe('over HTTP: /__mock/scenarios, and the same answers as in-process', () => {
  let http: TestMock;
  let local: Mock;
  beforeAll(async () => {
    [http, local] = await Promise.all([startTestMock(), createTestMock()]);
  });
  afterAll(async () => http?.stop());
  afterEach(async () => {
    local.reset();
    await fetch(`${http.baseUrl}/__mock/reset`, { method: 'POST' });
    await fetch(`${http.baseUrl}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'qa' } });
  });

  /** The same request through both doors: status, headers that matter and body bytes. */
  async function both(target: string, init: RequestInit): Promise<[string, string]> {
    const show = async (response: Response) =>
      JSON.stringify([
        response.status,
        response.headers.get('content-type'),
        response.headers.get('retry-after'),
        response.headers.get('x-mock-scenario'),
        await response.text(),
      ]);
    return [await show(await fetch(http.baseUrl + target, init)), await show(await local.fetch(BASE + target, init))];
  }
  const scenarios = (body: unknown, session?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-mock-session': session } : {}) },
    body: JSON.stringify(body),
  });

  it("POST adds to the session's scenarios and lists them; GET lists them; DELETE clears them: byte-identical to the in-process door", async () => {
    const given = {
      scenarios: [
        { operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 },
        { operation: 'createOrVerifyUser', delay: 10 },
      ],
    };
    const [added, addedLocally] = await both('/__mock/scenarios', scenarios(given, 'qa'));
    expect(added).toBe(addedLocally);
    expect(JSON.parse(added)[4]).toBe(
      JSON.stringify({
        session: 'qa',
        scenarios: [
          {
            index: 0,
            operation: 'logTraces',
            status: 503,
            documented: false,
            headers: { 'Retry-After': '2' },
            left: 1,
          },
          { index: 1, operation: 'createOrVerifyUser', delay: 10, left: null },
        ],
      }),
    );
    const [listed, listedLocally] = await both('/__mock/scenarios', { headers: { 'x-mock-session': 'qa' } });
    expect(listed).toBe(listedLocally);
    expect(JSON.parse(JSON.parse(listed)[4])).toMatchObject({ session: 'qa', scenarios: [{ index: 0 }, { index: 1 }] });
    expect(await (await fetch(`${http.baseUrl}/__mock/scenarios`)).json()).toEqual({
      session: 'default',
      scenarios: [],
    });
    const [cleared, clearedLocally] = await both('/__mock/scenarios', {
      method: 'DELETE',
      headers: { 'x-mock-session': 'qa' },
    });
    expect(cleared).toBe(clearedLocally);
    expect(JSON.parse(JSON.parse(cleared)[4])).toEqual({ session: 'qa', scenarios: [] });
  });

  it('the scenarios answer alike through both doors: an undocumented status, a chosen documented body, the 422 example, the contract after `times`', async () => {
    const given = {
      scenarios: [
        { operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 },
        {
          operation: 'logTraces',
          status: 200,
          body: { traces_count: 1, records_count: 1, trace_ids: [], project_id: PROJECT },
          times: 1,
        },
        { operation: 'createLuna3ScorerVersion', status: 422, times: 1 },
      ],
    };
    await both('/__mock/scenarios', scenarios(given));
    const requests: [string, RequestInit][] = [
      [TRACES(), post(VALID_TRACES)],
      [TRACES(), post(VALID_TRACES)],
      [TRACES(), post(VALID_TRACES)],
      [`/v2/scorers/${SCORER}/version/luna3`, post({})],
      [`/v2/scorers/${SCORER}/version/luna3`, post({})],
    ];
    const statuses: number[] = [];
    for (const [target, init] of requests) {
      const [overHttp, inProcess] = await both(target, init);
      expect(overHttp).toBe(inProcess);
      statuses.push(JSON.parse(overHttp)[0]);
    }
    expect(statuses).toEqual([503, 200, 200, 422, 200]);
    const journal = ((await (await fetch(`${http.baseUrl}/__mock/requests`)).json()) as { requests: unknown[] })
      .requests;
    expect(local.received).toEqual(journal);
  });

  it('POST with a scenario that does not fit: 400 with the same violations as ScenarioError, nothing added', async () => {
    const wrong = [{ operation: 'logTraces', status: 200, body: { traces_count: 'three', trace_ids: 42 } }];
    const response = await fetch(`${http.baseUrl}/__mock/scenarios`, scenarios({ scenarios: wrong }));
    expect(response.status).toBe(400);
    const thrown = violationsOf(() => local.use(...(wrong as unknown as Scenario[])));
    expect(await response.json()).toEqual({
      detail: expect.stringMatching(/^invalid scenario: \/0\/body\/traces_count: /),
      violations: thrown,
    });
    expect(await (await fetch(`${http.baseUrl}/__mock/scenarios`)).json()).toEqual({
      session: 'default',
      scenarios: [],
    });
  });

  it('POST refusals of what only HTTP can send: not JSON, not {"scenarios": [...]}, a function\'s place, a session field; other methods get 405', async () => {
    const refused = async (init: RequestInit) => {
      const response = await fetch(`${http.baseUrl}/__mock/scenarios`, init);
      return [response.status, await response.json()];
    };
    expect(await refused({ method: 'POST', body: '{"scenarios": [' })).toEqual([
      400,
      {
        detail: 'invalid scenario: (the list): the body must be JSON: {"scenarios": [...]}',
        violations: [{ pointer: '', reason: 'the body must be JSON: {"scenarios": [...]}' }],
      },
    ]);
    expect(await refused(scenarios([{ operation: 'logTraces', status: 503 }]))).toEqual([
      400,
      expect.objectContaining({
        violations: [{ pointer: '', reason: 'the body must be {"scenarios": [...]}, a list of scenarios' }],
      }),
    ]);
    expect(await refused(scenarios({ scenarios: [], extra: 1 }))).toEqual([
      400,
      expect.objectContaining({
        violations: [{ pointer: '', reason: 'the body must be {"scenarios": [...]}, a list of scenarios' }],
      }),
    ]);
    expect(
      await refused(
        scenarios({ scenarios: [{ operation: 'logTraces', status: 503, session: 'qa', match: 'function' }] }),
      ),
    ).toEqual([
      400,
      expect.objectContaining({
        violations: [
          { pointer: '/0/session', reason: "over HTTP the session is the request's X-Mock-Session header" },
          { pointer: '/0/match', reason: 'match must be { path?, query? } or, in-process, a function of the request' },
        ],
      }),
    ]);
    expect(await refused({ method: 'PUT' })).toEqual([405, { detail: '/__mock/scenarios takes GET, POST or DELETE' }]);
  });

  it('the session of the request; /__mock/reset clears its scenarios with its state', async () => {
    await fetch(
      `${http.baseUrl}/__mock/scenarios`,
      scenarios({ scenarios: [{ operation: 'logTraces', status: 503 }] }, 'qa'),
    );
    expect((await fetch(http.baseUrl + TRACES(), post(VALID_TRACES))).status).toBe(200);
    expect((await fetch(http.baseUrl + TRACES(), post(VALID_TRACES, { 'x-mock-session': 'qa' }))).status).toBe(503);
    await fetch(`${http.baseUrl}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'qa' } });
    expect((await fetch(http.baseUrl + TRACES(), post(VALID_TRACES, { 'x-mock-session': 'qa' }))).status).toBe(200);
  });

  it('hang: a client that goes away while its big body is still being read and parsed ends it too, and the journal says so', async () => {
    await fetch(
      `${http.baseUrl}/__mock/scenarios`,
      scenarios({ scenarios: [{ operation: 'logTraces', fault: 'hang' }] }),
    );
    // About 6 MB, parsed in slices: the client is gone, once its body is sent, before the hang begins.
    const big = JSON.stringify({ traces: Array(2_000_000).fill({}) });
    await new Promise<void>((resolve) => {
      const request = httpRequest(http.baseUrl + TRACES(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...KEY },
      });
      request.on('error', () => resolve());
      request.end(big, () => {
        request.destroy();
        resolve();
      });
    });
    const journal = async () =>
      (
        (await (await fetch(`${http.baseUrl}/__mock/requests`)).json()) as {
          requests: { status: number | null; unanswered: string | null; bodyBytes: number }[];
        }
      ).requests;
    for (let i = 0; i < 250 && (await journal()).length < 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await journal()).map((r) => [r.status, r.unanswered, r.bodyBytes])).toEqual([
      [null, 'aborted', big.length],
    ]);
  });

  it('reset: the socket is destroyed, and fetch rejects; hang: the client going away ends it, and the journal says so', async () => {
    await fetch(
      `${http.baseUrl}/__mock/scenarios`,
      scenarios({
        scenarios: [
          { operation: 'logTraces', fault: 'reset', times: 1 },
          { operation: 'createOrVerifyUser', fault: 'hang' },
        ],
      }),
    );
    await expect(fetch(http.baseUrl + TRACES(), post(VALID_TRACES))).rejects.toThrow(TypeError);
    await expect(
      fetch(`${http.baseUrl}/v2/system_users`, {
        ...post({ email: 'a@example.org' }),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    const journal = async () =>
      (
        (await (await fetch(`${http.baseUrl}/__mock/requests`)).json()) as {
          requests: { status: number | null; unanswered: string | null }[];
        }
      ).requests;
    // The server sees the connection close an instant after the client gave up.
    for (let i = 0; i < 50 && (await journal()).length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await journal()).map((r) => [r.status, r.unanswered])).toEqual([
      [null, 'reset'],
      [null, 'aborted'],
    ]);
  });
});
