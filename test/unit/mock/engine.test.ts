// The mock's fast request path, called in-process against Prism's own pieces, for what a user
// relies on: every shortcut answers exactly what Prism would have answered.
//   - the routing table (src/mock/engine/router.ts) routes every operation as Prism's router does, and
//     hands Prism what it cannot route exactly (404, 405, precedence, __server, inner templates);
//   - the input check (src/mock/engine/input-check.ts) gives Prism's validateInput result, violations and
//     their order included, for valid and invalid bodies, parameters and content types;
//   - the schema check (src/mock/engine/schema-check.ts) agrees with Prism's validator and stands down on a
//     document whose schemas Prism rewrites;
//   - the engine (src/mock/engine/engine.ts) runs Prism's pieces step by step (the preferences of
//     src/mock/engine/preferences.ts, from the Prefer header or else the query, each one read or
//     named in Prism's 422; route; the security check, which follows the credentials it reads,
//     API keys in a header or the query included; the input check; the choice of
//     src/mock/engine/choose.ts, which test/unit/mock/choose.test.ts holds to Prism's whole mocker) and
//     gives each outcome, with the operation and the fallbacks that fired: Prism's problem, a
//     limit's refusal (--max-errors, before Prism's validation; or the responder's), the response
//     with Prism's violations of it (a written body the shortcut cannot prove, read by its status
//     and its Content-Type, goes through Prism's whole check), the example instead of a reflection
//     the schema rejects.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPrism } from '../../../src/mock/prism/deps.js';
import { plainPrism, type Choice, type PlainPrism } from '../../../src/mock/prism/adapter.js';
import { Fallbacks } from '../../../src/mock/common/fallbacks.js';
import { LimitError } from '../../../src/mock/common/limits.js';
import type { Logger } from '../../../src/mock/prism/log.js';
import type { IHttpRequest, IHttpResponse, Resource } from '../../../src/mock/prism/prism-types.js';
import { createInputCheck } from '../../../src/mock/engine/input-check.js';
import { createRouter } from '../../../src/mock/engine/router.js';
import { essence } from '../../../src/mock/common/media-type.js';
import { contentFor, createSchemaCheck } from '../../../src/mock/engine/schema-check.js';
import { Spec, type Document } from '../../../src/mock/prism/spec.js';
import type { Received } from '../../../src/mock/request/parse.js';
import { createChooser } from '../../../src/mock/engine/choose.js';
import { createEngine, type Outcome } from '../../../src/mock/engine/engine.js';
import { createPreferences } from '../../../src/mock/engine/preferences.js';
import type { Responder } from '../../../src/mock/service/respond.js';
import { createTranslator, type Translator } from '../../../src/mock/service/translate.js';
import { createValidator } from '../../../src/mock/service/pydantic.js';
import { specPath } from '../../support/spec.js';

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const SIGNALS = `/v2/projects/${PROJECT}/runs/${RUN}/signals/configuration`;
const document = JSON.parse(readFileSync(specPath, 'utf8')) as Document;

let prism: PlainPrism;
/** The service's 422 items on a document, at most `maxErrors` (the engine walks them before Prism's validation of a request not proven valid). */
const translatorOf = (doc: Document, maxErrors = 1000) =>
  createTranslator(createValidator(new Spec(doc), prism.formats), maxErrors);
let operations: Resource[];
const byId = (iid: string): Resource => operations.find((o) => o.iid === iid) as Resource;
/** The 200 example of Create Or Verify User named `administrator`. */
const ADMINISTRATOR = (
  document.paths as Record<
    string,
    {
      post: {
        responses: Record<
          string,
          { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> }
        >;
      };
    }
  >
)['/v2/system_users']?.post.responses['200']?.content['application/json']?.examples.administrator?.value as Record<
  string,
  unknown
>;
const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  prism = plainPrism(loadPrism());
  operations = await prism.getHttpOperationsFromSpec(specPath);
});

