// The verifier's hostile input (src/verify/hostile.ts): raw requests with the credential on the
// sample's path, their exact bodies, and which field of a body is the free-text one.
import { beforeEach, describe, expect, it } from 'vitest';
import { hostileCases, type HostileCase } from '../../../src/verify/hostile.js';
import { expand } from '../../../src/verify/schema.js';
import { op, PROJECT, TEMPLATE } from '../../support/verify-transport.js';

describe('hostile cases', () => {
  const template = op('updateAnnotationTemplate');
  const sample = {
    path: { project_id: PROJECT, template_id: TEMPLATE },
    body: { name: 'Answer', criteria: 'Is "it" right?' },
  };
  // Built before each test, not when the file loads: Stryker activates a mutant only while the tests run.
  let cases: HostileCase[];
  beforeEach(() => {
    cases = hostileCases(template, sample, { 'Service-API-Key': 'k' });
  });
  const body = (label: string) => {
    const found = cases.find((c) => c.label === label);
    expect(found, label).toBeDefined();
    return Buffer.isBuffer(found!.request.body) ? found!.request.body : Buffer.from(found!.request.body ?? '');
  };
  const text = JSON.stringify(sample.body);

  it("each is a raw request with the credential, on the sample's path", () => {
    expect(cases.map((c) => c.label)).toEqual([
      'invalid JSON: truncated document',
      'invalid JSON: single-quoted strings',
      'invalid JSON: trailing comma',
      'content-type text/plain with a valid JSON body',
      'content-type application/x-www-form-urlencoded',
      'empty body',
      'the document null instead of an object',
      'the document [] instead of an object',
      'the document "text" instead of an object',
      'the document 123 instead of an object',
      'arrays nested 10,000 deep as the whole body',
      'UTF-8 byte order mark before the document',
      'a 1 MiB string at name',
      'a lone surrogate (\\ud800) at name',
      'invalid UTF-8 bytes (FF FE) at name',
      'a truncated UTF-8 sequence (E2 82) at name',
      'NaN at name',
      'a duplicate key name (the last value valid)',
      'a property named "名前"',
      'a property named "😀"',
      'a property named "new\\nline"',
      'null in name',
      'null in criteria',
      'path parameter project_id = ..',
      'path parameter project_id = %2e%2e',
      'path parameter project_id = ..%2f..%2f',
      'path parameter project_id = 8192 characters',
    ]);
    for (const c of cases.slice(0, 23)) {
      expect(c.request.method).toBe('PATCH');
      expect(c.request.path).toBe(`/v2/projects/${PROJECT}/annotation/templates/${TEMPLATE}`);
      expect(c.request.headers!['Service-API-Key']).toBe('k');
    }
    expect(cases.filter((c) => c.request.headers!['content-type'] === 'application/json')).toHaveLength(25);
    expect(cases[3]!.request.headers!['content-type']).toBe('text/plain');
    expect(cases[4]!.request.headers!['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('exact bodies', () => {
    expect(body('invalid JSON: truncated document').toString()).toBe(text.slice(0, Math.ceil(text.length / 2)));
    expect(body('invalid JSON: single-quoted strings').toString()).toBe(
      `{'name':'Answer','criteria':'Is \\'it\\' right?'}`,
    );
    expect(body('invalid JSON: trailing comma').toString()).toBe(`${text.slice(0, -1)},}`);
    expect(body('content-type text/plain with a valid JSON body').toString()).toBe(text);
    expect(body('content-type application/x-www-form-urlencoded').toString()).toBe('a=1&b=2');
    expect(body('empty body').toString()).toBe('');
    expect(body('the document [] instead of an object').toString()).toBe('[]');
    expect(body('arrays nested 10,000 deep as the whole body').toString()).toBe(
      '['.repeat(10_000) + ']'.repeat(10_000),
    );
    expect([...body('UTF-8 byte order mark before the document')]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from(text)]);
    expect(body('a 1 MiB string at name').toString()).toBe(
      `{"name":"${'x'.repeat(1 << 20)}","criteria":"Is \\"it\\" right?"}`,
    );
    expect(body('a lone surrogate (\\ud800) at name').toString()).toBe(
      '{"name":"a\\ud800b","criteria":"Is \\"it\\" right?"}',
    );
    expect([...body('invalid UTF-8 bytes (FF FE) at name')]).toEqual([
      ...Buffer.from('{"name":"ok'),
      0xff,
      0xfe,
      ...Buffer.from('ok","criteria":"Is \\"it\\" right?"}'),
    ]);
    expect([...body('a truncated UTF-8 sequence (E2 82) at name')]).toEqual([
      ...Buffer.from('{"name":"ok'),
      0xe2,
      0x82,
      ...Buffer.from('ok","criteria":"Is \\"it\\" right?"}'),
    ]);
    expect(body('NaN at name').toString()).toBe('{"name":NaN,"criteria":"Is \\"it\\" right?"}');
    expect(body('a duplicate key name (the last value valid)').toString()).toBe(
      '{"name":123,"name":"x","criteria":"Is \\"it\\" right?"}',
    );
    expect(body('a property named "new\\nline"').toString()).toBe(`${text.slice(0, -1)},"new\\nline":1}`);
    expect(body('null in criteria').toString()).toBe('{"name":"Answer","criteria":null}');
    const traversal = cases.find((c) => c.label === 'path parameter project_id = %2e%2e')!.request;
    expect(traversal).toEqual({
      method: 'PATCH',
      path: `/v2/projects/%2e%2e/annotation/templates/${TEMPLATE}`,
      headers: { 'content-type': 'application/json', 'Service-API-Key': 'k' },
      body: text,
    });
    expect(cases.at(-1)!.request.path).toBe(`/v2/projects/${'a'.repeat(8192)}/annotation/templates/${TEMPLATE}`);
  });

  it('the free-text field is a bounded string first, then the shallowest; none when the body has no such string', () => {
    const social = op('loginSocial');
    expect(
      hostileCases(social, { path: {}, body: { id_token: 't', provider: 'p' } }, {}).some(
        (c) => c.label === 'NaN at id_token',
      ),
    ).toBe(true);
    // name is bounded (maxLength 255), criteria is not
    expect(
      hostileCases(template, { ...sample, body: { criteria: 'c', name: 'n' } }, {}).some(
        (c) => c.label === 'NaN at name',
      ),
    ).toBe(true);
    expect(
      hostileCases(template, { ...sample, body: { criteria: 'c' } }, {}).some((c) => c.label === 'NaN at criteria'),
    ).toBe(true);
    const none = hostileCases(template, { ...sample, body: { name: null } }, {});
    expect(none.some((c) => c.label.startsWith('NaN'))).toBe(false);
    expect(none.some((c) => c.label === 'null in name')).toBe(true);
    // a document that is not an object has no property cases
    const list = hostileCases(template, { ...sample, body: ['x'] }, {});
    expect(list.some((c) => c.label.startsWith('a property named'))).toBe(false);
    expect(hostileCases(template, { ...sample, body: null }, {}).some((c) => c.label.startsWith('null in'))).toBe(
      false,
    );
    // an operation without path parameters has no traversal case
    expect(hostileCases(social, { path: {}, body: {} }, {}).some((c) => c.label.startsWith('path parameter'))).toBe(
      false,
    );
    expect(hostileCases(social, { path: {}, body: {} }, {}).some((c) => c.label.includes(' at '))).toBe(false);
  });

  it('the body itself, items of arrays, and fields under a null are not free-text fields; the shallowest wins', () => {
    const of = (schema: Record<string, unknown>, body: unknown) =>
      hostileCases(
        { ...template, pathParameters: [], path: '/x', variants: expand(schema) },
        { path: {}, body: body as never },
        {},
      )
        .map((c) => c.label)
        .filter((l) => l.includes(' at '));
    expect(of({ type: 'string' }, 'text')).toEqual([]);
    expect(
      of({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }, { tags: ['a'] }),
    ).toEqual([]);
    expect(
      of(
        { type: 'object', properties: { outer: { type: ['object', 'null'], properties: { s: { type: 'string' } } } } },
        { outer: null },
      ),
    ).toEqual([]);
    expect(
      of(
        {
          type: 'object',
          properties: { deep: { type: 'object', properties: { s: { type: 'string' } } }, top: { type: 'string' } },
        },
        { deep: { s: 'x' }, top: 'y' },
      )[0],
    ).toBe('a 1 MiB string at top');
    expect(
      of(
        {
          type: 'object',
          properties: {
            deep: { type: 'object', properties: { s: { type: 'string', maxLength: 9 } } },
            top: { type: 'string' },
          },
        },
        { deep: { s: 'x' }, top: 'y' },
      )[0],
    ).toBe('a 1 MiB string at deep.s');
    expect(
      of(
        {
          type: 'object',
          properties: {
            top: { type: 'string' },
            deep: { type: 'object', properties: { s: { type: 'string', maxLength: 9 } } },
          },
        },
        { top: 'y', deep: { s: 'x' } },
      )[0],
    ).toBe('a 1 MiB string at deep.s');
    // a field of any type that holds a string, or a const, is not a free-text string field
    expect(of({ type: 'object', properties: { any: {}, s: { type: 'string' } } }, { any: 'text', s: 'y' })[0]).toBe(
      'a 1 MiB string at s',
    );
    expect(of({ type: 'object', properties: { k: { type: 'string', const: 'x' } } }, { k: 'x' })).toEqual([]);
  });

  it("the trailing comma goes before the document's last bracket, and a document that is not an object has no property cases", () => {
    const cases = hostileCases(
      { ...template, pathParameters: [], path: '/x', variants: expand({ type: 'object' }) },
      { path: {}, body: { o: { x: [1] } } },
      {},
    );
    expect(cases.find((c) => c.label === 'invalid JSON: trailing comma')!.request.body).toBe('{"o":{"x":[1]},}');
    const text = hostileCases(
      { ...template, pathParameters: [], path: '/x', variants: expand({ type: 'string' }) },
      { path: {}, body: 'text' },
      {},
    );
    expect(text.filter((c) => c.label.startsWith('a property named') || c.label.startsWith('null in'))).toEqual([]);
  });

  it('strings with a pattern, a format, an enum or a const, or inside arrays, are not free text', () => {
    const signals = op('putSignalsConfiguration');
    const labels = hostileCases(
      signals,
      {
        path: { project_id: PROJECT, run_id: PROJECT },
        body: {
          model: 'gpt',
          run_mode: 'SCHEDULED',
          start_date: '2026-01-01',
          schedule: { cron: '* * * * *', type: 'CRON', timezone: 'UTC' },
        },
      },
      {},
    ).map((c) => c.label);
    expect(labels).toContain('NaN at model');
    const noModel = hostileCases(
      signals,
      {
        path: { project_id: PROJECT, run_id: PROJECT },
        body: {
          run_mode: 'SCHEDULED',
          start_date: '2026-01-01',
          schedule: { cron: '* * * * *', type: 'CRON', timezone: 'UTC' },
        },
      },
      {},
    ).map((c) => c.label);
    expect(noModel).toContain('NaN at schedule.timezone');
  });
});
