// The client alone, with `fetch` replaced by a function that records the request and answers with
// a Response made here: the headers it really sends (whatever the caller's headers and middleware
// add), how it reads each kind of answer, and what its errors carry. No server and no timer longer
// than a few milliseconds, so `npm run mutation` can run it for every mutant of the client.
import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/schema.js';
import spec from '../../../generated/openapi.json' with { type: 'json' };
import { describe, expect, it, vi } from 'vitest';
import { exposedText, leakedFragment } from '../../support/leaks.js';
import {
  createApiClient,
  InvalidPathParameterError,
  isHTTPValidationError,
  InvalidCredentialError,
  InvalidClientOptionError,
  MissingCredentialError,
  UnexpectedResponseError,
  UnknownOperationError,
  validationDetails,
  ERROR_BODY_WAIT_MS,
  MissingValidatorError,
  type ApiClientOptions,
  type Credentials,
} from '../../../src/index.js';

// The package as the client's contract check (validateResponses) finds it: tests below make its
// require find no ajv, or give it a spec of their own. The client is loaded once, as a caller loads
// it, so that no test covers what it sets up when it loads (docs/CONTRIBUTING.md: those mutants are
// left to "ignoreStatic").
const packageRoot = vi.hoisted(() => ({ peersInstalled: true, specPath: undefined as string | undefined }));
vi.mock('../../../src/shared/package-root.js', async (original) => {
  const real = await original<typeof import('../../../src/shared/package-root.js')>();
  return {
    ...real,
    requireFromPackage: (name: string) => {
      if (!packageRoot.peersInstalled)
        throw Object.assign(new Error(`Cannot find module '${name}'\nRequire stack: …`), { code: 'MODULE_NOT_FOUND' });
      return real.requireFromPackage(name);
    },
    get specPath() {
      return packageRoot.specPath ?? real.specPath;
    },
  };
});

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const CREDENTIAL_HEADERS = ['service-ao-api-key', 'service-api-key', 'authorization'];
const every: Required<Credentials> = {
  apiKey: 'stub-ao-key-1a2b',
  classicApiKey: 'stub-classic-key-3c4d',
  accessToken: 'stub-token-5e6f',
  basic: { username: 'grace', password: 'pässwort-7a8b' },
};

type Answer = {
  status?: number;
  contentType?: string | null;
  body?: BodyInit | null;
  headers?: Record<string, string>;
};

/** A client whose fetch records each request and gives `answer` (a JSON `{}` by default). */
function stubbed(options: Partial<ApiClientOptions> = {}, answer: Answer = {}) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    const headers = new Headers(answer.headers);
    const contentType = answer.contentType === undefined ? 'application/json' : answer.contentType;
    if (contentType !== null) headers.set('content-type', contentType);
    return new Response(answer.body === undefined ? '{}' : answer.body, { status: answer.status ?? 200, headers });
  };
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch, ...options });
  return { client, sent };
}

/** The credential headers a request carried, lower-cased, with their values. */
const credentialsOf = (request: Request) =>
  Object.fromEntries(CREDENTIAL_HEADERS.filter((h) => request.headers.has(h)).map((h) => [h, request.headers.get(h)]));

type Client = ReturnType<typeof stubbed>['client'];
const logTraces = (client: Client) =>
  client.POST('/v2/projects/{project_id}/traces', { params: { path: { project_id: PROJECT } }, body: { traces: [] } });