/** A request as the parse stage hands it to Prism. */
function request(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
): IHttpRequest {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    method: method as IHttpRequest['method'],
    url: { path, query },
    headers: {
      host: 'mock',
      ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
      ...headers,
    },
    body: body === undefined ? null : body,
  };
}

/** Every operation's path with its parameters filled, from the spec. */
function concretePath(resource: Resource): string {
  return resource.path.replace(/{[^}]+}/g, PROJECT);
}

describe('routing table', () => {
  const prismRoute = (): PlainPrism['route'] => (options) => prism.route(options);

  it('routes each operation of the spec, every method, to the operation Prism routes it to', () => {
    const router = createRouter(operations, prismRoute());
    for (const resource of operations) {
      const input = request(resource.method, concretePath(resource), undefined);
      expect(router.find(input)).toBe(resource);
      expect(router.route({ resources: operations, input })).toEqual(prism.route({ resources: operations, input }));
    }
  });

  it("hands Prism the requests it has no single answer for, and returns Prism's answer: 404, 405, __server, no leading slash", () => {
    const calls: string[] = [];
    const router = createRouter(operations, (options) => {
      calls.push(`${options.input.method} ${options.input.url.path}`);
      return prism.route(options);
    });
    const cases = [
      request('put', '/v2/nothing', undefined),
      request('get', SIGNALS, undefined),
      request('put', `${SIGNALS}/extra`, undefined),
      { ...request('put', SIGNALS, undefined), url: { path: SIGNALS, baseUrl: 'http://elsewhere.example' } },
      request('put', SIGNALS.slice(1), undefined),
    ];
    for (const input of cases) {
      expect(router.find(input)).toBeUndefined();
      const routed = router.route({ resources: operations, input });
      const expected = (() => {
        try {
          return prism.route({ resources: operations, input });
        } catch (error) {
          return error;
        }
      })();
      expect(routed).toEqual(expected);
    }
    expect(calls).toEqual(cases.map((c) => `${c.method} ${c.url.path}`));
    const status = (input: IHttpRequest) =>
      (router.route({ resources: operations, input }) as { error: { status: number } }).error.status;
    expect(status(request('put', '/v2/nothing', undefined))).toBe(404);
    expect(status(request('get', SIGNALS, undefined))).toBe(405);
  });

  it("decodes percent-encoded segments as Prism does, and leaves the choice between a literal and a template to Prism's precedence", () => {
    const literal = { ...byId('createOrVerifyUser'), id: 'literal', path: '/v2/things/special' } as Resource;
    const templated = { ...byId('createOrVerifyUser'), id: 'templated', path: '/v2/things/{thing_id}' } as Resource;
    const deeper = { ...byId('createOrVerifyUser'), id: 'deeper', path: '/v2/things/{thing_id}/parts' } as Resource;
    const resources = [templated, literal, deeper];
    const router = createRouter(resources, prismRoute());
    const routed = (path: string) =>
      (router.route({ resources, input: request('post', path, undefined) }) as { value: Resource }).value.id;
    expect(router.find(request('post', '/v2/things/special', undefined))).toBeUndefined();
    expect(routed('/v2/things/special')).toBe('literal');
    expect(routed('/v2/things/%73pecial')).toBe('literal');
    expect(router.find(request('post', '/v2/things/other', undefined))).toBe(templated);
    expect(router.find(request('post', '/v2/things/a%2Fb/parts', undefined))).toBe(deeper);
    expect(router.find(request('post', '/v2/things//parts', undefined))).toBe(deeper);
    expect(router.find(request('POST', '/v2/things/other', undefined))).toBe(templated);
    // A segment that does not percent-decode is matched as sent, as Prism does.
    expect(router.find(request('post', '/v2/things/%ZZ', undefined))).toBe(templated);
    const undecodable = { ...byId('createOrVerifyUser'), id: 'undecodable', path: '/v2/%ZZ' } as Resource;
    const other = createRouter([undecodable], prismRoute());
    expect(other.find(request('post', '/v2/%ZZ', undefined))).toBe(undecodable);
    expect(other.find(request('post', '/v2/%YY', undefined))).toBeUndefined();
    // A path without its leading slash is Prism's to refuse, even when its segments would match.
    expect(router.find(request('post', 'x/v2/things/other', undefined))).toBeUndefined();
  });

  it('with a template inside a segment (`/files/{name}.json`) routes nothing itself', () => {
    const inner = { ...byId('createOrVerifyUser'), id: 'inner', path: '/v2/files/{name}.json' } as Resource;
    const plain = { ...byId('createOrVerifyUser'), id: 'plain', path: '/v2/system_users' } as Resource;
    const router = createRouter([inner, plain], prismRoute());
    expect(router.find(request('post', '/v2/system_users', undefined))).toBeUndefined();
    expect(
      (
        router.route({ resources: [inner, plain], input: request('post', '/v2/files/a.json', undefined) }) as {
          value: Resource;
        }
      ).value.id,
    ).toBe('inner');
  });
});

