// The mock's state (src/mock/state.ts) called in-process, without a socket: each rule of the
// seed across requests, the sessions, the clock, the bound and the initial-state check, asserted
// on the exact values a user of the mock reads. (test/state.test.ts runs the same rules through HTTP.)
import { describe, expect, it } from 'vitest';
import { checkInitialState, createState, DEFAULT_SESSION, sessionOf, StateFileError, StateFullError } from '../../src/mock/state.js';

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const SCORER = '3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type State = ReturnType<typeof createState>;
const user = (state: State, email: unknown, session = 's', reflected: Record<string, unknown> = { email, role: 'system_admin', email_is_verified: false, status: 'enabled' }) =>
  state.apply('createOrVerifyUser', { session, pathParams: {}, body: email === undefined ? {} : { email } }, reflected) as Record<string, any>;
const version = (state: State, scorer_id = SCORER, session = 's') =>
  state.apply('createLuna3ScorerVersion', { session, pathParams: { scorer_id }, body: {} }, { version: 4, scorer_id, id: 'example' }) as Record<string, any>;
const signals = (state: State, model: string, run_id = RUN, session = 's') =>
  (state.apply('putSignalsConfiguration', { session, pathParams: { project_id: PROJECT, run_id }, body: { model } }, { data: { id: 'example', model, created_at: 'x', updated_at: 'x' } }) as any).data;
const template = (state: State, body: Record<string, unknown>, reflected: Record<string, unknown>, template_id = TEMPLATE) =>
  state.apply('updateAnnotationTemplate', { session: 's', pathParams: { project_id: PROJECT, template_id }, body }, reflected) as Record<string, any>;

describe('rules', () => {
  it('users: the first is created as administrator; others are verified invited users; a known e-mail is verified again', () => {
    const state = createState({ seed: 'seed' });
    const ada = user(state, 'ada@example.org');
    expect(ada).toEqual({
      email: 'ada@example.org',
      role: 'system_admin',
      email_is_verified: false,
      status: 'enabled',
      id: expect.stringMatching(UUID),
      created_at: '2026-01-01T00:00:01Z',
      updated_at: '2026-01-01T00:00:01Z',
    });
    const grace = user(state, 'grace@example.org', 's', { email: 'grace@example.org', role: 'system_admin', email_is_verified: false });
    expect(grace).toEqual({
      email: 'grace@example.org',
      role: 'system_user',
      email_is_verified: true,
      id: expect.stringMatching(UUID),
      created_at: '2026-01-01T00:00:02Z',
      updated_at: '2026-01-01T00:00:02Z',
    });
    expect(grace.id).not.toBe(ada.id);
    const again = user(state, 'ada@example.org', 's', { email: 'ada@example.org', first_name: 'Ada' });
    expect(again).toEqual({ ...ada, first_name: 'Ada', email_is_verified: true, updated_at: '2026-01-01T00:00:03Z' });
    expect(state.records).toBe(2);
  });

  it('users: a body without a string e-mail is one record (no e-mail), and no administrator yet means the first is one', () => {
    const state = createState();
    expect(user(state, undefined).role).toBe('system_admin');
    expect(user(state, 42).id).toBe(user(state, undefined).id);
    expect(state.records).toBe(1);
  });

  it('users: an initial user that is not an administrator does not count as the first administrator', () => {
    const state = createState({ initial: { users: [{ email: 'invited@example.org', role: 'system_user' }] } });
    expect(user(state, 'new@example.org').role).toBe('system_admin');
    expect(user(state, 'invited@example.org')).toMatchObject({ role: 'system_user', email_is_verified: true });
  });

  it('Luna3 versions count per scorer, from 1, each with a new id and the clock’s time', () => {
    const state = createState();
    const [a1, a2, b1] = [version(state), version(state), version(state, 'other')];
    expect([a1, a2, b1].map((v) => v!.version)).toEqual([1, 2, 1]);
    expect(new Set([a1, a2, b1].map((v) => v!.id)).size).toBe(3);
    expect(a2).toEqual({ scorer_id: SCORER, version: 2, id: expect.stringMatching(UUID), created_at: '2026-01-01T00:00:02Z', updated_at: '2026-01-01T00:00:02Z' });
    expect(state.records).toBe(2);
  });

  it('Signals PUT: creates, then replaces keeping id and created_at; another run is another record', () => {
    const state = createState();
    const created = signals(state, 'a');
    expect(created).toEqual({ id: expect.stringMatching(UUID), model: 'a', created_at: '2026-01-01T00:00:01Z', updated_at: '2026-01-01T00:00:01Z' });
    expect(signals(state, 'b')).toEqual({ id: created.id, model: 'b', created_at: created.created_at, updated_at: '2026-01-01T00:00:02Z' });
    expect(signals(state, 'c', 'another-run').id).not.toBe(created.id);
    expect(state.records).toBe(2);
  });

  it('template PATCH: what a PATCH does not send stays as the previous one left it; what it sends changes', () => {
    const state = createState();
    const first = template(state, { name: 'Correctness', criteria: 'a' }, { id: TEMPLATE, name: 'Correctness', criteria: 'a', position: 0 });
    expect(first).toEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'a', position: 0 });
    // The reflection of a partial PATCH carries the example's name: the state keeps the stored one.
    expect(template(state, { criteria: 'b' }, { id: TEMPLATE, name: 'Example name', criteria: 'b', position: 0 })).toEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'b', position: 0 });
    // A field sent that the template does not have (an open body) is not stored.
    expect(template(state, { colour: 'red' }, { id: TEMPLATE, name: 'Example name', criteria: 'x', position: 0 })).toStrictEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'b', position: 0 });
    expect(template(state, { name: 'Other' }, { id: 'other', name: 'Other' }, 'other-template')).toEqual({ id: 'other', name: 'Other' });
    expect(state.records).toBe(2);
  });

  it('other operations and non-object answers pass through unchanged', () => {
    const state = createState();
    const answer = { traces_count: 1 };
    expect(state.apply('logTraces', { session: 's', pathParams: {}, body: {} }, answer)).toBe(answer);
    expect(state.apply('anOperationWithNoRules', { session: 's', pathParams: {}, body: {} }, answer)).toBe(answer);
    expect(state.apply('createOrVerifyUser', { session: 's', pathParams: {}, body: {} }, ['not', 'an', 'object'])).toEqual(['not', 'an', 'object']);
    expect(state.records).toBe(0);
  });
});

