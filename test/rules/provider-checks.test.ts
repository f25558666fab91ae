// The provider checks of the operations' rules (src/rules/), each written from what the spec
// states about an operation's answer, called in-process: for each, a 200 body that keeps it, one
// that breaks it (with the exact message), the answers it does not judge (what is not shown), and
// the probes it sends.
import { describe, expect, it } from 'vitest';
import type { Request } from '../../src/verify/exchange.js';
import { providerChecks as rules, type ProviderCheck } from '../../src/rules/index.js';
import type { Json } from '../../src/verify/schema.js';

const rule = (name: string): ProviderCheck => rules.find((r) => r.name === name)!;
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const SCORER = '3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93';
const request = (body: Json | undefined, path: Record<string, string> = { project_id: PROJECT, run_id: RUN }): Request => ({ path, body });

it('there is one check per statement, each with its operation and its reason', () => {
  expect(rules.map((r) => `${r.operationId} ${r.name}`)).toEqual([
    'putSignalsConfiguration signals_put_returns_saved_values',
    'putSignalsConfiguration signals_put_applies_defaults',
    'logTraces log_traces_counts_what_was_sent',
    'logTraces log_traces_trace_ids_only_when_asked',
    'applyBulkFeedbackV2 bulk_feedback_answers_per_operation',
    'createOrVerifyUser system_user_is_admin_or_verified',
    'updateAnnotationTemplate annotation_template_returns_update',
    'createLuna3ScorerVersion scorer_version_under_path_scorer',
    'loginSocial login_social_token_type_bearer',
  ]);
  for (const r of rules) expect(r.reason.trim(), r.name).not.toBe('');
});

