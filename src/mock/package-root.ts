/// <reference types="node" />
// The directory of this package, from the running module: src/mock/ in the repository (tests run
// the TypeScript), dist/src/mock/ or dist/cjs/src/mock/ when compiled or installed. Its
// package.json and generated/ are there, and the peers the mock loads are resolved from it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The one place the mock reads its own location. The CommonJS build cannot compile `import.meta`:
// `npm run build:dist` writes `__filename`'s URL in its place in dist/cjs/src/mock/package-root.js.
// @ts-ignore TS1343 under the CommonJS build's settings only
const MODULE_URL: string = import.meta.url;

const PACKAGE_NAME = '@observability/api-contract';

function isRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
}

function findRoot(): string {
  const start = dirname(fileURLToPath(MODULE_URL));
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

/** `require` resolving from the package: the optional peers (Prism, msw) as the package sees them. */
export const requireFromPackage: NodeJS.Require = createRequire(join(packageRoot, 'package.json'));
