// The breaking-change gate never crashes on an edit of a valid spec: generated edits (every schema
// keyword, on request bodies, responses, parameters and components; responses and operations added
// or changed) are applied to the bundled document, and each edited document is compared with it by
// diffAll(), the function behind `npm run diff` and `npm run release-check`. Each comparison must give
// a verdict (both of them); a throw is what the CLIs turn into exit code 2.
//
// Several edits go into one revision, and all revisions into one diffAll() call (one TypeScript
// program for their source verdicts), so that the run stays bounded: FUZZ_SCALE's budget of edits,
// Redocly run once per revision.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, it, vi } from 'vitest';

// One test runs every generated edit through the gate, the source verdicts compiled in one
// TypeScript program: 14 s beside the suite on two cores, so the suite's 30 s leaves little room.
vi.setConfig({ testTimeout: 120_000 });
import { scale, seed } from '../support/fuzz-config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE = join(root, 'generated/openapi.json');
const dir = mkdtempSync(join(tmpdir(), 'contract-gate-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  breaking: boolean;
  wire: { breaking: boolean };
  source: { breaking: boolean; findings: unknown[] };
}
const { diffAll } = (await import(pathToFileURL(join(root, 'scripts/diff/report.js')).href)) as {
  diffAll(list: { base: string; revision: string }[]): Promise<Report[]>;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const document = JSON.parse(readFileSync(BASE, 'utf8')) as JsonObject;
const isObject = (value: Json | undefined): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every schema of the document (by JSON pointer segments), by where it is: each place is as likely to be edited. */
const places = {
  components: [] as string[][],
  parameters: [] as string[][],
  requests: [] as string[][],
  responses: [] as string[][],
};
const parameters: string[][] = [];
const operations: string[][] = [];
function collectSchema(into: string[][], node: Json | undefined, at: string[]): void {
  if (!isObject(node)) return;
  into.push(at);
  for (const [name, property] of Object.entries(isObject(node.properties) ? node.properties : {}))
    collectSchema(into, property, [...at, 'properties', name]);
  for (const key of ['items', 'additionalProperties', 'not']) collectSchema(into, node[key], [...at, key]);
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    if (Array.isArray(node[key]))
      node[key].forEach((branch, i) => collectSchema(into, branch, [...at, key, String(i)]));
}
const components = document.components as JsonObject;
for (const [name, schema] of Object.entries(components.schemas as JsonObject))
  collectSchema(places.components, schema, ['components', 'schemas', name]);
// The path parameters are components, reached by $ref.
for (const [name, parameter] of Object.entries(isObject(components.parameters) ? components.parameters : {})) {
  parameters.push(['components', 'parameters', name]);
  if (isObject(parameter))
    collectSchema(places.parameters, parameter.schema, ['components', 'parameters', name, 'schema']);
}
for (const [path, item] of Object.entries(document.paths as JsonObject)) {
  for (const [method, operation] of Object.entries(item as JsonObject)) {
    if (!isObject(operation)) continue;
    const at = ['paths', path, method];
    operations.push(at);
    (Array.isArray(operation.parameters) ? operation.parameters : []).forEach((parameter, i) => {
      parameters.push([...at, 'parameters', String(i)]);
      if (isObject(parameter))
        collectSchema(places.parameters, parameter.schema, [...at, 'parameters', String(i), 'schema']);
    });
    const body = operation.requestBody;
    if (isObject(body) && isObject(body.content))
      for (const [media, content] of Object.entries(body.content))
        if (isObject(content))
          collectSchema(places.requests, content.schema, [...at, 'requestBody', 'content', media, 'schema']);
    for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {}))
      if (isObject(response) && isObject(response.content))
        for (const [media, content] of Object.entries(response.content))
          if (isObject(content))
            collectSchema(places.responses, content.schema, [...at, 'responses', status, 'content', media, 'schema']);
  }
}

/** An edit: the place, what is set there (undefined: deleted), in words for a failure message. */
interface Edit {
  at: string[];
  key: string;
  value: Json | undefined;
}

