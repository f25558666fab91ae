// The verifier's checks (src/verify/checks.ts), called in-process on exchanges built here: which
// check fails for which answer, with which message, and which repeats are one fault (the key the
// report groups by).
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  acceptsValidRequest,
  answersOverHttp,
  answersWithinTimeout,
  checksOfKind,
  describeSchemaError,
  everyAnswer,
  invalidRequestGets422,
  noServerError,
  rejectsInvalidRequest,
  rejectsMissingCredential,
  responseIsJson,
  responseSchemaConformance,
  validationErrorLocatesViolation,
  validationErrorShape,
  type Check,
} from '../../../src/verify/checks.js';
import type { Constraint } from '../../../src/verify/constraints.js';
import type { Exchange, Outcome } from '../../../src/verify/exchange.js';
import { operations, type Operation } from '../../../src/verify/operations.js';
import type { RawSchema } from '../../../src/verify/schema.js';
import { validatorOf } from '../../../src/verify/validate.js';

const op = (id: string): Operation => operations.find((o) => o.id === id)!;
const loginSocial = op('loginSocial');
const response = (
  status: number,
  body: unknown,
  extra: Partial<Extract<Outcome, { type: 'response' }>> = {},
): Outcome => ({ type: 'response', status, contentType: 'application/json', body, ...extra });
const exchange = (
  outcome: Outcome,
  kind: Exchange['kind'] = 'valid',
  operation: Operation = loginSocial,
  label = 'generated request 1 (variant 1 of 4)',
): Exchange => ({
  operation,
  kind,
  label,
  sent: 'POST /v2/login/social {}',
  outcome,
  ms: 1,
});
const run = (check: Check, ex: Exchange, constraint?: Constraint) =>
  check.run(ex, { timeoutMs: 5000, ...(constraint ? { constraint } : {}) });
/** An operation whose 200 schema is `schema`. */
const answering = (schema: RawSchema): Operation => ({ ...loginSocial, validateResponse: validatorOf(schema) });

