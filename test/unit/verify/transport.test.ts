// How the verifier sends and reads requests (exchange.ts, raw.ts, operations.ts), builds hostile
// input (hostile.ts) and samples (samples.ts), and derives seeds (seed.ts), called in-process
// against a node:http server in the test process: exact bytes on the wire, credentials attached as
// the client attaches them, and every outcome (JSON, not JSON, timeout, refused connection).
import dns from 'node:dns';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkMessage, sendJson, sendRaw } from '../../../src/verify/exchange.js';
import { hostileCases, type HostileCase } from '../../../src/verify/hostile.js';
import {
  credentialHeaderOf,
  operations,
  readOperations,
  send,
  urlPathOf,
  variantLabel,
  type Operation,
} from '../../../src/verify/operations.js';
import { isFailure, rawRequest, rawSocket } from '../../../src/verify/raw.js';
import { findNodes, firstNode, validSample } from '../../../src/verify/samples.js';
import { expand } from '../../../src/verify/schema.js';
import { seedsOf } from '../../../src/verify/seed.js';
import { spec, specPath } from '../../../src/verify/spec.js';
import { json, startServer, type TestServer } from '../../support/verify-server.js';

const op = (id: string): Operation => operations.find((o) => o.id === id)!;
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';

let server: TestServer;
let closedPort: number;
beforeAll(async () => {
  server = await startServer();
  const closed = createNetServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await server.close();
});
const last = () => server.received[server.received.length - 1]!;
/** A server on `host` that answers 200 and records the URLs it was asked for. */
async function startServerOn(host: string) {
  const urls: string[] = [];
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, urls, port: (server.address() as { port: number }).port };
}
/**
 * Awaits a raw call and checks its `ms`: the time the call took, so at most the time measured
 * around it.
 */
