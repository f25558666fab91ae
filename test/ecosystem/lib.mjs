// Shared by the checks of this folder: running a command, the Node binaries of the matrix, and
// one PASS/FAIL line per check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const bin = (name) => join(here, 'node_modules', '.bin', name);
/** TypeScript's compiler, run with `node` so that it does not depend on the shell's PATH. */
export const tsc = join(here, 'node_modules/typescript/bin/tsc');

/** The Node versions a consumer may run: the engines floor and the two newer lines, from the npm registry's `node` package. */
export const nodes = [
  ['20.19', join(here, 'node_modules/node20/bin/node')],
  ['22', join(here, 'node_modules/node22/bin/node')],
  ['24', join(here, 'node_modules/node24/bin/node')],
];
/** The tools (generators, swagger-parser) need Node 22.18 or later; they run on the newest line. */
export const toolNode = nodes[2][1];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 300_000, ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, status: result.status, stdout: result.stdout ?? '', output };
}

export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), `ecosystem-${prefix}-`));

/** Collects the results of one check file and prints one line per case; exits 1 when any failed. */
export function report(title) {
  const failures = [];
  console.log(`\n== ${title}`);
  return {
    result(name, ok, detail = '') {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
      if (!ok) failures.push(name);
    },
    finish() {
      console.log(failures.length ? `== ${title}: ${failures.length} FAILED (${failures.join(', ')})` : `== ${title}: all passed`);
      process.exitCode = failures.length ? 1 : 0;
    },
  };
}

/** The tail of a tool's output, for a failure line. */
export const tail = (text, lines = 25) => `\n${text.trim().split('\n').slice(-lines).join('\n')}`;
