// validateResponses (src/client/contract.ts, src/client/checked.ts): each answer against its schema
// in the spec, and a clear error, before anything is sent, when ajv is not installed or the check
// cannot load.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import spec from '../../../generated/openapi.json' with { type: 'json' };
import { describe, expect, it, vi } from 'vitest';
import * as checkedEntry from '../../../src/client/checked.js';
import {
  createApiClient,
  MissingValidatorError,
  UnexpectedResponseError,
  ValidatorUnavailableError,
  type ApiClientOptions,
} from '../../../src/index.js';
import * as mainEntry from '../../../src/index.js';
import {
  createUser,
  every,
  logTraces,
  loginSocial,
  PROJECT,
  stubbed,
  TEMPLATE,
  updateTemplate,
  type Client,
} from '../../support/stub-client.js';

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
      const { client, sent } = stubbed({ auth: every, validateResponses: true });
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
      expect(sent).toEqual([]);
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

describe('validateResponses where the main entry cannot load its check', () => {
  it('a runtime without Node (a page with a process polyfill): createApiClient throws ValidatorUnavailableError, not a TypeError', () => {
    vi.stubGlobal('process', { env: {}, versions: {} });
    let thrown: unknown;
    try {
      createApiClient({ baseUrl: 'http://127.0.0.1:9', validateResponses: true });
    } catch (error) {
      thrown = error;
    } finally {
      vi.unstubAllGlobals();
    }
    expect(thrown).toBeInstanceOf(ValidatorUnavailableError);
    expect(thrown).not.toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({
      name: 'ValidatorUnavailableError',
      entry: '@observability/api-contract/checked',
      message:
        "validateResponses cannot load its check in a runtime without Node (a web page, a worker) from '@observability/api-contract', which loads it from the package's files under Node only: import createApiClient from '@observability/api-contract/checked' (with ajv and ajv-formats installed) to check answers there; nothing was sent.",
    });
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9' })).not.toThrow();
  });
});

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
