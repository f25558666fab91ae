// The choose stage (src/mock/engine/choose.ts) against Prism's whole mocker: with static examples
// the stage runs Prism's negotiator and assembles the response itself (Prism's mocker loads faker,
// which static examples never use), so it must give exactly what Prism's mocker gives: the same
// result, and when it answers the same status, headers (in the same order) and body; otherwise the
// same problem (its class, type, title, status, detail and additional members). Both are asked
// the same things for every operation of the embedded spec, then for the branches the spec does
// not reach (response headers, sampled bodies, schemas too complex or broken to sample, examples
// without a value, responses without content, Prism's own 401, 415 and 422 problems), on a
// document of their own. Each question goes to a new chooser: a chooser keeps its choices for
// valid requests, and a kept choice would answer without the code it is asked about. The keeping
// itself is held to the same answers (asked again, and past the bound of what is kept), and the
// chooser's log lines (the negotiation's steps carry the request; a warning for an invalid one).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { plainPrism, type Choice, type PlainPrism } from '../../../../src/mock/prism/adapter.js';
import type {
  IHttpRequest,
  IPrismDiagnostic,
  MockerOptions,
  Resource,
} from '../../../../src/mock/prism/prism-types.js';
import { createChooser, type Chooser } from '../../../../src/mock/engine/choose.js';
import { specPath } from '../../../support/spec.js';

type Config = MockerOptions['config'];
type Logger = Parameters<typeof createChooser>[1];

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const TYPE: IPrismDiagnostic = {
  severity: 0,
  code: 'type',
  message: 'Request body property email must be string',
  path: ['body', 'email'],
};
const WARNING: IPrismDiagnostic = {
  severity: 1,
  code: 'deprecated',
  message: 'Query parameter old is deprecated',
  path: ['query', 'old'],
};
const CONTENT_TYPE: IPrismDiagnostic = { severity: 0, code: 415, message: 'Supported content types: application/json' };
/** Prism's security violation, as its validateSecurity reports a missing credential (the tags are the WWW-Authenticate challenges). */
const SECURITY = {
  severity: 0,
  code: 401,
  message: 'Invalid security scheme used',
  tags: ['Basic realm="*"', 'Bearer'],
} as IPrismDiagnostic;
const SECURITY_UNTAGGED: IPrismDiagnostic = { severity: 0, code: 401, message: 'Invalid security scheme used' };
const INFORMATION: IPrismDiagnostic = {
  severity: 2,
  code: 'note',
  message: 'Query parameter page is past the last page',
  path: ['query', 'page'],
};
const HINT: IPrismDiagnostic = {
  severity: 3,
  code: 'hint',
  message: 'Header x-trace is not declared',
  path: ['header', 'x-trace'],
};

let prism: PlainPrism;
let logger: Logger;
/** Prism without its whole mocker: what the static chooser runs on, so that every answer below is its own. */
let noMocker: PlainPrism;
let operations: Resource[];

beforeAll(async () => {
  prism = plainPrism(loadPrism());
  logger = prism.createLogger('TEST', { level: 'silent' }, { write() {} });
  noMocker = {
    ...prism,
    mock: () => {
      throw new Error("the static chooser called Prism's whole mocker");
    },
  };
  operations = await prism.getHttpOperationsFromSpec(specPath);
});

/** The operation of the embedded spec with this operationId. */
function operation(iid: string): Resource {
  return operations.find((r) => r.iid === iid) as Resource;
}

/** A new static chooser (nothing kept yet), logging to `to`. */
function staticChooser(to: Logger = logger): Chooser {
  return createChooser(noMocker, to);
}

/** What a client sees of a choice: the response, or the problem (its class and every member the answer is written from). */
function seen(result: Choice): unknown {
  if (result.ok) {
    const { statusCode, headers, body, ...rest } = result.value;
    return { tag: 'Right', statusCode, headers, headerOrder: Object.keys(headers ?? {}), body, rest };
  }
  const problem = result.error as Error & { status?: number; detail?: string; additional?: unknown };
  return {
    tag: 'Left',
    problemJson: problem instanceof prism.ProblemJsonError,
    name: problem.name,
    message: problem.message,
    status: problem.status,
    detail: problem.detail,
    additional: problem.additional,
  };
}

