// The credentials (src/client/credentials.ts): checked when the client is made and never quoted,
// and exactly the one each operation accepts sent, whatever the caller's headers and middleware add.
import type { Middleware } from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import { exposedText, leakedFragment } from '../../support/leaks.js';
import {
  createApiClient,
  InvalidCredentialError,
  MissingCredentialError,
  type Credentials,
} from '../../../src/index.js';
import {
  createUser,
  credentialsOf,
  every,
  logTraces,
  loginSocial,
  PROJECT,
  stubbed,
  updateTemplate,
} from '../../support/stub-client.js';

describe('exactly one credential is sent, whatever else the request carried', () => {
  const planted = {
    'Service-AO-API-Key': 'planted-ao',
    'Service-API-Key': 'planted-classic',
    Authorization: 'Bearer planted',
  };

  it('the chosen one replaces what the caller put in `headers`, and the other credential headers are removed', async () => {
    const { client, sent } = stubbed({ auth: { classicApiKey: every.classicApiKey }, headers: planted });
    await logTraces(client);
    expect(credentialsOf(sent[0]!)).toEqual({ 'service-api-key': every.classicApiKey });
  });

  it('credential headers a middleware adds are removed the same way', async () => {
    const plant: Middleware = {
      onRequest({ request }) {
        for (const [name, value] of Object.entries(planted)) request.headers.set(name, value);
        return request;
      },
    };
    const { client, sent } = stubbed({ auth: { accessToken: every.accessToken }, middleware: [plant] });
    await logTraces(client);
    expect(credentialsOf(sent[0]!)).toEqual({ authorization: `Bearer ${every.accessToken}` });
  });

  it('a middleware given to one call runs before the credential is attached too: it sees none and cannot plant one', async () => {
    const seen: Record<string, string | null>[] = [];
    const plant: Middleware = {
      onRequest({ request }) {
        seen.push(credentialsOf(request));
        for (const [name, value] of Object.entries(planted)) request.headers.set(name, value);
        return request;
      },
    };
    const { client, sent } = stubbed({ auth: { accessToken: every.accessToken } });
    await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      middleware: [plant],
    });
    expect(seen).toEqual([{}]);
    expect(credentialsOf(sent[0]!)).toEqual({ authorization: `Bearer ${every.accessToken}` });
  });

  it('a credential that is missing is reported before any middleware of the caller runs', async () => {
    const onRequest = vi.fn();
    const { client, sent } = stubbed({ auth: {}, middleware: [{ onRequest }] });
    const perCall = vi.fn();
    const error = await client
      .POST('/v2/projects/{project_id}/traces', {
        params: { path: { project_id: PROJECT } },
        body: { traces: [] },
        middleware: [{ onRequest: perCall }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingCredentialError);
    expect([onRequest.mock.calls.length, perCall.mock.calls.length, sent.length]).toEqual([0, 0, 0]);
  });

  it('an operation without security is sent with none, even when the caller planted them', async () => {
    const { client, sent } = stubbed({ auth: every, headers: planted });
    await createUser(client);
    expect(credentialsOf(sent[0]!)).toEqual({});
  });

  it('an operation whose credential is optional is sent with none when none is held, planted ones removed', async () => {
    const { client, sent } = stubbed({ headers: planted });
    await loginSocial(client);
    expect(credentialsOf(sent[0]!)).toEqual({});
  });

  it('the spec order decides: Log Traces takes the AO key over the classic key, the bearer token and Basic', async () => {
    const order: [Credentials, Record<string, string>][] = [
      [every, { 'service-ao-api-key': every.apiKey }],
      [{ ...every, apiKey: undefined }, { 'service-api-key': every.classicApiKey }],
      [{ accessToken: every.accessToken, basic: every.basic }, { authorization: `Bearer ${every.accessToken}` }],
      [
        { basic: every.basic },
        { authorization: `Basic ${Buffer.from('grace:pässwort-7a8b', 'utf8').toString('base64')}` },
      ],
    ];
    for (const [auth, expected] of order) {
      const { client, sent } = stubbed({ auth });
      await logTraces(client);
      expect(credentialsOf(sent[0]!)).toEqual(expected);
    }
  });

  it('Update Annotation Template lists the classic key first: with every credential held, that one is sent', async () => {
    const { client, sent } = stubbed({ auth: every });
    await updateTemplate(client);
    expect(credentialsOf(sent[0]!)).toEqual({ 'service-api-key': every.classicApiKey });
  });
});

