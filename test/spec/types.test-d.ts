// Type tests (vitest --typecheck): every union is exclusive and every closed object rejects
// unknown fields, both for annotated values and for bodies passed to the client.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type AnnotationTemplateUpdate,
  type AuthMethod,
  type BulkFeedbackRatingsRequest,
  type CronSignalSchedule,
  type ExperimentSignalsConfigurationPut,
  type HTTPValidationError,
  type IntervalSignalSchedule,
  type LogStreamSignalsConfigurationPut,
  type LogTracesIngestRequest,
  type Luna3ScorerVersionCreate,
  type SignalSchedule,
  type SignalsConfiguration,
  type SignalsConfigurationPut,
  type SignalsConfigurationResponse,
  type SignalsUserPreferences,
  type SocialLoginRequest,
  type SystemUser,
  type SystemUserCreate,
  type UserRole,
  type LoggingMethod,
  type paths,
  UnexpectedResponseError,
  type ResponseViolation,
  type UnexpectedResponseKind,
  type UnexpectedResponseReason,
} from '../../src/index.js';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010', auth: { apiKey: 'k' } });
const signalsPath = '/v2/projects/{project_id}/runs/{run_id}/signals/configuration' as const;
const params = { path: { project_id: 'p', run_id: 'r' } };

describe('SignalsConfigurationPut: exactly one of the experiment and log stream shapes', () => {
  it('accepts each shape', () => {
    const experiment: SignalsConfigurationPut = { model: 'm', user_preferences: { focus_on: 'x' } };
    const logStream: SignalsConfigurationPut = {
      model: 'm',
      run_mode: 'SCHEDULED',
      schedule: { cron: '0 6 * * 1-5' },
      scheduled_runs_enabled: true,
      notification_severities: ['HIGH'],
      start_date: null,
    };
    expectTypeOf(experiment).toExtend<SignalsConfigurationPut>();
    expectTypeOf(logStream).toExtend<SignalsConfigurationPut>();
    void client.PUT(signalsPath, { params, body: { model: 'm' } });
    void client.PUT(signalsPath, { params, body: { model: 'm', run_mode: 'ON_DEMAND', schedule: null } });
  });

  it('rejects a wrong enum value, a missing required field and a mix of the two shapes', () => {
    // @ts-expect-error run_mode is not a SignalScanMode
    const wrongEnum: SignalsConfigurationPut = { model: 'm', run_mode: 'WEEKLY' };
    // @ts-expect-error model is required in both shapes
    const missingModel: SignalsConfigurationPut = { run_mode: 'ON_DEMAND' };
    // @ts-expect-error a log stream field without run_mode is neither shape
    const mixed: SignalsConfigurationPut = { model: 'm', scheduled_runs_enabled: true };
    // @ts-expect-error through the client too
    void client.PUT(signalsPath, { params, body: { model: 'm', run_mode: 'WEEKLY' } });
    // @ts-expect-error through the client too
    void client.PUT(signalsPath, { params, body: { model: 'm', notification_severities: ['LOW'] } });
    // @ts-expect-error the body is required
    void client.PUT(signalsPath, { params });
    void [wrongEnum, missingModel, mixed];
  });

  it('closed shapes reject unknown fields when annotated', () => {
    // @ts-expect-error ExperimentSignalsConfigurationPut has no additional properties
    const experiment: ExperimentSignalsConfigurationPut = { model: 'm', colour: 'red' };
    // @ts-expect-error LogStreamSignalsConfigurationPut has no additional properties
    const logStream: LogStreamSignalsConfigurationPut = { model: 'm', run_mode: 'ON_DEMAND', colour: 'red' };
    // @ts-expect-error SignalsUserPreferences has no additional properties
    const preferences: SignalsUserPreferences = { focus_on: 'x', colour: 'red' };
    const body: SignalsConfigurationPut = { model: 'm' };
    void client.PUT(signalsPath, { params, body });
    void [experiment, logStream, preferences];
  });
});