/** A request to `resource`, as the parse stage hands it on. */
function requestTo(resource: Resource, headers: Record<string, string> = {}): IHttpRequest {
  return {
    method: resource.method as IHttpRequest['method'],
    url: { path: resource.path.replace(/{[^}]+}/g, PROJECT), query: {} },
    headers: { host: 'mock', 'content-type': 'application/json', ...headers },
    body: {},
  };
}

/** Prism's whole mocker's answer (given its own copies, since it writes the Accept header's media types into its config). */
function mockedBy(resource: Resource, data: IHttpRequest, validations: IPrismDiagnostic[], settings: Config): Choice {
  return prism.mock(
    {
      resource: { ...resource, callbacks: [] },
      input: { data: structuredClone(data), validations: structuredClone(validations) },
      config: { ...settings },
    },
    logger,
  );
}

/** Both answers to the same question: a new static chooser's (`choose`'s when given) and Prism's whole mocker's. */
function both(
  resource: Resource,
  data: IHttpRequest,
  validations: IPrismDiagnostic[],
  config: Partial<Config>,
  choose: Chooser = staticChooser(),
): { chosen: Choice; mocked: Choice } {
  const settings: Config = { dynamic: false, ignoreExamples: false, ...config };
  const chosen = choose(
    resource,
    { data: structuredClone(data), validations: structuredClone(validations) },
    { ...settings },
  );
  return { chosen, mocked: mockedBy(resource, data, validations, settings) };
}

interface Case {
  name: string;
  headers?: Record<string, string>;
  validations?: IPrismDiagnostic[];
  /** the preferences (`Prefer`), the key of the first 200 example standing for `example` */
  config?: Partial<Config> | ((firstExample: string) => Partial<Config>);
  /**
   * what the answer is, on every operation of the spec (it declares 200 and 422, each with
   * examples, and no 401, 415 or 400): a response of that status, Prism's problem of that type, or
   * a plain Error whose message matches
   */
  expected: number | string | RegExp;
}