describe('credentials are checked when the client is created, and never quoted', () => {
  /** The InvalidCredentialError createApiClient throws for `auth`. */
  function refusal(auth: Credentials): InvalidCredentialError {
    let thrown: unknown;
    try {
      createApiClient({ baseUrl: 'http://127.0.0.1:9', auth });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidCredentialError);
    return thrown as InvalidCredentialError;
  }

  // [what, value, the problem for a header credential, the problem for a Basic password (undefined: accepted)]
  const cases: [string, unknown, string, string | undefined][] = [
    [
      'a line feed',
      'key-7f3a9c\n-x',
      'contains a line feed (LF) at character 11',
      'contains a line feed (LF) at character 11',
    ],
    [
      'a carriage return',
      'key-7f3a9c\r-x',
      'contains a carriage return (CR) at character 11',
      'contains a carriage return (CR) at character 11',
    ],
    ['a NUL', 'key-7f3a9c\u0000-x', 'contains a NUL at character 11', 'contains a NUL at character 11'],
    [
      'a control character',
      'k\u0001ey-7f3a9c',
      'contains a control character at character 2',
      'contains a control character at character 2',
    ],
    [
      'a DEL',
      'key-7f3a9c\u007f',
      'contains a control character at character 11',
      'contains a control character at character 11',
    ],
    [
      'the space just below, US (0x1f)',
      'key\u001f-7f3a9c',
      'contains a control character at character 4',
      'contains a control character at character 4',
    ],
    ['a tab inside', 'key\t-7f3a9c', '', 'contains a control character at character 4'],
    [
      'a character above U+00FF',
      'key-7f3a9c\u20ac-x',
      'contains a character above U+00FF at character 11, which a header cannot carry',
      undefined,
    ],
    ['a leading space', ' key-7f3a9c', 'begins or ends with whitespace, which HTTP would strip', undefined],
    [
      'a trailing tab',
      'key-7f3a9c\t',
      'begins or ends with whitespace, which HTTP would strip',
      'contains a control character at character 11',
    ],
    ['nothing', '', 'is empty', 'is empty'],
    ['a number', 7_311, 'is not a string', 'is not a string'],
  ];
  const headerFields: [string, (value: unknown) => Credentials][] = [
    ['auth.apiKey', (v) => ({ apiKey: v as string })],
    ['auth.classicApiKey', (v) => ({ classicApiKey: v as string })],
    ['auth.accessToken', (v) => ({ accessToken: v as string })],
  ];

  it.each(
    headerFields.flatMap(([field, make]) =>
      cases
        .filter(([, , problem]) => problem !== '')
        .map(([what, value, problem]) => [field, what, make(value), problem, value] as const),
    ),
  )(
    '%s with %s: InvalidCredentialError naming the field and the problem, not the value',
    (field, _what, auth, problem, value) => {
      const error = refusal(auth);
      expect(error).toMatchObject({ name: 'InvalidCredentialError', credential: field, problem });
      expect(error.message).toBe(`${field} cannot be sent: it ${problem}. (The value is not shown.)`);
      if (typeof value === 'string' && value.length >= 6)
        expect(leakedFragment(exposedText(error), [value.trim()])).toBeUndefined();
    },
  );

  it.each(cases.filter(([, , problem]) => problem === '').map(([what, value]) => [what, value] as const))(
    'a header credential with %s is fine',
    (_what, value) => {
      for (const [, make] of headerFields)
        expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: make(value) })).not.toThrow();
    },
  );

  it.each(cases.map(([what, value, , problem]) => [what, value, problem] as const))(
    'auth.basic.password with %s: %s',
    (_what, value, problem) => {
      const auth = { basic: { username: 'user-5b0e', password: value as string } };
      if (problem === undefined) {
        expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9', auth })).not.toThrow();
        return;
      }
      expect(refusal(auth)).toMatchObject({ credential: 'auth.basic.password', problem });
    },
  );

  it.each([
    ['a colon', 'user-5b0e:x', 'contains a colon at character 10, which Basic credentials cannot carry in the user-id'],
    ['a NUL', 'user-5b0e\u0000', 'contains a NUL at character 10'],
    ['nothing', '', 'is empty'],
    ['no value at all', undefined, 'is not a string'],
  ] as const)('auth.basic.username with %s: %s', (_what, username, problem) => {
    const error = refusal({ basic: { username: username as string, password: 'pw-5b0e91' } });
    expect(error).toMatchObject({ credential: 'auth.basic.username', problem });
    expect(leakedFragment(exposedText(error), ['user-5b0e', 'pw-5b0e91'])).toBeUndefined();
  });

  it('ÿ (U+00FF), the last character a header can carry, is fine in a header credential', () => {
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: { apiKey: 'key-ÿ-7f3a9c' } })).not.toThrow();
  });

  it('basic: null (from JavaScript) is refused as a missing user-id, not a crash', () => {
    expect(refusal({ basic: null as unknown as Credentials['basic'] })).toMatchObject({
      credential: 'auth.basic.username',
      problem: 'is not a string',
    });
  });

  it('a colon in the password, and any Unicode in either part, are fine (Basic is sent base64-encoded)', () => {
    expect(() =>
      createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        auth: { basic: { username: 'üser€', password: 'p:ässwörd€' } },
      }),
    ).not.toThrow();
  });

  it('with several bad credentials, the first in the order apiKey, classicApiKey, accessToken, basic is named', () => {
    expect(
      refusal({ apiKey: '', classicApiKey: '', accessToken: '', basic: { username: '', password: '' } }).credential,
    ).toBe('auth.apiKey');
    expect(refusal({ classicApiKey: '', accessToken: '', basic: { username: '', password: '' } }).credential).toBe(
      'auth.classicApiKey',
    );
    expect(refusal({ accessToken: '', basic: { username: '', password: '' } }).credential).toBe('auth.accessToken');
    expect(refusal({ basic: { username: 'u', password: '' } }).credential).toBe('auth.basic.password');
  });

  it('a credential left undefined is not checked', () => {
    expect(() =>
      createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        auth: { apiKey: undefined, classicApiKey: 'k', accessToken: undefined },
      }),
    ).not.toThrow();
  });
});