describe('checks of every answer', () => {
  it('answers_within_timeout: a timeout, with the limit', () => {
    expect(run(answersWithinTimeout, exchange({ type: 'timeout' }))).toEqual([
      { key: 'timeout', message: 'no complete answer within 5000 ms' },
    ]);
    expect(run(answersWithinTimeout, exchange(response(200, {})))).toEqual([]);
  });

  it('no_server_error: any 5xx, one fault per status', () => {
    expect(run(noServerError, exchange(response(500, {})))).toEqual([{ key: 'status 500', message: 'answered 500' }]);
    expect(run(noServerError, exchange(response(503, undefined, { notJson: 'not JSON' })))).toEqual([
      { key: 'status 503', message: 'answered 503' },
    ]);
    expect(run(noServerError, exchange(response(499, {})))).toEqual([]);
    expect(run(noServerError, exchange({ type: 'timeout' }))).toEqual([]);
  });

  it('answers_over_http: a refused or reset connection, with its cause', () => {
    expect(run(answersOverHttp, exchange({ type: 'network error', message: 'fetch failed (ECONNRESET)' }))).toEqual([
      { key: 'fetch failed (ECONNRESET)', message: 'no HTTP answer: fetch failed (ECONNRESET)' },
    ]);
    expect(run(answersOverHttp, exchange({ type: 'timeout' }))).toEqual([]);
  });

  it('response_is_json: an answer that is not a JSON body, by content type or by what the body is', () => {
    expect(
      run(responseIsJson, exchange(response(200, undefined, { contentType: 'text/html', notJson: 'not JSON' }))),
    ).toEqual([
      { key: '200 content-type text/html', message: 'the 200 answer is not a JSON body: content-type text/html' },
    ]);
    expect(run(responseIsJson, exchange(response(404, undefined, { contentType: null, notJson: 'not JSON' })))).toEqual(
      [{ key: '404 content-type missing', message: 'the 404 answer is not a JSON body: content-type missing' }],
    );
    expect(run(responseIsJson, exchange(response(422, undefined, { notJson: 'empty body' })))).toEqual([
      { key: '422 empty body', message: 'the 422 answer is not a JSON body: empty body' },
    ]);
    expect(run(responseIsJson, exchange(response(200, undefined, { notJson: 'invalid JSON' })))).toEqual([
      { key: '200 invalid JSON', message: 'the 200 answer is not a JSON body: invalid JSON' },
    ]);
    // a 5xx is named by no_server_error alone
    expect(
      run(responseIsJson, exchange(response(500, undefined, { contentType: 'text/html', notJson: 'not JSON' }))),
    ).toEqual([]);
    expect(
      run(responseIsJson, exchange(response(499, undefined, { contentType: 'text/html', notJson: 'not JSON' }))),
    ).toHaveLength(1);
    expect(run(responseIsJson, exchange(response(200, {})))).toEqual([]);
    expect(run(responseIsJson, exchange({ type: 'timeout' }))).toEqual([]);
  });

  it('response_schema_conformance: each error of a 200 body, with pointer, keyword, the rule and what came', () => {
    expect(
      run(responseSchemaConformance, exchange(response(200, { access_token: 't', token_type: 'Bearer' }))),
    ).toEqual([
      { key: '/token_type const', message: '/token_type (const): must be equal to constant, received "Bearer"' },
    ]);
    expect(
      run(responseSchemaConformance, exchange(response(200, { access_token: 't', token_type: 'bearer' }))),
    ).toEqual([]);
    // not a 200, or not JSON: not judged here
    expect(run(responseSchemaConformance, exchange(response(201, { token_type: 'x' })))).toEqual([]);
    expect(run(responseSchemaConformance, exchange(response(200, undefined, { notJson: 'invalid JSON' })))).toEqual([]);
    expect(run(responseSchemaConformance, exchange({ type: 'timeout' }))).toEqual([]);
  });

  it('response_schema_conformance: array indexes are one fault; errors inside a union are said once, by the union', () => {
    const items = answering({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
      },
    });
    const problems = run(
      responseSchemaConformance,
      exchange(response(200, { items: [{ id: 'a' }, {}, { id: 'c' }, {}] }), 'valid', items),
    );
    expect(problems).toEqual([
      { key: '/items/*/id required', message: '/items/1/id (required): missing, though the schema requires it' },
      { key: '/items/*/id required', message: '/items/3/id (required): missing, though the schema requires it' },
    ]);
    const union = answering({
      type: 'object',
      properties: { s: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, t: { type: 'boolean' } },
    });
    expect(run(responseSchemaConformance, exchange(response(200, { s: true, t: 1 }), 'valid', union))).toEqual([
      { key: '/s oneOf', message: '/s (oneOf): must match exactly one schema in oneOf, received true' },
      { key: '/t type', message: '/t (type): must be boolean, received 1' },
    ]);
    const nested = answering({ anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] });
    expect(run(responseSchemaConformance, exchange(response(200, { a: 1 }), 'valid', nested))).toEqual([
      { key: '/ anyOf', message: '/ (anyOf): must match a schema in anyOf, received {"a":1}' },
    ]);
    // an error beside a union, at a place that merely starts the same way, is kept
    const beside = answering({
      type: 'object',
      properties: { ab: { anyOf: [{ type: 'string' }] }, abc: { type: 'string' } },
    });
    expect(
      run(responseSchemaConformance, exchange(response(200, { ab: 1, abc: 1 }), 'valid', beside)).map((p) => p.key),
    ).toEqual(['/ab anyOf', '/abc type']);
    // a union inside a union's branch is said too (only plain errors inside a union are left to it)
    const inOneOf = answering({ oneOf: [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, { type: 'string' }] });
    expect(run(responseSchemaConformance, exchange(response(200, true), 'valid', inOneOf)).map((p) => p.key)).toEqual([
      '/ anyOf',
      '/ oneOf',
    ]);
    const inAnyOf = answering({ anyOf: [{ oneOf: [{ type: 'integer' }, { type: 'null' }] }, { type: 'string' }] });
    expect(run(responseSchemaConformance, exchange(response(200, true), 'valid', inAnyOf)).map((p) => p.key)).toEqual([
      '/ oneOf',
      '/ anyOf',
    ]);
    // only a union's branches are left to it: an error under another keyword's error is said too
    const names = answering({ type: 'object', propertyNames: { pattern: '^a' } });
    expect(run(responseSchemaConformance, exchange(response(200, { b: 1 }), 'valid', names)).map((p) => p.key)).toEqual(
      ['/ pattern', '/ propertyNames'],
    );
    // an index of any length, and an index at the end of the pointer, are grouped
    const list = answering({ type: 'array', items: { type: 'integer' } });
    expect(
      run(responseSchemaConformance, exchange(response(200, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 'x']), 'valid', list)),
    ).toEqual([{ key: '/* type', message: '/11 (type): must be integer, received "x"' }]);
  });

  it('validation_error_shape: a 422 body that is not an HTTPValidationError', () => {
    expect(run(validationErrorShape, exchange(response(422, { detail: 'wrong' })))).toEqual([
      {
        key: '/detail type',
        message: 'the 422 body is not an HTTPValidationError: /detail (type): must be array, received "wrong"',
      },
    ]);
    expect(run(validationErrorShape, exchange(response(422, { detail: [{ loc: ['body'], msg: 'm' }] })))).toEqual([
      {
        key: '/detail/*/type required',
        message:
          'the 422 body is not an HTTPValidationError: /detail/0/type (required): missing, though the schema requires it',
      },
    ]);
    expect(
      run(validationErrorShape, exchange(response(422, { detail: [{ loc: ['body'], msg: 'm', type: 't' }] }))),
    ).toEqual([]);
    expect(run(validationErrorShape, exchange(response(400, { detail: 'wrong' })))).toEqual([]);
    expect(run(validationErrorShape, exchange(response(422, undefined, { notJson: 'empty body' })))).toEqual([]);
    expect(run(validationErrorShape, exchange({ type: 'timeout' }))).toEqual([]);
  });
});

