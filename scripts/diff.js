#!/usr/bin/env node
// The breaking-change gate of the contract.
//
//   node scripts/diff.js BASE [REVISION] [--json] [--root DIR]
//
// Compares REVISION (default: the working spec, DIR/openapi/openapi.yaml) with BASE. Each of them is
// either a spec file (YAML or JSON, split or bundled) or a git ref, whose `openapi/` is read from git
// into a temporary directory (the working tree is never touched). Prints a report grouped by
// operation: every change, whether it breaks a client, and why. Exit code: 0 nothing breaks,
// 1 something breaks, 2 bad input (missing file, unknown ref, invalid YAML, not OpenAPI 3.x).
//
// Redocly CLI's `diff` command (rules `diff-recommended`) finds the changes and rates them. What this
// script adds by hand, because Redocly's report does not give it:
//   - every operation a change affects: Redocly reports a change of a shared component once, under
//     the first operation that reaches it; here the $refs are walked from every operation;
//   - the direction per operation: Redocly rates a component used in a request by one operation and
//     in a response by another once for both directions; here each use is rated in its own direction;
//   - the wording of the report (where the change is, what changed, why it breaks or not).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { HTTP_METHODS as METHODS, REDOCLY_CLI, REDOCLY_ENV } from './openapi.js';
import { accepts, schemaAt } from './schema-subset.js';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WORKING_SPEC = 'openapi/openapi.yaml';

/** Bad input: reported as one clear line, exit code 2. */
export class InputError extends Error {}

// ---------------------------------------------------------------------------------------------
// Where the two specs come from

function git(args, cwd, options = {}) {
  return spawnSync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, ...options });
}

/** Writes the `openapi/` directory of `commit` into `dir` (read with git, not checked out). */
function extractFromGit(commit, ref, root, dir) {
  const listing = git(['ls-tree', '-r', '-z', commit, '--', 'openapi'], root, { encoding: 'utf8' });
  if (listing.status !== 0) throw new InputError(`cannot list openapi/ at git ref \`${ref}\`: ${listing.stderr.trim()}`);
  const blobs = listing.stdout
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      const [, type, oid] = meta.split(' ');
      return { type, oid, path };
    })
    .filter((entry) => entry.type === 'blob');
  if (!blobs.some((blob) => blob.path === WORKING_SPEC)) {
    throw new InputError(`git ref \`${ref}\` has no ${WORKING_SPEC}`);
  }
  const batch = git(['cat-file', '--batch'], root, { input: `${blobs.map((b) => b.oid).join('\n')}\n` });
  if (batch.status !== 0) throw new InputError(`cannot read openapi/ at git ref \`${ref}\`: ${batch.stderr}`);
  const out = batch.stdout;
  let offset = 0;
  for (const blob of blobs) {
    const newline = out.indexOf(10, offset);
    const [oid, , size] = out.subarray(offset, newline).toString('utf8').split(' ');
    if (oid !== blob.oid) throw new InputError(`unexpected output of git cat-file for ${blob.path}`);
    const start = newline + 1;
    const end = start + Number(size);
    const target = join(dir, blob.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(start, end));
    offset = end + 1;
  }
  return join(dir, WORKING_SPEC);
}

/**
 * Resolves a command-line spec argument: an existing file, or else a git ref of `root`.
 * Returns { file, label, display(absPath) }.
 */
export function resolveSource(argument, { root, workdir, side }) {
  if (existsSync(resolve(process.cwd(), argument))) {
    const asFile = realpathSync(resolve(process.cwd(), argument));
    if (!statSync(asFile).isFile()) throw new InputError(`${argument} is a directory, not a spec file`);
    return { file: asFile, label: displayPath(asFile, process.cwd()), kind: 'file', display: (abs) => displayPath(abs, process.cwd()) };
  }
  if (/\.(ya?ml|json)$/i.test(argument)) throw new InputError(`spec file not found: ${argument}`);
  if (argument.startsWith('-')) throw new InputError(`unknown option: ${argument}`);
  const inside = git(['rev-parse', '--is-inside-work-tree'], root, { encoding: 'utf8' });
  if (inside.status !== 0) {
    throw new InputError(`${argument} is not a spec file, and ${root} is not a git repository to look it up as a ref`);
  }
  const verified = git(['rev-parse', '--verify', '--quiet', `${argument}^{commit}`], root, { encoding: 'utf8' });
  if (verified.status !== 0) throw new InputError(`${argument} is neither a spec file nor a git ref of ${root}`);
  const commit = verified.stdout.trim();
  const dir = join(workdir, side);
  const file = extractFromGit(commit, argument, root, dir);
  return {
    file,
    label: `${argument} (${commit.slice(0, 7)}, ${WORKING_SPEC} from git)`,
    kind: 'git',
    display: (abs) => `${argument}:${relative(dir, abs).split(sep).join('/')}`,
  };
}

function displayPath(abs, base) {
  const rel = relative(base, abs);
  return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
}

// ---------------------------------------------------------------------------------------------
// Loading a spec and all files its $refs reach