describe('SignalSchedule: exactly one of CRON and INTERVAL, discriminated by type', () => {
  it('accepts each branch, with or without type', () => {
    const cron: SignalSchedule = { cron: '* * * * *' };
    const typedCron: SignalSchedule = { type: 'CRON', cron: '* * * * *', timezone: 'UTC' };
    const interval: SignalSchedule = { interval_hours: 6 };
    const typedInterval: SignalSchedule = { type: 'INTERVAL', interval_hours: 6 };
    void [cron, typedCron, interval, typedInterval];
  });

  it('rejects a mix of the branches and a wrong type', () => {
    // @ts-expect-error a CRON schedule cannot carry interval_hours
    const cronWithInterval: SignalSchedule = { type: 'CRON', cron: '* * * * *', interval_hours: 6 };
    // @ts-expect-error a schedule cannot carry both required fields
    const both: SignalSchedule = { cron: '* * * * *', interval_hours: 6 };
    // @ts-expect-error an INTERVAL schedule needs interval_hours, not cron
    const intervalWithCron: SignalSchedule = { type: 'INTERVAL', cron: '* * * * *' };
    // @ts-expect-error neither required field
    const empty: SignalSchedule = {};
    // @ts-expect-error CronSignalSchedule is closed
    const cronExtra: CronSignalSchedule = { cron: '* * * * *', colour: 'red' };
    // @ts-expect-error IntervalSignalSchedule is closed
    const intervalExtra: IntervalSignalSchedule = { interval_hours: 1, colour: 'red' };
    void client.PUT(signalsPath, {
      params,
      // @ts-expect-error through the client: a CRON schedule with interval_hours
      body: { model: 'm', run_mode: 'SCHEDULED', schedule: { type: 'CRON', cron: '* * * * *', interval_hours: 6 } },
    });
    void [cronWithInterval, both, intervalWithCron, empty, cronExtra, intervalExtra];
  });
});

describe('responses and errors are typed', () => {
  it('the Signals PUT returns the saved configuration, its 422 the validation error', async () => {
    const { data, error } = await client.PUT(signalsPath, { params, body: { model: 'm' } });
    // openapi-fetch maps response types through its Readable<> helper, so they are assignable, not identical.
    expectTypeOf(data).toExtend<SignalsConfigurationResponse | undefined>();
    expectTypeOf(error).toEqualTypeOf<HTTPValidationError | undefined>();
    if (data) {
      expectTypeOf(data.data).toExtend<SignalsConfiguration>();
      expectTypeOf(data.data).not.toHaveProperty('colour');
      expectTypeOf(data.data.start_date).toEqualTypeOf<string | null>();
      expectTypeOf(data.data.schedule).toExtend<SignalSchedule | null>();
    }
  });

  it('Create Or Verify User returns the system user', async () => {
    const { data } = await client.POST('/v2/system_users', { body: { email: 'a@example.org' } });
    expectTypeOf(data).toExtend<SystemUser | undefined>();
    expectTypeOf<NonNullable<SystemUser['status']>>().toEqualTypeOf<'requested' | 'invited' | 'enabled' | 'disabled'>();
  });
});

