// The mock's pure stages called without a socket, each answer pinned as a client sees it, and
// what no request through the real spec reaches (the loud fallbacks other than `example`, which
// test/process/fallbacks.test.ts has through HTTP; the cut of an sl-violations header too long for a header;
// the routing of path segments that do not percent-decode):
//   - parse (src/mock/request/parse.ts): what a body is read as, per content type and bytes;
//   - translate (src/mock/service/translate.ts): the service's 422 items for parameters (path,
//     query, header, cookie, coerced as FastAPI reads them), bodies, and deep inputs, bounded as one
//     list by --max-errors; the 401 body; Prism's violations when the walker finds nothing;
//   - write (src/mock/reply/write.ts): the status, headers and body of every kind of outcome;
//   - respond (src/mock/service/respond.ts): json_invalid first, the 422 items, what Prism lets
//     through, the reflection and the state on a 2xx, the fallbacks that fired, a limit's refusal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Prism } from '../../../src/mock/prism/modules.js';
import type { Choice } from '../../../src/mock/prism/adapter.js';
import { Fallbacks } from '../../../src/mock/common/fallbacks.js';
import { LimitError } from '../../../src/mock/common/limits.js';
import type { Logger } from '../../../src/mock/prism/log.js';
import type { IHttpRequest, IHttpResponse, IPrismInput, Resource } from '../../../src/mock/prism/prism-types.js';
import { createValidator } from '../../../src/mock/service/pydantic.js';
import { createReflector, type Reflector } from '../../../src/mock/service/reflect.js';
import { Spec, type Document, type Operation } from '../../../src/mock/prism/spec.js';
import { StateFullError, type State } from '../../../src/mock/service/state.js';
import { parseBody, prismInput, type Received } from '../../../src/mock/request/parse.js';
import { createResponder, type ResponderParts } from '../../../src/mock/service/respond.js';
import { decodablePath, route } from '../../../src/mock/request/route.js';
import {
  createTranslator,
  translateViolations,
  unauthorizedBody,
  unprocessable,
} from '../../../src/mock/service/translate.js';
import { createWriter } from '../../../src/mock/reply/write.js';
import { specPath } from '../../support/spec.js';

const spec = new Spec(JSON.parse(readFileSync(specPath, 'utf8')) as Document);
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

