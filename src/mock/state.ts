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
  /** @param {number} limit */
  constructor(limit) {
    super(`The mock's state holds ${limit} records, its limit: reset it (POST /__mock/reset) or start the mock with a larger --max-records.`);
    this.name = 'StateFullError';
    this.limit = limit;
    /** The answer: 409, the request conflicts with the state as it is; a reset resolves it. */
    this.status = 409;
    this.body = { detail: this.message, limit: 'max-records', max: limit };
  }
}

/** An initial-state file that cannot be used. */
export class StateFileError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'StateFileError';
  }
}

/**
 * @typedef {object} InitialState what a session holds when it starts (a `--state` file)
 * @property {Record<string, unknown>[]} [users]        system users, each with an `email`
 * @property {Record<string, number>} [scorerVersions]  scorer_id → its latest version
 * @property {Record<string, Record<string, unknown>>} [signalsConfigurations] "project_id/run_id" → configuration
 * @property {Record<string, Record<string, unknown>>} [annotationTemplates]   "project_id/template_id" → template
 */

/** Checks an initial state read from JSON; throws StateFileError naming what is wrong. @param {unknown} value @returns {InitialState} */
export function checkInitialState(value) {
  const fail = (/** @type {string} */ message) => {
    throw new StateFileError(`initial state: ${message}`);
  };
  if (!isObject(value)) fail('must be a JSON object');
  const state = /** @type {Record<string, unknown>} */ (value);
  const known = ['users', 'scorerVersions', 'signalsConfigurations', 'annotationTemplates'];
  for (const key of Object.keys(state)) if (!known.includes(key)) fail(`unknown key "${key}" (known: ${known.join(', ')})`);
  if (state.users !== undefined) {
    if (!Array.isArray(state.users)) fail('"users" must be a list');
    /** @type {unknown[]} */ (state.users).forEach((user, i) => {
      if (!isObject(user) || typeof user.email !== 'string') fail(`users[${i}] must be an object with a string "email"`);
    });
  }
  if (state.scorerVersions !== undefined) {
    if (!isObject(state.scorerVersions)) fail('"scorerVersions" must be an object of scorer_id → version');
    for (const [id, version] of Object.entries(/** @type {object} */ (state.scorerVersions))) {
      if (!Number.isSafeInteger(version) || version < 0) fail(`scorerVersions["${id}"] must be a whole number ≥ 0`);
    }
  }
  for (const key of ['signalsConfigurations', 'annotationTemplates']) {
    if (state[key] === undefined) continue;
    if (!isObject(state[key])) fail(`"${key}" must be an object keyed by "project_id/…_id"`);
    for (const [id, record] of Object.entries(/** @type {object} */ (state[key]))) {
      if (!/^[^/]+\/[^/]+$/.test(id)) fail(`${key} key "${id}" must be "project_id/…_id"`);
      if (!isObject(record)) fail(`${key}["${id}"] must be an object`);
    }
  }
  return /** @type {InitialState} */ (state);
}

/**
 * @param {{ seed?: string, maxRecords?: number, initial?: InitialState }} [options]
 */
// Stryker disable next-line StringLiteral: any default seed serves; the server always passes one.
export function createState({ seed = 'mock', maxRecords = 10_000, initial = {} } = {}) {
  /**
   * @typedef {object} Session
   * @property {string} name
   * @property {number} tick       changes made so far (the logical clock)
   * @property {Map<string | null, Record<string, unknown>>} users  e-mail (null when none was sent) → user
   * @property {Map<string, number>} scorers                 scorer_id → latest version
   * @property {Map<string, Record<string, unknown>>} signals "project/run" → configuration
   * @property {Map<string, Record<string, unknown>>} templates "project/template" → template
   */
  /** @type {Map<string, Session>} */
  const sessions = new Map();
  let records = 0;

  /** @param {Session} session */
  const sizeOf = (session) => session.users.size + session.scorers.size + session.signals.size + session.templates.size;

  /** @param {string} name @returns {Session} */
  function fresh(name) {
    return {
      name,
      tick: 0,
      users: new Map((initial.users ?? []).map((user) => [/** @type {string} */ (user.email), structuredClone(user)])),
      scorers: new Map(Object.entries(initial.scorerVersions ?? {})),
      signals: new Map(Object.entries(structuredClone(initial.signalsConfigurations ?? {}))),
      templates: new Map(Object.entries(structuredClone(initial.annotationTemplates ?? {}))),
    };
  }

  /** @param {string} name */
  function session(name) {
    let found = sessions.get(name);
    if (!found) {
      found = fresh(name);
      records += sizeOf(found);
      sessions.set(name, found);
    }
    return found;
  }

  /** Room for one more record, or StateFullError. */
  function reserve() {
    if (records >= maxRecords) throw new StateFullError(maxRecords);
    records += 1;
  }

  /** The next instant of a session's clock, as the API writes timestamps. @param {Session} s */
  const now = (s) => new Date(EPOCH + ++s.tick * 1000).toISOString().replace('.000Z', 'Z');
  /** A new identifier, from the seed and the clock (which moves at every change): the same sequence in any session gives the same ids. @param {Session} s */
  const newId = (s) => nameUuid(`${seed}\n${s.tick}`);

  /**
   * Each returns the response to send, given the reflected one (the request's echo on the spec's
   * example). `body` is the request body; `params` the path parameters.
   * @type {Record<string, (s: Session, params: Record<string, string>, body: Record<string, unknown>, reflected: any) => unknown>}
   */
  const rules = {
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
      const scorer = /** @type {string} */ (params.scorer_id);
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
        ...reflected.data,
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
    /**
     * The response for a successful request of `operationId`, with the state applied and updated.
     * Throws StateFullError when a new record would pass the limit (nothing is changed then).
     * @param {string} operationId @param {{ session: string, pathParams: Record<string, string>, body: unknown }} request @param {unknown} reflected
     */
    apply(operationId, request, reflected) {
      const rule = rules[operationId];
      if (!rule || !isObject(reflected)) return reflected;
      if (!sessions.has(request.session) && records >= maxRecords) throw new StateFullError(maxRecords);
      return rule(session(request.session), request.pathParams, isObject(request.body) ? request.body : {}, reflected);
    },
    /** Forgets a session's records; it starts again from the initial state. @param {string} name */
    reset(name) {
      const old = sessions.get(name);
      if (old) {
        records -= sizeOf(old);
        sessions.delete(name);
      }
    },
    /** How many records are stored, in every session. */
    get records() {
      return records;
    },
  };
}

/** The session a request names. @param {Record<string, string | string[] | undefined>} headers */
export function sessionOf(headers) {
  const value = headers[SESSION_HEADER];
  const name = Array.isArray(value) ? value[0] : value;
  return name && name.length <= 200 ? name : DEFAULT_SESSION;
}
