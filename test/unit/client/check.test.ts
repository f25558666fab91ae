// The check of validateResponses (src/client/check.ts): each answer against its schema in the spec,
// each violation by its JSON pointer and reason, through the checked entry's client with fetch
// stubbed (the main entry's loader of the same check under Node is contract.test.ts's), and checkOf
// itself on a spec of its own.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import spec from '../../../generated/openapi.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { checkOf, type Document } from '../../../src/client/check.js';
import { createApiClient } from '../../../src/client/checked.js';
import { UnexpectedResponseError, type ApiClientOptions } from '../../../src/index.js';
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

describe('validateResponses: each answer against its schema in the spec', () => {
  const answering = (body: unknown, options: Partial<ApiClientOptions> = {}, status = 200) =>
    stubbed(
      { auth: every, validateResponses: true, ...options },
      { status, body: JSON.stringify(body) },
      createApiClient,
    ).client;

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

  it('a response the spec gives as a reference is found through it, its name unescaped as a JSON pointer', () => {
    // The spec as a bundler may write it: logTraces' 200 answer shared under a name that holds `/` and `~`.
    const traces = '/v2/projects/{project_id}/traces';
    const shared = structuredClone(spec) as unknown as Document & {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
      components: { responses: Record<string, unknown> };
    };
    const operation = shared.paths[traces]!.post;
    shared.components.responses['traces/written~1'] = operation.responses['200'];
    operation.responses['200'] = { $ref: '#/components/responses/traces~1written~01' };
    const check = checkOf(Ajv2020, addFormats.default, shared);
    expect(check('post', traces, '200', { traces_count: 1, trace_ids: [] })).toEqual([]);
    expect(check('post', traces, '200', { traces_count: 'one', trace_ids: [] })).toEqual([
      { pointer: '/traces_count', message: 'must be integer' },
    ]);
  });
});
