// Where the package finds itself (src/shared/package-root.ts): the root, walking up from each
// starting point to the directory whose package.json names this package and that holds
// generated/openapi.json. Called on trees built in a temporary directory; the package's own root
// is found from the module itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findPackageRoot, packageRoot, specPath } from '../../../src/shared/package-root.js';

const NAME = '@observability/api-contract';
const top = mkdtempSync(join(tmpdir(), 'verify-spec-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** Makes `dir` under the temporary tree, with a package.json of `manifest` (text, or JSON of it) and the spec file if asked. */
function tree(dir: string, { manifest, specFile = true }: { manifest?: unknown; specFile?: boolean }): string {
  const path = join(top, dir);
  mkdirSync(path, { recursive: true });
  if (manifest !== undefined)
    writeFileSync(join(path, 'package.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  if (specFile) {
    mkdirSync(join(path, 'generated'), { recursive: true });
    writeFileSync(join(path, 'generated', 'openapi.json'), '{}');
  }
  return path;
}
const below = (dir: string, ...parts: string[]) => {
  const path = join(dir, ...parts);
  mkdirSync(path, { recursive: true });
  return path;
};

describe('the package root', () => {
  it('is the start itself, or the first directory above it that is the package', () => {
    const root = tree('found', { manifest: { name: NAME, version: '1.0.0' } });
    expect(findPackageRoot([root])).toBe(root);
    expect(findPackageRoot([below(root, 'dist', 'src', 'verify')])).toBe(root);
  });

  it('walks past a package.json of another name, one without generated/openapi.json, invalid JSON, null, and generated/openapi.json without a package.json', () => {
    const root = tree('past', { manifest: { name: NAME } });
    const other = tree('past/node_modules/other', { manifest: { name: 'other', dependencies: { [NAME]: '1' } } });
    const noSpec = tree('past/node_modules/other/a', { manifest: { name: NAME }, specFile: false });
    const invalid = tree('past/node_modules/other/a/b', { manifest: `{"name": "${NAME}",` });
    const nullManifest = tree('past/node_modules/other/a/b/c', { manifest: 'null' });
    const bare = tree('past/node_modules/other/a/b/c/d', {});
    for (const start of [other, noSpec, invalid, nullManifest, bare, below(bare, 'e')])
      expect(findPackageRoot([start]), start).toBe(root);
  });

  it('takes the starting points in order: the first that has the package above it', () => {
    const first = tree('first', { manifest: { name: NAME } });
    const second = tree('second', { manifest: { name: NAME } });
    expect(findPackageRoot([below(first, 'bin'), second])).toBe(first);
    expect(findPackageRoot([second, first])).toBe(second);
    const nowhere = below(top, 'nowhere', 'deep');
    expect(findPackageRoot([nowhere, below(second, 'x')])).toBe(second);
  });

  it('none found: an error naming the file, the package and every starting point', () => {
    const lost = tree('lost', { manifest: { name: 'someone-else' } });
    const empty = below(top, 'empty');
    expect(() => findPackageRoot([lost, empty])).toThrow(
      new Error(`cannot find ${join('generated', 'openapi.json')} of ${NAME} above ${lost} or ${empty}`),
    );
    expect(() => findPackageRoot([])).toThrow(
      new Error(`cannot find ${join('generated', 'openapi.json')} of ${NAME} above `),
    );
  });
});

it("this checkout's root, found from the module, and its spec", () => {
  expect(packageRoot).toBe(fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, ''));
  expect(specPath).toBe(join(packageRoot, 'generated', 'openapi.json'));
});