const name = fc.constantFrom('id', 'name', 'status', 'extra_field', 'role');
const word = fc.constantFrom('alpha', 'beta', 'system_user', 'ON_DEMAND', 'like_dislike', 'x');
const schemaValue: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  { type: 'string' },
  { type: 'integer', minimum: 0 },
  { type: ['string', 'null'] },
  { type: 'array', items: { type: 'string' } },
  { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
  { $ref: '#/components/schemas/SystemUserRole' },
  { oneOf: [{ type: 'string' }, { type: 'null' }] },
  {},
);
/** A schema keyword and a value it can take in a valid JSON Schema (2020-12). */
const schemaKeyword: fc.Arbitrary<[string, Json | undefined]> = fc.oneof(
  fc.tuple(
    fc.constant('type'),
    fc.constantFrom<Json>(
      'string',
      'integer',
      'number',
      'boolean',
      'object',
      'array',
      ['string', 'null'],
      ['integer', 'null'],
    ),
  ),
  fc.tuple(fc.constant('format'), fc.constantFrom<Json>('uuid', 'date', 'date-time', 'email', 'password', 'int64')),
  fc.tuple(fc.constant('enum'), fc.uniqueArray(word, { minLength: 1, maxLength: 4 })),
  fc.tuple(fc.constant('const'), word),
  fc.tuple(
    fc.constantFrom(
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'minItems',
      'maxItems',
      'minProperties',
      'maxProperties',
    ),
    fc.nat(300),
  ),
  fc.tuple(fc.constantFrom('exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'), fc.integer({ min: 1, max: 50 })),
  fc.tuple(fc.constant('pattern'), fc.constantFrom<Json>('^[a-z]+$', '.+', '^\\d{4}$')),
  fc.tuple(fc.constant('required'), fc.uniqueArray(name, { maxLength: 3 })),
  fc.tuple(fc.constantFrom('additionalProperties', 'unevaluatedProperties'), fc.oneof(fc.boolean(), schemaValue)),
  fc.tuple(fc.constantFrom('items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'), schemaValue),
  fc.tuple(fc.constantFrom('oneOf', 'anyOf', 'allOf'), fc.array(schemaValue, { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.constant('properties'), fc.dictionary(name, schemaValue, { maxKeys: 3 })),
  fc.tuple(fc.constantFrom('uniqueItems', 'deprecated', 'readOnly', 'writeOnly'), fc.boolean()),
  fc.tuple(fc.constantFrom('description', 'title'), fc.string({ maxLength: 20 })),
  fc.tuple(fc.constantFrom('default', 'examples'), fc.oneof(word, fc.integer(), fc.constant<Json>(null))),
  fc.tuple(
    fc.constantFrom(
      'type',
      'format',
      'enum',
      'required',
      'properties',
      'items',
      'additionalProperties',
      'oneOf',
      '$ref',
    ),
    fc.constant(undefined),
  ),
);

const edit: fc.Arbitrary<Edit> = fc.oneof(
  ...Object.values(places)
    .filter((list) => list.length > 0)
    .map((list) => ({
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...list), schemaKeyword).map(([at, [key, value]]) => ({ at, key, value })),
    })),
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...parameters),
        fc.oneof(
          fc.tuple(fc.constant('schema'), schemaValue),
          fc.tuple(fc.constantFrom('deprecated', 'allowEmptyValue'), fc.boolean()),
          fc.tuple(fc.constant('description'), fc.string({ maxLength: 20 })),
        ),
      )
      .map(([at, [key, value]]) => ({ at, key, value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...operations),
        fc.oneof(
          fc.tuple(fc.constant('deprecated'), fc.boolean()),
          fc.tuple(fc.constant('operationId'), fc.constantFrom<Json>('renamedOperation', 'anotherName')),
          fc.tuple(fc.constant('security'), fc.constantFrom<Json>([], [{ HTTPBasic: [] }])),
        ),
      )
      .map(([at, [key, value]]) => ({ at, key, value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...operations), fc.constantFrom('404', '409', '201'), schemaValue)
      .map(([at, status, schema]) => ({
        at: [...at, 'responses'],
        key: status,
        value: { description: 'Added.', content: { 'application/json': { schema } } },
      })),
  },
);

function apply(base: JsonObject, edits: Edit[]): JsonObject {
  const copy = structuredClone(base);
  for (const { at, key, value } of edits) {
    let node: Json | undefined = copy;
    for (const segment of at)
      node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
    if (!isObject(node)) continue;
    if (value === undefined) delete node[key];
    else node[key] = structuredClone(value);
  }
  return copy;
}

const budget = scale === 'large' ? { revisions: 60, editsPerRevision: 5 } : { revisions: 10, editsPerRevision: 5 };

describe('diff on generated edits of the spec', () => {
  it(`gives both verdicts on every edit, never a crash (${budget.revisions * budget.editsPerRevision} edits, seed ${seed})`, async ({
    expect,
  }) => {
    const runs = fc.sample(fc.array(edit, { minLength: 1, maxLength: budget.editsPerRevision }), {
      numRuns: budget.revisions,
      seed,
    });
    const revisions = runs.map((edits, i) => {
      const file = join(dir, `revision-${i}.json`);
      writeFileSync(file, JSON.stringify(apply(document, edits), null, 2));
      return file;
    });
    const context = `FUZZ_SEED=${seed} reproduces this run`;
    const reports = await diffAll(revisions.map((revision) => ({ base: BASE, revision }))).catch(
      async (error: Error) => {
        // Which revision: each compared alone.
        for (const [i, revision] of revisions.entries()) {
          const alone = await diffAll([{ base: BASE, revision }]).catch((e: Error) => e);
          if (alone instanceof Error)
            throw new Error(`${context}; edits ${JSON.stringify(runs[i])}: ${alone.message}`, { cause: alone });
        }
        throw error;
      },
    );
    expect(reports, context).toHaveLength(runs.length);
    for (const [i, report] of reports.entries()) {
      const where = `${context}; edits: ${JSON.stringify(runs[i])}`;
      expect(typeof report.wire.breaking, where).toBe('boolean');
      expect(typeof report.source.breaking, where).toBe('boolean');
      expect(report.breaking, where).toBe(report.wire.breaking || report.source.breaking);
    }
  });
});
