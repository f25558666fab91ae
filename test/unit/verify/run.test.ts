// The verifier's run (src/verify/run.ts) called in-process: the exact plan of requests per
// operation, and verify() against a node:http server in the test process: counts, latency, each
// fault grouped once with its shortest example, the rules judging only schema-valid 200s, the
// operation given up after three timeouts, requests the client refuses, progress and concurrency.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations, type Operation } from '../../../src/verify/operations.js';
import {
  credentialOptional,
  heldSchemes,
  planOperation,
  verify,
  type OperationPlan,
  type VerifyOptions,
} from '../../../src/verify/run.js';
import { expand, inline, type RawSchema } from '../../../src/verify/schema.js';
import { validatorOf } from '../../../src/verify/validate.js';
import { json, startServer, type Handler, type TestServer } from '../../support/verify-server.js';

const op = (id: string): Operation => operations.find((o) => o.id === id)!;
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const credentials = { accessToken: 'tok-123456', classicApiKey: 'classic-9876' };
const kinds = (plan: OperationPlan) =>
  plan.tasks.reduce<Record<string, number>>((n, t) => ({ ...n, [t.kind]: (n[t.kind] ?? 0) + 1 }), {});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const options = (over: Partial<VerifyOptions> = {}) => ({
  baseUrl: server.baseUrl,
  concurrency: 4,
  timeoutMs: 2000,
  seed: 1,
  ...over,
});

describe('credentials', () => {
  it('an operation may be called without one when the spec says so', () => {
    expect(credentialOptional(op('loginSocial'))).toBe(true);
    expect(credentialOptional(op('createOrVerifyUser'))).toBe(true);
    expect(credentialOptional(op('putSignalsConfiguration'))).toBe(false);
    expect(credentialOptional({ ...op('loginSocial'), path: '/elsewhere', schemes: [] })).toBe(true);
    expect(credentialOptional({ ...op('loginSocial'), path: '/elsewhere', schemes: ['HTTPBasic'] })).toBe(false);
  });

  it('the schemes held are those of the operation, in its order', () => {
    expect(heldSchemes(op('updateAnnotationTemplate'), { apiKey: 'a', classicApiKey: 'c' })).toEqual([
      'ClassicAPIKeyHeader',
      'APIKeyHeader',
    ]);
    expect(heldSchemes(op('putSignalsConfiguration'), { apiKey: 'a', classicApiKey: 'c' })).toEqual([
      'APIKeyHeader',
      'ClassicAPIKeyHeader',
    ]);
    expect(
      heldSchemes(op('putSignalsConfiguration'), { accessToken: 't', basic: { username: 'u', password: 'p' } }),
    ).toEqual(['OAuth2PasswordBearer', 'HTTPBasic']);
    expect(heldSchemes(op('putSignalsConfiguration'), {})).toEqual([]);
    expect(heldSchemes(op('createOrVerifyUser'), { apiKey: 'a' })).toEqual([]);
  });
});

