// The preferences step (src/mock/engine/preferences.ts) on its own: the `Prefer` header or the query
// parameters. (The engine's suite has each preference through a whole request.)
import { beforeAll, describe, expect, it } from 'vitest';
import type { IHttpRequest } from '../../../../src/mock/prism/prism-types.js';
import { createPreferences } from '../../../../src/mock/engine/preferences.js';
import { prism, loadEngineFixture } from '../../../support/mock-engine.js';

beforeAll(loadEngineFixture);

describe('preferences', () => {
  const USERS = '/v2/system_users';

  it('a request without headers at all (Prism may hand one): the query parameters are read', () => {
    const input: IHttpRequest = {
      method: 'post',
      url: { path: USERS, query: { __code: '422', __example: 'administrator' } },
    };
    expect(createPreferences(prism)(input)).toEqual({ preferences: { code: 422, exampleKey: 'administrator' } });
  });
});
