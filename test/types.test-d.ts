// Type tests (vitest --typecheck): every union is exclusive and every closed object rejects
// unknown fields, both for annotated values and for bodies passed to the client.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type AuthMethod,
  type BulkFeedbackRatingsRequest,
  type CronSignalSchedule,
  type ExperimentSignalsConfigurationPut,
  type HTTPValidationError,
  type IntervalSignalSchedule,
  type LogStreamSignalsConfigurationPut,
  type LogTracesIngestRequest,
  type SignalSchedule,
  type SignalsConfiguration,
  type SignalsConfigurationPut,
  type SignalsConfigurationResponse,
  type SignalsUserPreferences,
  type SystemUser,
  type SystemUserCreate,
  type UserRole,
  type LoggingMethod,
  type paths,
} from '../src/index.js';

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
    // @ts-expect-error through the client: a CRON schedule with interval_hours
    void client.PUT(signalsPath, { params, body: { model: 'm', run_mode: 'SCHEDULED', schedule: { type: 'CRON', cron: '* * * * *', interval_hours: 6 } } });
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
    expectTypeOf<AuthMethod>().toEqualTypeOf<'email' | 'google' | 'github' | 'okta' | 'azure-ad' | 'custom' | 'saml' | 'invite'>();
    expectTypeOf<UserRole>().toEqualTypeOf<'admin' | 'manager' | 'user' | 'read_only'>();
    expectTypeOf<LoggingMethod>().toEqualTypeOf<'playground' | 'python_client' | 'typescript_client' | 'api_direct'>();
    // @ts-expect-error ldap is not an AuthMethod
    const user: SystemUserCreate = { email: 'a@example.org', auth_method: 'ldap' };
    void user;
  });

  it('open bodies accept fields whose names the seed does not show', () => {
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
