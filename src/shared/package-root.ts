/// <reference types="node" />
// This package's root directory, found from the running module: src/shared/ in the repository
// (the tests run the TypeScript), dist/src/shared/ or dist/cjs/src/shared/ when built or installed.
// Its package.json, generated/openapi.json, and the optional peers the bins load are found from it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject } from './json.js';

// The one place the package reads its own location. The CommonJS build cannot compile
// `import.meta`: `npm run build:dist` writes `__filename`'s URL in its place in
// dist/cjs/src/shared/package-root.js (scripts/dist-cjs.js).
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- TS1343 comes under the CommonJS build's settings only: @ts-expect-error would fail the ESM build
// @ts-ignore TS1343 under the CommonJS build's settings only
const MODULE_URL: string = import.meta.url;

const PACKAGE_NAME = '@observability/api-contract';
const SPEC_FILE = join('generated', 'openapi.json');

function isPackageRoot(dir: string): boolean {
  if (!existsSync(join(dir, SPEC_FILE))) return false;
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return isObject(manifest) && manifest.name === PACKAGE_NAME;
  } catch {
    // no package.json, or one that is not JSON: not this package's
    return false;
  }
}

/**
 * The package root: the first directory, walking up from each starting point in turn, whose
 * package.json names this package and that holds generated/openapi.json.
 */
export function findPackageRoot(starts: readonly string[]): string {
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      if (isPackageRoot(dir)) return dir;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`cannot find ${SPEC_FILE} of ${PACKAGE_NAME} above ${starts.join(' or ')}`);
}

/** The package's root directory. */
export const packageRoot: string = findPackageRoot([dirname(fileURLToPath(MODULE_URL))]);

/** The package's manifest: its optional peers are what the bins load (msw; ajv, ajv-formats, fast-check). */
export const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
};

/** The bundled spec file of this package. */
export const specPath: string = join(packageRoot, SPEC_FILE);

/** `require` resolving from the package: the optional peers as the package sees them. */
export const requireFromPackage: NodeJS.Require = createRequire(join(packageRoot, 'package.json'));
