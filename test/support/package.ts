// Packs the package once, as a user gets it, for every test that needs it (the consumer test, the
// verifier's bin test and the bench's package section): scripts/bench/package.js packs a snapshot
// of the working tree (`npm pack`, its prepack build included, nothing in the repo written) and
// installs the tarball into an empty project. The pack takes about 20 s of one core, so it runs in
// the background while the other files run; a test that needs it waits for it (packedPackage() in
// test/support/packed.ts).
//
// The pack is kept between runs, like the mock's incremental build: its directory (in the system's
// temp dir, one per checkout) is named by a hash of every file the snapshot takes (what git lists, tracked
// or not ignored, outside test/), so a change to any of them packs again, and a run that changed
// only tests reuses it. Only the newest pack is kept; a failed one is removed. What the tests make
// inside the installed project is removed at the end of each run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packAndInstall, snapshotTakes } from '../../scripts/bench/package.js';

export interface PackedPackage {
  /** The directory of the whole pack: `--packed` of scripts/bench/index.js. */
  dir: string;
  /** An empty project with the tarball installed (`node_modules/@observability/api-contract`). */
  app: string;
  tarball: string;
}

/** Where the pack's outcome appears in its directory: packAndInstall's facts, or why it failed. */
export const PACKED_FILE = 'packed.json';
export const FAILED_FILE = 'pack-failed.txt';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory the package is (being) packed into. */
    packingDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
// In the system's temp dir, one per checkout: never under the repository, whose node_modules the
// installed project would otherwise resolve Prism and the verifier's peers from.
const CACHE = join(tmpdir(), 'api-contract-tests', createHash('sha256').update(root).digest('hex').slice(0, 12));
/** What npm installed into the project; everything else in it a test made. */
const INSTALLED = new Set(['package.json', 'package-lock.json', 'node_modules']);

/** A hash of every file the snapshot takes, by path and content, as git sees the working tree. */
function inputsHash(): string {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const hash = createHash('sha256');
  for (const file of [...new Set(listed.split('\0').filter(Boolean))].sort()) {
    if (!snapshotTakes(file.split('/')[0]!) || !existsSync(join(root, file))) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Removes what the tests made inside the installed project. */
function tidy(dir: string): void {
  const app = join(dir, 'app');
  if (!existsSync(app)) return;
  for (const entry of readdirSync(app))
    if (!INSTALLED.has(entry)) rmSync(join(app, entry), { recursive: true, force: true });
}

let dir: string | undefined;
/** Whether this run's pack is kept for the next runs (false without git: nothing names it). */
let keep = true;
let packing: Promise<unknown> | undefined;

export function setup(project: TestProject): void {
  let key: string;
  try {
    key = inputsHash();
  } catch {
    keep = false;
    key = `unhashed-${process.pid}`;
  }
  const work = join(CACHE, `packed-${key}`);
  dir = work;
  project.provide('packingDir', work);
  if (existsSync(join(work, PACKED_FILE))) {
    tidy(work);
    return;
  }
  if (existsSync(CACHE))
    for (const entry of readdirSync(CACHE)) rmSync(join(CACHE, entry), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  packing = packAndInstall(work).catch((error: unknown) => {
    writeFileSync(join(work, FAILED_FILE), error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
}

export async function teardown(): Promise<void> {
  await packing; // never leaves a pack writing into a directory being removed
  if (!dir) return;
  // A failed pack writes no PACKED_FILE (packAndInstall writes it last).
  if (!keep || !existsSync(join(dir, PACKED_FILE))) rmSync(dir, { recursive: true, force: true });
  else tidy(dir);
}