describe('enums and open bodies', () => {
  it('closed enums reject unknown values', () => {
    expectTypeOf<AuthMethod>().toEqualTypeOf<
      'email' | 'google' | 'github' | 'okta' | 'azure-ad' | 'custom' | 'saml' | 'invite'
    >();
    expectTypeOf<UserRole>().toEqualTypeOf<'admin' | 'manager' | 'user' | 'read_only'>();
    expectTypeOf<LoggingMethod>().toEqualTypeOf<'playground' | 'python_client' | 'typescript_client' | 'api_direct'>();
    // @ts-expect-error ldap is not an AuthMethod
    const user: SystemUserCreate = { email: 'a@example.org', auth_method: 'ldap' };
    void user;
  });

  it('open bodies accept fields whose names are not shown', () => {
    const traces: LogTracesIngestRequest = { traces: [{ type: 'trace' }], logging_method: 'python_client' };
    const user: SystemUserCreate = { email: 'a@example.org', role: 'admin' };
    // @ts-expect-error traces is required
    const noTraces: LogTracesIngestRequest = { log_stream_id: 'x' };
    void [traces, user, noTraces];
  });

  it('bulk feedback selector and operations', () => {
    const request: BulkFeedbackRatingsRequest = {
      operations: [{ operation_type: 'create', rating: { feedback_type: 'like_dislike', value: true } }],
      selector: { selector_type: 'indexes', indexes: [0, 3] },
    };
    void request;
  });

  it('every path of the spec is a key of paths', () => {
    expectTypeOf<keyof paths>().toEqualTypeOf<
      | '/v2/projects/{project_id}/runs/{run_id}/signals/configuration'
      | '/v2/login/social'
      | '/v2/projects/{project_id}/annotation/templates/{template_id}'
      | '/v2/projects/{project_id}/traces'
      | '/v2/scorers/{scorer_id}/version/luna3'
      | '/v2/projects/{project_id}/feedback/ratings'
      | '/v2/system_users'
    >();
  });
});

describe('null where no required-ness is shown and there is no default (docs/gap-policy.md)', () => {
  it('is assignable to every such request field', () => {
    const traces: LogTracesIngestRequest = {
      traces: [
        {
          type: 'trace',
          created_at: null,
          name: null,
          input: null,
          output: null,
          metrics: null,
          dataset_metadata: null,
          user_metadata: null,
          tags: null,
          spans: [
            {
              type: 'llm',
              created_at: null,
              name: null,
              input: [{ role: null, content: null }],
              output: null,
              metrics: null,
              tags: null,
            },
          ],
        },
      ],
      log_stream_id: null,
      experiment_id: null,
      metrics_testing_id: null,
      session_id: null,
      include_trace_ids: null,
    };
    const user: SystemUserCreate = {
      email: null,
      first_name: null,
      last_name: null,
      auth_method: null,
      password: null,
    };
    const feedback: BulkFeedbackRatingsRequest = {
      operations: [{ operation_type: 'create', rating: null, feedback_template_id: null, explanation: null }],
      selector: null,
    };
    const noOperations: BulkFeedbackRatingsRequest = {
      operations: null,
      selector: { selector_type: 'indexes', indexes: null },
    };
    const login: SocialLoginRequest = { id_token: null, provider: null };
    const template: AnnotationTemplateUpdate = { name: null, criteria: null };
    const luna3: Luna3ScorerVersionCreate = {
      instruction: null,
      adapter_path: null,
      class_name_to_vocab_ix: null,
      threshold: null,
    };
    void [traces, user, feedback, noOperations, login, template, luna3];
  });

  it('a wrong type is still an error, and so is null where the spec says otherwise', () => {
    // @ts-expect-error experiment_id is a string or null, not a number
    const wrongId: LogTracesIngestRequest = { traces: [{ type: 'trace' }], experiment_id: 42 };
    // @ts-expect-error traces is required and not nullable
    const nullTraces: LogTracesIngestRequest = { traces: null };
    // @ts-expect-error a trace's type is `trace`
    const nullTraceType: LogTracesIngestRequest = { traces: [{ type: null }] };
    // @ts-expect-error auth_method is an AuthMethod or null
    const wrongMethod: SystemUserCreate = { auth_method: 'ldap' };
    // @ts-expect-error threshold is a number or null
    const wrongThreshold: Luna3ScorerVersionCreate = { threshold: 'high' };
    // @ts-expect-error the Signals shapes state every field: model is required and not nullable
    const nullModel: SignalsConfigurationPut = { model: null };
    // @ts-expect-error scheduled_runs_enabled has a default (false), so it is not nullable
    const nullEnabled: SignalsConfigurationPut = { model: 'm', run_mode: 'ON_DEMAND', scheduled_runs_enabled: null };
    // @ts-expect-error user preferences are not nullable
    const nullPreferences: SignalsConfigurationPut = { model: 'm', user_preferences: null };
    void [wrongId, nullTraces, nullTraceType, wrongMethod, wrongThreshold, nullModel, nullEnabled, nullPreferences];
  });

  it('spans of types other than llm carry any input and output, and child spans', () => {
    const trace: LogTracesIngestRequest = {
      traces: [
        {
          type: 'trace',
          spans: [
            {
              type: 'workflow',
              input: 'question',
              output: { steps: 2 },
              spans: [
                { type: 'tool', input: '{"q": 1}', output: ['Paris'] },
                { type: 'retriever', output: [{ content: 'doc' }] },
              ],
            },
            { type: 'agent', input: 'question', output: 'answer' },
          ],
        },
      ],
    };
    void trace;
  });
});