async function timed<T extends { ms: number }>(call: () => Promise<T>): Promise<T> {
  const before = Date.now();
  const result = await call();
  expect(result.ms).toBeGreaterThanOrEqual(0);
  expect(result.ms).toBeLessThanOrEqual(Date.now() - before);
  return result;
}
/** A TCP server on 127.0.0.1 that answers each connection with `answer`; close() it after. */
async function listenNet(
  answer: (socket: import('node:net').Socket) => void,
): Promise<{ server: NetServer; port: number }> {
  const server = createNetServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('the spec and the operations', () => {
  it("reads this package's generated/openapi.json and every operation in it", () => {
    expect(specPath.endsWith('generated/openapi.json')).toBe(true);
    expect(spec.openapi).toBe('3.1.0');
    expect(operations.map((o) => `${o.method} ${o.id}`)).toEqual([
      'put putSignalsConfiguration',
      'post loginSocial',
      'patch updateAnnotationTemplate',
      'post logTraces',
      'post createLuna3ScorerVersion',
      'post applyBulkFeedbackV2',
      'post createOrVerifyUser',
    ]);
    expect(op('putSignalsConfiguration')).toMatchObject({
      bodyRequired: true,
      schemes: ['APIKeyHeader', 'ClassicAPIKeyHeader', 'OAuth2PasswordBearer', 'HTTPBasic'],
    });
    expect(op('putSignalsConfiguration').pathParameters.map((p) => [p.name, p.schema])).toEqual([
      ['project_id', { type: 'string', format: 'uuid' }],
      ['run_id', { type: 'string', format: 'uuid' }],
    ]);
    expect(op('loginSocial')).toMatchObject({
      bodyRequired: false,
      schemes: ['OAuth2PasswordBearer'],
      pathParameters: [],
    });
    expect(op('createOrVerifyUser').schemes).toEqual([]);
  });

  it('refuses a document the generator cannot serve: a parameter not in the path, an operation without a JSON body', () => {
    const document = (operation: Record<string, unknown>) => ({
      ...spec,
      paths: { '/v2/things/{id}': { post: { operationId: 'makeThing', ...operation } } },
    });
    const json = { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } };
    expect(() =>
      readOperations(
        document({
          ...json,
          parameters: [
            { name: 'id', in: 'path' },
            { name: 'q', in: 'query' },
            { name: 'h', in: 'header' },
          ],
        }),
      ),
    ).toThrow('makeThing: the generator does not generate query, header parameters yet');
    expect(() =>
      readOperations(document({ requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } } })),
    ).toThrow('makeThing: no application/json request body');
    expect(() => readOperations(document({}))).toThrow('makeThing: no application/json request body');
    expect(() => readOperations(document({ requestBody: {} }))).toThrow('makeThing: no application/json request body');
    // no operation is skipped: an OPTIONS beside the spec's own is refused too
    const social = spec.paths['/v2/login/social']!;
    expect(() =>
      readOperations({
        ...spec,
        paths: { ...spec.paths, '/v2/login/social': { ...social, options: { operationId: 'preflight' } } },
      }),
    ).toThrow('preflight: no application/json request body');
    // the spec's own document is read by default, everything but the compiled validators alike
    const data = (list: Operation[]) =>
      list.map(({ validateRequest, validateResponse, ...rest }) => ({
        ...rest,
        validators: [typeof validateRequest, typeof validateResponse],
      }));
    expect(data(readOperations())).toEqual(data(operations));
    expect(data(operations).map((o) => [o.id, o.bodyRequired, o.pathParameters.map((p) => p.name)])).toEqual([
      ['putSignalsConfiguration', true, ['project_id', 'run_id']],
      ['loginSocial', false, []],
      ['updateAnnotationTemplate', false, ['project_id', 'template_id']],
      ['logTraces', false, ['project_id']],
      ['createLuna3ScorerVersion', false, ['scorer_id']],
      ['applyBulkFeedbackV2', false, ['project_id']],
      ['createOrVerifyUser', false, []],
    ]);
  });

  it("the message of a network error: fetch's cause, by its code or its message", () => {
    expect(
      networkMessage(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      ),
    ).toBe('fetch failed (ECONNREFUSED)');
    expect(networkMessage(new TypeError('fetch failed', { cause: new Error('bad port') }))).toBe(
      'fetch failed (bad port)',
    );
    expect(networkMessage(new TypeError('x is not a function'))).toBe('x is not a function');
  });

  it('names a variant by its union choices', () => {
    expect(variantLabel(op('loginSocial').variants[0]!)).toBe('id_token: type string / provider: type string');
    expect(variantLabel(expand({ type: 'string' })[0]!)).toBe('(single shape)');
    expect(variantLabel(expand({ oneOf: [{ title: 'A', type: 'string' }] })[0]!)).toBe('oneOf[0] A');
    // choices made at one place, one inside the other
    expect(
      variantLabel(
        expand({ oneOf: [{ anyOf: [{ title: 'A', type: 'string' }, { type: 'integer' }] }, { type: 'null' }] })[0]!,
      ),
    ).toBe('oneOf[0] schema › anyOf[0] A');
  });

  it('fills the path parameters, encoded as a client would or as they are', () => {
    const template = op('updateAnnotationTemplate');
    expect(urlPathOf(template, { project_id: 'a b/c', template_id: TEMPLATE })).toBe(
      `/v2/projects/a%20b%2Fc/annotation/templates/${TEMPLATE}`,
    );
    expect(urlPathOf(template, { project_id: '../x', template_id: TEMPLATE }, false)).toBe(
      `/v2/projects/../x/annotation/templates/${TEMPLATE}`,
    );
    expect(() => urlPathOf(template, { project_id: PROJECT })).toThrow(
      'updateAnnotationTemplate: no value for path parameter template_id',
    );
  });

  it('the credential header of a raw request: the first scheme of the operation held', () => {
    const signals = op('putSignalsConfiguration');
    expect(credentialHeaderOf(signals, { apiKey: 'a', classicApiKey: 'c' })).toEqual({ 'Service-AO-API-Key': 'a' });
    expect(credentialHeaderOf(op('updateAnnotationTemplate'), { apiKey: 'a', classicApiKey: 'c' })).toEqual({
      'Service-API-Key': 'c',
    });
    expect(credentialHeaderOf(signals, { classicApiKey: 'c' })).toEqual({ 'Service-API-Key': 'c' });
    expect(credentialHeaderOf(signals, { accessToken: 't', basic: { username: 'u', password: 'p' } })).toEqual({
      authorization: 'Bearer t',
    });
    expect(credentialHeaderOf(signals, { basic: { username: 'ada', password: 'p:w' } })).toEqual({
      authorization: `Basic ${Buffer.from('ada:p:w').toString('base64')}`,
    });
    expect(credentialHeaderOf(signals, {})).toEqual({});
    expect(credentialHeaderOf(op('createOrVerifyUser'), { apiKey: 'a' })).toEqual({});
  });
});

describe('seeds', () => {
  it("one number replays a run: each generator's seed comes from its name and the run's seed", () => {
    const a = seedsOf(42);
    expect(a('x')).toBe(seedsOf(42)('x'));
    expect(a('x')).not.toBe(a('y'));
    expect(a('x')).not.toBe(seedsOf(43)('x'));
    expect(a('xy')).not.toBe(a('yx'));
    expect(seedsOf(0)('')).toBe(0x811c9dc5);
    expect(seedsOf(0)('a')).toBe(0xe40c292c);
    expect(seedsOf(1)('a')).toBe(0xe50c2abf);
    expect(seedsOf(0)('loginSocial#valid#0')).toBeGreaterThanOrEqual(0);
  });
});