const createUser = (client: Client) => client.POST('/v2/system_users', { body: { email: 'a@example.org' } });
const loginSocial = (client: Client) => client.POST('/v2/login/social', { body: {} });
const updateTemplate = (client: Client, template_id = TEMPLATE) =>
  client.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
    params: { path: { project_id: PROJECT, template_id } },
    body: { name: 'n' },
  });

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

  it('the path, the query-free URL and the body are sent as the call gave them', async () => {
    const { client, sent } = stubbed({ auth: every });
    await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [{ type: 'trace', name: 'n' }], include_trace_ids: true },
    });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe(`http://127.0.0.1:9/v2/projects/${PROJECT}/traces`);
    expect(await sent[0]!.json()).toEqual({ traces: [{ type: 'trace', name: 'n' }], include_trace_ids: true });
  });

  it('the other headers of the caller are sent as given, and redirects are refused rather than followed', async () => {
    const { client, sent } = stubbed({ auth: every, headers: { 'X-Trace': 'abc' } });
    await logTraces(client);
    expect(sent[0]!.headers.get('x-trace')).toBe('abc');
    expect(sent[0]!.redirect).toBe('error');
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

describe('errors before anything is sent', () => {
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

  it('UnknownOperationError for a request outside the spec: no credential can be chosen for it', async () => {
    const { client, sent } = stubbed({ auth: every });
    const error = await (client.GET as unknown as (path: string) => Promise<unknown>)('/v2/not-in-the-spec').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnknownOperationError);
    expect(error).toMatchObject({ name: 'UnknownOperationError', operation: 'GET /v2/not-in-the-spec' });
    expect((error as Error).message).toBe('GET /v2/not-in-the-spec is not an operation of the spec.');
    expect(sent).toEqual([]);
  });

  it('InvalidPathParameterError names the operation and the parameter, and its message says nothing was sent', async () => {
    const { client, sent } = stubbed({ auth: every });
    const error = await updateTemplate(client, '..').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidPathParameterError);
    expect(error).toMatchObject({
      name: 'InvalidPathParameterError',
      operation: 'updateAnnotationTemplate',
      parameter: 'template_id',
    });
    expect((error as Error).message).toBe(
      'updateAnnotationTemplate: the path parameter template_id is empty, "." or "..", which would send the request to another path; nothing was sent.',
    );
    expect(sent).toEqual([]);
  });

  it('a path outside the spec with a moving segment is named by method and path', async () => {
    const { client } = stubbed({ auth: every });
    const call = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    const error = await call('/v2/other/{id}', { params: { path: { id: '.' } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ operation: 'GET /v2/other/{id}', parameter: 'id' });
  });

  it.each([
    ['timeout', 0, 'timeout must be a whole number from 1 to 2,147,483,647, got 0.'],
    ['timeout', 2_147_483_648, 'timeout must be a whole number from 1 to 2,147,483,647, got 2147483648.'],
    [
      'maxResponseBytes',
      1.5,
      `maxResponseBytes must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER.toLocaleString('en')}, got 1.5.`,
    ],
    [
      'maxResponseBytes',
      '10',
      `maxResponseBytes must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER.toLocaleString('en')}, got 10.`,
    ],
  ] as const)('%s: %j is a RangeError that says the allowed range', (option, value, message) => {
    expect(() => stubbed({ [option]: value as number })).toThrow(new RangeError(message));
  });

  it('the largest timeout and a maxResponseBytes of 1 are accepted', () => {
    expect(() => stubbed({ timeout: 2_147_483_647, maxResponseBytes: 1 })).not.toThrow();
  });
});

describe('options a JavaScript caller got wrong are refused when the client is made, naming the option', () => {
  const make = createApiClient as (options?: unknown) => unknown;
  const example = 'such as http://127.0.0.1:4010';

  it.each([
    ['no options', undefined, 'options', 'must be an object with at least baseUrl, got undefined'],
    ['null', null, 'options', 'must be an object with at least baseUrl, got null'],
    ['no baseUrl', {}, 'baseUrl', `must be the service's URL, ${example}; got undefined`],
    ['a number', { baseUrl: 4010 }, 'baseUrl', `must be the service's URL, ${example}; got number`],
    [
      'no scheme',
      { baseUrl: 'localhost:4010' },
      'baseUrl',
      `must be an absolute http or https URL, ${example}; got "localhost:4010"`,
    ],
    [
      'a relative path outside a page',
      { baseUrl: '/api' },
      'baseUrl',
      `must be an absolute http or https URL, ${example}; got "/api"`,
    ],
    [
      'another scheme',
      { baseUrl: 'ftp://example.org' },
      'baseUrl',
      `must be an absolute http or https URL, ${example}; got "ftp://example.org"`,
    ],
    ['not a URL', { baseUrl: '' }, 'baseUrl', `must be an absolute http or https URL, ${example}; got ""`],
    [
      'a user name alone, not quoted',
      { baseUrl: 'ftp://me-9f8e@example.org' },
      'baseUrl',
      `must be an absolute http or https URL, ${example}; got a value with user information`,
    ],
    [
      'user information, not quoted',
      { baseUrl: 'ftp://me:pw-9f8e@example.org' },
      'baseUrl',
      `must be an absolute http or https URL, ${example}; got a value with user information`,
    ],
  ] as const)('%s: InvalidClientOptionError', (_what, options, option, problem) => {
    const error = (() => {
      try {
        make(options);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidClientOptionError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      name: 'InvalidClientOptionError',
      option,
      message: `createApiClient: ${option} ${problem}.`,
    });
  });

  it('http and https URLs, with a path, are taken; in a page (a location), a path from its root too', () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'https://api.example.test/v', 'HTTP://LOCALHOST'])
      expect(() => make({ baseUrl })).not.toThrow();
    vi.stubGlobal('location', new URL('https://app.example.test/page'));
    try {
      expect(() => make({ baseUrl: '/api' })).not.toThrow();
      expect(() => make({ baseUrl: '//evil.example' })).toThrow(InvalidClientOptionError);
      expect(() => make({ baseUrl: 'api' })).toThrow(InvalidClientOptionError);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('every answer is JSON, or an UnexpectedResponseError that carries no byte of it', () => {
  const SECRET_BODY = 'body-secret-9f8e';

  /** The error of a Log Traces call answered with `answer`. */
  async function failureOf(answer: Answer, options: Partial<ApiClientOptions> = {}): Promise<UnexpectedResponseError> {
    const { client } = stubbed({ auth: every, ...options }, answer);
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(JSON.stringify(error) + String(error)).not.toContain(SECRET_BODY);
    return error as UnexpectedResponseError;
  }

  it('not labelled JSON: kind, reason, status, content type and message; the body is a field, not quoted', async () => {
    const error = await failureOf({ status: 422, contentType: 'text/html', body: `<p>${SECRET_BODY}</p>` });
    expect(error).toMatchObject({
      name: 'UnexpectedResponseError',
      operation: 'logTraces',
      status: 422,
      contentType: 'text/html',
      kind: 'content-type',
      reason: 'not JSON',
      limit: undefined,
      violations: [],
    });
    expect(error.body).toBe(`<p>${SECRET_BODY}</p>`);
    expect(error.message).toBe(
      'logTraces: the HTTP 422 response has a body that is not JSON (content-type: text/html).',
    );
  });

  it('no content type at all: not JSON, and the message says none', async () => {
    // A body given as bytes gets no content type of its own (a string would get text/plain).
    const error = await failureOf({ contentType: null, body: new TextEncoder().encode(SECRET_BODY) });
    expect(error).toMatchObject({ status: 200, contentType: null, reason: 'not JSON' });
    expect(error.message).toBe('logTraces: the HTTP 200 response has a body that is not JSON (content-type: none).');
  });

  it.each(['', '  \n\t'])('a JSON content type with the body %j: empty body', async (body) => {
    const error = await failureOf({ body });
    expect(error).toMatchObject({ status: 200, contentType: 'application/json', reason: 'empty body' });
    expect(error.message).toBe('logTraces: the HTTP 200 response has an empty body.');
  });

  it('no body at all: empty body', async () => {
    expect(await failureOf({ status: 200, body: null })).toMatchObject({
      status: 200,
      kind: 'parse',
      reason: 'empty body',
      body: '',
    });
  });

  it('JSON that does not parse: invalid JSON, without the parser quoting it', async () => {
    const error = await failureOf({ status: 422, body: `{"detail": "${SECRET_BODY}"` });
    expect(error).toMatchObject({
      status: 422,
      kind: 'parse',
      reason: 'invalid JSON',
      body: `{"detail": "${SECRET_BODY}"`,
    });
    expect(error.message).toBe('logTraces: the HTTP 422 response has a body that is not valid JSON.');
  });

  it('a body over maxResponseBytes: body too large, with the limit', async () => {
    const error = await failureOf(
      { body: JSON.stringify({ note: SECRET_BODY.repeat(10) }) },
      { maxResponseBytes: 100 },
    );
    expect(error).toMatchObject({ kind: 'size', reason: 'body too large', limit: 100, body: undefined });
    expect(error.message).toBe(
      'logTraces: the HTTP 200 response has a body larger than the limit of 100 bytes (maxResponseBytes); the rest was not read.',
    );
  });

  it('a body of exactly maxResponseBytes, in several chunks, is read whole', async () => {
    const text = JSON.stringify({ traces_count: 1, note: 'x'.repeat(60) });
    const chunks = [text.slice(0, 10), text.slice(10, 40), text.slice(40)].map((part) =>
      new TextEncoder().encode(part),
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const { client } = stubbed({ auth: every, maxResponseBytes: text.length }, { body });
    const { data } = await logTraces(client);
    expect(data).toEqual(JSON.parse(text));
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new TextEncoder().encode('{}'));
          controller.close();
        },
      },
      { highWaterMark: 0 }, // nothing is pulled until a reader asks
    );
    const error = await failureOf({ body, headers: { 'content-length': '101' } }, { maxResponseBytes: 100 });
    expect(error.reason).toBe('body too large');
    expect(pulled).toBe(false);
  });

  it('a declared Content-Length equal to the limit is read', async () => {
    const text = '{"traces_count": 12}';
    const { client } = stubbed(
      { auth: every, maxResponseBytes: text.length },
      { body: text, headers: { 'content-length': String(text.length) } },
    );
    expect((await logTraces(client)).data).toEqual({ traces_count: 12 });
  });

  it('without a body, a declared Content-Length over the limit, and a type that is not JSON, are still told apart', async () => {
    expect(
      (await failureOf({ body: null, headers: { 'content-length': '500' } }, { maxResponseBytes: 100 })).reason,
    ).toBe('body too large');
    expect((await failureOf({ body: null, contentType: 'text/plain' })).reason).toBe('not JSON');
  });

  it('a content type that repeats part of a credential is withheld', async () => {
    const error = await failureOf({ contentType: `text/plain; echo=${every.apiKey.slice(3, 9)}`, body: SECRET_BODY });
    expect(error.contentType).toBe('[withheld]');
    expect(error.message).not.toContain(every.apiKey.slice(3, 9));
    expect(error.message).toContain('(content-type: [withheld])');
  });

  it("a header that reflects a credential is withheld in the error's headers too: neither they nor inspect() show it", async () => {
    const echoed = `text/plain; echo=${every.apiKey}`;
    const error = await failureOf({
      contentType: echoed,
      body: SECRET_BODY,
      headers: { 'x-echo': `Basic ${Buffer.from('grace:pässwort-7a8b').toString('base64')}`, 'retry-after': '5' },
    });
    expect(error.headers.get('content-type')).toBe('[withheld]');
    expect(error.headers.get('x-echo')).toBe('[withheld]');
    expect(error.headers.get('retry-after')).toBe('5');
    for (const shown of [inspect(error), inspect(error, { showHidden: true, depth: 5 }), String(error.stack)])
      expect(shown).not.toContain(every.apiKey.slice(0, 8));
  });

  it('a content type sharing fewer than four characters with a credential is kept', async () => {
    const error = await failureOf({ contentType: 'text/plain; x=stu', body: SECRET_BODY });
    expect(error.contentType).toBe('text/plain; x=stu');
    // The last three characters of a key as well: no run of four reaches past its end.
    const tail = `text/plain; x=${every.apiKey.slice(-3)}`;
    expect((await failureOf({ contentType: tail, body: SECRET_BODY })).contentType).toBe(tail);
  });

  it.each([
    ['the last four characters of a key', { apiKey: 'stub-key-0a1b2c' }, 'text/plain; x=2c'.replace('2c', '1b2c')],
    ['the whole of a key shorter than four characters', { apiKey: 'k3y' }, 'text/k3y'],
    [
      'the base64 of the Basic credentials',
      { basic: { username: 'grace', password: 'pw-7a8b' } },
      `text/plain; x=${Buffer.from('grace:pw-7a8b').toString('base64').slice(-6)}`,
    ],
  ] as const)('a content type with %s is withheld', async (_what, auth, contentType) => {
    const { client } = stubbed({ auth }, { contentType, body: SECRET_BODY });
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'not JSON', contentType: '[withheld]' });
  });

  it('with only some credentials held, a content type that repeats none of them is kept', async () => {
    const { client } = stubbed(
      { auth: { apiKey: 'stub-key-0a1b2c' } },
      { contentType: 'text/plain', body: SECRET_BODY },
    );
    expect(await logTraces(client).catch((e: unknown) => e)).toMatchObject({
      reason: 'not JSON',
      contentType: 'text/plain',
    });
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json ; charset=utf-8',
    'Application/JSON',
    'application/problem+json',
    'application/vnd.service.v2+json',
  ])('%s is JSON: the body comes back parsed, as data or error', async (contentType) => {
    const { client } = stubbed({ auth: every }, { contentType, body: '{"traces_count": 2}' });
    expect((await logTraces(client)).data).toEqual({ traces_count: 2 });
    // With a Content-Length, openapi-fetch reads the body with response.json() instead of text().
    const { client: sized } = stubbed(
      { auth: every },
      { contentType, body: '{"traces_count": 3}', headers: { 'content-length': '19' } },
    );
    expect((await logTraces(sized)).data).toEqual({ traces_count: 3 });
    const { client: failing } = stubbed({ auth: every }, { status: 422, contentType, body: '{"detail": []}' });
    expect((await logTraces(failing)).error).toEqual({ detail: [] });
  });

  it('whatever parseAs the call asks for, it gets the body (the guard has read it already)', async () => {
    const text = '{"traces_count": 4}';
    const asked = async (parseAs: 'text' | 'blob' | 'arrayBuffer' | 'stream') => {
      const { client } = stubbed({ auth: every }, { contentType: 'application/json; charset=utf-8', body: text });
      return (
        await client.POST('/v2/projects/{project_id}/traces', {
          params: { path: { project_id: PROJECT } },
          body: { traces: [] },
          parseAs,
        })
      ).data;
    };
    expect(await asked('text')).toBe(text);
    const blob = (await asked('blob')) as Blob;
    expect(blob.type).toBe('application/json; charset=utf-8');
    expect(await blob.text()).toBe(text);
    expect(new TextDecoder().decode((await asked('arrayBuffer')) as ArrayBuffer)).toBe(text);
    expect(await new Response((await asked('stream')) as ReadableStream).text()).toBe(text);
  });

  it('parseAs arrayBuffer gets exactly the body, even when it arrived as a view of a larger buffer', async () => {
    const text = '{"traces_count": 5}';
    const pool = new Uint8Array(64).fill(0x20);
    pool.set(new TextEncoder().encode(text), 8);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pool.subarray(8, 8 + text.length));
        controller.close();
      },
    });
    const { client } = stubbed({ auth: every }, { body });
    const { data } = await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      parseAs: 'arrayBuffer',
    });
    expect(new TextDecoder().decode(data as ArrayBuffer)).toBe(text);
  });

  it("the JSON check sees the response after the caller's middleware, given to the client or to one call", async () => {
    // A middleware that turns a plain-text 422 page (a proxy's) into the JSON error the caller handles.
    const rewrite: Middleware = {
      onResponse({ response }) {
        if (response.headers.get('content-type') === 'text/plain')
          return Response.json({ detail: 'unavailable' }, { status: response.status });
        return undefined;
      },
    };
    const answer = { status: 422, contentType: 'text/plain', body: 'rejected by the proxy' };
    const { client } = stubbed({ auth: every, middleware: [rewrite] }, answer);
    expect((await logTraces(client)).error).toEqual({ detail: 'unavailable' });
    const { client: plain } = stubbed({ auth: every }, answer);
    const perCall = await plain.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      middleware: [rewrite],
    });
    expect(perCall.error).toEqual({ detail: 'unavailable' });
    // Without it, the same answer is refused.
    expect(await logTraces(plain).catch((e: unknown) => e)).toMatchObject({ reason: 'not JSON', status: 422 });
  });

  it('a middleware added to the client later, with use(), is seen by the JSON check as well', async () => {
    const rewrite: Middleware = {
      onResponse: ({ response }) =>
        Response.json({ detail: `was ${response.headers.get('content-type')}` }, { status: response.status }),
    };
    const { client } = stubbed(
      { auth: every },
      { status: 422, contentType: 'text/plain', body: 'rejected by the proxy' },
    );
    client.use(rewrite);
    expect((await logTraces(client)).error).toEqual({ detail: 'was text/plain' });
  });

  it('with middleware on the client and on the call, the body is checked and read once', async () => {
    const seen: string[] = [];
    const watch = (name: string): Middleware => ({
      onResponse: ({ response }) => void seen.push(`${name} ${response.status}`),
    });
    const { client } = stubbed({ auth: every, middleware: [watch('client')] }, { body: '{"traces_count": 6}' });
    const { data } = await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      middleware: [watch('call')],
    });
    expect(data).toEqual({ traces_count: 6 });
    expect(seen).toEqual(['call 200', 'client 200']);
  });

  it('a call without any options is sent, and its answer read', async () => {
    const { client, sent } = stubbed({}, { body: '{"id": 1}' });
    const call = client.POST as unknown as (path: string) => ReturnType<typeof createUser>;
    expect((await call('/v2/system_users')).data).toEqual({ id: 1 });
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /v2/system_users',
    ]);
  });

  it("after a call, the response's body is used up, as after a bare openapi-fetch call", async () => {
    const answer = () => new Response('{"traces_count": 7}', { headers: { 'content-type': 'application/json' } });
    const bare = createClient<paths>({ baseUrl: 'http://127.0.0.1:9', fetch: async () => answer() });
    const ours = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: async () => answer(), auth: every });
    for (const parseAs of ['json', 'text'] as const) {
      const init = { params: { path: { project_id: PROJECT } }, body: { traces: [] }, parseAs };
      const [mine, theirs] = [
        await ours.POST('/v2/projects/{project_id}/traces', init),
        await bare.POST('/v2/projects/{project_id}/traces', init),
      ];
      expect([mine.response.bodyUsed, mine.response.body?.locked], parseAs).toEqual([
        theirs.response.bodyUsed,
        theirs.response.body?.locked,
      ]);
      expect(mine.response.body?.locked, parseAs).toBe(true);
    }
  });

  it("a response the caller's middleware makes is checked all the same", async () => {
    const empty: Middleware = {
      onResponse: () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
    };
    const { client } = stubbed({ auth: every, middleware: [empty] });
    expect(await logTraces(client).catch((e: unknown) => e)).toMatchObject({
      name: 'UnexpectedResponseError',
      reason: 'empty body',
    });
    const { client: plain } = stubbed({ auth: every });
    const perCall = plain.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      middleware: [empty],
    });
    expect(await perCall.catch((e: unknown) => e)).toMatchObject({
      name: 'UnexpectedResponseError',
      reason: 'empty body',
    });
  });

  it.each([
    'application/jsonx',
    'text/application/json',
    'application/json-seq',
    'application/+json',
    'xapplication/json',
  ])('%s is not JSON', async (contentType) => {
    expect((await failureOf({ contentType, body: '{}' })).reason).toBe('not JSON');
  });
});