const CASES: Case[] = [
  { name: 'a valid request, no preference', expected: 200 },
  { name: 'code 422', config: { code: 422 }, expected: 422 },
  { name: 'code 200', config: { code: 200 }, expected: 200 },
  { name: 'an example that exists', config: (key) => ({ exampleKey: key }), expected: 200 },
  { name: 'an example that does not exist', config: { exampleKey: 'noSuchExample' }, expected: 'NOT_FOUND' },
  { name: 'code 200 and its example', config: (key) => ({ code: 200, exampleKey: key }), expected: 200 },
  { name: 'code 422 and its example', config: { code: 422, exampleKey: 'invalidJson' }, expected: 422 },
  // The 422 has no such example: Prism falls back to the operation's first 2xx, which has.
  {
    name: 'code 422 and an example only the 200 has',
    config: (key) => ({ code: 422, exampleKey: key }),
    expected: 200,
  },
  { name: 'a code the operation does not declare (499)', config: { code: 499 }, expected: 'NOT_FOUND' },
  { name: 'Accept: application/json', headers: { accept: 'application/json' }, expected: 200 },
  { name: 'Accept: text/html', headers: { accept: 'text/html' }, expected: 'NOT_ACCEPTABLE' },
  { name: 'Accept: */*', headers: { accept: '*/*' }, expected: 200 },
  {
    name: 'Accept: text/html, application/json;q=0.5 (a list)',
    headers: { Accept: 'text/html, application/json;q=0.5' },
    expected: 200,
  },
  // Not acceptable in the 422, then in the fallback to the first 2xx: Prism's plain Error naming both.
  {
    name: 'Accept: text/html with code 422',
    headers: { accept: 'text/html' },
    config: { code: 422 },
    expected:
      /^https:\/\/stoplight\.io\/prism\/errors#NOT_ACCEPTABLE: .+\. We tried default response, but we got https:\/\/stoplight\.io\/prism\/errors#NOT_ACCEPTABLE: /,
  },
  { name: 'static examples ignored (the schema sampled)', config: { ignoreExamples: true }, expected: 200 },
  // Prism's mocker reads an unset ignoreExamples as false: the examples answer.
  { name: 'settings without ignoreExamples (the example)', config: { ignoreExamples: undefined }, expected: 200 },
  { name: 'an invalid request', validations: [TYPE], expected: 422 },
  {
    name: 'an invalid request, code 422 and its example',
    validations: [TYPE],
    config: { code: 422, exampleKey: 'invalidJson' },
    expected: 422,
  },
  {
    name: 'an invalid request, code 422 and an example it does not have',
    validations: [TYPE],
    config: { code: 422, exampleKey: 'noSuchExample' },
    expected: 'NOT_FOUND',
  },
  {
    name: 'an invalid request, an example but no code (the example is not looked for)',
    validations: [TYPE],
    config: { exampleKey: 'noSuchExample' },
    expected: 422,
  },
  {
    name: 'an invalid request, code 200 (not a code for violations: ignored)',
    validations: [TYPE],
    config: (key) => ({ code: 200, exampleKey: key }),
    expected: 422,
  },
  // The negotiator hands the 422's example without its schema: with examples ignored, no body.
  {
    name: 'an invalid request, static examples ignored (no body)',
    validations: [TYPE],
    config: { ignoreExamples: true },
    expected: 422,
  },
  {
    name: 'an invalid request, settings without ignoreExamples (the example)',
    validations: [TYPE],
    config: { ignoreExamples: undefined },
    expected: 422,
  },
  { name: 'an invalid request with a warning too', validations: [WARNING, TYPE], expected: 422 },
  { name: 'a security violation (tags)', validations: [SECURITY], expected: 'UNAUTHORIZED' },
  { name: 'a security violation without tags', validations: [SECURITY_UNTAGGED], expected: 'UNAUTHORIZED' },
  {
    name: 'a security violation and an invalid body',
    validations: [TYPE, SECURITY],
    config: { code: 422 },
    expected: 'UNAUTHORIZED',
  },
  { name: 'a 415 violation', validations: [CONTENT_TYPE], expected: 422 },
  { name: 'a 415 violation and an invalid body', validations: [TYPE, CONTENT_TYPE], expected: 422 },
  { name: 'a warning only', validations: [WARNING], expected: 200 },
  { name: 'a warning only, code 422', validations: [WARNING], config: { code: 422 }, expected: 422 },
];

/** `result` is a response of status `expected`, Prism's problem of that type, or a plain Error whose message matches. */
function expectAnswer(result: Choice, expected: number | string | RegExp, where?: string): void {
  if (typeof expected === 'number') expect(result, where).toMatchObject({ ok: true, value: { statusCode: expected } });
  else if (typeof expected === 'string')
    expect(result, where).toMatchObject({
      ok: false,
      error: { name: `https://stoplight.io/prism/errors#${expected}` },
    });
  else {
    expect(result, where).toMatchObject({ ok: false, error: { message: expect.stringMatching(expected) } });
    expect((result as { error: Error }).error, where).not.toBeInstanceOf(prism.ProblemJsonError);
  }
}

/** The key of the first example of the operation's 200. */
function firstExample(resource: Resource): string {
  const ok = resource.responses.find((r) => r.code === '200');
  const key = (ok?.contents?.[0]?.examples?.[0] as { key?: string } | undefined)?.key;
  if (!key) throw new Error(`${resource.iid}: no example in its 200`);
  return key;
}

