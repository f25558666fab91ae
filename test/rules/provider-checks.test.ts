// What the provider checks of the operations' rules (src/rules/) are, together: one per statement,
// each with its operation and its reason. What each check holds, breaks and probes is in
// test/rules/<operation>.test.ts.
import { expect, it } from 'vitest';
import { providerChecks as rules } from '../../src/rules/index.js';

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
