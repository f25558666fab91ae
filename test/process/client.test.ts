// createApiClient against the mock: examples, credentials per operation, and typed 422 errors.
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  isHTTPValidationError,
  MissingCredentialError,
  operationSecurity,
  validationDetails,
  type Credentials,
  type SecuritySchemeName,
} from '../../src/index.js';
import { examplePathParams, mockBaseUrl, requestExample, responseErrors } from '../support/contract.js';
import { operation, operationIds } from '../support/spec.js';

const everyCredential: Required<Credentials> = {
  apiKey: 'ao-key-123',
  classicApiKey: 'classic-key-456',
  accessToken: 'access-token-789',
  basic: { username: 'ada', password: 'pässwörd' },
};

const credentialOf: Record<SecuritySchemeName, Credentials> = {
  APIKeyHeader: { apiKey: everyCredential.apiKey },
  ClassicAPIKeyHeader: { classicApiKey: everyCredential.classicApiKey },
  OAuth2PasswordBearer: { accessToken: everyCredential.accessToken },
  HTTPBasic: { basic: everyCredential.basic },
};

const expectedHeaders: Record<SecuritySchemeName, [string, string]> = {
  APIKeyHeader: ['service-ao-api-key', 'ao-key-123'],
  ClassicAPIKeyHeader: ['service-api-key', 'classic-key-456'],
  OAuth2PasswordBearer: ['authorization', 'Bearer access-token-789'],
  HTTPBasic: ['authorization', `Basic ${Buffer.from('ada:pässwörd').toString('base64')}`],
};
const credentialHeaderNames = ['service-ao-api-key', 'service-api-key', 'authorization'];

/** A client whose requests are recorded before they reach the mock. */
function recordingClient(auth: Credentials) {
  const sent: Request[] = [];
  const fetchSpy = vi.fn(async (request: Request) => {
    sent.push(request.clone());
    return fetch(request);
  });
  const client = createApiClient({ baseUrl: mockBaseUrl(), auth, fetch: fetchSpy });
  return { client, sent, fetchSpy };
}

/** Calls an operation by its operationId with its first named request example. */
async function callExample(client: ReturnType<typeof createApiClient>, operationId: string) {
  const { method, path } = operation(operationId);
  const call = client[method.toUpperCase() as 'POST'] as unknown as (
    path: string,
    init: { params: { path: Record<string, string> }; body: unknown },
  ) => ReturnType<typeof client.POST>;
  return call(path, { params: { path: examplePathParams(operationId) }, body: requestExample(operationId) });
}

describe('every operation answers its example', () => {
  it.each(operationIds)('%s: 200 with a body valid against its schema', async (operationId) => {
    const { client } = recordingClient(everyCredential);
    const { data, error, response } = await callExample(client, operationId);
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(responseErrors(operationId, data)).toEqual([]);
  });
});

