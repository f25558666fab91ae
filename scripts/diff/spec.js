// A spec as a set of parsed files: loads the root file and every file its $refs reach, resolves
// $refs and JSON pointers between them, and turns a file that cannot be read into one clear
// InputError (missing, not YAML or JSON, not OpenAPI 3.x, a $ref to nothing).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import YAML from 'yaml';
import { InputError } from './input.js';

/** @typedef {import('../openapi.js').Parsed} Parsed */

/**
 * A node reached through the spec: its value, the file it is in and its pointer there.
 * @typedef {{ node: Parsed, file: string, segments: string[] }} Place
 */

/** @param {string} segment */
function decodeSegment(segment) {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // not percent-encoded
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * '#/a/b~1c' → ['a', 'b/c']
 * @param {string | null | undefined} pointer
 * @returns {string[]}
 */
export function pointerSegments(pointer) {
  const fragment = (pointer ?? '').replace(/^#/, '');
  if (fragment === '' || fragment === '/') return [];
  return fragment.replace(/^\//, '').split('/').map(decodeSegment);
}

/**
 * The value at `segments` below `node`, or undefined.
 * @param {Parsed} node
 * @param {readonly string[]} segments
 * @returns {Parsed}
 */
export function get(node, segments) {
  let current = node;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !(segment in current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** A spec as a set of parsed files; $refs between them resolved on demand. */
export class Spec {
  /**
   * @param {string} rootFile the absolute path of the root file
   * @param {(abs: string) => string} display how a file is named in messages and the report
   */
  constructor(rootFile, display) {
    this.rootFile = rootFile;
    this.display = display;
    /** @type {Map<string, Parsed>} every file loaded, by absolute path */
    this.files = new Map();
    /** @type {Parsed} */
    this.root = this.load(rootFile);
    if (
      !this.root ||
      typeof this.root !== 'object' ||
      typeof this.root.openapi !== 'string' ||
      !this.root.openapi.startsWith('3.')
    ) {
      throw new InputError(`${display(rootFile)} is not an OpenAPI 3.x document (it has no \`openapi: 3.x\` field)`);
    }
    this.checkRefs();
  }

  /**
   * @param {string} file
   * @param {string} [from] the file whose $ref leads here
   * @returns {Parsed}
   */
  load(file, from) {
    if (this.files.has(file)) return this.files.get(file);
    if (!existsSync(file) || !statSync(file).isFile()) {
      throw new InputError(
        from
          ? `${this.display(from)} has a $ref to a missing file: ${this.display(file)}`
          : `spec file not found: ${this.display(file)}`,
      );
    }
    const document = YAML.parseDocument(readFileSync(file, 'utf8'), { merge: true });
    const [error] = document.errors;
    if (error) {
      const where = error.linePos?.[0] ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})` : '';
      throw new InputError(`${this.display(file)} is not valid YAML or JSON${where}: ${error.message.split('\n')[0]}`);
    }
    const value = document.toJS({ maxAliasCount: -1 });
    this.files.set(file, value);
    return value;
  }

  /**
   * Resolves a $ref found in `file`, or undefined for a remote URL.
   * @param {string} ref
   * @param {string} file
   * @returns {Place | undefined}
   */
  resolveRef(ref, file) {
    const [filePart = '', fragment = ''] = ref.split('#');
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
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (done.has(file)) continue;
      done.add(file);
      const from = file;
      /** @param {Parsed} node */
      const visit = (node) => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if (key === 'example' || key === 'examples' || key === 'default' || key === 'const' || key === 'enum')
            continue;
          if (key === '$ref' && typeof value === 'string') {
            const target = this.resolveRef(value, from);
            if (target) pending.push(target.file);
          } else visit(value);
        }
      };
      visit(this.files.get(file) ?? this.load(file));
    }
  }
}
