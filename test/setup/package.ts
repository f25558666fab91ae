// Packs the package once per run, as a user gets it, for every test that needs it (the consumer
// test, the verifier's bin test and the bench's package section): scripts/bench/package.js packs a
// snapshot of the working tree (`npm pack`, its prepack build included, nothing in the repo
// written) and installs the tarball into an empty project. The pack takes about 20 s of one core,
// so it runs in the background while the other files run; a test that needs it waits for it
// (packedPackage() in test/helpers/packed.ts). The directory is always removed at the end.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeTempDir, tempDir } from '../../scripts/bench/lib.js';
import { packAndInstall } from '../../scripts/bench/package.js';

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
    /** The directory the package is being packed into. */
    packingDir: string;
  }
}

let dir: string | undefined;
let packing: Promise<unknown> | undefined;

export function setup(project: TestProject): void {
  const work = tempDir('tests-package');
  dir = work;
  packing = packAndInstall(work).catch((error: unknown) => {
    writeFileSync(join(work, FAILED_FILE), error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
  project.provide('packingDir', work);
}

export async function teardown(): Promise<void> {
  await packing; // never leaves a pack writing into a removed directory
  if (dir) removeTempDir(dir);
}