describe('sessions, clock and identifiers', () => {
  it('sessions are apart; the same sequence in two sessions gives the same answers; reset starts afresh', () => {
    const state = createState({ seed: 'x' });
    const run = (session: string) => [version(state, SCORER, session), user(state, 'a@example.org', session), signals(state, 'm', RUN, session)];
    const first = run('one');
    expect(run('two')).toEqual(first);
    expect(state.records).toBe(6);
    state.reset('one');
    expect(state.records).toBe(3);
    expect(run('one')).toEqual(first);
    state.reset('never-used');
    expect(state.records).toBe(6);
    // no name: every session starts afresh
    state.reset();
    expect(state.records).toBe(0);
    expect(run('two')).toEqual(first);
    expect(state.records).toBe(3);
  });

  it('another seed gives other identifiers, the same clock', () => {
    const [a, b] = [version(createState({ seed: 'a' })), version(createState({ seed: 'b' }))];
    expect(a.id).not.toBe(b.id);
    expect(a.created_at).toBe(b.created_at);
  });

  it('sessionOf: the X-Mock-Session header, else the default; an overlong name is the default', () => {
    expect(DEFAULT_SESSION).toBe('default');
    expect(sessionOf({ 'x-mock-session': 'mine' })).toBe('mine');
    expect(sessionOf({ 'x-mock-session': ['first', 'second'] })).toBe('first');
    expect(sessionOf({})).toBe('default');
    expect(sessionOf({ 'x-mock-session': '' })).toBe('default');
    expect(sessionOf({ 'x-mock-session': 'x'.repeat(200) })).toBe('x'.repeat(200));
    expect(sessionOf({ 'x-mock-session': 'x'.repeat(201) })).toBe('default');
  });
});

