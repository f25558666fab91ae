// Every bound the spec gives (the limits test/spec/spec.test.ts lists), every enum and every closed
// object, tried through createApiClient at the edge (accepted) and past it (rejected with 422 and
// the violation the mock reports).
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/index.js';
import { examplePathParams, mockBaseUrl, requestExample, responseErrors, violations } from '../support/contract.js';

const client = () =>
  createApiClient({ baseUrl: mockBaseUrl(), auth: { apiKey: 'ao-key', classicApiKey: 'classic-key' } });

type Body = Record<string, unknown>;
const logStream = (extra: Body = {}): Body => ({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', ...extra });
const experiment = (extra: Body = {}): Body => ({ model: 'gpt-4.1-mini', ...extra });
const fiveFields = (length: number) => `0 6 * * ${'1'.repeat(length - 8)}`;

async function putSignals(body: Body, path = examplePathParams('putSignalsConfiguration')) {
  const { response, data } = await client().PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
    params: { path: path as { project_id: string; run_id: string } },
    body: body as never,
  });
  return { status: response.status, violations: violations(response), data };
}

async function patchTemplate(body: Body) {
  const { response } = await client().PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
    params: { path: examplePathParams('updateAnnotationTemplate') as { project_id: string; template_id: string } },
    body: body as never,
  });
  return { status: response.status, violations: violations(response) };
}

async function logTraces(body: Body) {
  const { response } = await client().POST('/v2/projects/{project_id}/traces', {
    params: { path: examplePathParams('logTraces') as { project_id: string } },
    body: body as never,
  });
  return { status: response.status, violations: violations(response) };
}

async function createUser(body: Body) {
  const { response } = await client().POST('/v2/system_users', { body: body as never });
  return { status: response.status, violations: violations(response) };
}

/** Cases: [name, body, the violation expected (code and body path), or null for accepted]. */
type Case = [string, Body, { code: string; at: (string | number)[] } | null];

