// Login Social (POST /v2/login/social): "exchanges a token issued by an external identity provider
// for an access token".
import { isObject } from '../shared/json.js';
import { show } from './support.js';
import type { OperationRules } from './types.js';

export const loginSocial: OperationRules = {
  operationId: 'loginSocial',
  checks: [
    {
      name: 'login_social_token_type_bearer',
      reason: 'SocialLoginResponse: the access token is a bearer token (token_type "bearer")',
      check(_request, body) {
        if (!isObject(body) || body.token_type === undefined || body.token_type === 'bearer') return [];
        return [{ key: 'token_type', message: `token_type is ${show(body.token_type)}, not "bearer"` }];
      },
    },
  ],
};
