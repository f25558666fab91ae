/// <reference types="node" />
// The contract this package ships (generated/openapi.json), read once, and the peers its
// package.json names. Every generator, validator and check of the verifier, the fuzz suite and the
// tests read the spec from here.
//
// The package root is found by walking up from the running script (the bin, through npm's symlink)
// and then from the working directory, to the directory whose package.json names this package. It
// is not taken from import.meta.url, a leftover of when all of src/ was also compiled to CommonJS
// (dist/cjs/, where import.meta does not exist); only the client is now (tsconfig.cjs.json).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = '@observability/api-contract';
const SPEC_FILE = join('generated', 'openapi.json');

/** The parts of an OpenAPI document the verifier reads; schemas stay loose JSON. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  paths: Record<string, Record<string, any>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  components?: { schemas?: Record<string, any>; parameters?: Record<string, any> };
  security?: Record<string, unknown>[];
}

function isPackageRoot(dir: string): boolean {
  if (!existsSync(join(dir, SPEC_FILE))) return false;
  const manifest = join(dir, 'package.json');
  let name: unknown;
  try {
    name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  } catch {
    // no package.json, or one that is not JSON (or is `null`): not this package's
  }
  return name === PACKAGE_NAME;
}

function startingPoints(): string[] {
  const starts: string[] = [];
  const script = process.argv[1];
  if (script) {
    try {
      starts.push(dirname(realpathSync(script)));
    } catch {
      // `node -e` and the REPL have no script file.
    }
  }
  starts.push(process.cwd());
  return starts;
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

const packageRoot = findPackageRoot(startingPoints());

/** The bundled spec file of this package. */
export const specPath: string = join(packageRoot, SPEC_FILE);

/** The package's optional peers and the versions it is tested with (package.json's peerDependencies). */
export const peerDependencies: Record<string, string> = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies;

/** The bundled OpenAPI document. */
export const spec: OpenApiDocument = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
