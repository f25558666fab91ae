// The service's 422 items (src/mock/service/translate.ts) called in-process: parameters (path, query,
// header, cookie, coerced as FastAPI reads them), bodies and deep inputs, bounded as one list by
// --max-errors; the 401 body; Prism's violations translated when the walker finds nothing.
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../../../src/mock/common/limits.js';
import type { IHttpRequest, Resource } from '../../../../src/mock/prism/prism-types.js';
import { createValidator } from '../../../../src/mock/service/pydantic.js';
import { type Operation } from '../../../../src/mock/prism/spec.js';
import {
  createTranslator,
  translateViolations,
  unauthorizedBody,
  unprocessable,
} from '../../../../src/mock/service/translate.js';
import { received, spec } from '../../../support/mock-steps.js';
import { Slices } from '../../../../src/mock/common/slices.js';

describe('translate', () => {
  const validator = createValidator(spec, {});
  const translator = createTranslator(validator);
  const input = (path: string, headers: Record<string, string> = {}): IHttpRequest => ({
    method: 'post',
    url: { path },
    headers,
    body: null,
  });
  const thing: Operation = {
    operationId: 'thing',
    method: 'post',
    path: '/v2/things/{count}',
    parameters: [
      { name: 'count', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
      { name: 'Flag', in: 'query', required: false, schema: { type: 'boolean', enum: [true] } },
      { name: 'ratio', in: 'query', required: false, schema: { type: 'number', maximum: 1 } },
      { name: 'plain', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'X-Mode', in: 'header', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
      { name: 'session', in: 'cookie', required: false, schema: { type: 'string', minLength: 3 } },
    ],
    requestSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    bodyRequired: false,
    responseSchema: undefined,
  };

  it("walkAhead: the body's walk done ahead, whose items the 422's items are read from, at the body's place", async () => {
    const listed: Operation = {
      ...thing,
      parameters: [],
      requestSchema: {
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } } },
      },
    };
    const request = received({ list: [{ n: 'x' }, { n: 1 }] });
    const ahead = await translator.walkAhead(listed, request, new Slices(() => Promise.resolve()));
    const items = translator.requestDetails(listed, request, input('/v2/things/1'), ahead);
    expect(items).toEqual(translator.requestDetails(listed, request, input('/v2/things/1')));
    expect(items).toEqual([expect.objectContaining({ type: 'int_parsing', loc: ['body', 'list', 0, 'n'] })]);
    expect(ahead.size).toBe(1);
    const none = await translator.walkAhead(
      { ...listed, requestSchema: undefined },
      request,
      new Slices(() => Promise.resolve()),
    );
    expect(none.size).toBe(0);
  });

  it('--max-errors bounds the errors of the parameters and the body together: one past the bound is refused', () => {
    // Three parameter errors (path, header, cookie) and one body error (name missing): four in all.
    const request = [thing, received({}, { query: {} }), input('/v2/things/0', { cookie: 'session=a' })] as const;
    expect(createTranslator(validator, 4).requestDetails(...request)).toHaveLength(4);
    expect(() => createTranslator(validator, 3).requestDetails(...request)).toThrow(
      expect.objectContaining({ body: expect.objectContaining({ limit: 'max-errors', max: 3 }) }),
    );
    expect(() => createTranslator(validator, 2).requestDetails(...request)).toThrow(LimitError);
  });

  it('parameters are read as FastAPI reads them (lax mode, from their text), in path, query, header, cookie order', () => {
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { ratio: ' 0.5 ', plain: 'yes' } }),
        input('/v2/things/0', { cookie: 'a=b; session=a=' }),
      ),
    ).toEqual([
      {
        type: 'greater_than_equal',
        loc: ['path', 'count'],
        msg: 'Input should be greater than or equal to 1',
        input: '0',
        ctx: { ge: 1 },
      },
      { type: 'missing', loc: ['header', 'X-Mode'], msg: 'Field required', input: null },
      {
        type: 'string_too_short',
        loc: ['cookie', 'session'],
        msg: 'String should have at least 3 characters',
        input: 'a=',
        ctx: { min_length: 3 },
      },
    ]);
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { plain: 'maybe' } }),
        input('/v2/things/2', { 'x-mode': 'a', cookie: 'session=x' }),
      ),
    ).toEqual([
      {
        type: 'bool_parsing',
        loc: ['query', 'plain'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'maybe',
      },
      {
        type: 'string_too_short',
        loc: ['cookie', 'session'],
        msg: 'String should have at least 3 characters',
        input: 'x',
        ctx: { min_length: 3 },
      },
    ]);
    // A string parameter stays the text; an enum of booleans is a Literal, which pydantic does not read
    // from text ("true" is not True), as it does not for a literal in a body.
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { Flag: 'true', ratio: '0.5' } }),
        input('/v2/things/2', { 'x-mode': 'a', cookie: 'session=true' }),
      ),
    ).toEqual([
      { type: 'enum', loc: ['query', 'Flag'], msg: 'Input should be True', input: 'true', ctx: { expected: 'True' } },
    ]);
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { Flag: 'false', ratio: '1.5' } }),
        input('/v2/things/2', { 'x-mode': 'a', cookie: 'session=123' }),
      ),
    ).toEqual([
      { type: 'enum', loc: ['query', 'Flag'], msg: 'Input should be True', input: 'false', ctx: { expected: 'True' } },
      {
        type: 'less_than_equal',
        loc: ['query', 'ratio'],
        msg: 'Input should be less than or equal to 1',
        input: '1.5',
        ctx: { le: 1 },
      },
    ]);
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { plain: 'false' } }),
        input('/v2/things/2', { 'x-mode': 'a' }),
      ),
    ).toEqual([]);
    // A repeated query parameter is a list, read as it is.
    expect(
      translator.requestDetails(
        thing,
        received({ name: 'n' }, { query: { plain: ['true', 'true'], ratio: ['0.5', '0.5'] } }),
        input('/v2/things/2', { 'x-mode': 'a' }),
      ),
    ).toEqual([
      { type: 'float_type', loc: ['query', 'ratio'], msg: 'Input should be a valid number', input: ['0.5', '0.5'] },
      { type: 'bool_type', loc: ['query', 'plain'], msg: 'Input should be a valid boolean', input: ['true', 'true'] },
    ]);

    expect(
      translator.requestDetails(thing, received({ name: 'n' }), input('/v2/things/ 2 ', { 'x-mode': 'b' })),
    ).toEqual([]);
    expect(
      translator.requestDetails(thing, received({ name: 'n' }), input('/v2/things/%20', { 'x-mode': 'b' }))[0],
    ).toMatchObject({ type: 'int_parsing', input: ' ' });
  });

  it('a body: its items; an absent body or a null one is no body: missing where it is required', () => {
    const ok = { 'x-mode': 'a' };
    expect(translator.requestDetails(thing, received({}), input('/v2/things/1', ok))).toEqual([
      { type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: {} },
    ]);
    expect(translator.requestDetails(thing, received(null, { absent: true }), input('/v2/things/1', ok))).toEqual([]);
    const required = { ...thing, bodyRequired: true };
    expect(translator.requestDetails(required, received(null, { absent: true }), input('/v2/things/1', ok))).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ]);
    expect(translator.requestDetails(required, received(null), input('/v2/things/1', ok))).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ]);
    // A JSON null where the body is not required is no body, as FastAPI reads `Optional[Model] = None`.
    expect(translator.requestDetails(thing, received(null), input('/v2/things/1', ok))).toEqual([]);
    expect(translator.requestDetails(required, received({ name: 'n' }), input('/v2/things/1', ok))).toEqual([]);
    // An operation that takes no body checks none, even one it calls required.
    expect(
      translator.requestDetails(
        { ...required, requestSchema: undefined },
        received(null, { absent: true }),
        input('/v2/things/1', ok),
      ),
    ).toEqual([]);
  });

  it('an input nested deeper than 200 levels is not echoed', () => {
    const nested = (levels: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    const echoed = (value: unknown) =>
      translator.requestDetails(thing, received({ name: value }), input('/v2/things/1', { 'x-mode': 'a' }))[0]?.input;
    expect(echoed(nested(201))).toBe('<input nested deeper than 200 levels>');
    expect(echoed(nested(200))).toEqual(nested(200));
    expect(echoed(nested(3))).toEqual(nested(3));
  });

  it("Prism's violations, when the walker finds none: each keyword's pydantic type, the 415 as the content type's error", () => {
    const v = (code: string | number, path?: string[]) => ({
      code,
      message: `m ${code}`,
      severity: 0,
      ...(path ? { path } : {}),
    });
    expect(
      translateViolations(
        [v('required', ['body', 'a']), v('maximum', ['body', 'n']), v('pattern'), v('weird', ['body']), v(415)],
        { 'content-type': 'text/plain' },
      ),
    ).toEqual([
      { type: 'missing', loc: ['body', 'a'], msg: 'm required', input: null },
      { type: 'less_than_equal', loc: ['body', 'n'], msg: 'm maximum', input: null },
      { type: 'string_pattern_mismatch', loc: ['body'], msg: 'm pattern', input: null },
      { type: 'value_error', loc: ['body'], msg: 'Value error, m weird', input: null, ctx: { error: 'm weird' } },
      {
        type: 'value_error',
        loc: ['header', 'content-type'],
        msg: 'Value error, m 415',
        input: 'text/plain',
        ctx: { error: 'm 415' },
      },
    ]);
    expect(translateViolations([v(415)], {})[0]?.input).toBeNull();
    expect(translateViolations([v('minLength', [])], {})[0]?.loc).toEqual(['body']);
    const types = {
      required: 'missing',
      additionalProperties: 'extra_forbidden',
      minLength: 'string_too_short',
      maxLength: 'string_too_long',
      pattern: 'string_pattern_mismatch',
      minimum: 'greater_than_equal',
      maximum: 'less_than_equal',
      exclusiveMinimum: 'greater_than',
      exclusiveMaximum: 'less_than',
      multipleOf: 'multiple_of',
      minItems: 'too_short',
      maxItems: 'too_long',
      enum: 'enum',
      const: 'literal_error',
    };
    expect(
      Object.fromEntries(
        Object.keys(types).map((code) => [code, translateViolations([v(code, ['body'])], {})[0]?.type]),
      ),
    ).toEqual(types);
  });

  it('the 401 body names every accepted credential, a scheme set of two as all_of', () => {
    const resource = {
      security: [
        [{ key: 'APIKeyHeader', type: 'apiKey', in: 'header', name: 'Service-AO-API-Key' }],
        [{ key: 'HTTPBasic', type: 'http', scheme: 'Basic' }],
        [{ key: 'Bearer', type: 'http', scheme: 'bearer' }],
        [
          { key: 'OAuth2', type: 'oauth2' },
          { key: 'Cookie', type: 'apiKey', in: 'cookie', name: 'sid' },
        ],
        [],
      ],
    } as unknown as Resource;
    expect(unauthorizedBody(resource)).toEqual({
      detail:
        'Not authenticated: send one of Service-AO-API-Key (header); Authorization: Basic <base64 of username:password>; Authorization: bearer <credentials>; Authorization: Bearer <access token> and sid (cookie)',
      accepted_credentials: [
        { scheme: 'APIKeyHeader', in: 'header', name: 'Service-AO-API-Key', value: '<API key>' },
        { scheme: 'HTTPBasic', in: 'header', name: 'Authorization', value: 'Basic <base64 of username:password>' },
        { scheme: 'Bearer', in: 'header', name: 'Authorization', value: 'bearer <credentials>' },
        {
          all_of: [
            { scheme: 'OAuth2', in: 'header', name: 'Authorization', value: 'Bearer <access token>' },
            { scheme: 'Cookie', in: 'cookie', name: 'sid', value: '<API key>' },
          ],
        },
      ],
    });
    expect(unauthorizedBody(undefined)).toEqual({
      detail: 'Not authenticated: send one of ',
      accepted_credentials: [],
    });
  });

  it("a 422 keeps Prism's 422 response (its headers) or makes one", () => {
    const items = [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }];
    const prism422 = { statusCode: 422, headers: { 'Content-type': 'application/json', 'x-a': '1' }, body: {} };
    expect(unprocessable(prism422, items, '')).toEqual({ ok: true, value: { ...prism422, body: { detail: items } } });
    expect(unprocessable(undefined, items, '')).toEqual({
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: items } },
    });
    expect(unprocessable({ statusCode: 200, headers: { 'x-a': '1' }, body: {} }, items, '')).toEqual({
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: items } },
    });
  });
});
