// The answers of the mock's own paths (the route stage sends them here): the fallback counts, what
// a session sent (GET), the reset of a session's state, journal and scenarios (POST), and a
// session's scenarios (POST adds, GET lists, DELETE clears), and what a session's requests (or all)
// exercised of the contract (GET).
//   in:  the control route, the request's method, headers and body, and the mock's parts
//   out: the answer
import type { Fallbacks } from '../common/fallbacks.js';
import type { Journal } from './journal.js';
import type { Coverage } from './coverage.js';
import { jsonReply, type Reply } from '../common/reply.js';
import { ScenarioError } from '../scenarios/check.js';
import { type ScenarioStore } from '../scenarios/store.js';
import { sessionOf, type State } from '../service/state.js';
import { COVERAGE_PATH, RESET_PATH, SCENARIOS_PATH } from '../request/route.js';

export interface Controlled {
  fallbacks: Fallbacks;
  state: State | undefined;
  journal: Journal;
  scenarios: ScenarioStore;
  /** undefined when coverage is off */
  coverage?: Coverage | undefined;
  /** checks and adds scenarios, or throws ScenarioError */
  use(list: unknown, options: { functions: boolean; session: string }): void;
}

export function controlReply(
  route: { kind: 'fallbacks' | 'reset' | 'requests' | 'scenarios' } | { kind: 'coverage'; all: boolean },
  request: { method: string; headers: Record<string, string | string[] | undefined>; body: Uint8Array },
  mock: Controlled,
): Reply {
  if (route.kind === 'fallbacks') return jsonReply(200, 'application/json', mock.fallbacks.report());
  const session = sessionOf(request.headers);
  if (route.kind === 'requests')
    return jsonReply(200, 'application/json', { session, requests: mock.journal.list(session) });
  if (route.kind === 'scenarios') return scenarios(request, session, mock);
  if (route.kind === 'coverage') {
    if (request.method !== 'GET') return jsonReply(405, 'application/json', { detail: `${COVERAGE_PATH} takes GET` });
    if (!mock.coverage)
      return jsonReply(404, 'application/json', {
        detail: 'coverage is off: start the mock with --coverage DIR (or createMock({ coverage: true }))',
      });
    return jsonReply(200, 'application/json', mock.coverage.report(route.all ? undefined : session));
  }
  if (request.method !== 'POST') return jsonReply(405, 'application/json', { detail: `${RESET_PATH} takes POST` });
  mock.state?.reset(session);
  mock.journal.clear(session);
  mock.scenarios.clear(session);
  return jsonReply(200, 'application/json', { reset: session, stateful: !!mock.state });
}

/** POST `{"scenarios": [...]}` adds to the session's scenarios (400 with the violations when one does not fit), GET lists them, DELETE clears them. */
function scenarios(request: { method: string; body: Uint8Array }, session: string, mock: Controlled): Reply {
  const listed = () => jsonReply(200, 'application/json', { session, scenarios: mock.scenarios.list(session) });
  if (request.method === 'GET') return listed();
  if (request.method === 'DELETE') {
    mock.scenarios.clear(session);
    return listed();
  }
  if (request.method !== 'POST')
    return jsonReply(405, 'application/json', { detail: `${SCENARIOS_PATH} takes GET, POST or DELETE` });
  const refused = (error: ScenarioError) =>
    jsonReply(400, 'application/json', { detail: error.message, violations: error.violations });
  let given: unknown;
  try {
    given = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    return refused(new ScenarioError([{ pointer: '', reason: 'the body must be JSON: {"scenarios": [...]}' }]));
  }
  const list = (given as { scenarios?: unknown } | null)?.scenarios;
  if (
    given === null ||
    typeof given !== 'object' ||
    Array.isArray(given) ||
    Object.keys(given).some((key) => key !== 'scenarios') ||
    !Array.isArray(list)
  ) {
    return refused(
      new ScenarioError([{ pointer: '', reason: 'the body must be {"scenarios": [...]}, a list of scenarios' }]),
    );
  }
  try {
    mock.use(list, { functions: false, session });
  } catch (error) {
    if (error instanceof ScenarioError) return refused(error);
    throw error;
  }
  return listed();
}
