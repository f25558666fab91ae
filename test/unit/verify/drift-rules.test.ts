// The rules across requests that drift compares (src/verify/drift-rules.ts): each scenario of an
// operation of the spec, with its reason; its steps valid requests under fresh identifiers, a fixed
// path parameter winning over a fresh one; a step's id read back to its scenario and index; a step
// the spec refuses named; and an observation read the same from either side's answers.
import { describe, expect, it } from 'vitest';
import type { RecordedAnswer } from '../../../src/verify/cassette.js';
import { ruleScenarios, scenarioOfStep, stepRequest, type Fresh } from '../../../src/verify/drift-rules.js';
import { operations } from '../../../src/verify/operations.js';

function fresh(pathParams: Record<string, string> = {}): Fresh {
  let n = 0;
  return {
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    email: () => `drift-${++n}@example.org`,
    pathParams,
  };
}
const scenario = (name: string) => ruleScenarios.find((s) => s.name === name)!;
const answer = (status: number, body: unknown): RecordedAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body,
});

describe('ruleScenarios', () => {
  it('each is named once, for an operation of the spec, with its reason and steps that the spec accepts', () => {
    expect(ruleScenarios.length).toBeGreaterThan(0);
    expect(new Set(ruleScenarios.map((s) => s.name)).size).toBe(ruleScenarios.length);
    for (const s of ruleScenarios) {
      expect(
        operations.map((o) => o.id),
        s.name,
      ).toContain(s.operationId);
      expect(s.reason.trim(), s.name).not.toBe('');
      const steps = s.steps(fresh());
      expect(steps.length, s.name).toBeGreaterThan(1);
      steps.forEach((step, i) => {
        const request = stepRequest(s, step, i);
        expect(request).toMatchObject({ id: `${s.operationId} rule: ${s.name} step ${i + 1}`, kind: 'rule' });
        expect(request.headers).toEqual({ 'content-type': 'application/json' });
      });
    }
  });

  it('fresh identifiers in each run; a fixed path parameter replaces them', () => {
    const versions = scenario('luna3_versions_count_up');
    const [first] = versions.steps(fresh());
    expect(first!.path.scorer_id).toMatch(/^00000000-0000-4000-8000-/);
    const fixed = versions.steps(fresh({ scorer_id: 'b1c2d3e4-0000-4000-8000-000000000009' }));
    expect(fixed.map((s) => s.path.scorer_id)).toEqual(Array(3).fill('b1c2d3e4-0000-4000-8000-000000000009'));
    expect(stepRequest(versions, fixed[0]!, 0).path).toContain('b1c2d3e4-0000-4000-8000-000000000009');
  });

  it('reads the same aspects from either side: the statuses, then what the rule is about', () => {
    const versions = scenario('luna3_versions_count_up');
    const steps = versions.steps(fresh()).map((s, i) => stepRequest(versions, s, i));
    const counting = [1, 2, 3].map((version) => answer(200, { version }));
    expect(versions.observe(counting, steps)).toEqual({ statuses: '200, 200, 200', 'version steps': '+1, +1' });
    const stuck = [answer(200, { version: 1 }), answer(200, { version: 1 }), answer(404, { detail: 'x' })];
    expect(versions.observe(stuck, steps)).toEqual({ statuses: '200, 200, 404', 'version steps': '+0, no version' });
  });
});

it('stepRequest: a step the spec refuses is named by its scenario, label and number', () => {
  const s = scenario('first_user_is_administrator');
  expect(() => stepRequest(s, { path: {}, body: { email: 3 } }, 1)).toThrow(
    'first_user_is_administrator: its step 2 is not valid',
  );
  expect(() => stepRequest(s, { path: {}, body: { email: [] } }, 0, 'preparation')).toThrow(
    'first_user_is_administrator: its preparation 1 is not valid',
  );
});

it('scenarioOfStep: the scenario and index of a step from its id; none for another request', () => {
  const s = scenario('luna3_versions_count_up');
  const steps = s.steps(fresh()).map((step, i) => stepRequest(s, step, i));
  expect(scenarioOfStep(steps[2]!)).toEqual({ scenario: s, index: 2 });
  expect(scenarioOfStep({ ...steps[0]!, id: 'createLuna3ScorerVersion rule: no_such_rule step 1' })).toBeUndefined();
  expect(scenarioOfStep({ ...steps[0]!, id: 'createLuna3ScorerVersion constraint: a' })).toBeUndefined();
  expect(scenarioOfStep({ ...steps[0]!, id: `${steps[0]!.id} preparation` })).toBeUndefined();
});