describe('planOperation', () => {
  it('Login Social: generated requests over the variants, one per credential held, each constraint, the probes, the hostile cases', () => {
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    expect(plan.operation).toBe(op('loginSocial'));
    expect(kinds(plan)).toEqual({ valid: 5, negative: 3, hostile: 23 });
    expect(plan.tasks.filter((t) => t.kind !== 'hostile').map((t) => `${t.kind}: ${t.label}`)).toEqual([
      'valid: generated request 1 (variant 1 of 4)',
      'valid: generated request 2 (variant 2 of 4)',
      'valid: a valid request with the OAuth2PasswordBearer credential alone',
      'negative: body (root) type object',
      'negative: body id_token type string|null [type string]',
      'negative: body provider type string|null [type string]',
      'valid: open object: (root) open object accepts an unknown property',
      'valid: edge: body omitted (requestBody not required)',
    ]);
    const [first, second, alone] = plan.tasks;
    expect(first!.json!.auth).toEqual(credentials);
    expect(alone!.json!.auth).toEqual({ accessToken: 'tok-123456' });
    // odd requests fill every optional field, even ones may leave some out; open objects get unknown fields
    expect(
      Object.keys(first!.json!.request.body as object)
        .filter((k) => !k.startsWith('fuzz_extra_'))
        .sort(),
    ).toEqual(['id_token', 'provider']);
    expect(second!.json!.request.body).not.toHaveProperty('id_token');
    expect(plan.tasks.find((t) => t.label === 'body (root) type object')!.constraint!.id).toBe(
      'body (root) type object',
    );
    expect(plan.tasks.filter((t) => t.kind === 'valid').every((t) => t.constraint === undefined)).toBe(true);
    const hostile = plan.tasks.filter((t) => t.kind === 'hostile');
    expect(
      hostile.every(
        (t) =>
          t.raw!.headers!.authorization === 'Bearer tok-123456' &&
          t.raw!.method === 'POST' &&
          t.raw!.path === '/v2/login/social',
      ),
    ).toBe(true);
    expect(hostile[0]!.label).toBe('invalid JSON: truncated document');
  });

  it('every other generated request fills every optional field: the first, the third, …', () => {
    const fields = [...'abcdefghijklmnop'];
    const schema: RawSchema = {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(fields.map((f) => [f, { type: 'integer' }])),
    };
    const optional: Operation = {
      ...op('loginSocial'),
      variants: expand(schema),
      validateRequest: validatorOf(inline(schema) as RawSchema),
    };
    const plan = planOperation(optional, { requests: 6, seed: 1, credentials, pathParams: {} });
    const generated = plan.tasks
      .filter((t) => t.label.startsWith('generated request'))
      .map((t) => Object.keys(t.json!.request.body as object).sort());
    expect(generated.map((keys) => keys.length === fields.length)).toEqual([true, false, true, false, true, false]);
    expect(generated[0]).toEqual(fields);
  });

  it('the same seed plans the same requests; another seed, others', () => {
    const a = planOperation(op('loginSocial'), { requests: 3, seed: 7, credentials, pathParams: {} });
    const b = planOperation(op('loginSocial'), { requests: 3, seed: 7, credentials, pathParams: {} });
    const c = planOperation(op('loginSocial'), { requests: 3, seed: 8, credentials, pathParams: {} });
    expect(JSON.stringify(a.tasks)).toBe(JSON.stringify(b.tasks));
    expect(JSON.stringify(a.tasks)).not.toBe(JSON.stringify(c.tasks));
    expect(a.tasks.filter((t) => t.label.startsWith('generated request'))).toHaveLength(3);
  });

  it('a fixed path parameter replaces the generated one everywhere but in its own constraint; a request without credential where one is required', () => {
    const plan = planOperation(op('updateAnnotationTemplate'), {
      requests: 2,
      seed: 1,
      credentials,
      pathParams: { template_id: TEMPLATE, unrelated: 'x' },
    });
    expect(kinds(plan)).toEqual({ valid: 9, negative: 7, 'no credential': 1, hostile: 27 });
    for (const task of plan.tasks.filter((t) => t.json)) {
      const expected = task.label === 'path template_id format uuid' ? 'not-a-uuid' : TEMPLATE;
      expect(task.json!.request.path.template_id, task.label).toBe(expected);
      expect(task.json!.request.path.project_id, task.label).toMatch(
        task.label === 'path project_id format uuid' ? /^not-a-uuid$/ : /^[0-9a-f-]{36}$/i,
      );
    }
    expect(plan.tasks.filter((t) => t.label.includes('credential alone')).map((t) => t.json!.auth)).toEqual([
      { classicApiKey: 'classic-9876' },
      { accessToken: 'tok-123456' },
    ]);
    const bare = plan.tasks.find((t) => t.kind === 'no credential')!;
    const sample = plan.tasks.find((t) => t.label.includes('ClassicAPIKeyHeader credential alone'))!.json!.request;
    expect(bare).toEqual({
      kind: 'no credential',
      label: 'a valid request without any credential',
      raw: {
        method: 'PATCH',
        path: `/v2/projects/${sample.path.project_id}/annotation/templates/${TEMPLATE}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sample.body),
      },
    });
    const hostile = plan.tasks.filter((t) => t.kind === 'hostile');
    expect(hostile.every((t) => t.raw!.headers!['Service-API-Key'] === 'classic-9876')).toBe(true);
    expect(
      hostile.filter((t) => t.label.startsWith('path parameter')).map((t) => t.raw!.path.split('/')[3]!.slice(0, 10)),
    ).toEqual(['..', '%2e%2e', '..%2f..%2f', 'aaaaaaaaaa']);
  });

  it("the rules' probes go out when the spec accepts them, labelled by their rule", () => {
    const schema: RawSchema = {
      type: 'object',
      properties: { traces: { type: 'array', items: { type: 'object' } }, include_trace_ids: { const: true } },
    };
    const traces: Operation = {
      ...op('logTraces'),
      path: '/traces',
      pathParameters: [],
      variants: expand(schema),
      validateRequest: validatorOf(inline(schema) as RawSchema),
    };
    const plan = planOperation(traces, { requests: 1, seed: 1, credentials, pathParams: {} });
    // include_trace_ids false is not valid here, so that probe is not sent
    expect(
      plan.tasks.filter((t) => t.kind === 'rule').map((t) => [t.label, Object.keys(t.json!.request.body as object)]),
    ).toEqual([
      ['log_traces_trace_ids_only_when_asked: include_trace_ids true', ['traces', 'include_trace_ids']],
      ['log_traces_trace_ids_only_when_asked: include_trace_ids left out', ['traces']],
    ]);
  });

  it('a generated request the spec refuses is a generator bug, refused', () => {
    const broken: Operation = { ...op('loginSocial'), validateRequest: validatorOf({ not: {} }) };
    expect(() => planOperation(broken, { requests: 1, seed: 1, credentials, pathParams: {} })).toThrow(
      'generator bug: an invalid request of loginSocial was generated',
    );
  });
});

/** Answers Login Social as the contract says: 200 to a valid request, 422 locating what is wrong, 400 to what is not JSON. */
function conformingLoginSocial(): void {
  const validate = op('loginSocial').validateRequest;
  server.handle((request, response) => {
    if (request.body === '') return json(response, 200, { access_token: 't', token_type: 'bearer' });
    if (!/json/.test(String(request.headers['content-type']))) return json(response, 400, { detail: 'not JSON' });
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return json(response, 400, { detail: 'invalid JSON' });
    }
    if (!validate(body)) {
      const detail = (validate.errors ?? []).map((e) => ({
        loc: ['body', ...e.instancePath.split('/').filter(Boolean)],
        msg: e.message,
        type: e.keyword,
      }));
      return json(response, 422, { detail });
    }
    return json(response, 200, { access_token: 't', token_type: 'bearer' });
  });
}

describe('verify', () => {
  it('a conforming server: every request counted, latency measured, the checks that judged listed, no failure', async () => {
    conformingLoginSocial();
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const progress: [number, number][] = [];
    const before = Date.now();
    const report = await verify([plan], options({ onProgress: (done, total) => progress.push([done, total]) }));
    expect(report.conforms).toBe(true);
    expect(report.requests).toBe(31);
    expect(report.baseUrl).toBe(server.baseUrl);
    expect(report.seed).toBe(1);
    expect(Date.parse(report.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(report.durationMs).toBeGreaterThanOrEqual(0);
    expect(report.durationMs).toBeLessThan(30_000);
    const [operation] = report.operations;
    expect(operation).toMatchObject({
      operationId: 'loginSocial',
      method: 'POST',
      path: '/v2/login/social',
      sent: { valid: 5, negative: 3, 'no credential': 0, hostile: 23, rule: 0 },
      notSent: {},
      failures: [],
    });
    expect(operation!.checked).toEqual([
      'answers_within_timeout',
      'answers_over_http',
      'no_server_error',
      'response_is_json',
      'response_schema_conformance',
      'validation_error_shape',
      'accepts_valid_request',
      'rejects_invalid_request',
      'invalid_request_gets_422',
      'validation_error_locates_violation',
      'login_social_token_type_bearer',
    ]);
    const latency = operation!.latency!;
    expect(latency.p50).toBeGreaterThan(0);
    expect(latency.p50).toBeLessThanOrEqual(latency.p99);
    expect(latency.p99).toBeLessThanOrEqual(latency.max);
    expect(Math.round(latency.max * 10) / 10).toBe(latency.max);
    expect(progress).toHaveLength(31);
    expect(progress.at(-1)).toEqual([31, 31]);
    expect(progress.map(([done]) => done)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(Object.keys(report.checks)).toContain('rejects_missing_credential');
    expect(report.checks.login_social_token_type_bearer).toMatch(/^loginSocial: SocialLoginResponse: /);
    expect(report.checks.no_server_error).toBe('no request gets a 5xx');
    // the requests went out as planned: JSON through the client (with the credential it prefers), hostile ones raw
    const sent = server.received.slice(-31);
    expect(sent.filter((r) => r.headers.authorization === 'Bearer tok-123456')).toHaveLength(31);
  });

  it('a server that accepts everything: each negative request a failure of its own, grouped by check, most frequent first', async () => {
    server.handle((_, response) => json(response, 200, { access_token: 't', token_type: 'bearer' }));
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const report = await verify([plan], options());
    expect(report.conforms).toBe(false);
    const failures = report.operations[0]!.failures;
    expect(failures.map((f) => `${f.check} ×${f.occurrences}: ${f.message} [${f.example.label}]`)).toEqual([
      'rejects_invalid_request ×1: accepts what the contract forbids: body (root) type object got 200 [body (root) type object]',
      'rejects_invalid_request ×1: accepts what the contract forbids: body id_token type string|null [type string] got 200 [body id_token type string|null [type string]]',
      'rejects_invalid_request ×1: accepts what the contract forbids: body provider type string|null [type string] got 200 [body provider type string|null [type string]]',
    ]);
    expect(failures[0]!.example.request).toBe(`POST ${server.baseUrl}/v2/login/social 123`);
  });

  it('repeats of a fault are one group, counted, shown by the shortest request; groups sort by check then by count', async () => {
    server.handle((request, response) =>
      request.body.length > 200 ? json(response, 503, {}) : json(response, 500, {}),
    );
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const report = await verify([plan], options({ concurrency: 1 }));
    const failures = report.operations[0]!.failures;
    expect(failures.map((f) => [f.check, f.message, f.occurrences])).toEqual([
      ['no_server_error', 'answered 500', 28],
      ['no_server_error', 'answered 503', 3],
    ]);
    expect(failures[0]!.example).toEqual({
      label: 'body (root) type object',
      request: `POST ${server.baseUrl}/v2/login/social 123`,
    });
    // the answers, 5xx or not, are timed
    expect(report.operations[0]!.latency).not.toBeNull();
  });

  it('shows a request as sent, by its full URL: JSON ones by their body (cut at 400 characters), raw ones by content type and body (cut at 200), long paths cut', async () => {
    server.handle((_, response) => json(response, 500, {}));
    const social = planOperation(op('loginSocial'), { requests: 1, seed: 1, credentials, pathParams: {} });
    const template = planOperation(op('updateAnnotationTemplate'), {
      requests: 1,
      seed: 1,
      credentials,
      pathParams: {},
    });
    const pick = (plan: OperationPlan, label: string) => ({
      operation: plan.operation,
      tasks: plan.tasks.filter((t) => t.label === label),
    });
    const shown = async (plan: OperationPlan, label: string) =>
      (await verify([pick(plan, label)], options())).operations[0]!.failures[0]!.example;
    expect(await shown(social, 'empty body')).toEqual({
      label: 'empty body',
      request: `POST ${server.baseUrl}/v2/login/social [content-type: application/json] ""`,
    });
    const big = social.tasks.find((t) => t.label === 'a 1 MiB string at id_token')!.raw!.body as string;
    expect((await shown(social, 'a 1 MiB string at id_token')).request).toBe(
      `POST ${server.baseUrl}/v2/login/social [content-type: application/json] ${JSON.stringify(`${big.slice(0, 200)}… (${Buffer.byteLength(big)} bytes)`)}`,
    );
    const bom = social.tasks.find((t) => t.label === 'UTF-8 byte order mark before the document')!.raw!.body as Buffer;
    expect((await shown(social, 'UTF-8 byte order mark before the document')).request).toBe(
      `POST ${server.baseUrl}/v2/login/social [content-type: application/json] ${JSON.stringify(bom.toString('utf8'))}`,
    );
    const long = (await shown(template, 'path parameter project_id = 8192 characters')).request;
    expect(
      long.startsWith(`PATCH ${server.baseUrl}/v2/projects/${'a'.repeat(187)}… [content-type: application/json] "{`),
    ).toBe(true);
    const edge = template.tasks.find((t) => t.label === 'edge: name maxLength 255 in astral code points [type string]')!
      .json!.request;
    const text = JSON.stringify(edge.body);
    expect((await shown(template, 'edge: name maxLength 255 in astral code points [type string]')).request).toBe(
      `PATCH ${server.baseUrl}/v2/projects/${edge.path.project_id}/annotation/templates/${edge.path.template_id} ${text.slice(0, 400)}… (${text.length} characters)`,
    );
    const form = social.tasks.find((t) => t.label === 'content-type application/x-www-form-urlencoded')!;
    expect(
      (
        await verify(
          [{ operation: social.operation, tasks: [{ ...form, raw: { method: 'POST', path: '/v2/login/social' } }] }],
          options(),
        )
      ).operations[0]!.failures[0]!.example.request,
    ).toBe(`POST ${server.baseUrl}/v2/login/social [content-type: none] ""`);
    const whole = {
      ...form,
      raw: undefined,
      json: { request: { path: {}, body: { id_token: 'x'.repeat(385) } }, auth: credentials },
    };
    expect(JSON.stringify(whole.json.request.body)).toHaveLength(400);
    expect(
      (await verify([{ operation: social.operation, tasks: [whole] }], options())).operations[0]!.failures[0]!.example
        .request,
    ).toBe(`POST ${server.baseUrl}/v2/login/social {"id_token":"${'x'.repeat(385)}"}`);
    const exact = 'x'.repeat(200);
    expect(
      (
        await verify(
          [
            {
              operation: social.operation,
              tasks: [{ ...form, raw: { method: 'POST', path: `/${'p'.repeat(199)}`, body: exact } }],
            },
          ],
          options(),
        )
      ).operations[0]!.failures[0]!.example.request,
    ).toBe(`POST ${server.baseUrl}/${'p'.repeat(199)} [content-type: none] ${JSON.stringify(exact)}`);
    // the base URL's path prefix is part of every request shown, JSON and raw
    const under = async (task: OperationPlan['tasks'][number]) =>
      (await verify([{ operation: social.operation, tasks: [task] }], options({ baseUrl: `${server.baseUrl}/api` })))
        .operations[0]!.failures[0]!.example.request;
    expect(await under(whole)).toBe(`POST ${server.baseUrl}/api/v2/login/social {"id_token":"${'x'.repeat(385)}"}`);
    expect(await under({ ...form, raw: { method: 'POST', path: '/v2/login/social' } })).toBe(
      `POST ${server.baseUrl}/api/v2/login/social [content-type: none] ""`,
    );
    expect(server.received.at(-1)!.url).toBe('/api/v2/login/social');
  });

  it('the rules judge only 200 bodies valid against the schema, of valid and rule requests', async () => {
    const template = op('updateAnnotationTemplate');
    const body = {
      id: TEMPLATE,
      name: 'not what was sent',
      criteria: 'not what was sent either',
      include_explanation: true,
      constraints: { annotation_type: 'like_dislike' },
      created_at: '2026-10-02T13:45:00Z',
      created_by: 'a@example.org',
      position: 0,
      usage_count: 1,
    };
    expect(template.validateResponse(body)).toBe(true);
    server.handle((request, response) =>
      request.method === 'PATCH' ? json(response, 200, body) : json(response, 404, {}),
    );
    const plan = planOperation(template, { requests: 2, seed: 3, credentials, pathParams: { template_id: TEMPLATE } });
    const report = await verify(
      [{ operation: template, tasks: plan.tasks.filter((t) => t.kind === 'valid' || t.kind === 'hostile') }],
      options(),
    );
    const rule = report.operations[0]!.failures.filter((f) => f.check === 'annotation_template_returns_update');
    expect(rule).toHaveLength(2);
    // once per valid request that sent the field as a string; never for the hostile ones
    const valid = plan.tasks
      .filter((t) => t.kind === 'valid')
      .map((t) => t.json!.request.body as Record<string, unknown> | undefined);
    const sentAsString = (field: string) => valid.filter((b) => typeof b?.[field] === 'string').length;
    expect(Object.fromEntries(rule.map((f) => [f.message.split(' ')[0], f.occurrences]))).toEqual({
      name: sentAsString('name'),
      criteria: sentAsString('criteria'),
    });
    expect(rule[0]!.message).toMatch(/^(name|criteria) is /);
    expect(report.operations[0]!.checked).toContain('annotation_template_returns_update');
    // a body that breaks the schema is named by response_schema_conformance alone
    server.handle((_, response) => json(response, 200, { ...body, usage_count: 'many' }));
    const broken = await verify(
      [{ operation: template, tasks: plan.tasks.filter((t) => t.kind === 'valid') }],
      options(),
    );
    expect([...new Set(broken.operations[0]!.failures.map((f) => f.check))]).toEqual(['response_schema_conformance']);
    // not a 200: no rule
    server.handle((_, response) => json(response, 201, body));
    const created = await verify(
      [{ operation: template, tasks: plan.tasks.filter((t) => t.kind === 'valid') }],
      options(),
    );
    expect([...new Set(created.operations[0]!.failures.map((f) => f.check))]).toEqual(['accepts_valid_request']);
    // nor an answer of 200 to an invalid request, though it sent a name: rejects_invalid_request alone names it
    const named: RawSchema = {
      type: 'object',
      required: ['name', 'position'],
      properties: { name: { type: 'string' }, position: { type: 'integer', minimum: 0 } },
    };
    const strict: Operation = {
      ...template,
      variants: expand(named),
      validateRequest: validatorOf(inline(named) as RawSchema),
    };
    const negatives = planOperation(strict, {
      requests: 1,
      seed: 3,
      credentials,
      pathParams: { template_id: TEMPLATE },
    }).tasks.filter((t) => t.kind === 'negative');
    expect(negatives.some((t) => typeof (t.json!.request.body as { name?: unknown }).name === 'string')).toBe(true);
    server.handle((_, response) => json(response, 200, body));
    const negative = await verify([{ operation: strict, tasks: negatives }], options());
    expect([...new Set(negative.operations[0]!.failures.map((f) => f.check))]).toEqual(['rejects_invalid_request']);
    // a raw request (no JSON request to compare with) is not judged by a rule
    server.handle((_, response) => json(response, 200, body));
    const raw = await verify(
      [{ operation: template, tasks: plan.tasks.filter((t) => t.kind === 'no credential') }],
      options(),
    );
    expect(raw.operations[0]!.failures.map((f) => f.check)).toEqual(['rejects_missing_credential']);
    expect(raw.operations[0]!.checked).not.toContain('annotation_template_returns_update');
    expect(raw.operations[0]!.checked).toContain('rejects_missing_credential');
  });

  it('a 422 that does not locate the violation, and other statuses to valid requests: each fault with the label of its shortest request', async () => {
    server.handle((request, response) =>
      json(response, request.body.includes('fuzz_extra_') ? 404 : 422, {
        detail: [{ loc: ['body', 'elsewhere'], msg: 'no', type: 't' }],
      }),
    );
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const tasks = plan.tasks.filter((t) => t.kind !== 'hostile');
    const report = await verify([{ operation: plan.operation, tasks }], options({ concurrency: 1 }));
    const failures = report.operations[0]!.failures;
    expect(failures.map((f) => `${f.check} ${f.occurrences}`)).toEqual([
      'accepts_valid_request 3',
      'accepts_valid_request 2',
      'validation_error_locates_violation 1',
      'validation_error_locates_violation 1',
      'validation_error_locates_violation 1',
    ]);
    for (const failure of failures.filter((f) => f.check === 'accepts_valid_request'))
      expect(failure.message.endsWith(` to a valid request (${failure.example.label})`)).toBe(true);
    expect(failures[2]!.message).toBe(
      'the 422 for body (root) type object does not locate body (root); detail[].loc: ["body","elsewhere"]',
    );
  });

  it('the rules judge the probes sent for them; their answers are timed; hostile answers are not', async () => {
    const schema: RawSchema = {
      type: 'object',
      properties: { traces: { type: 'array', items: { type: 'object' } }, include_trace_ids: { type: 'boolean' } },
    };
    const traces: Operation = {
      ...op('logTraces'),
      variants: expand(schema),
      validateRequest: validatorOf(inline(schema) as RawSchema),
    };
    server.handle((_, response) => json(response, 200, { traces_count: 0 }));
    const plan = planOperation(traces, { requests: 1, seed: 1, credentials, pathParams: {} });
    const rule = await verify([{ operation: traces, tasks: plan.tasks.filter((t) => t.kind === 'rule') }], options());
    const [operation] = rule.operations;
    expect(operation!.failures.map((f) => [f.check, f.message, f.occurrences, f.example.label])).toEqual([
      [
        'log_traces_counts_what_was_sent',
        'traces_count is 0, but the request sent 2',
        3,
        'log_traces_trace_ids_only_when_asked: include_trace_ids left out',
      ],
      [
        'log_traces_trace_ids_only_when_asked',
        'include_trace_ids was true, but trace_ids is absent',
        1,
        'log_traces_trace_ids_only_when_asked: include_trace_ids true',
      ],
    ]);
    expect(operation!.checked.slice(-3)).toEqual([
      'accepts_valid_request',
      'log_traces_counts_what_was_sent',
      'log_traces_trace_ids_only_when_asked',
    ]);
    expect(operation!.latency).not.toBeNull();
    expect(operation!.sent.rule).toBe(3);
    const hostile = await verify(
      [{ operation: traces, tasks: plan.tasks.filter((t) => t.kind === 'hostile') }],
      options(),
    );
    expect(hostile.operations[0]!.latency).toBeNull();
    expect(hostile.operations[0]!.failures).toEqual([]);
  });

  it('of requests of the same length showing one fault, the first is its example', async () => {
    server.handle((_, response) => json(response, 500, {}));
    const plan = planOperation(op('loginSocial'), { requests: 1, seed: 1, credentials, pathParams: {} });
    const task = plan.tasks.find((t) => t.kind === 'valid')!;
    const report = await verify(
      [
        {
          operation: plan.operation,
          tasks: [
            { ...task, label: 'first' },
            { ...task, label: 'second' },
          ],
        },
      ],
      options({ concurrency: 1 }),
    );
    expect(report.operations[0]!.failures.map((f) => [f.check, f.occurrences, f.example.label])).toEqual([
      ['no_server_error', 2, 'first'],
    ]);
  });

  it('the run conforms only when every operation does', async () => {
    server.handle((request, response) =>
      request.url === '/v2/login/social'
        ? json(response, 200, { access_token: 't', token_type: 'bearer' })
        : json(response, 500, {}),
    );
    const social = planOperation(op('loginSocial'), { requests: 1, seed: 1, credentials, pathParams: {} });
    const template = planOperation(op('updateAnnotationTemplate'), {
      requests: 1,
      seed: 1,
      credentials,
      pathParams: {},
    });
    const valid = (plan: OperationPlan) => ({
      operation: plan.operation,
      tasks: plan.tasks.filter((t) => t.label.startsWith('generated request')),
    });
    const report = await verify([valid(social), valid(template)], options());
    expect(report.operations.map((o) => o.failures.length > 0)).toEqual([false, true]);
    expect(report.conforms).toBe(false);
    expect((await verify([valid(social)], options())).conforms).toBe(true);
  });

  it('a violation another branch absorbs is sent as a valid request, and said so', () => {
    const schema: RawSchema = {
      anyOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { type: 'object', properties: { a: {} } },
      ],
    };
    const either: Operation = {
      ...op('loginSocial'),
      variants: expand(schema),
      validateRequest: validatorOf(inline(schema) as RawSchema),
    };
    const plan = planOperation(either, { requests: 1, seed: 1, credentials, pathParams: {} });
    const absorbed = plan.tasks.find(
      (t) => t.label === 'body a type string [anyOf[0] type object] (absorbed by another branch: valid)',
    )!;
    expect(absorbed.kind).toBe('valid');
    expect(absorbed.constraint).toBeUndefined();
    expect(absorbed.json!.request.body).toEqual({ a: true });
    expect(plan.tasks.find((t) => t.label === 'body (root) type object [anyOf[0] type object]')!.kind).toBe('negative');
  });

  it('after three timeouts the rest of the operation is not sent, and says so', async () => {
    server.handle(() => undefined);
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const report = await verify(
      [{ operation: plan.operation, tasks: plan.tasks.slice(0, 8) }],
      options({ timeoutMs: 150, concurrency: 1 }),
    );
    const operation = report.operations[0]!;
    // the first round (the first valid and the first invalid request), then the plan's next valid request
    expect(operation.sent).toEqual({ valid: 2, negative: 1, 'no credential': 0, hostile: 0, rule: 0 });
    expect(operation.notSent).toEqual({ 'after 3 timeouts': 5 });
    expect(operation.failures).toEqual([
      {
        check: 'answers_within_timeout',
        message: 'no complete answer within 150 ms',
        occurrences: 3,
        example: expect.any(Object),
      },
    ]);
    expect(operation.latency).toBeNull();
    expect(report.requests).toBe(8);
  });

  it('a request the client will not send is counted apart, by its reason', async () => {
    conformingLoginSocial();
    const template = op('updateAnnotationTemplate');
    const plan = planOperation(template, { requests: 1, seed: 1, credentials, pathParams: { template_id: '..' } });
    const tasks = plan.tasks.filter((t) => t.kind === 'valid').slice(0, 2);
    const report = await verify([{ operation: template, tasks }], options());
    expect(report.operations[0]!.notSent).toEqual({ 'refused by the client (InvalidPathParameterError)': 2 });
    expect(report.operations[0]!.sent.valid).toBe(0);
    expect(report.requests).toBe(2);
    expect(report.conforms).toBe(true);
  });

  it('latency: nearest-rank p50 and p99 of the valid requests answered, and the slowest, to 0.1 ms', async () => {
    server.handle((_, response) => json(response, 200, { access_token: 't', token_type: 'bearer' }));
    const plan = planOperation(op('loginSocial'), { requests: 10, seed: 1, credentials, pathParams: {} });
    const tasks = plan.tasks.filter((t) => t.label.startsWith('generated request'));
    expect(tasks).toHaveLength(10);
    // The clock each exchange reads when it starts and ends: the n-th answer takes 10·(1 + 7n mod 10) + 0.04 ms,
    // 10 to 100 ms in no order.
    // (Only sendJson's reads are faked: fetch reads the clock too.)
    let calls = 0;
    const now = performance.now.bind(performance);
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => {
      if (!new Error().stack!.includes('sendJson')) return now();
      const n = Math.floor(calls / 2);
      return calls++ % 2 === 0 ? 1000 * n : 1000 * n + 10 * (1 + ((7 * n) % 10)) + 0.04;
    });
    try {
      const latency = (await verify([{ operation: plan.operation, tasks }], options({ concurrency: 1 }))).operations[0]!
        .latency;
      expect(latency).toEqual({ p50: 50, p99: 100, max: 100 });
    } finally {
      clock.mockRestore();
    }
  });

  it('keeps at most `concurrency` requests in flight, and at least one', async () => {
    let inFlight = 0;
    let most = 0;
    server.handle((_, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        json(response, 200, { access_token: 't', token_type: 'bearer' });
      }, 30);
    });
    const plan = planOperation(op('loginSocial'), { requests: 2, seed: 1, credentials, pathParams: {} });
    const tasks = plan.tasks.filter((t) => t.kind === 'valid');
    await verify([{ operation: plan.operation, tasks }], options({ concurrency: 3 }));
    expect(most).toBe(3);
    most = 0;
    await verify([{ operation: plan.operation, tasks }], options({ concurrency: 0 }));
    expect(most).toBe(1);
    most = 0;
    // the first round (here the first request alone) goes out before the rest
    await verify([{ operation: plan.operation, tasks: tasks.slice(0, 3) }], options({ concurrency: 8 }));
    expect(most).toBe(2);
    const empty = await verify([{ operation: plan.operation, tasks: [] }], options());
    expect(empty).toMatchObject({
      requests: 0,
      conforms: true,
      operations: [
        {
          latency: null,
          checked: [
            'answers_within_timeout',
            'answers_over_http',
            'no_server_error',
            'response_is_json',
            'response_schema_conformance',
            'validation_error_shape',
          ],
        },
      ],
    });
  });
});

