// The whole-API fixture (reference/whole_api/openapi.json, FastAPI's document of an app with the
// service's published API's size and shape): its shape, so that a regeneration that loses it fails.
// Its types, compiled, are whole-api-types.test.ts's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Node = Record<string, unknown>;
type Operation = { requestBody?: Node; parameters?: { in: string; name: string; schema: Node }[]; responses: Node };

const document = JSON.parse(
  readFileSync(new URL('../../reference/whole_api/openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Node> } };
const operations = Object.values(document.paths).flatMap((item) => Object.entries(item));
const schemas = document.components.schemas;

/** Every object of the document, depth first. */
function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) for (const item of value) yield* nodes(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Node;
    for (const child of Object.values(value)) yield* nodes(child);
  }
}
const all = [...nodes(document)];
const count = (test: (node: Node) => boolean) => all.filter(test).length;

/** The component names a schema refers to. */
const refsOf = (schema: Node) =>
  new Set([...nodes(schema)].flatMap((node) => (typeof node.$ref === 'string' ? [node.$ref.split('/').pop()!] : [])));

/** The components that reach themselves through their references. */
const recursive = Object.keys(schemas).filter((name) => {
  const seen = new Set<string>();
  const pending = [...refsOf(schemas[name]!)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === name) return true;
    if (!seen.has(next)) {
      seen.add(next);
      pending.push(...refsOf(schemas[next] ?? {}));
    }
  }
  return false;
});

describe('the whole-API fixture has the service API’s shape', () => {
  const byMethod = (method: string) => operations.filter(([m]) => m === method).length;
  const formatted = (format: string) => count((node) => node.format === format);
  it.each([
    ['operations', operations.length, 240],
    ['POST operations', byMethod('post'), 100],
    ['GET operations', byMethod('get'), 75],
    ['PUT operations', byMethod('put'), 25],
    ['DELETE operations', byMethod('delete'), 24],
    ['PATCH operations', byMethod('patch'), 21],
    ['operations with a JSON body', operations.filter(([, o]) => o.requestBody?.content).length, 140],
    [
      'operations with query parameters',
      operations.filter(([, o]) => o.parameters?.some((p) => p.in === 'query')).length,
      50,
    ],
    ['component schemas', Object.keys(schemas).length, 680],
    [
      'discriminated unions (oneOf, discriminator, mapping)',
      count((n) => Array.isArray(n.oneOf) && typeof (n.discriminator as Node | undefined)?.mapping === 'object'),
      200,
    ],
    ['recursive schemas', recursive.length, 12],
    [
      'Optional fields (anyOf with null)',
      count((n) => Array.isArray(n.anyOf) && n.anyOf.some((b: Node) => b.type === 'null')),
      2000,
    ],
    ['Literal tags (const)', count((n) => 'const' in n), 330],
    ['enums', Object.values(schemas).filter((s) => Array.isArray(s.enum)).length, 150],
    ['uuid, date-time and date strings', formatted('uuid') + formatted('date-time') + formatted('date'), 1100],
    ['strings with a length bound', count((n) => 'minLength' in n || 'maxLength' in n), 500],
    ['strings with a pattern', count((n) => 'pattern' in n), 100],
    ['numbers with a bound', count((n) => 'minimum' in n || 'maximum' in n), 500],
  ])('%s: %i, at least %i', (_, actual, floor) => {
    expect(actual).toBeGreaterThanOrEqual(floor);
  });

  it('every operation answers 200 with a response model and 422 with FastAPI’s validation error', () => {
    const without = operations.filter(
      ([, o]) =>
        typeof (o.responses['200'] as { content?: { 'application/json'?: { schema?: Node } } })?.content?.[
          'application/json'
        ]?.schema?.$ref !== 'string' ||
        JSON.stringify(o.responses['422']).indexOf('#/components/schemas/HTTPValidationError') < 0,
    );
    expect(without.length).toBe(0);
  });

  it('every path parameter is an `*_id` UUID', () => {
    const parameters = operations.flatMap(([, o]) => (o.parameters ?? []).filter((p) => p.in === 'path'));
    expect(parameters.length).toBeGreaterThan(350);
    expect(parameters.filter((p) => !p.name.endsWith('_id') || p.schema.format !== 'uuid')).toEqual([]);
  });

  it('has the recursive span tree and JSON value', () => {
    expect(recursive).toEqual(expect.arrayContaining(['JsonValue', 'LlmSpan', 'ToolSpan', 'WorkflowSpan']));
    const children = (schemas.LlmSpan!.properties as Record<string, Node>).children;
    const union = [...nodes(children)].find((n) => n.discriminator) as {
      discriminator: { propertyName: string; mapping: object };
    };
    expect(union.discriminator.propertyName).toBe('type');
    expect(Object.keys(union.discriminator.mapping).length).toBeGreaterThanOrEqual(6);
  });
});
