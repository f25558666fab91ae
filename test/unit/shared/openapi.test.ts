// The walk over an OpenAPI document's operations that the client, the mock and the verifier share
// (src/shared/openapi.ts).
import { describe, expect, it } from 'vitest';
import { HTTP_METHODS, operationsOf } from '../../../src/shared/openapi.js';

describe('openapi: every operation of a document, as the client, the mock and the verifier walk it', () => {
  it('visits the paths in document order and, in each, the operations in the order get, put, post, delete, options, head, patch, trace', () => {
    const op = (name: string) => ({ operationId: name });
    const shared = {
      parameters: [{ name: 'id', in: 'path' }],
      summary: 'not an operation',
      trace: op('b-trace'),
      patch: op('b-patch'),
      head: op('b-head'),
      options: op('b-options'),
    };
    const paths = {
      '/b': { ...shared, delete: op('b-delete'), post: op('b-post'), put: op('b-put'), get: op('b-get') },
      '/a': { get: op('a-get') },
    };
    const walked = [...operationsOf({ paths })];
    expect(walked.map(({ path, method, operation }) => `${path} ${method} ${operation.operationId as string}`)).toEqual(
      [
        '/b get b-get',
        '/b put b-put',
        '/b post b-post',
        '/b delete b-delete',
        '/b options b-options',
        '/b head b-head',
        '/b patch b-patch',
        '/b trace b-trace',
        '/a get a-get',
      ],
    );
    expect(walked[0]?.pathItem).toBe(paths['/b']);
    expect(walked[0]?.operation).toBe(paths['/b'].get);
    expect(HTTP_METHODS).toEqual(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  });

  it('skips a path item that is null or not an object, and an operation key that holds nothing; no document or no paths: no operation', () => {
    const paths = {
      '/null': null,
      '/text': 'get',
      '/number': 7,
      '/empty': { get: null, put: undefined, post: 0 },
      '/one': { post: { operationId: 'one' } },
    };
    expect([...operationsOf({ paths })].map(({ path, method }) => `${path} ${method}`)).toEqual(['/one post']);
    for (const document of [undefined, null, {}, { paths: {} }]) expect([...operationsOf(document)]).toEqual([]);
  });
});
