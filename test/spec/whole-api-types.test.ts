// The package's type generation (scripts/build.js) on the whole-API fixture
// (reference/whole_api/openapi.json) and on a cycle of two schemas, compiled with skipLibCheck off:
// a recursive JSON value gave TS2502. A TypeScript program of about 6 s: the integration tier.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { types } from '../../scripts/build.js';

const document = JSON.parse(
  readFileSync(new URL('../../reference/whole_api/openapi.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

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
