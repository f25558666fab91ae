// The answers of the mock's own paths (stage 3 routes them here): the fallback counts, and the
// reset of a session's state.
//   in:  the control route, the request's method and headers, the fallbacks and the state
//   out: the answer
import type { IncomingHttpHeaders } from 'node:http';
import type { Fallbacks } from '../fallbacks.js';
import { jsonReply, type Reply } from '../reply.js';
import { sessionOf, type State } from '../state.js';
import { RESET_PATH } from './route.js';

export function controlReply(
  route: { kind: 'fallbacks' | 'reset' },
  request: { method?: string | undefined; headers: IncomingHttpHeaders },
  mock: { fallbacks: Fallbacks; state: State | undefined },
): Reply {
  if (route.kind === 'fallbacks') return jsonReply(200, 'application/json', mock.fallbacks.report());
  if (request.method !== 'POST') return jsonReply(405, 'application/json', { detail: `${RESET_PATH} takes POST` });
  const session = sessionOf(request.headers);
  mock.state?.reset(session);
  return jsonReply(200, 'application/json', { reset: session, stateful: !!mock.state });
}
