// The mock's memory: the sessions that the operations' `remember` rules (../rules/) read and
// change, and nothing else: the first user is the administrator, Luna3 versions count up, a Signals
// PUT replaces what the previous one saved, a template PATCH keeps what it does not send.
//
// State is kept per session (the `X-Mock-Session` header; without it, the default session), so
// tests running side by side do not see each other's records. Identifiers and timestamps come from
// the seed, the session and a logical clock that moves one second per change, so the same sequence
// of requests gives the same answers. Each change is made synchronously, between two awaits of the
// server, so concurrent requests to one record are serialised, never interleaved.

import { operationRules, type Memory } from '../rules/index.js';
import { isObject } from '../shared/json.js';
import { nameUuid } from '../shared/uuid.js';

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
    super(`The mock's state holds ${limit} records, its limit: reset it (POST /__mock/reset) or start the mock with a larger --max-records.`);
    this.body = { detail: this.message, limit: 'max-records', max: limit };
  }
}

/** An initial-state file that cannot be used. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/** What a session holds when it starts (a `--state` file). */
export interface InitialState {
  /** system users, each with an `email` */
  users?: Record<string, unknown>[];
  /** scorer_id → its latest version */
  scorerVersions?: Record<string, number>;
  /** "project_id/run_id" → configuration */
  signalsConfigurations?: Record<string, Record<string, unknown>>;
  /** "project_id/template_id" → template */
  annotationTemplates?: Record<string, Record<string, unknown>>;
}

/** Checks an initial state read from JSON; throws StateFileError naming what is wrong. */
export function checkInitialState(value: unknown): InitialState {
  const fail = (message: string): never => {
    throw new StateFileError(`initial state: ${message}`);
  };
  if (!isObject(value)) fail('must be a JSON object');
  const state = value as Record<string, unknown>;
  const known = ['users', 'scorerVersions', 'signalsConfigurations', 'annotationTemplates'];
  for (const key of Object.keys(state)) if (!known.includes(key)) fail(`unknown key "${key}" (known: ${known.join(', ')})`);
  if (state.users !== undefined) {
    if (!Array.isArray(state.users)) fail('"users" must be a list');
    (state.users as unknown[]).forEach((user, i) => {
      if (!isObject(user) || typeof user.email !== 'string') fail(`users[${i}] must be an object with a string "email"`);
    });
  }
  if (state.scorerVersions !== undefined) {
    if (!isObject(state.scorerVersions)) fail('"scorerVersions" must be an object of scorer_id → version');
    for (const [id, version] of Object.entries(state.scorerVersions as object)) {
      if (!Number.isSafeInteger(version) || (version as number) < 0) fail(`scorerVersions["${id}"] must be a whole number ≥ 0`);
    }
  }
  for (const key of ['signalsConfigurations', 'annotationTemplates']) {
    if (state[key] === undefined) continue;
    if (!isObject(state[key])) fail(`"${key}" must be an object keyed by "project_id/…_id"`);
    for (const [id, record] of Object.entries(state[key] as object)) {
      if (!/^[^/]+\/[^/]+$/.test(id)) fail(`${key} key "${id}" must be "project_id/…_id"`);
      if (!isObject(record)) fail(`${key}["${id}"] must be an object`);
    }
  }
  return state as InitialState;
}

export interface StateOptions {
  seed?: string;
  maxRecords?: number | undefined;
  initial?: InitialState | undefined;
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
  /** e-mail (null when none was sent) → user */
  users: Map<string | null, Record<string, unknown>>;
  /** scorer_id → latest version */
  scorers: Map<string, number>;
  /** "project/run" → configuration */
  signals: Map<string, Record<string, unknown>>;
  /** "project/template" → template */
  templates: Map<string, Record<string, unknown>>;
}

export function createState({ seed = 'mock', maxRecords = 10_000, initial = {} }: StateOptions = {}): State {
  const sessions = new Map<string, Session>();
  let records = 0;

  const sizeOf = (session: Session): number => session.users.size + session.scorers.size + session.signals.size + session.templates.size;

  function fresh(name: string): Session {
    return {
      name,
      tick: 0,
      users: new Map((initial.users ?? []).map((user) => [user.email as string, structuredClone(user)])),
      scorers: new Map(Object.entries(initial.scorerVersions ?? {})),
      signals: new Map(Object.entries(structuredClone(initial.signalsConfigurations ?? {}))),
      templates: new Map(Object.entries(structuredClone(initial.annotationTemplates ?? {}))),
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
      users: s.users,
      scorers: s.scorers,
      signals: s.signals,
      templates: s.templates,
      now: () => new Date(EPOCH + ++s.tick * 1000).toISOString().replace('.000Z', 'Z'),
      // From the seed and the clock: the same sequence of changes in any session gives the same ids.
      newId: () => nameUuid(`${seed}\n${s.tick}`),
      reserve,
    };
  }

  return {
    apply(operationId, request, reflected) {
      const remember = operationRules.get(operationId)?.remember;
      if (!remember || !isObject(reflected)) return reflected;
      if (!sessions.has(request.session) && records >= maxRecords) throw new StateFullError(maxRecords);
      return remember(memoryOf(session(request.session)), { pathParams: request.pathParams, body: isObject(request.body) ? request.body : {} }, reflected);
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
