// Every operation's rules (./types.ts), by operationId: what the mock answers beyond the echo and
// what it remembers, and what a provider must satisfy. One module per operation; an operation with
// no rule beyond its schemas has none.
import { applyBulkFeedbackV2 } from './bulk-feedback.js';
import { loginSocial } from './login-social.js';
import { logTraces } from './log-traces.js';
import { createLuna3ScorerVersion } from './luna3-scorer-versions.js';
import { putSignalsConfiguration } from './signals-configuration.js';
import { createOrVerifyUser } from './system-users.js';
import { updateAnnotationTemplate } from './annotation-templates.js';
import type { OperationRules, ProviderCheck } from './types.js';

export type { Answer, Memory, OperationRules, Problem, ProviderCheck, RuleRequest } from './types.js';

const all = [putSignalsConfiguration, logTraces, applyBulkFeedbackV2, createOrVerifyUser, updateAnnotationTemplate, createLuna3ScorerVersion, loginSocial];

/** The rules of each operation that has any. */
export const operationRules: ReadonlyMap<string, OperationRules> = new Map(all.map((rules) => [rules.operationId, rules]));

/** Every provider check, with the operation it judges. */
export const providerChecks: (ProviderCheck & { operationId: string })[] = all.flatMap((rules) => rules.checks.map((check) => ({ ...check, operationId: rules.operationId })));
