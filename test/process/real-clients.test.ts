// What the service's own clients send, checked against the spec and its gap policy
// (docs/gap-policy.md): the declared security schemes are known for four operations only (for Log
// Traces and Login Social the operation's `x-not-shown` says only how the example request was sent),
// a field is required only where the spec says so (one whose required-ness is not shown is optional
// and also accepts null), and the Span schema gives the shape of an `llm` span only (spans of other
// types stay open). Nothing the spec leaves open is rejected; nothing it states becomes accepted.
import { describe, expect, it } from 'vitest';
import { createApiClient, validationDetails, type Trace } from '../../src/index.js';
import { examplePathParams, mockBaseUrl, requestExample, responseErrors } from '../support/contract.js';
import { operation } from '../support/spec.js';

type Body = Record<string, unknown>;
type Item = { type: string; loc: (string | number)[] };
const LOG_STREAM = 'LogStreamSignalsConfigurationPut';

const credentialHeaders = {
  apiKey: { 'service-ao-api-key': 'ao-key' },
  classicApiKey: { 'service-api-key': 'classic-key' },
  bearer: { authorization: 'Bearer access-token' },
  basic: { authorization: `Basic ${Buffer.from('ada:secret').toString('base64')}` },
  none: {},
} satisfies Record<string, Record<string, string>>;

