// What a consumer's tests exercised of the contract (`mock.coverage()`, GET /__mock/coverage, the
// record `coverage: DIR` writes): per operation, the statuses answered, the rehearsed failures, the
// requests no operation matched, the parameters and request body properties sent and the response
// body properties received, all derived from the spec.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoverageOffError, type CoverageReport, type Mock } from '../../../../src/mock/index.js';
import { PassThrough } from 'node:stream';
import { readRecord } from '../../../../src/mock/control/coverage-report.js';
import { nodeHost } from '../../../../src/mock/host.js';
import { createMockOn } from '../../../../src/mock/mock.js';
import { createTestMock, startTestMock, type TestMock } from '../../../support/in-process.js';
import { BASE, KEY, PROJECT, TRACES, logTracesBody, post } from '../../../support/log-traces.js';

const operationOf = (report: CoverageReport, id: string) => {
  const found = report.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no ${id} in the report`);
  return found;
};
const statusesOf = (report: CoverageReport, id: string) =>
  operationOf(report, id).statuses.map((s) => [s.status, s.documented, s.answered, s.rehearsed]);
const sent = (report: CoverageReport, id: string) =>
  operationOf(report, id)
    .parameters.filter((p) => p.sent)
    .map((p) => `${p.in}:${p.name}`);
const received = (report: CoverageReport, id: string, status: number) =>
  operationOf(report, id)
    .statuses.find((s) => s.status === status)
    ?.properties.filter((p) => p.received)
    .map((p) => p.path);

describe('mock.coverage(): one valid Log Traces request', () => {
  // Each test makes its mock: the contract's reading runs inside the test that checks it.
  const afterOneRequest = async (): Promise<CoverageReport> => {
    const mock = await createTestMock({ coverage: true });
    const response = await mock.fetch(TRACES, post(logTracesBody));
    expect(response.status).toBe(200);
    return mock.coverage();
  };

  it('1 of 7 operations, logTraces 200 ×1, its 422 and 401 never', async () => {
    const report = await afterOneRequest();
    expect(report.summary.operations).toEqual({ covered: 1, total: 7 });
    expect(report.summary.paths).toEqual({ covered: 1, total: 7 });
    expect(operationOf(report, 'logTraces').requests).toBe(1);
    expect(statusesOf(report, 'logTraces')).toEqual([
      [200, 'responses', 1, 0],
      [422, 'responses', 0, 0],
      [401, 'security', 0, 0],
    ]);
    // Every other operation: never called, nothing answered. Create Or Verify User needs no
    // credential (no 401), Login Social accepts a request without one (no 401 either).
    for (const operation of report.operations.filter((o) => o.operationId !== 'logTraces')) {
      expect(operation.requests).toBe(0);
      expect(operation.statuses.every((s) => s.answered === 0)).toBe(true);
    }
    expect(statusesOf(report, 'createOrVerifyUser').map(([status]) => status)).toEqual([200, 422]);
    expect(statusesOf(report, 'loginSocial').map(([status]) => status)).toEqual([200, 422]);
    expect(report.summary.statusCodes.covered).toBe(1);
    expect(report.summary.statusCodeClasses.covered).toBe(1);
  });

  it('the request fields sent: the path parameter and each body property, nested ones by JSON path', async () => {
    const report = await afterOneRequest();
    expect(sent(report, 'logTraces')).toEqual([
      'path:project_id',
      'body:traces',
      'body:traces[*].type',
      'body:traces[*].name',
      'body:traces[*].spans',
      'body:traces[*].spans[*].type',
      'body:traces[*].spans[*].name',
      'body:traces[*].spans[*].input',
      'body:traces[*].spans[*].input[*].role',
      'body:traces[*].spans[*].input[*].content',
      'body:traces[*].spans[*].output',
      'body:traces[*].spans[*].output.role',
      'body:traces[*].spans[*].output.content',
      'body:log_stream_id',
    ]);
    const never = operationOf(report, 'logTraces').parameters.filter((p) => !p.sent);
    expect(never.map((p) => p.name)).toContain('include_trace_ids');
    expect(never.find((p) => p.name === 'traces')).toBeUndefined();
    expect(operationOf(report, 'logTraces').parameters.find((p) => p.name === 'traces')?.required).toBe(true);
  });

  it("the 200's fields received, and none of the 422's", async () => {
    const report = await afterOneRequest();
    expect(received(report, 'logTraces', 200)).toEqual([
      'project_id',
      'project_name',
      'records_count',
      'traces_count',
      'spans_count',
      'log_stream_id',
    ]);
    const all200 = operationOf(report, 'logTraces').statuses[0]?.properties.map((p) => p.path);
    expect(all200).toContain('trace_ids');
    expect(received(report, 'logTraces', 422)).toEqual([]);
  });
});

describe('mock.coverage(): statuses, rehearsed failures, refused requests, sessions', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await createTestMock({ coverage: true });
  });

  it('counts a 422 and a 401 by the contract, with the 422 body properties received', async () => {
    await mock.fetch(TRACES, post({ traces: [] }));
    await mock.fetch(TRACES, post(logTracesBody, {}));
    const report = mock.coverage();
    expect(statusesOf(report, 'logTraces')).toEqual([
      [200, 'responses', 0, 0],
      [422, 'responses', 1, 0],
      [401, 'security', 1, 0],
    ]);
    expect(received(report, 'logTraces', 422)).toEqual(
      expect.arrayContaining(['detail', 'detail[*].loc', 'detail[*].msg', 'detail[*].type']),
    );
  });

  it('counts what scenarios rehearse: a status (documented or not), reset, hang, delay; a reset keeps the tally', async () => {
    mock.reset();
    mock.use(
      { operation: 'logTraces', status: 503, times: 1 },
      { operation: 'logTraces', status: 422, times: 1 },
      { operation: 'logTraces', fault: 'reset', times: 1 },
      { operation: 'logTraces', fault: 'hang', times: 1 },
      { operation: 'logTraces', delay: 1, times: 1 },
    );
    expect((await mock.fetch(TRACES, post(logTracesBody))).status).toBe(503);
    expect((await mock.fetch(TRACES, post(logTracesBody))).status).toBe(422);
    await expect(mock.fetch(TRACES, post(logTracesBody))).rejects.toThrow('fetch failed');
    await expect(mock.fetch(TRACES, { ...post(logTracesBody), signal: AbortSignal.timeout(20) })).rejects.toThrow();
    expect((await mock.fetch(TRACES, post(logTracesBody))).status).toBe(200);
    const operation = operationOf(mock.coverage(), 'logTraces');
    expect(operation.requests).toBe(7);
    expect(statusesOf(mock.coverage(), 'logTraces')).toEqual([
      [200, 'responses', 1, 0],
      [422, 'responses', 2, 1],
      [401, 'security', 1, 0],
      [503, false, 1, 1],
    ]);
    expect(operation.faults).toEqual({ reset: 1, hang: 1, delay: 1, aborted: 1 });
  });

  it('counts requests no operation matched, by status and request', async () => {
    await mock.fetch(`${BASE}/v2/nowhere`);
    await mock.fetch(`${BASE}/v2/nowhere`);
    await mock.fetch(`${BASE}/v2/system_users`, { method: 'DELETE' });
    const { refused } = mock.coverage();
    expect(refused.total).toBe(3);
    expect(refused.statuses.map((s) => s.status).sort()).toEqual(refused.statuses.map((s) => s.status));
    expect(refused.requests).toEqual(
      expect.arrayContaining([{ method: 'GET', path: '/v2/nowhere', status: 404, count: 2 }]),
    );
    expect(refused.requests.reduce((sum, r) => sum + r.count, 0) + refused.unlisted).toBe(3);
  });

  it('reports one session, or all of them', async () => {
    const fresh = await createTestMock({ coverage: true });
    await fresh.fetch(TRACES, post(logTracesBody, { ...KEY, 'X-Mock-Session': 'a' }));
    await fresh.fetch(`${BASE}/v2/system_users`, post({ email: 'a@example.test' }, { 'X-Mock-Session': 'b' }));
    expect(fresh.coverage({ session: 'a' }).summary.operations.covered).toBe(1);
    expect(operationOf(fresh.coverage({ session: 'a' }), 'createOrVerifyUser').requests).toBe(0);
    expect(fresh.coverage({ session: 'b' }).session).toBe('b');
    expect(fresh.coverage({ session: 'none' }).summary.operations.covered).toBe(0);
    const all = fresh.coverage();
    expect(all.session).toBe('all');
    expect(all.summary.operations.covered).toBe(2);
    expect(sent(all, 'createOrVerifyUser')).toEqual(['body:email']);
  });
});

describe('coverage off, and a bad option', () => {
  it('mock.coverage() throws CoverageOffError when the mock was made without coverage', async () => {
    const mock = await createTestMock();
    expect(() => mock.coverage()).toThrow(CoverageOffError);
    await expect(mock.close()).resolves.toBeUndefined();
  });

  it.each([[''], ['  '], [3], [{}]])(
    'coverage: %j is refused with a MockOptionError naming the option',
    async (value) => {
      await expect(createTestMock({ coverage: value as never })).rejects.toMatchObject({
        name: 'MockOptionError',
        option: 'coverage',
      });
      await expect(createTestMock({ coverage: value as never })).rejects.toThrow(
        /coverage must be true, false or the path/,
      );
    },
  );
});

describe('coverage: DIR on a host that writes no files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coverage-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a host that writes no files (a web page) refuses a directory, and counts with true', async () => {
    const { coverageFile: _, ...page } = nodeHost();
    const options = { log: new PassThrough() };
    await expect(createMockOn(page, { ...options, coverage: join(dir, 'page') })).rejects.toThrow(
      /coverage: a directory needs a host that writes files \(Node\); in a web page, coverage: true/,
    );
    const counted = await createMockOn(page, { ...options, coverage: true });
    await counted.fetch(TRACES, post(logTracesBody));
    expect(counted.coverage().summary.operations.covered).toBe(1);
    await counted.close();
  });
});

describe('GET /__mock/coverage over HTTP', () => {
  let server: TestMock | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'coverage-http-'));
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the session's coverage, every session's with ?all; the record written when the server closes", async () => {
    server = await startTestMock({ coverage: dir });
    const traces = `${server.baseUrl}/v2/projects/${PROJECT}/traces`;
    await fetch(traces, post(logTracesBody, { ...KEY, 'X-Mock-Session': 'a' }));
    await fetch(traces, post({ traces: [] }));
    const mine = (await (await fetch(`${server.baseUrl}/__mock/coverage`)).json()) as CoverageReport;
    expect(mine.session).toBe('default');
    expect(statusesOf(mine, 'logTraces').map(([status, , answered]) => [status, answered])).toEqual([
      [200, 0],
      [422, 1],
      [401, 0],
    ]);
    const a = (await (
      await fetch(`${server.baseUrl}/__mock/coverage`, { headers: { 'X-Mock-Session': 'a' } })
    ).json()) as CoverageReport;
    expect(operationOf(a, 'logTraces').statuses[0]?.answered).toBe(1);
    const all = (await (await fetch(`${server.baseUrl}/__mock/coverage?all`)).json()) as CoverageReport;
    expect(all.session).toBe('all');
    expect(operationOf(all, 'logTraces').requests).toBe(2);
    expect((await fetch(`${server.baseUrl}/__mock/coverage`, { method: 'POST' })).status).toBe(405);
    await server.stop();
    server = undefined;
    const [file, ...more] = readdirSync(dir);
    expect(more).toEqual([]);
    expect(readRecord(JSON.parse(readFileSync(join(dir, file as string), 'utf8')))).toEqual(all);
  });

  it('answers 404 naming the flag when coverage is off', async () => {
    server = await startTestMock();
    const response = await fetch(`${server.baseUrl}/__mock/coverage`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('--coverage DIR') });
  });
});

describe('what counts as documented, derived from any spec', () => {
  // A spec of its own: global security, parameters in every place (one overridden by the
  // operation), a recursive schema, a response and a request body given by $ref, a `default`
  // response, and an operation that needs no credential.
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Tiny', version: '1.2.3' },
    security: [{ key: [] }],
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      schemas: {
        Node: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
      requestBodies: {
        Open: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { note: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
      },
      responses: {
        Ok: {
          description: 'ok',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
              example: { ok: true },
            },
          },
        },
      },
    },
    paths: {
      '/items/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
        ],
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'q', in: 'query', required: false, schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
            { name: 'sid', in: 'cookie', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'the item',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Node' },
                  example: { name: 'root', children: [{ name: 'leaf' }] },
                },
              },
            },
            '404': { description: 'none' },
            default: { description: 'anything else' },
          },
        },
      },
      '/open': {
        post: {
          operationId: 'postOpen',
          security: [],
          requestBody: { $ref: '#/components/requestBodies/Open' },
          responses: { '200': { $ref: '#/components/responses/Ok' } },
        },
      },
    },
  };
  let mock: Mock;
  beforeAll(async () => {
    mock = await createTestMock({ spec: spec as never, coverage: true });
  });
  const item = (report: CoverageReport) => operationOf(report, 'getItem');

  it("the spec's info, statuses (a 401 from the global security, no `default`), parameters (an operation's overriding its path's) and properties", async () => {
    const report = (await createTestMock({ spec: spec as never, coverage: true })).coverage();
    expect(report.spec).toEqual({ title: 'Tiny', version: '1.2.3' });
    expect(
      item(report).statuses.map((s) => [s.status, s.documented, s.properties.map((p) => [p.path, p.required])]),
    ).toEqual([
      [
        200,
        'responses',
        [
          ['name', true],
          ['children', false],
          ['children[*].name', true],
          ['children[*].children', false],
        ],
      ],
      [404, 'responses', []],
      [401, 'security', []],
    ]);
    expect(item(report).parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['query', 'q', false],
      ['header', 'X-Trace', false],
      ['cookie', 'sid', false],
    ]);
    expect(statusesOf(report, 'postOpen')).toEqual([[200, 'responses', 0, 0]]);
    expect(operationOf(report, 'postOpen').parameters.map((p) => p.name)).toEqual(['note', 'tags']);
    expect(report.summary.statusCodeClasses.total).toBe(2 + 1);
  });

  it('a query parameter, a header and a cookie count as sent when the request has them, by name', async () => {
    await mock.fetch(`${BASE}/items/1?q=x`, { headers: { 'X-Key': 'k', Cookie: 'other=1; sid=abc' } });
    expect(sent(mock.coverage(), 'getItem')).toEqual(['path:id', 'query:q', 'cookie:sid']);
    await mock.fetch(`${BASE}/items/2`, { headers: { 'X-Key': 'k', 'X-Trace': 't' } });
    expect(sent(mock.coverage(), 'getItem')).toEqual(['path:id', 'query:q', 'header:X-Trace', 'cookie:sid']);
    expect(received(mock.coverage(), 'getItem', 200)).toEqual(['name', 'children', 'children[*].name']);
    await mock.fetch(`${BASE}/items/3`);
    expect(statusesOf(mock.coverage(), 'getItem')).toEqual([
      [200, 'responses', 2, 0],
      [404, 'responses', 0, 0],
      [401, 'security', 1, 0],
    ]);
    expect(mock.coverage().summary.statusCodeClasses.covered).toBe(2);
  });

  it('a request body given by $ref, and a response too; a body that is not an object marks nothing', async () => {
    await mock.fetch(`${BASE}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '["note"]',
    });
    expect(sent(mock.coverage(), 'postOpen')).toEqual([]);
    await mock.fetch(`${BASE}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tags: ['a'], other: 1 }),
    });
    expect(sent(mock.coverage(), 'postOpen')).toEqual(['body:tags']);
    expect(received(mock.coverage(), 'postOpen', 200)).toEqual(['ok']);
  });

  it('lists the first 50 distinct requests no operation matched, and counts the others', async () => {
    const fresh = await createTestMock({ spec: spec as never, coverage: true });
    for (let i = 0; i < 52; i++) await fresh.fetch(`${BASE}/nowhere/${i}`);
    await fresh.fetch(`${BASE}/nowhere/0`);
    await fresh.fetch(`${BASE}/nowhere/51`);
    const { refused } = fresh.coverage();
    expect(refused.total).toBe(54);
    expect(refused.requests).toHaveLength(50);
    expect(refused.requests[0]).toEqual({ method: 'GET', path: '/nowhere/0', status: 404, count: 2 });
    expect(refused.unlisted).toBe(3);
    expect(refused.statuses).toEqual([{ status: 404, count: 54 }]);
  });
});