describe('samples', () => {
  it('a valid request of a variant, every optional field filled, the same for the same name', () => {
    const template = op('updateAnnotationTemplate');
    const sample = validSample(template, 'verify', seedsOf(1));
    expect(Object.keys(sample.path)).toEqual(['project_id', 'template_id']);
    expect(Object.keys(sample.body as object).sort()).toEqual(['criteria', 'name']);
    expect(template.validateRequest(sample.body)).toBe(true);
    expect(validSample(template, 'verify', seedsOf(1))).toEqual(sample);
    expect(validSample(template, 'other', seedsOf(1))).not.toEqual(sample);
    expect(validSample(template, 'other', seedsOf(1)).body).not.toEqual(sample.body);
    expect(sample.path.project_id).not.toBe(sample.path.template_id);
    // every optional field of every operation's first variant is filled
    for (const o of operations) {
      const body = validSample(o, 'verify', seedsOf(1)).body as Record<string, unknown>;
      expect(Object.keys(body).sort(), o.id).toEqual(Object.keys(o.variants[0]!.properties).sort());
    }
    expect(validSample(template, 'verify', seedsOf(1), 3)).not.toEqual(sample);
    expect(() => validSample(template, 'verify', seedsOf(1), 99)).toThrow('updateAnnotationTemplate has no variant 99');
    expect(() =>
      validSample(
        { ...template, validateRequest: op('putSignalsConfiguration').validateRequest },
        'verify',
        seedsOf(1),
      ),
    ).toThrow('generator bug: the sample verify of updateAnnotationTemplate is invalid');
  });

  it('finds nodes by shape across operations, preferring operations whose body is required', () => {
    const integers = findNodes((node) => node.type === 'integer', [op('loginSocial'), op('applyBulkFeedbackV2')]);
    expect(integers.every((f) => f.op.id === 'applyBulkFeedbackV2')).toBe(true);
    expect(integers.length).toBeGreaterThan(0);
    expect(findNodes((node) => node.type === 'integer').some((f) => f.op.id === 'putSignalsConfiguration')).toBe(true);
    const strings = findNodes((node, path) => node.type === 'string' && path.length === 1, [op('loginSocial')]);
    expect(strings.map((f) => [f.variantIndex, f.path, f.trail])).toEqual([
      [0, ['id_token'], ['type string']],
      [0, ['provider'], ['type string']],
      [1, ['id_token'], ['type string']],
      [2, ['provider'], ['type string']],
    ]);
    expect(firstNode((node) => node.type === 'string' && node.keywords.minLength === 1).op.id).toBe(
      'putSignalsConfiguration',
    );
    // a later operation whose body is required comes first; without one, the first found
    const optionalFirst = [op('loginSocial'), op('logTraces'), op('putSignalsConfiguration')];
    expect(optionalFirst.map((o) => o.bodyRequired)).toEqual([false, false, true]);
    expect(firstNode((node) => node.type === 'string', optionalFirst).op.id).toBe('putSignalsConfiguration');
    expect(firstNode((node) => node.type === 'string', optionalFirst.slice(0, 2)).op.id).toBe('loginSocial');
    expect(() => firstNode(() => false)).toThrow('no field of the spec has the shape this hostile case needs');
  });
});

