// Packs the package once per run, as a user gets it, for every test that needs it (the consumer
// test and the bench's package section): scripts/bench/package.js packs a snapshot of the working
// tree (`npm pack`, its prepack build included, nothing in the repo written) and installs the
// tarball into an empty project. The directory is always removed at the end.
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

declare module 'vitest' {
  export interface ProvidedContext {
    packedPackage: PackedPackage;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = tempDir('tests-package');
  try {
    const { app, tarball } = await packAndInstall(dir);
    project.provide('packedPackage', { dir, app, tarball });
  } catch (error) {
    removeTempDir(dir);
    throw error;
  }
}

export async function teardown(): Promise<void> {
  if (dir) removeTempDir(dir);
}