describe('credentials per operation', () => {
  it.each(operationIds)('%s: sends exactly the first accepted credential the caller holds', async (operationId) => {
    const { client, sent } = recordingClient(everyCredential);
    await callExample(client, operationId);
    const request = sent[0]!;
    const present = credentialHeaderNames.filter((name) => request.headers.has(name));
    const schemes = operation(operationId).operation.security.flatMap((r: object) =>
      Object.keys(r),
    ) as SecuritySchemeName[];
    if (schemes.length === 0) {
      expect(present).toEqual([]);
      return;
    }
    const [header, value] = expectedHeaders[schemes[0]!];
    expect(present).toEqual([header]);
    expect(request.headers.get(header)).toBe(value);
  });

  const pairs = operationIds.flatMap((id) =>
    (operation(id).operation.security as object[]).flatMap((r) =>
      Object.keys(r).map((scheme) => [id, scheme] as const),
    ),
  );
  it.each(pairs)('%s accepts %s alone', async (operationId, scheme) => {
    const { client, sent } = recordingClient(credentialOf[scheme as SecuritySchemeName]);
    const { response } = await callExample(client, operationId);
    expect(response.status).toBe(200);
    const [header, value] = expectedHeaders[scheme as SecuritySchemeName];
    expect(sent[0]!.headers.get(header)).toBe(value);
  });

  it('falls back to a later scheme in the spec order when the first is not held', async () => {
    const { client, sent } = recordingClient({ accessToken: 'access-token-789', basic: everyCredential.basic });
    const { response } = await callExample(client, 'updateAnnotationTemplate');
    expect(response.status).toBe(200);
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer access-token-789');
  });

  const securityOf = (operationId: string) =>
    operationSecurity[`${operation(operationId).method.toUpperCase()} ${operation(operationId).path}`]!;

  it('the operations that may go without a credential are the ones whose spec says so', () => {
    const optional = operationIds.filter((id) => securityOf(id).optional);
    const bySpec = operationIds.filter((id) => {
      const security: object[] = operation(id).operation.security;
      return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
    });
    expect(optional).toEqual(bySpec);
    expect(optional.sort()).toEqual(['createOrVerifyUser', 'loginSocial']);
  });

  it.each(operationIds.filter((id) => securityOf(id).optional))(
    '%s: with no credential held, sent with none',
    async (operationId) => {
      const { client, sent } = recordingClient({});
      const { response } = await callExample(client, operationId);
      expect(response.status).toBe(200);
      expect(credentialHeaderNames.filter((name) => sent[0]!.headers.has(name))).toEqual([]);
    },
  );

  it.each(operationIds.filter((id) => !securityOf(id).optional))(
    '%s: without a credential it accepts, fails before any request with a typed error',
    async (operationId) => {
      const accepted = securityOf(operationId).schemes;
      // Hold every credential except the ones this operation accepts.
      const held = Object.fromEntries(
        Object.entries(credentialOf)
          .filter(([scheme]) => !accepted.includes(scheme as SecuritySchemeName))
          .flatMap(([, c]) => Object.entries(c)),
      );
      const { client, fetchSpy } = recordingClient(held);
      const failure = await callExample(client, operationId).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(MissingCredentialError);
      const error = failure as MissingCredentialError;
      expect(error.operationId).toBe(operationId);
      expect(error.acceptedSchemes).toEqual(accepted);
      expect(error.message).toContain(operationId);
      for (const secret of ['ao-key-123', 'classic-key-456', 'access-token-789', 'pässwörd']) {
        expect(error.message).not.toContain(secret);
        expect(JSON.stringify(error)).not.toContain(secret);
      }
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it('the mock itself refuses a request that carries no credential with 401', async () => {
    const { path } = operation('logTraces');
    const url = mockBaseUrl() + path.replace('{project_id}', examplePathParams('logTraces').project_id!);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requestExample('logTraces')),
    });
    expect(response.status).toBe(401);
  });

  it('never puts a credential in the URL', async () => {
    const { client, sent } = recordingClient(everyCredential);
    for (const id of operationIds) await callExample(client, id);
    for (const request of sent) {
      for (const secret of ['ao-key-123', 'classic-key-456', 'access-token-789', 'ada'])
        expect(request.url).not.toContain(secret);
    }
  });
});

describe('422 responses', () => {
  it('come back as the typed error with readable detail items', async () => {
    const client = createApiClient({ baseUrl: mockBaseUrl(), auth: { apiKey: 'k' } });
    const { data, error, response } = await client.PUT(
      '/v2/projects/{project_id}/runs/{run_id}/signals/configuration',
      {
        params: { path: examplePathParams('putSignalsConfiguration') as { project_id: string; run_id: string } },
        body: { model: '' },
      },
    );
    expect(response.status).toBe(422);
    expect(data).toBeUndefined();
    expect(isHTTPValidationError(error)).toBe(true);
    const details = validationDetails(error);
    expect(details.length).toBeGreaterThan(0);
    for (const item of details) {
      expect(Array.isArray(item.loc)).toBe(true);
      expect(typeof item.msg).toBe('string');
      expect(typeof item.type).toBe('string');
    }
  });

  it('the helpers reject what is not a validation error', () => {
    expect(isHTTPValidationError(undefined)).toBe(false);
    expect(isHTTPValidationError({ detail: 'nope' })).toBe(false);
    expect(isHTTPValidationError({ detail: [{ loc: ['body'], msg: 'm' }] })).toBe(false);
    expect(isHTTPValidationError({ detail: [{ loc: ['body', 0], msg: 'm', type: 't' }] })).toBe(true);
    expect(validationDetails('<html>')).toEqual([]);
  });
});
