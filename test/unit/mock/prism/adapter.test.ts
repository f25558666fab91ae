// Prism's pieces with plain answers (src/mock/prism/adapter.ts), against Prism's own Eithers on the
// embedded spec: a check gives exactly the Left's violations (none for a Right), the router, the
// negotiator and the mocker a Result holding the Right's value or the Left's problem.
import { beforeAll, describe, expect, it } from 'vitest';
import { plainPrism, type PlainPrism } from '../../../../src/mock/prism/adapter.js';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import type { Prism } from '../../../../src/mock/prism/modules.js';
import type { IHttpRequest, Resource } from '../../../../src/mock/prism/prism-types.js';
import { specPath } from '../../../support/spec.js';

let prism: Prism;
let plain: PlainPrism;
let operations: Resource[];
let users: Resource;

beforeAll(async () => {
  prism = loadPrism();
  plain = plainPrism(prism);
  operations = await prism.getHttpOperationsFromSpec(specPath);
  users = operations.find((operation) => operation.iid === 'createOrVerifyUser') as Resource;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}): IHttpRequest => ({
  method: 'post',
  url: { path, query: {} },
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

describe("the checks: the violations of Prism's Left, none for its Right", () => {
  it("validateInput, validateSecurity and validateOutput give Prism's violations, or none", () => {
    const invalid = post(users.path, { email: 5 });
    const left = prism.validateInput({ resource: users, element: invalid });
    expect(left._tag).toBe('Left');
    expect(plain.validateInput({ resource: users, element: invalid })).toEqual(left._tag === 'Left' ? left.left : []);
    expect(plain.validateInput({ resource: users, element: invalid }).length).toBeGreaterThan(0);

    const security = prism.validateSecurity({ resource: users, element: invalid });
    expect(plain.validateSecurity({ resource: users, element: invalid })).toEqual(
      security._tag === 'Left' ? security.left : [],
    );

    const response = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: 'not an object' };
    const output = prism.validateOutput({ resource: users, element: response });
    expect(output._tag).toBe('Left');
    expect(plain.validateOutput({ resource: users, element: response })).toEqual(
      output._tag === 'Left' ? output.left : [],
    );
    const example = (users.responses.find((r) => r.code === '200')?.contents?.[0]?.examples?.[0] as { value: unknown })
      .value;
    const valid = { ...response, body: example };
    expect(prism.validateOutput({ resource: users, element: valid })._tag).toBe('Right');
    expect(plain.validateOutput({ resource: users, element: valid })).toEqual([]);
  });

  it("each kind of check (body, path, query, headers) gives the Left's violations, none for a Right", () => {
    const contents = users.request?.body?.contents ?? [];
    const body = (value: unknown) => [value, contents, 0, 'application/json', undefined, undefined] as const;
    const wrong = prism.validateBody(...body({ email: 5 }));
    expect(wrong._tag).toBe('Left');
    expect(plain.validateBody(...body({ email: 5 }))).toEqual((wrong as { left: unknown }).left);
    const required = [{ name: 'x-id', style: 'simple', required: true, schema: { type: 'integer' } }];
    for (const check of ['validateHeaders', 'validateQuery', 'validatePath'] as const) {
      const missing = prism[check]({}, required, 0);
      expect(missing._tag, check).toBe('Left');
      expect(plain[check]({}, required, 0), check).toEqual((missing as { left: unknown }).left);
      expect(plain[check]({ 'x-id': '12' }, required, 0), check).toEqual([]);
    }
  });
});

describe('the router, the negotiator and the mocker: a Result', () => {
  it("the router: the operation Prism routes to, or Prism's 404 as the error", () => {
    const found = plain.route({ resources: operations, input: post(users.path, {}) });
    expect(found).toEqual({ ok: true, value: users });
    const missing = plain.route({ resources: operations, input: post('/v2/nothing', {}) });
    expect(missing.ok).toBe(false);
    expect(missing).toMatchObject({ error: { status: 404 } });
  });

  it("the negotiator: what it chose, or its problem; the mocker: Prism's response, or its problem", () => {
    const logger = prism.createLogger('TEST', { level: 'silent' }, { write() {} });
    const valid = plain.negotiateValid(users, { dynamic: false }, logger);
    expect(valid).toMatchObject({ ok: true, value: { code: '200', mediaType: 'application/json' } });
    const none = plain.negotiateInvalid(users.responses, [418], undefined, logger);
    expect(none).toMatchObject({ ok: false, error: expect.any(Error) });
    const chosen = plain.negotiateInvalid(users.responses, [422, 400], undefined, logger);
    expect(chosen).toMatchObject({ ok: true, value: { code: '422' } });

    const mocked = plain.mock(
      { resource: users, input: { data: post(users.path, {}), validations: [] }, config: { dynamic: false } },
      logger,
    );
    expect(mocked).toMatchObject({ ok: true, value: { statusCode: 200 } });
    const missingExample = plain.mock(
      {
        resource: users,
        input: { data: post(users.path, {}), validations: [] },
        config: { dynamic: false, exampleKey: 'no-such-example' },
      },
      logger,
    );
    expect(missingExample).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it('keeps every other piece of Prism as it is', () => {
    expect(plain.problems).toBe(prism.problems);
    expect(plain.ProblemJsonError).toBe(prism.ProblemJsonError);
    expect(plain.formats).toBe(prism.formats);
  });
});