function decodeSegment(segment) {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // not percent-encoded
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** '#/a/b~1c' → ['a', 'b/c'] */
export function pointerSegments(pointer) {
  const fragment = (pointer ?? '').replace(/^#/, '');
  if (fragment === '' || fragment === '/') return [];
  return fragment.replace(/^\//, '').split('/').map(decodeSegment);
}

function get(node, segments) {
  let current = node;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !(segment in current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** A spec as a set of parsed files; $refs between them resolved on demand. */
export class Spec {
  constructor(rootFile, display) {
    this.rootFile = rootFile;
    this.display = display;
    this.files = new Map();
    this.root = this.load(rootFile);
    if (!this.root || typeof this.root !== 'object' || typeof this.root.openapi !== 'string' || !this.root.openapi.startsWith('3.')) {
      throw new InputError(`${display(rootFile)} is not an OpenAPI 3.x document (it has no \`openapi: 3.x\` field)`);
    }
    this.checkRefs();
  }

  load(file, from) {
    if (this.files.has(file)) return this.files.get(file);
    if (!existsSync(file) || !statSync(file).isFile()) {
      throw new InputError(
        from ? `${this.display(from)} has a $ref to a missing file: ${this.display(file)}` : `spec file not found: ${this.display(file)}`,
      );
    }
    const document = YAML.parseDocument(readFileSync(file, 'utf8'), { merge: true });
    if (document.errors.length > 0) {
      const [error] = document.errors;
      const where = error.linePos?.[0] ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})` : '';
      throw new InputError(`${this.display(file)} is not valid YAML or JSON${where}: ${error.message.split('\n')[0]}`);
    }
    const value = document.toJS({ maxAliasCount: -1 });
    this.files.set(file, value);
    return value;
  }

  /** Resolves a $ref found in `file`: { file, segments, node }, or undefined for a remote URL. */
  resolveRef(ref, file) {
    const [filePart, fragment = ''] = ref.split('#');
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) return undefined;
    const target = filePart ? resolve(dirname(file), decodeURI(filePart)) : file;
    const document = this.load(target, file);
    const segments = pointerSegments(fragment);
    const node = get(document, segments);
    if (node === undefined) throw new InputError(`${this.display(file)} has an unresolved $ref: ${ref}`);
    return { file: target, segments, node };
  }

  /** Loads every file the $refs reach and fails on a $ref that resolves nowhere. */
  checkRefs() {
    const pending = [this.rootFile];
    const done = new Set();
    while (pending.length > 0) {
      const file = pending.pop();
      if (done.has(file)) continue;
      done.add(file);
      const visit = (node) => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if (key === 'example' || key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
          if (key === '$ref' && typeof value === 'string') {
            const target = this.resolveRef(value, file);
            if (target) pending.push(target.file);
          } else visit(value);
        }
      };
      visit(this.files.get(file) ?? this.load(file));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Which operation reaches which place (file + pointer), in which direction

/**
 * Walks every operation of a spec through its $refs. A "use" says: operation `op` reaches the node at
 * (file, segments) in `direction` (request, response or operation), at a place described by `where`;
 * `schemaPath` is the path from the body or parameter schema root to that node.
 */
export function indexOperations(spec) {
  const operations = new Map();
  const uses = [];
  const root = spec.root;
  const rootFile = spec.rootFile;

  const record = (op, file, segments, direction, where, schemaPath = null, kind = 'node') =>
    uses.push({ op, file, segments, direction, where, schemaPath, kind });

  /** The $ref chain from a node: every hop, the last one being the target (undefined for a remote URL). */
  const chase = (node, file, segments) => {
    const hops = [{ node, file, segments }];
    const seen = new Set();
    let current = hops[0];
    while (current.node && typeof current.node === 'object' && typeof current.node.$ref === 'string') {
      const key = `${current.file}#${current.segments.join('/')}`;
      if (seen.has(key)) break;
      seen.add(key);
      current = spec.resolveRef(current.node.$ref, current.file);
      if (!current) return { hops, target: undefined };
      hops.push(current);
    }
    return { hops, target: current };
  };

  /** Follows $ref chains, recording each hop; returns { node, file, segments } of the target. */
  const follow = (op, node, file, segments, direction, where, schemaPath) => {
    const { hops, target } = chase(node, file, segments);
    for (const hop of hops) record(op, hop.file, hop.segments, direction, where, schemaPath);
    return target;
  };

  const SKIP = new Set(['example', 'examples', 'default', 'const', 'enum', 'description', 'title']);
  const walkSchema = (op, node, file, segments, direction, where, schemaPath, seen) => {
    // Recorded: the schema root and each $ref hop. A change inside a schema is placed by the closest
    // of these plus the rest of its pointer, so a schema reached by two paths is named by both.
    const { hops, target } = chase(node, file, segments);
    if (schemaPath.length === 0 || hops.length > 1) for (const hop of hops) record(op, hop.file, hop.segments, direction, where, schemaPath);
    if (!target || !target.node || typeof target.node !== 'object') return;
    // Each node is walked once per body or parameter: a schema reached again (a recursive schema, or
    // one used twice) is recorded by `follow` but not walked again.
    const key = `${target.file}#${target.segments.join('/')}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const [k, value] of Object.entries(target.node)) {
      if (SKIP.has(k) || k.startsWith('x-') || value === null || typeof value !== 'object') continue;
      if (['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'].includes(k)) {
        for (const [name, sub] of Object.entries(value)) {
          walkSchema(op, sub, target.file, [...target.segments, k, name], direction, where, [...schemaPath, k, name], seen);
        }
      } else if (Array.isArray(value)) {
        value.forEach((sub, i) => walkSchema(op, sub, target.file, [...target.segments, k, String(i)], direction, where, [...schemaPath, k, String(i)], seen));
      } else {
        walkSchema(op, value, target.file, [...target.segments, k], direction, where, [...schemaPath, k], seen);
      }
    }
  };

  const walkContent = (op, content, file, segments, direction, where) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (media && media.schema) {
        walkSchema(op, media.schema, file, [...segments, mediaType, 'schema'], direction, { ...where, mediaType }, [], new Set());
      }
    }
  };


  /**
   * Walks one operation. In webhooks and callbacks the API sends the request and the client answers,
   * so `invert` swaps the directions; `prefix` names the callback in the report.
   */
  const walkOperation = (op, operation, item, opSegments, invert = false, prefix = '') => {
    const dir = (d) => (invert ? (d === 'request' ? 'response' : 'request') : d);
    const at = (where) => (prefix ? { ...where, prefix } : where);
    record(op, item.file, opSegments, 'operation', at({ part: 'operation' }), null);
    const parameter = (node, file, segments) => {
      const { hops, target } = chase(node, file, segments);
      const where = at({ part: 'parameter', name: target?.node?.name, in: target?.node?.in });
      for (const hop of hops) record(op, hop.file, hop.segments, dir('request'), where, null);
      if (!target || !target.node) return;
      if (target.node.schema) walkSchema(op, target.node.schema, target.file, [...target.segments, 'schema'], dir('request'), where, [], new Set());
      if (target.node.content) walkContent(op, target.node.content, target.file, [...target.segments, 'content'], dir('request'), where);
    };
    (item.node.parameters ?? []).forEach((p, i) => parameter(p, item.file, [...item.segments, 'parameters', String(i)]));
    (operation.parameters ?? []).forEach((p, i) => parameter(p, item.file, [...opSegments, 'parameters', String(i)]));
    if (operation.requestBody) {
      const body = follow(op, operation.requestBody, item.file, [...opSegments, 'requestBody'], dir('request'), at({ part: 'body' }), null);
      if (body?.node?.content) walkContent(op, body.node.content, body.file, [...body.segments, 'content'], dir('request'), at({ part: 'body' }));
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const where = at({ part: 'response', status });
      const target = follow(op, response, item.file, [...opSegments, 'responses', status], dir('response'), where, null);
      if (!target?.node) continue;
      if (target.node.content) walkContent(op, target.node.content, target.file, [...target.segments, 'content'], dir('response'), where);
      for (const [name, header] of Object.entries(target.node.headers ?? {})) {
        const headerWhere = at({ part: 'header', status, name });
        const h = follow(op, header, target.file, [...target.segments, 'headers', name], dir('response'), headerWhere, null);
        if (h?.node?.schema) walkSchema(op, h.node.schema, h.file, [...h.segments, 'schema'], dir('response'), headerWhere, [], new Set());
      }
    }
    for (const [name, callback] of Object.entries(operation.callbacks ?? {})) {
      const cb = follow(op, callback, item.file, [...opSegments, 'callbacks', name], 'operation', at({ part: 'operation' }), null);
      for (const [expression, rawCallbackItem] of Object.entries(cb?.node ?? {})) {
        const callbackItem = chase(rawCallbackItem, cb.file, [...cb.segments, expression]).target;
        for (const method of METHODS) {
          const inner = callbackItem?.node?.[method];
          if (inner && typeof inner === 'object') walkOperation(op, inner, callbackItem, [...callbackItem.segments, method], !invert, `callback \`${name}\` `);
        }
      }
    }
    if (!prefix && !invert) {
      const security = operation.security ?? root.security ?? [];
      if (!operation.security && root.security) record(op, rootFile, ['security'], 'request', { part: 'security' }, null);
      for (const requirement of security) {
        for (const scheme of Object.keys(requirement ?? {})) {
          record(op, rootFile, ['components', 'securitySchemes', scheme], 'request', { part: 'security', name: scheme }, null);
        }
      }
    }
  };

  const groups = [
    ['paths', root.paths, false],
    ['webhooks', root.webhooks, true],
  ];
  for (const [section, items, invert] of groups) {
    for (const [name, rawItem] of Object.entries(items ?? {})) {
      if (!rawItem || typeof rawItem !== 'object') continue;
      const item = typeof rawItem.$ref === 'string' ? spec.resolveRef(rawItem.$ref, rootFile) : { node: rawItem, file: rootFile, segments: [section, name] };
      if (!item) continue;
      for (const method of METHODS) {
        const operation = item.node[method];
        if (!operation || typeof operation !== 'object') continue;
        const path = section === 'paths' ? name : `webhook ${name}`;
        const op = `${method.toUpperCase()} ${path}`;
        operations.set(op, { key: op, method: method.toUpperCase(), path, operationId: operation.operationId ?? null });
        // The path item (its entry in the root and its own file) belongs to each of its operations,
        // except the parts that belong to its other methods.
        record(op, rootFile, [section, name], 'operation', { part: 'path' }, null, 'path');
        if (item.file !== rootFile || item.segments.join('/') !== [section, name].join('/')) {
          record(op, item.file, item.segments, 'operation', { part: 'path' }, null, 'path');
        }
        walkOperation(op, operation, item, [...item.segments, method], invert);
      }
    }
  }
  return { operations, uses };
}

