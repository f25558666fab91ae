// The input check (src/mock/engine/input-check.ts) against Prism's validateInput: its violations,
// by the cheapest path that gives them (proven by compiled checks, Prism's four checks with the path
// read by position, or validateInput itself).
import { beforeAll, describe, expect, it } from 'vitest';
import { type PlainPrism } from '../../../../src/mock/prism/adapter.js';
import type { IHttpRequest, Resource } from '../../../../src/mock/prism/prism-types.js';
import { createInputCheck } from '../../../../src/mock/engine/input-check.js';
import { createSchemaCheck } from '../../../../src/mock/engine/schema-check.js';
import { RUN, SIGNALS, document, prism, byId, request, loadEngineFixture } from '../../../support/mock-engine.js';
import { PROJECT } from '../../../support/mock-steps.js';

beforeAll(loadEngineFixture);

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
