// The rules of Login Social (src/rules/login-social.ts) called in-process: what a provider must
// satisfy (its checks) and what the mock answers (createReflector), on the exact values a user of
// the mock reads. The mock remembers nothing of it.
import { describe, expect, it } from 'vitest';
import { example, reflect, request, rule } from '../../support/rules.js';

describe('login_social_token_type_bearer', () => {
  const check = rule('login_social_token_type_bearer').check;
  it('token_type is bearer, or absent', () => {
    expect(check(request({}), { token_type: 'bearer' })).toEqual([]);
    expect(check(request({}), {})).toEqual([]);
    expect(check(request({}), { token_type: 'Bearer' })).toEqual([
      { key: 'token_type', message: 'token_type is "Bearer", not "bearer"' },
    ]);
    expect(check(request({}), 'bearer')).toEqual([]);
  });
});

describe('Login Social (nothing of the request is in the response)', () => {
  it('the example, whatever was sent', () => {
    const out = reflect('loginSocial', {}, { id_token: 'other', provider: null });
    expect(out).toEqual(example('loginSocial'));
    expect(JSON.stringify(reflect('loginSocial', {}, {}, { token_type: 'bearer', access_token: 't' }))).toBe(
      '{"access_token":"t","token_type":"bearer"}',
    );
  });
});
