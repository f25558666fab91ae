// What a front-end or client team's test does with the mock in its own process: MSW's setupServer
// with mswHandlers, and the package's client pointed at any base URL. Run twice: from the repository
// (test/unit/mock/msw.test.ts, on the source) and from an empty project that installed the packed
// package with msw 2 or 3 (./api.test.ts, by test/ecosystem/msw.mjs). It starts no process: the
// mock answers from inside `fetch`.
import type { createApiClient as CreateApiClient, validationDetails as ValidationDetails } from '../../../src/index.js';
import type { createMock as CreateMock } from '../../../src/mock/index.js';
import type { mswHandlers as MswHandlers } from '../../../src/mock/msw.js';

export interface Parts {
  createApiClient: typeof CreateApiClient;
  validationDetails: typeof ValidationDetails;
  createMock: typeof CreateMock;
  mswHandlers: typeof MswHandlers;
  setupServer: (...handlers: never[]) => { listen(options?: object): void; close(): void; resetHandlers(): void };
  vitest: Pick<typeof import('vitest'), 'afterAll' | 'beforeAll' | 'beforeEach' | 'describe' | 'expect' | 'it'>;
}

const BASE = 'https://api.example.test';
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const TEMPLATE = '3d9e2b71-5c4a-4f08-b6e3-8a1d0c7f2e95';
const SCORER = '9a7c3e15-2b8d-4c6f-a041-7e5d3b9c1f28';

