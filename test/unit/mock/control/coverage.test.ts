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
import { CoverageOptionError, createCoverage, type Exercised } from '../../../../src/mock/control/coverage.js';
import { Spec } from '../../../../src/mock/prism/spec.js';
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

describe('createCoverage: what a document declares and what a request exercised, record by record', () => {
  // Records made by hand, so each branch of the reading and the marking is reached on its own.
  const exercised = (over: Partial<Exercised>): Exercised => ({
    session: 'main',
    operationId: null,
    method: 'GET',
    path: '/',
    query: {},
    headers: {},
    body: undefined,
    status: 200,
    unanswered: null,
    picked: undefined,
    answered: () => undefined,
    ...over,
  });
  const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    type: 'object',
    properties,
    ...extra,
  });
  /** Unusual declarations in every place the reading looks. */
  const documentWithEverything = () => ({
    openapi: '3.1.0',
    info: { title: 7 },
    security: [{ key: [] }],
    components: { parameters: { Limit: { name: 'limit', in: 'query', required: true } } },
    paths: {
      '/a/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true },
          { $ref: '#/components/parameters/Limit' },
          { name: 42, in: 'query' },
          { name: 'q', in: 'querystring' },
          { name: 'X-Trace', in: 'header' },
        ],
        get: {
          operationId: 'getA',
          security: [{ key: [] }, {}],
          parameters: [
            { name: 'id', in: 'path', required: true, description: 'the same, described' },
            { name: 'limit', in: 'query', required: false },
            { name: 'Sid', in: 'cookie', required: true },
            { name: 'id', in: 'header' },
          ],
          responses: {
            '200': {
              content: {
                'application/problem+json': {
                  schema: { type: 'array', items: { type: 'array', items: object({ x: {} }) } },
                },
              },
            },
            '2XX': { content: { 'application/json': { schema: object({ no: {} }) } } },
            '600': { description: 'not a status' },
            '1200': { description: 'not a status either' },
            '2000': { description: 'nor this' },
            default: { description: 'anything' },
            '500': { content: { 'text/plain': { schema: object({ t: {} }) } } },
          },
        },
        post: { responses: { '200': { description: 'an operation without an id is not reported' } } },
      },
      '/b': {
        put: {
          operationId: 'putB',
          requestBody: {
            content: {
              'application/json': {
                schema: object(
                  { plain: { type: 'string' } },
                  {
                    required: 'plain',
                    allOf: [object({ fromAll: {} })],
                    anyOf: [object({ fromAny: {}, shared: {} }, { required: ['shared'] })],
                    oneOf: [object({ fromOne: object({ deep: {} }) }), object({ shared: {} })],
                    if: object({ kind: { const: 'x' } }),
                    then: object({ fromThen: {} }),
                    else: object({ fromElse: {} }),
                  },
                ),
              },
            },
          },
          responses: { '204': { description: 'none' }, '401': { description: 'documented' } },
        },
        delete: { operationId: 'deleteB', security: [], responses: { '200': { description: 'gone' } } },
      },
    },
  });
  const coverageOf = (document: Record<string, unknown>) => createCoverage(new Spec(document));
  const sentOf = (report: CoverageReport, id: string) =>
    operationOf(report, id).parameters.map((p) => `${p.in}:${p.name}${p.required ? '!' : ''}${p.sent ? ' sent' : ''}`);

  it('reads the operations with an id, in order; parameters by place and name, overridden in place; statuses 100–599', () => {
    const report = coverageOf(documentWithEverything()).report();
    expect(report.spec).toEqual({ title: '', version: '' });
    expect(report.format).toBe('api-contract-coverage/1');
    expect(report.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'GET /a/{id} getA',
      'PUT /b putB',
      'DELETE /b deleteB',
    ]);
    expect(sentOf(report, 'getA')).toEqual(['path:id!', 'query:limit', 'header:X-Trace', 'cookie:Sid!', 'header:id']);
    // An optional credential ({} among the requirements) and `security: []` document no 401; a 401
    // documented in the responses is not listed twice.
    expect(statusesOf(report, 'getA')).toEqual([
      [200, 'responses', 0, 0],
      [500, 'responses', 0, 0],
    ]);
    expect(statusesOf(report, 'putB')).toEqual([
      [204, 'responses', 0, 0],
      [401, 'responses', 0, 0],
    ]);
    expect(statusesOf(report, 'deleteB')).toEqual([[200, 'responses', 0, 0]]);
    // Any JSON media type is read (problem+json); a text body documents no properties.
    const properties = (status: number) =>
      operationOf(report, 'getA')
        .statuses.find((s) => s.status === status)
        ?.properties.map((p) => p.path);
    expect(properties(200)).toEqual(['[*][*].x']);
    expect(properties(500)).toEqual([]);
    expect(report.summary.statusCodeClasses).toEqual({ covered: 0, total: 5 });
    expect(report.summary.paths).toEqual({ covered: 0, total: 2 });
  });

  it("merges every branch of a body's unions and its then/else (not its if); a property is required where any branch requires it", () => {
    const report = coverageOf(documentWithEverything()).report();
    expect(sentOf(report, 'putB')).toEqual([
      'body:plain',
      'body:fromAll',
      'body:fromAny',
      'body:shared!',
      'body:fromOne',
      'body:fromOne.deep',
      'body:fromThen',
      'body:fromElse',
    ]);
  });

  it('a global security whose every requirement names a scheme documents a 401 after the responses', () => {
    const document = documentWithEverything();
    document.paths['/b'].put.responses = { '204': { description: 'none' } } as never;
    const coverage = coverageOf(document);
    coverage.record(exercised({ operationId: 'putB', method: 'PUT', status: 401, answered: () => ({ detail: 'no' }) }));
    expect(statusesOf(coverage.report(), 'putB')).toEqual([
      [204, 'responses', 0, 0],
      [401, 'security', 1, 0],
    ]);
    expect(coverage.report().summary.paths).toEqual({ covered: 1, total: 2 });
    document.security = [];
    expect(statusesOf(coverageOf(document).report(), 'putB')).toEqual([[204, 'responses', 0, 0]]);
  });

  it('marks parameters sent: query by name, headers by their lower-case name, cookies by name from every Cookie line', () => {
    const coverage = coverageOf(documentWithEverything());
    coverage.record(
      exercised({
        operationId: 'getA',
        query: { Limit: '1', Sid: 's', 'X-Trace': 't', id: '1' },
        headers: { 'X-Trace': 't', limit: '1', sid: 's', cookie: 'limit=1; X-Trace=t; id=1' },
      }),
    );
    expect(sentOf(coverage.report(), 'getA')).toEqual([
      'path:id! sent',
      'query:limit',
      'header:X-Trace',
      'cookie:Sid!',
      'header:id',
    ]);
    coverage.record(
      exercised({
        operationId: 'getA',
        query: { limit: ['1', '2'] },
        headers: { 'x-trace': 't', cookie: ['a=1', 'b=2; Sid =3'] },
      }),
    );
    expect(sentOf(coverage.report(), 'getA')).toEqual([
      'path:id! sent',
      'query:limit sent',
      'header:X-Trace sent',
      'cookie:Sid! sent',
      'header:id',
    ]);
  });

  it('marks response properties through arrays of arrays; reads the answered body only for a documented status with properties', () => {
    const coverage = coverageOf(documentWithEverything());
    let reads = 0;
    const answered = (body: unknown) => () => {
      reads++;
      return body;
    };
    coverage.record(exercised({ operationId: 'getA', status: 500, answered: answered({ t: 1 }) }));
    coverage.record(exercised({ operationId: 'getA', status: 404, answered: answered({ x: 1 }) }));
    expect(reads).toBe(0);
    coverage.record(exercised({ operationId: 'getA', status: 200, answered: answered([[], 'text', [null, 5]]) }));
    expect(reads).toBe(1);
    const received = () =>
      operationOf(coverage.report(), 'getA').statuses[0]?.properties.map((p) => `${p.path} ${p.received}`);
    expect(received()).toEqual(['[*][*].x false']);
    expect(coverage.report().summary.responseBodyProperties).toEqual({ covered: 0, total: 1 });
    coverage.record(exercised({ operationId: 'getA', status: 200, answered: answered([[{ y: 1 }, { x: null }]]) }));
    expect(received()).toEqual(['[*][*].x true']);
    expect(coverage.report().summary.responseBodyProperties).toEqual({ covered: 1, total: 1 });
  });

  it('marks body properties along nested objects, not through a value of another shape', () => {
    const coverage = coverageOf(documentWithEverything());
    const put = (body: unknown) =>
      coverage.record(exercised({ operationId: 'putB', method: 'PUT', body, status: 204 }));
    put({ fromOne: 'text', plain: null });
    put([{ fromAll: 1 }]);
    put(null);
    const sentNames = () =>
      operationOf(coverage.report(), 'putB')
        .parameters.filter((p) => p.sent)
        .map((p) => p.name);
    expect(sentNames()).toEqual(['plain', 'fromOne']);
    put({ fromOne: { deep: 0, other: 1 } });
    expect(sentNames()).toEqual(['plain', 'fromOne', 'fromOne.deep']);
    expect(coverage.report().summary.parameters).toEqual({ covered: 3, total: 5 + 8 + 0 });
  });

  it('counts statuses, rehearsed answers and faults; undocumented statuses follow the documented ones, in order', () => {
    const coverage = coverageOf(documentWithEverything());
    const on = (over: Partial<Exercised>) => coverage.record(exercised({ operationId: 'deleteB', ...over }));
    on({ status: 503, picked: { by: 'chaos', delay: 0, answer: { status: 503 } as never } });
    on({ status: 418 });
    on({ status: 200, picked: { by: { index: 0, operation: 'deleteB' }, delay: 12 } });
    on({ status: null, picked: { by: 'chaos', delay: 0, fault: 'hang' } });
    on({ status: null, unanswered: 'reset', picked: { by: 'chaos', delay: 0, fault: 'reset' } });
    on({ status: null, unanswered: 'aborted' });
    const report = coverage.report();
    const deleted = operationOf(report, 'deleteB');
    expect(deleted.requests).toBe(6);
    expect(statusesOf(report, 'deleteB')).toEqual([
      [200, 'responses', 1, 0],
      [418, false, 1, 0],
      [503, false, 1, 1],
    ]);
    expect(deleted.faults).toEqual({ reset: 1, hang: 1, delay: 1, aborted: 1 });
    expect(report.summary.operations).toEqual({ covered: 1, total: 3 });
    expect(report.summary.paths).toEqual({ covered: 1, total: 2 });
    expect(report.summary.statusCodes).toEqual({ covered: 1, total: 5 });
  });

  it('refused requests: counted per status in order, the first 50 distinct listed per session and over all of them', () => {
    const coverage = coverageOf(documentWithEverything());
    const refuse = (session: string, path: string, status = 404, operationId: string | null = null) =>
      coverage.record(exercised({ session, operationId, path, status }));
    coverage.record(exercised({ path: '/unanswered', status: null }));
    refuse('one', '/x', 405);
    for (let i = 0; i < 50; i++) refuse('one', `/n/${i}`);
    refuse('one', '/n/50');
    refuse('one', '/x', 405);
    refuse('two', '/x', 405);
    refuse('two', '/late', 404, 'notInTheSpec');
    refuse('two', '/late');
    const one = coverage.report('one').refused;
    expect(one.total).toBe(53);
    expect(one.statuses).toEqual([
      { status: 404, count: 51 },
      { status: 405, count: 2 },
    ]);
    expect(one.requests).toHaveLength(50);
    expect(one.requests[0]).toEqual({ method: 'GET', path: '/x', status: 405, count: 2 });
    expect(one.requests.at(-1)?.path).toBe('/n/48');
    expect(one.unlisted).toBe(2);
    const all = coverage.report().refused;
    expect(all.total).toBe(56);
    expect(all.requests[0]).toEqual({ method: 'GET', path: '/x', status: 405, count: 3 });
    expect(all.requests.some((r) => r.path === '/late')).toBe(false);
    expect(all.unlisted).toBe(2 + 2);
    expect(coverage.report('two').refused).toMatchObject({ total: 3, unlisted: 0 });
    expect(coverage.report('two').refused.requests.map((r) => [r.path, r.count])).toEqual([
      ['/x', 1],
      ['/late', 2],
    ]);
  });

  it("reports a session by name ('all' without one); a session never seen has nothing", () => {
    const coverage = coverageOf(documentWithEverything());
    coverage.record(exercised({ session: 'a', operationId: 'deleteB' }));
    coverage.record(exercised({ session: 'b', operationId: 'deleteB', status: 418 }));
    expect(coverage.report('a')).toMatchObject({ session: 'a', records: 1 });
    expect(statusesOf(coverage.report('a'), 'deleteB')).toEqual([[200, 'responses', 1, 0]]);
    expect(statusesOf(coverage.report(), 'deleteB')).toEqual([
      [200, 'responses', 1, 0],
      [418, false, 1, 0],
    ]);
    expect(coverage.report().session).toBe('all');
    expect(operationOf(coverage.report('c'), 'deleteB').requests).toBe(0);
    expect(operationOf(coverage.report(), 'deleteB').requests).toBe(2);
  });

  it('a schema that contains itself is followed once inside itself, through items and unions alike', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      components: {
        schemas: {
          Tree: object({ label: {}, kids: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } }),
          Either: {
            oneOf: [
              { $ref: '#/components/schemas/Tree' },
              object({ leaf: object({ inner: object({ deepest: {} }) }) }),
            ],
          },
        },
      },
      paths: {
        '/t': {
          post: {
            operationId: 'postT',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Either' } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    // No security anywhere: no 401.
    expect(statusesOf(coverageOf(document).report(), 'postT')).toEqual([[200, 'responses', 0, 0]]);
    expect(operationOf(coverageOf(document).report(), 'postT').parameters.map((p) => p.name)).toEqual([
      'label',
      'kids',
      'kids[*].label',
      'kids[*].kids',
      'leaf',
      'leaf.inner',
      'leaf.inner.deepest',
    ]);
  });
});

describe('coverage errors', () => {
  it('CoverageOffError and CoverageOptionError are named, and say how to turn coverage on', () => {
    const off = new CoverageOffError();
    expect(off.name).toBe('CoverageOffError');
    expect(off.message).toBe(
      "coverage is off: createMock({ coverage: true }) counts it, { coverage: 'DIR' } also writes it to DIR on close(); the bin takes --coverage DIR",
    );
    const option = new CoverageOptionError('no files here');
    expect(option).toBeInstanceOf(TypeError);
    expect([option.name, option.message]).toEqual(['CoverageOptionError', 'no files here']);
  });
});