/** Sends an operation's request as a foreign client would: plain fetch, only the headers given. */
async function send(operationId: string, body: unknown, headers: Record<string, string> = credentialHeaders.apiKey) {
  const { path, method } = operation(operationId);
  const params = examplePathParams(operationId);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const response = await fetch(mockBaseUrl() + url, {
    method: method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  return { status: response.status, json, detail: (response.status === 422 ? json.detail : []) as Item[] };
}

/** The operation's first named example with `changes` applied at `at` (a path of keys). */
function example(operationId: string, at: (string | number)[] = [], changes: Body = {}): Body {
  const body = structuredClone(requestExample(operationId)) as Body;
  let target: any = body;
  for (const key of at) target = target[key];
  Object.assign(target, changes);
  return body;
}

describe('security: the schemes each operation accepts', () => {
  // Log Traces: what is given is how its example request was sent (Service-AO-API-Key), not that
  // nothing else is accepted; the service's own SDK sends a bearer token.
  it.each(['apiKey', 'classicApiKey', 'bearer', 'basic'] as const)('Log Traces: 200 with only %s', async (carrier) => {
    const { status, json } = await send('logTraces', requestExample('logTraces'), credentialHeaders[carrier]);
    expect(status).toBe(200);
    expect(responseErrors('logTraces', json)).toEqual([]);
  });

  it('Log Traces: still 401 with no credential at all', async () => {
    expect((await send('logTraces', requestExample('logTraces'), credentialHeaders.none)).status).toBe(401);
  });

  // Login Social: a login is how a caller without a credential gets one.
  it.each(['bearer', 'none'] as const)('Login Social: 200 with %s', async (carrier) => {
    const { status, json } = await send('loginSocial', requestExample('loginSocial'), credentialHeaders[carrier]);
    expect(status).toBe(200);
    expect(json.token_type).toBe('bearer');
  });

  it('Create Or Verify User: 200 with no credential', async () => {
    expect(
      (await send('createOrVerifyUser', requestExample('createOrVerifyUser'), credentialHeaders.none)).status,
    ).toBe(200);
  });

  it('the client sends Login Social with no credential when it holds none, and it succeeds', async () => {
    const sent: Request[] = [];
    const client = createApiClient({
      baseUrl: mockBaseUrl(),
      fetch: async (request: Request) => {
        sent.push(request.clone());
        return fetch(request);
      },
    });
    const { data, error, response } = await client.POST('/v2/login/social', {
      body: { id_token: 'eyJ.id.token', provider: 'google' },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.token_type).toBe('bearer');
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.headers.keys()].filter((name) => /authorization|api-key/i.test(name))).toEqual([]);
  });
});

/**
 * Request-body fields whose required-ness is not shown and which have no default, by operation
 * (gap policy): each accepts `null` (FastAPI's `Optional[T] = None`). `at` is where the
 * field's object sits in the operation's first example.
 */
const nullable: { operationId: string; at: (string | number)[]; fields: string[] }[] = [
  { operationId: 'loginSocial', at: [], fields: ['id_token', 'provider'] },
  { operationId: 'updateAnnotationTemplate', at: [], fields: ['name', 'criteria'] },
  {
    operationId: 'logTraces',
    at: [],
    fields: ['log_stream_id', 'experiment_id', 'metrics_testing_id', 'session_id', 'include_trace_ids'],
  },
  {
    operationId: 'logTraces',
    at: ['traces', 0],
    fields: ['created_at', 'name', 'input', 'output', 'metrics', 'dataset_metadata', 'user_metadata', 'tags', 'spans'],
  },
  {
    operationId: 'logTraces',
    at: ['traces', 0, 'spans', 0],
    fields: ['created_at', 'name', 'input', 'output', 'metrics', 'dataset_metadata', 'user_metadata', 'tags'],
  },
  { operationId: 'logTraces', at: ['traces', 0, 'spans', 0, 'input', 0], fields: ['role', 'content'] },
  { operationId: 'logTraces', at: ['traces', 0, 'spans', 0, 'output'], fields: ['role', 'content'] },
  {
    operationId: 'createLuna3ScorerVersion',
    at: [],
    fields: ['instruction', 'adapter_path', 'class_name_to_vocab_ix', 'threshold'],
  },
  { operationId: 'applyBulkFeedbackV2', at: [], fields: ['operations', 'selector'] },
  {
    operationId: 'applyBulkFeedbackV2',
    at: ['operations', 0],
    fields: ['rating', 'feedback_template_id', 'explanation'],
  },
  { operationId: 'applyBulkFeedbackV2', at: ['operations', 0, 'rating'], fields: ['value'] },
  { operationId: 'applyBulkFeedbackV2', at: ['selector'], fields: ['indexes'] },
  {
    operationId: 'createOrVerifyUser',
    at: [],
    fields: ['email', 'first_name', 'last_name', 'auth_method', 'password'],
  },
];
const nullCases = nullable.flatMap(({ operationId, at, fields }) =>
  fields.map((field) => [operationId, [...at, field].join('.'), at, field] as const),
);

describe('gap policy: a field whose required-ness is not shown and that has no default accepts null', () => {
  it.each(nullCases)('%s: %s = null is 200', async (operationId, _where, at, field) => {
    const body = example(operationId, at, { [field]: null });
    const { status, json } = await send(operationId, body);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(responseErrors(operationId, json)).toEqual([]);
  });

  it('every field of those objects in the examples is covered (no optional field left out)', () => {
    for (const { operationId, at, fields } of nullable) {
      let target: any = requestExample(operationId);
      for (const key of at) target = target[key];
      const variantTags = ['type', 'operation_type', 'selector_type', 'feedback_type', 'annotation_type'];
      const required = operationId === 'logTraces' && at.length === 0 ? ['traces'] : [];
      const present = Object.keys(target).filter((k) => !variantTags.includes(k) && !required.includes(k));
      expect(fields, `${operationId} ${at.join('.')}`).toEqual(expect.arrayContaining(present));
    }
  });

  it('a null the response cannot carry is a field not sent: the rest of the request is still reflected', async () => {
    const user = await send(
      'createOrVerifyUser',
      { email: 'grace.hopper@example.org', first_name: null, last_name: 'Hopper', password: null },
      credentialHeaders.none,
    );
    expect(user.status).toBe(200);
    expect(user.json).toMatchObject({ email: 'grace.hopper@example.org', last_name: 'Hopper' });
    expect(user.json).not.toHaveProperty('first_name');
    const luna3 = await send('createLuna3ScorerVersion', { instruction: 'Is it polite?', threshold: null });
    expect(luna3.json.luna3_scorer).toMatchObject({ instruction: 'Is it polite?' });
    expect(luna3.json.luna3_scorer).not.toHaveProperty('threshold');
    const template = await send(
      'updateAnnotationTemplate',
      { name: null, criteria: 'Like when every fact is right.' },
      { ...credentialHeaders.classicApiKey, 'x-mock-session': `null-${process.pid}` },
    );
    expect(template.json).toMatchObject({ criteria: 'Like when every fact is right.' });
    expect(typeof template.json.name).toBe('string');
  });

  it('the SDK’s trace upload: the ids it does not use sent as null', async () => {
    const body = example('logTraces', [], {
      log_stream_id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50',
      experiment_id: null,
      metrics_testing_id: null,
      session_id: null,
    });
    const { status, json } = await send('logTraces', body, credentialHeaders.bearer);
    expect(status).toBe(200);
    expect(json.traces_count).toBe(1);
  });
});

describe('what the spec states stays enforced', () => {
  it.each([
    ['logTraces', [], { traces: null }, ['body', 'traces'], 'list_type'],
    ['logTraces', ['traces', 0], { type: null }, ['body', 'traces', 0, 'type'], 'literal_error'],
    ['logTraces', ['traces', 0, 'spans', 0], { type: null }, ['body', 'traces', 0, 'spans', 0, 'type'], 'string_type'],
    [
      'applyBulkFeedbackV2',
      ['operations', 0, 'rating'],
      { feedback_type: null },
      ['body', 'operations', 0, 'BulkFeedbackRatingCreate', 'rating', 'feedback_type'],
      'string_type',
    ],
    ['updateAnnotationTemplate', [], { name: '' }, ['body', 'name'], 'string_too_short'],
    // The Signals body is a union: its log stream shape's items carry the class name (and the schedule's, its tag).
    ['putSignalsConfiguration', [], { model: null }, ['body', LOG_STREAM, 'model'], 'string_type'],
    [
      'putSignalsConfiguration',
      [],
      { user_preferences: null },
      ['body', LOG_STREAM, 'user_preferences'],
      'model_attributes_type',
    ],
    [
      'putSignalsConfiguration',
      [],
      { scheduled_runs_enabled: null },
      ['body', LOG_STREAM, 'scheduled_runs_enabled'],
      'bool_type',
    ],
    [
      'putSignalsConfiguration',
      [],
      { notification_severities: null },
      ['body', LOG_STREAM, 'notification_severities'],
      'list_type',
    ],
    [
      'putSignalsConfiguration',
      ['schedule'],
      { timezone: null },
      ['body', LOG_STREAM, 'schedule', 'CRON', 'timezone'],
      'string_type',
    ],
  ] as const)('%s: %j at %j is still 422', async (operationId, at, change, loc, type) => {
    const { status, detail } = await send(operationId, example(operationId, [...at], change));
    expect(status).toBe(422);
    expect(detail).toContainEqual(expect.objectContaining({ loc, type }));
  });

  it('a wrong type beside null is still 422: experiment_id must be a UUID string or null', async () => {
    const { status, detail } = await send('logTraces', example('logTraces', [], { experiment_id: 42 }));
    expect(status).toBe(422);
    expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'experiment_id'], type: 'uuid_type' })]);
  });
});

