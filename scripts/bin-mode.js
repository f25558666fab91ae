#!/usr/bin/env node
// The package's bins made executable where the build writes them (package.json `bin`), as npm makes
// them when it installs the package. A compiler writes a new file without the executable bit, and
// `npx api-contract-mock` in this repository runs the bin through the link npm made the first time
// (its npx cache is kept), which a rebuild does not renew: without this, "Permission denied".
// Run by `npm run build:dist` and by the tests' build of the mock (test/support/build-mock.ts).
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Adds the executable bits to every bin of package.json that exists; returns the ones it changed. */
export function markBinsExecutable(dir = root) {
  const { bin = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  /** @type {string[]} */
  const changed = [];
  for (const target of Object.values(typeof bin === 'string' ? { bin } : bin)) {
    const file = join(dir, target);
    if (!existsSync(file)) continue;
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o111) === 0o111) continue;
    chmodSync(file, mode | 0o111);
    changed.push(target);
  }
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) markBinsExecutable();
