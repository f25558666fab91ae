// Create Or Verify User (POST /v2/system_users): "When no administrator exists (first user), the
// user is created as an administrator. Otherwise the user record already exists (created when an
// administrator invited the user), and the operation verifies the user's e-mail address."
import { isObject, type JsonObject } from '../shared/json.js';
import { show } from './support.js';
import type { OperationRules, Store } from './types.js';

/** The users: e-mail (null when none was sent) → user. An initial state lists them, each with a string `email`. */
export const users: Store<'users', JsonObject[], string | null, JsonObject> = {
  name: 'users',
  check(value) {
    if (!Array.isArray(value)) return '"users" must be a list';
    const bad = value.findIndex((user) => !isObject(user) || typeof user.email !== 'string');
    return bad === -1 ? undefined : `users[${bad}] must be an object with a string "email"`;
  },
  load: (initial) => initial.map((user) => [user.email as string, structuredClone(user)]),
};

export const createOrVerifyUser: OperationRules<typeof users> = {
  operationId: 'createOrVerifyUser',

  checks: [
    {
      name: 'system_user_is_admin_or_verified',
      reason:
        "the first user is created as an administrator, and otherwise the operation verifies the user's e-mail address: each answer is an administrator or a verified user (which of the two depends on state and is not judged)",
      check(_request, body) {
        if (!isObject(body) || body.role === undefined || body.email_is_verified === undefined) return [];
        if (body.role === 'system_admin' || body.email_is_verified === true) return [];
        return [
          {
            key: 'neither',
            message: `the user is neither an administrator nor verified (role ${show(body.role)}, email_is_verified ${show(body.email_is_verified)})`,
          },
        ];
      },
    },
  ],

  // The mock has no invitation operation, so any e-mail after the first user's is taken as invited:
  // its record is made and verified. A call for a known e-mail verifies that record again.
  stores: [users],
  remember(memory, { body }, reflected) {
    const saved = memory.records(users);
    const email = typeof body.email === 'string' ? body.email : null;
    const known = saved.get(email);
    if (known) {
      Object.assign(known, { email_is_verified: true, updated_at: memory.now() });
      return { ...reflected, ...known };
    }
    const firstUser = ![...saved.values()].some((user) => user.role === 'system_admin');
    memory.reserve();
    const at = memory.now();
    const role = firstUser ? { role: 'system_admin' } : { role: 'system_user', email_is_verified: true };
    const user = { ...reflected, id: memory.newId(), created_at: at, updated_at: at, ...role };
    saved.set(email, user);
    return user;
  },
};