describe('timeouts and the caller’s signal, with fetch stubbed', () => {
  /** A fetch that never answers until the request's signal aborts, then rejects with its reason. */
  const hanging = () => {
    const sent: Request[] = [];
    const fetch = (request: Request) =>
      new Promise<Response>((_, reject) => {
        sent.push(request);
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true });
      });
    return { sent, fetch };
  };

  it('a call past its timeout rejects with a TimeoutError that says the timeout', async () => {
    const { sent, fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 20 });
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'The call took longer than its timeout of 20 ms.' });
    expect(sent).toHaveLength(1);
  });

  it('an abort of the caller’s signal rejects with its reason', async () => {
    const { fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch });
    const controller = new AbortController();
    const pending = client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: controller.signal });
    const reason = new Error('the caller gave up');
    setTimeout(() => controller.abort(reason), 5);
    await expect(pending).rejects.toBe(reason);
  });

  it('a signal aborted before the call: its reason, and nothing is sent', async () => {
    const { sent, fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 1_000 });
    const reason = new Error('already');
    await expect(
      client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(sent).toEqual([]);
  });

  it('a fetch that ignores the abort: the call still rejects at its timeout', async () => {
    const fetch = () => new Promise<Response>(() => undefined);
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 20 });
    await expect(logTraces(client)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it.each([
    ['no middleware', []],
    ['a middleware of the caller', [{ onResponse: () => undefined }]],
  ] as [string, Middleware[]][])(
    'a timeout during the body read cancels the body, which closes the connection: %s',
    async (_, middleware) => {
      let cancelled: unknown;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"traces'));
        },
        cancel(reason) {
          cancelled = reason;
        },
      });
      const { client } = stubbed({ auth: every, timeout: 20, middleware }, { body });
      await expect(logTraces(client)).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(cancelled).toMatchObject({ name: 'TimeoutError' });
    },
  );

  it('a settled call leaves no timer running and no listener on the caller’s signal', async () => {
    vi.useFakeTimers();
    try {
      const { client } = stubbed({ auth: every, timeout: 60_000 });
      const controller = new AbortController();
      for (let i = 0; i < 3; i++)
        await client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: controller.signal });
      expect(vi.getTimerCount()).toBe(0);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a call that answers in time is not affected by its timeout', async () => {
    const { client } = stubbed({ auth: every, timeout: 1_000 }, { body: '{"traces_count": 1}' });
    expect((await logTraces(client)).data).toEqual({ traces_count: 1 });
  });
});

