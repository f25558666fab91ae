/// <reference types="node" />
// The directory of this package, from the running module: src/mock/ in the repository (tests run
// the TypeScript), dist/src/mock/ when compiled or installed. Its package.json and generated/ are there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@observability/api-contract';

function isRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
}

function findRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (isRoot(dir)) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${start}`);
  }
}

/** The package's root directory. */
export const packageRoot: string = findRoot();

/** The package's manifest (its peers are Prism's packages, deps.ts). */
// Stryker disable next-line StringLiteral: without an encoding readFileSync gives a Buffer, which JSON.parse reads as the same UTF-8 text
export const manifest: { peerDependencies: Record<string, string> } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