/** The uses of the operations that reach (file, segments): per operation, the closest ones. */
function usesAt(index, file, segments) {
  const best = new Map();
  for (const use of index.uses) {
    if (use.file !== file || use.segments.length > segments.length) continue;
    if (!use.segments.every((s, i) => s === segments[i])) continue;
    const rest = segments.slice(use.segments.length);
    if (use.kind === 'path' && rest.length > 0 && METHODS.includes(rest[0])) continue;
    const current = best.get(use.op);
    if (!current || use.segments.length > current.length) best.set(use.op, { length: use.segments.length, uses: [{ use, rest }] });
    else if (use.segments.length === current.length) current.uses.push({ use, rest });
  }
  return [...best.values()].flatMap((entry) => entry.uses);
}

// ---------------------------------------------------------------------------------------------
// Wording

/** Schema path → the field it names: properties/a/items/properties/b → a[].b */
function fieldName(segments) {
  const parts = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if ((s === 'properties' || s === 'patternProperties') && i + 1 < segments.length) {
      parts.push(s === 'properties' ? segments[i + 1] : `<${segments[i + 1]}>`);
      i++;
    } else if (s === 'items') {
      if (parts.length > 0) parts[parts.length - 1] += '[]';
      else parts.push('[]');
    } else if (s === 'prefixItems' && i + 1 < segments.length) {
      const item = `[${segments[i + 1]}]`;
      if (parts.length > 0) parts[parts.length - 1] += item;
      else parts.push(item);
      i++;
    } else if (s === 'additionalProperties' || s === 'unevaluatedProperties') {
      if (i + 1 < segments.length) parts.push('*');
    } else if (['oneOf', 'anyOf', 'allOf', 'dependentSchemas', '$defs', 'definitions'].includes(s)) {
      i++;
    } else if (['if', 'then', 'else', 'not'].includes(s) && i < segments.length - 1) {
      parts.push(`(${s})`);
    }
  }
  // A conditional keyword on the way qualifies the field: `kind` (in `if`).
  const within = parts.filter((p) => /^\(.*\)$/.test(p)).map((q) => q.slice(1, -1));
  const name = parts.filter((p) => !/^\(.*\)$/.test(p)).join('.');
  return { name, within: within.length ? ` (in ${within.map((w) => `\`${w}\``).join(', ')})` : '' };
}

function whereText(use, rest) {
  const text = placeText(use, rest);
  return use.where.prefix ? `${use.where.prefix}${text}` : text;
}

function placeText(use, rest) {
  const where = use.where;
  if (where.part === 'path' || where.part === 'operation') return 'operation';
  if (where.part === 'security') return where.name ? `security scheme \`${where.name}\`` : 'security';
  const { name: field, within } = use.schemaPath ? fieldName([...use.schemaPath, ...rest]) : { name: '', within: '' };
  if (where.part === 'parameter') {
    const name = `${where.in ?? ''} parameter \`${where.name ?? '?'}\``.trim();
    return (field ? `${name} field \`${field}\`` : name) + within;
  }
  if (where.part === 'body') {
    if (use.schemaPath === null) return 'request body';
    return (field ? `request field \`${field}\`` : 'request body') + within;
  }
  if (where.part === 'response') {
    if (use.schemaPath === null) return `response ${where.status}`;
    return (field ? `response ${where.status} field \`${field}\`` : `response ${where.status} body`) + within;
  }
  if (where.part === 'header') return `response ${where.status} header \`${where.name}\``;
  return 'operation';
}

