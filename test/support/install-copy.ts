// A copy of some of the mock's modules installed outside this repository, for the tests of how the
// package finds itself and its peers from wherever it is installed (test/unit/mock/prism/deps.test.ts).
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A copy of the named modules of src/mock/ under `dir`/src/mock/, with a package.json of `manifest`, outside this repository (no node_modules above it). */
export function installCopy(dir: string, files: string[], packageJson: object | string | undefined): string {
  mkdirSync(join(dir, 'src/mock'), { recursive: true });
  if (packageJson !== undefined)
    writeFileSync(
      join(dir, 'package.json'),
      typeof packageJson === 'string' ? packageJson : JSON.stringify(packageJson),
    );
  for (const file of files) {
    mkdirSync(dirname(join(dir, 'src/mock', file)), { recursive: true });
    copyFileSync(join(repoRoot, 'src/mock', file), join(dir, 'src/mock', file));
  }
  // The generic helpers the mock's modules import, and the spec the package finds itself by.
  cpSync(join(repoRoot, 'src/shared'), join(dir, 'src/shared'), { recursive: true });
  mkdirSync(join(dir, 'generated'), { recursive: true });
  writeFileSync(join(dir, 'generated/openapi.json'), '{}');
  return join(dir, 'src/mock');
}
