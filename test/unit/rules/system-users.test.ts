// The rules of Create Or Verify User (src/rules/system-users.ts) called in-process: what a provider
// must satisfy (its checks), what the mock answers (createReflector) and what it remembers across
// requests (createState), on the exact values a user of the mock reads.
import { describe, expect, it } from 'vitest';
import { createState } from '../../../src/mock/service/state.js';
import { example, keys, reflect, request, rule, user, UUID5 } from '../../support/rules.js';

describe('system_user_is_admin_or_verified', () => {
  const check = rule('system_user_is_admin_or_verified').check;
  it('an administrator or a verified user; not judged when either field is absent', () => {
    expect(check(request({}), { role: 'system_admin', email_is_verified: false })).toEqual([]);
    expect(check(request({}), { role: 'user', email_is_verified: true })).toEqual([]);
    expect(check(request({}), { role: 'user', email_is_verified: false })).toEqual([
      {
        key: 'neither',
        message: 'the user is neither an administrator nor verified (role "user", email_is_verified false)',
      },
    ]);
    expect(check(request({}), { role: 'user', email_is_verified: 'true' })).toHaveLength(1);
    expect(check(request({}), { email_is_verified: false })).toEqual([]);
    expect(check(request({}), { role: 'user' })).toEqual([]);
    expect(check(request({}), 'user')).toEqual([]);
  });
});

describe('Create Or Verify User (POST echoes what was sent)', () => {
  const user = example('createOrVerifyUser');
  it('sent fields are echoed, fields not sent or null are left out, the password never; schema order', () => {
    const out = reflect(
      'createOrVerifyUser',
      {},
      { last_name: 'Hopper', email: 'grace@example.org', first_name: null, password: 'secret', role: 'user' },
    );
    expect(out).toEqual({
      id: user.id,
      created_at: user.created_at,
      updated_at: user.updated_at,
      email: 'grace@example.org',
      status: user.status,
      role: user.role,
      last_name: 'Hopper',
      email_is_verified: user.email_is_verified,
    });
    expect(keys(out)).toEqual([
      'id',
      'created_at',
      'updated_at',
      'email',
      'status',
      'role',
      'last_name',
      'email_is_verified',
    ]);
    const full = reflect(
      'createOrVerifyUser',
      {},
      { email: 'ada@example.org', first_name: 'Ada', last_name: 'L', auth_method: 'github' },
    );
    expect(keys(full)).toEqual([
      'id',
      'created_at',
      'updated_at',
      'email',
      'status',
      'role',
      'auth_method',
      'first_name',
      'last_name',
      'email_is_verified',
    ]);
    expect(full.auth_method).toBe('github');
  });

  it('keys the schema does not know keep their place after the known ones', () => {
    const out = reflect('createOrVerifyUser', {}, { email: 'e' }, { extra: 1, email: 'x', id: 'i' });
    expect(JSON.stringify(out)).toBe('{"id":"i","email":"e","extra":1}');
  });
});

describe('what the mock remembers', () => {
  it('users: the first is created as administrator; others are verified invited users; a known e-mail is verified again', () => {
    const state = createState({ seed: 'seed' });
    const ada = user(state, 'ada@example.org');
    expect(ada).toEqual({
      email: 'ada@example.org',
      role: 'system_admin',
      email_is_verified: false,
      status: 'enabled',
      id: expect.stringMatching(UUID5),
      created_at: '2026-01-01T00:00:01Z',
      updated_at: '2026-01-01T00:00:01Z',
    });
    const grace = user(state, 'grace@example.org', 's', {
      email: 'grace@example.org',
      role: 'system_admin',
      email_is_verified: false,
    });
    expect(grace).toEqual({
      email: 'grace@example.org',
      role: 'system_user',
      email_is_verified: true,
      id: expect.stringMatching(UUID5),
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
    // The first user is an administrator whatever role the echo carried.
    expect(user(createState(), 'e@example.org', 's', { email: 'e@example.org', role: 'system_user' }).role).toBe(
      'system_admin',
    );
  });

  it('users: an initial user that is not an administrator does not count as the first administrator', () => {
    const state = createState({ initial: { users: [{ email: 'invited@example.org', role: 'system_user' }] } });
    expect(user(state, 'new@example.org').role).toBe('system_admin');
    expect(user(state, 'invited@example.org')).toMatchObject({ role: 'system_user', email_is_verified: true });
  });
});