describe('signals_put_returns_saved_values', () => {
  const check = rule('signals_put_returns_saved_values').check;
  const sent = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * 1-5' }, focus: ['a'] };
  const saved = (data: Record<string, unknown>) => ({ data: { project_id: PROJECT, run_id: RUN, ...sent, schedule: { type: 'CRON', cron: '0 6 * * 1-5', timezone: 'UTC' }, scheduled_runs_enabled: false, ...data } });

  it('holds when data echoes what was sent (objects completed with defaults, UUIDs in any case)', () => {
    expect(check(request(sent), saved({}))).toEqual([]);
    expect(check(request(sent), saved({ project_id: PROJECT.toUpperCase() }))).toEqual([]);
    expect(check(request(sent, { project_id: PROJECT.toUpperCase(), run_id: RUN }), saved({}))).toEqual([]);
  });

  it('names each field that differs, and the ids that are not the path\'s', () => {
    expect(check(request(sent), saved({ model: 'other', run_id: 'not-the-run', schedule: { type: 'CRON', cron: '* * * * *' } }))).toEqual([
      { key: 'data.run_id', message: `data.run_id is "not-the-run", not the path's run_id "${RUN}"` },
      { key: 'data.model', message: 'data.model is "other", but the request saved "gpt-4.1-mini"' },
      { key: 'data.schedule.cron', message: 'data.schedule.cron is "* * * * *", but the request saved "0 6 * * 1-5"' },
    ]);
    expect(check(request(sent), saved({ project_id: undefined, focus: ['a', 'b'] }))).toEqual([
      { key: 'data.project_id', message: `data.project_id is absent, not the path's project_id "${PROJECT}"` },
      { key: 'data.focus', message: 'data.focus is ["a","b"], but the request saved ["a"]' },
    ]);
    expect(check(request(sent), saved({ focus: ['b'] }))).toHaveLength(1);
    expect(check(request(sent), saved({ schedule: null }))).toEqual([{ key: 'data.schedule', message: 'data.schedule is null, but the request saved {"cron":"0 6 * * 1-5"}' }]);
    expect(check(request({ ...sent, schedule: null }), saved({ schedule: { cron: 'x' } }))).toEqual([{ key: 'data.schedule', message: 'data.schedule is {"cron":"x"}, but the request saved null' }]);
  });

  it('compares values deeply: objects by their keys, arrays by their items, and not a UUID against a non-UUID', () => {
    const body = { model: 'm', options: { a: [1, { b: 2 }] }, ids: [PROJECT] };
    const data = (over: Record<string, unknown>) => ({ data: { project_id: PROJECT, run_id: RUN, ...body, ...over } });
    expect(check(request(body), data({ ids: [PROJECT.toUpperCase()] }))).toEqual([]);
    expect(check(request(body), data({ options: { a: [1, { b: 2 }], extra: 1 } }))).toEqual([]);
    // deeper down, an object is the same only with the same keys, each the same
    const deep = { model: 'm', options: { inner: { x: 1, y: 2 } } };
    expect(check(request(deep), data({ options: { inner: { x: 1 } } }))).toHaveLength(1);
    expect(check(request({ model: 'm', options: { inner: { x: 1 } } }), data({ options: { inner: { x: 1, y: 2 } } }))).toHaveLength(1);
    expect(check(request(deep), data({ options: { inner: { x: 1, y: 3 } } }))).toHaveLength(1);
    // only a whole UUID compares without case; a UUID inside a longer text does not
    expect(check(request({ model: `A${PROJECT}` }), data({ model: `a${PROJECT}` }))).toHaveLength(1);
    expect(check(request({ model: `${PROJECT}A` }), data({ model: `${PROJECT}a` }))).toHaveLength(1);
    // a UUID and a list holding it, either way round, differ
    expect(check(request({ model: PROJECT }), data({ model: [PROJECT] }))).toEqual([{ key: 'data.model', message: `data.model is ["${PROJECT}"], but the request saved "${PROJECT}"` }]);
    expect(check(request({ model: [PROJECT] }), data({ model: PROJECT }))).toHaveLength(1);
    // a list and an object with the same length and item differ
    expect(check(request({ model: ['x'] }), data({ model: { 0: 'x', length: 1 } }))).toHaveLength(1);
    expect(check(request(body), data({ options: { a: [1, { b: 3 }] } }))).toHaveLength(1);
    expect(check(request(body), data({ options: { a: [1, { c: 2 }] } }))).toHaveLength(1);
    expect(check(request(body), data({ options: { a: [1, { b: 2, c: 3 }] } }))).toHaveLength(1);
    expect(check(request(body), data({ options: { a: [1] } }))).toHaveLength(1);
    expect(check(request(body), data({ options: { a: { 0: 1, 1: { b: 2 } } } }))).toHaveLength(1);
    expect(check(request(body), data({ ids: [`${PROJECT}x`] }))).toHaveLength(1);
    expect(check(request({ model: 'ABC' }), data({ model: 'abc' }))).toHaveLength(1);
    expect(check(request({ model: PROJECT }), data({ model: RUN }))).toHaveLength(1);
  });

  it('judges nothing without a data object, and compares only the ids when the body sent is not an object', () => {
    expect(check(request(sent), {})).toEqual([]);
    expect(check(request(sent), { data: [] })).toEqual([]);
    expect(check(request(sent), null)).toEqual([]);
    expect(check(request(sent), { data: null })).toEqual([]);
    expect(check(request(undefined), { data: { project_id: PROJECT, run_id: RUN, model: 'x' } })).toEqual([]);
    expect(check(request([1] as Json), { data: { project_id: PROJECT, run_id: RUN } })).toEqual([]);
  });
});