describe("the static chooser answers as Prism's whole mocker on every operation of the embedded spec", () => {
  it('reads the operations the cases are written for', () => {
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const resource of operations) {
      // No callback: Prism's mocker would call it, and the chooser would hand the request to it.
      expect(resource.callbacks ?? [], resource.iid).toEqual([]);
      expect(resource.responses.map((r) => r.code).sort(), resource.iid).toEqual(['200', '422']);
    }
    expect(operations.filter((r) => r.deprecated).map((r) => r.iid)).toEqual(['applyBulkFeedbackV2']);
  });

  for (const testCase of CASES) {
    it(testCase.name, () => {
      for (const resource of operations) {
        const config =
          typeof testCase.config === 'function' ? testCase.config(firstExample(resource)) : (testCase.config ?? {});
        const { chosen, mocked } = both(
          resource,
          requestTo(resource, testCase.headers),
          testCase.validations ?? [],
          config,
        );
        expect(seen(chosen), resource.iid).toStrictEqual(seen(mocked));
        // Both agree on what the case is about, not on an error of their own.
        expectAnswer(chosen, testCase.expected, resource.iid);
      }
    });
  }

  it('a security violation: the WWW-Authenticate challenges are its tags; none without tags', () => {
    const resource = operations[0] as Resource;
    const { chosen } = both(resource, requestTo(resource), [SECURITY], {});
    expect(chosen).toMatchObject({
      ok: false,
      error: { additional: { headers: { 'WWW-Authenticate': 'Basic realm="*",Bearer' } } },
    });
    expect(both(resource, requestTo(resource), [SECURITY_UNTAGGED], {}).chosen).toMatchObject({
      ok: false,
      error: { additional: undefined },
    });
  });

  it("Prism's own security violations of a request without credentials, on every operation that wants them: the same 401", () => {
    let secured = 0;
    for (const resource of operations) {
      const violations = prism.validateSecurity({ resource, element: requestTo(resource) });
      if (violations.length === 0) continue;
      secured++;
      const { chosen, mocked } = both(resource, requestTo(resource), violations, {});
      expect(seen(chosen), resource.iid).toStrictEqual(seen(mocked));
      expect(chosen, resource.iid).toMatchObject({
        ok: false,
        error: {
          status: 401,
          additional: { headers: { 'WWW-Authenticate': expect.stringContaining('Basic realm="*"') } },
        },
      });
    }
    expect(secured).toBeGreaterThanOrEqual(5);
  });

  it('the deprecated operation (applyBulkFeedbackV2) says so in its Deprecation header, on every status; no other operation does', () => {
    for (const resource of operations) {
      for (const [validations, config] of [
        [[], {}],
        [[], { code: 422 }],
        [[TYPE], {}],
      ] as [IPrismDiagnostic[], Partial<Config>][]) {
        const { chosen, mocked } = both(resource, requestTo(resource), validations, config);
        const headers = (result: Choice) => (result.ok ? result.value.headers : undefined);
        expect(headers(chosen), resource.iid).toStrictEqual(headers(mocked));
        expect(headers(chosen)?.deprecation, resource.iid).toBe(
          resource.iid === 'applyBulkFeedbackV2' ? 'true' : undefined,
        );
      }
    }
  });

  it("the body is the 200's first example; for an invalid request, the 422's", () => {
    const user = operation('createOrVerifyUser');
    const examples = (user.responses.find((r) => r.code === '200')?.contents?.[0]?.examples ?? []) as {
      key: string;
      value: unknown;
    }[];
    const { chosen } = both(user, requestTo(user), [], {});
    expect(chosen).toEqual({
      ok: true,
      value: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: examples[0]?.value },
    });
    const invalid = both(user, requestTo(user), [TYPE], {}).chosen;
    expect(invalid).toMatchObject({
      ok: true,
      value: { statusCode: 422, body: { detail: [{ type: 'json_invalid' }] } },
    });
  });
});