const signalsCases: Case[] = [
  ['model of length 1', experiment({ model: 'm' }), null],
  ['model of length 255', experiment({ model: 'm'.repeat(255) }), null],
  ['model empty', experiment({ model: '' }), { code: 'minLength', at: ['model'] }],
  ['model of length 256', logStream({ model: 'm'.repeat(256) }), { code: 'maxLength', at: ['model'] }],
  ['model missing', { run_mode: 'ON_DEMAND' }, { code: 'required', at: [] }],
  ['focus_on of length 10000', experiment({ user_preferences: { focus_on: 'f'.repeat(10000) } }), null],
  [
    'focus_on of length 10001',
    experiment({ user_preferences: { focus_on: 'f'.repeat(10001) } }),
    { code: 'maxLength', at: ['user_preferences', 'focus_on'] },
  ],
  ['dont_focus_on of length 10000', logStream({ user_preferences: { dont_focus_on: 'd'.repeat(10000) } }), null],
  [
    'dont_focus_on of length 10001',
    logStream({ user_preferences: { dont_focus_on: 'd'.repeat(10001) } }),
    { code: 'maxLength', at: ['user_preferences', 'dont_focus_on'] },
  ],
  ['3 notification severities', logStream({ notification_severities: ['LOW', 'MEDIUM', 'HIGH'] }), null],
  [
    '4 notification severities',
    logStream({ notification_severities: ['LOW', 'MEDIUM', 'HIGH', 'HIGH'] }),
    { code: 'maxItems', at: ['notification_severities'] },
  ],
  [
    'an unknown severity',
    logStream({ notification_severities: ['CRITICAL'] }),
    { code: 'enum', at: ['notification_severities', 0] },
  ],
  ['an unknown run_mode', logStream({ run_mode: 'WEEKLY' }), { code: 'enum', at: ['run_mode'] }],
  ['cron of length 9 (shortest five fields)', logStream({ schedule: { cron: '* * * * *' } }), null],
  ['cron of length 128', logStream({ schedule: { cron: fiveFields(128) } }), null],
  [
    'cron of length 129',
    logStream({ schedule: { cron: fiveFields(129) } }),
    { code: 'maxLength', at: ['schedule', 'cron'] },
  ],
  ['cron empty', logStream({ schedule: { cron: '' } }), { code: 'minLength', at: ['schedule', 'cron'] }],
  ['cron of four fields', logStream({ schedule: { cron: '0 6 * *' } }), { code: 'pattern', at: ['schedule', 'cron'] }],
  ['interval_hours 1', logStream({ schedule: { interval_hours: 1 } }), null],
  ['interval_hours 168', logStream({ schedule: { type: 'INTERVAL', interval_hours: 168 } }), null],
  [
    'interval_hours 0',
    logStream({ schedule: { interval_hours: 0 } }),
    { code: 'minimum', at: ['schedule', 'interval_hours'] },
  ],
  [
    'interval_hours 169',
    logStream({ schedule: { interval_hours: 169 } }),
    { code: 'maximum', at: ['schedule', 'interval_hours'] },
  ],
  [
    'interval_hours 1.5',
    logStream({ schedule: { interval_hours: 1.5 } }),
    { code: 'type', at: ['schedule', 'interval_hours'] },
  ],
  ['timezone of length 1', logStream({ schedule: { interval_hours: 6, timezone: 'Z' } }), null],
  ['timezone of length 255', logStream({ schedule: { cron: '* * * * *', timezone: 't'.repeat(255) } }), null],
  [
    'timezone empty',
    logStream({ schedule: { cron: '* * * * *', timezone: '' } }),
    { code: 'minLength', at: ['schedule', 'timezone'] },
  ],
  [
    'timezone of length 256',
    logStream({ schedule: { interval_hours: 6, timezone: 't'.repeat(256) } }),
    { code: 'maxLength', at: ['schedule', 'timezone'] },
  ],
  ['a null schedule and null dates', logStream({ schedule: null, start_date: null, end_date: null }), null],
  // pydantic takes a datetime of zero time as a date (lax mode), and refuses one with a time.
  ['a date that is a date-time at midnight', logStream({ start_date: '2026-12-01T00:00:00Z' }), null],
  [
    'a date that is a date-time',
    logStream({ start_date: '2026-12-01T10:00:00Z' }),
    { code: 'format', at: ['start_date'] },
  ],
  [
    'a schedule typed CRON carrying interval_hours',
    logStream({ schedule: { type: 'CRON', interval_hours: 6 } }),
    { code: 'additionalProperties', at: ['schedule'] },
  ],
  [
    'a schedule with both cron and interval_hours',
    logStream({ schedule: { cron: '* * * * *', interval_hours: 6 } }),
    { code: 'additionalProperties', at: ['schedule'] },
  ],
  [
    'a schedule typed INTERVAL carrying cron',
    logStream({ schedule: { type: 'INTERVAL', cron: '* * * * *' } }),
    { code: 'const', at: ['schedule', 'type'] },
  ],
  ['an unknown field in the experiment shape', experiment({ colour: 'red' }), { code: 'additionalProperties', at: [] }],
  ['an unknown field in the log stream shape', logStream({ colour: 'red' }), { code: 'additionalProperties', at: [] }],
  [
    'an unknown field in user_preferences',
    experiment({ user_preferences: { colour: 'red' } }),
    { code: 'additionalProperties', at: ['user_preferences'] },
  ],
  [
    'a log stream field in the experiment shape',
    experiment({ scheduled_runs_enabled: true }),
    { code: 'additionalProperties', at: [] },
  ],
];

function expectCase(
  result: { status: number; violations: { code: string; location: (string | number)[] }[] },
  want: Case[2],
) {
  if (want === null) {
    expect(result.status, JSON.stringify(result.violations)).toBe(200);
    return;
  }
  expect(result.status).toBe(422);
  // Prism reports array indexes as strings.
  expect(result.violations.map((v) => [v.code, v.location.slice(2).map(String)])).toContainEqual([
    want.code,
    want.at.map(String),
  ]);
}