describe('bounded', () => {
  it('a record past maxRecords throws StateFullError and changes nothing; known records still change', () => {
    const state = createState({ maxRecords: 2 });
    version(state, 'a');
    signals(state, 'm');
    const clock = version(state, 'a').created_at;
    let error: unknown;
    try {
      version(state, 'b');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StateFullError);
    expect((error as Error).name).toBe('StateFullError');
    expect((error as InstanceType<typeof StateFullError>).limit).toBe(2);
    expect((error as InstanceType<typeof StateFullError>).body).toEqual({ detail: (error as Error).message, limit: 'max-records', max: 2 });
    expect((error as Error).message).toBe("The mock's state holds 2 records, its limit: reset it (POST /__mock/reset) or start the mock with a larger --max-records.");
    expect(() => user(state, 'a@example.org')).toThrow(StateFullError);
    expect(() => template(state, {}, { id: 't' })).toThrow(StateFullError);
    expect(() => signals(state, 'n', 'other-run')).toThrow(StateFullError);
    expect(() => version(state, SCORER, 'another-session')).toThrow(StateFullError);
    expect(state.records).toBe(2);
    // Nothing moved: the next change on a known record is the next second.
    expect(version(state, 'a')).toMatchObject({ version: 3, created_at: new Date(Date.parse(clock) + 1000).toISOString().replace('.000Z', 'Z') });
    expect(signals(state, 'again').model).toBe('again');
  });

  it('an initial state counts toward the limit in every session', () => {
    const state = createState({ maxRecords: 3, initial: { scorerVersions: { [SCORER]: 1 } } });
    expect(version(state, SCORER, 'one').version).toBe(2);
    expect(version(state, SCORER, 'two').version).toBe(2);
    expect(version(state, SCORER, 'three').version).toBe(2);
    expect(state.records).toBe(3);
    expect(() => version(state, SCORER, 'four')).toThrow(StateFullError);
  });
});

describe('initial state', () => {
  it('loads users, scorer versions, configurations and templates into each new session, as copies', () => {
    const initial = checkInitialState({
      users: [{ email: 'root@example.org', role: 'system_admin', id: 'root' }],
      scorerVersions: { [SCORER]: 3 },
      signalsConfigurations: { [`${PROJECT}/${RUN}`]: { id: 'saved', created_at: '2025-01-01T00:00:00Z' } },
      annotationTemplates: { [`${PROJECT}/${TEMPLATE}`]: { name: 'Saved' } },
    });
    const state = createState({ initial });
    expect(state.records).toBe(0);
    expect(user(state, 'root@example.org')).toMatchObject({ id: 'root', role: 'system_admin', email_is_verified: true });
    expect(user(state, 'new@example.org').role).toBe('system_user');
    expect(version(state).version).toBe(4);
    expect(signals(state, 'm')).toMatchObject({ id: 'saved', created_at: '2025-01-01T00:00:00Z' });
    expect(template(state, { criteria: 'c' }, { name: 'Example', criteria: 'c' })).toEqual({ name: 'Saved', criteria: 'c' });
    expect(state.records).toBe(5);
    expect(initial.users?.[0]).toEqual({ email: 'root@example.org', role: 'system_admin', id: 'root' });
    expect(user(state, 'root@example.org', 'fresh')).toMatchObject({ id: 'root', role: 'system_admin' });
  });

  it.each([
    [[], 'initial state: must be a JSON object'],
    [null, 'initial state: must be a JSON object'],
    [{ people: [] }, 'initial state: unknown key "people" (known: users, scorerVersions, signalsConfigurations, annotationTemplates)'],
    [{ users: {} }, 'initial state: "users" must be a list'],
    [{ users: [{ email: 1 }] }, 'initial state: users[0] must be an object with a string "email"'],
    [{ users: ['a'] }, 'initial state: users[0] must be an object with a string "email"'],
    [{ scorerVersions: [] }, 'initial state: "scorerVersions" must be an object of scorer_id → version'],
    [{ scorerVersions: { a: 1.5 } }, 'initial state: scorerVersions["a"] must be a whole number ≥ 0'],
    [{ scorerVersions: { a: -1 } }, 'initial state: scorerVersions["a"] must be a whole number ≥ 0'],
    [{ signalsConfigurations: [] }, 'initial state: "signalsConfigurations" must be an object keyed by "project_id/…_id"'],
    [{ signalsConfigurations: { run: {} } }, 'initial state: signalsConfigurations key "run" must be "project_id/…_id"'],
    [{ annotationTemplates: { 'a/b/c': {} } }, 'initial state: annotationTemplates key "a/b/c" must be "project_id/…_id"'],
    [{ annotationTemplates: { 'a/b': 'x' } }, 'initial state: annotationTemplates["a/b"] must be an object'],
  ])('refuses %j: %s', (value, message) => {
    expect(() => checkInitialState(value)).toThrow(StateFileError);
    expect(() => checkInitialState(value)).toThrow(expect.objectContaining({ name: 'StateFileError' }));
    expect(() => checkInitialState(value)).toThrow(message);
  });

  it('accepts an empty object and a zero version', () => {
    expect(checkInitialState({})).toEqual({});
    expect(checkInitialState({ scorerVersions: { a: 0 } })).toEqual({ scorerVersions: { a: 0 } });
  });
});
