#!/usr/bin/env node
// Derives everything in generated/ from openapi/:
//   openapi.json, openapi.yaml  the bundled document (Redocly CLI)
//   schema.d.ts                 types (openapi-typescript), every `oneOf` made exclusive
//   security.ts                 the security requirements of each operation, and the responses it documents, for the client
//   embedded.ts                 the document and Prism's reading of it, as a module: the mock's embedded spec
// `--check` writes nothing: it derives the files again and fails when generated/ differs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, transformSchemaObject } from 'openapi-typescript';
import ts from 'typescript';
import YAML from 'yaml';
import { operationsOf, REDOCLY_CLI, REDOCLY_ENV } from './openapi.js';

/** @typedef {import('./openapi.js').Parsed} Parsed */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = join(root, 'generated');

/**
 * Runs the Redocly CLI of this package quietly (no update check, no telemetry).
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptionsWithStringEncoding, 'encoding'>} [options]
 */
export function redocly(args, options = {}) {
  const result = spawnSync(process.execPath, [REDOCLY_CLI, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: REDOCLY_ENV,
    ...options,
  });
  return result;
}

/** @returns {Parsed} the bundled document */
function bundle() {
  const dir = mkdtempSync(join(tmpdir(), 'contract-bundle-'));
  try {
    const out = join(dir, 'openapi.json');
    const result = redocly(['bundle', 'main', '--output', out]);
    if (result.status !== 0) {
      throw new Error(`redocly bundle failed:\n${result.stdout}\n${result.stderr}`);
    }
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// openapi-typescript turns `oneOf` into a plain union, and a plain union of object types lets an
// object that mixes two branches type-check. Each `oneOf` becomes `OneOf<[A, B, …]>` instead: every
// branch forbids the keys that only the other branches have, as the schema's closed shapes do.
const ONE_OF_HELPERS = `/** Exactly one of the types in T: each branch forbids the keys only the others have. */
type OneOf<T extends readonly unknown[]> = T extends readonly [infer Only]
  ? Only
  : T extends readonly [infer First, infer Second, ...infer Rest]
    ? OneOf<[Exclusive<First, Second>, ...Rest]>
    : never;
type Exclusive<A, B> = [A] extends [object]
  ? [B] extends [object]
    ? (A & ForbidKeys<Exclude<KeysOfUnion<B>, KeysOfUnion<A>>>) | (B & ForbidKeys<Exclude<KeysOfUnion<A>, KeysOfUnion<B>>>)
    : A | B
  : A | B;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ForbidKeys<K extends PropertyKey> = { [P in K]?: never };
`;

/** @type {NonNullable<import('openapi-typescript').OpenAPITSOptions['transform']>} */
function exclusiveOneOf(schemaObject, options) {
  if (!('oneOf' in schemaObject) || !Array.isArray(schemaObject.oneOf)) return undefined;
  const branches = schemaObject.oneOf.map((branch, index) =>
    transformSchemaObject(branch, { ...options, path: `${options.path}/oneOf/${index}` }),
  );
  return ts.factory.createTypeReferenceNode('OneOf', [ts.factory.createTupleTypeNode(branches)]);
}

/**
 * The schema named by a `components["schemas"]["Name"]` node (openapi-typescript's form of a
 * `$ref`), or undefined.
 * @param {ts.Node} node
 */
function schemaRefName(node) {
  if (!ts.isIndexedAccessTypeNode(node)) return undefined;
  const { objectType: outer, indexType } = node;
  const text = (/** @type {ts.TypeNode} */ index) =>
    ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : undefined;
  if (!ts.isIndexedAccessTypeNode(outer) || text(outer.indexType) !== 'schemas') return undefined;
  const base = outer.objectType;
  return ts.isTypeReferenceNode(base) && ts.isIdentifier(base.typeName) && base.typeName.text === 'components'
    ? text(indexType)
    : undefined;
}

/**
 * The schemas a type refers to outside the members of object types: the references TypeScript
 * resolves while it resolves the type itself (an object type's members are resolved later).
 * @param {ts.Node} type
 */
function eagerRefs(type) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {ts.Node} node */
  const visit = (node) => {
    const name = schemaRefName(node);
    if (name !== undefined) names.add(name);
    else if (!ts.isTypeLiteralNode(node)) ts.forEachChild(node, visit);
  };
  visit(type);
  return names;
}

/**
 * openapi-typescript writes each component schema as a member of `components["schemas"]` and each
 * reference as an indexed access to that member. A member whose type reaches itself outside an
 * object type's members (a JSON value: a union with an array of itself) is one TypeScript cannot
 * resolve (TS2502, "referenced directly or indirectly in its own type annotation"). Each such
 * member's type becomes a type alias of its own, which may refer to itself (and to the others of
 * its cycle) by name, and the member refers to the alias. Any other document is left as it is.
 * @param {ts.Node[]} ast
 * @returns {ts.Node[]}
 */
export function recursiveAliases(ast) {
  const index = ast.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'components');
  const components = /** @type {ts.InterfaceDeclaration | undefined} */ (ast[index]);
  const holder = components?.members.find(
    (member) => ts.isPropertySignature(member) && ts.isIdentifier(member.name) && member.name.text === 'schemas',
  );
  if (!components || !holder || !ts.isPropertySignature(holder) || !holder.type || !ts.isTypeLiteralNode(holder.type))
    return ast;
  const nameOf = (/** @type {ts.TypeElement} */ member) =>
    ts.isPropertySignature(member) && member.type && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
      ? member.name.text
      : undefined;
  /** @type {Map<string, ts.TypeNode>} */
  const typeOf = new Map();
  for (const member of holder.type.members) {
    const name = nameOf(member);
    if (name !== undefined && ts.isPropertySignature(member) && member.type) typeOf.set(name, member.type);
  }
  const edges = new Map([...typeOf].map(([name, type]) => [name, eagerRefs(type)]));
  const reachesItself = (/** @type {string} */ start) => {
    const seen = new Set();
    const pending = [...(edges.get(start) ?? [])];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (next === start) return true;
      if (!seen.has(next)) seen.add(next) && pending.push(...(edges.get(next) ?? []));
    }
    return false;
  };
  const cyclic = [...typeOf.keys()].filter(reachesItself);
  if (cyclic.length === 0) return ast;
  const taken = new Set([
    ...typeOf.keys(),
    ...ast.flatMap((node) =>
      ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) ? [node.name.text] : [],
    ),
  ]);
  /** @type {Map<string, string>} */
  const aliasOf = new Map();
  for (const name of cyclic) {
    let alias = `Recursive${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
    while (taken.has(alias)) alias += '_';
    taken.add(alias);
    aliasOf.set(name, alias);
  }
  /** @type {ts.TransformerFactory<ts.Node>} */
  const byName = (context) => {
    /** @type {ts.Visitor} */
    const visit = (node) => {
      const alias = aliasOf.get(schemaRefName(node) ?? '');
      if (alias !== undefined) return ts.factory.createTypeReferenceNode(alias);
      return ts.isTypeLiteralNode(node) ? node : ts.visitEachChild(node, visit, context);
    };
    return (node) => ts.visitNode(node, visit) ?? node;
  };
  const declarations = cyclic.map((name) =>
    ts.factory.createTypeAliasDeclaration(
      undefined,
      /** @type {string} */ (aliasOf.get(name)),
      undefined,
      /** @type {ts.TypeNode} */ (ts.transform(/** @type {ts.TypeNode} */ (typeOf.get(name)), [byName]).transformed[0]),
    ),
  );
  const members = holder.type.members.map((member) => {
    const alias = aliasOf.get(nameOf(member) ?? '');
    return alias === undefined || !ts.isPropertySignature(member)
      ? member
      : ts.factory.updatePropertySignature(
          member,
          member.modifiers,
          member.name,
          member.questionToken,
          ts.factory.createTypeReferenceNode(alias),
        );
  });
  const schemas = ts.factory.updatePropertySignature(
    holder,
    holder.modifiers,
    holder.name,
    holder.questionToken,
    ts.factory.updateTypeLiteralNode(holder.type, ts.factory.createNodeArray(members)),
  );
  const updated = ts.factory.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    components.members.map((member) => (member === holder ? schemas : member)),
  );
  return [...ast.slice(0, index), updated, ...declarations, ...ast.slice(index + 1)];
}

/**
 * The types of a bundled document (generated/schema.d.ts), or of the spec at a file URL (the diff
 * gate's revisions, split or bundled).
 * @param {Parsed | URL} document
 */
export async function types(document) {
  const generatedAst = await openapiTS(document instanceof URL ? document : structuredClone(document), {
    defaultNonNullable: false,
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    rootTypesKeepCasing: true,
    silent: true,
    transform: exclusiveOneOf,
  });
  const body = astToString(recursiveAliases(generatedAst));
  return `${ONE_OF_HELPERS}\n${body}`;
}

/**
 * The security requirements of each operation and the schemes, for the client: generated/security.ts.
 * @param {Parsed} document
 */
function security(document) {
  /** @type {Record<string, { operationId: string, schemes: string[], optional: boolean }>} */
  const operations = {};
  /** @type {Record<string, number[]>} */
  const responses = {};
  for (const { path, method, operation } of operationsOf(document)) {
    responses[`${method.toUpperCase()} ${path}`] = Object.keys(operation.responses ?? {}).map((status) => {
      if (!/^[1-5]\d\d$/.test(status))
        throw new Error(
          `${operation.operationId}: a response for ${status} (a range or default) is not supported by the client`,
        );
      return Number(status);
    });
    /** @type {Record<string, string[]>[]} */
    const requirements = operation.security ?? document.security ?? [];
    const schemes = requirements.flatMap((requirement) => {
      const names = Object.keys(requirement);
      if (names.length > 1) {
        throw new Error(
          `${operation.operationId}: a requirement that combines schemes (${names}) is not supported by the client`,
        );
      }
      return names;
    });
    // No requirement at all, or an empty one (`{}`), means the operation may be called without a credential.
    const optional =
      requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0);
    operations[`${method.toUpperCase()} ${path}`] = { operationId: operation.operationId, schemes, optional };
  }
  /** @type {Record<string, { type: string, in?: string, name?: string, scheme?: string }>} */
  const schemes = {};
  for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    const { type, in: location, name: headerName, scheme: httpScheme } = scheme;
    schemes[name] =
      type === 'apiKey'
        ? { type, in: location, name: headerName }
        : type === 'http'
          ? { type, scheme: httpScheme }
          : { type };
  }
  /** @param {unknown} value */
  const json = (value) => JSON.stringify(value, null, 2);
  return `// Derived from the security requirements of generated/openapi.json by scripts/build.js. Do not edit.

/** The security schemes of the API, as the client needs them. */
export const securitySchemes = ${json(schemes)} as const;

export type SecuritySchemeName = keyof typeof securitySchemes;

/**
 * For each operation ("METHOD /path"), the schemes it accepts, in order of preference, and whether
 * it may also be sent with no credential.
 */
export const operationSecurity: Record<string, { operationId: string; schemes: readonly SecuritySchemeName[]; optional: boolean }> = ${json(operations)};

/**
 * For each operation ("METHOD /path"), the statuses its spec documents a response for. An answer
 * with any other status is not one the client can type.
 */
export const operationResponses: Record<string, readonly number[]> = ${json(responses)};
`;
}

/**
 * The mock's embedded spec as a module (generated/embedded.ts), so that a bundler includes it and
 * the mock reads no file at start: the document, and the operations Prism reads from it
 * (`getHttpOperationsFromSpec` of the installed @stoplight/prism-http, which loads Prism's OpenAPI 2
 * and Postman readers too: most of the mock's start-up). Prism's reading depends on the version of
 * its @stoplight/http-spec: the module names it, and the mock reads the document again with the
 * installed Prism when that differs (src/mock/prism/embedded.ts). Each is a JSON text parsed at load,
 * which V8 reads faster than the same object as a literal.
 * @param {Parsed} document
 */
async function embedded(document) {
  const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json'));
  const { getHttpOperationsFromSpec } = fromPrism('./dist/utils/operations.js');
  // http-spec's exports do not include its package.json: it is read beside its main module, as the
  // mock reads it (src/mock/prism/deps.ts, versionOf).
  const manifest = join(dirname(fromPrism.resolve('@stoplight/http-spec')), 'package.json');
  const httpSpec = JSON.parse(readFileSync(manifest, 'utf8')).version;
  // Prism dereferences the document it reads in place: it gets a copy.
  const operations = await getHttpOperationsFromSpec(structuredClone(document));
  return `// Derived from generated/openapi.json by scripts/build.js. Do not edit.

/** The bundled document (generated/openapi.json), as JSON text. */
export const documentText = ${JSON.stringify(JSON.stringify(document))};

/** The version of @stoplight/http-spec (Prism's reader of OpenAPI documents) that read \`operationsText\`. */
export const httpSpecVersion = ${JSON.stringify(httpSpec)};

/** The operations Prism's getHttpOperationsFromSpec reads from the document with that http-spec, as JSON text. */
export const operationsText = ${JSON.stringify(JSON.stringify(operations))};
`;
}

/**
 * Every file of generated/, by name, with its content.
 * @returns {Promise<Record<string, string>>}
 */
export async function derive() {
  const document = bundle();
  return {
    'openapi.json': `${JSON.stringify(document, null, 2)}\n`,
    'openapi.yaml': YAML.stringify(document, { lineWidth: 0 }),
    'schema.d.ts': await types(document),
    'security.ts': security(document),
    'embedded.ts': await embedded(document),
  };
}

async function main() {
  const check = process.argv.includes('--check');
  const files = await derive();
  if (check) {
    const stale = Object.entries(files).filter(([name, text]) => {
      const path = join(generated, name);
      return !existsSync(path) || readFileSync(path, 'utf8') !== text;
    });
    if (stale.length > 0) {
      console.error(
        `generated/ is stale: ${stale.map(([n]) => n).join(', ')}. Run \`npm run build\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`generated/ matches openapi/ (${Object.keys(files).join(', ')}).`);
    return;
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(generated, name), text);
  console.log(
    `wrote ${Object.keys(files)
      .map((n) => `generated/${n}`)
      .join(', ')}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