describe('Put Signals Configuration', () => {
  it.each(signalsCases)('%s', async (_name, body, want) => {
    expectCase(await putSignals(body), want);
  });

  it('a schedule without type validates as either branch', async () => {
    for (const schedule of [{ cron: '*/15 * * * *' }, { interval_hours: 24 }]) {
      const result = await putSignals(logStream({ schedule }));
      expect(result.status).toBe(200);
      expect(responseErrors('putSignalsConfiguration', result.data)).toEqual([]);
    }
  });

  it('a path identifier that is not a UUID', async () => {
    const result = await putSignals(experiment(), {
      project_id: 'not-a-uuid',
      run_id: examplePathParams('putSignalsConfiguration').run_id!,
    });
    expect(result.status).toBe(422);
    expect(result.violations.map((v) => [v.code, v.location])).toContainEqual([
      'format',
      ['request', 'path', 'project_id'],
    ]);
  });
});

describe('Update Annotation Template', () => {
  it.each<Case>([
    ['name of length 1', { name: 'n' }, null],
    ['name of length 255', { name: 'n'.repeat(255) }, null],
    ['name empty', { name: '' }, { code: 'minLength', at: ['name'] }],
    ['name of length 256', { name: 'n'.repeat(256) }, { code: 'maxLength', at: ['name'] }],
    ['a field whose name is not shown', { name: 'n', colour: 'red' }, null],
  ])('%s', async (_name, body, want) => {
    expectCase(await patchTemplate(body), want);
  });
});

describe('Log Traces', () => {
  const trace = { type: 'trace', name: 't', spans: [] };
  it.each<Case>([
    ['one trace', { traces: [trace] }, null],
    ['no trace', { traces: [] }, { code: 'minItems', at: ['traces'] }],
    ['traces missing', { log_stream_id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50' }, { code: 'required', at: [] }],
    [
      'a log_stream_id that is not a UUID',
      { traces: [trace], log_stream_id: 'ls-1' },
      { code: 'format', at: ['log_stream_id'] },
    ],
    ['fields whose names are not shown', { traces: [trace], logging_method: 'python_client', reliable: true }, null],
  ])('%s', async (_name, body, want) => {
    expectCase(await logTraces(body), want);
  });

  it('the example is accepted', async () => {
    expectCase(await logTraces(requestExample('logTraces') as Body), null);
  });
});

describe('Create Or Verify User', () => {
  it.each<Case>([
    ...['email', 'google', 'github', 'okta', 'azure-ad', 'custom', 'saml', 'invite'].map((m): Case => [
      `auth_method ${m}`,
      { email: 'a@example.org', auth_method: m },
      null,
    ]),
    ['an unknown auth_method', { email: 'a@example.org', auth_method: 'ldap' }, { code: 'enum', at: ['auth_method'] }],
    ['the role under a field name that is not shown', { email: 'a@example.org', role: 'read_only' }, null],
  ])('%s', async (_name, body, want) => {
    expectCase(await createUser(body), want);
  });
});

describe('Apply Bulk Feedback V2', () => {
  const apply = async (body: Body) => {
    const { response } = await client().POST('/v2/projects/{project_id}/feedback/ratings', {
      params: { path: examplePathParams('applyBulkFeedbackV2') as { project_id: string } },
      body: body as never,
    });
    return { status: response.status, violations: violations(response) };
  };
  it.each<Case>([
    ['the example', requestExample('applyBulkFeedbackV2') as Body, null],
    [
      'a like_dislike rating whose value is not a boolean',
      { operations: [{ operation_type: 'create', rating: { feedback_type: 'like_dislike', value: 5 } }] },
      { code: 'type', at: ['operations', 0, 'rating', 'value'] },
    ],
    [
      'an index selector with non-integer indexes',
      { selector: { selector_type: 'indexes', indexes: ['first'] } },
      { code: 'type', at: ['selector', 'indexes', 0] },
    ],
    [
      'a trace selector, whose fields are not shown',
      { selector: { selector_type: 'traces', trace_ids: ['t1'] } },
      null,
    ],
    [
      'a delete operation, whose fields are not shown',
      { operations: [{ operation_type: 'delete', feedback_template_id: 'x' }] },
      null,
    ],
  ])('%s', async (_name, body, want) => {
    expectCase(await apply(body), want);
  });
});
