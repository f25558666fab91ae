// The operations the verifier reads from the spec (src/verify/operations.ts): every operation of
// this package's generated/openapi.json with its schemes and path parameters, a document the
// generator cannot serve refused, variants named by their union choices, path parameters filled,
// and the credential header of a raw request.
import { describe, expect, it } from 'vitest';
import {
  credentialHeaderOf,
  operations,
  readOperations,
  urlPathOf,
  variantLabel,
  type Operation,
} from '../../../src/verify/operations.js';
import { expand } from '../../../src/verify/schema.js';
import { spec, specPath } from '../../../src/verify/spec.js';
import { op, PROJECT, TEMPLATE } from '../../support/verify-transport.js';

describe('the spec and the operations', () => {
  it("reads this package's generated/openapi.json and every operation in it", () => {
    expect(specPath.endsWith('generated/openapi.json')).toBe(true);
    expect(spec.openapi).toBe('3.1.0');
    expect(operations.map((o) => `${o.method} ${o.id}`)).toEqual([
      'put putSignalsConfiguration',
      'post loginSocial',
      'patch updateAnnotationTemplate',
      'post logTraces',
      'post createLuna3ScorerVersion',
      'post applyBulkFeedbackV2',
      'post createOrVerifyUser',
    ]);
    expect(op('putSignalsConfiguration')).toMatchObject({
      bodyRequired: true,
      schemes: ['APIKeyHeader', 'ClassicAPIKeyHeader', 'OAuth2PasswordBearer', 'HTTPBasic'],
    });
    expect(op('putSignalsConfiguration').pathParameters.map((p) => [p.name, p.schema])).toEqual([
      ['project_id', { type: 'string', format: 'uuid' }],
      ['run_id', { type: 'string', format: 'uuid' }],
    ]);
    expect(op('loginSocial')).toMatchObject({
      bodyRequired: false,
      schemes: ['OAuth2PasswordBearer'],
      pathParameters: [],
    });
    expect(op('createOrVerifyUser').schemes).toEqual([]);
  });

  it('refuses a document the generator cannot serve: a parameter not in the path, an operation without a JSON body', () => {
    const document = (operation: Record<string, unknown>) => ({
      ...spec,
      paths: { '/v2/things/{id}': { post: { operationId: 'makeThing', ...operation } } },
    });
    const json = { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } };
    expect(() =>
      readOperations(
        document({
          ...json,
          parameters: [
            { name: 'id', in: 'path' },
            { name: 'q', in: 'query' },
            { name: 'h', in: 'header' },
          ],
        }),
      ),
    ).toThrow('makeThing: the generator does not generate query, header parameters yet');
    expect(() =>
      readOperations(document({ requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } } })),
    ).toThrow('makeThing: no application/json request body');
    expect(() => readOperations(document({}))).toThrow('makeThing: no application/json request body');
    expect(() => readOperations(document({ requestBody: {} }))).toThrow('makeThing: no application/json request body');
    // no operation is skipped: an OPTIONS beside the spec's own is refused too
    const social = spec.paths['/v2/login/social']!;
    expect(() =>
      readOperations({
        ...spec,
        paths: { ...spec.paths, '/v2/login/social': { ...social, options: { operationId: 'preflight' } } },
      }),
    ).toThrow('preflight: no application/json request body');
    // the spec's own document is read by default, everything but the compiled validators alike
    const data = (list: Operation[]) =>
      list.map(({ validateRequest, validateResponse, ...rest }) => ({
        ...rest,
        validators: [typeof validateRequest, typeof validateResponse],
      }));
    expect(data(readOperations())).toEqual(data(operations));
    expect(data(operations).map((o) => [o.id, o.bodyRequired, o.pathParameters.map((p) => p.name)])).toEqual([
      ['putSignalsConfiguration', true, ['project_id', 'run_id']],
      ['loginSocial', false, []],
      ['updateAnnotationTemplate', false, ['project_id', 'template_id']],
      ['logTraces', false, ['project_id']],
      ['createLuna3ScorerVersion', false, ['scorer_id']],
      ['applyBulkFeedbackV2', false, ['project_id']],
      ['createOrVerifyUser', false, []],
    ]);
  });

  it('names a variant by its union choices', () => {
    expect(variantLabel(op('loginSocial').variants[0]!)).toBe('id_token: type string / provider: type string');
    expect(variantLabel(expand({ type: 'string' })[0]!)).toBe('(single shape)');
    expect(variantLabel(expand({ oneOf: [{ title: 'A', type: 'string' }] })[0]!)).toBe('oneOf[0] A');
    // choices made at one place, one inside the other
    expect(
      variantLabel(
        expand({ oneOf: [{ anyOf: [{ title: 'A', type: 'string' }, { type: 'integer' }] }, { type: 'null' }] })[0]!,
      ),
    ).toBe('oneOf[0] schema › anyOf[0] A');
  });

  it('fills the path parameters, encoded as a client would or as they are', () => {
    const template = op('updateAnnotationTemplate');
    expect(urlPathOf(template, { project_id: 'a b/c', template_id: TEMPLATE })).toBe(
      `/v2/projects/a%20b%2Fc/annotation/templates/${TEMPLATE}`,
    );
    expect(urlPathOf(template, { project_id: '../x', template_id: TEMPLATE }, false)).toBe(
      `/v2/projects/../x/annotation/templates/${TEMPLATE}`,
    );
    expect(() => urlPathOf(template, { project_id: PROJECT })).toThrow(
      'updateAnnotationTemplate: no value for path parameter template_id',
    );
  });

  it('the credential header of a raw request: the first scheme of the operation held', () => {
    const signals = op('putSignalsConfiguration');
    expect(credentialHeaderOf(signals, { apiKey: 'a', classicApiKey: 'c' })).toEqual({ 'Service-AO-API-Key': 'a' });
    expect(credentialHeaderOf(op('updateAnnotationTemplate'), { apiKey: 'a', classicApiKey: 'c' })).toEqual({
      'Service-API-Key': 'c',
    });
    expect(credentialHeaderOf(signals, { classicApiKey: 'c' })).toEqual({ 'Service-API-Key': 'c' });
    expect(credentialHeaderOf(signals, { accessToken: 't', basic: { username: 'u', password: 'p' } })).toEqual({
      authorization: 'Bearer t',
    });
    expect(credentialHeaderOf(signals, { basic: { username: 'ada', password: 'p:w' } })).toEqual({
      authorization: `Basic ${Buffer.from('ada:p:w').toString('base64')}`,
    });
    expect(credentialHeaderOf(signals, {})).toEqual({});
    expect(credentialHeaderOf(op('createOrVerifyUser'), { apiKey: 'a' })).toEqual({});
  });
});
