// The mock's state (src/mock/service/state.ts) called in-process, without a socket: the sessions, the clock,
// the bound, the initial-state check and what it does with an operation without rules, asserted on
// the exact values a user of the mock reads. What each operation's rules remember is tested with
// them, in test/unit/rules/<operation>.test.ts. (test/process/state.test.ts goes through HTTP.)
import { describe, expect, it } from 'vitest';
import {
  checkInitialState,
  createState,
  DEFAULT_SESSION,
  sessionOf,
  StateFileError,
  StateFullError,
} from '../../../../src/mock/service/state.js';
import type { OperationRules, Store } from '../../../../src/rules/index.js';
import { PROJECT, RUN, SCORER, signals, TEMPLATE, template, user, version } from '../../../support/rules.js';

describe('any operation', () => {
  it('an operation whose rules remember nothing, one without rules, and non-object answers pass through unchanged', () => {
    const answersOnly: OperationRules = { operationId: 'answersOnly', checks: [], answer: () => undefined };
    const state = createState({ rules: new Map([[answersOnly.operationId, answersOnly]]) });
    const answer = { traces_count: 1 };
    expect(state.apply('answersOnly', { session: 's', pathParams: {}, body: {} }, answer)).toBe(answer);
    expect(state.apply('anOperationWithNoRules', { session: 's', pathParams: {}, body: {} }, answer)).toBe(answer);
    expect(state.records).toBe(0);
    const every = createState();
    expect(
      every.apply('createOrVerifyUser', { session: 's', pathParams: {}, body: {} }, ['not', 'an', 'object']),
    ).toEqual(['not', 'an', 'object']);
    expect(every.records).toBe(0);
  });
});

