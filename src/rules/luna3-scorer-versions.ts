// Create Luna3 Scorer Version (POST /v2/scorers/{scorer_id}/version/luna3): "creates a
// customer-authored Luna3 version for an existing Luna metric (scorer)", the one the path names.
import { isObject } from '../shared/json.js';
import { same, show } from './support.js';
import type { OperationRules } from './types.js';

export const createLuna3ScorerVersion: OperationRules = {
  operationId: 'createLuna3ScorerVersion',

  checks: [
    {
      name: 'scorer_version_under_path_scorer',
      reason: 'the version is created under the scorer the path names',
      check(request, body) {
        if (!isObject(body) || body.scorer_id === undefined || same(body.scorer_id, request.path.scorer_id)) return [];
        return [{ key: 'scorer_id', message: `scorer_id is ${show(body.scorer_id)}, not the path's ${show(request.path.scorer_id)}` }];
      },
    },
  ],

  // Each call makes a new version under its scorer: 1, 2, 3, … per scorer_id.
  remember(memory, { pathParams }, reflected) {
    const scorer = pathParams.scorer_id as string;
    if (!memory.scorers.has(scorer)) memory.reserve();
    const version = (memory.scorers.get(scorer) ?? 0) + 1;
    memory.scorers.set(scorer, version);
    const at = memory.now();
    return { ...reflected, id: memory.newId(), version, created_at: at, updated_at: at };
  },
};
