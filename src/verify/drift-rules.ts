/// <reference types="node" />
// The rules across requests that drift compares: short sequences of valid requests under fresh
// identifiers, sent in order to the provider and to one session of the mock, and what each side's
// answers say about the rule (an outcome per aspect, as text). Outcomes are relative to what the
// provider held before (a staging server already has an administrator, a scorer its versions):
// the mock's session is first brought to the same starting point, so that only the rule is compared.
import { isObject, type JsonObject } from '../shared/json.js';
import { pathParameters } from '../shared/path-template.js';
import { providerChecks } from '../rules/index.js';
import type { RecordedAnswer } from './cassette.js';
import type { CorpusRequest } from './corpus.js';
import { operations, urlPathOf, type Operation } from './operations.js';
import type { Json } from './schema.js';

/** The values a scenario takes from the run: fresh identifiers, and the path parameters fixed by the user. */
export interface Fresh {
  /** A new UUID each call. */
  uuid(): string;
  /** A new e-mail address each call. */
  email(): string;
  /** `--path-param` values, which replace fresh ones (an existing scorer of a staging server, say). */
  pathParams: Record<string, string>;
}

/** A step of a scenario: an operation, its path parameters and its JSON body. */
interface Step {
  path: Record<string, string>;
  body: Json;
}

export interface RuleScenario {
  /** The rule's name, in the report and in the steps' ids (`<operationId> rule: <name> step <n>`). */
  name: string;
  operationId: string;
  /** The API's words the rule is written from. */
  reason: string;
  steps(fresh: Fresh): Step[];
  /** Requests the mock's session gets first, so that it starts where the provider's answers say the provider was. */
  prepare?(provider: RecordedAnswer[], fresh: Fresh): Step[];
  /** What the answers say about the rule, by aspect; the same function reads both sides. */
  observe(answers: RecordedAnswer[], steps: CorpusRequest[]): Record<string, string>;
}

const bodyOf = (answer: RecordedAnswer | undefined): JsonObject => (answer && isObject(answer.body) ? answer.body : {});

/** The statuses of the answers: the first aspect of every rule (a rule is read from 200s only). */
const statuses = (answers: RecordedAnswer[]) => answers.map((a) => a.status).join(', ');

/** A fixed value wins over a fresh one. */
const idOf = (fresh: Fresh, name: string) => fresh.pathParams[name] ?? fresh.uuid();

function userOf(answer: RecordedAnswer | undefined): string {
  const user = bodyOf(answer);
  if (user.role === undefined && user.email_is_verified === undefined) return 'no role and no verification';
  return `${String(user.role)}, ${user.email_is_verified === true ? 'verified' : 'not verified'}`;
}

const signalsDataOf = (answer: RecordedAnswer | undefined): JsonObject => {
  const data = bodyOf(answer).data;
  return isObject(data) ? data : {};
};

const savedValuesCheck = providerChecks.find((c) => c.name === 'signals_put_returns_saved_values')!;