/** A logger that keeps each line as the mock's log shows it: `<level> [<name>] <METHOD path> <message>`. */
function recording(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (fields: { name?: string; input?: { method?: string; url?: { path?: string } } }, message: string) =>
      void lines.push(
        `${level}${fields.name ? ` [${fields.name}]` : ''}${fields.input ? ` ${fields.input.method?.toUpperCase()} ${fields.input.url?.path}` : ''} ${message}`,
      );
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('parse', () => {
  const parse = (text: string | Buffer, contentType: string | undefined = 'application/json', query = {}) =>
    parseBody(typeof text === 'string' ? Buffer.from(text) : text, contentType, query);

  it('a JSON body, in every JSON media type, is parsed; its text is kept', () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/vnd.api+json',
      ' application/json ;x=1',
    ]) {
      expect(parse('{"a": [1, 2]}', type)).toEqual({
        query: {},
        absent: false,
        body: { a: [1, 2] },
        text: '{"a": [1, 2]}',
        unchecked: false,
      });
    }
  });

  it('another content type, or none, reaches validation as text', () => {
    for (const type of [
      'text/plain',
      'application/jsonx',
      'application/x+jsonp',
      'xapplication/vnd.api+json',
      'json',
      '',
    ]) {
      expect(parse('{"a": 1}', type), type).toEqual({
        query: {},
        absent: false,
        body: '{"a": 1}',
        text: '{"a": 1}',
        unchecked: true,
      });
    }
  });

  it('no bytes: an absent body (null, not parsed)', () => {
    expect(parse('')).toEqual({ query: {}, absent: true, body: null, text: '', unchecked: false });
  });

  it('a BOM is skipped; what Python rejects keeps its reason and position', () => {
    expect(parse('\ufeff{"a": 1}')).toMatchObject({ body: { a: 1 } });
    expect(parse('{"a": }')).toMatchObject({ jsonError: { msg: 'Expecting value', pos: 6 }, body: '{"a": }' });
    expect(parse(Buffer.from([0x7b, 0xff, 0x7d]))).toMatchObject({ jsonError: { pos: 0 } });
  });

  it('what Prism does not validate is marked unchecked: a JSON null, \\u escapes of surrogates, numbers that overflow to Infinity', () => {
    for (const text of ['null', '{"a": "\\ud800"}', '{"a": "\\uDC00"}', '{"a": 1e400}', `{"a": ${'9'.repeat(309)}}`]) {
      expect(parse(text), text).toMatchObject({ unchecked: true });
    }
    for (const text of ['{"a": "\\u00e9"}', '{"a": 1e30}', '{"a": "1e400"}'.replace('"1e400"', '1.5')]) {
      expect(parse(text), text).toMatchObject({ unchecked: false });
    }
  });

  it("Prism's request: the method lower-cased (GET when none), the routed path and query, the headers, the body (null when absent)", () => {
    const routed = route('/v2/x/%ZZ?a=1&__server=http%3A%2F%2Fup');
    if (routed.kind !== 'api') throw new Error('routed');
    const received = parse('{"a":1}', 'application/json', routed.query);
    expect(prismInput('PUT', routed, { host: 'h' }, received)).toEqual({
      method: 'put',
      url: { path: '/v2/x/%25ZZ', baseUrl: 'http://up', query: { a: '1', __server: 'http://up' } },
      headers: { host: 'h' },
      body: { a: 1 },
    });
    expect(prismInput(undefined, routed, {}, parse(''))).toMatchObject({ method: 'get', body: null });
  });
});

describe('route: paths and their parameters', () => {
  it('a target that does not parse as a URL is routed as sent, with no query', () => {
    expect(route('//')).toEqual({ kind: 'api', path: '//', query: {}, baseUrl: undefined });
    expect(route(undefined)).toEqual({ kind: 'api', path: '/', query: {}, baseUrl: undefined });
    expect(route('/v2/a/../b?x=1')).toEqual({ kind: 'api', path: '/v2/a/../b', query: { x: '1' }, baseUrl: undefined });
    expect(route('/__mock/reset/')).toMatchObject({ kind: 'api' });
    // The absolute form (a proxy's request line): its path.
    expect(route('http://mock.example/v2/x?a=1')).toEqual({
      kind: 'api',
      path: '/v2/x',
      query: { a: '1' },
      baseUrl: undefined,
    });
  });

  it('decodablePath keeps what decodes and re-encodes, byte by byte, what does not', () => {
    expect(decodablePath('/v2/a%20b/c')).toBe('/v2/a%20b/c');
    expect(decodablePath('/v2/%E2%82%AC/%e2%82')).toBe('/v2/%E2%82%AC/%EF%BF%BD');
    expect(decodablePath('/v2/100%/€%')).toBe('/v2/100%25/%E2%82%AC%25');
  });
});

describe('translate', () => {
  const validator = createValidator(spec, {});
  const translator = createTranslator(validator);
  const received = (body: unknown, extra: Partial<Received> = {}): Received => ({
    query: {},
    absent: false,
    body,
    text: JSON.stringify(body),
    unchecked: false,
    ...extra,
  });
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
    expect(unprocessable(prism422, items)).toEqual({ ok: true, value: { ...prism422, body: { detail: items } } });
    expect(unprocessable(undefined, items)).toEqual({
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: items } },
    });
    expect(unprocessable({ statusCode: 200, headers: { 'x-a': '1' }, body: {} }, items)).toEqual({
      ok: true,
      value: { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: items } },
    });
  });
});

