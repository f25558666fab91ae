/// <reference types="node" />
// A mock's coverage record written into a directory (`coverage: DIR`, `--coverage DIR`), for
// `api-contract-coverage DIR` to merge: one file per mock, named by the process and a random part
// so that mocks sharing a directory never write the same file, written whole under a temporary
// name then renamed, so that a reader never sees half of it. It is written as the mock goes, so
// that a process killed outright (SIGKILL: Playwright's end of its webServer) leaves what it had
// counted: within WRITE_INTERVAL_MS of a change, at most once per WRITE_INTERVAL_MS. It is written
// a last time on close(), or at the process's exit for a mock that was never closed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CoverageOptionError, type CoverageReport } from './control/coverage.js';

/** The most often a record is written while its mock runs, and how late it may be: every 100 ms. */
export const WRITE_INTERVAL_MS = 100;

/** A mock's record in its directory. */
export interface CoverageFile {
  readonly path: string;
  /** The tally changed: the record is written within the interval, at most once per interval. */
  changed(): void;
  /** Writes it now, the last time (close(), exit): later calls and changes write nothing. */
  write(): void;
}

/** The files not closed yet, written at exit: the process listens for its exit while there are any. */
const pending = new Set<CoverageFile>();

/**
 * The record of one mock in `dir` (created when missing; a CoverageOptionError when it cannot be).
 * `intervalMs` is the least time between two writes while the mock runs.
 */
export function coverageFile(
  dir: string,
  report: () => CoverageReport,
  intervalMs: number = WRITE_INTERVAL_MS,
): CoverageFile {
  const folder = resolve(dir);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new CoverageOptionError(`coverage: cannot create the directory ${folder}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const path = join(folder, `api-contract-coverage-${process.pid}-${randomUUID().slice(0, 8)}.json`);
  const save = () => {
    const temporary = `${path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(report())}\n`);
    renameSync(temporary, path);
  };
  let timer: NodeJS.Timeout | undefined;
  let lastWrite = -Infinity;
  /** A write while it runs failed and was reported: the next failures are not, until one succeeds. */
  let failing = false;
  const flush = () => {
    timer = undefined;
    lastWrite = Date.now();
    try {
      save();
      failing = false;
    } catch (error) {
      if (!failing) process.stderr.write(`api-contract mock: cannot write ${path}: ${(error as Error).message}\n`);
      failing = true;
    }
  };
  const file: CoverageFile = {
    path,
    changed() {
      if (timer !== undefined || !pending.has(file)) return;
      // A clock set back makes the wait no longer than one interval.
      const wait = Math.min(intervalMs, Math.max(0, lastWrite + intervalMs - Date.now()));
      timer = setTimeout(flush, wait).unref();
    },
    write() {
      if (!pending.delete(file)) return;
      if (pending.size === 0) process.off('exit', writePending);
      clearTimeout(timer);
      timer = undefined;
      save();
    },
  };
  if (pending.size === 0) process.once('exit', writePending);
  pending.add(file);
  return file;
}

/**
 * Writes every record not closed yet (at the process's exit, the records of mocks never closed).
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