export const ruleScenarios: RuleScenario[] = [
  {
    name: 'first_user_is_administrator',
    operationId: 'createOrVerifyUser',
    reason:
      "when no administrator exists the user is created as an administrator; otherwise the operation verifies the user's e-mail address (a second call for the same address verifies the same user)",
    steps(fresh) {
      const first = fresh.email();
      return [
        { path: {}, body: { email: first, first_name: 'Drift', last_name: 'First' } },
        { path: {}, body: { email: fresh.email(), first_name: 'Drift', last_name: 'Second' } },
        { path: {}, body: { email: first, first_name: 'Drift', last_name: 'First' } },
      ];
    },
    // A provider that has an administrator already made the first address a verified user: the
    // mock's session gets an administrator first, so both start with one.
    prepare(provider, fresh) {
      const first = bodyOf(provider[0]);
      return provider[0]?.status === 200 && first.role !== 'system_admin'
        ? [{ path: {}, body: { email: fresh.email() } }]
        : [];
    },
    observe(answers) {
      const [first, second, again] = answers.map(bodyOf);
      return {
        statuses: statuses(answers),
        'first user': userOf(answers[0]),
        'second user': userOf(answers[1]),
        'first address again': `${first?.id !== undefined && first.id === again?.id ? 'the same user' : 'another user'}, ${userOf(answers[2])}`,
        'second user is another record': second?.id !== undefined && second.id !== first?.id ? 'yes' : 'no',
      };
    },
  },
  {
    name: 'luna3_versions_count_up',
    operationId: 'createLuna3ScorerVersion',
    reason: 'Luna3 creation makes a new version under an existing scorer: each call, the next integer',
    steps(fresh) {
      const scorer_id = idOf(fresh, 'scorer_id');
      const body = { instruction: 'Is the answer grounded?', threshold: 0.5 };
      return [1, 2, 3].map(() => ({ path: { scorer_id }, body }));
    },
    observe(answers) {
      const versions = answers.map((a) => bodyOf(a).version);
      const steps = versions
        .slice(1)
        .map((v, i) =>
          typeof v === 'number' && typeof versions[i] === 'number'
            ? `${v - versions[i] >= 0 ? '+' : ''}${v - versions[i]}`
            : 'no version',
        );
      return { statuses: statuses(answers), 'version steps': steps.join(', ') };
    },
  },
  {
    name: 'signals_put_saves',
    operationId: 'putSignalsConfiguration',
    reason:
      'a PUT creates or replaces the configuration of its run and answers what it saved: a later PUT to the same run replaces the values and keeps the configuration (its id and created_at)',
    steps(fresh): Step[] {
      const path = { project_id: idOf(fresh, 'project_id'), run_id: idOf(fresh, 'run_id') };
      return [
        {
          path,
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
          path,
          body: { model: 'drift-model-b', run_mode: 'ON_DEMAND', user_preferences: { focus_on: 'latency' } },
        },
      ];
    },
    observe(answers, steps) {
      const [first, second] = answers.map(signalsDataOf);
      const request = steps[1];
      const problems =
        request && answers[1]?.status === 200
          ? savedValuesCheck.check(
              {
                path: pathParameters(operationOf(request.operation).path, request.path),
                body: JSON.parse('text' in request.body! ? request.body.text : '{}') as unknown,
              },
              answers[1].body,
            )
          : [];
      return {
        statuses: statuses(answers),
        'the second PUT keeps id': first?.id !== undefined && first.id === second?.id ? 'yes' : 'no',
        'the second PUT keeps created_at':
          first?.created_at !== undefined && first.created_at === second?.created_at ? 'yes' : 'no',
        'the second answer is what it saved': problems.length === 0 ? 'yes' : problems.map((p) => p.message).join('; '),
      };
    },
  },
];

const operationOf = (id: string): Operation => operations.find((op) => op.id === id)!;

/** A step as a request like the corpus's (`headers` without a credential: the sender adds it). */
export function stepRequest(scenario: RuleScenario, step: Step, index: number, label = 'step'): CorpusRequest {
  const op = operationOf(scenario.operationId);
  if (!op.validateRequest(step.body)) throw new Error(`${scenario.name}: its ${label} ${index + 1} is not valid`);
  return {
    id: `${op.id} rule: ${scenario.name} ${label} ${index + 1}`,
    operation: op.id,
    kind: 'rule',
    method: op.method.toUpperCase(),
    path: urlPathOf(op, step.path),
    headers: { 'content-type': 'application/json' },
    body: { text: JSON.stringify(step.body) },
  };
}

/** The scenario a recorded step belongs to, and the step's index, from its id. */
export function scenarioOfStep(request: CorpusRequest): { scenario: RuleScenario; index: number } | undefined {
  const match = / rule: (\S+) step (\d+)$/.exec(request.id);
  const scenario = ruleScenarios.find((s) => s.name === match?.[1]);
  return scenario && match ? { scenario, index: Number(match[2]) - 1 } : undefined;
}