/** A body stream whose cancel never settles, as MSW's are: a client that awaits it hangs for ever. */
function stuckStream(chunks: string[], { end = true, fail }: { end?: boolean; fail?: Error } = {}) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (fail) controller.error(fail);
      else if (end) controller.close();
    },
    cancel() {
      state.cancelled = true;
      return new Promise<void>(() => undefined);
    },
  });
  return { stream, state };
}

/** A body stream that never ends: a chunk of `size` bytes on every pull. */
const endless = (size: number) =>
  new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(size).fill(0x61)) });

/** What a call came to: its data, its error, or the kind and status of its UnexpectedResponseError. */
async function outcome(call: Promise<{ data?: unknown; error?: unknown }>) {
  try {
    const { data, error } = await call;
    return error === undefined ? { data } : { error };
  } catch (e) {
    if (!(e instanceof UnexpectedResponseError)) throw e;
    return { kind: e.kind, status: e.status, body: e.body };
  }
}

describe('an answer with a status the operation does not document rejects with kind status, whatever its body', () => {
  it('a 503 with a JSON detail is not typed as the 422: status, headers (Retry-After) and the parsed body, kept out of the message', async () => {
    const { client } = stubbed(
      { auth: every },
      { status: 503, body: '{"detail": "maintenance"}', headers: { 'retry-after': '7' } },
    );
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    const failure = error as UnexpectedResponseError;
    expect(failure).toMatchObject({
      operation: 'logTraces',
      status: 503,
      kind: 'status',
      reason: 'undocumented status',
      contentType: 'application/json',
      limit: undefined,
      violations: [],
    });
    expect(failure.body).toEqual({ detail: 'maintenance' });
    expect(failure.headers.get('retry-after')).toBe('7');
    expect(failure.message).toBe('logTraces: the HTTP 503 response has a status the operation does not document.');
    // Neither the body nor the headers show when the error is printed as JSON or listed by its keys.
    expect(JSON.stringify(failure)).not.toMatch(/maintenance|retry/);
    expect(Object.keys(failure)).not.toContain('body');
  });

  it('a 500 with an HTML page is a status error, not a content-type one; the page is the body', async () => {
    const { client } = stubbed({ auth: every }, { status: 500, contentType: 'text/html', body: '<h1>oops</h1>' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 500, body: '<h1>oops</h1>' });
  });

  it('a 404 labelled JSON that does not parse: a status error whose body is the text', async () => {
    const { client } = stubbed({ auth: every }, { status: 404, body: '{"detail": ' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 404, body: '{"detail": ' });
  });

  it('every status from 200 to 599 but the documented 200 and 422 is a status error, a body or none', async () => {
    const noBody = new Set([204, 205, 304]);
    const kinds = new Map<number, unknown>();
    for (let status = 200; status <= 599; status++) {
      const { client } = stubbed({ auth: every }, { status, body: noBody.has(status) ? null : '{"detail": "x"}' });
      const result = await outcome(logTraces(client));
      kinds.set(status, 'kind' in result ? result.kind : 'error' in result ? 'error' : 'data');
    }
    expect(kinds.get(200)).toBe('data');
    expect(kinds.get(422)).toBe('error');
    expect([...kinds].filter(([status, kind]) => status !== 200 && status !== 422 && kind !== 'status')).toEqual([]);
  });

  it('a body larger than maxResponseBytes, declared or not: a status error without the body', async () => {
    const declared = stubbed(
      { auth: every, maxResponseBytes: 10 },
      { status: 500, body: '{"detail": "a long explanation"}' },
    );
    expect(await outcome(logTraces(declared.client))).toEqual({ kind: 'status', status: 500, body: undefined });
    const { stream } = stuckStream(['{"detail": ', '"a long explanation"}']);
    const streamed = stubbed({ auth: every, maxResponseBytes: 15 }, { status: 500, body: stream });
    expect(await outcome(logTraces(streamed.client))).toEqual({ kind: 'status', status: 500, body: undefined });
  });

  it('a body that never ends is cut at maxResponseBytes', async () => {
    const { client } = stubbed({ auth: every, maxResponseBytes: 1_000 }, { status: 502, body: endless(64) });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 502, body: undefined });
  });

  it(`a body that stalls is given up after ERROR_BODY_WAIT_MS (${ERROR_BODY_WAIT_MS} ms), and no timer is left running`, async () => {
    const { stream, state } = stuckStream(['<h1>'], { end: false });
    const { client } = stubbed({ auth: every }, { status: 503, contentType: 'text/html', body: stream });
    const started = performance.now();
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 503, body: undefined });
    expect(performance.now() - started).toBeGreaterThanOrEqual(ERROR_BODY_WAIT_MS - 5);
    expect(state.cancelled).toBe(true);
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout')).toEqual([]);
  });

  it('a body that errors midway: a status error without the body', async () => {
    const { stream } = stuckStream(['<h1>'], { fail: new TypeError('terminated') });
    const { client } = stubbed({ auth: every }, { status: 500, contentType: 'text/html', body: stream });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 500, body: undefined });
  });

  it('a documented status whose body is not JSON carries its text as well', async () => {
    const { client } = stubbed({ auth: every }, { status: 200, contentType: 'text/plain', body: 'fine' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'content-type', status: 200, body: 'fine' });
  });
});

