// The respond step (src/mock/service/respond.ts) called in-process: json_invalid first, the 422 items,
// what Prism lets through, the reflection and the state on a 2xx, the fallbacks that fired (those
// no request through the spec reaches too, on a minimal operation of its own), a limit's refusal.
import { describe, expect, it } from 'vitest';
import type { Choice } from '../../../../src/mock/prism/adapter.js';
import { Fallbacks } from '../../../../src/mock/common/fallbacks.js';
import { LimitError } from '../../../../src/mock/common/limits.js';
import type { IHttpRequest, IHttpResponse, IPrismInput } from '../../../../src/mock/prism/prism-types.js';
import { createValidator } from '../../../../src/mock/service/pydantic.js';
import { createReflector, type Reflector } from '../../../../src/mock/service/reflect.js';
import { type Operation } from '../../../../src/mock/prism/spec.js';
import { StateFullError, type State } from '../../../../src/mock/service/state.js';
import { type Received } from '../../../../src/mock/request/parse.js';
import { createResponder, type ResponderParts } from '../../../../src/mock/service/respond.js';
import { createTranslator, unprocessable } from '../../../../src/mock/service/translate.js';
import { pythonJson } from '../../../../src/mock/service/py-json.js';
import { PROJECT, received, recording, spec } from '../../../support/mock-steps.js';