describe('describeSchemaError', () => {
  const error = (e: Partial<ErrorObject>): ErrorObject =>
    ({ keyword: 'type', instancePath: '', schemaPath: '#', params: {}, ...e }) as ErrorObject;
  it('names the property of required and additionalProperties, quotes an enum, reads ~1 and ~0 in pointers', () => {
    expect(
      describeSchemaError(error({ keyword: 'required', instancePath: '/data', params: { missingProperty: 'id' } }), {}),
    ).toEqual({ pointer: '/data/id', text: '/data/id (required): missing, though the schema requires it' });
    expect(
      describeSchemaError(
        error({
          keyword: 'additionalProperties',
          instancePath: '/data',
          params: { additionalProperty: 'x' },
          message: 'must NOT have additional properties',
        }),
        { data: { x: [1] } },
      ),
    ).toEqual({
      pointer: '/data/x',
      text: '/data/x (additionalProperties): must NOT have additional properties, received [1]',
    });
    expect(
      describeSchemaError(
        error({
          keyword: 'enum',
          instancePath: '/m',
          params: { allowedValues: ['A', 'B'] },
          message: 'must be equal to one of the allowed values',
        }),
        { m: 'C' },
      ).text,
    ).toBe('/m (enum): must be one of ["A","B"], received "C"');
    expect(
      describeSchemaError(error({ keyword: 'type', instancePath: '/a~1b/c~0d', message: 'must be string' }), {
        'a/b': { 'c~d': 5 },
      }).text,
    ).toBe('/a~1b/c~0d (type): must be string, received 5');
    expect(describeSchemaError(error({ keyword: 'frob', instancePath: '/x/y' }), { x: 'text' }).text).toBe(
      '/x/y (frob): must satisfy frob, received nothing',
    );
    expect(describeSchemaError(error({ keyword: 'type', instancePath: '/x/y', message: 'm' }), { x: null }).text).toBe(
      '/x/y (type): m, received nothing',
    );
    // a string has no fields, not even its length
    expect(
      describeSchemaError(error({ keyword: 'type', instancePath: '/x/length', message: 'm' }), { x: 'text' }).text,
    ).toBe('/x/length (type): m, received nothing');
    expect(
      describeSchemaError(error({ keyword: 'type', instancePath: '', message: 'must be object' }), 'text'),
    ).toEqual({ pointer: '/', text: '/ (type): must be object, received "text"' });
  });

  it('clips what was received at 120 characters', () => {
    const long = 'x'.repeat(200);
    expect(describeSchemaError(error({ instancePath: '/a', message: 'm' }), { a: long }).text).toBe(
      `/a (type): m, received ${JSON.stringify(long).slice(0, 120)}…`,
    );
    const exact = 'x'.repeat(118);
    expect(describeSchemaError(error({ instancePath: '/a', message: 'm' }), { a: exact }).text).toBe(
      `/a (type): m, received ${JSON.stringify(exact)}`,
    );
  });
});