describe('nothing the client does after deciding on the answer holds the call (a cancel that never settles)', () => {
  it.each([
    [
      'a 500 HTML page',
      { status: 500, contentType: 'text/html' },
      ['<h1>oops</h1>'],
      { kind: 'status', status: 500, body: '<h1>oops</h1>' },
    ],
    [
      'a 200 that is not JSON',
      { status: 200, contentType: 'text/html' },
      ['<h1>oops</h1>'],
      { kind: 'content-type', status: 200, body: '<h1>oops</h1>' },
    ],
    [
      'a 200 over the limit, streamed',
      { status: 200 },
      ['{"traces_count": 1,', ' "note": "0123456789"}'],
      { kind: 'size', status: 200, body: undefined },
    ],
    [
      'a 200 over the limit, declared',
      { status: 200, headers: { 'content-length': '100' } },
      ['{}'],
      { kind: 'size', status: 200, body: undefined },
    ],
  ] as [string, Answer, string[], object][])('%s', async (_, answer, chunks, expected) => {
    const { stream } = stuckStream(chunks, { end: true });
    const { client } = stubbed({ auth: every, maxResponseBytes: 30 }, { ...answer, body: stream });
    expect(await outcome(logTraces(client))).toEqual(expected);
  });

  it('a documented answer whose body never ends is cut at maxResponseBytes, and the stream is cancelled', async () => {
    let cancelled = false;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(100).fill(0x20));
      },
      cancel() {
        cancelled = true;
        return new Promise<void>(() => undefined);
      },
    });
    const { client } = stubbed({ auth: every, maxResponseBytes: 1_000 }, { body });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'size', status: 200, body: undefined });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(15);
  });
});