describe('the first round: the first valid and the first invalid request of each operation, before the rest', () => {
  const html =
    (status: number): Handler =>
    (_, response) => {
      response.writeHead(status, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>not here</title>');
    };
  const plans = (ids = ['loginSocial', 'logTraces']) =>
    ids.map((id) => planOperation(op(id), { requests: 2, seed: 1, credentials, pathParams: {} }));
  const total = (ps: OperationPlan[]) => ps.reduce((n, p) => n + p.tasks.length, 0);

  it.each<[string, Handler, string, string[]?]>([
    ['501 with no JSON to everything (a static file server)', html(501), '4 of 4 requests answered 501 with no JSON'],
    ['an HTML 404 to every path, with path parameters or not', html(404), '4 of 4 requests answered 404 with no JSON'],
    ['pages (200 with no JSON) to everything', html(200), '4 of 4 requests answered 200 with no JSON'],
    [
      '405 with JSON to everything',
      (_, response) => json(response, 405, { detail: 'Method Not Allowed' }),
      '4 of 4 requests answered 405 with JSON',
    ],
    [
      '405 with JSON to a path with parameters',
      (_, response) => json(response, 405, { detail: 'Method Not Allowed' }),
      '2 of 2 requests answered 405 with JSON',
      ['logTraces'],
    ],
    [
      'a JSON 404 to a path with parameters beside a 501 with no JSON: the 501 decides; a tie is in order of the statuses',
      (request, response) =>
        request.url === '/v2/login/social'
          ? html(501)(request, response)
          : json(response, 404, { detail: 'Not Found' }),
      '2 of 4 requests answered 404 with JSON, 2 answered 501 with no JSON',
    ],
    [
      'a JSON 404 to a path without parameters, 501 elsewhere; the most frequent first',
      (request, response) =>
        request.url === '/v2/login/social'
          ? json(response, 404, { detail: 'Not Found' })
          : html(501)(request, response),
      '4 of 6 requests answered 501 with no JSON, 2 answered 404 with JSON',
      ['loginSocial', 'logTraces', 'createOrVerifyUser'],
    ],
    [
      'no answer (a timeout) and a 500 with JSON decide nothing: the 404 with no JSON does',
      (request, response) => {
        if (request.url === '/v2/login/social') return html(404)(request, response);
        if (request.url === '/v2/system_users') return json(response, 500, { detail: 'Internal Server Error' });
      },
      '2 of 6 requests answered 404 with no JSON, 2 answered 500 with JSON',
      ['loginSocial', 'logTraces', 'createOrVerifyUser'],
    ],
  ])(
    '%s: nothing more is sent, and the report says what the round saw',
    async (_name, handler, seen, ids = ['loginSocial', 'logTraces']) => {
      server.handle(handler);
      const before = server.received.length;
      const report = await verify(plans(ids), options({ concurrency: 1, timeoutMs: 150 }));
      expect(report.notTheApi).toBe(seen);
      expect(report.requests).toBe(2 * ids.length);
      expect(report.conforms).toBe(false);
      expect(server.received.length - before).toBe(2 * ids.length);
      expect(report.operations.map((o) => [o.operationId, o.sent.valid, o.sent.negative, o.sent.hostile])).toEqual(
        ids.map((id) => [id, 1, 1, 0]),
      );
    },
  );

  it.each<[string, Handler, string[]?]>([
    [
      'one operation answers as the API does',
      (request, response) =>
        request.url === '/v2/login/social' ? json(response, 422, { detail: [] }) : html(501)(request, response),
    ],
    [
      'a 5xx other than 501, JSON or not (the API failing says nothing of what it is)',
      (request, response) =>
        request.url === '/v2/login/social'
          ? json(response, 500, {})
          : response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway'),
    ],
    [
      'a JSON 404 where the path has parameters (a resource that need not exist)',
      (_, response) => json(response, 404, { detail: 'Project not found' }),
      ['logTraces'],
    ],
    [
      'HTML to valid requests, a JSON 422 to invalid ones',
      (request, response) => {
        let body: unknown;
        try {
          body = JSON.parse(request.body);
        } catch {
          return json(response, 422, { detail: [] });
        }
        return op('loginSocial').validateRequest(body)
          ? html(200)(request, response)
          : json(response, 422, { detail: [] });
      },
      ['loginSocial'],
    ],
  ])('%s: the whole plan is sent', async (_name, handler, ids) => {
    server.handle(handler);
    const ps = plans(ids);
    const report = await verify(ps, options());
    expect(report.notTheApi).toBeUndefined();
    expect(report.requests).toBe(total(ps));
    expect(report.conforms).toBe(false);
  });

  it('no answer at all (timeouts) decides nothing: the run goes on and gives up as usual', async () => {
    server.handle(() => undefined);
    const ps = plans(['loginSocial']);
    const report = await verify(ps, options({ timeoutMs: 150, concurrency: 1 }));
    expect(report.notTheApi).toBeUndefined();
    expect(report.operations[0]!.notSent['after 3 timeouts']).toBe(total(ps) - 3);
  });
});