describe('error is exactly what the operation documents; UnexpectedResponseError is typed', () => {
  type Operations = {
    [P in keyof paths]: {
      [M in keyof paths[P] & ('get' | 'put' | 'post' | 'patch' | 'delete')]: paths[P][M] extends { responses: infer R }
        ? R
        : never;
    }[keyof paths[P] & ('get' | 'put' | 'post' | 'patch' | 'delete')];
  }[keyof paths];
  type ErrorOf<R> = {
    [S in keyof R]: S extends 200 ? never : R[S] extends { content: { 'application/json': infer B } } ? B : never;
  }[keyof R];

  it('every operation documents its 422 and nothing else as an error, so error is HTTPValidationError', () => {
    expectTypeOf<ErrorOf<Operations>>().toEqualTypeOf<HTTPValidationError>();
  });

  it('error of each call of the client is HTTPValidationError | undefined', async () => {
    const api = client;
    const calls = [
      await api.PUT(signalsPath, { params, body: { model: 'm', run_mode: 'ON_DEMAND' } }),
      await api.POST('/v2/login/social', { body: {} }),
      await api.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
        params: { path: { project_id: 'p', template_id: 't' } },
        body: { name: 'n' },
      }),
      await api.POST('/v2/projects/{project_id}/traces', {
        params: { path: { project_id: 'p' } },
        body: { traces: [] },
      }),
      await api.POST('/v2/scorers/{scorer_id}/version/luna3', { params: { path: { scorer_id: 's' } }, body: {} }),
      await api.POST('/v2/system_users', { body: { email: 'a@example.org' } }),
    ] as const;
    for (const { error } of calls) expectTypeOf(error).toEqualTypeOf<HTTPValidationError | undefined>();
    const feedback = await api.POST('/v2/projects/{project_id}/feedback/ratings', {
      params: { path: { project_id: 'p' } },
      body: {},
    });
    expectTypeOf(feedback.error).toEqualTypeOf<HTTPValidationError | undefined>();
  });

  it("UnexpectedResponseError's fields", () => {
    const error = new UnexpectedResponseError('logTraces', 503, 'application/json', 'undocumented status');
    expectTypeOf(error.kind).toEqualTypeOf<UnexpectedResponseKind>();
    expectTypeOf<UnexpectedResponseKind>().toEqualTypeOf<'status' | 'content-type' | 'parse' | 'size' | 'contract'>();
    expectTypeOf(error.reason).toEqualTypeOf<UnexpectedResponseReason>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.operation).toEqualTypeOf<string>();
    expectTypeOf(error.contentType).toEqualTypeOf<string | null>();
    expectTypeOf(error.headers).toEqualTypeOf<Headers>();
    expectTypeOf(error.body).toEqualTypeOf<unknown>();
    expectTypeOf(error.limit).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.violations).toEqualTypeOf<readonly ResponseViolation[]>();
    expectTypeOf<ResponseViolation>().toEqualTypeOf<{ readonly pointer: string; readonly message: string }>();
  });
});
