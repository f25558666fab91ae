// The engine (src/mock/engine/engine.ts) called in-process against Prism's own pieces: it runs them
// step by step (the preferences of Prefer and the query, route, the security check, which follows
// the credentials it reads, the request's validation, the choice) and gives each outcome, with the
// operation and the fallbacks that fired: Prism's problem, a limit's refusal (--max-errors, before
// Prism's validation; or the responder's), the response with Prism's violations of it, and the
// example instead of a reflection the response schema rejects.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Choice } from '../../../../src/mock/prism/adapter.js';
import { Fallbacks } from '../../../../src/mock/common/fallbacks.js';
import { LimitError } from '../../../../src/mock/common/limits.js';
import type { Logger } from '../../../../src/mock/prism/log.js';
import type { Resource } from '../../../../src/mock/prism/prism-types.js';
import { Spec } from '../../../../src/mock/prism/spec.js';
import type { Received } from '../../../../src/mock/request/parse.js';
import { createChooser } from '../../../../src/mock/engine/choose.js';
import { createEngine, type EngineOptions, type Outcome } from '../../../../src/mock/engine/engine.js';
import { Slices } from '../../../../src/mock/common/slices.js';
import type { Responder } from '../../../../src/mock/service/respond.js';
import { type Translator } from '../../../../src/mock/service/translate.js';
import {
  SIGNALS,
  document,
  prism,
  translatorOf,
  operations,
  byId,
  ADMINISTRATOR,
  silent,
  request,
  loadEngineFixture,
} from '../../../support/mock-engine.js';

beforeAll(loadEngineFixture);

/** The status an outcome answers with. */
const status = (outcome: Outcome) =>
  outcome.kind === 'output'
    ? outcome.output.statusCode
    : outcome.kind === 'problem'
      ? (outcome.error as { status?: number }).status
      : outcome.kind === 'refused'
        ? outcome.refused.status
        : outcome.picked.answer?.status;

/** A Prism logger that writes nothing, as the engine and the chooser call it. */
function silentPrismLogger(level = 'warn') {
  return prism.createLogger('TEST', { level }, { write: () => {} }) as unknown as Logger &
    Parameters<typeof createChooser>[1];
}

