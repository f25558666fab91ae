// The scenarios of each session, and what applies to a request: the first of the session's
// scenarios for the operation that applies (in the order given, until it is used up or the session
// is reset), else the run-wide chaos of the bin (`--latency`, `--faults`).
import { mulberry32 } from '../../shared/random.js';
import { DELAY_RULE, isDelayOrRange, type Rule } from './check.js';
import type { Delay, ListedScenario, MatchedRequest } from './types.js';

/** What the pipeline applies to one request: a delay, then a fault, an answer, or the contract's answer. */
export interface Picked {
  /** the scenario that applied (its index and operation); `chaos` for the run-wide chaos */
  by: { index: number; operation: string } | 'chaos';
  delay: number;
  fault?: 'reset' | 'hang';
  answer?: Rule['answer'];
}

/** The run-wide chaos: a seeded wait before every request, and a share of them answered 503 or dropped. */
export interface Chaos {
  latency?: Delay | undefined;
  /** the share of requests, from 0 to 1, that get a 503 or a dropped connection (half each) */
  faults?: number | undefined;
}

/** Checks the chaos settings; throws a RangeError naming the setting. */
export function checkChaos({ latency, faults }: Chaos): void {
  if (latency !== undefined && !isDelayOrRange(latency)) throw new RangeError(`latency must be ${DELAY_RULE}`);
  if (faults !== undefined && !(typeof faults === 'number' && faults >= 0 && faults <= 1))
    throw new RangeError('faults must be a share from 0 to 1');
}

/** A generator of numbers in [0, 1) from a seed (mulberry32 over the seed's FNV-1a hash): the same seed, the same draws. */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return mulberry32(state);
}

/** Whether `sent` has each of `wanted`'s names with its value (a repeated query parameter: among its values). */
function has(sent: Record<string, string | string[]>, wanted: [string, string][]): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const [name, value] = wanted[i] as [string, string];
    const got = sent[name];
    if (got !== value && !(Array.isArray(got) && got.includes(value))) return false;
  }
  return true;
}

/** The scenarios of every session (its functions need no `this`: they may be handed around alone). */
export interface ScenarioStore {
  /** Adds checked scenarios to their sessions. */
  add: (rules: Rule[]) => void;
  /** The index the next scenario of `session` gets. */
  nextIndex: (session: string) => number;
  /** A session's scenarios, with what is left of each. */
  list: (session: string) => ListedScenario[];
  /** Forgets a session's scenarios (every session's without `session`); their numbering starts again. */
  clear: (session?: string) => void;
  /** What applies to the request (the first scenario that matches it, then the chaos), which `read` gives when asked; uses it up by one. */
  pick: (read: () => MatchedRequest) => Picked | undefined;
}

export function createScenarioStore(seed: string, chaos: Chaos = {}): ScenarioStore {
  /** session → operation → its scenarios in order */
  const sessions = new Map<string, { next: number; byOperation: Map<string, Rule[]> }>();
  const random = seededRandom(seed);
  const draw = (delay: Delay | undefined): number =>
    delay === undefined
      ? 0
      : typeof delay === 'number'
        ? delay
        : Math.round(delay[0] + random() * (delay[1] - delay[0]));

  function applies(rule: Rule, request: MatchedRequest): boolean {
    // A status answers valid requests only: an invalid one keeps the contract's answer (its 422 or 401).
    if (rule.answer && !request.valid) return false;
    const { match } = rule;
    if (match === undefined) return true;
    if (typeof match === 'function') return match(request) === true;
    return has(request.pathParams, match.path) && has(request.query, match.query);
  }

  function chaotic(): Picked | undefined {
    // Without chaos: a delay of 0, no draw, and no answer.
    const { latency, faults = 0 } = chaos;
    const delay = draw(latency);
    if (faults > 0 && random() < faults) {
      return random() < 0.5
        ? { by: 'chaos', delay, fault: 'reset' }
        : {
            by: 'chaos',
            delay,
            answer: { status: 503, documented: false, headers: [['Retry-After', '1']], body: undefined },
          };
    }
    return latency === undefined ? undefined : { by: 'chaos', delay };
  }

  return {
    add(rules) {
      for (const rule of rules) {
        let session = sessions.get(rule.session);
        if (!session) sessions.set(rule.session, (session = { next: 0, byOperation: new Map() }));
        session.next = Math.max(session.next, rule.index + 1);
        let list = session.byOperation.get(rule.operation);
        if (!list) session.byOperation.set(rule.operation, (list = []));
        list.push(rule);
      }
    },
    nextIndex: (session) => sessions.get(session)?.next ?? 0,
    list(session) {
      const rules = [...(sessions.get(session)?.byOperation.values() ?? [])].flat().sort((a, b) => a.index - b.index);
      return rules.map((rule) => ({ index: rule.index, ...rule.listed, left: rule.left }));
    },
    clear(session) {
      if (session === undefined) sessions.clear();
      else sessions.delete(session);
    },
    pick(read) {
      // No scenario in any session and no chaos: nothing to read of the request.
      if (sessions.size === 0 && chaos.latency === undefined && !chaos.faults) return undefined;
      const request = read();
      const list = sessions.get(request.session)?.byOperation.get(request.operationId) ?? [];
      const rule = list.find((one) => applies(one, request));
      if (!rule) return chaotic();
      if (rule.left !== null && --rule.left === 0) list.splice(list.indexOf(rule), 1);
      return {
        by: { index: rule.index, operation: rule.operation },
        delay: draw(rule.delay),
        ...(rule.fault ? { fault: rule.fault } : {}),
        ...(rule.answer ? { answer: rule.answer } : {}),
      };
    },
  };
}
