import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { FAILED_FILE, PACKED_FILE, type PackedPackage } from './package.js';

const WAIT_MS = 240_000;

/** The facts the pack wrote, once the file is there and whole (it is written in one call, but not atomically). */
function readFacts(file: string): { app: string; tarball: string } | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { app: string; tarball: string };
  } catch {
    return undefined;
  }
}

/**
 * The package packed and installed once per run (test/support/package.ts), once the pack that runs in
 * the background is done; throws its error if it failed.
 */
export async function packedPackage(): Promise<PackedPackage> {
  const dir = inject('packingDir');
  if (!dir) {
    throw new Error(
      'the packed package is provided to the "packed" project only: list this test file in PACKED of vitest.config.ts',
    );
  }
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(join(dir, FAILED_FILE)))
      throw new Error(`packing the package failed:\n${readFileSync(join(dir, FAILED_FILE), 'utf8')}`);
    const facts = readFacts(join(dir, PACKED_FILE));
    if (facts) return { dir, app: facts.app, tarball: facts.tarball };
    if (Date.now() > deadline) throw new Error(`the package was not packed within ${WAIT_MS / 1000} s (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
