// The client createApiClient makes (src/client/create.ts, through the main entry): its options, the
// request as the call gave it, and the order of the caller's middleware around the response guard,
// with fetch stubbed.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/schema.js';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, InvalidClientOptionError } from '../../../src/index.js';
import { createUser, every, logTraces, PROJECT, stubbed } from '../../support/stub-client.js';

describe('the request is sent as the call gave it', () => {
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

  it.each(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const)(
    '%s() calls with its method (named by the UnknownOperationError of a path outside the spec)',
    async (method) => {
      const { client } = stubbed({ auth: every });
      const call = client[method] as unknown as (path: string) => Promise<unknown>;
      expect(await call('/v2/not-in-the-spec').catch((e: unknown) => e)).toMatchObject({
        name: 'UnknownOperationError',
        operation: `${method} /v2/not-in-the-spec`,
      });
    },
  );

  it('a call without any options is sent, and its answer read', async () => {
    const { client, sent } = stubbed({}, { body: '{"id": 1}' });
    const call = client.POST as unknown as (path: string) => ReturnType<typeof createUser>;
    expect((await call('/v2/system_users')).data).toEqual({ id: 1 });
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /v2/system_users',
    ]);
  });
});

describe('options are checked when the client is made', () => {
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

describe('middleware: the client’s, added later with use(), and one call’s own', () => {
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

  it('eject() removes a middleware, given to the client or added with use(); the JSON check stays', async () => {
    const seen: string[] = [];
    const watch = (name: string): Middleware => ({ onRequest: () => void seen.push(name) });
    const [given, added, kept] = [watch('given'), watch('added'), watch('kept')];
    const { client } = stubbed({ auth: every, middleware: [given, kept] }, { body: '' });
    client.use(added);
    client.eject(watch('never added'));
    client.eject(given, added);
    expect(await logTraces(client).catch((e: unknown) => e)).toMatchObject({ reason: 'empty body' });
    expect(seen).toEqual(['kept']);
  });

  it('use() and the middleware option skip null and undefined, and refuse anything else that is not middleware', async () => {
    const seen: string[] = [];
    const { client } = stubbed({
      auth: every,
      middleware: [null, undefined, { onError: () => undefined }] as unknown as Middleware[],
    });
    client.use(undefined as unknown as Middleware, { onRequest: () => void seen.push('added') });
    await logTraces(client);
    expect(seen).toEqual(['added']);
    const refused = (make: () => void) => {
      try {
        make();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused(() => stubbed({ middleware: {} as Middleware[] }))).toMatchObject({
      option: 'middleware',
      message: 'createApiClient: middleware must be a list of middleware, got object.',
    });
    const problem = 'each must be an object with onRequest, onResponse or onError';
    for (const wrong of [{}, 'onRequest', { request: () => undefined }])
      for (const error of [
        refused(() => client.use(wrong as Middleware)),
        refused(() => stubbed({ middleware: [wrong as Middleware] })),
      ])
        expect(error).toMatchObject({
          name: 'InvalidClientOptionError',
          option: 'middleware',
          message: `createApiClient: middleware ${problem}.`,
        });
  });
});
