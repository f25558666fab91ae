// The rules of Create Luna3 Scorer Version (src/rules/luna3-scorer-versions.ts) called in-process:
// what a provider must satisfy (its checks), what the mock answers (createReflector) and what it
// remembers across requests (createState), on the exact values a user of the mock reads.
import { describe, expect, it } from 'vitest';
import { createState } from '../../../src/mock/service/state.js';
import { example, keys, OTHER, reflect, request, rule, RUN, SCORER, UUID5, version } from '../../support/rules.js';

describe('scorer_version_under_path_scorer', () => {
  const check = rule('scorer_version_under_path_scorer').check;
  it("the version's scorer_id is the path's (in any case), or absent", () => {
    const path = { scorer_id: SCORER };
    expect(check(request({}, path), { scorer_id: SCORER })).toEqual([]);
    expect(check(request({}, path), { scorer_id: SCORER.toUpperCase() })).toEqual([]);
    expect(check(request({}, path), { id: 'x' })).toEqual([]);
    expect(check(request({}, path), { scorer_id: RUN })).toEqual([
      { key: 'scorer_id', message: `scorer_id is "${RUN}", not the path's "${SCORER}"` },
    ]);
    expect(check(request({}, path), [])).toEqual([]);
  });
});

describe('Create Luna3 Scorer Version (POST echoes what was sent into luna3_scorer)', () => {
  const version = example('createLuna3ScorerVersion');
  const luna3 = version.luna3_scorer;

  it('sent fields are echoed, fields not sent or null are left out, the scorer is the path’s; schema order', () => {
    const out = reflect(
      'createLuna3ScorerVersion',
      { scorer_id: OTHER },
      { threshold: 0.9, adapter_path: 's3://a', instruction: null, class_name_to_vocab_ix: { yes: 1 } },
    );
    expect(out).toEqual({
      ...version,
      scorer_id: OTHER,
      luna3_scorer: {
        adapter_path: 's3://a',
        class_name_to_vocab_ix: { yes: 1 },
        id: luna3.id,
        organization_id: luna3.organization_id,
        created_at: luna3.created_at,
        updated_at: luna3.updated_at,
        threshold: 0.9,
        created_by: luna3.created_by,
      },
    });
    expect(keys(out)).toEqual(keys(version));
    expect(keys(out.luna3_scorer)).toEqual([
      'adapter_path',
      'class_name_to_vocab_ix',
      'id',
      'organization_id',
      'created_at',
      'updated_at',
      'threshold',
      'created_by',
    ]);
  });

  it('an empty body leaves none of the request’s fields', () => {
    const out = reflect('createLuna3ScorerVersion', { scorer_id: SCORER }, {});
    expect(out).toEqual({
      ...version,
      luna3_scorer: {
        id: luna3.id,
        organization_id: luna3.organization_id,
        created_at: luna3.created_at,
        updated_at: luna3.updated_at,
        created_by: luna3.created_by,
      },
    });
  });
});

describe('what the mock remembers', () => {
  it('Luna3 versions count per scorer, from 1, each with a new id and the clock’s time', () => {
    const state = createState();
    const [a1, a2, b1] = [version(state), version(state), version(state, 'other')];
    expect([a1, a2, b1].map((v) => v.version)).toEqual([1, 2, 1]);
    expect(new Set([a1, a2, b1].map((v) => v.id)).size).toBe(3);
    expect(a2).toEqual({
      scorer_id: SCORER,
      version: 2,
      id: expect.stringMatching(UUID5),
      created_at: '2026-01-01T00:00:02Z',
      updated_at: '2026-01-01T00:00:02Z',
    });
    expect(state.records).toBe(2);
  });
});
