// The mock's memory: the rules the seed states across requests, and nothing else.
//
//  - Create Or Verify User (section 3, rules for user creation): the first user is created as an
//    administrator; every later call finds the user record that an administrator's invitation made
//    (the mock has no invitation operation, so any other e-mail is taken as invited) and verifies
//    its e-mail address. A call for a known e-mail verifies that record again.
//  - Create Luna3 Scorer Version (section 9): each call makes a new version under its scorer:
//    1, 2, 3, … per scorer_id.
//  - Put Signals Configuration (4.1, "creates or replaces"): the first PUT for a project's run
//    creates the configuration; a later one replaces it, keeping `id` and `created_at` and moving
//    `updated_at`.
//  - Update Annotation Template (4.3, PATCH): fields a PATCH does not send keep the value the
//    template had after the previous one.
//
// State is kept per session (the `X-Mock-Session` header; without it, the default session), so
// tests running side by side do not see each other's records. Identifiers and timestamps come from
// the seed, the session and a logical clock that moves one second per change, so the same sequence
// of requests gives the same answers. Each change is made synchronously, between two awaits of the
// server, so concurrent requests to one record are serialised, never interleaved.

import { nameUuid } from './reflect.js';
import { isObject } from './pydantic.js';

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

/** What the rules read and write: the reflected response, an object. */
type Reflected = Record<string, unknown>;

// Stryker disable next-line StringLiteral: any default seed serves; the server always passes one.
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

  /** The next instant of a session's clock, as the API writes timestamps. */
  const now = (s: Session): string => new Date(EPOCH + ++s.tick * 1000).toISOString().replace('.000Z', 'Z');
  /** A new identifier, from the seed and the clock (which moves at every change): the same sequence in any session gives the same ids. */
  const newId = (s: Session): string => nameUuid(`${seed}\n${s.tick}`);

  /**
   * Each returns the response to send, given the reflected one (the request's echo on the spec's
   * example). `body` is the request body; `params` the path parameters.
   */
  const rules: Record<string, (s: Session, params: Record<string, string>, body: Record<string, unknown>, reflected: Reflected) => unknown> = {
    createOrVerifyUser(s, _params, body, reflected) {
      const email = typeof body.email === 'string' ? body.email : null;
      const known = s.users.get(email);
      if (known) {
        // The record exists: the call verifies its e-mail address.
        Object.assign(known, { email_is_verified: true, updated_at: now(s) });
        return { ...reflected, ...known };
      }
      const firstUser = ![...s.users.values()].some((user) => user.role === 'system_admin');
      reserve();
      const at = now(s);
      const user = firstUser
        ? { ...reflected, id: newId(s), created_at: at, updated_at: at, role: 'system_admin' }
        : { ...reflected, id: newId(s), created_at: at, updated_at: at, role: 'system_user', email_is_verified: true };
      s.users.set(email, user);
      return user;
    },

    createLuna3ScorerVersion(s, params, _body, reflected) {
      const scorer = params.scorer_id as string;
      if (!s.scorers.has(scorer)) reserve();
      const version = (s.scorers.get(scorer) ?? 0) + 1;
      s.scorers.set(scorer, version);
      const at = now(s);
      return { ...reflected, id: newId(s), version, created_at: at, updated_at: at };
    },

    putSignalsConfiguration(s, params, _body, reflected) {
      const key = `${params.project_id}/${params.run_id}`;
      const saved = s.signals.get(key);
      if (!saved) reserve();
      const at = now(s);
      const data = {
        ...(reflected.data as Record<string, unknown> | undefined),
        id: saved?.id ?? newId(s),
        created_at: saved?.created_at ?? at,
        updated_at: at,
      };
      s.signals.set(key, data);
      return { ...reflected, data };
    },

    updateAnnotationTemplate(s, params, body, reflected) {
      const key = `${params.project_id}/${params.template_id}`;
      const saved = s.templates.get(key);
      if (!saved) reserve();
      // Fields this PATCH sends come from its echo; the others stay as the last PATCH left them.
      const template = saved ? { ...reflected, ...saved } : { ...reflected };
      for (const name of Object.keys(body)) if (Object.hasOwn(reflected, name)) template[name] = reflected[name];
      s.templates.set(key, template);
      return template;
    },
  };

  return {
    apply(operationId, request, reflected) {
      const rule = rules[operationId];
      if (!rule || !isObject(reflected)) return reflected;
      if (!sessions.has(request.session) && records >= maxRecords) throw new StateFullError(maxRecords);
      return rule(session(request.session), request.pathParams, isObject(request.body) ? request.body : {}, reflected);
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