describe('checks of one kind of request', () => {
  it('accepts_valid_request: another status than 200, with where a 422 disagrees', () => {
    expect(run(acceptsValidRequest, exchange(response(200, {})))).toEqual([]);
    expect(run(acceptsValidRequest, exchange(response(500, {})))).toEqual([]);
    expect(run(acceptsValidRequest, exchange({ type: 'timeout' }))).toEqual([]);
    expect(run(acceptsValidRequest, exchange(response(404, { detail: 'Not Found' })))).toEqual([
      { key: 'status 404', message: 'answered 404 to a valid request (generated request 1 (variant 1 of 4))' },
    ]);
    expect(
      run(
        acceptsValidRequest,
        exchange(
          response(422, {
            detail: [
              { loc: ['body', 'schedule', 'timezone'], msg: 'unknown zone', type: 'value_error' },
              { loc: ['body'], msg: 'second', type: 't' },
            ],
          }),
        ),
      ),
    ).toEqual([
      {
        key: 'status 422 body.schedule.timezone',
        message:
          'answered 422 at body.schedule.timezone: unknown zone to a valid request (generated request 1 (variant 1 of 4))',
      },
    ]);
    const long = 'm'.repeat(130);
    expect(
      run(acceptsValidRequest, exchange(response(422, { detail: [{ loc: ['body', long], msg: long, type: 't' }] })))[0],
    ).toEqual({
      key: `status 422 body.${'m'.repeat(115)}…`,
      message: `answered 422 at body.${'m'.repeat(115)}…: ${'m'.repeat(120)}… to a valid request (generated request 1 (variant 1 of 4))`,
    });
  });

  it('accepts_valid_request: a 401 or 403 asks whether the credential is one the server accepts', () => {
    for (const status of [401, 403]) {
      expect(
        run(
          acceptsValidRequest,
          exchange(
            response(status, {}),
            'valid',
            loginSocial,
            'a valid request with the APIKeyHeader credential alone',
          ),
        ),
      ).toEqual([
        {
          key: `status ${status}`,
          message: `answered ${status} to a valid request (a valid request with the APIKeyHeader credential alone); is the credential in the environment one the server accepts?`,
        },
      ]);
    }
  });

  /** What `check` finds in an answer of `status` to a request that breaks one constraint. */
  const negativeTo = (check: Check) => (status: number) =>
    run(check, exchange(response(status, {}), 'negative', loginSocial, 'body name maxLength 255'));

  it('rejects_invalid_request: a 2xx to a request that breaks a constraint', () => {
    const negative = negativeTo(rejectsInvalidRequest);
    expect(negative(200)).toEqual([
      { key: 'body name maxLength 255', message: 'accepts what the contract forbids: body name maxLength 255 got 200' },
    ]);
    expect(negative(299)).toHaveLength(1);
    expect(negative(300)).toEqual([]);
    expect(negative(199)).toEqual([]);
    expect(negative(422)).toEqual([]);
    expect(negative(500)).toEqual([]);
  });

  it('invalid_request_gets_422: a 4xx (or other) that is not 422', () => {
    const negative = negativeTo(invalidRequestGets422);
    expect(negative(400)).toEqual([
      { key: 'status 400', message: 'answered 400 instead of 422 to body name maxLength 255' },
    ]);
    expect(negative(300)).toHaveLength(1);
    expect(negative(199)).toHaveLength(1);
    expect(negative(422)).toEqual([]);
    expect(negative(200)).toEqual([]);
    expect(negative(299)).toEqual([]);
    expect(negative(502)).toEqual([]);
  });

  it('rejects_missing_credential: a 2xx without any credential', () => {
    const bare = (status: number) => run(rejectsMissingCredential, exchange(response(status, {}), 'no credential'));
    expect(bare(200)).toEqual([{ key: 'accepted', message: 'accepted a request without any credential (200)' }]);
    expect(bare(204)).toEqual([{ key: 'accepted', message: 'accepted a request without any credential (204)' }]);
    expect(bare(299)).toHaveLength(1);
    expect(bare(401)).toEqual([]);
    expect(bare(199)).toEqual([]);
    expect(bare(300)).toEqual([]);
    expect(run(rejectsMissingCredential, exchange({ type: 'timeout' }, 'no credential'))).toEqual([]);
    expect(
      run(rejectsMissingCredential, exchange({ type: 'network error', message: 'fetch failed' }, 'no credential')),
    ).toEqual([]);
  });

  describe('validation_error_locates_violation', () => {
    const constraint = (over: Partial<Constraint> = {}): Constraint => ({
      id: 'body name maxLength 255',
      operation: loginSocial,
      in: 'body',
      path: ['name'],
      keyword: 'maxLength',
      branch: '',
      expected: [{ path: ['name'] }],
      cases: [],
      ...over,
    });
    const locate = (body: unknown, c: Constraint | undefined = constraint(), status = 422) =>
      run(
        validationErrorLocatesViolation,
        exchange(response(status, body), 'negative', loginSocial, 'body name maxLength 255'),
        c,
      );
    const item = (loc: (string | number)[], msg = 'm') => ({ loc, msg, type: 't' });

    it('passes when an item of detail points at the violated field', () => {
      expect(locate({ detail: [item(['body', 'other']), item(['body', 'name'])] })).toEqual([]);
    });

    it('fails with the locations the server gave when none points there', () => {
      expect(locate({ detail: [item(['body', 'other']), item(['query', 'name'])] })).toEqual([
        {
          key: 'body name maxLength 255',
          message:
            'the 422 for body name maxLength 255 does not locate body name; detail[].loc: ["body","other"], ["query","name"]',
        },
      ]);
      expect(locate({ detail: [] })).toEqual([
        {
          key: 'body name maxLength 255',
          message: 'the 422 for body name maxLength 255 does not locate body name; detail[].loc: none',
        },
      ]);
      const many = Array.from({ length: 40 }, (_, i) => item(['body', `field_${i}`]));
      const message = locate({ detail: many })[0]!.message;
      expect(message.endsWith('…')).toBe(true);
      expect(message.length).toBe(
        'the 422 for body name maxLength 255 does not locate body name; detail[].loc: '.length + 301,
      );
    });

    it('a 422 without detail locates nothing', () => {
      expect(locate({})).toEqual([
        { key: 'no detail', message: 'the 422 has no `detail`, so it locates no violation' },
      ]);
    });

    it('also passes at a place where the spec itself finds the request wrong', () => {
      const c = constraint({
        cases: [
          {
            request: { path: {}, body: {} },
            verdict: 'rejected',
            isolation: 'isolated',
            specErrors: [{ path: ['run_mode'], keyword: 'required', message: '' }],
          },
        ],
      });
      expect(locate({ detail: [item(['body', 'run_mode'])] }, c)).toEqual([]);
      expect(locate({ detail: [item(['body', 'model'])] }, c)).toHaveLength(1);
    });

    it('judges only a 422 that is an HTTPValidationError, for a negative request with its constraint', () => {
      expect(
        run(
          validationErrorLocatesViolation,
          exchange(response(422, { detail: [item(['body', 'other'])] }), 'negative'),
        ),
      ).toEqual([]);
      expect(locate({ detail: [item(['body', 'other'])] }, constraint(), 400)).toEqual([]);
      expect(locate({ detail: 'text' })).toEqual([]);
      expect(run(validationErrorLocatesViolation, exchange({ type: 'timeout' }, 'negative'), constraint())).toEqual([]);
    });
  });

  it('every answer is judged by six checks, each kind of request by its own', () => {
    expect(everyAnswer.map((c) => c.name)).toEqual([
      'answers_within_timeout',
      'answers_over_http',
      'no_server_error',
      'response_is_json',
      'response_schema_conformance',
      'validation_error_shape',
    ]);
    expect(
      Object.fromEntries(Object.entries(checksOfKind).map(([kind, checks]) => [kind, checks.map((c) => c.name)])),
    ).toEqual({
      valid: ['accepts_valid_request'],
      rule: ['accepts_valid_request'],
      negative: ['rejects_invalid_request', 'invalid_request_gets_422', 'validation_error_locates_violation'],
      'no credential': ['rejects_missing_credential'],
      hostile: [],
    });
    for (const check of [...everyAnswer, ...Object.values(checksOfKind).flat()])
      expect(check.description.length, check.name).toBeGreaterThan(20);
  });
});
