// Every operation's rules (./types.ts), by operationId: what the mock answers beyond the echo and
// what it remembers (and so what an initial state may hold), and what a provider must satisfy. One
// module per operation; an operation with no rule beyond its schemas has none.
import { applyBulkFeedbackV2 } from './bulk-feedback.js';
import { loginSocial } from './login-social.js';
import { logTraces } from './log-traces.js';
import { createLuna3ScorerVersion } from './luna3-scorer-versions.js';
import { putSignalsConfiguration } from './signals-configuration.js';
import { createOrVerifyUser } from './system-users.js';
import { updateAnnotationTemplate } from './annotation-templates.js';
import type { InitialOf, OperationRules, ProviderCheck, Store } from './types.js';

export type { Answer, Memory, OperationRules, Problem, ProviderCheck, RuleRequest, Store } from './types.js';

// The operations that remember come first, in the order an initial state's keys are listed.
const all = [
  createOrVerifyUser,
  createLuna3ScorerVersion,
  putSignalsConfiguration,
  updateAnnotationTemplate,
  logTraces,
  applyBulkFeedbackV2,
  loginSocial,
] as const;

/** The rules of each operation that has any. */
export const operationRules: ReadonlyMap<string, OperationRules<Store>> = new Map(
  all.map((rules) => [rules.operationId, rules]),
);

/** The stores the operations declare. */
type Declared = (typeof all)[number] extends infer R ? (R extends OperationRules<infer S> ? S : never) : never;

/** What a session of the mock holds when it starts (a `--state` file, createMock's `initialState`): each store's records, under its name. */
export type InitialState = { [S in Declared as S['name']]?: InitialOf<S> };

/** Every provider check, with the operation it judges. */
export const providerChecks: (ProviderCheck & { operationId: string })[] = all.flatMap((rules) =>
  rules.checks.map((check) => ({ ...check, operationId: rules.operationId })),
);
