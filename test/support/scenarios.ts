// What the suites of the scenarios' modules share: a contract of two operations made here, and the
// check of a list of scenarios against it (its rules, or the violations of its ScenarioError).
import { checkScenarios, ScenarioError, type ContractOperation, type Rule } from '../../src/mock/scenarios/check.js';

/** Two operations: `withPath` (two path parameters, 200 and 422 documented) and `noPath` (none, 200). */
export const CONTRACT = new Map<string, ContractOperation>([
  [
    'withPath',
    {
      pathParams: ['project_id', 'run_id'],
      statuses: [200, 422],
      bodyViolations: (status, body) =>
        (body as { bad?: unknown }).bad === undefined ? [] : [{ pointer: `/bad/${status}`, reason: 'bad is bad' }],
      example: (status) => ({ example: status }),
    },
  ],
  [
    'noPath',
    {
      pathParams: [],
      statuses: [200],
      bodyViolations: () => [{ pointer: '', reason: 'never valid' }],
      example: () => 'the example',
    },
  ],
]);

export type Options = Partial<Parameters<typeof checkScenarios>[2]>;
export const check = (list: unknown, options: Options = {}): Rule[] =>
  checkScenarios(list, CONTRACT, { functions: true, firstIndex: () => 0, ...options });

/** The ScenarioError `run` throws. */
export function refusal(run: () => unknown): ScenarioError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('no ScenarioError');
}
/** The violations of checking `list`. */
export const violations = (list: unknown, options: Options = {}) => refusal(() => check(list, options)).violations;