describe('write', () => {
  const problems: unknown[] = [];
  const prism = {
    ProblemJsonError: {
      toProblemJson: (error: Error | undefined) => ({ type: 'problem', title: error?.message }),
      fromTemplate: (template: unknown, detail: string, additional: unknown) => {
        problems.push({ template, detail, additional });
        return Object.assign(new Error('violations'), { status: 500, additional: { headers: { 'x-problem': '1' } } });
      },
    },
    problems: { VIOLATIONS: { type: 'VIOLATIONS' } },
  } as unknown as Prism;
  const request = (): IHttpRequest => ({ method: 'put', url: { path: '/v2/things' }, headers: {}, body: {} });

  it("Prism's problem: its status and problem+json; a 401: the accepted credentials; none: 500", () => {
    const { lines, logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const notFound = Object.assign(new Error('Route not resolved'), {
      status: 404,
      additional: { headers: { 'x-h': 'v' } },
    });
    expect(writer.reply({ kind: 'problem', error: notFound, fallbacks: [] }, request())).toEqual({
      status: 404,
      headers: [
        ['x-h', 'v'],
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', 47],
      ],
      body: '{"type":"problem","title":"Route not resolved"}',
    });
    expect(lines).toEqual([
      'error [HTTP SERVER] PUT /v2/things Request terminated with error: Error: Route not resolved',
    ]);
    expect(writer.reply({ kind: 'problem', error: new Error('boom'), fallbacks: [] }, request()).status).toBe(500);
    expect(writer.reply({ kind: 'problem', error: undefined, fallbacks: [] }, request())).toMatchObject({
      status: 500,
      headers: [
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    const noCredential = Object.assign(new Error('no'), {
      status: 401,
      additional: { headers: { 'WWW-Authenticate': 'Bearer' } },
    });
    const unauthorized = writer.reply({ kind: 'problem', error: noCredential, fallbacks: [] }, request());
    expect(unauthorized).toMatchObject({
      status: 401,
      headers: [
        ['WWW-Authenticate', 'Bearer'],
        ['Content-Type', 'application/json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    expect(JSON.parse(unauthorized.body as string)).toEqual(unauthorizedBody(undefined));
    // With the operation it was routed to: the credentials that operation accepts.
    const resource = {
      security: [[{ key: 'APIKeyHeader', type: 'apiKey', in: 'header', name: 'Service-AO-API-Key' }]],
    } as unknown as Resource;
    const named = writer.reply({ kind: 'problem', error: noCredential, resource, fallbacks: [] }, request());
    expect(JSON.parse(named.body as string)).toEqual(unauthorizedBody(resource));
    expect(JSON.parse(named.body as string).accepted_credentials).toEqual([
      { scheme: 'APIKeyHeader', in: 'header', name: 'Service-AO-API-Key', value: '<API key>' },
    ]);
    // A 401 is no error of the mock: not logged.
    expect(lines).toHaveLength(3);
  });

  it('sl-violations of exactly 8 KiB less 100 characters is sent whole; one more is cut', () => {
    const { logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const header = (length: number) => {
      const base = JSON.stringify([{ location: ['request'], severity: 'Hint', code: 'x', message: '' }]).length;
      const reply = writer.reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: {}, body: {} },
          validations: { input: [{ severity: 3, code: 'x', message: 'm'.repeat(length - base) }], output: [] },
          fallbacks: [],
        },
        request(),
      );
      return reply.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
    };
    expect(header(8 * 1024 - 100).startsWith('[{')).toBe(true);
    expect(header(8 * 1024 - 99).startsWith('Too many violations! [{')).toBe(true);
  });

  it('a refusal: its status and body', () => {
    const { logger } = recording();
    const refused = new LimitError('too much', 'max-results', 5);
    expect(
      createWriter({ prism, logger, fallbacks: new Fallbacks(logger) }).reply(
        { kind: 'refused', refused, fallbacks: ['ignored'] },
        request(),
      ),
    ).toEqual({
      status: 413,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(JSON.stringify(refused.body))],
      ],
      body: JSON.stringify(refused.body),
    });
  });

  it("violations: in sl-violations (non-Latin-1 escaped), warnings and hints logged, errors not; a response error becomes Prism's problem", () => {
    const { lines, logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const input = [
      { severity: 0, code: 'type', message: 'must be string – “€” é\u007f', path: ['body', 'a'] },
      { severity: 1, code: 'deprecated', message: 'old', path: ['query', 'q'] },
      { severity: 3, code: 'hint', message: 'hm' },
    ];
    const ok = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { x: 'é' } },
        validations: { input, output: [] },
        fallbacks: [],
      },
      request(),
    );
    const header = ok.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
    expect(header).toBe(
      '[{"location":["request","body","a"],"severity":"Error","code":"type","message":"must be string \\u2013 \\u201c\\u20ac\\u201d \\u00e9\\u007f"},{"location":["request","query","q"],"severity":"Warning","code":"deprecated","message":"old"},{"location":["request"],"severity":"Hint","code":"hint","message":"hm"}]',
    );
    expect(JSON.parse(header)[0].message).toBe(input[0]?.message);
    expect(ok).toMatchObject({ status: 200, body: '{"x":"é"}' });
    expect(ok.headers.at(-1)).toEqual(['Content-Length', 10]);
    expect(lines).toEqual([
      'warn [VALIDATOR] PUT /v2/things Violation: request.query.q old',
      'info [VALIDATOR] PUT /v2/things Violation: request hm',
    ]);

    const outputError = { severity: 0, code: 'required', message: 'missing id', path: ['body'] };
    const failed = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: {}, body: {} },
        validations: { input: [], output: [outputError] },
        fallbacks: [],
      },
      request(),
    );
    expect(failed).toMatchObject({
      status: 500,
      headers: [
        ['sl-violations', expect.stringContaining('"response","body"')],
        ['x-problem', '1'],
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    expect(problems.at(-1)).toEqual({
      template: prism.problems.VIOLATIONS,
      detail:
        'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.',
      additional: {
        validation: [{ location: ['response', 'body'], severity: 'Error', code: 'required', message: 'missing id' }],
      },
    });
    const warnedOutput = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: {}, body: {} },
        validations: { input: [], output: [{ ...outputError, severity: 1 }] },
        fallbacks: [],
      },
      request(),
    );
    expect(warnedOutput.status).toBe(200);
  });

  it('the body: JSON unless it is a string under a non-JSON type; none without a body; the headers Prism set, unset ones left out; the fallbacks named', () => {
    const { logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const reply = (headers: Record<string, unknown>, body: unknown, fallbacks: string[] = []) =>
      writer.reply(
        {
          kind: 'output',
          output: { statusCode: 201, headers: headers as Record<string, string>, body },
          validations: { input: [], output: [] },
          fallbacks,
        },
        request(),
      );
    expect(reply({ 'Content-Type': 'text/plain' }, 'plain')).toMatchObject({ body: 'plain' });
    expect(reply({ 'content-type': 'application/json', 'Content-Type': 'text/csv' }, 'a,b')).toMatchObject({
      body: 'a,b',
    });
    expect(reply({ 'Content-Type': 'application/problem+JSON' }, 'text')).toMatchObject({ body: '"text"' });
    expect(reply({}, 'text')).toMatchObject({ body: 'text' });
    expect(reply({ 'Content-Type': 'application/json', 'X-Note': 'text/plain' }, 'text')).toMatchObject({
      body: '"text"',
    });
    expect(reply({ a: undefined, b: null, c: 0, d: ['1', '2'] }, undefined)).toEqual({
      status: 201,
      headers: [
        ['c', 0],
        ['d', ['1', '2']],
      ],
    });
    expect(reply({}, {}, ['example', 'prism-response']).headers).toEqual([
      ['X-Mock-Fallback', 'example, prism-response'],
      ['Content-Length', 2],
    ]);
    expect(() => reply({}, { big: 1n })).toThrow(/BigInt/);
  });
});

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
  const received = (body: unknown, extra: Partial<Received> = {}): Received => ({
    query: {},
    absent: false,
    body,
    text: JSON.stringify(body),
    unchecked: false,
    ...extra,
  });
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
      result: unprocessable(undefined, [decodeItem]),
      fallbacks: [],
    });
    const unauthorized: Choice = { ok: false, error: Object.assign(new Error('no credential'), { status: 401 }) };
    expect(respond(unauthorized, { data: data(SIGNALS, '{"a": }'), validations: [] }, signals, request).result).toEqual(
      unprocessable(undefined, [decodeItem]),
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
      result: unprocessable((prism422 as { value: IHttpResponse }).value, [
        { type: 'string_type', loc: ['body', 'email'], msg: 'Input should be a valid string', input: 5 },
      ]),
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
      result: unprocessable(undefined, [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]),
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

  describe('route', () => {
    it('re-encodes a segment that does not percent-decode as uvicorn reads it, and keeps every query value', () => {
      expect(route('/v2/projects/%ZZ/runs/%C3%28/x?a=1&a=2&__server=http%3A%2F%2Fup.example')).toEqual({
        kind: 'api',
        path: '/v2/projects/%25ZZ/runs/%EF%BF%BD(/x',
        query: { a: ['1', '2'], __server: 'http://up.example' },
        baseUrl: 'http://up.example',
      });
      expect(route('/__mock/reset?session=a')).toEqual({ kind: 'reset' });
      expect(route('/__mock/fallbacks')).toEqual({ kind: 'fallbacks' });
      expect(route('/__mock/requests?x=1')).toEqual({ kind: 'requests' });
    });
  });

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

  describe('write', () => {
    const prism = {} as Prism; // the paths below use none of Prism's pieces

    it('example-unserializable: a reflected body that cannot be serialized sends the example, loudly', () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reply = createWriter({ prism, logger, fallbacks }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 10n } },
          validations: { input: [], output: [] },
          example: { body: { name: 'example' } },
          fallbacks: [],
        },
        data,
      );
      expect(reply).toEqual({
        status: 200,
        headers: [
          ['Content-type', 'application/json'],
          ['X-Mock-Fallback', 'example-unserializable'],
          ['Content-Length', 18],
        ],
        body: '{"name":"example"}',
      });
      expect(fallbacks.report()).toEqual({ total: 1, fallbacks: { 'example-unserializable': 1 } });
      expect(lines[0]).toMatch(
        /^warn \[FALLBACK\] POST \/v2\/things example-unserializable: the reflected response cannot be serialized, sending the example: TypeError/,
      );
    });

    it('a serializable body answers as it is, with no X-Mock-Fallback header', () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reply = createWriter({ prism, logger, fallbacks }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 'sent' } },
          validations: { input: [], output: [] },
          example: { body: { name: 'example' } },
          fallbacks: [],
        },
        data,
      );
      expect(reply).toEqual({
        status: 200,
        headers: [
          ['Content-type', 'application/json'],
          ['Content-Length', 15],
        ],
        body: '{"name":"sent"}',
      });
      expect(fallbacks.report().total).toBe(0);
      expect(lines).toEqual([]);
    });

    it("cuts sl-violations as Prism's HTTP server does, past 8 KiB less 100 characters", () => {
      const { logger } = recording();
      const violations = Array.from({ length: 400 }, (_, i) => ({
        severity: 1,
        code: 'x',
        message: `warning ${i}`,
        path: ['body', `field_${i}`],
      }));
      const reply = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: {}, body: {} },
          validations: { input: violations, output: [] },
          fallbacks: [],
        },
        data,
      );
      const header = reply.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
      expect(
        header.startsWith('Too many violations! [{"location":["request","body","field_0"],"severity":"Warning"'),
      ).toBe(true);
      expect(header.length).toBe('Too many violations! '.length + 8 * 1024 - 100);
    });
  });
});