describe("input check: Prism's validateInput result, by the cheapest path that gives it", () => {
  const signals = () => byId('putSignalsConfiguration');
  const user = () => byId('createOrVerifyUser');
  const valid = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
  const withoutHeader = (element: IHttpRequest, name: string): IHttpRequest => ({
    ...element,
    headers: Object.fromEntries(Object.entries(element.headers ?? {}).filter(([key]) => key !== name)),
  });
  /** A copy of an operation with its request spec changed. */
  const changed = (
    resource: Resource,
    change: (request: Record<string, unknown>) => Record<string, unknown>,
  ): Resource => ({ ...resource, request: change(structuredClone(resource.request ?? {}) as Record<string, unknown>) });
  const pathParameter = (extra: Record<string, unknown>) => (r: Record<string, unknown>) => ({
    ...r,
    path: (r.path as object[]).map((p, i) => (i === 0 ? { ...p, ...extra } : p)),
  });
  const bodyContents =
    (contents: (c: { mediaType: string; schema?: object }) => object[]) => (r: Record<string, unknown>) => {
      const body = r.body as { contents: { mediaType: string; schema?: object }[] };
      return { ...r, body: { ...body, contents: contents(body.contents[0] as { mediaType: string }) } };
    };
  const ALL_OF = { components: { schemas: { A: { allOf: [] } } } };

  const optionalBody = (r: Record<string, unknown>) => ({ ...r, body: { ...(r.body as object), required: false } });
  type Path = 'proven' | 'checks' | 'prism';
  // What Prism's validateInput says, and which path gave it: proven by compiled checks alone;
  // Prism's four checks with the path read by position; or Prism's validateInput itself.
  const cases: [string, Path, () => { resource: Resource; element: IHttpRequest; document?: unknown }][] = [
    ['a valid body', 'proven', () => ({ resource: signals(), element: request('put', SIGNALS, valid) })],
    [
      'a valid body with a charset',
      'proven',
      () => ({
        resource: signals(),
        element: request('put', SIGNALS, valid, { 'content-type': 'application/json; charset=utf-8' }),
      }),
    ],
    [
      'a valid user (no path parameter)',
      'proven',
      () => ({ resource: user(), element: request('post', '/v2/system_users', { email: 'a@example.com' }) }),
    ],
    [
      'a deprecated operation, valid',
      'proven',
      () => ({
        resource: byId('applyBulkFeedbackV2'),
        element: request('post', `/v2/projects/${PROJECT}/feedback/ratings`, { operations: [] }),
      }),
    ],
    [
      'an operation that takes no body, sent none',
      'proven',
      () => ({
        resource: changed(user(), ({ body: _, ...r }) => r),
        element: request('post', '/v2/system_users', undefined),
      }),
    ],
    [
      'an operation with no request spec at all, sent no body',
      'proven',
      () => ({ resource: { ...user(), request: undefined }, element: request('post', '/v2/system_users', undefined) }),
    ],
    [
      'a JSON media type declared after another',
      'proven',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [{ mediaType: 'text/plain', schema: { type: 'string' } }, c]),
        ),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a string body its schema allows (proofs take objects and lists only)',
      'checks',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [
            { ...c, schema: { type: 'string', $schema: 'http://json-schema.org/draft-07/schema#' } },
          ]),
        ),
        element: request('post', '/v2/system_users', 'text'),
      }),
    ],
    [
      'a path parameter the template does not have',
      'checks',
      () => ({
        resource: changed(signals(), (r) => ({
          ...r,
          path: [...(r.path as object[]), { name: 'missing', style: 'simple', required: true, schema: {} }],
        })),
        element: request('put', SIGNALS, valid),
      }),
    ],
    [
      'no body spec, an invalid path parameter',
      'checks',
      () => ({
        resource: changed(signals(), ({ body: _, ...r }) => r),
        element: request('put', SIGNALS.replace(PROJECT, 'x'), undefined),
      }),
    ],
    [
      'a query parameter declared, no query at all',
      'checks',
      () => ({
        resource: changed(user(), (r) => ({
          ...r,
          query: [{ name: 'q', style: 'form', required: true, schema: { type: 'string' } }],
        })),
        element: {
          ...request('post', '/v2/system_users', { email: 'a@example.com' }),
          url: { path: '/v2/system_users' },
        },
      }),
    ],
    [
      'a body below a bound',
      'checks',
      () => ({ resource: signals(), element: request('put', SIGNALS, { ...valid, schedule: { interval_hours: 0 } }) }),
    ],
    ['a body of the wrong type', 'checks', () => ({ resource: signals(), element: request('put', SIGNALS, [1, 2]) })],
    ['a string body', 'checks', () => ({ resource: signals(), element: request('put', SIGNALS, 'text') })],
    [
      'an extra property',
      'checks',
      () => ({ resource: signals(), element: request('put', SIGNALS, { ...valid, surprise: true }) }),
    ],
    [
      'a path parameter that is not a UUID',
      'checks',
      () => ({ resource: signals(), element: request('put', SIGNALS.replace(PROJECT, 'not-a-uuid'), valid) }),
    ],
    [
      'an invalid path parameter and an invalid body',
      'checks',
      () => ({ resource: signals(), element: request('put', SIGNALS.replace(RUN, '42'), { model: 1 }) }),
    ],
    [
      'a user with a number e-mail',
      'checks',
      () => ({ resource: user(), element: request('post', '/v2/system_users', { email: 5 }) }),
    ],
    [
      'a user with a number e-mail, no header or query parameter spec at all',
      'checks',
      () => ({
        resource: changed(user(), ({ headers: _h, query: _q, ...r }) => r),
        element: request('post', '/v2/system_users', { email: 5 }),
      }),
    ],
    [
      'Log Traces with no traces',
      'checks',
      () => ({
        resource: byId('logTraces'),
        element: request('post', `/v2/projects/${PROJECT}/traces`, { traces: [] }),
      }),
    ],
    [
      'a deprecated path parameter (Prism warns)',
      'checks',
      () => ({
        resource: changed(signals(), pathParameter({ deprecated: true })),
        element: request('put', SIGNALS, valid),
      }),
    ],
    [
      'an integer path parameter (Prism coerces it)',
      'checks',
      () => ({
        resource: changed(
          signals(),
          pathParameter({ schema: { type: 'integer', $schema: 'http://json-schema.org/draft-07/schema#' } }),
        ),
        element: request('put', SIGNALS, valid),
      }),
    ],
    [
      'a path parameter in the label style',
      'checks',
      () => ({
        resource: changed(signals(), pathParameter({ style: 'label' })),
        element: request('put', SIGNALS, valid),
      }),
    ],
    [
      'a required query parameter declared, sent',
      'checks',
      () => ({
        resource: changed(user(), (r) => ({
          ...r,
          query: [{ name: 'q', style: 'form', required: true, schema: { type: 'string' } }],
        })),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }, {}, { q: 'x' }),
      }),
    ],
    [
      'a header parameter declared, missing',
      'checks',
      () => ({
        resource: changed(user(), (r) => ({
          ...r,
          headers: [{ name: 'X-Mode', style: 'simple', required: true, schema: { type: 'string' } }],
        })),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a wildcard media type before the JSON one',
      'checks',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [{ ...c, mediaType: '*/*' }, c]),
        ),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a valid body on a document Prism rewrites (allOf)',
      'checks',
      () => ({ resource: signals(), element: request('put', SIGNALS, valid), document: ALL_OF }),
    ],
    [
      'no path parameter spec, on a document Prism rewrites (allOf)',
      'checks',
      () => ({
        resource: changed(user(), ({ path: _, ...r }) => r),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
        document: ALL_OF,
      }),
    ],
    [
      'a path parameter with no style (simple by default)',
      'proven',
      () => ({
        resource: changed(signals(), pathParameter({ style: undefined })),
        element: request('put', SIGNALS, valid),
      }),
    ],
    [
      'a percent-encoded path parameter',
      'prism',
      () => ({
        resource: signals(),
        element: request('put', SIGNALS.replace(PROJECT, PROJECT.replace('6f', '%36f')), valid),
      }),
    ],
    [
      'a path parameter with a comma',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS.replace(PROJECT, 'a,b'), valid) }),
    ],
    [
      'an empty path parameter',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS.replace(PROJECT, ''), valid) }),
    ],
    [
      'a literal segment sent percent-encoded',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS.replace('/runs/', '/r%75ns/'), valid) }),
    ],
    [
      'a path of another length',
      'prism',
      () => ({ resource: signals(), element: request('put', `${SIGNALS}/more`, valid) }),
    ],
    [
      'a text/plain body',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS, valid, { 'content-type': 'text/plain' }) }),
    ],
    [
      'no content type',
      'prism',
      () => ({ resource: signals(), element: withoutHeader(request('put', SIGNALS, valid), 'content-type') }),
    ],
    [
      'a Content-Type that does not parse',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS, valid, { 'content-type': '/' }) }),
    ],
    [
      'no body where one is required',
      'prism',
      () => ({ resource: signals(), element: request('put', SIGNALS, undefined) }),
    ],
    [
      'a null body where the schema allows null, the body required',
      'prism',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [
            { ...c, schema: { type: ['object', 'null'], $schema: 'http://json-schema.org/draft-07/schema#' } },
          ]),
        ),
        element: { ...request('post', '/v2/system_users', {}), body: null },
      }),
    ],
    [
      'a null body, the body optional',
      'prism',
      () => ({
        resource: changed(user(), optionalBody),
        element: { ...request('post', '/v2/system_users', { email: 'a@example.com' }), body: null },
      }),
    ],
    [
      'no parsed body, the body optional',
      'prism',
      () => ({
        resource: changed(user(), optionalBody),
        element: { ...request('post', '/v2/system_users', { email: 'a@example.com' }), body: undefined },
      }),
    ],
    [
      'a null body',
      'prism',
      () => ({ resource: signals(), element: { ...request('put', SIGNALS, valid), body: null } }),
    ],
    [
      'a falsy body where one is required',
      'prism',
      () => ({ resource: signals(), element: { ...request('put', SIGNALS, valid), body: 0 } }),
    ],
    [
      'a body with no Content-Length (chunked; Prism skips only its media-type check, which the match passes)',
      'proven',
      () => ({ resource: signals(), element: withoutHeader(request('put', SIGNALS, valid), 'content-length') }),
    ],
    [
      'an invalid body with no Content-Length (chunked)',
      'checks',
      () => ({
        resource: signals(),
        element: withoutHeader(request('put', SIGNALS, { ...valid, model: 5 }), 'content-length'),
      }),
    ],
    [
      'a body sent to an operation that takes none (415)',
      'prism',
      () => ({
        resource: changed(user(), ({ body: _, ...r }) => r),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a media type declared with a parameter',
      'prism',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [{ ...c, mediaType: 'application/json; charset=utf-8' }]),
        ),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a body spec without contents',
      'prism',
      () => ({
        resource: changed(user(), (r) => ({ ...r, body: { required: true } })),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
    [
      'a body without a schema',
      'checks',
      () => ({
        resource: changed(
          user(),
          bodyContents((c) => [{ mediaType: c.mediaType }]),
        ),
        element: request('post', '/v2/system_users', { email: 'a@example.com' }),
      }),
    ],
  ];

  const PATH_CHECKED = new Set([
    'a path parameter the template does not have',
    'no body spec, an invalid path parameter',
    'a path parameter that is not a UUID',
    'an invalid path parameter and an invalid body',
    'a deprecated path parameter (Prism warns)',
    'an integer path parameter (Prism coerces it)',
    'a path parameter in the label style',
    'a valid body on a document Prism rewrites (allOf)',
  ]);

  for (const [name, path, make] of cases) {
    it(`${name}: ${path}`, () => {
      const { resource, element, document: doc = document } = make();
      const calls: string[] = [];
      const count = <F extends (...args: never[]) => unknown>(name: string, f: F): F =>
        ((...args: Parameters<F>) => (calls.push(name), f(...args))) as F;
      const counted: PlainPrism = {
        ...prism,
        validateInput: count('validateInput', prism.validateInput),
        validateBody: count('validateBody', prism.validateBody),
        validatePath: count('validatePath', prism.validatePath),
        validateQuery: count('validateQuery', prism.validateQuery),
        validateHeaders: count('validateHeaders', prism.validateHeaders),
      };
      const outcome = (f: () => unknown) => {
        try {
          return f();
        } catch (error) {
          return { threw: String(error) };
        }
      };
      const expected = outcome(() => prism.validateInput({ resource, element }));
      const actual = outcome(() => createInputCheck(counted, createSchemaCheck(counted, doc))({ resource, element }));
      expect(actual).toEqual(expected);
      const took: Path = calls.includes('validateInput') ? 'prism' : calls.length > 0 ? 'checks' : 'proven';
      expect(took, calls.join(', ')).toBe(path);
      if (took === 'prism') expect(calls).toEqual(['validateInput']);
      // Prism's checks run only where there is something to check: its path check only when a path
      // parameter is not proven valid.
      if (took === 'checks') {
        const spec = (resource.request ?? {}) as { body?: unknown; headers?: unknown; query?: unknown };
        expect(calls).toEqual([
          ...(spec.body ? ['validateBody'] : []),
          ...(spec.headers ? ['validateHeaders'] : []),
          ...(spec.query ? ['validateQuery'] : []),
          ...(PATH_CHECKED.has(name) ? ['validatePath'] : []),
        ]);
      }
    });
  }
});