describe('signals_put_applies_defaults', () => {
  const r = rule('signals_put_applies_defaults');
  const data = (over: Record<string, unknown>) => ({ data: { scheduled_runs_enabled: false, user_preferences: { focus_on: '', dont_focus_on: '' }, schedule: { type: 'CRON', cron: 'c', timezone: 'UTC' }, ...over } });
  const leftOut = { model: 'm', user_preferences: {}, schedule: { cron: 'c' } };

  it('holds when each field left out comes back with its default, or not at all', () => {
    expect(r.check(request(leftOut), data({}))).toEqual([]);
    expect(r.check(request(leftOut), { data: {} })).toEqual([]);
    expect(r.check(request({ model: 'm', schedule: { interval_hours: 2 } }), data({ schedule: { type: 'INTERVAL', interval_hours: 2, timezone: 'UTC' } }))).toEqual([]);
  });

  it('names each default that is wrong', () => {
    expect(r.check(request(leftOut), data({ scheduled_runs_enabled: true, user_preferences: { focus_on: 'x', dont_focus_on: 'y' }, schedule: { type: 'INTERVAL', timezone: 'Europe/Paris' } }))).toEqual([
      { key: 'data.scheduled_runs_enabled', message: 'data.scheduled_runs_enabled is true though the request left it out; the default is false' },
      { key: 'data.user_preferences.focus_on', message: 'data.user_preferences.focus_on is "x" though the request left it out; the default is ""' },
      { key: 'data.user_preferences.dont_focus_on', message: 'data.user_preferences.dont_focus_on is "y" though the request left it out; the default is ""' },
      { key: 'data.schedule.timezone', message: 'data.schedule.timezone is "Europe/Paris" though the request left it out; the default is "UTC"' },
      { key: 'data.schedule.type', message: 'data.schedule.type is "INTERVAL" though the request left it out; the default is "CRON"' },
    ]);
    // a type that was sent is not judged, even where the default would differ
    expect(r.check(request({ model: 'm', schedule: { type: 'CRON' } }), data({ schedule: { type: 'CRON', timezone: 'UTC' } }))).toEqual([]);
    expect(r.check(request({ model: 'm', schedule: { interval_hours: 2 } }), data({ schedule: { type: 'CRON' } }))).toEqual([
      { key: 'data.schedule.type', message: 'data.schedule.type is "CRON" though the request left it out; the default is "INTERVAL"' },
    ]);
  });

  it('does not judge what the request sent', () => {
    const sent = { model: 'm', scheduled_runs_enabled: true, user_preferences: { focus_on: 'x', dont_focus_on: 'y' }, schedule: { type: 'CRON', cron: 'c', timezone: 'Asia/Tokyo' } };
    expect(r.check(request(sent), data({ scheduled_runs_enabled: true, user_preferences: { focus_on: 'x', dont_focus_on: 'y' }, schedule: { type: 'CRON', timezone: 'Asia/Tokyo' } }))).toEqual([]);
    expect(r.check(request({ model: 'm' }), data({ user_preferences: { focus_on: 'x' }, schedule: { timezone: 'x' } }))).toEqual([]);
    expect(r.check(request({ model: 'm', user_preferences: {}, schedule: {} }), data({ user_preferences: null, schedule: null }))).toEqual([]);
    expect(r.check(request(undefined), data({ scheduled_runs_enabled: true }))).toEqual([]);
    expect(r.check(request(leftOut), { data: 'x' })).toEqual([]);
  });

  it('probes: each sample with the defaulted fields left out', () => {
    const samples = [request({ model: 'm', scheduled_runs_enabled: true, user_preferences: { focus_on: 'x' }, schedule: { type: 'CRON', cron: 'c', timezone: 'UTC' } }), request({ model: 'm', schedule: null }), request(null)];
    const probes = r.probes!(samples);
    expect(probes).toEqual([
      { label: 'defaults left out', request: request({ model: 'm', user_preferences: {}, schedule: { cron: 'c' } }) },
      { label: 'defaults left out', request: request({ model: 'm', schedule: null }) },
    ]);
    expect(samples[0]!.body).toMatchObject({ scheduled_runs_enabled: true });
  });
});

describe('log_traces_counts_what_was_sent', () => {
  const check = rule('log_traces_counts_what_was_sent').check;
  const sent: Json = { traces: [{ spans: [{}, {}] }, { spans: [{}] }, { name: 'no spans' }, 'not a trace'] };

  it('holds when the counts are the traces and spans sent, or absent', () => {
    expect(check(request(sent), { traces_count: 4, spans_count: 3 })).toEqual([]);
    expect(check(request(sent), {})).toEqual([]);
    expect(check(request({}), { traces_count: 0, spans_count: 0 })).toEqual([]);
  });

  it('names each count that differs', () => {
    expect(check(request(sent), { traces_count: 3, spans_count: 4 })).toEqual([
      { key: 'traces_count', message: 'traces_count is 3, but the request sent 4' },
      { key: 'spans_count', message: 'spans_count is 4, but the request sent 3' },
    ]);
    expect(check(request(sent), { traces_count: null })).toEqual([{ key: 'traces_count', message: 'traces_count is null, but the request sent 4' }]);
  });

  it('does not judge when spans carry child spans (the total is unknown), or the answer is not an object', () => {
    expect(check(request({ traces: [{ spans: [{ spans: [{}] }] }] }), { traces_count: 1, spans_count: 1 })).toEqual([]);
    expect(check(request({ traces: [{ spans: [{ spans: [] }] }] }), { traces_count: 9 })).toEqual([]);
    // one span with children among others is enough
    expect(check(request({ traces: [{ spans: [{}, { spans: [] }] }] }), { traces_count: 1, spans_count: 9 })).toEqual([]);
    expect(check(request({ traces: [{ spans: ['x', null] }] }), { spans_count: 2 })).toEqual([]);
    expect(check(request(sent), [1])).toEqual([]);
    expect(check(request(sent), null)).toEqual([]);
  });
});

