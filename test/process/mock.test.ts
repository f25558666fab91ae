// The mock answers like the service: a 422 carries the real violations in FastAPI/pydantic v2's
// shape (every bound, enum and closed object of the spec, the branch a union body was meant for,
// undecodable JSON, no body, a wrong content type), a 200 reflects the request of each of the seven
// operations (and stays valid against its response schema), a 401 names the accepted credentials.
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails } from '../../src/index.js';
import { startTestMock } from '../support/in-process.js';
import {
  examplePathParams,
  mockBaseUrl,
  requestExample,
  responseErrors,
  statelessMockUrl,
  violations,
} from '../support/contract.js';
import { operation, property, spec } from '../support/spec.js';

type Body = Record<string, unknown>;
type Loc = (string | number)[];
interface Item {
  type: string;
  loc: Loc;
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

const client = (baseUrl = mockBaseUrl()) =>
  createApiClient({ baseUrl, auth: { apiKey: 'ao-key', classicApiKey: 'classic-key', accessToken: 'access-token' } });

// Path identifiers other than the spec's examples, so an echo cannot come from an example.
const PROJECT = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const RUN = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const TEMPLATE = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const SCORER = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const signalsPath = `/v2/projects/${PROJECT}/runs/${RUN}/signals/configuration`;

/** The example response body of an operation (what the request does not determine comes from it). */
function responseExample(operationId: string): any {
  const examples = operation(operationId).operation.responses['200'].content['application/json'].examples;
  return structuredClone((Object.values(examples)[0] as { value: unknown }).value);
}

async function putSignals(body: unknown, path = { project_id: PROJECT, run_id: RUN }, baseUrl = mockBaseUrl()) {
  const { response, data, error } = await client(baseUrl).PUT(
    '/v2/projects/{project_id}/runs/{run_id}/signals/configuration',
    {
      params: { path },
      body: body as never,
    },
  );
  return { status: response.status, detail: validationDetails(error) as Item[], data, response };
}

/** A raw request to the mock, for what the typed client cannot send (bytes: fetch adds no content type). */
async function raw(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  baseUrl = mockBaseUrl(),
) {
  const bytes = body === undefined ? undefined : new TextEncoder().encode(body);
  const response = await fetch(baseUrl + path, {
    method,
    headers: { 'service-ao-api-key': 'ao-key', ...headers },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: JSON.parse(text) };
}

const logStream = (extra: Body = {}): Body => ({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', ...extra });
const experiment = (extra: Body = {}): Body => ({ model: 'gpt-4.1-mini', ...extra });
const fiveFields = (length: number) => `0 6 * * ${'1'.repeat(length - 8)}`;
const cronPattern = property('CronSignalSchedule', 'cron').pattern!;

const tooShort = (loc: Loc, input: string, min: number): Item => ({
  type: 'string_too_short',
  loc,
  msg: `String should have at least ${min} character${min === 1 ? '' : 's'}`,
  input,
  ctx: { min_length: min },
});
const tooLong = (loc: Loc, input: string, max: number): Item => ({
  type: 'string_too_long',
  loc,
  msg: `String should have at most ${max} characters`,
  input,
  ctx: { max_length: max },
});
const extra = (loc: Loc, input: unknown): Item => ({
  type: 'extra_forbidden',
  loc,
  msg: 'Extra inputs are not permitted',
  input,
});
const missing = (loc: Loc, input: unknown): Item => ({ type: 'missing', loc, msg: 'Field required', input });
const enumError = (loc: Loc, input: unknown, expected: string): Item => ({
  type: 'enum',
  loc,
  msg: `Input should be ${expected}`,
  input,
  ctx: { expected },
});

/** [name, body, the exact detail items, or null when the body is valid]. */
type Case = [string, unknown, Item[] | null];

const signalsCases: Case[] = [
  ['model of length 1', experiment({ model: 'm' }), null],
  ['model of length 255', logStream({ model: 'm'.repeat(255) }), null],
  ['model empty', experiment({ model: '' }), [tooShort(['body', 'model'], '', 1)]],
  ['model of length 256', logStream({ model: 'm'.repeat(256) }), [tooLong(['body', 'model'], 'm'.repeat(256), 255)]],
  [
    'model missing from the log stream shape',
    { run_mode: 'ON_DEMAND' },
    [missing(['body', 'model'], { run_mode: 'ON_DEMAND' })],
  ],
  [
    'model not a string',
    experiment({ model: 5 }),
    [{ type: 'string_type', loc: ['body', 'model'], msg: 'Input should be a valid string', input: 5 }],
  ],
  ['focus_on of length 10000', experiment({ user_preferences: { focus_on: 'f'.repeat(10000) } }), null],
  [
    'focus_on of length 10001',
    experiment({ user_preferences: { focus_on: 'f'.repeat(10001) } }),
    [tooLong(['body', 'user_preferences', 'focus_on'], 'f'.repeat(10001), 10000)],
  ],
  ['dont_focus_on of length 10000', logStream({ user_preferences: { dont_focus_on: 'd'.repeat(10000) } }), null],
  [
    'dont_focus_on of length 10001',
    logStream({ user_preferences: { dont_focus_on: 'd'.repeat(10001) } }),
    [tooLong(['body', 'user_preferences', 'dont_focus_on'], 'd'.repeat(10001), 10000)],
  ],
  ['3 notification severities', logStream({ notification_severities: ['LOW', 'MEDIUM', 'HIGH'] }), null],
  [
    '4 notification severities',
    logStream({ notification_severities: ['LOW', 'MEDIUM', 'HIGH', 'HIGH'] }),
    [
      {
        type: 'too_long',
        loc: ['body', 'notification_severities'],
        msg: 'List should have at most 3 items after validation, not 4',
        input: ['LOW', 'MEDIUM', 'HIGH', 'HIGH'],
        ctx: { field_type: 'List', max_length: 3, actual_length: 4 },
      },
    ],
  ],
  [
    'an unknown severity',
    logStream({ notification_severities: ['HIGH', 'CRITICAL'] }),
    [enumError(['body', 'notification_severities', 1], 'CRITICAL', "'LOW', 'MEDIUM' or 'HIGH'")],
  ],
  [
    'an unknown run_mode',
    logStream({ run_mode: 'WEEKLY' }),
    [enumError(['body', 'run_mode'], 'WEEKLY', "'ON_DEMAND' or 'SCHEDULED'")],
  ],
  ['cron of length 9', logStream({ schedule: { cron: '* * * * *' } }), null],
  ['cron of length 128', logStream({ schedule: { cron: fiveFields(128) } }), null],
  ['cron empty', logStream({ schedule: { cron: '' } }), [tooShort(['body', 'schedule', 'cron'], '', 1)]],
  [
    'cron of length 129',
    logStream({ schedule: { cron: fiveFields(129) } }),
    [tooLong(['body', 'schedule', 'cron'], fiveFields(129), 128)],
  ],
  [
    'cron of four fields',
    logStream({ schedule: { type: 'CRON', cron: '0 6 * *' } }),
    [
      {
        type: 'string_pattern_mismatch',
        loc: ['body', 'schedule', 'cron'],
        msg: `String should match pattern '${cronPattern}'`,
        input: '0 6 * *',
        ctx: { pattern: cronPattern },
      },
    ],
  ],
  ['interval_hours 1', logStream({ schedule: { interval_hours: 1 } }), null],
  ['interval_hours 168', logStream({ schedule: { type: 'INTERVAL', interval_hours: 168 } }), null],
  [
    'interval_hours 0',
    logStream({ schedule: { interval_hours: 0 } }),
    [
      {
        type: 'greater_than_equal',
        loc: ['body', 'schedule', 'interval_hours'],
        msg: 'Input should be greater than or equal to 1',
        input: 0,
        ctx: { ge: 1 },
      },
    ],
  ],
  [
    'interval_hours 169',
    logStream({ schedule: { interval_hours: 169 } }),
    [
      {
        type: 'less_than_equal',
        loc: ['body', 'schedule', 'interval_hours'],
        msg: 'Input should be less than or equal to 168',
        input: 169,
        ctx: { le: 168 },
      },
    ],
  ],
  [
    'interval_hours 1.5',
    logStream({ schedule: { interval_hours: 1.5 } }),
    [
      {
        type: 'int_from_float',
        loc: ['body', 'schedule', 'interval_hours'],
        msg: 'Input should be a valid integer, got a number with a fractional part',
        input: 1.5,
      },
    ],
  ],
  // Lax mode, the service's: "12" is read as 12.
  ['interval_hours "12"', logStream({ schedule: { interval_hours: '12' } }), null],
  ['timezone of length 1', logStream({ schedule: { interval_hours: 6, timezone: 'Z' } }), null],
  ['timezone of length 255', logStream({ schedule: { cron: '* * * * *', timezone: 't'.repeat(255) } }), null],
  [
    'timezone empty',
    logStream({ schedule: { cron: '* * * * *', timezone: '' } }),
    [tooShort(['body', 'schedule', 'timezone'], '', 1)],
  ],
  [
    'timezone of length 256',
    logStream({ schedule: { interval_hours: 6, timezone: 't'.repeat(256) } }),
    [tooLong(['body', 'schedule', 'timezone'], 't'.repeat(256), 255)],
  ],
  // Closed objects.
  ['an unknown field in the experiment shape', experiment({ colour: 'red' }), [extra(['body', 'colour'], 'red')]],
  ['an unknown field in the log stream shape', logStream({ colour: 'red' }), [extra(['body', 'colour'], 'red')]],
  // A log stream field without run_mode: the experiment shape's items (the log stream shape's: run_mode missing).
  [
    'a log stream field in the experiment shape',
    experiment({ scheduled_runs_enabled: true }),
    [extra(['body', 'scheduled_runs_enabled'], true)],
  ],
  [
    'an unknown field in user_preferences',
    experiment({ user_preferences: { colour: 'red' } }),
    [extra(['body', 'user_preferences', 'colour'], 'red')],
  ],
  [
    'an unknown field in a cron schedule',
    logStream({ schedule: { cron: '* * * * *', colour: 'red' } }),
    [extra(['body', 'schedule', 'colour'], 'red')],
  ],
  [
    'an unknown field in an interval schedule',
    logStream({ schedule: { interval_hours: 6, colour: 'red' } }),
    [extra(['body', 'schedule', 'colour'], 'red')],
  ],
  // Unions: the errors of the branch the body was meant for.
  [
    'a schedule typed CRON carrying interval_hours',
    logStream({ schedule: { type: 'CRON', interval_hours: 6 } }),
    [
      missing(['body', 'schedule', 'cron'], { type: 'CRON', interval_hours: 6 }),
      extra(['body', 'schedule', 'interval_hours'], 6),
    ],
  ],
  [
    'a schedule typed INTERVAL carrying cron',
    logStream({ schedule: { type: 'INTERVAL', cron: '* * * * *' } }),
    [
      missing(['body', 'schedule', 'interval_hours'], { type: 'INTERVAL', cron: '* * * * *' }),
      extra(['body', 'schedule', 'cron'], '* * * * *'),
    ],
  ],
  [
    'a schedule of an unknown type with a cron',
    logStream({ schedule: { type: 'WEEKLY', cron: '* * * * *' } }),
    [
      {
        type: 'union_tag_invalid',
        loc: ['body', 'schedule'],
        msg: "Input tag 'WEEKLY' found using 'type' does not match any of the expected tags: 'CRON', 'INTERVAL'",
        input: { type: 'WEEKLY', cron: '* * * * *' },
        ctx: { discriminator: "'type'", tag: 'WEEKLY', expected_tags: "'CRON', 'INTERVAL'" },
      },
    ],
  ],
  [
    'a schedule with both required fields and no type: the first one present (cron) names the tag',
    logStream({ schedule: { cron: '* * * * *', interval_hours: 6 } }),
    [extra(['body', 'schedule', 'interval_hours'], 6)],
  ],
  [
    'a schedule that is not an object',
    logStream({ schedule: 'daily' }),
    [
      {
        type: 'model_attributes_type',
        loc: ['body', 'schedule'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'daily',
      },
    ],
  ],
  [
    'dates that are not dates',
    logStream({ start_date: '2026-12-01T00:00:00Z', end_date: '2026-02-30' }),
    // A datetime of zero time is a date to pydantic: start_date passes.
    [
      {
        type: 'date_from_datetime_parsing',
        loc: ['body', 'end_date'],
        msg: 'Input should be a valid date or datetime, day value is outside expected range',
        input: '2026-02-30',
        ctx: { error: 'day value is outside expected range' },
      },
    ],
  ],
  [
    'a body that is a list',
    [experiment()],
    [
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [experiment()],
      },
    ],
  ],
];

const LOG_STREAM_SHAPE = 'LogStreamSignalsConfigurationPut';
const EXPERIMENT_SHAPE = 'ExperimentSignalsConfigurationPut';
/**
 * The items of one member of the body's union, as the cases above write them: pydantic reports
 * every member under its class name (["body", "LogStreamSignalsConfigurationPut", ...]) and a
 * schedule's items under its tag ([..., "schedule", "INTERVAL", ...]); the cases name neither.
 */
function itemsOf(detail: Item[], member: string): Item[] {
  return detail
    .filter((item) => item.loc[1] === member)
    .map((item) => ({
      ...item,
      loc: item.loc.filter(
        (part, i) => i !== 1 && !(item.loc[i - 1] === 'schedule' && (part === 'CRON' || part === 'INTERVAL')),
      ),
    }));
}
/** The member a case's body is written for: the log stream shape by its run_mode. */
const memberOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'run_mode' in body ? LOG_STREAM_SHAPE : EXPERIMENT_SHAPE;

describe('422: the violations of a Put Signals Configuration body, item by item', () => {
  it.each(signalsCases)('%s', async (_name, body, want) => {
    const result = await putSignals(body);
    if (want === null) {
      expect(result.status, JSON.stringify(result.detail)).toBe(200);
      expect(responseErrors('putSignalsConfiguration', result.data)).toEqual([]);
      return;
    }
    expect(result.status).toBe(422);
    // Every item is one member's, the members in the union's order.
    const members = result.detail.map((item: Item) => item.loc[1]);
    expect(members.every((member: unknown) => member === LOG_STREAM_SHAPE || member === EXPERIMENT_SHAPE)).toBe(true);
    expect(members).toEqual([...members].sort((a, b) => (a === b ? 0 : a === LOG_STREAM_SHAPE ? -1 : 1)));
    expect(itemsOf(result.detail, memberOf(body))).toEqual(want);
  });

  it('a body breaking several rules at once: every violation, in the order of the fields', async () => {
    const body = {
      model: '',
      run_mode: 'WEEKLY',
      schedule: { interval_hours: 0, timezone: '' },
      notification_severities: ['LOW', 'MEDIUM', 'HIGH', 'HIGH'],
      colour: 'red',
    };
    const result = await putSignals(body);
    expect(result.status).toBe(422);
    expect(itemsOf(result.detail, LOG_STREAM_SHAPE).map(({ type, loc, ctx }) => ({ type, loc, ctx }))).toEqual([
      { type: 'string_too_short', loc: ['body', 'model'], ctx: { min_length: 1 } },
      { type: 'enum', loc: ['body', 'run_mode'], ctx: { expected: "'ON_DEMAND' or 'SCHEDULED'" } },
      { type: 'greater_than_equal', loc: ['body', 'schedule', 'interval_hours'], ctx: { ge: 1 } },
      { type: 'string_too_short', loc: ['body', 'schedule', 'timezone'], ctx: { min_length: 1 } },
      {
        type: 'too_long',
        loc: ['body', 'notification_severities'],
        ctx: { field_type: 'List', max_length: 3, actual_length: 4 },
      },
      { type: 'extra_forbidden', loc: ['body', 'colour'], ctx: undefined },
    ]);
    // Prism's own report stays in its header.
    expect(violations(result.response).map((v) => v.code)).toEqual(
      expect.arrayContaining(['minLength', 'enum', 'maxItems']),
    );
  });

  it('path parameters that are not UUIDs come first, then the body', async () => {
    const result = await putSignals(experiment({ model: '' }), { project_id: 'not-a-uuid', run_id: '123' });
    expect(result.status).toBe(422);
    const charError = 'invalid character: found `n` at 1';
    expect(result.detail).toEqual([
      {
        type: 'uuid_parsing',
        loc: ['path', 'project_id'],
        msg: `Input should be a valid UUID, ${charError}`,
        input: 'not-a-uuid',
        ctx: { error: charError },
      },
      {
        type: 'uuid_parsing',
        loc: ['path', 'run_id'],
        msg: 'Input should be a valid UUID, invalid length: expected length 32 for simple format, found 3',
        input: '123',
        ctx: { error: 'invalid length: expected length 32 for simple format, found 3' },
      },
      tooShort(['body', LOG_STREAM_SHAPE, 'model'], '', 1),
      missing(['body', LOG_STREAM_SHAPE, 'run_mode'], { model: '' }),
      tooShort(['body', EXPERIMENT_SHAPE, 'model'], '', 1),
    ]);
  });
});

describe('422: the other operations', () => {
  const patch = (body: Body) =>
    client().PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
      params: { path: { project_id: PROJECT, template_id: TEMPLATE } },
      body,
    });
  const traces = (body: Body) =>
    client().POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: body as never,
    });

  it.each<Case>([
    ['name of length 1', { name: 'n' }, null],
    ['name of length 255', { name: 'n'.repeat(255) }, null],
    ['name empty', { name: '' }, [tooShort(['body', 'name'], '', 1)]],
    ['name of length 256', { name: 'n'.repeat(256) }, [tooLong(['body', 'name'], 'n'.repeat(256), 255)]],
  ])('annotation template: %s', async (_name, body, want) => {
    const { response, error } = await patch(body as Body);
    expect(response.status).toBe(want === null ? 200 : 422);
    if (want !== null) expect(validationDetails(error)).toEqual(want);
  });

  it.each<Case>([
    ['one trace', { traces: [{ type: 'trace' }] }, null],
    [
      'no trace',
      { traces: [] },
      [
        {
          type: 'too_short',
          loc: ['body', 'traces'],
          msg: 'List should have at least 1 item after validation, not 0',
          input: [],
          ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
        },
      ],
    ],
    ['traces missing', { include_trace_ids: true }, [missing(['body', 'traces'], { include_trace_ids: true })]],
    [
      'a trace of another type and an llm span whose message role is not a string',
      { traces: [{ type: 'span', spans: [{ type: 'llm', input: [{ role: 1, content: 'hi' }] }] }] },
      [
        {
          type: 'literal_error',
          loc: ['body', 'traces', 0, 'type'],
          msg: "Input should be 'trace'",
          input: 'span',
          ctx: { expected: "'trace'" },
        },
        {
          type: 'string_type',
          loc: ['body', 'traces', 0, 'spans', 0, 'input', 0, 'role'],
          msg: 'Input should be a valid string',
          input: 1,
        },
      ],
    ],
  ])('log traces: %s', async (_name, body, want) => {
    const { response, error } = await traces(body as Body);
    expect(response.status).toBe(want === null ? 200 : 422);
    if (want !== null) expect(validationDetails(error)).toEqual(want);
  });

  it('create or verify user: every auth_method, and an unknown one', async () => {
    const methods = ['email', 'google', 'github', 'okta', 'azure-ad', 'custom', 'saml', 'invite'] as const;
    for (const auth_method of methods) {
      const { response } = await client().POST('/v2/system_users', { body: { email: 'a@example.org', auth_method } });
      expect(response.status).toBe(200);
    }
    const { response, error } = await client().POST('/v2/system_users', {
      body: { email: 'a@example.org', auth_method: 'ldap' as never },
    });
    expect(response.status).toBe(422);
    expect(validationDetails(error)).toEqual([
      enumError(
        ['body', 'auth_method'],
        'ldap',
        "'email', 'google', 'github', 'okta', 'azure-ad', 'custom', 'saml' or 'invite'",
      ),
    ]);
  });

  it('bulk feedback: the create branch by its operation_type, the index selector by its selector_type', async () => {
    const { response, error } = await client().POST('/v2/projects/{project_id}/feedback/ratings', {
      params: { path: { project_id: PROJECT } },
      body: {
        operations: [{ operation_type: 'create', rating: { feedback_type: 'like_dislike', value: 5 } }],
        selector: { selector_type: 'indexes', indexes: ['first'] },
      } as never,
    });
    expect(response.status).toBe(422);
    expect(validationDetails(error)).toEqual([
      {
        type: 'bool_parsing',
        loc: ['body', 'operations', 0, 'BulkFeedbackRatingCreate', 'rating', 'value'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 5,
      },
      {
        type: 'int_parsing',
        loc: ['body', 'selector', 'IndexSelector', 'indexes', 0],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: 'first',
      },
    ]);
  });
});

describe('422: bodies that are not JSON objects', () => {
  it('invalid JSON: json_invalid at the character offset, with json’s message', async () => {
    const trailingComma = await raw('PUT', signalsPath, '{"model": "x",}');
    expect(trailingComma.status).toBe(422);
    expect(trailingComma.json).toEqual({
      detail: [
        {
          type: 'json_invalid',
          loc: ['body', 14],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: 'Expecting property name enclosed in double quotes' },
        },
      ],
    });
    const truncated = await raw('PUT', signalsPath, '{"model": ');
    expect(truncated.json.detail).toEqual([
      {
        type: 'json_invalid',
        loc: ['body', 10],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: 'Expecting value' },
      },
    ]);
    const trailing = await raw('POST', `/v2/projects/${PROJECT}/traces`, '{"traces": [{}]} x');
    expect(trailing.json.detail).toEqual([
      { type: 'json_invalid', loc: ['body', 17], msg: 'JSON decode error', input: {}, ctx: { error: 'Extra data' } },
    ]);
    // Decoding comes before the credential check, as in FastAPI.
    const anonymous = await fetch(mockBaseUrl() + signalsPath, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(anonymous.status).toBe(422);
    // And the next valid request is answered normally.
    expect((await putSignals(experiment())).status).toBe(200);
  });

  it('no body where one is required: missing at ["body"]', async () => {
    const empty = await raw('PUT', signalsPath);
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({ detail: [missing(['body'], null)] });
    const jsonNull = await raw('PUT', signalsPath, 'null');
    expect(jsonNull.json).toEqual({ detail: [missing(['body'], null)] });
  });

  it('a wrong or missing content type: the body reaches validation as text, as in FastAPI', async () => {
    const text = '{"model": "gpt-4.1-mini"}';
    const item = (member: string) => ({
      type: 'model_attributes_type',
      loc: ['body', member],
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: text,
    });
    const contentTypes: Record<string, string>[] = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ];
    for (const headers of contentTypes) {
      const answer = await raw('PUT', signalsPath, text, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(422);
      expect(answer.json).toEqual({ detail: [item(LOG_STREAM_SHAPE), item(EXPERIMENT_SHAPE)] });
    }
    const declared = await raw('PUT', signalsPath, text, { 'content-type': 'text/plain' });
    expect(violations(new Response(null, { headers: declared.headers })).map((v) => v.code)).toContain(415);
  });

  it('a JSON null where an optional body goes is no body, as FastAPI reads `Optional[Model] = None`', async () => {
    const answer = await raw('POST', `/v2/projects/${PROJECT}/traces`, 'null', {
      'content-type': 'application/json',
      'service-ao-api-key': 'k',
    });
    expect(answer.status).toBe(200);
  });
});

