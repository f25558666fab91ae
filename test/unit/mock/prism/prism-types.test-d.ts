// Type tests of Prism's types as the mock's steps read them (src/mock/prism/prism-types.ts; vitest
// --typecheck compiles them with tsc against the installed Prism's declarations): an operation's
// id, path, method and security schemes; a request's parts; what the mocker is given. A Prism
// release that moved these fails here, by name, before any step's code does.
import { describe, expectTypeOf, it } from 'vitest';
import type { IHttpRequest, IHttpResponse, MockerOptions, Resource } from '../../../../src/mock/prism/prism-types.js';

describe("Prism's types the steps read", () => {
  it('an operation: its operationId as iid, its path and method, its schemes', () => {
    expectTypeOf<Resource['iid']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Resource['path']>().toEqualTypeOf<string>();
    expectTypeOf<Resource['method']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Resource['security']>[number][number]['type']>().toMatchTypeOf<string>();
  });

  it('a request: its method, path, query and headers; a response: its status, headers and body', () => {
    expectTypeOf<IHttpRequest['url']['path']>().toEqualTypeOf<string>();
    expectTypeOf<IHttpRequest['url']['query']>().toMatchTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<IHttpRequest['headers']>().toMatchTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<IHttpResponse['statusCode']>().toEqualTypeOf<number>();
    expectTypeOf<IHttpResponse>().toHaveProperty('body');
  });

  it('what the mocker is given: the operation, the request and the settings of its choice', () => {
    expectTypeOf<MockerOptions['resource']>().toEqualTypeOf<Resource>();
    expectTypeOf<MockerOptions['input']['data']>().toEqualTypeOf<IHttpRequest>();
    expectTypeOf<MockerOptions['config']>().toHaveProperty('dynamic');
    expectTypeOf<MockerOptions['config']>().toHaveProperty('seed');
  });
});
