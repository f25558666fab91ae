// The contract's validator, as the verifier and the client's validateResponses build it: Ajv 2020
// with every error, formats checked and OpenAPI's own keywords let through, holding a spec; and the
// validator of the schema at a pointer of that spec, its parts escaped as a JSON pointer wants.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import spec from '../../../generated/openapi.json' with { type: 'json' };
import { contractAjv, schemaAt } from '../../../src/shared/contract-ajv.js';
import { pointerToken } from '../../../src/shared/refs.js';

/** Built within each test, as the options it is built with are what the tests are about. */
const contract = () => contractAjv(Ajv2020, addFormats.default, spec);

describe('contractAjv', () => {
  it('holds the spec: its schemas, their references between them, and OpenAPI keywords such as example', () => {
    const validate = schemaAt(contract(), ['components', 'schemas', 'HTTPValidationError']);
    expect(validate({ detail: [{ loc: ['body', 0], msg: 'Field required', type: 'missing' }] })).toBe(true);
    // ValidationError, reached through the reference, wants its type.
    expect(validate({ detail: [{ loc: ['body'], msg: 'Field required' }] })).toBe(false);
    expect(validate.errors).toMatchObject([
      { instancePath: '/detail/0', keyword: 'required', params: { missingProperty: 'type' } },
    ]);
  });

  it('reports every error, not the first alone', () => {
    const validate = schemaAt(contract(), ['components', 'schemas', 'ValidationError']);
    expect(validate({ loc: 'body', msg: 1, type: 2 })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(['/loc', '/msg', '/type']);
  });

  it('checks formats, by the formats it is given', () => {
    const schemas = { components: { schemas: { Id: { type: 'string', format: 'uuid' } } } };
    const id = schemaAt(contractAjv(Ajv2020, addFormats.default, schemas), ['components', 'schemas', 'Id']);
    expect(id('6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34')).toBe(true);
    expect(id('not-a-uuid')).toBe(false);
    expect(id.errors).toMatchObject([{ keyword: 'format', message: 'must match format "uuid"' }]);
    const given: unknown[] = [];
    const ajv = contractAjv(Ajv2020, (instance) => given.push(instance), schemas);
    expect(given).toEqual([ajv]);
  });
});

it('pointerToken writes every ~ as ~0 and every / as ~1, the ~ first', () => {
  expect(pointerToken('~a/b~1/c')).toBe('~0a~1b~01~1c');
  expect(pointerToken('plain')).toBe('plain');
});

describe('schemaAt', () => {
  it('finds the schema of a path that holds slashes, each part escaped as a JSON pointer', () => {
    const validate = schemaAt(contract(), [
      'paths',
      '/v2/projects/{project_id}/traces',
      'post',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    ]);
    expect(validate({ traces_count: 1, trace_ids: [] })).toBe(true);
    expect(validate({ traces_count: 'one', trace_ids: [] })).toBe(false);
  });

  it('escapes every ~ and / of a part, ~ first', () => {
    const schemas = { components: { schemas: { '~a/b~c/d': { type: 'integer' }, '~0a~1b': { type: 'string' } } } };
    const ajv = contractAjv(Ajv2020, addFormats.default, schemas);
    expect(schemaAt(ajv, ['components', 'schemas', '~a/b~c/d'])(1)).toBe(true);
    expect(schemaAt(ajv, ['components', 'schemas', '~a/b~c/d'])('1')).toBe(false);
    expect(schemaAt(ajv, ['components', 'schemas', '~0a~1b'])('1')).toBe(true);
    expect(schemaAt(ajv, ['components', 'schemas', '~0a~1b'])(1)).toBe(false);
  });

  it('throws naming the reference when the spec has no schema there', () => {
    expect(() => schemaAt(contract(), ['components', 'schemas', 'Nothing/here'])).toThrow(
      new Error('no schema at contract.json#/components/schemas/Nothing~1here'),
    );
  });
});
