// The mock's memory: the sessions that the operations' `remember` rules (../rules/) read and
// change, and nothing else. Which stores a session holds, what an initial state may put in them and
// what each operation keeps there is declared by the operations' rules modules: this module knows
// no store by name. It keeps them per session, counts their records and gives the rules a clock.
//
// State is kept per session (the `X-Mock-Session` header; without it, the default session), so
// tests running side by side do not see each other's records. Identifiers and timestamps come from
// the seed, the session and a logical clock that moves one second per change, so the same sequence
// of requests gives the same answers. Each change is made synchronously, between two awaits of the
// server, so concurrent requests to one record are serialised, never interleaved.

import { operationRules, type InitialState, type Memory, type OperationRules, type Store } from '../../rules/index.js';
import { isObject } from '../../shared/json.js';
import { nameUuid } from '../../shared/uuid.js';

/** The header that names a session. */
export const SESSION_HEADER = 'x-mock-session';
export const DEFAULT_SESSION = 'default';
/** Where the logical clock of every session starts. */
const EPOCH = Date.parse('2026-01-01T00:00:00Z');

/** A request refused because the store holds as many records as it may. */
export class StateFullError extends Error {
  override readonly name = 'StateFullError';
  /** The answer: 409, the request conflicts with the state as it is; a reset resolves it. */
  readonly status = 409;
  readonly body: { detail: string; limit: 'max-records'; max: number };
  constructor(readonly limit: number) {
    super(
      `The mock's state holds ${limit} records, its limit: reset it (POST /__mock/reset) or start the mock with a larger --max-records.`,
    );
    this.body = { detail: this.message, limit: 'max-records', max: limit };
  }
}

/** An initial-state file that cannot be used. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

export type { InitialState };

/** The operations' rules, by operationId: what the state runs. */
type Rules = ReadonlyMap<string, OperationRules<Store>>;

/** The stores that the rules declare, each once, in the order of the rules. */
const storesOf = (rules: Rules): Store[] => [...new Set([...rules.values()].flatMap((r) => r.stores ?? []))];

/** Checks an initial state read from JSON against the stores of `rules` (every operation's by default); throws StateFileError naming what is wrong. */
export function checkInitialState(value: unknown, rules: Rules = operationRules): InitialState {
  const fail = (message: string): never => {
    throw new StateFileError(`initial state: ${message}`);
  };
  if (!isObject(value)) return fail('must be a JSON object');
  const stores = storesOf(rules);
  const known = stores.map((store) => store.name);
  for (const key of Object.keys(value))
    if (!known.includes(key)) fail(`unknown key "${key}" (known: ${known.join(', ')})`);
  for (const store of stores) {
    const problem = value[store.name] === undefined ? undefined : store.check(value[store.name]);
    if (problem !== undefined) fail(problem);
  }
  return value;
}

export interface StateOptions {
  seed?: string;
  maxRecords?: number | undefined;
  initial?: InitialState | undefined;
  /** the operations' rules (every operation's by default) */
  rules?: Rules;
}

/** What the request of a rule brings. */
export interface StateRequest {
  session: string;
  pathParams: Record<string, string>;
  body: unknown;
}

export interface State {
  /**
   * The response for a successful request of `operationId`, with the state applied and updated.
   * Throws StateFullError when a new record would pass the limit (nothing is changed then).
   */
  apply(operationId: string, request: StateRequest, reflected: unknown): unknown;
  /** Forgets a session's records (every session's without `name`); it starts again from the initial state. */
  reset(name?: string): void;
  /** How many records are stored, in every session. */
  readonly records: number;
}

interface Session {
  name: string;
  /** changes made so far (the logical clock) */
  tick: number;
  /** each store's records */
  records: Map<Store, Map<unknown, unknown>>;
}

export function createState({
  seed = 'mock',
  maxRecords = 10_000,
  initial = {},
  rules = operationRules,
}: StateOptions = {}): State {
  const sessions = new Map<string, Session>();
  const stores = storesOf(rules);
  let records = 0;

  const sizeOf = (session: Session): number =>
    [...session.records.values()].reduce((size, store) => size + store.size, 0);

  /** A session as it starts: each store with the records of the initial state. */
  function fresh(name: string): Session {
    const values = initial as Record<string, unknown>;
    return {
      name,
      tick: 0,
      records: new Map(
        stores.map((store) => [store, new Map(values[store.name] === undefined ? [] : store.load(values[store.name]))]),
      ),
    };
  }

  function session(name: string): Session {
    let found = sessions.get(name);
    if (!found) {
      found = fresh(name);
      records += sizeOf(found);
      sessions.set(name, found);
    }
    return found;
  }

  /** Room for one more record, or StateFullError. */
  function reserve(): void {
    if (records >= maxRecords) throw new StateFullError(maxRecords);
    records += 1;
  }

  /** A session as the operations' rules see it: its records and its clock (which moves at every change). */
  function memoryOf(s: Session): Memory {
    return {
      records: (store) => s.records.get(store) as never,
      now: () => new Date(EPOCH + ++s.tick * 1000).toISOString().replace('.000Z', 'Z'),
      // From the seed and the clock: the same sequence of changes in any session gives the same ids.
      newId: () => nameUuid(`${seed}\n${s.tick}`),
      reserve,
    };
  }

  return {
    apply(operationId, request, reflected) {
      const rule = rules.get(operationId);
      if (!rule?.remember || !isObject(reflected)) return reflected;
      if (!sessions.has(request.session) && records >= maxRecords) throw new StateFullError(maxRecords);
      return rule.remember(
        memoryOf(session(request.session)),
        { pathParams: request.pathParams, body: isObject(request.body) ? request.body : {} },
        reflected,
      );
    },
    reset(name) {
      if (name === undefined) {
        sessions.clear();
        records = 0;
        return;
      }
      const old = sessions.get(name);
      if (old) {
        records -= sizeOf(old);
        sessions.delete(name);
      }
    },
    get records() {
      return records;
    },
  };
}

/** The session a request names. */
export function sessionOf(headers: Record<string, string | string[] | undefined>): string {
  const value = headers[SESSION_HEADER];
  const name = Array.isArray(value) ? value[0] : value;
  return name && name.length <= 200 ? name : DEFAULT_SESSION;
}
