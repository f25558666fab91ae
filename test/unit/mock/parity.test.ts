// The in-process mock (createMock's fetch) answers exactly as the HTTP mock (the node:http door):
// one corpus of raw requests goes through both, fresh and stateful, in the same order, and each
// answer must have the same status, Content-Type and body bytes; so must the journals of what each
// received. The corpus: every operation's example with each credential and with none, every
// negative and positive request the fuzz derivation makes from the spec (the verifier's and the
// fuzz suite's), each optional field of an example sent as null (what the service's own clients
// send), malformed JSON, a body not sent as JSON, CORS, Prefer, routes the spec does not have, and
// the sequences the state answers across requests (first user, Luna3 versions, a replacing PUT, a
// partial PATCH).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMock, startTestMock, type TestMock } from '../../support/in-process.js';
import { examplePathParams, requestExample } from '../../support/contract.js';
import { operation } from '../../support/spec.js';
import { derive } from '../../support/constraints.js';
import { credentialHeaderOf, operations, urlPathOf } from '../../support/operations.js';
import type { Mock } from '../../../src/mock/index.js';

interface Raw {
  label: string;
  method: string;
  /** path and query */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const CREDENTIALS: Record<string, Record<string, string>> = {
  apiKey: { 'service-ao-api-key': 'ao-key' },
  classicApiKey: { 'service-api-key': 'classic-key' },
  bearer: { authorization: 'Bearer access-token' },
  basic: { authorization: `Basic ${Buffer.from('ada:secret').toString('base64')}` },
  none: {},
};

/** An operation's request with its example path parameters. */
function exampleRequest(
  operationId: string,
  label: string,
  body: unknown,
  headers: Record<string, string> = CREDENTIALS.apiKey!,
): Raw {
  const { path, method } = operation(operationId);
  const params = examplePathParams(operationId);
  const target = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  return {
    label,
    method: method.toUpperCase(),
    target,
    headers: { ...JSON_HEADERS, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

function corpus(): Raw[] {
  const raws: Raw[] = [];
  const ids = operations.map((op) => op.id);
  for (const id of ids) {
    for (const [carrier, headers] of Object.entries(CREDENTIALS))
      raws.push(exampleRequest(id, `${id}: the example with ${carrier}`, requestExample(id), headers));
    const example = requestExample(id) as Record<string, unknown>;
    for (const field of Object.keys(example))
      raws.push(exampleRequest(id, `${id}: ${field} null`, { ...example, [field]: null }));
    raws.push({ ...exampleRequest(id, `${id}: malformed JSON`, undefined), body: '{"a": 1,,}' });
    raws.push({ ...exampleRequest(id, `${id}: not UTF-8`, undefined), body: '\u00ff' });
    raws.push({
      ...exampleRequest(id, `${id}: numbers Python writes back otherwise than JavaScript`, undefined),
      body: '{"model": 18446744073709551616, "user_preferences": 2.0, "x": [0.00001, 1e+20]}',
    });
    raws.push({
      ...exampleRequest(id, `${id}: a body sent as text`, example),
      headers: { ...CREDENTIALS.apiKey!, 'content-type': 'text/plain' },
    });
    raws.push({ ...exampleRequest(id, `${id}: no body`, undefined) });
    raws.push({
      ...exampleRequest(id, `${id}: Prefer code=422`, example),
      headers: { ...JSON_HEADERS, ...CREDENTIALS.apiKey!, prefer: 'code=422' },
    });
    raws.push({
      ...exampleRequest(id, `${id}: Prefer code=abc`, example),
      headers: { ...JSON_HEADERS, ...CREDENTIALS.apiKey!, prefer: 'code=abc' },
    });
    raws.push({
      ...exampleRequest(id, `${id}: from a loopback page`, example),
      headers: { ...JSON_HEADERS, ...CREDENTIALS.apiKey!, origin: 'http://localhost:5173' },
    });
  }
  for (const op of operations) {
    const { constraints, probes } = derive(op);
    const raw = (label: string, request: { path: Record<string, string>; body: unknown }): Raw => ({
      label,
      method: op.method.toUpperCase(),
      target: urlPathOf(op, request.path),
      headers: { ...JSON_HEADERS, ...credentialHeaderOf(op) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    for (const constraint of constraints)
      constraint.cases.forEach((kase, i) => raws.push(raw(`${constraint.id} #${i}`, kase.request)));
    for (const probe of probes) raws.push(raw(`${probe.id} (positive)`, probe.request));
  }
  raws.push({ label: 'a path the spec does not have', method: 'GET', target: '/v2/nothing?x=1', headers: {} });
  raws.push({ label: 'a method the path does not take', method: 'DELETE', target: '/v2/system_users', headers: {} });
  raws.push({
    label: 'a CORS preflight',
    method: 'OPTIONS',
    target: '/v2/system_users',
    headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' },
  });
  raws.push({
    label: 'a preflight from another origin',
    method: 'OPTIONS',
    target: '/v2/system_users',
    headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
  });
  // The state across requests: the first user is the administrator, the next one is not; versions count up; a PUT replaces; a PATCH keeps what it does not send.
  const user = (email: string) => exampleRequest('createOrVerifyUser', `create ${email}`, { email }, {});
  raws.push(user('first@example.org'), user('second@example.org'), user('first@example.org'));
  for (let i = 0; i < 3; i++)
    raws.push(
      exampleRequest('createLuna3ScorerVersion', `Luna3 version ${i + 1}`, requestExample('createLuna3ScorerVersion')),
    );
  const put = requestExample('putSignalsConfiguration') as Record<string, unknown>;
  raws.push(
    exampleRequest('putSignalsConfiguration', 'PUT creates', put),
    exampleRequest('putSignalsConfiguration', 'PUT replaces', { ...put, model: 'another-model' }),
  );
  raws.push(
    exampleRequest('updateAnnotationTemplate', 'PATCH name', { name: 'first' }),
    exampleRequest('updateAnnotationTemplate', 'PATCH nothing', {}),
  );
  return raws;
}

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()).toString('latin1'),
  };
}

describe('the in-process mock answers as the HTTP mock does', () => {
  let http: TestMock;
  let local: Mock & { log(): string };
  beforeAll(async () => {
    [http, local] = await Promise.all([startTestMock(), createTestMock()]);
  });
  afterAll(async () => http?.stop());

  it('the same status, Content-Type and body bytes for every request of the corpus, in order, and the same journal', async () => {
    const raws = corpus();
    expect(raws.length).toBeGreaterThan(300);
    const differences: string[] = [];
    const statuses = new Set<number>();
    for (const raw of raws) {
      const init = { method: raw.method, headers: raw.headers, ...(raw.body === undefined ? {} : { body: raw.body }) };
      const [overHttp, inProcess] = [
        await answerOf(await fetch(http.baseUrl + raw.target, init)),
        await answerOf(await local.fetch(`https://api.example.test${raw.target}`, init)),
      ];
      statuses.add(overHttp.status);
      if (JSON.stringify(overHttp) !== JSON.stringify(inProcess))
        differences.push(
          `${raw.label}: HTTP ${JSON.stringify(overHttp).slice(0, 300)} / in-process ${JSON.stringify(inProcess).slice(0, 300)}`,
        );
    }
    expect(differences).toEqual([]);
    // The corpus reaches every kind of answer the mock gives.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 204, 401, 403, 404, 405, 422]));
    const journal = (await (await fetch(`${http.baseUrl}/__mock/requests`)).json()) as { requests: unknown[] };
    expect(local.received).toEqual(journal.requests);
    expect(local.fallbacks()).toEqual({ total: 0, fallbacks: {} });
  });
});
