// The checked entry (src/client/checked.ts), which a bundle imports to check answers: the main entry's
// every export, and a createApiClient whose check needs nothing but its own imports.
import { describe, expect, it } from 'vitest';
import * as checkedEntry from '../../../src/client/checked.js';
import { UnexpectedResponseError } from '../../../src/index.js';
import * as mainEntry from '../../../src/index.js';
import { createUser } from '../../support/stub-client.js';

describe('the checked entry (src/client/checked.ts) under Node', () => {
  it("exports the main entry's every export, the same bindings but its own createApiClient", () => {
    expect(Object.keys(checkedEntry).sort()).toEqual(Object.keys(mainEntry).sort());
    for (const [name, value] of Object.entries(mainEntry))
      if (name !== 'createApiClient') expect(checkedEntry[name as keyof typeof checkedEntry], name).toBe(value);
    expect(checkedEntry.createApiClient).not.toBe(mainEntry.createApiClient);
  });

  it('checks answers as the main entry does, with the embedded spec: a valid user passes, a role outside the enum is kind contract', async () => {
    const user = {
      id: 'd2f4a6c8-0e1b-4d3f-a5c7-9e1b3d5f7a92',
      email: 'a@example.org',
      role: 'system_admin',
      status: 'enabled',
    };
    const calls: Request[] = [];
    const checked = (body: unknown) =>
      checkedEntry.createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        validateResponses: true,
        fetch: async (request: Request) => (calls.push(request), Response.json(body)),
      });
    expect((await createUser(checked(user))).data).toEqual(user);
    const error = (await createUser(checked({ ...user, role: 'overlord' })).catch(
      (e: unknown) => e,
    )) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.kind).toBe('contract');
    expect(error.violations.map((v) => v.pointer)).toContain('/role');
    expect(calls).toHaveLength(2);
    // Without the option it checks nothing, as the main entry.
    const plain = checkedEntry.createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => Response.json({ role: 1 }),
    });
    expect((await createUser(plain)).data).toEqual({ role: 1 });
  });
});
