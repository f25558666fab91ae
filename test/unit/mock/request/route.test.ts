// The route step (src/mock/request/route.ts) called without a socket: the mock's own paths, and an
// API path as uvicorn routes it (segments that do not percent-decode re-encoded) with its query.
import { describe, expect, it } from 'vitest';
import { decodablePath, route } from '../../../../src/mock/request/route.js';

describe('route: paths and their parameters', () => {
  it('a target that does not parse as a URL is routed as sent, with no query', () => {
    expect(route('//')).toEqual({ kind: 'api', path: '//', query: {}, baseUrl: undefined });
    expect(route(undefined)).toEqual({ kind: 'api', path: '/', query: {}, baseUrl: undefined });
    expect(route('/v2/a/../b?x=1')).toEqual({ kind: 'api', path: '/v2/a/../b', query: { x: '1' }, baseUrl: undefined });
    expect(route('/__mock/reset/')).toMatchObject({ kind: 'api' });
    // No query: the path as sent (re-encoded where it does not decode), a fragment and dot segments kept.
    expect(route('/v2/%ZZ/./x#y')).toEqual({ kind: 'api', path: '/v2/%25ZZ/./x#y', query: {}, baseUrl: undefined });
    // The absolute form (a proxy's request line): its path.
    expect(route('http://mock.example/v2/x')).toEqual({ kind: 'api', path: '/v2/x', query: {}, baseUrl: undefined });
    expect(route('http://mock.example/')).toEqual({ kind: 'api', path: '/', query: {}, baseUrl: undefined });
    expect(route('http://mock.example/v2/x?a=1')).toEqual({
      kind: 'api',
      path: '/v2/x',
      query: { a: '1' },
      baseUrl: undefined,
    });
  });

  it('decodablePath keeps what decodes and re-encodes, byte by byte, what does not', () => {
    expect(decodablePath('/v2/a%20b/c')).toBe('/v2/a%20b/c');
    expect(decodablePath('/v2/%E2%82%AC/%e2%82')).toBe('/v2/%E2%82%AC/%EF%BF%BD');
    expect(decodablePath('/v2/100%/€%')).toBe('/v2/100%25/%E2%82%AC%25');
  });
});

describe('route', () => {
  it('re-encodes a segment that does not percent-decode as uvicorn reads it, and keeps every query value', () => {
    expect(route('/v2/projects/%ZZ/runs/%C3%28/x?a=1&a=2&__server=http%3A%2F%2Fup.example')).toEqual({
      kind: 'api',
      path: '/v2/projects/%25ZZ/runs/%EF%BF%BD(/x',
      query: { a: ['1', '2'], __server: 'http://up.example' },
      baseUrl: 'http://up.example',
    });
    expect(route('/__mock/reset?session=a')).toEqual({ kind: 'reset' });
    expect(route('/__mock/fallbacks')).toEqual({ kind: 'fallbacks' });
    expect(route('/__mock/requests?x=1')).toEqual({ kind: 'requests' });
    expect(route('/__mock/scenarios')).toEqual({ kind: 'scenarios' });
    expect(route('/__mock/coverage')).toEqual({ kind: 'coverage', all: false });
    expect(route('/__mock/coverage?all')).toEqual({ kind: 'coverage', all: true });
    // `all` is read from the query, not from the path: `/__mock/coverage` itself holds "all" nowhere else
    expect(route('/__mock/coverage?session=all')).toEqual({ kind: 'coverage', all: false });
  });
});