describe("the static chooser answers as Prism's whole mocker where the embedded spec does not reach", () => {
  const json = (schema: object, examples?: Record<string, unknown>) => ({
    'application/json': {
      schema,
      ...(examples
        ? { examples: Object.fromEntries(Object.entries(examples).map(([key, value]) => [key, { value }])) }
        : {}),
    },
  });
  /** An object schema of `count` string properties: past the sampler's 2,500 ticks from about that many. */
  const wide = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string' }])),
  });
  const thing = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      size: { type: 'integer', minimum: 3 },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    },
    required: ['id'],
  };
  const document = {
    openapi: '3.1.0',
    info: { title: 'branches', version: '1' },
    paths: {
      '/headers': {
        post: {
          operationId: 'headers',
          responses: {
            '201': {
              description: 'with headers',
              headers: {
                'X-Example': { schema: { type: 'integer' }, example: 7 },
                'X-Examples': {
                  schema: { type: 'string' },
                  examples: { first: { value: 'one' }, second: { value: 'two' } },
                },
                'X-Sampled': { schema: { type: 'string', enum: ['sampled'] } },
                'X-Number': { schema: { type: 'number', minimum: 5 } },
                'X-Object': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
                'X-Bare': { description: 'no schema' },
              },
              content: json(thing),
            },
            '400': { description: 'bad', content: json(thing, { first: { id: 'x' } }) },
          },
        },
      },
      '/sampled': {
        put: {
          operationId: 'sampled',
          responses: {
            '200': { description: 'a schema, no example', content: json(thing) },
            '202': { description: 'no content' },
            '204': { description: 'nothing' },
            '415': {
              description: 'media type',
              content: json({ type: 'object', properties: { media: { type: 'string', default: 'json' } } }),
            },
            '401': {
              description: 'declared 401',
              headers: { 'WWW-Authenticate': { schema: { type: 'string' }, example: 'Bearer' } },
              content: json({ type: 'object' }, { denied: { reason: 'no' } }),
            },
            default: {
              description: 'any other',
              content: json({ type: 'object', properties: { error: { type: 'string', const: 'default' } } }),
            },
          },
        },
      },
      '/wildcard': {
        get: {
          operationId: 'wildcard',
          responses: {
            '200': {
              description: 'any media type',
              content: {
                '*/*': { schema: { type: 'string' } },
                'text/csv': { schema: { type: 'string' }, example: 'a,b' },
              },
            },
          },
        },
      },
      '/none': {
        post: { operationId: 'none', responses: { '200': { description: 'no content at all' } } },
      },
      '/complex-body': {
        post: {
          operationId: 'complexBody',
          responses: {
            '200': { description: 'too big', content: json(wide(3000)) },
            '422': { description: 'too big', content: json(wide(3000)) },
          },
        },
      },
      '/complex-header': {
        post: {
          operationId: 'complexHeader',
          responses: {
            '200': {
              description: 'too big',
              headers: { 'X-Big': { schema: wide(3000) } },
              content: json({ type: 'string' }, { fine: 'ok' }),
            },
          },
        },
      },
      '/complex-both': {
        post: {
          operationId: 'complexBoth',
          responses: {
            '200': {
              description: 'both too big',
              headers: { 'X-Big': { schema: wide(3000) } },
              content: json(wide(3000)),
            },
          },
        },
      },
      '/old': {
        delete: {
          operationId: 'old',
          deprecated: true,
          responses: { '204': { description: 'gone' }, '200': { description: 'kept', content: json(thing) } },
        },
      },
      '/no-value': {
        get: {
          operationId: 'noValue',
          responses: {
            '200': {
              description: 'an example without a value',
              content: { 'application/json': { schema: thing, examples: { empty: { summary: 'no value' } } } },
            },
          },
        },
      },
      '/broken': {
        post: {
          operationId: 'broken',
          responses: {
            '200': {
              description: 'a property schema the sampler cannot read',
              content: json({ type: 'object', properties: { a: null } }),
            },
          },
        },
      },
    },
  };
  let resources: Resource[];
  beforeAll(async () => {
    resources = await prism.getHttpOperationsFromSpec(structuredClone(document));
  });
  const byId = (iid: string) => resources.find((r) => r.iid === iid) as Resource;

  const cases: [
    string,
    string,
    { headers?: Record<string, string>; validations?: IPrismDiagnostic[]; config?: Partial<Config> },
    number | string | RegExp,
  ][] = [
    ['response headers: examples, sampled scalars, null for the rest', 'headers', {}, 201],
    ['response headers, with examples ignored', 'headers', { config: { ignoreExamples: true } }, 201],
    ['an invalid request, no 422: the 400 and its example', 'headers', { validations: [TYPE] }, 400],
    ['a 415 violation, no 415 or 422: the 400', 'headers', { validations: [CONTENT_TYPE] }, 400],
    ['a security violation, no 401: Prism makes one', 'headers', { validations: [SECURITY] }, 'UNAUTHORIZED'],
    ['a body sampled from its schema', 'sampled', {}, 200],
    ['a response with no content', 'sampled', { config: { code: 202 } }, 202],
    [
      'a response with no content, any media type accepted',
      'sampled',
      { headers: { accept: '*/*' }, config: { code: 202 } },
      202,
    ],
    ['a 204', 'sampled', { config: { code: 204 } }, 204],
    ['a 204, JSON accepted', 'sampled', { headers: { accept: 'application/json' }, config: { code: 204 } }, 204],
    ['a code only the default response covers', 'sampled', { config: { code: 418 } }, 418],
    ['a 415 violation: the 415 declared', 'sampled', { validations: [CONTENT_TYPE] }, 415],
    [
      'a 415 violation and an invalid body: the 415 declared, not the default',
      'sampled',
      { validations: [TYPE, CONTENT_TYPE] },
      415,
    ],
    ['a security violation: the 401 declared, its header example', 'sampled', { validations: [SECURITY] }, 401],
    [
      'a security violation, code 401 and its example',
      'sampled',
      { validations: [SECURITY], config: { code: 401, exampleKey: 'denied' } },
      401,
    ],
    ['an invalid request: the default response', 'sampled', { validations: [TYPE] }, 422],
    ['a */* content: sent as text/plain', 'wildcard', { headers: { accept: '*/*' } }, 200],
    ['CSV asked for', 'wildcard', { headers: { accept: 'text/csv' } }, 200],
    [
      'a media type neither has (the wildcard content is no match)',
      'wildcard',
      { headers: { accept: 'application/xml' } },
      'NOT_ACCEPTABLE',
    ],
    ['no Accept: the first content', 'wildcard', {}, 200],
    ['no content at all', 'none', {}, 200],
    ['no content at all, HTML asked for', 'none', { headers: { accept: 'text/html' } }, 200],
    [
      'an invalid request, no 422, 400 or default: Prism makes the 422',
      'none',
      { validations: [WARNING, TYPE] },
      'UNPROCESSABLE_ENTITY',
    ],
    [
      'a 415 violation, no 415, 422, 400 or default: Prism makes the 415',
      'none',
      { validations: [CONTENT_TYPE, TYPE] },
      'INVALID_CONTENT_TYPE',
    ],
    [
      "violations of every severity, no 422, 400 or default: Prism's 422 names each severity",
      'none',
      { validations: [TYPE, WARNING, INFORMATION, HINT] },
      'UNPROCESSABLE_ENTITY',
    ],
    ['an example without a value: the body sampled from the schema', 'noValue', {}, 200],
    [
      'a body schema the sampler fails on (a null property schema): its error',
      'broken',
      {},
      /^Cannot read properties of null/,
    ],
    ['a body schema too complex to sample', 'complexBody', {}, 'SCHEMA_TOO_COMPLEX'],
    [
      'a body schema too complex to sample, for an invalid request',
      'complexBody',
      { validations: [TYPE] },
      'SCHEMA_TOO_COMPLEX',
    ],
    ['a header schema too complex to sample', 'complexHeader', {}, 'SCHEMA_TOO_COMPLEX'],
    ['a deprecated operation, no content', 'old', {}, 200],
    ['a deprecated operation, its 204', 'old', { config: { code: 204 } }, 204],
  ];

  for (const [name, iid, { headers, validations = [], config = {} }, expected] of cases) {
    it(name, () => {
      const resource = byId(iid);
      const { chosen, mocked } = both(resource, requestTo(resource, headers), validations, config);
      // The order of the headers is held apart (below): the chooser's differs where the spec declares several.
      const unordered = (result: Choice) => ({ ...(seen(result) as object), headerOrder: undefined });
      expect(unordered(chosen)).toStrictEqual(unordered(mocked));
      expectAnswer(chosen, expected);
    });
  }

  // Prism's mocker collects the response headers with fp-ts's Record.sequence, which walks the keys
  // sorted: its headers come in code-unit order, then Content-type (the spec declares X-Example,
  // X-Examples, X-Sampled, X-Number, X-Object, X-Bare).
  it("response headers: in Prism's order", () => {
    const resource = byId('headers');
    const { chosen, mocked } = both(resource, requestTo(resource), [], {});
    expect(seen(chosen)).toStrictEqual(seen(mocked));
  });

  // Prism's mocker computes the body before the headers (the first Left wins), so when both are too
  // complex to sample its problem names the body. (Either alone: the same problem, above.)
  it('a header and a body both too complex to sample: the same problem (Prism names the body)', () => {
    const resource = byId('complexBoth');
    const { chosen, mocked } = both(resource, requestTo(resource), [], {});
    expect(mocked).toMatchObject({
      ok: false,
      error: { detail: 'Unable to generate body for response. The schema is too complex to generate.' },
    });
    expect(seen(chosen)).toStrictEqual(seen(mocked));
  });
});