describe("engine: the response Prism's pieces choose for a request (preferences, route, checks, choice)", () => {
  const USERS = '/v2/system_users';
  /** An engine on the spec whose responder sends Prism's choice as it is. */
  function engineWith(options: { dynamic?: boolean; level?: string } = {}) {
    const logger = silentPrismLogger(options.level);
    const respond: Responder = (result) => ({ result, fallbacks: [] });
    const engine = createEngine({
      prism,
      spec: new Spec(document),
      operations,
      logger,
      choose: createChooser(prism, logger),
      translator: translatorOf(document),
      respond,
      fallbacks: new Fallbacks(silent),
      dynamic: options.dynamic ?? false,
      seed: options.dynamic ? 'seed' : undefined,
    });
    const received = (body: unknown): Received => ({ query: {}, absent: false, body, text: '{}', unchecked: false });
    const send = (
      headers: Record<string, string> = {},
      body: unknown = { email: 'a@example.com' },
      query: Record<string, string> = {},
    ) => engine(request('post', USERS, body, headers, query), received(body));
    return { send, engine, received };
  }

  it('prepare: nothing more for a request proven valid; for one that is not, the walk ahead of its body, with which the outcome is the same', async () => {
    const { engine, received } = engineWith();
    let breaths = 0;
    const slices = new Slices(() => Promise.resolve(void (breaths += 1)), -1);
    const valid = { email: 'a@example.com' };
    expect(await engine.prepare(request('post', USERS, valid, {}, {}), received(valid), slices)).toEqual({
      proven: true,
    });
    expect(breaths).toBe(0);
    for (const body of [{ email: 5 }, { email: [5, 'x'] }, [{ email: 5 }]]) {
      const input = request('post', USERS, body, {}, {});
      const prepared = await engine.prepare(input, received(body), slices);
      expect(prepared).toEqual({ proven: false, ahead: expect.any(Map) });
      expect(engine(input, received(body), prepared)).toEqual(engine(input, received(body)));
    }
    expect(breaths).toBe(3);
    expect(
      await engine.prepare(request('post', '/v2/nothing', valid, {}, {}), received(valid), slices),
    ).toBeUndefined();
  });

  it('the same request twice: the same outcome; the Accept header and Prefer choose the status and the example; an invalid request: 422', () => {
    const { send } = engineWith();
    const first = send();
    expect(send()).toEqual(first);
    expect(first).toMatchObject({
      kind: 'output',
      output: { statusCode: 200 },
      resource: byId('createOrVerifyUser'),
      fallbacks: [],
    });
    expect(status(send({ prefer: 'code=422' }))).toBe(422);
    expect(status(send({ accept: 'application/json' }))).toBe(200);
    expect(status(send({ accept: 'text/html' }))).toBe(406);
    expect(send({ prefer: 'example=administrator' })).toEqual(first);
    expect(send({ prefer: 'code=499' })).toMatchObject({
      kind: 'problem',
      error: { status: 404, detail: 'Requested status code 499 is not defined in the document.' },
    });
    expect(send({ prefer: 'example=nobody' })).toMatchObject({ kind: 'problem', error: { status: 404 } });
    const invalid = send({}, { email: 5 });
    expect(invalid).toMatchObject({
      kind: 'output',
      output: { statusCode: 422 },
      validations: { input: [{ code: 'type', path: ['body', 'email'], severity: 0 }] },
    });
    expect(send({}, { email: 5 })).toEqual(invalid);
  });

  it('without a Prefer header, the __code and __example query parameters; with one, only the header', () => {
    const { send } = engineWith();
    expect(status(send({}, undefined, { __code: '422' }))).toBe(422);
    expect(send({}, undefined, { __example: 'nobody' })).toMatchObject({ kind: 'problem', error: { status: 404 } });
    expect(status(send({ prefer: 'code=200' }, undefined, { __code: '422' }))).toBe(200);
  });

  it("a preference that cannot be read: Prism's 422 problem naming it", () => {
    const { send } = engineWith();
    for (const [prefer, named] of [
      ['code=abc', 'code: expected a three-digit status code, got "abc"'],
      ['code=4220', 'code: expected a three-digit status code, got "4220"'],
      ['dynamic=maybe', 'dynamic: expected true or false, got "maybe"'],
      ['example', 'example: expected the name of an example, got true'],
      ['seed', 'seed: expected a seed, got true'],
      [
        'code=abc, dynamic=maybe',
        'code: expected a three-digit status code, got "abc"; dynamic: expected true or false, got "maybe"',
      ],
    ]) {
      expect(send({ prefer: prefer as string }), prefer).toMatchObject({
        kind: 'problem',
        error: {
          status: 422,
          name: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
          detail: expect.stringContaining(named as string),
        },
        fallbacks: [],
      });
    }
  });

  it('--dynamic, or Prefer: dynamic=true: the body generated from the schema, not the example', () => {
    const fixed = engineWith().send();
    const generated = engineWith({ dynamic: true }).send();
    const preferred = engineWith().send({ prefer: 'dynamic=true, seed=7' });
    for (const outcome of [generated, preferred]) {
      expect(outcome).toMatchObject({ kind: 'output', output: { statusCode: 200 }, validations: { output: [] } });
      expect(outcome.kind === 'output' && outcome.output.body).not.toEqual(
        fixed.kind === 'output' && fixed.output.body,
      );
    }
  });

  it('Prefer: dynamic=false, or __dynamic=false, on a --dynamic mock: the example; a seed given with dynamic=true: the same body for the same seed', () => {
    const fixed = engineWith().send();
    const { send } = engineWith({ dynamic: true });
    expect(send({ prefer: 'dynamic=false' })).toEqual(fixed);
    expect(send({}, undefined, { __dynamic: 'false' })).toEqual(fixed);
    const body = (outcome: Outcome) => (outcome.kind === 'output' ? outcome.output.body : outcome);
    const seven = body(engineWith().send({ prefer: 'dynamic=true, seed=7' }));
    expect(body(engineWith().send({ prefer: 'dynamic=true, seed=7' }))).toEqual(seven);
    expect(body(engineWith().send({}, undefined, { __dynamic: 'true', __seed: '7' }))).toEqual(seven);
    expect(body(engineWith().send({ prefer: 'dynamic=true, seed=8' }))).not.toEqual(seven);
  });

  it('the answers do not depend on the log level (the chooser logs its steps at info and debug)', () => {
    for (const headers of [{}, { prefer: 'code=422' }, { accept: 'text/html' }] as Record<string, string>[]) {
      const quiet = engineWith({ level: 'warn' }).send(headers);
      const verbose = engineWith({ level: 'trace' }).send(headers);
      expect(verbose, JSON.stringify(headers)).toEqual(quiet);
    }
  });
});

