// The schema check (src/mock/engine/schema-check.ts) against Prism's validator: it agrees on every
// example and its breakages, and stands down on a document whose schemas Prism rewrites.
import { beforeAll, describe, expect, it } from 'vitest';
import type { IHttpResponse, Resource } from '../../../../src/mock/prism/prism-types.js';
import { contentFor, createSchemaCheck } from '../../../../src/mock/engine/schema-check.js';
import { document, prism, operations, byId, ADMINISTRATOR, loadEngineFixture } from '../../../support/mock-engine.js';

beforeAll(loadEngineFixture);

describe('schema check', () => {
  it.each([
    ['checked against their meta-schemas first (a spec given)', false],
    ['known valid (the embedded spec: no meta-schema check)', true],
  ])('agrees with Prism on the examples of every request body and their breakages, the schemas %s', (_, known) => {
    const schemas = createSchemaCheck(prism, document, known);
    expect(schemas.exact).toBe(true);
    let compared = 0;
    for (const resource of operations) {
      for (const content of (resource.request?.body?.contents ?? []) as {
        schema?: object;
        examples?: { value: unknown }[];
      }[]) {
        for (const example of content.examples ?? []) {
          const values = [example.value, null, 'text', [], { ...(example.value as object), surprise: 1 }];
          for (const value of values) {
            const prismSays =
              prism.validateBody(value, [content], 0, 'application/json', undefined, undefined).length === 0;
            expect(
              schemas.valid(content.schema as object, value, undefined),
              `${resource.iid} ${JSON.stringify(value).slice(0, 80)}`,
            ).toBe(prismSays);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('a schema that is not valid against its meta-schema proves nothing, unless the document is known valid', () => {
    // maxItems may not be negative: ajv's meta-schema check refuses the schema; its compiler does not
    // (and the keyword does not apply to a string).
    const invalid = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', maxItems: -1 };
    expect(createSchemaCheck(prism, document).valid(invalid, 'text', undefined)).toBe(false);
    expect(createSchemaCheck(prism, document, true).valid(invalid, 'text', undefined)).toBe(true);
  });

  it('the content Prism validates against: the first whose media type matches, as written, with a schema', () => {
    const json = { mediaType: 'application/json', schema: { type: 'object' } };
    const wildcard = { mediaType: '*/*', schema: { type: 'string' } };
    expect(contentFor([json], 'application/json')).toBe(json);
    // Prism's own match is by essence, so a differently written type is left to Prism
    expect(contentFor([json], 'application/json; charset=utf-8')).toBeUndefined();
    expect(contentFor([wildcard, json], 'application/json')).toBeUndefined();
    expect(contentFor([{ mediaType: 'application/json' }], 'application/json')).toBeUndefined();
    expect(contentFor(undefined, 'application/json')).toBeUndefined();
  });

  it('a response proven valid by its body alone is one Prism finds valid: every example of every response of the spec, and its breakages', () => {
    const schemas = createSchemaCheck(prism, document);
    let proven = 0;
    for (const resource of operations) {
      for (const response of resource.responses) {
        for (const content of (response.contents ?? []) as { mediaType: string; examples?: { value: unknown }[] }[]) {
          for (const example of content.examples ?? []) {
            for (const body of [example.value, null, 'text', [], { ...(example.value as object), surprise: 1 }]) {
              const output = {
                statusCode: Number(response.code),
                headers: { 'Content-Type': content.mediaType },
                body,
              };
              const prismSays = prism.validateOutput({ resource, element: output }).length === 0;
              if (schemas.responseValid(resource, output)) {
                expect(prismSays, `${resource.iid} ${response.code} ${JSON.stringify(body).slice(0, 80)}`).toBe(true);
                proven++;
              }
            }
            // The example itself, as the spec writes it, is proven (no response of the spec declares headers).
            expect(
              schemas.responseValid(resource, {
                statusCode: Number(response.code),
                headers: { 'content-type': content.mediaType },
                body: example.value,
              }),
              `${resource.iid} ${response.code}`,
            ).toBe(true);
          }
        }
      }
    }
    expect(proven).toBeGreaterThan(20);
  });

  it('proves nothing of a response whose status, media type or headers it cannot judge alone, or on a document it stands down on', () => {
    const user = byId('createOrVerifyUser');
    const body = ADMINISTRATOR;
    const schemas = createSchemaCheck(prism, document);
    const output = (changes: Partial<IHttpResponse> = {}): IHttpResponse => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body,
      ...changes,
    });
    expect(schemas.responseValid(user, output())).toBe(true);
    expect(schemas.responseValid(user, output({ statusCode: 299 }))).toBe(false); // no such response
    expect(schemas.responseValid(user, output({ headers: { 'content-type': 'text/plain' } }))).toBe(false);
    expect(schemas.responseValid(user, output({ headers: {} }))).toBe(false); // no media type
    expect(schemas.responseValid(user, output({ headers: undefined }))).toBe(false);
    expect(schemas.responseValid(user, output({ body: { ...body, role: 'nobody' } }))).toBe(false);
    // Response headers the spec declares are Prism's to check.
    const withHeaders = {
      ...user,
      responses: user.responses.map((r) => ({
        ...r,
        headers: [{ name: 'X-Rate-Limit', schema: { type: 'integer' } }],
      })),
    } as unknown as Resource;
    expect(schemas.responseValid(withHeaders, output())).toBe(false);
    expect(
      createSchemaCheck(prism, { ...document, components: { schemas: { A: { allOf: [] } } } }).responseValid(
        user,
        output(),
      ),
    ).toBe(false);
  });

  it('stands down on a document with allOf, readOnly or writeOnly, and proves nothing with a schema ajv cannot compile', () => {
    for (const keyword of ['allOf', 'readOnly', 'writeOnly'])
      expect(createSchemaCheck(prism, { components: { schemas: { A: { [keyword]: true } } } }).exact).toBe(false);
    const schemas = createSchemaCheck(prism, {});
    expect(schemas.valid({ type: 'string', pattern: '(' }, 'x', undefined)).toBe(false);
    expect(schemas.valid({ type: 'string', format: 'date-time' }, '2026-11-23T10:00:00Z', undefined)).toBe(true);
    expect(schemas.valid({ type: 'string', format: 'date-time' }, '2026-11-23', undefined)).toBe(false);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }] },
        [1],
        undefined,
      ),
    ).toBe(false);
    expect(schemas.valid({ prefixItems: [{ type: 'string' }] }, [1], undefined)).toBe(true); // draft-07, as Prism picks it: prefixItems is no keyword there
    // Each draft as Prism picks it by $schema: a keyword of that draft counts, and the schema compiles.
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }], items: false },
        ['a'],
        undefined,
      ),
    ).toBe(true);
    expect(schemas.valid({ prefixItems: [{ type: 'string' }], items: false }, ['a'], undefined)).toBe(false);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2019-09/schema', dependentRequired: { a: ['b'] } },
        { a: 1 },
        undefined,
      ),
    ).toBe(false);
    expect(schemas.valid({ dependentRequired: { a: ['b'] } }, { a: 1 }, undefined)).toBe(true);
    expect(
      schemas.valid(
        { $schema: 'https://json-schema.org/draft/2019-09/schema', dependentRequired: { a: ['b'] } },
        { a: 1, b: 2 },
        undefined,
      ),
    ).toBe(true);
  });
});