describe('gap policy: spans of types other than llm (the Span schema gives the llm shape only)', () => {
  const llm = (name: string) => ({
    type: 'llm',
    name,
    input: [{ role: 'user', content: 'What is the capital of France?' }],
    output: { role: 'assistant', content: 'Paris.' },
  });
  const trace: Trace = {
    type: 'trace',
    name: 'agent-run',
    input: 'What is the capital of France?',
    output: 'Paris.',
    spans: [
      {
        type: 'workflow',
        name: 'plan',
        input: 'What is the capital of France?',
        output: { steps: ['search', 'answer'] },
        spans: [
          llm('draft'),
          {
            type: 'tool',
            name: 'search',
            input: '{"query": "capital of France"}',
            output: '["Paris"]',
            tool_call_id: 'call-1',
          },
          {
            type: 'retriever',
            name: 'docs',
            input: 'capital of France',
            output: [{ content: 'Paris is the capital of France.', metadata: { source: 'atlas' } }],
          },
        ],
      },
      { type: 'agent', name: 'answerer', input: 'What is the capital of France?', output: 'Paris.' },
    ],
  };

  it('a workflow span holding llm, tool and retriever spans, and an agent span with string input and output: 200', async () => {
    const { status, json } = await send(
      'logTraces',
      { traces: [trace], experiment_id: null },
      credentialHeaders.bearer,
    );
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.traces_count).toBe(1);
    expect(responseErrors('logTraces', json)).toEqual([]);
  });

  it('the same trace through the typed client compiles and is accepted', async () => {
    const client = createApiClient({ baseUrl: mockBaseUrl(), auth: { accessToken: 'access-token' } });
    const { response } = await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: examplePathParams('logTraces').project_id! } },
      body: { traces: [trace], session_id: null },
    });
    expect(response.status).toBe(200);
  });

  it('a broken llm span is still 422, located at its llm fields', async () => {
    const broken = { type: 'llm', name: 'answer', input: 'a string, not messages', output: ['not', 'a', 'message'] };
    const { status, detail } = await send('logTraces', { traces: [{ type: 'trace', spans: [broken] }] });
    expect(status).toBe(422);
    expect(detail.map(({ type, loc }) => ({ type, loc }))).toEqual([
      { type: 'list_type', loc: ['body', 'traces', 0, 'spans', 0, 'input'] },
      // The llm shape is a validator's (a TypeAdapter, without from_attributes): model_type.
      { type: 'model_type', loc: ['body', 'traces', 0, 'spans', 0, 'output'] },
    ]);
  });

  it('an llm span message with a wrong field type is 422 at that message field', async () => {
    const broken = { ...llm('answer'), input: [{ role: 'user', content: 42 }] };
    const { status, detail } = await send('logTraces', { traces: [{ type: 'trace', spans: [broken] }] });
    expect(status).toBe(422);
    expect(detail).toEqual([
      expect.objectContaining({ type: 'string_type', loc: ['body', 'traces', 0, 'spans', 0, 'input', 0, 'content'] }),
    ]);
  });
});

describe('the typed client reports the 422 of a broken llm span', () => {
  it('validationDetails names the llm field', async () => {
    const client = createApiClient({ baseUrl: mockBaseUrl(), auth: { apiKey: 'ao-key' } });
    const { error } = await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: examplePathParams('logTraces').project_id! } },
      body: { traces: [{ type: 'trace', spans: [{ type: 'llm', input: 'not messages' }] }] },
    });
    expect(validationDetails(error).map((item) => item.loc)).toEqual([['body', 'traces', 0, 'spans', 0, 'input']]);
  });
});