describe('sessions, clock and identifiers', () => {
  it('sessions are apart; the same sequence in two sessions gives the same answers; reset starts afresh', () => {
    const state = createState({ seed: 'x' });
    const run = (session: string) => [
      version(state, SCORER, session),
      user(state, 'a@example.org', session),
      signals(state, 'm', RUN, session),
    ];
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
    // The seed is "mock" unless given.
    expect(version(createState()).id).toBe(version(createState({ seed: 'mock' })).id);
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
    expect((error as InstanceType<typeof StateFullError>).body).toEqual({
      detail: (error as Error).message,
      limit: 'max-records',
      max: 2,
    });
    expect((error as Error).message).toBe(
      "The mock's state holds 2 records, its limit: reset it (POST /__mock/reset) or start the mock with a larger --max-records.",
    );
    expect(() => user(state, 'a@example.org')).toThrow(StateFullError);
    expect(() => template(state, {}, { id: 't' })).toThrow(StateFullError);
    expect(() => signals(state, 'n', 'other-run')).toThrow(StateFullError);
    expect(() => version(state, SCORER, 'another-session')).toThrow(StateFullError);
    expect(state.records).toBe(2);
    // Nothing moved: the next change on a known record is the next second.
    expect(version(state, 'a')).toMatchObject({
      version: 3,
      created_at: new Date(Date.parse(clock) + 1000).toISOString().replace('.000Z', 'Z'),
    });
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
    expect(user(state, 'root@example.org')).toMatchObject({
      id: 'root',
      role: 'system_admin',
      email_is_verified: true,
    });
    expect(user(state, 'new@example.org').role).toBe('system_user');
    expect(version(state).version).toBe(4);
    expect(signals(state, 'm')).toMatchObject({ id: 'saved', created_at: '2025-01-01T00:00:00Z' });
    expect(template(state, { criteria: 'c' }, { name: 'Example', criteria: 'c' })).toEqual({
      name: 'Saved',
      criteria: 'c',
    });
    expect(state.records).toBe(5);
    expect(initial.users?.[0]).toEqual({ email: 'root@example.org', role: 'system_admin', id: 'root' });
    expect(user(state, 'root@example.org', 'fresh')).toMatchObject({ id: 'root', role: 'system_admin' });
  });

  it.each([
    [[], 'initial state: must be a JSON object'],
    [null, 'initial state: must be a JSON object'],
    [
      { people: [] },
      'initial state: unknown key "people" (known: users, scorerVersions, signalsConfigurations, annotationTemplates)',
    ],
    [{ users: {} }, 'initial state: "users" must be a list'],
    [{ users: [{ email: 1 }] }, 'initial state: users[0] must be an object with a string "email"'],
    [{ users: ['a'] }, 'initial state: users[0] must be an object with a string "email"'],
    [{ scorerVersions: [] }, 'initial state: "scorerVersions" must be an object of scorer_id → version'],
    [{ scorerVersions: { a: 1.5 } }, 'initial state: scorerVersions["a"] must be a whole number ≥ 0'],
    [{ scorerVersions: { a: -1 } }, 'initial state: scorerVersions["a"] must be a whole number ≥ 0'],
    [
      { signalsConfigurations: [] },
      'initial state: "signalsConfigurations" must be an object keyed by "project_id/…_id"',
    ],
    [
      { signalsConfigurations: { run: {} } },
      'initial state: signalsConfigurations key "run" must be "project_id/…_id"',
    ],
    [
      { annotationTemplates: { 'a/b/c': {} } },
      'initial state: annotationTemplates key "a/b/c" must be "project_id/…_id"',
    ],
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

describe('the stores the rules declare', () => {
  // An operation whose rules remember in a store of their own, which the state knows only from them.
  const visits: Store<'visits', Record<string, number>, string, number> = {
    name: 'visits',
    check: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? undefined
        : '"visits" must be an object of page → visits',
    load: (initial) => Object.entries(initial),
  };
  const countVisits: OperationRules<typeof visits> = {
    operationId: 'countVisits',
    checks: [],
    stores: [visits],
    remember(memory, { pathParams }, reflected) {
      const seen = memory.records(visits);
      const page = pathParams.page as string;
      if (!seen.has(page)) memory.reserve();
      seen.set(page, (seen.get(page) ?? 0) + 1);
      return { ...reflected, visits: seen.get(page), at: memory.now() };
    },
  };
  const rules = new Map([[countVisits.operationId, countVisits]]);

  it("an initial state is checked against the rules' stores: their names are its keys, each store checks its value", () => {
    expect(() => checkInitialState({ users: [] }, rules)).toThrow(
      new StateFileError('initial state: unknown key "users" (known: visits)'),
    );
    expect(() => checkInitialState({ visits: [] }, rules)).toThrow(
      new StateFileError('initial state: "visits" must be an object of page → visits'),
    );
    expect(checkInitialState({ visits: { home: 2 } }, rules)).toEqual({ visits: { home: 2 } });
    expect(checkInitialState({}, new Map())).toEqual({});
    expect(() => checkInitialState({ visits: {} }, new Map())).toThrow(
      new StateFileError('initial state: unknown key "visits" (known: )'),
    );
  });

  it("each session starts with the store's initial records, which count toward the limit, and the reset forgets its changes", () => {
    const state = createState({ rules, maxRecords: 3, initial: checkInitialState({ visits: { home: 2 } }, rules) });
    const visit = (page: string, session = 's') =>
      state.apply('countVisits', { session, pathParams: { page }, body: {} }, { page });
    expect(visit('home')).toEqual({ page: 'home', visits: 3, at: '2026-01-01T00:00:01Z' });
    expect(state.records).toBe(1);
    expect(visit('about')).toEqual({ page: 'about', visits: 1, at: '2026-01-01T00:00:02Z' });
    expect(visit('home', 'other')).toEqual({ page: 'home', visits: 3, at: '2026-01-01T00:00:01Z' });
    expect(state.records).toBe(3);
    expect(() => visit('contact')).toThrow(StateFullError);
    state.reset('s');
    expect(state.records).toBe(1);
    expect(visit('about')).toMatchObject({ visits: 1 });
    // Operations of other rules are not run.
    expect(state.apply('createOrVerifyUser', { session: 's', pathParams: {}, body: {} }, { email: null })).toEqual({
      email: null,
    });
  });
});