describe('respond: what the service would answer, on the response Prism chose', () => {
  const validator = createValidator(spec, {});
  const signals = spec.operation('putSignalsConfiguration') as Operation;
  const user = spec.operation('createOrVerifyUser') as Operation;
  const translator = createTranslator(validator);
  /** A responder whose request details are the translator's, as the engine hands them over. */
  const make = (parts: Partial<ResponderParts> = {}) => {
    const { logger } = recording();
    const fallbacks = new Fallbacks(logger);
    const responder = createResponder({
      reflector: createReflector(spec, validator, 20_000),
      state: undefined,
      fallbacks,
      ...parts,
    });
    return (result: Choice, input: IPrismInput<IHttpRequest>, operation: Operation, request: Received) =>
      responder(result, input, operation, request, () => translator.requestDetails(operation, request, input.data));
  };
  const data = (path: string, body: unknown, headers: Record<string, string> = {}): IHttpRequest => ({
    method: 'post',
    url: { path },
    headers,
    body,
  });
  const ok = (body: unknown): Choice => ({
    ok: true,
    value: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body },
  });
  const SIGNALS = `/v2/projects/${PROJECT}/runs/${PROJECT}/signals/configuration`;
  const jsonError = { msg: 'Expecting value', pos: 7 };
  const decodeItem = {
    type: 'json_invalid',
    loc: ['body', 7],
    msg: 'JSON decode error',
    input: {},
    ctx: { error: 'Expecting value' },
  };

  it('undecodable JSON gets json_invalid before anything else, also before a missing credential (FastAPI decodes first)', () => {
    const respond = make();
    const request = received('{"a": }', { jsonError });
    expect(respond(ok({}), { data: data(SIGNALS, '{"a": }'), validations: [] }, signals, request)).toEqual({
      result: unprocessable(undefined, [decodeItem], ''),
      fallbacks: [],
    });
    const unauthorized: Choice = { ok: false, error: Object.assign(new Error('no credential'), { status: 401 }) };
    expect(respond(unauthorized, { data: data(SIGNALS, '{"a": }'), validations: [] }, signals, request).result).toEqual(
      unprocessable(undefined, [decodeItem], ''),
    );
    const notFound: Choice = { ok: false, error: Object.assign(new Error('no route'), { status: 404 }) };
    expect(respond(notFound, { data: data(SIGNALS, '{"a": }'), validations: [] }, signals, request).result).toBe(
      notFound,
    );
    // An operation that takes no body does not decode one.
    const noBody = { ...signals, requestSchema: undefined };
    expect(
      (
        respond(ok({ a: 1 }), { data: data(SIGNALS, '{"a": }'), validations: [] }, noBody, request).result as {
          value: IHttpResponse;
        }
      ).value.statusCode,
    ).toBe(200);
  });

  it("Prism's 422: the service's items (the 401 among the violations does not count); another status despite errors stays Prism's", () => {
    const respond = make();
    const body = { email: 5 };
    const prism422: Choice = {
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: [] } },
    };
    const violation = { severity: 0, code: 'type', message: 'must be string', path: ['body', 'email'] };
    expect(
      respond(prism422, { data: data('/v2/system_users', body), validations: [violation] }, user, received(body)),
    ).toEqual({
      result: unprocessable(
        (prism422 as { value: IHttpResponse }).value,
        [{ type: 'string_type', loc: ['body', 'email'], msg: 'Input should be a valid string', input: 5 }],
        '',
      ),
      fallbacks: [],
    });
    const onlyCredential = respond(
      prism422,
      { data: data('/v2/system_users', body), validations: [{ severity: 0, code: 401, message: 'no key' }] },
      user,
      received(body),
    );
    expect(onlyCredential.result).toBe(prism422);
    const preferred = ok({ id: 'x' });
    expect(
      respond(preferred, { data: data('/v2/system_users', body), validations: [violation] }, user, received(body))
        .result,
    ).toBe(preferred);
    for (const statusCode of [199, 300, 301]) {
      const other: Choice = { ok: true, value: { statusCode, headers: {}, body: {} } };
      expect(
        respond(
          other,
          { data: data('/v2/system_users', { email: 'a@b.co' }), validations: [] },
          user,
          received({ email: 'a@b.co' }),
        ),
        String(statusCode),
      ).toEqual({ result: other, fallbacks: [] });
    }
    const accepted = respond(
      { ok: true, value: { statusCode: 299, headers: {}, body: { id: 'u' } } },
      { data: data('/v2/system_users', { email: 'a@b.co' }), validations: [] },
      user,
      received({ email: 'a@b.co' }),
    );
    expect((accepted.result as { value: IHttpResponse }).value).toMatchObject({
      statusCode: 299,
      body: { email: 'a@b.co' },
    });
  });

  it("a warning of Prism's is no violation: its 422 stays Prism's, a 2xx is reflected", () => {
    const respond = make();
    const warning = { severity: 1, code: 'format', message: 'a warning', path: ['body', 'email'] };
    const prism422: Choice = { ok: true, value: { statusCode: 422, headers: {}, body: { detail: [] } } };
    expect(
      respond(
        prism422,
        { data: data('/v2/system_users', { email: 'a@b.co' }), validations: [warning] },
        user,
        received({ email: 'a@b.co' }),
      ).result,
    ).toBe(prism422);
    const reflected = respond(
      ok({ id: 'u' }),
      { data: data('/v2/system_users', { email: 'a@b.co' }), validations: [warning] },
      user,
      received({ email: 'a@b.co' }),
    );
    expect((reflected.result as { value: IHttpResponse }).value.body).toMatchObject({ email: 'a@b.co' });
  });

  it("Prism's problem (no response chosen) goes on as it is, with no fallback", () => {
    const { logger } = recording();
    const fallbacks = new Fallbacks(logger);
    const respond = make({ fallbacks });
    const notFound: Choice = { ok: false, error: Object.assign(new Error('no route'), { status: 404 }) };
    const request = received({ email: 'a@b.co' });
    expect(
      respond(notFound, { data: data('/v2/nothing', { email: 'a@b.co' }), validations: [] }, user, request),
    ).toEqual({ result: notFound, fallbacks: [] });
    expect(fallbacks.report().total).toBe(0);
  });

  it('what Prism lets through and the service refuses (a JSON null, lone surrogates) gets its 422; an unchecked request that is valid is reflected', () => {
    const respond = make();
    const nullBody = respond(
      ok({}),
      { data: data(SIGNALS, null), validations: [] },
      signals,
      received(null, { unchecked: true }),
    );
    expect(nullBody).toEqual({
      result: unprocessable(undefined, [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }], ''),
      fallbacks: [],
    });
    const example = { id: 'u', email: 'e@example.com' };
    const fine = respond(
      ok(example),
      { data: data('/v2/system_users', { email: 'a@b.co' }), validations: [] },
      user,
      received({ email: 'a@b.co' }, { unchecked: true }),
    );
    expect(fine.result.ok).toBe(true);
    expect((fine.result as { value: IHttpResponse }).value.body).toMatchObject({ email: 'a@b.co' });
  });

  it("a 422's items are written back with the numbers of the request's text (./py-json.ts)", () => {
    const respond = make();
    const prism422: Choice = {
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: [] } },
    };
    const violation = { severity: 0, code: 'type', message: 'must be string', path: ['body', 'email'] };
    const body = { email: 2 };
    const written = (result: Choice) => pythonJson((result as { value: IHttpResponse }).value.body);
    const walked = respond(
      prism422,
      { data: data('/v2/system_users', body), validations: [violation] },
      user,
      received(body, { text: '{"email": 2.0}' }),
    );
    expect(written(walked.result)).toContain('"input":2.0}');
    const unchecked = respond(
      ok({}),
      { data: data(SIGNALS, { model: 2 }), validations: [] },
      signals,
      received({ model: 2 }, { unchecked: true, text: '{"model": 2.0}' }),
    );
    expect(written(unchecked.result)).toContain('"input":2.0}');
  });

  it('a 2xx: the request reflected, then the state applied (by the session of X-Mock-Session), the example kept for a fallback', () => {
    const applied: unknown[] = [];
    const state = {
      apply: (operationId: string, request: unknown, reflected: unknown) => (
        applied.push({ operationId, request }),
        { ...(reflected as object), stated: true }
      ),
    } as unknown as State;
    const respond = make({ state });
    const example = { id: 'u', email: 'e@example.com', role: 'system_admin' };
    const responded = respond(
      ok(example),
      { data: data('/v2/system_users', { email: 'a@b.co' }, { 'x-mock-session': 's1' }), validations: [] },
      user,
      received({ email: 'a@b.co' }),
    );
    expect((responded.result as { value: IHttpResponse }).value).toMatchObject({
      statusCode: 200,
      body: { email: 'a@b.co', stated: true },
    });
    expect(responded.example).toEqual({ body: example });
    expect(responded.fallbacks).toEqual([]);
    expect(applied).toEqual([
      { operationId: 'createOrVerifyUser', request: { session: 's1', pathParams: {}, body: { email: 'a@b.co' } } },
    ]);
    const absent = respond(
      ok(example),
      { data: data('/v2/system_users', null), validations: [] },
      user,
      received(null, { absent: true, text: '' }),
    );
    expect(absent.example).toEqual({ body: example });
  });

  it.each([
    ['32 hex digits', (id: string) => id.replaceAll('-', '')],
    ['upper case', (id: string) => id.toUpperCase()],
    ['braced', (id: string) => `{${id}}`],
    ['urn:uuid:', (id: string) => `urn:uuid:${id}`],
    ['hyphenated, lower case', (id: string) => id],
  ])(
    'a path identifier sent %s is answered, and remembered, as the UUID FastAPI parsed (hyphenated, lower case)',
    (_, form) => {
      const applied: { request: { pathParams: Record<string, string> } }[] = [];
      const state = {
        apply: (_id: string, request: { pathParams: Record<string, string> }, reflected: unknown) => (
          applied.push({ request }),
          reflected
        ),
      } as unknown as State;
      const respond = make({ state });
      const run = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
      const body = { model: 'gpt-4o' };
      const responded = respond(
        ok({ data: { id: PROJECT, project_id: PROJECT, run_id: PROJECT, model: 'example' } }),
        { data: data(`/v2/projects/${form(PROJECT)}/runs/${form(run)}/signals/configuration`, body), validations: [] },
        signals,
        received(body),
      );
      const answered = (responded.result as { value: IHttpResponse }).value.body as { data: Record<string, unknown> };
      expect(answered.data).toMatchObject({ project_id: PROJECT, run_id: run, model: 'gpt-4o' });
      expect(applied[0]?.request.pathParams).toEqual({ project_id: PROJECT, run_id: run });
    },
  );

  it('a limit of the mock (--max-results, a full state) is the refusal; the result goes on unchanged, no fallback', () => {
    for (const error of [new LimitError('too many', 'max-results', 1), new StateFullError(3)]) {
      const { logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reflector: Reflector = {
        reflect: () => {
          throw error;
        },
        withDefaults: (_s, v) => v,
      };
      const respond = createResponder({ reflector, state: undefined, fallbacks });
      const request = received({ email: 'a@b.co' });
      const chosen = ok({});
      const responded = respond(
        chosen,
        { data: data('/v2/system_users', {}), validations: [] },
        user,
        request,
        () => [],
      );
      expect(responded).toEqual({ result: chosen, fallbacks: [], refused: error });
      expect(responded.result).toBe(chosen);
      expect(fallbacks.report().total).toBe(0);
    }
  });
});