describe('first_user_is_administrator', () => {
  const rule = scenario('first_user_is_administrator');
  const user = (id: number, role: string, verified: boolean) =>
    answer(200, { id, email: `u${id}@example.org`, role, email_is_verified: verified });

  it('creates a user, another, then the first address again, each a POST to the users', () => {
    const steps = rule.steps(fresh());
    expect(steps).toEqual([
      { path: {}, body: { email: 'drift-1@example.org', first_name: 'Drift', last_name: 'First' } },
      { path: {}, body: { email: 'drift-2@example.org', first_name: 'Drift', last_name: 'Second' } },
      { path: {}, body: { email: 'drift-1@example.org', first_name: 'Drift', last_name: 'First' } },
    ]);
    expect(stepRequest(rule, steps[0]!, 0)).toMatchObject({
      method: 'POST',
      path: '/v2/system_users',
      body: { text: JSON.stringify(steps[0]!.body) },
    });
  });

  it("prepares the mock's session with an administrator only when the provider's first user was not made one", () => {
    const prepare = (provider: RecordedAnswer[]) => rule.prepare!(provider, fresh());
    expect(prepare([user(1, 'user', true)])).toEqual([{ path: {}, body: { email: 'drift-1@example.org' } }]);
    expect(prepare([user(1, 'system_admin', true)])).toEqual([]);
    expect(prepare([answer(422, { detail: [] })])).toEqual([]);
    expect(prepare([])).toEqual([]);
  });

  it('reads who each user is, and whether the first address again is the same record', () => {
    const as = rule.observe([user(1, 'system_admin', true), user(2, 'user', false), user(1, 'system_admin', true)], []);
    expect(as).toEqual({
      statuses: '200, 200, 200',
      'first user': 'system_admin, verified',
      'second user': 'user, not verified',
      'first address again': 'the same user, system_admin, verified',
      'second user is another record': 'yes',
    });
    const other = rule.observe([user(1, 'user', true), user(1, 'user', true), user(3, 'user', true)], []);
    expect(other['first address again']).toBe('another user, user, verified');
    expect(other['second user is another record']).toBe('no');
  });

  it('reads answers without a user (errors, bodies that are no object, answers missing) as no user', () => {
    const as = rule.observe([answer(422, { detail: [] }), answer(500, 'Internal Server Error')], []);
    expect(as).toEqual({
      statuses: '422, 500',
      'first user': 'no role and no verification',
      'second user': 'no role and no verification',
      'first address again': 'another user, no role and no verification',
      'second user is another record': 'no',
    });
    expect(rule.observe([answer(200, { role: 'user' })], [])['first user']).toBe('user, not verified');
    expect(rule.observe([answer(200, { email_is_verified: true })], [])['first user']).toBe('undefined, verified');
    // Fewer answers than steps (the provider stopped answering): the missing ones are no user.
    expect(rule.observe([user(1, 'system_admin', true)], [])).toMatchObject({
      'first address again': 'another user, no role and no verification',
      'second user is another record': 'no',
    });
    expect(rule.observe([], [])).toMatchObject({ statuses: '', 'second user is another record': 'no' });
  });
});

describe('luna3_versions_count_up', () => {
  const rule = scenario('luna3_versions_count_up');

  it('creates three versions of one scorer with the same body', () => {
    const steps = rule.steps(fresh());
    expect(steps.map((s) => s.body)).toEqual(Array(3).fill({ instruction: 'Is the answer grounded?', threshold: 0.5 }));
    expect(new Set(steps.map((s) => s.path.scorer_id)).size).toBe(1);
  });

  it('reads each step between versions, signed; no version where either is missing', () => {
    const versions = (...found: unknown[]) =>
      rule.observe(
        found.map((version) => answer(200, version === undefined ? {} : { version })),
        [],
      )['version steps'];
    expect(versions(3, 1, 1)).toBe('-2, +0');
    expect(versions(undefined, 2, '3')).toBe('no version, no version');
  });
});