export function scenario({
  createApiClient,
  validationDetails,
  createMock,
  mswHandlers,
  setupServer,
  vitest,
}: Parts): void {
  const { afterAll, beforeAll, beforeEach, describe, expect, it } = vitest;
  let mock: Awaited<ReturnType<typeof createMock>>;
  let server: ReturnType<Parts['setupServer']>;
  const api = createApiClient({ baseUrl: BASE, auth: { apiKey: 'dev-key' } });

  beforeAll(async () => {
    mock = await createMock();
    server = setupServer(...(mswHandlers(BASE, mock) as never[]));
    server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' }); // MSW 2's name, MSW 3's
  });
  beforeEach(() => mock.reset());
  afterAll(() => server?.close());

  describe('the mock through MSW, with the client', () => {
    it('answers all seven operations with 200 and records what it was sent', async () => {
      const signals = await api.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
        params: { path: { project_id: PROJECT, run_id: RUN } },
        body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * 1-5' } },
      });
      expect(signals.data?.data).toMatchObject({
        project_id: PROJECT,
        run_id: RUN,
        model: 'gpt-4.1-mini',
        schedule: { type: 'CRON', cron: '0 6 * * 1-5', timezone: 'UTC' },
      });
      const login = await api.POST('/v2/login/social', { body: {} });
      expect(login.response.status).toBe(200);
      const template = await api.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
        params: { path: { project_id: PROJECT, template_id: TEMPLATE } },
        body: { name: 'Helpfulness' },
      });
      expect(template.data).toMatchObject({ id: TEMPLATE, name: 'Helpfulness' });
      const traces = await api.POST('/v2/projects/{project_id}/traces', {
        params: { path: { project_id: PROJECT } },
        body: {
          traces: [
            { type: 'trace', name: 'chat', spans: [] },
            { type: 'trace', name: 'search', spans: [] },
          ],
          include_trace_ids: true,
        },
      });
      expect(traces.data).toMatchObject({ traces_count: 2, records_count: 2 });
      expect(traces.data?.trace_ids).toHaveLength(2);
      const luna3 = await api.POST('/v2/scorers/{scorer_id}/version/luna3', {
        params: { path: { scorer_id: SCORER } },
        body: {},
      });
      expect(luna3.data).toMatchObject({ version: 1 });
      const feedback = await api.POST('/v2/projects/{project_id}/feedback/ratings', {
        params: { path: { project_id: PROJECT } },
        body: {
          operations: [{ operation_type: 'delete', rating_type: 'like_dislike' }],
          selector: { selector_type: 'index', indexes: [0, 1] },
        } as never,
      });
      expect(feedback.response.status).toBe(200);
      const user = await api.POST('/v2/system_users', { body: { email: 'ada@example.org' } });
      expect(user.data).toMatchObject({ email: 'ada@example.org', role: 'system_admin' });

      expect(mock.received.map((r) => [r.operationId, r.status])).toEqual([
        ['putSignalsConfiguration', 200],
        ['loginSocial', 200],
        ['updateAnnotationTemplate', 200],
        ['logTraces', 200],
        ['createLuna3ScorerVersion', 200],
        ['applyBulkFeedbackV2', 200],
        ['createOrVerifyUser', 200],
      ]);
      expect(mock.received[6]).toEqual({
        session: 'default',
        operationId: 'createOrVerifyUser',
        method: 'POST',
        path: '/v2/system_users',
        pathParams: {},
        query: {},
        valid: true,
        body: { email: 'ada@example.org' },
        bodyBytes: 27,
        status: 200,
        unanswered: null,
        scenario: null,
        outsideContract: false,
      });
    });

    it('a 422 in the service dialect, with its detail', async () => {
      const { error, response } = await api.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
        params: { path: { project_id: PROJECT, run_id: RUN } },
        body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 500 } } as never,
      });
      expect(response.status).toBe(422);
      // Both members of the body's union, as pydantic reports a failed union: the log stream shape's
      // item under its tag, then the experiment shape's.
      expect(validationDetails(error).map((item) => [item.type, item.loc.join('.')])).toEqual([
        ['less_than_equal', 'body.LogStreamSignalsConfigurationPut.schedule.INTERVAL.interval_hours'],
        ['extra_forbidden', 'body.ExperimentSignalsConfigurationPut.run_mode'],
        ['extra_forbidden', 'body.ExperimentSignalsConfigurationPut.schedule'],
      ]);
    });

    it('a 401 naming the credentials the operation accepts, to a request without one', async () => {
      const response = await fetch(`${BASE}/v2/projects/${PROJECT}/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"traces": []}',
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { detail: string }).detail).toMatch(
        /^Not authenticated: send one of Service-AO-API-Key \(header\)/,
      );
      expect(mock.received).toMatchObject([{ operationId: 'logTraces', status: 401 }]);
    });

    it('scenarios: a 503 with Retry-After once, then the contract again, both in the journal', async () => {
      mock.use({ operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 });
      const send = () =>
        fetch(`${BASE}/v2/projects/${PROJECT}/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'service-ao-api-key': 'k' },
          body: '{"traces": [{"type": "trace", "name": "chat", "spans": []}]}',
        });
      const unavailable = await send();
      expect([
        unavailable.status,
        unavailable.headers.get('retry-after'),
        unavailable.headers.get('x-mock-scenario'),
      ]).toEqual([503, '2', '0 logTraces outside-contract']);
      expect((await send()).status).toBe(200);
      expect(mock.requests('logTraces').map((r) => [r.status, r.outsideContract])).toEqual([
        [503, true],
        [200, false],
      ]);
    });

    it('scenarios: a reset fault is a network error for fetch; a delay ends when the caller aborts', async () => {
      mock.use(
        { operation: 'createOrVerifyUser', fault: 'reset', times: 1 },
        { operation: 'createOrVerifyUser', delay: 60_000 },
      );
      const create = (signal?: AbortSignal) =>
        fetch(`${BASE}/v2/system_users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email": "ada@example.org"}',
          ...(signal ? { signal } : {}),
        });
      await expect(create()).rejects.toThrow(TypeError);
      const start = Date.now();
      await expect(create(AbortSignal.timeout(50))).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - start).toBeLessThan(5_000);
    });

    it('the first user is the administrator, the next one is not; reset starts again', async () => {
      const create = (email: string) => api.POST('/v2/system_users', { body: { email } });
      expect((await create('first@example.org')).data?.role).toBe('system_admin');
      expect((await create('second@example.org')).data?.role).toBe('system_user');
      mock.reset();
      expect(mock.received).toEqual([]);
      expect((await create('second@example.org')).data?.role).toBe('system_admin');
    });
  });
}