describe('MissingCredentialError, before anything is sent', () => {
  it('MissingCredentialError names the operation, the schemes in the spec order and the option that holds each', async () => {
    const { client, sent } = stubbed({ auth: {} });
    const error = await client
      .PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
        params: { path: { project_id: PROJECT, run_id: PROJECT } },
        body: { model: 'm', run_mode: 'ON_DEMAND' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingCredentialError);
    expect(error).toMatchObject({
      name: 'MissingCredentialError',
      operationId: 'putSignalsConfiguration',
      acceptedSchemes: ['APIKeyHeader', 'ClassicAPIKeyHeader', 'OAuth2PasswordBearer', 'HTTPBasic'],
    });
    expect((error as Error).message).toBe(
      'putSignalsConfiguration needs one of these credentials: APIKeyHeader (auth.apiKey), ClassicAPIKeyHeader (auth.classicApiKey), OAuth2PasswordBearer (auth.accessToken), HTTPBasic (auth.basic); none was given.',
    );
    expect(sent).toEqual([]);
  });

  it("MissingCredentialError follows each operation's own order: Update Annotation Template prefers the classic key", async () => {
    const error = await updateTemplate(stubbed().client).catch((e: unknown) => e);
    expect((error as MissingCredentialError).acceptedSchemes).toEqual([
      'ClassicAPIKeyHeader',
      'APIKeyHeader',
      'OAuth2PasswordBearer',
      'HTTPBasic',
    ]);
    expect((error as Error).message).toMatch(
      /^updateAnnotationTemplate needs one of these credentials: ClassicAPIKeyHeader \(auth\.classicApiKey\), APIKeyHeader \(auth\.apiKey\),/,
    );
  });
});
