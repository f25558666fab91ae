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