describe('validateResponses: each answer against its schema in the spec', () => {
  const answering = (body: unknown, options: Partial<ApiClientOptions> = {}, status = 200) =>
    stubbed({ auth: every, validateResponses: true, ...options }, { status, body: JSON.stringify(body) }).client;

  it('off by default: a body that breaks its schema reaches the caller as data', async () => {
    const { client } = stubbed({ auth: every }, { body: JSON.stringify({ traces_count: 'three', trace_ids: 42 }) });
    expect((await logTraces(client)).data).toEqual({ traces_count: 'three', trace_ids: 42 });
  });

  it('a wrong type: kind contract, each violation by its JSON pointer and reason, the body a field and out of the message', async () => {
    const error = (await logTraces(answering({ traces_count: 'three', trace_ids: 42 })).catch(
      (e: unknown) => e,
    )) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({
      kind: 'contract',
      reason: 'contract violation',
      status: 200,
      operation: 'logTraces',
    });
    expect(error.violations).toEqual(
      expect.arrayContaining([
        { pointer: '/traces_count', message: 'must be integer' },
        { pointer: '/trace_ids', message: 'must be array' },
      ]),
    );
    expect(error.body).toEqual({ traces_count: 'three', trace_ids: 42 });
    expect(error.message).toMatch(
      /^logTraces: the HTTP 200 response has a body that breaks its schema: \/traces_count must be integer; .*\/trace_ids must be array/,
    );
    expect(error.message).not.toContain('three');
  });

  it('a required field dropped, and a value outside an enum, in the 422 body too', async () => {
    const user = {
      id: 'd2f4a6c8-0e1b-4d3f-a5c7-9e1b3d5f7a92',
      email: 'a@example.org',
      role: 'overlord',
      status: 'enabled',
    };
    const error = (await createUser(answering(user)).catch((e: unknown) => e)) as UnexpectedResponseError;
    expect(error.kind).toBe('contract');
    expect(error.violations.map((v) => v.pointer)).toContain('/role');
    const dropped = (await logTraces(answering({ detail: [{ loc: ['body'], msg: 'Field required' }] }, {}, 422)).catch(
      (e: unknown) => e,
    )) as UnexpectedResponseError;
    expect(dropped).toMatchObject({
      kind: 'contract',
      status: 422,
      violations: [{ pointer: '/detail/0/type', message: "must have required property 'type'" }],
    });
  });

  it('the body itself of the wrong type is named by the empty pointer, shown as (the body)', async () => {
    const error = (await logTraces(answering([1])).catch((e: unknown) => e)) as UnexpectedResponseError;
    expect(error.violations).toEqual([{ pointer: '', message: 'must be object' }]);
    expect(error.message).toContain('(the body) must be object');
  });

  it('every example of the spec, 200 and 422, passes through, compiled once per response', async () => {
    const calls: [string, (client: Client) => Promise<{ data?: unknown; error?: unknown }>][] = [
      ['POST /v2/projects/{project_id}/traces', logTraces],
      ['POST /v2/system_users', createUser],
      ['POST /v2/login/social', loginSocial],
      ['PATCH /v2/projects/{project_id}/annotation/templates/{template_id}', (client) => updateTemplate(client)],
    ];
    let checked = 0;
    for (const [operation, call] of calls) {
      const [method, path] = operation.split(' ') as [string, string];
      const responses = (
        spec.paths as Record<
          string,
          Record<
            string,
            {
              responses: Record<
                string,
                { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }
              >;
            }
          >
        >
      )[path]![method.toLowerCase()]!.responses;
      for (const [status, response] of Object.entries({
        ...responses,
        422: spec.components.responses.ValidationError,
      })) {
        for (const { value } of Object.values(response.content?.['application/json']?.examples ?? {})) {
          const result = await call(answering(value, {}, Number(status)));
          expect(result.data ?? result.error, `${operation} ${status}`).toEqual(value);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('a pointer that holds a credential is withheld; one that shares a few characters with one is kept', async () => {
    // The Signals answer is a closed object: a field it does not name is a violation at its name.
    const putSignals = (client: Client) =>
      client.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
        params: { path: { project_id: PROJECT, run_id: TEMPLATE } },
        body: { model: 'm', run_mode: 'ON_DEMAND' },
      });
    const error = (await putSignals(answering({ [every.apiKey]: 1 })).catch(
      (e: unknown) => e,
    )) as UnexpectedResponseError;
    expect(error.violations).toContainEqual({ pointer: '[withheld]', message: 'must NOT have additional properties' });
    const named = (await putSignals(answering({ 'a/b~c': 1 })).catch((e: unknown) => e)) as UnexpectedResponseError;
    expect(named.violations).toContainEqual({ pointer: '/a~1b~0c', message: 'must NOT have additional properties' });
    expect(error.message).not.toContain(every.apiKey);
    // `/traces_count` shares `race` with the Basic user-id, grace.
    const kept = (await logTraces(answering({ traces_count: 'x' })).catch(
      (e: unknown) => e,
    )) as UnexpectedResponseError;
    expect(kept.violations).toEqual([{ pointer: '/traces_count', message: 'must be integer' }]);
  });

  it('a response the spec gives as a reference is found through it, its name unescaped as a JSON pointer', async () => {
    // The spec as a bundler may write it: logTraces' 200 answer shared under a name that holds `/` and `~`.
    const traces = '/v2/projects/{project_id}/traces';
    const shared = structuredClone(spec) as unknown as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
      components: { responses: Record<string, unknown> };
    };
    const operation = shared.paths[traces]!.post;
    shared.components.responses['traces/written~1'] = operation.responses['200'];
    operation.responses['200'] = { $ref: '#/components/responses/traces~1written~01' };
    const dir = mkdtempSync(join(tmpdir(), 'contract-spec-'));
    packageRoot.specPath = join(dir, 'openapi.json');
    writeFileSync(packageRoot.specPath, JSON.stringify(shared));
    try {
      expect((await logTraces(answering({ traces_count: 1, trace_ids: [] }))).data).toEqual({
        traces_count: 1,
        trace_ids: [],
      });
      const error = (await logTraces(answering({ traces_count: 'one', trace_ids: [] })).catch(
        (e: unknown) => e,
      )) as UnexpectedResponseError;
      expect(error.violations).toEqual([{ pointer: '/traces_count', message: 'must be integer' }]);
    } finally {
      packageRoot.specPath = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('validateResponses without ajv installed', () => {
  it('every call rejects with MissingValidatorError naming the install command, and nothing breaks without the option', async () => {
    packageRoot.peersInstalled = false;
    try {
      const client = createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        auth: every,
        fetch: async () => Response.json({}),
        validateResponses: true,
      });
      for (let i = 0; i < 2; i++) {
        const error = await logTraces(client).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MissingValidatorError);
        expect(error).toMatchObject({
          name: 'MissingValidatorError',
          command: 'npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1',
          message:
            'validateResponses needs ajv and ajv-formats, optional peer dependencies that are not installed: npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1',
        });
        expect((error as Error).cause).toMatchObject({ code: 'MODULE_NOT_FOUND' });
      }
      const plain = createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        auth: every,
        fetch: async () => Response.json({ traces_count: 1 }),
      });
      expect((await logTraces(plain)).data).toEqual({ traces_count: 1 });
    } finally {
      packageRoot.peersInstalled = true;
    }
  });
});

describe('the 422 helpers', () => {
  const item = { loc: ['body', 'traces', 0], msg: 'Field required', type: 'missing' };
  it.each([
    ['a 422 body', { detail: [item] }, true],
    ['an empty detail list', { detail: [] }, true],
    ['a detail list mixing a valid item and an invalid one', { detail: [item, { loc: ['body'], msg: 'x' }] }, false],
    ['an item whose loc holds a boolean', { detail: [{ ...item, loc: ['body', true] }] }, false],
    ['an item whose loc is not a list', { detail: [{ ...item, loc: 'body' }] }, false],
    ['an item without msg', { detail: [{ loc: ['body'], type: 'missing' }] }, false],
    ['an item whose type is not a string', { detail: [{ ...item, type: 1 }] }, false],
    ['an item that is null', { detail: [null] }, false],
    ['a detail that is a string, as FastAPI’s HTTPException gives', { detail: 'Not authenticated' }, false],
    ['null', null, false],
    ['a string', 'detail', false],
  ] as const)('%s: %s', (_name, value, is) => {
    expect(isHTTPValidationError(value)).toBe(is);
    expect(validationDetails(value)).toEqual(is ? (value as { detail: readonly unknown[] }).detail : []);
  });
});
