// The routing table (src/mock/engine/router.ts) against Prism's own router: it routes every operation
// as Prism's does, and hands Prism what it cannot route exactly (404, 405, precedence, __server,
// inner templates).
import { beforeAll, describe, expect, it } from 'vitest';
import { type PlainPrism } from '../../../../src/mock/prism/adapter.js';
import type { IHttpRequest, Resource } from '../../../../src/mock/prism/prism-types.js';
import { createRouter } from '../../../../src/mock/engine/router.js';
import {
  SIGNALS,
  prism,
  operations,
  request,
  concretePath,
  loadEngineFixture,
  byId,
} from '../../../support/mock-engine.js';

beforeAll(loadEngineFixture);

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