describe("what the chooser hands to Prism's whole mocker", () => {
  it('--dynamic, or an operation with callbacks: the whole mocker, with the request, its violations and the settings', () => {
    const calls: MockerOptions[] = [];
    const answer: Choice = { ok: true, value: { statusCode: 200, headers: {}, body: 'from the mocker' } };
    const spy: PlainPrism = { ...prism, mock: (options: MockerOptions) => (calls.push(options), answer) };
    const choose = createChooser(spy, logger);
    const resource = operations[0] as Resource;
    const data = requestTo(resource);
    expect(choose(resource, { data, validations: [TYPE] }, { dynamic: true, seed: 's' })).toBe(answer);
    const withCallback = {
      ...resource,
      callbacks: [{ key: 'done', path: '{$request.body#/url}', method: 'post', responses: [] }],
    } as unknown as Resource;
    expect(choose(withCallback, { data, validations: [] }, { dynamic: false })).toBe(answer);
    expect(calls).toEqual([
      { resource, input: { data, validations: [TYPE] }, config: { dynamic: true, seed: 's' } },
      { resource: withCallback, input: { data, validations: [] }, config: { dynamic: false } },
    ]);
    // Static examples on an operation without callbacks: never.
    choose(resource, { data, validations: [] }, { dynamic: false });
    expect(calls).toHaveLength(2);
  });

  it('--dynamic with a seed: what the whole mocker generates from that seed', () => {
    const resource = operation('createOrVerifyUser');
    const choose = createChooser(prism, logger);
    const settings = { dynamic: true, ignoreExamples: false, seed: 'seven' };
    const chosen = choose(resource, { data: requestTo(resource), validations: [] }, { ...settings });
    const mocked = prism.mock(
      { resource, input: { data: requestTo(resource), validations: [] }, config: { ...settings } },
      logger,
    );
    expect(seen(chosen)).toStrictEqual(seen(mocked));
    expect(chosen).toMatchObject({ ok: true, value: { statusCode: 200 } });
  });
});

