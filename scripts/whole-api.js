#!/usr/bin/env node
// The whole-API fixture's document (reference/whole_api/openapi.json): what FastAPI writes of the
// app in reference/whole_api/, in the reference's virtual environment (scripts/conformance.js).
//
//   node scripts/whole-api.js write   write the document
//   node scripts/whole-api.js check   write it into a temp dir; exit 1 naming the paths and
//                                     schemas where the committed document differs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { venv } from './conformance.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMMITTED = join(root, 'reference/whole_api/openapi.json');
const WRITE = 'npm run whole-api:write';

/** Runs the Python writer into `out`. @param {string} out */
function write(out) {
  const result = spawnSync(venv(), ['-m', 'reference.whole_api.write', out], { cwd: root, encoding: 'utf8' });
  if (result.error) throw new Error(`python: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`the writer exited ${result.status}:\n${result.stderr}`);
}

/**
 * What differs between two documents: each operation ("METHOD /path"), component schema and
 * other top-level member that is added, gone or changed.
 * @param {any} committed @param {any} fresh
 * @returns {string[]}
 */
export function differences(committed, fresh) {
  /** @param {any} doc @returns {Map<string, string>} */
  const members = (doc) => {
    const map = new Map();
    for (const [path, item] of Object.entries(doc.paths ?? {}))
      for (const [method, operation] of Object.entries(/** @type {object} */ (item)))
        map.set(`operation ${method.toUpperCase()} ${path}`, JSON.stringify(operation));
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}))
      map.set(`schema ${name}`, JSON.stringify(schema));
    for (const [key, value] of Object.entries(doc))
      if (key !== 'paths' && key !== 'components') map.set(key, JSON.stringify(value));
    for (const [key, value] of Object.entries(doc.components ?? {}))
      if (key !== 'schemas') map.set(`components.${key}`, JSON.stringify(value));
    return map;
  };
  const [a, b] = [members(committed), members(fresh)];
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((key) => a.get(key) !== b.get(key))
    .map((key) => `${a.has(key) ? (b.has(key) ? 'changed' : 'gone   ') : 'new    '} ${key}`);
}

function check() {
  const dir = mkdtempSync(join(tmpdir(), 'whole-api-'));
  try {
    const out = join(dir, 'openapi.json');
    write(out);
    const [committed, fresh] = [readFileSync(COMMITTED, 'utf8'), readFileSync(out, 'utf8')];
    if (committed === fresh) {
      console.error('whole-api: the committed document is what FastAPI writes');
      return;
    }
    const list = differences(JSON.parse(committed), JSON.parse(fresh));
    console.error(
      list.length === 0
        ? `whole-api: the committed document has FastAPI's content but other bytes (${WRITE} writes it)`
        : `whole-api: ${list.length} members of the committed document differ from what FastAPI writes (${WRITE} writes it):`,
    );
    for (const line of list.slice(0, 50)) console.error(`  ${line}`);
    if (list.length > 50) console.error(`  … and ${list.length - 50} more`);
    process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const name = process.argv[2] ?? 'write';
  try {
    if (name === 'write') {
      write(COMMITTED);
      console.error(`whole-api: wrote ${COMMITTED}`);
    } else if (name === 'check') check();
    else {
      console.error(`whole-api: unknown command ${name} (write or check)`);
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`whole-api: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
