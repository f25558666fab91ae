// The reading of the spec (src/mock/prism/spec.ts) called in-process: the bundled document as the
// mock reads it (operations, their parameters and schemas, local $refs).
import { describe, expect, it } from 'vitest';
import { Spec } from '../../../../src/mock/prism/spec.js';

describe('spec: the bundled document as the mock reads it (operations, local $refs)', () => {
  const document = {
    paths: {
      '/v2/items/{item_id}': {
        parameters: [{ $ref: '#/components/parameters/ItemId' }],
        put: {
          operationId: 'replace_item',
          parameters: [
            { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
            { name: 'X-Trace', in: 'header', required: false },
          ],
          requestBody: { $ref: '#/components/requestBodies/Item' },
          responses: { '200': { $ref: '#/components/responses/Item' }, '422': { description: 'invalid' } },
        },
        get: { summary: 'no operationId: not an operation of the mock', responses: { '200': { description: 'ok' } } },
        delete: {
          operationId: 'delete_item',
          requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
          responses: { '204': { description: 'gone' } },
        },
      },
      '/v2/items': {
        post: {
          operationId: 'text_item',
          requestBody: { description: 'no content' },
          responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
        patch: {
          operationId: 'empty_item',
          requestBody: { required: true, content: { 'application/json': {} } },
          responses: { '200': { description: 'no content' } },
        },
      },
    },
    components: {
      parameters: {
        ItemId: { name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
      },
      requestBodies: {
        Item: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Item' } },
            'text/plain': { schema: { type: 'string' } },
          },
        },
      },
      responses: {
        Item: {
          description: 'the item',
          content: { 'application/json': { schema: { type: 'object', title: 'Item out' } } },
        },
      },
      schemas: {
        Id: { type: 'string', format: 'uuid' },
        Item: { type: 'object', title: 'Item' },
        'a/b~c': { title: 'escaped' },
        '~1': { title: 'tilde one' },
        'with space': { title: 'space' },
        Alias: { $ref: '#/components/schemas/Item' },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
  };
  const spec = () => new Spec(document);

  it("a document's schemas are checked against their meta-schemas unless it says they are known valid (the embedded spec)", () => {
    expect(new Spec({}).schemasValid).toBe(false);
    expect(new Spec({}, true).schemasValid).toBe(true);
  });

  it("an operation: its method, path, the path item's parameters then its own (each $ref followed), the JSON request and 200 schemas", () => {
    const read = spec();
    expect([...read.operations.keys()]).toEqual(['replace_item', 'delete_item', 'text_item', 'empty_item']);
    expect(read.operation('replace_item')).toEqual({
      operationId: 'replace_item',
      method: 'put',
      path: '/v2/items/{item_id}',
      parameters: [
        { name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
        { name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean' } },
        { name: 'X-Trace', in: 'header', required: false, schema: {} },
      ],
      requestSchema: { $ref: '#/components/schemas/Item' },
      bodyRequired: true,
      responseSchema: { type: 'object', title: 'Item out' },
    });
  });

  it('no JSON request body or schema, no 200 or no content in it, no parameters: undefined schemas, an optional body, no parameters; an unknown operationId: undefined', () => {
    const read = spec();
    expect(read.operation('delete_item')).toEqual({
      operationId: 'delete_item',
      method: 'delete',
      path: '/v2/items/{item_id}',
      parameters: [{ name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      requestSchema: undefined,
      bodyRequired: false,
      responseSchema: undefined,
    });
    expect(read.operation('get_item')).toBeUndefined();
    // A body or 200 without content, or without a JSON schema: no schema.
    for (const id of ['text_item', 'empty_item'])
      expect(read.operation(id)).toMatchObject({ requestSchema: undefined, responseSchema: undefined });
    expect(read.operation('empty_item')?.bodyRequired).toBe(true);
    expect(new Spec({ paths: { '/x': { post: { operationId: 'bare' } } } }).operation('bare')).toEqual({
      operationId: 'bare',
      method: 'post',
      path: '/x',
      parameters: [],
      requestSchema: undefined,
      bodyRequired: false,
      responseSchema: undefined,
    });
  });

  // The rules of a $ref are those of src/shared/refs.ts, tested in test/unit/shared/refs.test.ts.
  it("pointer and deref: the document's $refs, the keywords beside a schema's $ref laid over its target", () => {
    const read = spec();
    expect(read.pointer('#/components/schemas/Id')).toBe(document.components.schemas.Id);
    expect(read.deref({ $ref: '#/components/schemas/Alias' })).toBe(document.components.schemas.Item);
    expect(read.deref({ $ref: '#/components/schemas/Id', default: 'x' })).toEqual({
      type: 'string',
      format: 'uuid',
      default: 'x',
    });
    expect(() => read.deref({ $ref: '#/components/schemas/Loop' })).toThrow(
      new Error('$ref cycle at #/components/schemas/Loop'),
    );
  });
});