// What one request determines, on its own: the stateless mock (`--stateless`), whose answers the
// stateful default keeps except for what the rules across requests change (test/process/state.test.ts).
describe('200: responses reflect the request (--stateless)', () => {
  const url = statelessMockUrl();

  it('Put Signals Configuration, log stream shape: the saved configuration, with the defaults applied', async () => {
    const { status, data } = await putSignals(
      {
        model: 'gpt-4.1',
        run_mode: 'SCHEDULED',
        schedule: { interval_hours: 12 },
        user_preferences: { focus_on: 'tool calls' },
      },
      undefined,
      url,
    );
    expect(status).toBe(200);
    const example = responseExample('putSignalsConfiguration').data;
    expect(data).toEqual({
      data: {
        id: example.id,
        project_id: PROJECT,
        run_id: RUN,
        run_mode: 'SCHEDULED',
        schedule: { type: 'INTERVAL', interval_hours: 12, timezone: 'UTC' },
        start_date: null,
        end_date: null,
        scheduled_runs_enabled: false,
        model: 'gpt-4.1',
        user_preferences: { focus_on: 'tool calls', dont_focus_on: '' },
        notification_severities: [],
        created_at: example.created_at,
        updated_at: example.updated_at,
      },
    });
    expect(responseErrors('putSignalsConfiguration', data)).toEqual([]);
  });

  it('Put Signals Configuration, the cron example: saved as sent', async () => {
    const body = requestExample('putSignalsConfiguration') as Body;
    const { data } = await putSignals(
      body,
      examplePathParams('putSignalsConfiguration') as { project_id: string; run_id: string },
      url,
    );
    expect(data).toEqual(responseExample('putSignalsConfiguration'));
  });

  it('Put Signals Configuration, experiment shape: an on-demand run with no schedule and no notifications', async () => {
    const { data } = await putSignals({ model: 'gpt-4.1-mini' }, undefined, url);
    expect(data?.data).toMatchObject({
      project_id: PROJECT,
      run_id: RUN,
      run_mode: 'ON_DEMAND',
      schedule: null,
      start_date: null,
      end_date: null,
      scheduled_runs_enabled: false,
      model: 'gpt-4.1-mini',
      user_preferences: { focus_on: '', dont_focus_on: '' },
      notification_severities: [],
    });
    expect(responseErrors('putSignalsConfiguration', data)).toEqual([]);
  });

  it('Login Social: nothing in the request determines the token, so the example', async () => {
    const { data, response } = await client(url).POST('/v2/login/social', {
      body: { id_token: 'id-token', provider: 'github' },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual(responseExample('loginSocial'));
    expect(responseErrors('loginSocial', data)).toEqual([]);
  });

  it('Update Annotation Template: the new name and criteria, the template named by the path', async () => {
    const example = responseExample('updateAnnotationTemplate');
    const { data } = await client(url).PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
      params: { path: { project_id: PROJECT, template_id: TEMPLATE } },
      body: { name: 'Correctness', criteria: 'Like when every fact is right.' },
    });
    expect(data).toEqual({ ...example, id: TEMPLATE, name: 'Correctness', criteria: 'Like when every fact is right.' });
    // A PATCH changes only what it names.
    const renamed = await client(url).PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
      params: { path: { project_id: PROJECT, template_id: TEMPLATE } },
      body: { name: 'Tone' },
    });
    expect(renamed.data).toMatchObject({ name: 'Tone', criteria: example.criteria });
    expect(responseErrors('updateAnnotationTemplate', data)).toEqual([]);
  });

  it('Log Traces: counts of what was sent, the ids given, trace IDs only when asked, the same for the same request', async () => {
    const body = {
      session_id: RUN,
      include_trace_ids: true,
      traces: [
        { type: 'trace', name: 'a', spans: [{ type: 'llm' }, { type: 'llm' }] },
        { type: 'trace', name: 'b', spans: [{ type: 'llm' }] },
        { type: 'trace', name: 'c' },
      ],
    };
    const send = (b: Body) =>
      client(url).POST('/v2/projects/{project_id}/traces', {
        params: { path: { project_id: PROJECT } },
        body: b as never,
      });
    const { data } = await send(body);
    expect(data).toMatchObject({
      project_id: PROJECT,
      project_name: responseExample('logTraces').project_name,
      traces_count: 3,
      spans_count: 3,
      records_count: 6,
      session_id: RUN,
    });
    expect(data).not.toHaveProperty('log_stream_id');
    expect(data?.trace_ids).toHaveLength(3);
    expect(new Set(data?.trace_ids).size).toBe(3);
    for (const id of data?.trace_ids ?? [])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(responseErrors('logTraces', data)).toEqual([]);
    expect((await send(body)).data).toEqual(data);
    const other = await send({ ...body, traces: body.traces.slice(1) });
    expect(other.data?.trace_ids?.[0]).not.toBe(data?.trace_ids?.[0]);
    const withoutIds = await send({ traces: [{ type: 'trace' }], log_stream_id: RUN });
    expect(withoutIds.data).toMatchObject({ traces_count: 1, spans_count: 0, records_count: 1, log_stream_id: RUN });
    expect(withoutIds.data).not.toHaveProperty('trace_ids');
  });

  it('Create Luna3 Scorer Version: the scorer of the path, the Luna3 fields sent', async () => {
    const example = responseExample('createLuna3ScorerVersion');
    const { data } = await client(url).POST('/v2/scorers/{scorer_id}/version/luna3', {
      params: { path: { scorer_id: SCORER } },
      body: { instruction: 'Is it polite?', class_name_to_vocab_ix: { polite: 1, rude: 0 }, threshold: 0.25 },
    });
    const { adapter_path: _notSent, ...luna3 } = example.luna3_scorer;
    expect(data).toEqual({
      ...example,
      scorer_id: SCORER,
      luna3_scorer: {
        ...luna3,
        instruction: 'Is it polite?',
        class_name_to_vocab_ix: { polite: 1, rude: 0 },
        threshold: 0.25,
      },
    });
    expect(responseErrors('createLuna3ScorerVersion', data)).toEqual([]);
  });

  it('Apply Bulk Feedback V2: one result per operation and selected index', async () => {
    const { data } = await client(url).POST('/v2/projects/{project_id}/feedback/ratings', {
      params: { path: { project_id: PROJECT } },
      body: {
        operations: [
          { operation_type: 'create', rating: { feedback_type: 'like_dislike', value: false } },
          { operation_type: 'delete' },
        ],
        selector: { selector_type: 'indexes', indexes: [2, 5, 7] },
      } as never,
    });
    const item = (operation: string, message: string, index: number) => ({
      operation,
      success: true,
      message,
      selector: 'indexes',
      index,
    });
    expect(data).toEqual([
      item('create', 'Feedback rating created.', 2),
      item('create', 'Feedback rating created.', 5),
      item('create', 'Feedback rating created.', 7),
      item('delete', 'Feedback rating deleted.', 2),
      item('delete', 'Feedback rating deleted.', 5),
      item('delete', 'Feedback rating deleted.', 7),
    ]);
    expect(responseErrors('applyBulkFeedbackV2', data)).toEqual([]);
  });

  it('Create Or Verify User: the user’s own fields, never the password', async () => {
    const example = responseExample('createOrVerifyUser');
    const { data } = await client(url).POST('/v2/system_users', {
      body: { email: 'grace.hopper@example.org', first_name: 'Grace', auth_method: 'github', password: 'a-secret' },
    });
    const { last_name: _notSent, ...rest } = example;
    expect(data).toEqual({ ...rest, email: 'grace.hopper@example.org', first_name: 'Grace', auth_method: 'github' });
    expect(JSON.stringify(data)).not.toContain('a-secret');
    expect(responseErrors('createOrVerifyUser', data)).toEqual([]);
  });

  // A non-finite number (json.loads reads 1e400 and -Infinity as ±inf, NaN as nan; lax mode makes
  // "inf" one) in place of each number of each operation's example: whatever the mock answers, a
  // 200 is valid against the response schema as written (JSON has no Infinity: JSON.stringify
  // writes null), and it is the mock's own answer, not a fallback.
  const numberPaths = (value: unknown, path: Loc = []): Loc[] =>
    typeof value === 'number'
      ? [path]
      : value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, child]) =>
            numberPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
          )
        : [];
  const NON_FINITE = '__non_finite__';
  const nonFiniteCases = Object.keys(spec.paths)
    .flatMap((path) => Object.values(spec.paths[path]).map((op: any) => op.operationId as string))
    .flatMap((operationId) =>
      numberPaths(requestExample(operationId)).flatMap((path) =>
        ['1e400', '-1e400', 'NaN', '-Infinity', '"inf"'].map(
          (literal) => [`${operationId} ${path.join('.')} = ${literal}`, operationId, path, literal] as const,
        ),
      ),
    );
  it('the table has the Luna3 threshold = 1e400', () => {
    expect(nonFiniteCases.map(([name]) => name)).toContain('createLuna3ScorerVersion threshold = 1e400');
  });
  it.each(nonFiniteCases)('%s: no 200 outside the contract', async (_name, operationId, path, literal) => {
    const body = structuredClone(requestExample(operationId)) as Body;
    let node: any = body;
    for (const key of path.slice(0, -1)) node = node[key];
    node[path.at(-1)!] = NON_FINITE;
    const { path: template, method } = operation(operationId);
    const params = examplePathParams(operationId);
    const target = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
    const text = JSON.stringify(body).replace(JSON.stringify(NON_FINITE), literal);
    const answer = await raw(method.toUpperCase(), target, text, undefined, url);
    expect(answer.headers.get('x-mock-fallback')).toBeNull();
    if (answer.status === 200) {
      expect(responseErrors(operationId, answer.json)).toEqual([]);
      return;
    }
    expect(answer.status).toBe(422);
    const items = (answer.json as { detail: Item[] }).detail;
    expect(items.some((item) => path.every((key) => item.loc.includes(key)))).toBe(true);
  });

  it('Create Luna3 Scorer Version: a threshold pydantic reads as ±inf or nan is finite_number, as the response could not carry it', async () => {
    const target = `/v2/scorers/${SCORER}/version/luna3`;
    for (const [literal, input] of [
      ['1e400', null],
      ['-Infinity', null],
      ['NaN', null],
      ['"inf"', 'inf'],
    ] as const) {
      const answer = await raw('POST', target, `{"instruction": "x", "threshold": ${literal}}`, undefined, url);
      expect([answer.status, answer.json]).toEqual([
        422,
        {
          detail: [
            { type: 'finite_number', loc: ['body', 'threshold'], msg: 'Input should be a finite number', input },
          ],
        },
      ]);
    }
  });

  it('`Prefer` still picks Prism’s response: code=422 on a valid request gives the spec’s 422 example', async () => {
    const answer = await raw(
      'PUT',
      signalsPath,
      JSON.stringify(experiment()),
      { 'content-type': 'application/json', prefer: 'code=422' },
      url,
    );
    expect(answer.status).toBe(422);
    const example = operation('putSignalsConfiguration').operation.responses['422'];
    const examples = spec.components.responses[example.$ref.split('/').pop()].content['application/json'].examples;
    expect(answer.json).toEqual((Object.values(examples)[0] as { value: unknown }).value);
  });
});

