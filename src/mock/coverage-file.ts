/// <reference types="node" />
// A mock's coverage record written into a directory (`coverage: DIR`, `--coverage DIR`), for
// `api-contract-coverage DIR` to merge: one file per mock, named by the process and a random part
// so that workers never write the same file, written whole under a temporary name then renamed,
// so that a reader never sees half of it. It is written on close(), or at the process's exit for a
// mock that was never closed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CoverageOptionError, type CoverageReport } from './control/coverage.js';

/** A mock's record in its directory: `write()` writes it (the first call only). */
export interface CoverageFile {
  readonly path: string;
  write(): void;
}

/** The files not written yet, written at exit: the process listens for its exit while there are any. */
const pending = new Set<CoverageFile>();

/** The record of one mock in `dir` (created when missing; a CoverageOptionError when it cannot be). */
export function coverageFile(dir: string, report: () => CoverageReport): CoverageFile {
  const folder = resolve(dir);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new CoverageOptionError(`coverage: cannot create the directory ${folder}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const name = `api-contract-coverage-${process.pid}-${randomUUID().slice(0, 8)}.json`;
  const file: CoverageFile = {
    path: join(folder, name),
    write() {
      if (!pending.delete(file)) return;
      if (pending.size === 0) process.off('exit', writePending);
      const temporary = `${file.path}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(report())}\n`);
      renameSync(temporary, file.path);
    },
  };
  if (pending.size === 0) process.once('exit', writePending);
  pending.add(file);
  return file;
}

/**
 * Writes every record not written yet (at the process's exit, the records of mocks never closed).
 * A file that cannot be written is reported on stderr, and the others are still written.
 */
export function writePending(): void {
  for (const open of [...pending]) {
    try {
      open.write();
    } catch (error) {
      process.stderr.write(`api-contract mock: cannot write ${open.path}: ${(error as Error).message}\n`);
    }
  }
}
