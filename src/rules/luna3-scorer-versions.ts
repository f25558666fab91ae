// Create Luna3 Scorer Version (POST /v2/scorers/{scorer_id}/version/luna3): "creates a
// customer-authored Luna3 version for an existing Luna metric (scorer)", the one the path names.
import { isObject } from '../shared/json.js';
import { same, show } from './support.js';
import type { OperationRules, Store } from './types.js';

/** The latest version of each scorer: scorer_id → version. An initial state gives them the same way. */
export const scorerVersions: Store<'scorerVersions', Record<string, number>, string, number> = {
  name: 'scorerVersions',
  check(value) {
    if (!isObject(value)) return '"scorerVersions" must be an object of scorer_id → version';
    const bad = Object.entries(value).find(([, version]) => !Number.isSafeInteger(version) || (version as number) < 0);
    return bad && `scorerVersions["${bad[0]}"] must be a whole number ≥ 0`;
  },
  load: (initial) => Object.entries(initial),
};

export const createLuna3ScorerVersion: OperationRules<typeof scorerVersions> = {
  operationId: 'createLuna3ScorerVersion',

  checks: [
    {
      name: 'scorer_version_under_path_scorer',
      reason: 'the version is created under the scorer the path names',
      check(request, body) {
        if (!isObject(body) || body.scorer_id === undefined || same(body.scorer_id, request.path.scorer_id)) return [];
        return [
          {
            key: 'scorer_id',
            message: `scorer_id is ${show(body.scorer_id)}, not the path's ${show(request.path.scorer_id)}`,
          },
        ];
      },
    },
  ],

  // Each call makes a new version under its scorer: 1, 2, 3, … per scorer_id.
  stores: [scorerVersions],
  remember(memory, { pathParams }, reflected) {
    const versions = memory.records(scorerVersions);
    const scorer = pathParams.scorer_id as string;
    if (!versions.has(scorer)) memory.reserve();
    const version = (versions.get(scorer) ?? 0) + 1;
    versions.set(scorer, version);
    const at = memory.now();
    return { ...reflected, id: memory.newId(), version, created_at: at, updated_at: at };
  },
};
