// The parse step (src/mock/request/parse.ts) called without a socket: what a body is read as, per
// content type and bytes, and Prism's request made of it.
import { describe, expect, it } from 'vitest';
import { parseBody, prismInput } from '../../../../src/mock/request/parse.js';
import { route } from '../../../../src/mock/request/route.js';

describe('parse', () => {
  const parse = (text: string | Buffer, contentType: string | undefined = 'application/json', query = {}) =>
    parseBody(typeof text === 'string' ? Buffer.from(text) : text, contentType, query);

  it('a JSON body, in every JSON media type, is parsed; its text is kept', () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/vnd.api+json',
      ' application/json ;x=1',
    ]) {
      expect(parse('{"a": [1, 2]}', type)).toEqual({
        query: {},
        absent: false,
        body: { a: [1, 2] },
        text: '{"a": [1, 2]}',
        unchecked: false,
      });
    }
  });

  it('another content type, or none, reaches validation as text', () => {
    for (const type of [
      'text/plain',
      'application/jsonx',
      'application/x+jsonp',
      'xapplication/vnd.api+json',
      'json',
      '',
    ]) {
      expect(parse('{"a": 1}', type), type).toEqual({
        query: {},
        absent: false,
        body: '{"a": 1}',
        text: '{"a": 1}',
        unchecked: true,
      });
    }
  });

  it('no bytes: an absent body (null, not parsed)', () => {
    expect(parse('')).toEqual({ query: {}, absent: true, body: null, text: '', unchecked: false });
  });

  it('a BOM is skipped; what Python rejects keeps its reason and position', () => {
    expect(parse('\ufeff{"a": 1}')).toMatchObject({ body: { a: 1 } });
    expect(parse('{"a": }')).toMatchObject({ jsonError: { msg: 'Expecting value', pos: 6 }, body: '{"a": }' });
    expect(parse(Buffer.from([0x7b, 0xff, 0x7d]))).toMatchObject({ jsonError: { pos: 0 } });
  });

  it('what Prism does not validate is marked unchecked: a JSON null, \\u escapes of surrogates, numbers that overflow to Infinity', () => {
    for (const text of ['null', '{"a": "\\ud800"}', '{"a": "\\uDC00"}', '{"a": 1e400}', `{"a": ${'9'.repeat(309)}}`]) {
      expect(parse(text), text).toMatchObject({ unchecked: true });
    }
    for (const text of ['{"a": "\\u00e9"}', '{"a": 1e30}', '{"a": "1e400"}'.replace('"1e400"', '1.5')]) {
      expect(parse(text), text).toMatchObject({ unchecked: false });
    }
  });

  it("Prism's request: the method lower-cased (GET when none), the routed path and query, the headers, the body (null when absent)", () => {
    const routed = route('/v2/x/%ZZ?a=1&__server=http%3A%2F%2Fup');
    if (routed.kind !== 'api') throw new Error('routed');
    const received = parse('{"a":1}', 'application/json', routed.query);
    expect(prismInput('PUT', routed, { host: 'h' }, received)).toEqual({
      method: 'put',
      url: { path: '/v2/x/%25ZZ', baseUrl: 'http://up', query: { a: '1', __server: 'http://up' } },
      headers: { host: 'h' },
      body: { a: 1 },
    });
    expect(prismInput(undefined, routed, {}, parse(''))).toMatchObject({ method: 'get', body: null });
  });
});