describe('log_traces_trace_ids_only_when_asked', () => {
  const r = rule('log_traces_trace_ids_only_when_asked');
  const traces = [{ spans: [] }, { spans: [] }];

  it('asked: one trace ID per trace', () => {
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: ['a', 'b'] })).toEqual([]);
    expect(r.check(request({ traces, include_trace_ids: true }), {})).toEqual([{ key: 'missing', message: 'include_trace_ids was true, but trace_ids is absent' }]);
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: 'a' })).toEqual([{ key: 'missing', message: 'include_trace_ids was true, but trace_ids is "a"' }]);
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: ['a'] })).toEqual([
      { key: 'count', message: 'include_trace_ids was true and 2 trace(s) were sent, but trace_ids has 1' },
    ]);
  });

  it('not asked: no trace_ids (null counts as none)', () => {
    expect(r.check(request({ traces, include_trace_ids: false }), {})).toEqual([]);
    expect(r.check(request({ traces }), { trace_ids: null })).toEqual([]);
    expect(r.check(request({ traces, include_trace_ids: false }), { trace_ids: [] })).toEqual([{ key: 'unasked', message: 'include_trace_ids was false, but trace_ids is included' }]);
    expect(r.check(request({ traces }), { trace_ids: ['a'] })).toEqual([{ key: 'unasked', message: 'include_trace_ids was absent, but trace_ids is included' }]);
    expect(r.check(request({ traces, include_trace_ids: 'true' }), { trace_ids: ['a'] })).toHaveLength(1);
  });

  it('does not judge an answer or a request that is not an object', () => {
    expect(r.check(request({ include_trace_ids: true }), [])).toEqual([]);
    expect(r.check(request(null), { trace_ids: ['a'] })).toEqual([]);
  });

  it('probes: the first sample with include_trace_ids true, false and left out', () => {
    expect(r.probes!([request({ traces, include_trace_ids: true }), request({ other: 1 })])).toEqual([
      { label: 'include_trace_ids true', request: request({ traces, include_trace_ids: true }) },
      { label: 'include_trace_ids false', request: request({ traces, include_trace_ids: false }) },
      { label: 'include_trace_ids left out', request: request({ traces }) },
    ]);
    expect(r.probes!([])).toEqual([]);
    expect(r.probes!([request(null)])).toEqual([]);
    expect(r.probes!([request({ traces })])[0]).toEqual({ label: 'include_trace_ids true', request: request({ traces, include_trace_ids: true }) });
  });
});

describe('bulk_feedback_answers_per_operation', () => {
  const check = rule('bulk_feedback_answers_per_operation').check;
  const sent = { selector: { selector_type: 'indexes', indexes: [0, 2] }, operations: [{ operation_type: 'create' }, { operation_type: 'delete' }, { operation_type: 'create' }] };

  it('holds when each operation sent has an item and each item names what was sent', () => {
    expect(check(request(sent), [{ operation: 'create', index: 0, selector: 'indexes' }, { operation: 'delete', index: 2 }, 'not an item'])).toEqual([]);
    // an item that does not name its operation says nothing against any
    expect(check(request(sent), [{ operation: 'create' }, { index: 0 }])).toEqual([]);
    expect(check(request(sent), [null, { operation: 'create' }, { operation: 'delete' }])).toEqual([]);
  });

  it('names an operation with no item, and an item that names what was not sent', () => {
    expect(check(request(sent), [{ operation: 'create' }])).toEqual([{ key: 'operation missing', message: 'an operation "delete" was sent, but no result item reports it' }]);
    expect(check(request(sent), [])).toEqual([
      { key: 'operation missing', message: 'an operation "create" was sent, but no result item reports it' },
      { key: 'operation missing', message: 'an operation "delete" was sent, but no result item reports it' },
    ]);
    expect(check(request(sent), [{ operation: 'create' }, { operation: 'delete' }, { operation: 'update', index: 1, selector: 'traces' }])).toEqual([
      { key: 'operation not sent', message: 'a result item reports operation "update", which was not sent (sent: create, delete, create)' },
      { key: 'index not selected', message: 'a result item reports index 1, which the selector did not choose' },
      { key: 'selector', message: 'a result item reports selector "traces" for an "indexes" selector' },
    ]);
  });

  it('judges only an IndexSelector with indexes and operations that name their type', () => {
    const items = [{ operation: 'update', index: 9 }];
    expect(check(request({ ...sent, selector: { selector_type: 'traces', indexes: [0] } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: { selector_type: 'indexes', indexes: [] } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: { selector_type: 'indexes', indexes: null } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: 'indexes' }), items)).toEqual([]);
    expect(check(request({ ...sent, operations: [{ operation_type: 'create' }, { operation_type: 3 }] }), items)).toEqual([]);
    expect(check(request({ ...sent, operations: [{ operation_type: 'create' }, 'create'] }), items)).toEqual([]);
    expect(check(request({ ...sent, operations: {} }), items)).toEqual([]);
    expect(check(request([] as Json), items)).toEqual([]);
    expect(check(request(sent), { items })).toEqual([]);
  });
});

