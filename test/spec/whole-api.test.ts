// The whole-API fixture (reference/whole_api/openapi.json, FastAPI's document of an app with the
// service's published API's size and shape): its shape, so that a regeneration that loses it fails,
// and the package's type generation (scripts/build.js) on it, compiled with skipLibCheck off.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { types } from '../../scripts/build.js';

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

// Two schemas recursive through each other outside object types (as a JSON value is through
// itself), and one recursive through an object's property, which TypeScript already resolves.
const cycle = {
  openapi: '3.1.0',
  info: { title: 'cycle', version: '1' },
  paths: {},
  components: {
    schemas: {
      Tree: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Forest' }] },
      Forest: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      Node: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
    },
  },
};

describe('the package’s types of recursive schemas', () => {
  const dir = mkdtempSync(join(tmpdir(), 'whole-api-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'compile with skipLibCheck off, for the whole-API fixture and a cycle of two schemas',
    { timeout: 60_000 },
    async () => {
      const cycleTypes = await types(cycle);
      writeFileSync(join(dir, 'cycle.d.ts'), cycleTypes);
      writeFileSync(join(dir, 'schema.d.ts'), await types(document));
      writeFileSync(
        join(dir, 'use.ts'),
        [
          "import type { components, paths } from './schema.js';",
          "import type { components as cycle } from './cycle.js';",
          "export type Value = components['schemas']['JsonValue'];",
          "export const value: Value = { nested: [1, 'two', { three: null }] };",
          '// @ts-expect-error undefined is no JSON value',
          'export const notJson: Value = { nested: [undefined] };',
          "export const forest: cycle['schemas']['Forest'] = ['leaf', ['leaf', []]];",
          '// @ts-expect-error a number is no tree',
          "export const notForest: cycle['schemas']['Forest'] = [1];",
          "export type Listing = paths['/v2/projects']['get']['responses'][200]['content']['application/json'];",
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: [],
      });
      const messages = ts
        .getPreEmitDiagnostics(program)
        .map(
          (d) =>
            `${d.file ? d.file.fileName.slice(dir.length + 1) : ''} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
        );
      expect(messages).toEqual([]);
      expect(cycleTypes).toMatch(/\bTree: RecursiveTree;/);
      expect(cycleTypes).toMatch(/\bForest: RecursiveForest;/);
      expect(cycleTypes).not.toMatch(/RecursiveNode/);
    },
  );
});