describe('the fallbacks and cuts no request through the spec reaches (a minimal operation of its own)', () => {
  const operation: Operation = {
    operationId: 'createThing',
    method: 'post',
    path: '/v2/things',
    parameters: [],
    requestSchema: { type: 'object', properties: { name: { type: 'string', minLength: 3 } } },
    bodyRequired: true,
    responseSchema: undefined,
  };
  const request = (): Received => ({
    query: {},
    absent: false,
    body: { name: 'x' },
    text: '{"name":"x"}',
    unchecked: false,
  });
  const data: IHttpRequest = {
    method: 'post',
    url: { path: '/v2/things' },
    headers: { 'content-type': 'application/json' },
    body: { name: 'x' },
  };
  const right = (response: IHttpResponse): Choice => ({ ok: true, value: response });
  const unusedReflector: Reflector = {
    reflect: () => {
      throw new Error('not reached');
    },
    withDefaults: (_schema, value) => value,
  };

  describe('respond: the fallbacks no request through the spec reaches', () => {
    it("prism-violations: Prism's 422 with violations the walker does not find gets them translated, loudly", () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const respond = createResponder({ reflector: unusedReflector, state: undefined, fallbacks });
      const received = request();
      const violation = {
        severity: 0,
        code: 'minLength',
        message: 'must NOT have fewer than 3 characters',
        path: ['body', 'name'],
      };
      const header = { severity: 0, code: 415, message: 'Supported content types: application/json' };
      const chosen = { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: 'Prism' } };
      const { result, fallbacks: fired } = respond(
        right(chosen),
        { data: { ...data, headers: { 'content-type': 'text/plain' } }, validations: [violation, header] },
        operation,
        received,
        () => [],
      );
      expect(result).toEqual(
        right({
          ...chosen,
          body: {
            detail: [
              { type: 'string_too_short', loc: ['body', 'name'], msg: violation.message, input: null },
              {
                type: 'value_error',
                loc: ['header', 'content-type'],
                msg: `Value error, ${header.message}`,
                input: 'text/plain',
                ctx: { error: header.message },
              },
            ],
          },
        }),
      );
      expect(fired).toEqual(['prism-violations']);
      expect(fallbacks.report()).toEqual({ total: 1, fallbacks: { 'prism-violations': 1 } });
      expect(lines).toEqual([
        `warn [FALLBACK] POST /v2/things prism-violations: the walker found nothing Prism reports, sending Prism's violations translated: ${violation.message}; ${header.message}`,
      ]);
    });

    it("prism-response: a reflection that throws sends Prism's own response, loudly", () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reflector: Reflector = {
        ...unusedReflector,
        reflect: () => {
          throw new Error('the echo broke');
        },
      };
      const respond = createResponder({ reflector, state: undefined, fallbacks });
      const received = request();
      const chosen = right({
        statusCode: 200,
        headers: { 'Content-type': 'application/json' },
        body: { name: 'example' },
      });
      const responded = respond(chosen, { data, validations: [] }, operation, received, () => []);
      expect(responded.result).toBe(chosen);
      expect(responded.example).toBeUndefined();
      expect(responded.fallbacks).toEqual(['prism-response']);
      expect(lines[0]).toMatch(
        /^warn \[FALLBACK\] POST \/v2\/things prism-response: could not adapt the response, sending Prism's: Error: the echo broke/,
      );
    });

    it('prism-response: what the reflection throws is named also when it is not an Error', () => {
      for (const thrown of ['a text', undefined]) {
        const { lines, logger } = recording();
        const reflector: Reflector = {
          ...unusedReflector,
          reflect: () => {
            throw thrown;
          },
        };
        const respond = createResponder({ reflector, state: undefined, fallbacks: new Fallbacks(logger) });
        const chosen = right({ statusCode: 200, headers: {}, body: { name: 'example' } });
        const responded = respond(chosen, { data, validations: [] }, operation, request(), () => []);
        expect(responded.result).toBe(chosen);
        expect(responded.fallbacks).toEqual(['prism-response']);
        expect(lines).toEqual([
          `warn [FALLBACK] POST /v2/things prism-response: could not adapt the response, sending Prism's: ${String(thrown)}`,
        ]);
      }
    });
  });
});