describe('schema check', () => {
  it.each([
    ['checked against their meta-schemas first (a spec given)', false],
    ['known valid (the embedded spec: no meta-schema check)', true],
  ])('agrees with Prism on the examples of every request body and their breakages, the schemas %s', (_, known) => {
    const schemas = createSchemaCheck(prism, document, known);
    expect(schemas.exact).toBe(true);
    let compared = 0;
    for (const resource of operations) {
      for (const content of (resource.request?.body?.contents ?? []) as {
        schema?: object;
        examples?: { value: unknown }[];
      }[]) {
        for (const example of content.examples ?? []) {
          const values = [example.value, null, 'text', [], { ...(example.value as object), surprise: 1 }];
          for (const value of values) {
            const prismSays =
              prism.validateBody(value, [content], 0, 'application/json', undefined, undefined).length === 0;
            expect(
              schemas.valid(content.schema as object, value, undefined),
              `${resource.iid} ${JSON.stringify(value).slice(0, 80)}`,
            ).toBe(prismSays);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('a schema that is not valid against its meta-schema proves nothing, unless the document is known valid', () => {
    // maxItems may not be negative: ajv's meta-schema check refuses the schema; its compiler does not
    // (and the keyword does not apply to a string).
    const invalid = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', maxItems: -1 };
    expect(createSchemaCheck(prism, document).valid(invalid, 'text', undefined)).toBe(false);
    expect(createSchemaCheck(prism, document, true).valid(invalid, 'text', undefined)).toBe(true);
  });

  it('the content Prism validates against: the first whose media type matches, as written, with a schema', () => {
    expect(essence(' Application/JSON ; charset=utf-8')).toBe('application/json');
    const json = { mediaType: 'application/json', schema: { type: 'object' } };
    const wildcard = { mediaType: '*/*', schema: { type: 'string' } };
    expect(contentFor([json], 'application/json')).toBe(json);
    // Prism's own match is by essence, so a differently written type is left to Prism
    expect(contentFor([json], 'application/json; charset=utf-8')).toBeUndefined();
    expect(contentFor([wildcard, json], 'application/json')).toBeUndefined();
    expect(contentFor([{ mediaType: 'application/json' }], 'application/json')).toBeUndefined();
    expect(contentFor(undefined, 'application/json')).toBeUndefined();
  });

  it('a response proven valid by its body alone is one Prism finds valid: every example of every response of the spec, and its breakages', () => {
    const schemas = createSchemaCheck(prism, document);
    let proven = 0;
    for (const resource of operations) {
      for (const response of resource.responses) {
        for (const content of (response.contents ?? []) as { mediaType: string; examples?: { value: unknown }[] }[]) {
          for (const example of content.examples ?? []) {
            for (const body of [example.value, null, 'text', [], { ...(example.value as object), surprise: 1 }]) {
              const output = {
                statusCode: Number(response.code),
                headers: { 'Content-Type': content.mediaType },
                body,
              };
              const prismSays = prism.validateOutput({ resource, element: output }).length === 0;
              if (schemas.responseValid(resource, output)) {
                expect(prismSays, `${resource.iid} ${response.code} ${JSON.stringify(body).slice(0, 80)}`).toBe(true);
                proven++;
              }
            }
            // The example itself, as the spec writes it, is proven (no response of the spec declares headers).
            expect(
              schemas.responseValid(resource, {
                statusCode: Number(response.code),
                headers: { 'content-type': content.mediaType },
                body: example.value,
              }),
              `${resource.iid} ${response.code}`,
            ).toBe(true);
          }
        }
      }
    }
    expect(proven).toBeGreaterThan(20);
  });

  it('proves nothing of a response whose status, media type or headers it cannot judge alone, or on a document it stands down on', () => {
    const user = byId('createOrVerifyUser');
    const body = ADMINISTRATOR;
    const schemas = createSchemaCheck(prism, document);
    const output = (changes: Partial<IHttpResponse> = {}): IHttpResponse => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body,
      ...changes,
    });
    expect(schemas.responseValid(user, output())).toBe(true);
    expect(schemas.responseValid(user, output({ statusCode: 299 }))).toBe(false); // no such response
    expect(schemas.responseValid(user, output({ headers: { 'content-type': 'text/plain' } }))).toBe(false);
    expect(schemas.responseValid(user, output({ headers: {} }))).toBe(false); // no media type
    expect(schemas.responseValid(user, output({ headers: undefined }))).toBe(false);
    expect(schemas.responseValid(user, output({ body: { ...body, role: 'nobody' } }))).toBe(false);
    // Response headers the spec declares are Prism's to check.
    const withHeaders = {
      ...user,
      responses: user.responses.map((r) => ({
        ...r,
        headers: [{ name: 'X-Rate-Limit', schema: { type: 'integer' } }],
      })),
    } as unknown as Resource;
    expect(schemas.responseValid(withHeaders, output())).toBe(false);
    expect(
      createSchemaCheck(prism, { ...document, components: { schemas: { A: { allOf: [] } } } }).responseValid(
        user,
        output(),
      ),
    ).toBe(false);
  });

  it('stands down on a document with allOf, readOnly or writeOnly, and proves nothing with a schema ajv cannot compile', () => {
    for (const keyword of ['allOf', 'readOnly', 'writeOnly'])
      expect(createSchemaCheck(prism, { components: { schemas: { A: { [keyword]: true } } } }).exact).toBe(false);
    const schemas = createSchemaCheck(prism, {});
    expect(schemas.valid({ type: 'string', pattern: '(' }, 'x', undefined)).toBe(false);
    expect(schemas.valid({ type: 'string', format: 'date-time' }, '2026-11-23T10:00:00Z', undefined)).toBe(true);
    expect(schemas.valid({ type: 'string', format: 'date-time' }, '2026-11-23', undefined)).toBe(false);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }] },
        [1],
        undefined,
      ),
    ).toBe(false);
    expect(schemas.valid({ prefixItems: [{ type: 'string' }] }, [1], undefined)).toBe(true); // draft-07, as Prism picks it: prefixItems is no keyword there
    // Each draft as Prism picks it by $schema: a keyword of that draft counts, and the schema compiles.
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }], items: false },
        ['a'],
        undefined,
      ),
    ).toBe(true);
    expect(schemas.valid({ prefixItems: [{ type: 'string' }], items: false }, ['a'], undefined)).toBe(false);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2019-09/schema', dependentRequired: { a: ['b'] } },
        { a: 1 },
        undefined,
      ),
    ).toBe(false);
    expect(schemas.valid({ dependentRequired: { a: ['b'] } }, { a: 1 }, undefined)).toBe(true);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2019-09/schema', dependentRequired: { a: ['b'] } },
        { a: 1, b: 2 },
        undefined,
      ),
    ).toBe(true);
  });
});

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
    return { send };
  }

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

  it('a request without headers at all (Prism may hand one): the query parameters are read', () => {
    const input: IHttpRequest = {
      method: 'post',
      url: { path: USERS, query: { __code: '422', __example: 'administrator' } },
    };
    expect(createPreferences(prism)(input)).toEqual({ preferences: { code: 422, exampleKey: 'administrator' } });
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
  ) {
    const lines: string[] = [];
    const calls: Choice[] = [];
    const fallbacks = new Fallbacks({ ...silent, warn: (_fields, message) => void lines.push(message) });
    const logger = silentPrismLogger();
    const recorded: Responder = (result, ...rest) => (calls.push(result), respond(result, ...rest));
    const engine = createEngine({
      prism,
      spec: new Spec(document),
      operations: resources,
      logger,
      choose: createChooser(prism, logger),
      translator,
      respond: recorded,
      fallbacks,
      dynamic: false,
      seed: undefined,
    });
    return { engine, lines, calls };
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

  it('a written body the response schema accepts: no violation, and the example kept for a fallback', () => {
    const { engine, lines } = engineWith(writing({ ...example, email: 'a@example.org' }, { keepExample: true }));
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

  it('a request past --max-errors: refused, with the operation, the responder not asked; a fault of the walk is no refusal: it is thrown', () => {
    const tooMany = { email: 5, first_name: 6 };
    const { engine, calls } = engineWith(unchanged, operations, translatorOf(document, 1));
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
    const faulty: Translator = {
      requestDetails: () => {
        throw new Error('the walk failed');
      },
      madeBody: (_operation, request) => request.body,
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

  it("an operation the spec reader does not know (no operationId it has): Prism's response as it is, the responder not asked", () => {
    const renamed = operations.map((o) => (o.iid === 'createOrVerifyUser' ? { ...o, iid: 'notInTheSpec' } : o));
    const { engine, calls, lines } = engineWith(writing({ never: true }), renamed);
    expect(engine(request('post', USERS, { email: 'a@example.org' }), received())).toMatchObject({
      kind: 'output',
      output: { statusCode: 200, body: example },
      fallbacks: [],
    });
    expect([calls, lines]).toEqual([[], []]);
  });
});
