// The rules of Put Signals Configuration (src/rules/signals-configuration.ts) called in-process:
// what a provider must satisfy (its checks), what the mock answers (createReflector) and what it
// remembers across requests (createState), on the exact values a user of the mock reads.
import { describe, expect, it } from 'vitest';
import { createState } from '../../../src/mock/service/state.js';
import type { Json } from '../../../src/verify/schema.js';
import { example, keys, OTHER, PROJECT, reflect, request, rule, RUN, signals, UUID5 } from '../../support/rules.js';

describe('signals_put_returns_saved_values', () => {
  const check = rule('signals_put_returns_saved_values').check;
  const sent = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * 1-5' }, focus: ['a'] };
  const saved = (data: Record<string, unknown>) => ({
    data: {
      project_id: PROJECT,
      run_id: RUN,
      ...sent,
      schedule: { type: 'CRON', cron: '0 6 * * 1-5', timezone: 'UTC' },
      scheduled_runs_enabled: false,
      ...data,
    },
  });

  it('holds when data echoes what was sent (objects completed with defaults, UUIDs in any case)', () => {
    expect(check(request(sent), saved({}))).toEqual([]);
    expect(check(request(sent), saved({ project_id: PROJECT.toUpperCase() }))).toEqual([]);
    expect(check(request(sent, { project_id: PROJECT.toUpperCase(), run_id: RUN }), saved({}))).toEqual([]);
  });

  it("names each field that differs, and the ids that are not the path's", () => {
    expect(
      check(
        request(sent),
        saved({ model: 'other', run_id: 'not-the-run', schedule: { type: 'CRON', cron: '* * * * *' } }),
      ),
    ).toEqual([
      { key: 'data.run_id', message: `data.run_id is "not-the-run", not the path's run_id "${RUN}"` },
      { key: 'data.model', message: 'data.model is "other", but the request saved "gpt-4.1-mini"' },
      { key: 'data.schedule.cron', message: 'data.schedule.cron is "* * * * *", but the request saved "0 6 * * 1-5"' },
    ]);
    expect(check(request(sent), saved({ project_id: undefined, focus: ['a', 'b'] }))).toEqual([
      { key: 'data.project_id', message: `data.project_id is absent, not the path's project_id "${PROJECT}"` },
      { key: 'data.focus', message: 'data.focus is ["a","b"], but the request saved ["a"]' },
    ]);
    expect(check(request(sent), saved({ focus: ['b'] }))).toHaveLength(1);
    expect(check(request(sent), saved({ schedule: null }))).toEqual([
      { key: 'data.schedule', message: 'data.schedule is null, but the request saved {"cron":"0 6 * * 1-5"}' },
    ]);
    expect(check(request({ ...sent, schedule: null }), saved({ schedule: { cron: 'x' } }))).toEqual([
      { key: 'data.schedule', message: 'data.schedule is {"cron":"x"}, but the request saved null' },
    ]);
  });

  it('compares values deeply: objects by their keys, arrays by their items, and not a UUID against a non-UUID', () => {
    const body = { model: 'm', options: { a: [1, { b: 2 }] }, ids: [PROJECT] };
    const data = (over: Record<string, unknown>) => ({ data: { project_id: PROJECT, run_id: RUN, ...body, ...over } });
    expect(check(request(body), data({ ids: [PROJECT.toUpperCase()] }))).toEqual([]);
    expect(check(request(body), data({ options: { a: [1, { b: 2 }], extra: 1 } }))).toEqual([]);
    // deeper down, an object is the same only with the same keys, each the same
    const deep = { model: 'm', options: { inner: { x: 1, y: 2 } } };
    expect(check(request(deep), data({ options: { inner: { x: 1 } } }))).toHaveLength(1);
    expect(
      check(request({ model: 'm', options: { inner: { x: 1 } } }), data({ options: { inner: { x: 1, y: 2 } } })),
    ).toHaveLength(1);
    expect(check(request(deep), data({ options: { inner: { x: 1, y: 3 } } }))).toHaveLength(1);
    // only a whole UUID compares without case; a UUID inside a longer text does not
    expect(check(request({ model: `A${PROJECT}` }), data({ model: `a${PROJECT}` }))).toHaveLength(1);
    expect(check(request({ model: `${PROJECT}A` }), data({ model: `${PROJECT}a` }))).toHaveLength(1);
    // a UUID and a list holding it, either way round, differ
    expect(check(request({ model: PROJECT }), data({ model: [PROJECT] }))).toEqual([
      { key: 'data.model', message: `data.model is ["${PROJECT}"], but the request saved "${PROJECT}"` },
    ]);
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
  const data = (over: Record<string, unknown>) => ({
    data: {
      scheduled_runs_enabled: false,
      user_preferences: { focus_on: '', dont_focus_on: '' },
      schedule: { type: 'CRON', cron: 'c', timezone: 'UTC' },
      ...over,
    },
  });
  const leftOut = { model: 'm', user_preferences: {}, schedule: { cron: 'c' } };

  it('holds when each field left out comes back with its default, or not at all', () => {
    expect(r.check(request(leftOut), data({}))).toEqual([]);
    expect(r.check(request(leftOut), { data: {} })).toEqual([]);
    expect(
      r.check(
        request({ model: 'm', schedule: { interval_hours: 2 } }),
        data({ schedule: { type: 'INTERVAL', interval_hours: 2, timezone: 'UTC' } }),
      ),
    ).toEqual([]);
  });

  it('names each default that is wrong', () => {
    expect(
      r.check(
        request(leftOut),
        data({
          scheduled_runs_enabled: true,
          user_preferences: { focus_on: 'x', dont_focus_on: 'y' },
          schedule: { type: 'INTERVAL', timezone: 'Europe/Paris' },
        }),
      ),
    ).toEqual([
      {
        key: 'data.scheduled_runs_enabled',
        message: 'data.scheduled_runs_enabled is true though the request left it out; the default is false',
      },
      {
        key: 'data.user_preferences.focus_on',
        message: 'data.user_preferences.focus_on is "x" though the request left it out; the default is ""',
      },
      {
        key: 'data.user_preferences.dont_focus_on',
        message: 'data.user_preferences.dont_focus_on is "y" though the request left it out; the default is ""',
      },
      {
        key: 'data.schedule.timezone',
        message: 'data.schedule.timezone is "Europe/Paris" though the request left it out; the default is "UTC"',
      },
      {
        key: 'data.schedule.type',
        message: 'data.schedule.type is "INTERVAL" though the request left it out; the default is "CRON"',
      },
    ]);
    // a type that was sent is not judged, even where the default would differ
    expect(
      r.check(
        request({ model: 'm', schedule: { type: 'CRON' } }),
        data({ schedule: { type: 'CRON', timezone: 'UTC' } }),
      ),
    ).toEqual([]);
    expect(
      r.check(request({ model: 'm', schedule: { interval_hours: 2 } }), data({ schedule: { type: 'CRON' } })),
    ).toEqual([
      {
        key: 'data.schedule.type',
        message: 'data.schedule.type is "CRON" though the request left it out; the default is "INTERVAL"',
      },
    ]);
  });

  it('does not judge what the request sent', () => {
    const sent = {
      model: 'm',
      scheduled_runs_enabled: true,
      user_preferences: { focus_on: 'x', dont_focus_on: 'y' },
      schedule: { type: 'CRON', cron: 'c', timezone: 'Asia/Tokyo' },
    };
    expect(
      r.check(
        request(sent),
        data({
          scheduled_runs_enabled: true,
          user_preferences: { focus_on: 'x', dont_focus_on: 'y' },
          schedule: { type: 'CRON', timezone: 'Asia/Tokyo' },
        }),
      ),
    ).toEqual([]);
    expect(
      r.check(request({ model: 'm' }), data({ user_preferences: { focus_on: 'x' }, schedule: { timezone: 'x' } })),
    ).toEqual([]);
    expect(
      r.check(
        request({ model: 'm', user_preferences: {}, schedule: {} }),
        data({ user_preferences: null, schedule: null }),
      ),
    ).toEqual([]);
    expect(r.check(request(undefined), data({ scheduled_runs_enabled: true }))).toEqual([]);
    expect(r.check(request(leftOut), { data: 'x' })).toEqual([]);
  });

  it('probes: each sample with the defaulted fields left out', () => {
    const samples = [
      request({
        model: 'm',
        scheduled_runs_enabled: true,
        user_preferences: { focus_on: 'x' },
        schedule: { type: 'CRON', cron: 'c', timezone: 'UTC' },
      }),
      request({ model: 'm', schedule: null }),
      request(null),
    ];
    const probes = r.probes!(samples);
    expect(probes).toEqual([
      { label: 'defaults left out', request: request({ model: 'm', user_preferences: {}, schedule: { cron: 'c' } }) },
      { label: 'defaults left out', request: request({ model: 'm', schedule: null }) },
    ]);
    expect(samples[0]!.body).toMatchObject({ scheduled_runs_enabled: true });
  });
});

describe('Put Signals Configuration (PUT replaces the whole configuration)', () => {
  const put = (body: unknown, run_id = RUN) =>
    reflect('putSignalsConfiguration', { project_id: PROJECT, run_id }, body);
  const saved = example('putSignalsConfiguration').data;
  /** The saved configuration as JSON text (key order included): what a PUT of only `fields` saves, the example's id and timestamps kept. */
  const savedAs = (fields: Record<string, unknown>, ids: Record<string, unknown> = { id: saved.id }) =>
    JSON.stringify({
      data: {
        ...ids,
        ...{
          project_id: PROJECT,
          run_id: RUN,
          run_mode: 'ON_DEMAND',
          schedule: null,
          start_date: null,
          end_date: null,
        },
        ...{
          scheduled_runs_enabled: false,
          model: 'm',
          user_preferences: { focus_on: '', dont_focus_on: '' },
          notification_severities: [],
        },
        ...(ids.id === undefined ? {} : { created_at: saved.created_at, updated_at: saved.updated_at }),
        ...fields,
      },
    });

  it('a complete log stream body is echoed in the response schema’s order, the path ids and the example’s id and timestamps kept', () => {
    const body = {
      notification_severities: ['HIGH'],
      model: 'gpt-4o',
      run_mode: 'SCHEDULED',
      schedule: { cron: '*/5 * * * *', timezone: 'Asia/Tokyo', type: 'CRON' },
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      scheduled_runs_enabled: true,
      user_preferences: { dont_focus_on: 'b', focus_on: 'a' },
    };
    expect(JSON.stringify(put(body, OTHER))).toBe(
      savedAs({
        ...body,
        run_id: OTHER,
        schedule: { type: 'CRON', cron: '*/5 * * * *', timezone: 'Asia/Tokyo' },
        user_preferences: { focus_on: 'a', dont_focus_on: 'b' },
      }),
    );
  });

  it('fields not sent are replaced: defaults, null when nullable, [] for a list, the defaults of an object; the schedule gets its branch defaults', () => {
    const out = put({ model: 'm', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } });
    expect(JSON.stringify(out)).toBe(
      savedAs({ run_mode: 'SCHEDULED', schedule: { type: 'INTERVAL', interval_hours: 12, timezone: 'UTC' } }),
    );
    const cron = put({
      model: 'm',
      run_mode: 'SCHEDULED',
      schedule: { cron: '0 6 * * *' },
      user_preferences: { dont_focus_on: 'x' },
    }).data;
    expect(JSON.stringify(cron.schedule)).toBe('{"type":"CRON","cron":"0 6 * * *","timezone":"UTC"}');
    expect(JSON.stringify(cron.user_preferences)).toBe('{"focus_on":"","dont_focus_on":"x"}');
  });

  it('the experiment shape: run_mode ON_DEMAND, nothing scheduled; a sent run_mode is kept', () => {
    const out = put({ model: 'exp', user_preferences: { focus_on: 'f' } });
    expect(JSON.stringify(out)).toBe(savedAs({ model: 'exp', user_preferences: { focus_on: 'f', dont_focus_on: '' } }));
    expect(keys(out.data)).toEqual(keys(saved));
    expect(put({ model: 'm', run_mode: 'SCHEDULED' }).data.run_mode).toBe('SCHEDULED');
  });

  it('a null the response can carry is echoed as null', () => {
    const out = put({
      model: 'm',
      run_mode: 'ON_DEMAND',
      schedule: null,
      start_date: null,
      end_date: '2027-03-01',
    }).data;
    expect([out.schedule, out.start_date, out.end_date]).toEqual([null, null, '2027-03-01']);
  });

  it('the example Prism chose is not modified', () => {
    const chosen = example('putSignalsConfiguration');
    const before = structuredClone(chosen);
    reflect('putSignalsConfiguration', { project_id: OTHER, run_id: OTHER }, { model: 'x' }, chosen);
    expect(chosen).toEqual(before);
  });

  it('an example without `data` (as --dynamic may give) still gets the echo', () => {
    const out = reflect(
      'putSignalsConfiguration',
      { project_id: PROJECT, run_id: RUN },
      { model: 'm', run_mode: 'ON_DEMAND' },
      { data: 'not an object' },
    );
    expect(JSON.stringify(out)).toBe(savedAs({}, {}));
  });
});

describe('what the mock remembers', () => {
  it('Signals PUT: creates, then replaces keeping id and created_at; another run is another record', () => {
    const state = createState();
    const created = signals(state, 'a');
    expect(created).toEqual({
      id: expect.stringMatching(UUID5),
      model: 'a',
      created_at: '2026-01-01T00:00:01Z',
      updated_at: '2026-01-01T00:00:01Z',
    });
    expect(signals(state, 'b')).toEqual({
      id: created.id,
      model: 'b',
      created_at: created.created_at,
      updated_at: '2026-01-01T00:00:02Z',
    });
    expect(signals(state, 'c', 'another-run').id).not.toBe(created.id);
    expect(state.records).toBe(2);
  });
});