describe('engine: the outcome of a request, and the check of the response the responder wrote', () => {
  const USERS = '/v2/system_users';
  const example = ADMINISTRATOR;
  const received = (): Received => ({
    query: {},
    absent: false,
    body: { email: 'a@example.org' },
    text: '{"email":"a@example.org"}',
    unchecked: false,
  });
  const user = () => byId('createOrVerifyUser');

  /** An engine on the spec whose responder is `respond`; the fallbacks' lines and the responder's calls recorded. */
  function engineWith(
    respond: Responder,
    resources: Resource[] = operations,
    translator: Translator = translatorOf(document),
    pick?: EngineOptions['pick'],
  ) {
    const lines: string[] = [];
    const calls: Choice[] = [];
    // How often Prism's own checks ran, by name.
    const ran = { validateSecurity: 0, validateBody: 0, validateInput: 0, validateOutput: 0 };
    const counted: typeof prism = { ...prism };
    for (const name of Object.keys(ran) as (keyof typeof ran)[]) {
      const check = prism[name] as (...args: unknown[]) => unknown;
      (counted as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (
        (ran[name] += 1),
        check(...args)
      );
    }
    const fallbacks = new Fallbacks({ ...silent, warn: (_fields, message) => void lines.push(message) });
    const logger = silentPrismLogger();
    const recorded: Responder = (result, ...rest) => (calls.push(result), respond(result, ...rest));
    const engine = createEngine({
      prism: counted,
      spec: new Spec(document),
      operations: resources,
      logger,
      choose: createChooser(prism, logger),
      translator,
      respond: recorded,
      fallbacks,
      dynamic: false,
      seed: undefined,
      pick,
    });
    return { engine, lines, calls, ran };
  }
  /** A responder that writes `body` (and `status`) over Prism's choice, keeping Prism's body as the example when `keepExample`. */
  const writing =
    (body: unknown, options: { status?: number; keepExample?: boolean } = {}): Responder =>
    (result) => {
      if (!result.ok) return { result, fallbacks: [] };
      const written: Choice = {
        ok: true,
        value: { ...result.value, statusCode: options.status ?? result.value.statusCode, body },
      };
      return {
        result: written,
        fallbacks: [],
        ...(options.keepExample ? { example: { body: result.value.body } } : {}),
      };
    };
  /** A responder that sends Prism's choice as it is. */
  const unchanged: Responder = (result) => ({ result, fallbacks: [] });

  it("Prism's own response: checked by Prism (the spec's example has no violation); no example kept", () => {
    const { engine } = engineWith(unchanged);
    const outcome = engine(request('post', USERS, { email: 'a@example.org' }), received());
    expect(outcome).toEqual({
      kind: 'output',
      output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: example },
      validations: { input: [], output: [] },
      resource: user(),
      valid: true,
      pathParams: {},
      fallbacks: [],
    });
  });

  it("a written body the response schema accepts: no violation, and the example kept for a fallback; Prism's whole check of the response is not run", () => {
    const { engine, lines, ran } = engineWith(writing({ ...example, email: 'a@example.org' }, { keepExample: true }));
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toEqual({
      kind: 'output',
      output: {
        statusCode: 200,
        headers: { 'Content-type': 'application/json' },
        body: { ...example, email: 'a@example.org' },
      },
      validations: { input: [], output: [] },
      example: { body: example },
      resource: user(),
      valid: true,
      pathParams: {},
      fallbacks: [],
    });
    expect(lines).toEqual([]);
    expect(ran.validateOutput).toBe(0);
  });

  it("a written body the schema rejects, without an example: sent with Prism's violations of it", () => {
    const { engine, lines } = engineWith(writing({ ...example, id: 5 }));
    const outcome = engine(request('post', USERS, { email: 'a@example.org' }), received());
    expect(outcome).toMatchObject({
      kind: 'output',
      output: { statusCode: 200, body: { ...example, id: 5 } },
      validations: { input: [] },
      fallbacks: [],
    });
    expect(outcome.kind === 'output' && outcome.validations.output).toEqual([
      { path: ['body', 'id'], code: 'type', message: 'Response body property id must be string', severity: 0 },
    ]);
    expect(lines).toEqual([]);
  });

  it('a written body the schema rejects, with the example: the example goes out instead, loudly, checked again', () => {
    const { engine, lines } = engineWith(writing({ ...example, id: 5, role: 'nobody' }, { keepExample: true }));
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toEqual({
      kind: 'output',
      output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: example },
      validations: { input: [], output: [] },
      resource: user(),
      valid: true,
      pathParams: {},
      fallbacks: ['example'],
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^example: the reflected response is not valid, sending the example: body\.id Response body property id must be string; body\.role Response body property role must be equal to one of the allowed values: .+$/,
      ),
    ]);
  });

  it('a written body holding a number JSON cannot carry is checked as written (null): NaN or ±Infinity in a number field falls back loudly; in an open object it is sent', () => {
    const LUNA3 = '/v2/scorers/3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93/version/luna3';
    const scorerVersion = (document.paths as any)['/v2/scorers/{scorer_id}/version/luna3'].post.responses['200']
      .content['application/json'].examples.luna3Version.value;
    const sent = request('post', LUNA3, { threshold: 0.5 }, { 'service-ao-api-key': 'k' });
    for (const threshold of [Infinity, -Infinity, NaN]) {
      const written = { ...scorerVersion, luna3_scorer: { ...scorerVersion.luna3_scorer, threshold } };
      const { engine, lines } = engineWith(writing(written, { keepExample: true }));
      expect(engine(sent, received())).toMatchObject({
        kind: 'output',
        output: { body: scorerVersion },
        fallbacks: ['example'],
      });
      expect(lines).toEqual([expect.stringContaining('body.luna3_scorer.threshold')]);
    }
    const open = {
      ...scorerVersion,
      luna3_scorer: { ...scorerVersion.luna3_scorer, class_name_to_vocab_ix: { a: NaN } },
    };
    const { engine, lines } = engineWith(writing(open, { keepExample: true }));
    expect(engine(sent, received())).toMatchObject({ kind: 'output', output: { body: open }, fallbacks: [] });
    expect(lines).toEqual([]);
  });

  it("the responder's own fallbacks are the outcome's, before the engine's", () => {
    const respond: Responder = (result, ...rest) => ({
      ...writing({ ...example, id: 5 }, { keepExample: true })(result, ...rest),
      fallbacks: ['prism-violations'],
    });
    const { engine } = engineWith(respond);
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toMatchObject({
      kind: 'output',
      output: { body: example },
      fallbacks: ['prism-violations', 'example'],
    });
    const { engine: kept } = engineWith((result) => ({ result, fallbacks: ['prism-response'] }));
    expect(kept(request('post', USERS, { email: 'a@example.org' }), received())).toMatchObject({
      kind: 'output',
      fallbacks: ['prism-response'],
    });
  });

  it('a written status the spec does not declare: checked by Prism as a whole; its warning sends no example instead', () => {
    const { engine, lines } = engineWith(writing(example, { status: 418, keepExample: true }));
    const outcome = engine(request('post', USERS, { email: 'a@example.org' }), received());
    expect(outcome).toMatchObject({
      kind: 'output',
      output: { statusCode: 418 },
      example: { body: example },
      fallbacks: [],
    });
    expect(lines).toEqual([]);
    expect(outcome.kind === 'output' && outcome.validations.output).toEqual([
      { message: 'Unable to match the returned status code with those defined in the document: 200,422', severity: 1 },
    ]);
  });

  it('a written response is checked by Prism as a whole when its 200 declares headers, or when it has no Content-Type', () => {
    const withResponses = (change: (response: Resource['responses'][number]) => object) =>
      operations.map((o) =>
        o.iid === 'createOrVerifyUser'
          ? { ...o, responses: o.responses.map((r) => (r.code === '200' ? change(r) : r)) }
          : o,
      ) as Resource[];
    const rateLimit = { name: 'x-rate-limit', style: 'simple', required: true, schema: { type: 'integer' } };
    const send = (resources: Resource[], headers: Record<string, string>) => {
      const { engine } = engineWith(
        (result) =>
          result.ok
            ? { result: { ok: true, value: { ...result.value, headers, body: { ...example } } }, fallbacks: [] }
            : { result, fallbacks: [] },
        resources,
      );
      const outcome = engine(request('post', USERS, { email: 'a@example.org' }), received());
      return outcome.kind === 'output' ? outcome.validations.output : outcome;
    };
    expect(
      send(
        withResponses((r) => ({ ...r, headers: [rateLimit] })),
        { 'Content-type': 'application/json' },
      ),
    ).toEqual([
      {
        code: 'required',
        message: "Response header must have required property 'x-rate-limit'",
        path: ['header'],
        severity: 0,
      },
    ]);
    const mismatch = {
      message: 'The received media type "" does not match the one specified in the current response: application/json',
      severity: 0,
    };
    expect(send(operations, {})).toEqual([mismatch]);
    // a response read without a headers list (Prism always gives one) is one without headers
    expect(
      send(
        withResponses(({ headers: _headers, ...rest }) => rest),
        { 'content-type': 'application/json' },
      ),
    ).toEqual([]);
    // a written response without headers at all, and one whose media type is its Content-Type's, not another header's
    expect(send(operations, undefined as unknown as Record<string, string>)).toEqual([mismatch]);
    expect(send(operations, { 'x-mirror': 'application/json', 'Content-Type': 'text/plain' })).toEqual([
      { ...mismatch, message: mismatch.message.replace('""', '"text/plain"') },
    ]);
  });

  it('a violation without a path, in the fallback to the example: its message alone', () => {
    const { engine, lines } = engineWith((result) =>
      result.ok
        ? {
            result: { ok: true, value: { ...result.value, headers: {}, body: { ...example } } },
            example: { body: example },
            fallbacks: [],
          }
        : { result, fallbacks: [] },
    );
    const outcome = engine(request('post', USERS, { email: 'a@example.org' }), received());
    expect(outcome).toMatchObject({ kind: 'output', output: { headers: {}, body: example }, fallbacks: ['example'] });
    expect(lines).toEqual([
      'example: the reflected response is not valid, sending the example:  The received media type "" does not match the one specified in the current response: application/json',
    ]);
  });

  it('on a document whose schemas Prism rewrites (writeOnly here), a written body is checked by Prism as a whole', async () => {
    const rewritten = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            responses: {
              '200': {
                description: 'the thing',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { name: { type: 'string' }, secret: { type: 'string', writeOnly: true } },
                      additionalProperties: false,
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const resources = await prism.getHttpOperationsFromSpec(rewritten);
    const logger = silentPrismLogger();
    const engine = createEngine({
      prism,
      spec: new Spec(rewritten),
      operations: resources,
      logger,
      choose: createChooser(prism, logger),
      translator: translatorOf(rewritten),
      respond: writing({ name: 'n', secret: 's' }),
      fallbacks: new Fallbacks(silent),
      dynamic: false,
      seed: undefined,
    });
    const outcome = engine(request('post', '/things', undefined), received());
    expect(outcome.kind === 'output' && outcome.validations.output).toEqual([
      {
        code: 'additionalProperties',
        message: "Response body must NOT have additional properties; found 'secret'",
        path: ['body'],
        severity: 0,
      },
    ]);
  });

  it("a missing credential: the responder sees Prism's 401 and the outcome is that problem, with the operation", () => {
    const { engine, calls } = engineWith(unchanged);
    const outcome = engine(request('put', SIGNALS, { run_mode: 'SCHEDULED' }), received());
    expect(outcome).toMatchObject({
      kind: 'problem',
      error: { status: 401 },
      resource: byId('putSignalsConfiguration'),
      fallbacks: [],
    });
    expect(calls.map((call) => call.ok)).toEqual([false]);
  });

  it("an invalid Prefer header, or a path the spec does not have: Prism's problem, no operation, and the responder is not asked", () => {
    const { engine, calls } = engineWith(unchanged);
    expect(engine(request('post', USERS, { email: 'a@example.org' }, { prefer: 'code=abc' }), received())).toEqual({
      kind: 'problem',
      error: expect.objectContaining({ status: 422 }),
      fallbacks: [],
    });
    expect(engine(request('post', '/v2/nothing', { email: 'a@example.org' }), received())).toEqual({
      kind: 'problem',
      error: expect.objectContaining({ status: 404 }),
      fallbacks: [],
    });
    expect(engine(request('get', USERS, undefined), received())).toEqual({
      kind: 'problem',
      error: expect.objectContaining({ status: 405 }),
      fallbacks: [],
    });
    expect(calls).toEqual([]);
  });

  it('the security check follows the credentials: an API key sent after a refusal (header or query) is let in, and one taken away is refused again', () => {
    const valid = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
    const { engine } = engineWith(unchanged);
    const put = (headers: Record<string, string>) =>
      status(engine(request('put', SIGNALS, valid, headers), received()));
    expect([put({}), put({ 'service-ao-api-key': 'key' }), put({}), put({ authorization: 'Basic dTpw' })]).toEqual([
      401, 200, 401, 200,
    ]);
    // a refusal of the credentials alone (the body is valid) is no valid request
    expect(engine(request('put', SIGNALS, valid), received()).valid).toBe(false);
    // a scheme whose key is a query parameter; a request may have no query at all
    const inQuery = operations.map<Resource>((o) =>
      o.iid === 'putSignalsConfiguration'
        ? { ...o, security: [[{ id: 'q', key: 'QueryKey', type: 'apiKey', in: 'query', name: 'api_key' }]] }
        : o,
    );
    const { engine: byQuery } = engineWith(unchanged, inQuery);
    const send = (query?: Record<string, string>) =>
      status(
        byQuery({ ...request('put', SIGNALS, valid), url: { path: SIGNALS, ...(query ? { query } : {}) } }, received()),
      );
    expect([send(), send({ api_key: 'key' }), send({}), send({ api_key: 'other' })]).toEqual([401, 200, 401, 200]);
  });

  it("Prism's security check runs once for the same credentials, and again once its memo of 1,000 checks is full and emptied", () => {
    const valid = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
    const { engine, ran } = engineWith(unchanged);
    const put = (key: string) =>
      status(engine(request('put', SIGNALS, valid, { 'service-ao-api-key': key }), received()));
    expect([put('k0'), put('k0')]).toEqual([200, 200]);
    expect(ran.validateSecurity).toBe(1);
    for (let i = 1; i < 1000; i += 1) put(`k${i}`);
    expect([ran.validateSecurity, put('k0'), ran.validateSecurity]).toEqual([1000, 200, 1000]);
    // the 1,001st set of credentials: the memo is emptied before it is kept, and k0 is checked again
    put('k1000');
    expect([put('k1000'), ran.validateSecurity, put('k0'), ran.validateSecurity]).toEqual([200, 1001, 200, 1002]);
  });

  it("a body Prism could not check (NaN, a lone surrogate's escape, a text body): valid only when the service's walk finds nothing in it", () => {
    const valid = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
    const { engine } = engineWith(unchanged);
    const put = (body: unknown) =>
      engine(request('put', SIGNALS, valid, { 'service-ao-api-key': 'key' }), {
        query: {},
        absent: false,
        body,
        text: JSON.stringify(body),
        unchecked: true,
      });
    expect(put(valid).valid).toBe(true);
    expect(put({ ...valid, schedule: { interval_hours: Number.NaN } }).valid).toBe(false);
  });

  it('a scenario that answers, or drops the connection: its outcome, with the operation, and no fallback fired', () => {
    const answer = { status: 503, documented: false, headers: [['retry-after', '2']] as [string, string][], body: {} };
    const seen: unknown[] = [];
    for (const picked of [
      { by: { index: 0, operation: 'createOrVerifyUser' }, delay: 0, answer },
      { by: 'chaos' as const, delay: 5, fault: 'reset' as const },
    ]) {
      const { engine, calls } = engineWith(unchanged, operations, translatorOf(document), (matched) => {
        seen.push(matched());
        return picked;
      });
      expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toEqual({
        kind: 'scenario',
        picked,
        resource: user(),
        valid: true,
        pathParams: {},
        fallbacks: [],
      });
      expect(calls).toEqual([]);
    }
    expect(seen[0]).toMatchObject({ operationId: 'createOrVerifyUser', method: 'POST', path: USERS, valid: true });
  });

  it('what Prism refuses and pydantic\'s lax mode takes ("12" for an integer) is valid: the responder is handed the service\'s reading of the body', () => {
    const served: unknown[] = [];
    const { engine } = engineWith(
      (result, _input, _operation, request) => (served.push(request.body), { result, fallbacks: [] }),
    );
    const sent: unknown[] = [];
    const put = (interval: unknown) => {
      const body = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: interval } };
      sent.push(body);
      const text = JSON.stringify(body);
      return engine(request('put', SIGNALS, body, { 'service-ao-api-key': 'key' }), {
        query: {},
        absent: false,
        body,
        text,
        unchecked: false,
      });
    };
    const lax = put('12');
    expect([status(lax), lax.valid]).toEqual([200, true]);
    expect(served.at(-1)).toMatchObject({ schedule: { interval_hours: 12 } });
    // Prism's check of the same body finds the type wrong: what the engine let through is the service's reading alone.
    if (lax.kind !== 'output') throw new Error(`expected an output, got ${lax.kind}`);
    expect(lax.validations.input.filter((v) => v.severity === 0)).toEqual([]);
    // A proven-valid body is handed over as it was sent, the very object.
    const plain = put(12);
    expect([status(plain), plain.valid]).toEqual([200, true]);
    expect(served.at(-1)).toBe(sent.at(-1));
    // Text that is no number is refused by both; the invalid body is handed over as it was sent.
    const refused = put('twelve');
    expect([status(refused), refused.valid]).toEqual([422, false]);
    expect(served.at(-1)).toBe(sent.at(-1));
  });

  it("a warning of Prism's (a deprecated header sent) leaves a request valid, lax or not, and stays among its violations", () => {
    const oldClient = { id: 'h', name: 'x-old-client', style: 'simple', deprecated: true, schema: { type: 'string' } };
    const withHeader = operations.map((o) =>
      o.iid === 'putSignalsConfiguration' ? { ...o, request: { ...o.request, headers: [oldClient] } } : o,
    ) as Resource[];
    const { engine } = engineWith(unchanged, withHeader);
    for (const interval of [12, '12']) {
      const body = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: interval } };
      const headers = { 'service-ao-api-key': 'key', 'x-old-client': 'v1' };
      const outcome = engine(request('put', SIGNALS, body, headers), {
        query: {},
        absent: false,
        body,
        text: JSON.stringify(body),
        unchecked: false,
      });
      expect([status(outcome), outcome.valid]).toEqual([200, true]);
      expect(outcome.kind === 'output' && outcome.validations.input.map((v) => v.severity)).toEqual([1]);
    }
  });

  it('a request past --max-errors: refused, with the operation, the responder not asked; a fault of the walk is no refusal: it is thrown', () => {
    const tooMany = { email: 5, first_name: 6 };
    const { engine, calls, ran } = engineWith(unchanged, operations, translatorOf(document, 1));
    const outcome = engine(request('post', USERS, tooMany), {
      ...received(),
      body: tooMany,
      text: JSON.stringify(tooMany),
    });
    expect(outcome).toEqual({
      kind: 'refused',
      refused: expect.any(LimitError),
      resource: user(),
      valid: false,
      pathParams: {},
      fallbacks: [],
    });
    expect(outcome.kind === 'refused' && outcome.refused.body).toMatchObject({ limit: 'max-errors', max: 1 });
    expect(calls).toEqual([]);
    // refused before Prism's checks of the body, which would make an object of each violation
    expect([ran.validateBody, ran.validateInput]).toEqual([0, 0]);
    const faulty: Translator = {
      requestDetails: () => {
        throw new Error('the walk failed');
      },
      madeBody: (_operation, request) => request.body,
      walkAhead: () => Promise.resolve(new Map()),
      finiteDetails: () => [],
    };
    const { engine: failing } = engineWith(unchanged, operations, faulty);
    expect(() => failing(request('post', USERS, tooMany), received())).toThrow('the walk failed');
  });

  it('a limit of the mock the responder hits: the outcome is the refusal, with the operation', () => {
    const refused = new LimitError('too many', 'max-results', 1);
    const { engine } = engineWith((result) => ({ result, fallbacks: [], refused }));
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toEqual({
      kind: 'refused',
      refused,
      resource: user(),
      valid: true,
      pathParams: {},
      fallbacks: [],
    });
  });

  it("an operation the spec reader does not know (no operationId it has): Prism's response as it is, Prism's checks alone, the responder not asked", async () => {
    const renamed = operations.map((o) => (o.iid === 'createOrVerifyUser' ? { ...o, iid: 'notInTheSpec' } : o));
    const { engine, calls, lines } = engineWith(writing({ never: true }), renamed);
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toMatchObject({
      kind: 'output',
      output: { statusCode: 200, body: example },
      valid: true,
      fallbacks: [],
    });
    // a body Prism could not check: no walk of the service's to refuse it
    expect(engine(request('post', USERS, { email: 'a@example.org' }), { ...received(), unchecked: true }).valid).toBe(
      true,
    );
    // an invalid body: Prism's 422, with no walk of the service's before it
    const invalid = { email: 5 };
    const refused = engine(request('post', USERS, invalid), { ...received(), body: invalid, text: '{"email":5}' });
    expect([status(refused), refused.valid]).toEqual([422, false]);
    expect([calls, lines]).toEqual([[], []]);
    // nothing to prepare: there is no walk of the service's ahead
    const slices = new Slices(() => Promise.resolve(), -1);
    expect(await engine.prepare(request('post', USERS, invalid), received(), slices)).toBeUndefined();
  });
});