describe('the choices the chooser keeps (valid requests, when the log does not show the negotiation)', () => {
  /** The questions asked of every operation: a kept choice answers only its own. */
  const QUESTIONS: { headers?: Record<string, string>; config: Partial<Config> }[] = [
    { config: {} },
    { config: { code: 422 } },
    { config: { code: 422, exampleKey: 'invalidJson' } },
    { config: { ignoreExamples: true } },
    { headers: { accept: 'application/json' }, config: {} },
    { headers: { accept: 'text/html' }, config: {} },
    { config: { exampleKey: 'noSuchExample' } },
  ];

  it("the same questions asked twice of one chooser: each time Prism's whole mocker's answer to it", () => {
    const choose = staticChooser();
    for (const round of [1, 2]) {
      for (const resource of operations) {
        for (const { headers, config } of QUESTIONS) {
          const { chosen, mocked } = both(resource, requestTo(resource, headers), [], config, choose);
          expect(seen(chosen), `${resource.iid} ${JSON.stringify({ headers, config })}, round ${round}`).toStrictEqual(
            seen(mocked),
          );
        }
      }
    }
  });

  it('past the bound of what is kept (a thousand choices), the answers are still right', () => {
    const choose = staticChooser();
    const resource = operation('createOrVerifyUser');
    /** Question `i`: an Accept header of its own, answered with the JSON example. */
    const question = (i: number) => requestTo(resource, { accept: `application/json, text/x-${i}` });
    const expected = seen(both(resource, question(0), [], {}).mocked);
    for (let i = 0; i < 1100; i++) {
      expect(
        seen(choose(resource, { data: question(i), validations: [] }, { dynamic: false, ignoreExamples: false })),
        `question ${i}`,
      ).toStrictEqual(expected);
    }
    for (const i of [0, 999, 1000, 1099]) {
      const { chosen, mocked } = both(resource, question(i), [], {}, choose);
      expect(seen(chosen), `question ${i} again`).toStrictEqual(seen(mocked));
    }
  });
});

