// The answers of the mock's own paths (the route stage sends them here): the fallback counts, what
// a session sent (GET), and the reset of a session's state and journal (POST).
//   in:  the control route, the request's method and headers, the fallbacks, the state, the journal
//   out: the answer
import type { Fallbacks } from '../fallbacks.js';
import type { Journal } from '../journal.js';
import { jsonReply, type Reply } from '../reply.js';
import { sessionOf, type State } from '../state.js';
import { RESET_PATH } from './route.js';

export function controlReply(
  route: { kind: 'fallbacks' | 'reset' | 'requests' },
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  mock: { fallbacks: Fallbacks; state: State | undefined; journal: Journal },
): Reply {
  if (route.kind === 'fallbacks') return jsonReply(200, 'application/json', mock.fallbacks.report());
  const session = sessionOf(request.headers);
  if (route.kind === 'requests') return jsonReply(200, 'application/json', { session, requests: mock.journal.list(session) });
  if (request.method !== 'POST') return jsonReply(405, 'application/json', { detail: `${RESET_PATH} takes POST` });
  mock.state?.reset(session);
  mock.journal.clear(session);
  return jsonReply(200, 'application/json', { reset: session, stateful: !!mock.state });
}
