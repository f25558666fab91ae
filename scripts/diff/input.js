// What the diff gate takes as input: where the project is, which file is its working spec, and the
// error for bad input (a missing file, an unknown ref, invalid YAML), which the CLIs print as one
// line and exit 2 on; and where the CLIs write.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package: the project compared when no `--root` is given. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The root file of a project's spec, relative to the project. */
export const WORKING_SPEC = 'openapi/openapi.yaml';

/** Bad input: reported as one clear line, exit code 2. */
export class InputError extends Error {}

/**
 * What a caught value says: its `message` when it has one, else the value itself.
 * @param {unknown} error
 */
export function messageOf(error) {
  const message = error !== null && typeof error === 'object' && 'message' in error ? error.message : undefined;
  return String(message ?? error);
}

/**
 * Where a CLI (diff, release-check) writes: the process's streams by default, or a caller's (the
 * tests run the CLIs in their own process).
 * @typedef {{ stdout: (text: string) => void, stderr: (text: string) => void }} Io
 */
/** @type {Io} */
export const PROCESS_IO = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};