describe('hostile cases', () => {
  const template = op('updateAnnotationTemplate');
  const sample = {
    path: { project_id: PROJECT, template_id: TEMPLATE },
    body: { name: 'Answer', criteria: 'Is "it" right?' },
  };
  // Built before each test, not when the file loads: Stryker activates a mutant only while the tests run.
  let cases: HostileCase[];
  beforeEach(() => {
    cases = hostileCases(template, sample, { 'Service-API-Key': 'k' });
  });
  const body = (label: string) => {
    const found = cases.find((c) => c.label === label);
    expect(found, label).toBeDefined();
    return Buffer.isBuffer(found!.request.body) ? found!.request.body : Buffer.from(found!.request.body ?? '');
  };
  const text = JSON.stringify(sample.body);

  it("each is a raw request with the credential, on the sample's path", () => {
    expect(cases.map((c) => c.label)).toEqual([
      'invalid JSON: truncated document',
      'invalid JSON: single-quoted strings',
      'invalid JSON: trailing comma',
      'content-type text/plain with a valid JSON body',
      'content-type application/x-www-form-urlencoded',
      'empty body',
      'the document null instead of an object',
      'the document [] instead of an object',
      'the document "text" instead of an object',
      'the document 123 instead of an object',
      'arrays nested 10,000 deep as the whole body',
      'UTF-8 byte order mark before the document',
      'a 1 MiB string at name',
      'a lone surrogate (\\ud800) at name',
      'invalid UTF-8 bytes (FF FE) at name',
      'a truncated UTF-8 sequence (E2 82) at name',
      'NaN at name',
      'a duplicate key name (the last value valid)',
      'a property named "名前"',
      'a property named "😀"',
      'a property named "new\\nline"',
      'null in name',
      'null in criteria',
      'path parameter project_id = ..',
      'path parameter project_id = %2e%2e',
      'path parameter project_id = ..%2f..%2f',
      'path parameter project_id = 8192 characters',
    ]);
    for (const c of cases.slice(0, 23)) {
      expect(c.request.method).toBe('PATCH');
      expect(c.request.path).toBe(`/v2/projects/${PROJECT}/annotation/templates/${TEMPLATE}`);
      expect(c.request.headers!['Service-API-Key']).toBe('k');
    }
    expect(cases.filter((c) => c.request.headers!['content-type'] === 'application/json')).toHaveLength(25);
    expect(cases[3]!.request.headers!['content-type']).toBe('text/plain');
    expect(cases[4]!.request.headers!['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('exact bodies', () => {
    expect(body('invalid JSON: truncated document').toString()).toBe(text.slice(0, Math.ceil(text.length / 2)));
    expect(body('invalid JSON: single-quoted strings').toString()).toBe(
      `{'name':'Answer','criteria':'Is \\'it\\' right?'}`,
    );
    expect(body('invalid JSON: trailing comma').toString()).toBe(`${text.slice(0, -1)},}`);
    expect(body('content-type text/plain with a valid JSON body').toString()).toBe(text);
    expect(body('content-type application/x-www-form-urlencoded').toString()).toBe('a=1&b=2');
    expect(body('empty body').toString()).toBe('');
    expect(body('the document [] instead of an object').toString()).toBe('[]');
    expect(body('arrays nested 10,000 deep as the whole body').toString()).toBe(
      '['.repeat(10_000) + ']'.repeat(10_000),
    );
    expect([...body('UTF-8 byte order mark before the document')]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from(text)]);
    expect(body('a 1 MiB string at name').toString()).toBe(
      `{"name":"${'x'.repeat(1 << 20)}","criteria":"Is \\"it\\" right?"}`,
    );
    expect(body('a lone surrogate (\\ud800) at name').toString()).toBe(
      '{"name":"a\\ud800b","criteria":"Is \\"it\\" right?"}',
    );
    expect([...body('invalid UTF-8 bytes (FF FE) at name')]).toEqual([
      ...Buffer.from('{"name":"ok'),
      0xff,
      0xfe,
      ...Buffer.from('ok","criteria":"Is \\"it\\" right?"}'),
    ]);
    expect([...body('a truncated UTF-8 sequence (E2 82) at name')]).toEqual([
      ...Buffer.from('{"name":"ok'),
      0xe2,
      0x82,
      ...Buffer.from('ok","criteria":"Is \\"it\\" right?"}'),
    ]);
    expect(body('NaN at name').toString()).toBe('{"name":NaN,"criteria":"Is \\"it\\" right?"}');
    expect(body('a duplicate key name (the last value valid)').toString()).toBe(
      '{"name":123,"name":"x","criteria":"Is \\"it\\" right?"}',
    );
    expect(body('a property named "new\\nline"').toString()).toBe(`${text.slice(0, -1)},"new\\nline":1}`);
    expect(body('null in criteria').toString()).toBe('{"name":"Answer","criteria":null}');
    const traversal = cases.find((c) => c.label === 'path parameter project_id = %2e%2e')!.request;
    expect(traversal).toEqual({
      method: 'PATCH',
      path: `/v2/projects/%2e%2e/annotation/templates/${TEMPLATE}`,
      headers: { 'content-type': 'application/json', 'Service-API-Key': 'k' },
      body: text,
    });
    expect(cases.at(-1)!.request.path).toBe(`/v2/projects/${'a'.repeat(8192)}/annotation/templates/${TEMPLATE}`);
  });

  it('the free-text field is a bounded string first, then the shallowest; none when the body has no such string', () => {
    const social = op('loginSocial');
    expect(
      hostileCases(social, { path: {}, body: { id_token: 't', provider: 'p' } }, {}).some(
        (c) => c.label === 'NaN at id_token',
      ),
    ).toBe(true);
    // name is bounded (maxLength 255), criteria is not
    expect(
      hostileCases(template, { ...sample, body: { criteria: 'c', name: 'n' } }, {}).some(
        (c) => c.label === 'NaN at name',
      ),
    ).toBe(true);
    expect(
      hostileCases(template, { ...sample, body: { criteria: 'c' } }, {}).some((c) => c.label === 'NaN at criteria'),
    ).toBe(true);
    const none = hostileCases(template, { ...sample, body: { name: null } }, {});
    expect(none.some((c) => c.label.startsWith('NaN'))).toBe(false);
    expect(none.some((c) => c.label === 'null in name')).toBe(true);
    // a document that is not an object has no property cases
    const list = hostileCases(template, { ...sample, body: ['x'] }, {});
    expect(list.some((c) => c.label.startsWith('a property named'))).toBe(false);
    expect(hostileCases(template, { ...sample, body: null }, {}).some((c) => c.label.startsWith('null in'))).toBe(
      false,
    );
    // an operation without path parameters has no traversal case
    expect(hostileCases(social, { path: {}, body: {} }, {}).some((c) => c.label.startsWith('path parameter'))).toBe(
      false,
    );
    expect(hostileCases(social, { path: {}, body: {} }, {}).some((c) => c.label.includes(' at '))).toBe(false);
  });

  it('the body itself, items of arrays, and fields under a null are not free-text fields; the shallowest wins', () => {
    const of = (schema: Record<string, unknown>, body: unknown) =>
      hostileCases(
        { ...template, pathParameters: [], path: '/x', variants: expand(schema) },
        { path: {}, body: body as never },
        {},
      )
        .map((c) => c.label)
        .filter((l) => l.includes(' at '));
    expect(of({ type: 'string' }, 'text')).toEqual([]);
    expect(
      of({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }, { tags: ['a'] }),
    ).toEqual([]);
    expect(
      of(
        { type: 'object', properties: { outer: { type: ['object', 'null'], properties: { s: { type: 'string' } } } } },
        { outer: null },
      ),
    ).toEqual([]);
    expect(
      of(
        {
          type: 'object',
          properties: { deep: { type: 'object', properties: { s: { type: 'string' } } }, top: { type: 'string' } },
        },
        { deep: { s: 'x' }, top: 'y' },
      )[0],
    ).toBe('a 1 MiB string at top');
    expect(
      of(
        {
          type: 'object',
          properties: {
            deep: { type: 'object', properties: { s: { type: 'string', maxLength: 9 } } },
            top: { type: 'string' },
          },
        },
        { deep: { s: 'x' }, top: 'y' },
      )[0],
    ).toBe('a 1 MiB string at deep.s');
    expect(
      of(
        {
          type: 'object',
          properties: {
            top: { type: 'string' },
            deep: { type: 'object', properties: { s: { type: 'string', maxLength: 9 } } },
          },
        },
        { top: 'y', deep: { s: 'x' } },
      )[0],
    ).toBe('a 1 MiB string at deep.s');
    // a field of any type that holds a string, or a const, is not a free-text string field
    expect(of({ type: 'object', properties: { any: {}, s: { type: 'string' } } }, { any: 'text', s: 'y' })[0]).toBe(
      'a 1 MiB string at s',
    );
    expect(of({ type: 'object', properties: { k: { type: 'string', const: 'x' } } }, { k: 'x' })).toEqual([]);
  });

  it("the trailing comma goes before the document's last bracket, and a document that is not an object has no property cases", () => {
    const cases = hostileCases(
      { ...template, pathParameters: [], path: '/x', variants: expand({ type: 'object' }) },
      { path: {}, body: { o: { x: [1] } } },
      {},
    );
    expect(cases.find((c) => c.label === 'invalid JSON: trailing comma')!.request.body).toBe('{"o":{"x":[1]},}');
    const text = hostileCases(
      { ...template, pathParameters: [], path: '/x', variants: expand({ type: 'string' }) },
      { path: {}, body: 'text' },
      {},
    );
    expect(text.filter((c) => c.label.startsWith('a property named') || c.label.startsWith('null in'))).toEqual([]);
  });

  it('strings with a pattern, a format, an enum or a const, or inside arrays, are not free text', () => {
    const signals = op('putSignalsConfiguration');
    const labels = hostileCases(
      signals,
      {
        path: { project_id: PROJECT, run_id: PROJECT },
        body: {
          model: 'gpt',
          run_mode: 'SCHEDULED',
          start_date: '2026-01-01',
          schedule: { cron: '* * * * *', type: 'CRON', timezone: 'UTC' },
        },
      },
      {},
    ).map((c) => c.label);
    expect(labels).toContain('NaN at model');
    const noModel = hostileCases(
      signals,
      {
        path: { project_id: PROJECT, run_id: PROJECT },
        body: {
          run_mode: 'SCHEDULED',
          start_date: '2026-01-01',
          schedule: { cron: '* * * * *', type: 'CRON', timezone: 'UTC' },
        },
      },
      {},
    ).map((c) => c.label);
    expect(noModel).toContain('NaN at schedule.timezone');
  });
});

describe('raw requests', () => {
  it("sends method, path, headers and body as they are, under the base URL's prefix", async () => {
    server.handle((request, response) => json(response, 201, { got: request.body }, { 'x-echo': request.url }));
    const result = await timed(() =>
      rawRequest(`${server.baseUrl}/prefix//`, {
        method: 'PATCH',
        path: '/a/../b/%2e%2e',
        headers: { 'content-type': 'text/plain', 'x-k': 'v' },
        body: Buffer.from([0xff, 0x41]),
      }),
    );
    expect(isFailure(result)).toBe(false);
    if (isFailure(result)) return;
    expect(result.status).toBe(201);
    expect(result.headers['x-echo']).toBe('/prefix/a/../b/%2e%2e');
    expect(result.body).toBe(JSON.stringify({ got: '\uFFFDA' }));
    expect(last()).toMatchObject({
      method: 'PATCH',
      url: '/prefix/a/../b/%2e%2e',
      headers: { 'content-type': 'text/plain', 'x-k': 'v' },
    });
    const byPort = await rawRequest(server.port, { method: 'GET', path: '/x' });
    expect(isFailure(byPort) ? byPort.failure : byPort.status).toBe(201);
    expect(last()).toMatchObject({ method: 'GET', url: '/x', body: '' });
  });

  it('reports a refused connection by its code, and a hang as a timeout', async () => {
    const refused = await timed(() => rawRequest(closedPort, { method: 'GET', path: '/' }));
    expect(refused).toMatchObject({ failure: 'ECONNREFUSED' });
    server.handle(() => undefined);
    const started = Date.now();
    const hung = await timed(() => rawRequest(server.baseUrl, { method: 'GET', path: '/', timeoutMs: 100 }));
    expect(hung).toMatchObject({ failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((hung as { ms: number }).ms).toBeGreaterThanOrEqual(90);
  });

  it('speaks TLS to an https base URL, and IPv6 hosts in brackets', async () => {
    server.handle((_, response) => json(response, 200, {}));
    // a TLS handshake with a server that speaks plain HTTP fails
    const tls = await rawRequest(`https://127.0.0.1:${server.port}`, { method: 'GET', path: '/', timeoutMs: 2000 });
    expect(isFailure(tls)).toBe(true);
    const v6 = await startServerOn('::1');
    try {
      const answered = await rawRequest(`http://[::1]:${v6.port}/p`, { method: 'GET', path: '/q' });
      expect(isFailure(answered) ? answered.failure : answered.status).toBe(200);
      const bare = await rawRequest(`http://[::1]:${v6.port}`, { method: 'GET', path: '/r' });
      expect(isFailure(bare) ? bare.failure : bare.status).toBe(200);
      expect(v6.urls).toEqual(['/p/q', '/r']);
    } finally {
      v6.server.close();
    }
  });

  it("reads responses with Node's strict HTTP parser: what only the lenient one accepts is a failure", async () => {
    // Each of these a lenient (insecureHTTPParser) client reads as 200 "ok".
    const sloppy: [string, string][] = [
      ['HTTP/1.1 200 OK\r\nX: a\x01b\r\nContent-Length: 2\r\n\r\nok', 'HPE_INVALID_HEADER_TOKEN'],
      [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\nok\r\n0\r\n\r\n',
        'HPE_INVALID_CONTENT_LENGTH',
      ],
      ['HTTP/1.1 200 OK\nContent-Length: 2\n\nok', 'HPE_CR_EXPECTED'],
      ['HTTP/1.1 200 OK\r\nBad Header Line\r\nContent-Length: 2\r\n\r\nok', 'HPE_INVALID_HEADER_TOKEN'],
    ];
    for (const [bytes, failure] of sloppy) {
      const { server: talker, port } = await listenNet((socket) => socket.on('data', () => socket.end(bytes)));
      try {
        expect(await rawRequest(port, { method: 'GET', path: '/' })).toMatchObject({ failure });
      } finally {
        talker.close();
      }
    }
  });

  it('reports a response cut short as the socket error', async () => {
    server.handle((_, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
      setTimeout(() => response.destroy(), 20);
    });
    const cut = await timed(() => rawRequest(server.baseUrl, { method: 'GET', path: '/', timeoutMs: 2000 }));
    // the code, not Node's message ('aborted')
    expect(cut).toMatchObject({ failure: 'ECONNRESET' });
  });

  it('raw bytes on a socket: the status of the first response, or why there is none', async () => {
    server.handle((_, response) => json(response, 202, { ok: true }));
    const ok = await timed(() => rawSocket(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(ok).toMatchObject({ status: 202, headers: {} });
    const bad = await rawSocket(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(isFailure(bad) ? bad.failure : bad.status).toBe(400);
    expect(await timed(() => rawSocket(closedPort, 'x'))).toMatchObject({ failure: 'ECONNREFUSED' });
    const silent = await listenNet((socket) => socket.on('data', () => undefined));
    const talker = await listenNet((socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n'));
    const closer = await listenNet((socket) => socket.end());
    const partial = await listenNet((socket) => socket.write('HTTP/1.1 204 No Content\r\n'));
    const whole = await listenNet((socket) => socket.write('HTTP/1.0 203 X\r\nContent-Length: 5\r\n\r\nhello'));
    try {
      expect(await timed(() => rawSocket(silent.port, 'GET / HTTP/1.1\r\n\r\n', 100))).toMatchObject({
        failure: 'timeout',
      });
      expect(await timed(() => rawSocket(talker.port, 'GET / HTTP/1.1\r\n\r\n'))).toMatchObject({
        failure: 'not HTTP: SSH-2.0-OpenSSH\r\n\r\n',
      });
      expect(await timed(() => rawSocket(closer.port, 'GET / HTTP/1.1\r\n\r\n'))).toMatchObject({
        failure: 'closed without a response',
      });
      expect(await timed(() => rawSocket(partial.port, 'GET / HTTP/1.1\r\n\r\n', 100))).toMatchObject({ status: 204 });
      expect(await rawSocket(whole.port, 'GET / HTTP/1.1\r\n\r\n')).toMatchObject({ status: 203, body: 'hello' });
    } finally {
      for (const s of [silent, talker, closer, partial, whole]) s.server.close();
    }
  });

  it('raw bytes on a socket: a response is read once its header block is complete, however it arrives', async () => {
    // the status line cut in two, the header block's end in a later packet with the body
    const { server: slow, port } = await listenNet((socket) =>
      socket.on('data', () => {
        socket.write('HTTP/1.1 2');
        setTimeout(() => socket.write('01 Created\r\nA: b\r\n'), 30);
        setTimeout(() => socket.write('\r\nhi'), 60);
      }),
    );
    try {
      expect(await rawSocket(port, 'GET / HTTP/1.1\r\n\r\n', 2000)).toMatchObject({ status: 201, body: 'hi' });
    } finally {
      slow.close();
    }
  });

  it('raw bytes on a socket: an answer is HTTP only if it starts with a status line; else its first 80 characters are said', async () => {
    const long = `220 mail.example ESMTP ${'x'.repeat(100)}\r\n\r\n`;
    const answers = [`x HTTP/1.1 200 OK\r\n\r\n`, long, 'HTTP/2 200\r\n\r\n', 'HTTP/1.1 20 OK\r\n\r\n'];
    for (const answer of answers) {
      const { server: talker, port } = await listenNet((socket) => socket.end(answer));
      try {
        expect(await rawSocket(port, 'GET / HTTP/1.1\r\n\r\n', 2000)).toMatchObject({
          failure: `not HTTP: ${answer.slice(0, 80)}`,
        });
      } finally {
        talker.close();
      }
    }
  });

  it('raw bytes on a socket: to 127.0.0.1, whatever localhost resolves to', async () => {
    // a machine where localhost is ::1 only
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((
      _host: string,
      options: unknown,
      callback: (...args: unknown[]) => void,
    ) => {
      const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
      if (all) callback(null, [{ address: '::1', family: 6 }]);
      else callback(null, '::1', 6);
    }) as unknown as typeof dns.lookup);
    server.handle((_, response) => json(response, 202, {}));
    try {
      expect(
        await rawSocket(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 2000),
      ).toMatchObject({ status: 202 });
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('exchanges', () => {
  const social = op('loginSocial');

  it('a JSON request goes through the client, with its credential; the answer is parsed', async () => {
    server.handle((request, response) =>
      json(response, 200, { access_token: request.headers.authorization, token_type: 'bearer' }),
    );
    const before = performance.now();
    const { outcome, ms } = await sendJson(
      server.baseUrl,
      social,
      { path: {}, body: { provider: 'google' } },
      { accessToken: 'tok' },
      2000,
    );
    const elapsed = performance.now() - before;
    expect(outcome).toEqual({
      type: 'response',
      status: 200,
      contentType: 'application/json',
      body: { access_token: 'Bearer tok', token_type: 'bearer' },
    });
    // the exchange's own duration
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(elapsed);
    expect(last()).toMatchObject({ method: 'POST', url: '/v2/login/social', body: '{"provider":"google"}' });
    await sendJson(server.baseUrl, social, { path: {}, body: undefined }, {}, 2000);
    expect(last()).toMatchObject({ body: '' });
    expect(last().headers.authorization).toBeUndefined();
    const error = await sendJson(server.baseUrl, social, { path: {}, body: {} }, {}, 2000);
    expect(error.outcome).toMatchObject({ type: 'response', status: 200 });
    server.handle((_, response) => json(response, 422, { detail: [] }));
    expect((await sendJson(server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'response',
      status: 422,
      contentType: 'application/json',
      body: { detail: [] },
    });
  });

  it('a status the operation does not document (which the client refuses): judged by its content type and body as a raw answer is', async () => {
    const answer = (status: number, contentType: string, body: string) =>
      server.handle((_, response) => {
        response.writeHead(status, { 'content-type': contentType });
        response.end(body);
      });
    const outcome = async () => (await sendJson(server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome;
    answer(401, 'application/json', '{"detail":"Not authenticated"}');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 401,
      contentType: 'application/json',
      body: { detail: 'Not authenticated' },
    });
    answer(503, 'application/json', ' ');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 503,
      contentType: 'application/json',
      body: undefined,
      notJson: 'empty body',
    });
    answer(503, 'application/json', '{"detail"');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 503,
      contentType: 'application/json',
      body: undefined,
      notJson: 'invalid JSON',
    });
  });

  it('a body that is not JSON, a timeout, a refused connection, a request the client will not send', async () => {
    server.handle((_, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<h1>oops</h1>');
    });
    expect((await sendJson(server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'response',
      status: 500,
      contentType: 'text/html',
      body: undefined,
      notJson: 'not JSON',
    });
    server.handle(() => undefined);
    expect((await sendJson(server.baseUrl, social, { path: {}, body: {} }, {}, 100)).outcome).toEqual({
      type: 'timeout',
    });
    expect(
      (await sendJson(`http://127.0.0.1:${closedPort}`, social, { path: {}, body: {} }, {}, 2000)).outcome,
    ).toEqual({ type: 'network error', message: 'fetch failed (ECONNREFUSED)' });
    // 6000 is one of fetch's bad ports: a cause with a message and no code
    expect((await sendJson('http://127.0.0.1:6000', social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'network error',
      message: 'fetch failed (bad port)',
    });
    const template = op('updateAnnotationTemplate');
    expect(
      (
        await sendJson(
          server.baseUrl,
          template,
          { path: { project_id: '..', template_id: TEMPLATE }, body: {} },
          { apiKey: 'k' },
          2000,
        )
      ).outcome,
    ).toEqual({ type: 'not sent', reason: 'InvalidPathParameterError' });
    expect(
      (
        await sendJson(
          server.baseUrl,
          template,
          { path: { project_id: PROJECT, template_id: TEMPLATE }, body: {} },
          { apiKey: 'bad\nkey' },
          2000,
        )
      ).outcome,
    ).toEqual({ type: 'not sent', reason: 'InvalidCredentialError' });
  });

  it('send(): status, headers and the data or error body', async () => {
    server.handle((_, response) => json(response, 200, { a: 1 }, { 'x-y': 'z' }));
    const sent = await send(
      server.baseUrl,
      op('updateAnnotationTemplate'),
      { path: { project_id: PROJECT, template_id: TEMPLATE }, body: { name: 'n' } },
      { classicApiKey: 'ck' },
    );
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-y')).toBe('z');
    expect(sent.body).toEqual({ a: 1 });
    expect(last()).toMatchObject({
      method: 'PATCH',
      url: `/v2/projects/${PROJECT}/annotation/templates/${TEMPLATE}`,
      body: '{"name":"n"}',
      headers: { 'service-api-key': 'ck' },
    });
    server.handle(() => undefined);
    await expect(send(server.baseUrl, op('loginSocial'), { path: {}, body: {} }, {}, 50)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('a raw request: JSON media types parsed, anything else said as not JSON, empty or invalid', async () => {
    const answer = (contentType: string | undefined, body: string) =>
      server.handle((_, response) => {
        response.writeHead(400, contentType === undefined ? {} : { 'content-type': contentType });
        response.end(body);
      });
    const raw = { method: 'POST', path: '/v2/login/social', body: '{' };
    answer('application/json', '{"detail":"x"}');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toEqual({
      type: 'response',
      status: 400,
      contentType: 'application/json',
      body: { detail: 'x' },
    });
    answer('Application/Problem+JSON; charset=utf-8', '[1]');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({ status: 400, body: [1] });
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).not.toHaveProperty('notJson');
    answer('application/json ;charset=utf-8', '1');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({ body: 1 });
    answer('application/jsonx', '{}');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({ notJson: 'not JSON', body: undefined });
    answer('text/plain; x=application/json', '{}');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({ notJson: 'not JSON' });
    answer(undefined, '{}');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toEqual({
      type: 'response',
      status: 400,
      contentType: null,
      body: undefined,
      notJson: 'not JSON',
    });
    answer('application/json', ' \n ');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({ notJson: 'empty body' });
    answer('application/json', '{"a":');
    expect((await sendRaw(server.baseUrl, raw, 2000)).outcome).toMatchObject({
      notJson: 'invalid JSON',
      body: undefined,
    });
    server.handle(() => undefined);
    expect(await sendRaw(server.baseUrl, raw, 100)).toMatchObject({ outcome: { type: 'timeout' } });
    expect((await sendRaw(`http://127.0.0.1:${closedPort}`, raw, 2000)).outcome).toEqual({
      type: 'network error',
      message: 'ECONNREFUSED',
    });
  });
});