describe('401: the credentials the operation accepts', () => {
  it.each(['putSignalsConfiguration', 'logTraces', 'applyBulkFeedbackV2'])('%s', async (operationId) => {
    const { path, method, operation: op } = operation(operationId);
    const url = path.replace(/\{[^}]+\}/g, PROJECT);
    const response = await fetch(mockBaseUrl() + url, {
      method: method.toUpperCase(),
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as {
      detail: string;
      accepted_credentials: { scheme: string; name: string }[];
    };
    const schemes = (op.security as Record<string, unknown>[]).flatMap((requirement) => Object.keys(requirement));
    const headerOf = (scheme: string) => {
      const definition = spec.components.securitySchemes[scheme];
      return definition.type === 'apiKey' ? definition.name : 'Authorization';
    };
    expect(body.accepted_credentials.map((c) => [c.scheme, c.name])).toEqual(schemes.map((s) => [s, headerOf(s)]));
    for (const scheme of schemes) expect(body.detail).toContain(headerOf(scheme));
  });
});

describe('deterministic by default, generated only with --dynamic --seed', () => {
  // The shared stateless mock (what one request determines), and one with --dynamic and a seed,
  // started when the file loads so that it is up by the time this runs.
  const dynamic = startTestMock({ dynamic: true, seed: '42', stateless: true });
  afterAll(async () => (await dynamic).stop());

  it('the same request gets the same response, statically and with a seed; dynamic values still reflect the request', async () => {
    const body = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '*/5 * * * *' } };
    const staticUrl = statelessMockUrl();
    const first = await putSignals(body, undefined, staticUrl);
    expect((await putSignals(body, undefined, staticUrl)).data).toEqual(first.data);

    const { baseUrl: url } = await dynamic;
    const send = async () =>
      (
        await fetch(url + signalsPath, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'service-api-key': 'k' },
          body: JSON.stringify(body),
        })
      ).json();
    const generated = (await send()) as { data: Record<string, unknown> };
    expect(await send()).toEqual(generated);
    expect(generated.data).toMatchObject({
      project_id: PROJECT,
      run_id: RUN,
      model: 'gpt-4.1-mini',
      schedule: { type: 'CRON', cron: '*/5 * * * *', timezone: 'UTC' },
    });
    expect(generated.data.id).not.toBe(first.data?.data.id);
    expect(responseErrors('putSignalsConfiguration', generated)).toEqual([]);
  });
});