describe('system_user_is_admin_or_verified', () => {
  const check = rule('system_user_is_admin_or_verified').check;
  it('an administrator or a verified user; not judged when either field is absent', () => {
    expect(check(request({}), { role: 'system_admin', email_is_verified: false })).toEqual([]);
    expect(check(request({}), { role: 'user', email_is_verified: true })).toEqual([]);
    expect(check(request({}), { role: 'user', email_is_verified: false })).toEqual([
      { key: 'neither', message: 'the user is neither an administrator nor verified (role "user", email_is_verified false)' },
    ]);
    expect(check(request({}), { role: 'user', email_is_verified: 'true' })).toHaveLength(1);
    expect(check(request({}), { email_is_verified: false })).toEqual([]);
    expect(check(request({}), { role: 'user' })).toEqual([]);
    expect(check(request({}), 'user')).toEqual([]);
  });
});

describe('annotation_template_returns_update', () => {
  const check = rule('annotation_template_returns_update').check;
  it('the name and criteria sent come back; other fields and absent ones are not judged', () => {
    expect(check(request({ name: 'n', criteria: 'c' }), { name: 'n', criteria: 'c' })).toEqual([]);
    expect(check(request({ name: 'n', criteria: 'c' }), {})).toEqual([]);
    expect(check(request({ name: 'n', criteria: 'c' }), { name: 'm', criteria: null })).toEqual([
      { key: 'name', message: 'name is "m", but the update sent "n"' },
      { key: 'criteria', message: 'criteria is null, but the update sent "c"' },
    ]);
    expect(check(request({ name: null }), { name: 'kept' })).toEqual([]);
    expect(check(request({ other: 'x' }), { other: 'y' })).toEqual([]);
    expect(check(request(null), { name: 'x' })).toEqual([]);
    expect(check(request({ name: 'n' }), null)).toEqual([]);
  });
});

describe('scorer_version_under_path_scorer', () => {
  const check = rule('scorer_version_under_path_scorer').check;
  it('the version\'s scorer_id is the path\'s (in any case), or absent', () => {
    const path = { scorer_id: SCORER };
    expect(check(request({}, path), { scorer_id: SCORER })).toEqual([]);
    expect(check(request({}, path), { scorer_id: SCORER.toUpperCase() })).toEqual([]);
    expect(check(request({}, path), { id: 'x' })).toEqual([]);
    expect(check(request({}, path), { scorer_id: RUN })).toEqual([{ key: 'scorer_id', message: `scorer_id is "${RUN}", not the path's "${SCORER}"` }]);
    expect(check(request({}, path), [])).toEqual([]);
  });
});

describe('login_social_token_type_bearer', () => {
  const check = rule('login_social_token_type_bearer').check;
  it('token_type is bearer, or absent', () => {
    expect(check(request({}), { token_type: 'bearer' })).toEqual([]);
    expect(check(request({}), {})).toEqual([]);
    expect(check(request({}), { token_type: 'Bearer' })).toEqual([{ key: 'token_type', message: 'token_type is "Bearer", not "bearer"' }]);
    expect(check(request({}), 'bearer')).toEqual([]);
  });
});