describe('signals_put_saves', () => {
  const rule = scenario('signals_put_saves');
  const P = 'aaaaaaaa-0000-4000-8000-000000000001';
  const R = 'bbbbbbbb-0000-4000-8000-000000000002';

  it('PUTs a configuration to one run, then replaces it; fixed path parameters win', () => {
    const steps = rule.steps(fresh({ project_id: P, run_id: R }));
    expect(steps).toEqual([
      {
        path: { project_id: P, run_id: R },
        body: {
          model: 'drift-model-a',
          run_mode: 'SCHEDULED',
          schedule: { type: 'CRON', cron: '0 6 * * 1', timezone: 'Europe/Paris' },
          start_date: '2026-12-01',
          scheduled_runs_enabled: true,
          notification_severities: ['HIGH'],
        },
      },
      {
        path: { project_id: P, run_id: R },
        body: { model: 'drift-model-b', run_mode: 'ON_DEMAND', user_preferences: { focus_on: 'latency' } },
      },
    ]);
    expect(stepRequest(rule, steps[1]!, 1)).toMatchObject({
      method: 'PUT',
      path: `/v2/projects/${P}/runs/${R}/signals/configuration`,
    });
  });

  it('reads whether the second PUT kept the record and answered what it saved', () => {
    const steps = rule.steps(fresh({ project_id: P, run_id: R })).map((s, i) => stepRequest(rule, s, i));
    const saved = (id: string, created_at: string, data: Record<string, unknown>) =>
      answer(200, { data: { id, created_at, project_id: P, run_id: R, ...data } });
    const second = { model: 'drift-model-b', run_mode: 'ON_DEMAND', user_preferences: { focus_on: 'latency' } };
    expect(rule.observe([saved('c1', 't1', {}), saved('c1', 't1', second)], steps)).toEqual({
      statuses: '200, 200',
      'the second PUT keeps id': 'yes',
      'the second PUT keeps created_at': 'yes',
      'the second answer is what it saved': 'yes',
    });
    const replaced = rule.observe([saved('c1', 't1', {}), saved('c2', 't2', { ...second, model: 'other' })], steps);
    expect(replaced).toEqual({
      statuses: '200, 200',
      'the second PUT keeps id': 'no',
      'the second PUT keeps created_at': 'no',
      'the second answer is what it saved': 'data.model is "other", but the request saved "drift-model-b"',
    });
    const twoWrong = rule.observe(
      [saved('c1', 't1', {}), saved('c1', 't1', { ...second, model: 'other', run_mode: 'SCHEDULED' })],
      steps,
    );
    expect(twoWrong['the second answer is what it saved']).toBe(
      'data.model is "other", but the request saved "drift-model-b"; data.run_mode is "SCHEDULED", but the request saved "ON_DEMAND"',
    );
    // A body with data under an error status is not what was saved; nor are answers without their steps.
    const wrongData = answer(500, { data: { model: 'other' } });
    expect(rule.observe([saved('c1', 't1', {}), wrongData], steps)['the second answer is what it saved']).toBe('yes');
    expect(rule.observe([saved('c1', 't1', {}), saved('c1', 't1', { model: 'other' })], [])).toMatchObject({
      'the second PUT keeps id': 'yes',
      'the second answer is what it saved': 'yes',
    });
    expect(rule.observe([], steps)).toMatchObject({ statuses: '', 'the second PUT keeps id': 'no' });
    expect(rule.observe([saved('c1', 't1', {})], steps)).toEqual({
      statuses: '200',
      'the second PUT keeps id': 'no',
      'the second PUT keeps created_at': 'no',
      'the second answer is what it saved': 'yes',
    });
    // Not saved: nothing to compare, and no problem read from an error's body.
    expect(rule.observe([answer(422, { detail: [] }), answer(422, { detail: [] })], steps)).toEqual({
      statuses: '422, 422',
      'the second PUT keeps id': 'no',
      'the second PUT keeps created_at': 'no',
      'the second answer is what it saved': 'yes',
    });
  });
});

it('scenarioOfStep reads a step number of several digits', () => {
  const s = scenario('luna3_versions_count_up');
  const [step] = s.steps(fresh()).map((one, i) => stepRequest(s, one, i));
  expect(scenarioOfStep({ ...step!, id: 'createLuna3ScorerVersion rule: luna3_versions_count_up step 12' })).toEqual({
    scenario: s,
    index: 11,
  });
});