function show(value) {
  if (value === undefined) return 'none';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const list = (values) => values.map((v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``).join(', ');
const asArray = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const CLOSING_FLAGS = ['additionalProperties', 'items', 'unevaluatedItems', 'unevaluatedProperties'];
const VALUE_KEYWORDS = ['const', 'pattern', 'format', 'multipleOf', 'contentEncoding', 'contentMediaType'];
const DOC_KEYWORDS = ['description', 'summary', 'title', 'externalDocs', 'example', 'examples', 'tags', 'x-not-shown'];

/** Whether a change accepts fewer values (narrows), more (widens), both, none, or unknown (null). */
function effect(change) {
  const { kind, property: p } = change;
  const b = change.base?.value;
  const r = change.revision?.value;
  if (kind === 'modified' && p) {
    if (LOWER_BOUNDS.includes(p) || UPPER_BOUNDS.includes(p)) {
      if (typeof b !== 'number' && typeof r !== 'number') return null;
      if (b === undefined) return 'narrows';
      if (r === undefined) return 'widens';
      if (r === b) return 'none';
      return (r > b) === LOWER_BOUNDS.includes(p) ? 'narrows' : 'widens';
    }
    if (p === 'enum') {
      if (b === undefined) return 'narrows';
      if (r === undefined) return 'widens';
      const lost = asArray(b).some((v) => !asArray(r).some((w) => JSON.stringify(w) === JSON.stringify(v)));
      const gained = asArray(r).some((v) => !asArray(b).some((w) => JSON.stringify(w) === JSON.stringify(v)));
      return lost && gained ? 'both' : lost ? 'narrows' : gained ? 'widens' : 'none';
    }
    if (p === 'required') {
      if (typeof b === 'boolean' || typeof r === 'boolean') return r === true ? 'narrows' : 'widens';
      const added = asArray(r).some((v) => !asArray(b).includes(v));
      const removed = asArray(b).some((v) => !asArray(r).includes(v));
      return added && removed ? 'both' : added ? 'narrows' : removed ? 'widens' : 'none';
    }
    if (p === 'type') {
      const accepts = (types, t) => types.includes(t) || (t === 'integer' && types.includes('number'));
      const before = asArray(b);
      const after = asArray(r);
      if (before.length === 0) return 'narrows';
      if (after.length === 0) return 'widens';
      const lost = before.some((t) => !accepts(after, t));
      const gained = after.some((t) => !accepts(before, t));
      return lost && gained ? 'both' : lost ? 'narrows' : gained ? 'widens' : 'none';
    }
    if (p === 'nullable') return r === true ? 'widens' : 'narrows';
    if (CLOSING_FLAGS.includes(p)) {
      if (r === false && b !== false) return 'narrows';
      if (b === false && r !== false) return 'widens';
      return 'both';
    }
    if (p === 'uniqueItems') return r === true ? 'narrows' : 'widens';
    if (VALUE_KEYWORDS.includes(p)) return b === undefined ? 'narrows' : r === undefined ? 'widens' : 'both';
    if (DOC_KEYWORDS.includes(p) || p === 'deprecated' || p === 'default' || p.startsWith('x-')) return 'none';
    return null;
  }
  const segments = pointerSegments(change.path);
  const parent = segments[segments.length - 2];
  if (change.typeName === 'Schema' && (kind === 'added' || kind === 'removed')) {
    if (parent === 'anyOf' || parent === 'oneOf') return kind === 'added' ? 'widens' : 'narrows';
    if (parent === 'allOf') return kind === 'added' ? 'narrows' : 'widens';
    if (parent === 'properties') return kind === 'added' ? 'widens' : 'narrows';
  }
  return null;
}

/** In which directions a change that Redocly rates `major` breaks a client. */
function breakingDirections(change, rule, baseSpec) {
  const request = new Set(['request']);
  const response = new Set(['response']);
  switch (rule) {
    case 'enum-values-removed':
    case 'required-properties-added':
    case 'parameter-became-required':
    case 'parameter-removed':
    case 'parameter-serialization-changed':
    case 'request-body-removed':
    case 'request-body-became-required':
      return request;
    case 'enum-values-added':
    case 'required-properties-removed':
    case 'response-removed':
    case 'response-header-removed':
      return response;
    case 'property-removed': {
      // A removed property breaks a request only when its object is closed.
      const segments = pointerSegments(change.base?.pointer);
      const parent = change.base ? get(baseSpec.files.get(change.base.file), segments.slice(0, -2)) : undefined;
      const closed = parent && (parent.additionalProperties === false || parent.unevaluatedProperties === false);
      return closed ? new Set(['request', 'response']) : response;
    }
    case 'schema-type-changed':
    case 'schema-constraint-changed':
    case 'schema-combinator-changed': {
      const e = effect(change);
      if (e === 'narrows') return request;
      if (e === 'widens') return response;
      return new Set(['request', 'response']);
    }
    default:
      return new Set(['request', 'response', 'operation']);
  }
}


const SCHEMA_RULES = new Set(['schema-type-changed', 'schema-constraint-changed', 'schema-combinator-changed']);

/**
 * Whether a schema change that Redocly rates breaking without a direction provably accepts every
 * value the base schema did (see schema-subset.js): the schema it changed, compared whole.
 */
function provenWider(change, rule, baseSpec, revisionSpec) {
  if (!SCHEMA_RULES.has(rule)) return false;
  const segments = pointerSegments(change.path);
  const combinator = ['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(segments.at(-2)) && /^\d+$/.test(segments.at(-1) ?? '');
  const owner = segments.slice(0, combinator ? -2 : -1);
  const before = schemaAt(baseSpec, owner);
  const after = schemaAt(revisionSpec, owner);
  return before !== undefined && after !== undefined && accepts(before, after);
}

/** Whether an added property is in its object's `required` list in the revision. */
function isAddedRequired(change) {
  const segments = pointerSegments(change.path);
  const parent = change.revisionParent;
  return Array.isArray(parent?.required) && parent.required.includes(segments[segments.length - 1]);
}

function whatText(change, use) {
  const { kind, property: p, typeName } = change;
  const b = change.base?.value;
  const r = change.revision?.value;
  const segments = pointerSegments(change.path);
  const last = segments[segments.length - 1];
  if (kind === 'removed' || kind === 'added') {
    const verb = kind;
    if (typeName === 'PathItem' || (segments.length === 2 && ['paths', 'webhooks'].includes(segments[0]))) return kind === 'added' ? 'new operation' : `operation ${verb} (path ${segments[1]} ${verb})`;
    if (typeName === 'Operation' || METHODS.includes(last)) return kind === 'added' ? 'new operation' : `operation ${verb}`;
    if (typeName === 'Schema' && segments[segments.length - 2] === 'properties') {
      if (kind === 'removed') return 'removed';
      const value = change.revision?.value;
      const type = value && typeof value === 'object' && value.type ? ` ${asArray(value.type).join(' | ')}` : '';
      return `added (${isAddedRequired(change) ? 'required' : 'optional'}${type})`;
    }
    if (typeName === 'Schema' && ['oneOf', 'anyOf', 'allOf'].includes(segments[segments.length - 2])) {
      return `\`${segments[segments.length - 2]}\` subschema ${show(kind === 'added' ? r : b)} ${verb}`;
    }
    if (use.where.part === 'parameter' || use.where.part === 'header' || typeName === 'Response' || typeName === 'RequestBody') return verb;
    const name = typeName ? typeName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : 'item';
    return `${name} \`${last}\` ${verb}`;
  }
  if (!p) return `${typeName ?? 'item'} changed`;
  if (typeName === 'SecurityRequirement') {
    if (b === undefined) return `security: scheme \`${p}\` now required`;
    if (r === undefined) return `security: scheme \`${p}\` no longer required`;
    return `security: scopes of \`${p}\` ${show(b)} → ${show(r)}`;
  }
  if (p === 'enum') {
    const lost = asArray(b).filter((v) => !asArray(r).some((w) => JSON.stringify(w) === JSON.stringify(v)));
    const gained = asArray(r).filter((v) => !asArray(b).some((w) => JSON.stringify(w) === JSON.stringify(v)));
    if (b === undefined) return `enum set to ${list(asArray(r))}`;
    if (r === undefined) return 'enum removed';
    return [lost.length ? `enum lost ${list(lost)}` : '', gained.length ? `enum gained ${list(gained)}` : ''].filter(Boolean).join(', ');
  }
  if (p === 'required' && (typeof b === 'boolean' || typeof r === 'boolean')) return r === true ? 'became required' : 'became optional';
  if (p === 'required') {
    const added = asArray(r).filter((v) => !asArray(b).includes(v));
    const removed = asArray(b).filter((v) => !asArray(r).includes(v));
    return [added.length ? `now requires ${list(added)}` : '', removed.length ? `no longer requires ${list(removed)}` : ''].filter(Boolean).join(', ');
  }
  if (p === 'type') return `type ${asArray(b).join(' | ') || 'any'} → ${asArray(r).join(' | ') || 'any'}`;
  if (p === 'deprecated') return r === true ? 'deprecated' : 'no longer deprecated';
  if (CLOSING_FLAGS.includes(p) && (r === false || b === false)) {
    if (r === false) return `closed (${p}: false${b === undefined ? ' added' : `, was ${show(b)}`})`;
    return `opened (${p}: false ${r === undefined ? 'removed' : `→ ${show(r)}`})`;
  }
  if (['description', 'summary', 'title'].includes(p)) return `${p} changed`;
  if (p === 'key' && typeName === 'Schema') return `renamed ${show(b)} → ${show(r)}`;
  if (b === undefined) return `${p} ${show(r)} added`;
  if (r === undefined) return `${p} ${show(b)} removed`;
  return `${p} ${show(b)} → ${show(r)}`;
}

function reasonText(change, rule, direction, breaking, redoclyMessage) {
  const e = effect(change);
  const { kind, property: p } = change;
  const segments = pointerSegments(change.path);
  const isOperation = change.typeName === 'Operation' || change.typeName === 'PathItem' || (segments.length <= 3 && segments[0] === 'paths' && (segments.length === 2 || METHODS.includes(segments[2])));
  if (isOperation && kind === 'removed') return 'a client that calls it gets an error';
  if (isOperation && kind === 'added') return 'existing clients are unaffected';
  if (p === 'deprecated') return 'a notice only: the operation still works';
  if ((p ?? segments[segments.length - 1] ?? '').startsWith('x-')) return 'a vendor extension: documentation only';
  if (p === 'operationId') return breaking ? 'generated clients name their method after the operationId' : 'the operationId is only a name';
  if (breaking) {
    switch (rule) {
      case 'required-properties-added':
      case 'parameter-became-required':
      case 'request-body-became-required':
        return 'a client that omits it is rejected';
      case 'enum-values-removed':
        return 'a client that sends a removed value is rejected';
      case 'enum-values-added':
        return 'a client may receive a value it does not handle';
      case 'property-removed':
        return direction === 'request' ? 'the object is closed, so a client that still sends it is rejected' : 'a client that reads it finds nothing';
      case 'required-properties-removed':
        return 'a client may receive an object without it';
      case 'parameter-removed':
        return 'a client that sends it is no longer understood';
      case 'response-removed':
        return 'a client that expects this response no longer gets it';
      case 'security-requirement-changed':
      case 'security-scheme-changed':
        return 'a client with the old credentials may be refused';
      default:
        break;
    }
    if (direction === 'request') {
      if (CLOSING_FLAGS.includes(p) && change.revision?.value === false) return 'narrows what a client may send: any field not listed is rejected';
      if (rule === 'schema-type-changed') return 'narrows what a client may send: a value of the old type is rejected';
      if (e === 'both' || e === null) return 'changes what a client may send: a value that was valid can be rejected';
      return 'narrows what a client may send';
    }
    if (direction === 'response') {
      if (rule === 'schema-type-changed') return 'widens what a client may receive: a value of the new type can surprise it';
      if (e === 'both' || e === null) return 'changes what a client may receive: it can get a value it did not expect';
      return 'widens what a client may receive';
    }
    return redoclyMessage ?? 'breaks a client';
  }
  if (e === 'none' || (p && DOC_KEYWORDS.includes(p))) return p === 'default' ? 'does not change which values are valid' : 'documentation only';
  if (direction === 'request') {
    if (kind === 'added' && segments[segments.length - 2] === 'properties') {
      return isAddedRequired(change) ? 'a new field; requiring it is reported on its object' : 'a new optional field: a client that does not send it is unaffected';
    }
    if (kind === 'removed' && segments[segments.length - 2] === 'properties') return 'the object stays open, so a client that still sends it is not rejected';
    if (e === 'widens' || change.provenWider) return 'widens what a client may send';
  }
  if (direction === 'response') {
    if (kind === 'added' && segments[segments.length - 2] === 'properties') return 'adds to a response: a client that does not read it is unaffected';
    if (e === 'narrows') return 'narrows a response: every value a client can now receive was valid before';
  }
  if (e === 'narrows' || e === 'widens' || e === 'both') return `no breaking rule applies (Redocly rates it ${change.impact})`;
  return change.impact === 'minor' ? 'adds to the API' : 'does not change which requests or responses are valid';
}

// ---------------------------------------------------------------------------------------------
// Redocly's diff

const CONFIG = `# Written by scripts/diff.js: the rules of Redocly's diff command, with their default (major) impact.
extends:
  - diff-recommended
`;

/** Runs `redocly diff` (JSON format); its file paths come back absolute. */
function runRedocly(baseFile, revisionFile, workdir) {
  const config = join(workdir, 'redocly-diff.yaml');
  writeFileSync(config, CONFIG);
  const args = [REDOCLY_CLI, 'diff', baseFile, revisionFile, '--config', config, '--format', 'json', '--fail-on', 'none', '--lint-config', 'off'];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: workdir,
      env: { ...REDOCLY_ENV, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (error) => reject(new InputError(`cannot run redocly diff: ${error.message}`)));
    child.on('close', (status) => {
      const out = Buffer.concat(stdout).toString('utf8');
      const err = Buffer.concat(stderr).toString('utf8');
      const start = out.indexOf('{');
      let raw;
      try {
        raw = status === 0 && start >= 0 ? JSON.parse(out.slice(start)) : undefined;
      } catch {
        raw = undefined;
      }
      if (!raw) {
        const message = `${out}\n${err}`
          .split('\n')
          .filter((line) => line.trim() && !/[║╔╚]/.test(line) && !/^\s+at /.test(line))
          .join('\n');
        reject(new InputError(`redocly diff failed: ${message || `exit code ${status}`}`));
        return;
      }
      const absolute = (location) => {
        if (location?.file) location.file = resolve(workdir, location.file);
      };
      for (const change of raw.changes ?? []) {
        absolute(change.base);
        absolute(change.revision);
        for (const verdict of change.verdicts ?? []) absolute(verdict.location);
      }
      resolvePromise(raw);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The report

/**
 * Compares two specs. `base` and `revision` are command-line arguments (file or git ref).
 * Returns the report object; throws InputError on bad input.
 */
export async function diff({ base, revision = WORKING_SPEC, root = PACKAGE_ROOT } = {}) {
  if (!base) throw new InputError('usage: diff BASE [REVISION] [--json] [--root DIR]  (BASE: a spec file or a git ref)');
  // The real path: Redocly reports files relative to its working directory, as the OS sees it.
  const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'contract-diff-')));
  try {
    const revisionArgument = revision === WORKING_SPEC ? join(root, WORKING_SPEC) : revision;
    const baseSource = resolveSource(base, { root, workdir, side: 'base' });
    const revisionSource = resolveSource(revisionArgument, { root, workdir, side: 'revision' });
    if (revision === WORKING_SPEC) {
      revisionSource.label = `working tree (${WORKING_SPEC})`;
      revisionSource.display = (abs) => displayPath(abs, root);
    }
    const baseSpec = new Spec(baseSource.file, baseSource.display);
    const revisionSpec = new Spec(revisionSource.file, revisionSource.display);
    const raw = await runRedocly(baseSource.file, revisionSource.file, workdir);
    return buildReport(raw, { baseSpec, revisionSpec, baseSource, revisionSource });
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

function buildReport(raw, { baseSpec, revisionSpec, baseSource, revisionSource }) {
  const baseIndex = indexOperations(baseSpec);
  const revisionIndex = indexOperations(revisionSpec);
  const operations = new Map();
  const documentChanges = [];
  const operationInfo = (key) => revisionIndex.operations.get(key) ?? baseIndex.operations.get(key);
  const entryFor = (key) => {
    if (!operations.has(key)) {
      const info = operationInfo(key);
      const status = !revisionIndex.operations.has(key) ? 'removed' : !baseIndex.operations.has(key) ? 'added' : 'changed';
      operations.set(key, { operationId: info?.operationId ?? null, method: info?.method ?? key.split(' ')[0], path: info?.path ?? key.slice(key.indexOf(' ') + 1), status, breaking: false, changes: [] });
    }
    return operations.get(key);
  };

  for (const change of raw.changes ?? []) {
    const majorVerdict = (change.verdicts ?? []).find((v) => v.impact === 'major');
    const verdict = majorVerdict ?? change.verdicts?.[0];
    const rule = verdict?.ruleId ?? null;
    const redoclyBreaking = change.impact === 'major';
    if (change.revision?.file) {
      const parentSegments = pointerSegments(change.revision.pointer).slice(0, -2);
      change.revisionParent = get(revisionSpec.files.get(change.revision.file), parentSegments);
    }
    // Every operation that reaches the changed place, in the base and in the revision.
    // The revision names the place; the base adds the operations that reached it only before.
    const found = [];
    if (change.revision?.file) found.push(...usesAt(revisionIndex, change.revision.file, pointerSegments(change.revision.pointer)));
    if (change.base?.file) {
      const before = usesAt(baseIndex, change.base.file, pointerSegments(change.base.pointer));
      found.push(...before.filter(({ use }) => !found.some((f) => f.use.op === use.op)));
    }
    // The operation under which Redocly reports it, should the walk have missed it.
    const pathSegments = pointerSegments(change.path);
    if (pathSegments[0] === 'paths' && pathSegments.length >= 3 && METHODS.includes(pathSegments[2])) {
      const key = `${pathSegments[2].toUpperCase()} ${pathSegments[1]}`;
      if (!found.some((f) => f.use.op === key)) {
        const after = pathSegments.slice(3);
        const direction = after[0] === 'responses' ? 'response' : after[0] === 'parameters' || after[0] === 'requestBody' ? 'request' : 'operation';
        const schemaAt = after.indexOf('schema');
        const where = after[0] === 'responses' ? { part: 'response', status: after[1] } : after[0] === 'requestBody' ? { part: 'body' } : after[0] === 'parameters' ? { part: 'parameter' } : { part: 'operation' };
        found.push({ use: { op: key, direction, where, schemaPath: schemaAt >= 0 ? [] : null }, rest: schemaAt >= 0 ? after.slice(schemaAt + 1) : [] });
      }
    }
    const location = change.revision ?? change.base;
    const place = location?.file ? `${(change.revision ? revisionSpec : baseSpec).display(location.file)}:${location.line}` : null;
    const redocly = { impact: change.impact, rule, message: verdict?.message ?? null, path: change.path };

    if (found.length === 0) {
      const what = describeDocumentChange(change);
      const reason = redoclyBreaking ? (verdict?.message ?? 'breaks a client') : change.impact === 'minor' ? 'adds to the API' : 'does not change which requests or responses are valid';
      documentChanges.push({ breaking: redoclyBreaking, direction: null, where: 'document', change: what, reason, text: `${what}: ${reason}`, location: place, redocly });
      continue;
    }

    // One line per operation and place; its own direction decides whether it breaks.
    const lines = [];
    const seen = new Set();
    for (const { use, rest } of found) {
      const where = whereText(use, rest);
      const what = whatText(change, use);
      const key = `${use.op}\0${use.direction}\0${where}\0${what}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push({ op: use.op, direction: use.direction, where, what });
    }
    const directions = new Set(lines.map((line) => line.direction));
    let breakingFor = () => redoclyBreaking;
    change.provenWider = redoclyBreaking && provenWider(change, rule, baseSpec, revisionSpec);
    if (change.provenWider) {
      // Every value the schema accepted it still accepts: a client that sends is unaffected.
      breakingFor = (line) => line.direction !== 'request';
    } else if (redoclyBreaking && directions.size > 1) {
      const breaks = breakingDirections(change, rule, baseSpec);
      if (lines.some((line) => breaks.has(line.direction) || line.direction === 'operation')) {
        breakingFor = (line) => breaks.has(line.direction) || line.direction === 'operation';
      }
    }
    for (const line of lines) {
      const breaking = breakingFor(line);
      const reason = reasonText(change, rule, line.direction, breaking, verdict?.message);
      const entry = entryFor(line.op);
      const text = line.where === 'operation' ? `${line.what}: ${reason}` : `${line.where} ${line.what}: ${reason}`;
      entry.changes.push({ breaking, direction: line.direction, where: line.where, change: line.what, reason, text, location: place, redocly });
      if (breaking) entry.breaking = true;
    }
  }

  // Operations in the order of the revision, then the removed ones.
  const order = [...revisionIndex.operations.keys(), ...[...baseIndex.operations.keys()].filter((k) => !revisionIndex.operations.has(k))];
  const sorted = [...operations.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([, entry]) => ({ ...entry, changes: entry.changes.sort((x, y) => Number(y.breaking) - Number(x.breaking)) }));
  const all = [...sorted.flatMap((op) => op.changes), ...documentChanges];
  const breakingCount = all.filter((c) => c.breaking).length;
  return {
    base: { spec: baseSource.label, version: raw.infoVersions?.base ?? null },
    revision: { spec: revisionSource.label, version: raw.infoVersions?.revision ?? null },
    breaking: breakingCount > 0,
    summary: {
      breakingChanges: breakingCount,
      otherChanges: all.length - breakingCount,
      operations: sorted.map((op) => op.operationId ?? `${op.method} ${op.path}`),
      breakingOperations: sorted.filter((op) => op.breaking).map((op) => op.operationId ?? `${op.method} ${op.path}`),
      redoclyBump: raw.bump ?? null,
    },
    operations: sorted,
    document: documentChanges,
  };
}

function describeDocumentChange(change) {
  const segments = pointerSegments(change.path);
  const where = segments.length > 0 ? segments.join('.') : 'document';
  const b = change.base?.value;
  const r = change.revision?.value;
  if (change.kind === 'added') return `${where}${change.property ? `.${change.property}` : ''} added`;
  if (change.kind === 'removed') return `${where}${change.property ? `.${change.property}` : ''} removed`;
  if (change.property && ['description', 'summary', 'title'].includes(change.property)) return `${where}.${change.property} changed`;
  if (change.property && b === undefined) return `${where}.${change.property} ${show(r)} added`;
  if (change.property && r === undefined) return `${where}.${change.property} ${show(b)} removed`;
  if (change.property) return `${where}.${change.property} ${show(b)} → ${show(r)}`;
  return `${where} changed`;
}

export function formatText(report) {
  const out = [];
  out.push(`API diff: ${report.base.spec} → ${report.revision.spec}`);
  out.push(`info.version: ${report.base.version ?? '?'} → ${report.revision.version ?? '?'}`);
  out.push('');
  const mark = (c) => (c.breaking ? 'BREAKING  ' : 'compatible');
  for (const op of report.operations) {
    const status = op.status === 'changed' ? '' : ` (${op.status})`;
    out.push(`${op.operationId ?? '(no operationId)'}  ${op.method} ${op.path}${status}`);
    for (const change of op.changes) {
      out.push(`  ${mark(change)}  ${change.text}`);
      const source = [change.breaking ? change.redocly.rule : null, change.location].filter(Boolean).join(', ');
      if (source) out.push(`              (${source})`);
    }
    out.push('');
  }
  if (report.document.length > 0) {
    out.push('Not tied to an operation');
    for (const change of report.document) {
      out.push(`  ${mark(change)}  ${change.text}`);
      if (change.location) out.push(`              (${[change.redocly.rule, change.location].filter(Boolean).join(', ')})`);
    }
    out.push('');
  }
  const { breakingChanges, otherChanges, breakingOperations } = report.summary;
  if (report.operations.length === 0 && report.document.length === 0) out.push('No changes.');
  else if (report.breaking) {
    out.push(`BREAKING: ${breakingChanges} breaking change${breakingChanges === 1 ? '' : 's'} in ${breakingOperations.length} operation${breakingOperations.length === 1 ? '' : 's'}${breakingOperations.length ? ` (${breakingOperations.join(', ')})` : ''}; ${otherChanges} compatible.`);
  } else out.push(`No breaking changes (${otherChanges} compatible change${otherChanges === 1 ? '' : 's'}).`);
  return `${out.join('\n')}\n`;
}

function parseArguments(argv) {
  const options = { json: false, positional: [], root: PACKAGE_ROOT };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--json') options.json = true;
    else if (argument === '--root') {
      if (!argv[i + 1]) throw new InputError('--root needs a directory');
      options.root = resolve(argv[++i]);
    } else if (argument === '--help' || argument === '-h') options.help = true;
    else if (argument.startsWith('--')) throw new InputError(`unknown option: ${argument}`);
    else options.positional.push(argument);
  }
  if (options.positional.length > 2) throw new InputError(`too many arguments: ${options.positional.join(' ')}`);
  return options;
}

const USAGE = `usage: node scripts/diff.js BASE [REVISION] [--json] [--root DIR]
  BASE, REVISION  a spec file (YAML or JSON, split or bundled) or a git ref of DIR;
                  REVISION defaults to the working spec DIR/${WORKING_SPEC}
  --json          print the report as JSON
  --root DIR      the project (default: this package)
exit code: 0 no breaking change, 1 breaking changes, 2 bad input`;

async function main() {
  try {
    const options = parseArguments(process.argv.slice(2));
    if (options.help) {
      console.log(USAGE);
      return 0;
    }
    if (options.positional.length === 0) throw new InputError(`a BASE is required\n${USAGE}`);
    const [base, revision] = options.positional;
    const report = await diff({ base, revision: revision ?? WORKING_SPEC, root: options.root });
    process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatText(report));
    return report.breaking ? 1 : 0;
  } catch (error) {
    if (error instanceof InputError) {
      console.error(`diff: ${error.message}`);
      return 2;
    }
    console.error(`diff: unexpected error: ${error?.message ?? error}`);
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