describe('what the chooser logs', () => {
  interface Line {
    level: number;
    name?: string;
    input?: unknown;
    msg: string;
  }
  /** Prism's logger at `level`, its lines (pino's JSON) read back into `lines`. */
  function recording(level: string): { logger: Logger; lines: Line[] } {
    const lines: Line[] = [];
    const logger = prism.createLogger(
      'TEST',
      { level },
      { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    ) as unknown as Logger;
    return { logger, lines };
  }
  const settings: Config = { dynamic: false, ignoreExamples: false };
  const byName = (lines: Line[], name: string) => lines.filter((line) => line.name === name);

  it("at info: the negotiation's steps, each with the request's method and path, every time the request is asked", () => {
    const { logger: info, lines } = recording('info');
    const choose = staticChooser(info);
    const user = operation('createOrVerifyUser');
    const data = requestTo(user, { accept: 'application/json' });
    const request = { method: 'post', url: { path: data.url.path } };
    choose(user, { data, validations: [] }, { ...settings });
    const steps = byName(lines, 'NEGOTIATOR');
    expect(steps).toContainEqual({
      level: 32,
      name: 'NEGOTIATOR',
      input: request,
      msg: 'Found a compatible content for application/json',
    });
    for (const step of steps) expect(step).toMatchObject({ name: 'NEGOTIATOR', input: request });
    // Asked again: negotiated again, and logged again (not answered from a kept choice).
    lines.length = 0;
    choose(user, { data, validations: [] }, { ...settings });
    expect(byName(lines, 'NEGOTIATOR')).toStrictEqual(steps);
  });

  it("an invalid request: the validator's line at info, with the request's method and path; the negotiation's steps with them too", () => {
    const { logger: info, lines } = recording('info');
    const user = operation('createOrVerifyUser');
    const data = requestTo(user);
    const request = { method: 'post', url: { path: data.url.path } };
    staticChooser(info)(user, { data, validations: [TYPE] }, { ...settings });
    expect(byName(lines, 'VALIDATOR')).toStrictEqual([
      { level: 30, name: 'VALIDATOR', input: request, msg: 'Request did not pass the validation rules' },
    ]);
    expect(byName(lines, 'NEGOTIATOR')).toContainEqual({
      level: 32,
      name: 'NEGOTIATOR',
      input: request,
      msg: "Found response 422. I'll try with it.",
    });
  });

  it("at warn: only the negotiation's warnings, as the NEGOTIATOR's, with the request's method and path, every time the request is asked", () => {
    const { logger: warn, lines } = recording('warn');
    const choose = staticChooser(warn);
    const user = operation('createOrVerifyUser');
    choose(user, { data: requestTo(user), validations: [] }, { ...settings });
    expect(lines).toEqual([]);
    const html = requestTo(user, { accept: 'text/html' });
    const warning = {
      level: 40,
      name: 'NEGOTIATOR',
      input: { method: 'post', url: { path: html.url.path } },
      msg: 'Unable to find content for text/html',
    };
    const first = choose(user, { data: html, validations: [] }, { ...settings });
    expect(lines).toStrictEqual([warning]);
    // Asked again: the same choice, and the same warning again, as Prism's mocker gives.
    expect(choose(user, { data: html, validations: [] }, { ...settings })).toStrictEqual(first);
    expect(lines).toStrictEqual([warning, warning]);
  });
});
