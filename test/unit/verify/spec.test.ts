// The contract the verifier reads (src/verify/spec.ts): this package's generated/openapi.json, read
// once at load, and the peers its package.json names.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { peerDependencies, spec, specPath } from '../../../src/verify/spec.js';

const root = new URL('../../../', import.meta.url);

it("is this package's generated/openapi.json, as the file has it", () => {
  expect(specPath).toBe(new URL('generated/openapi.json', root).pathname);
  expect(spec).toEqual(JSON.parse(readFileSync(new URL('generated/openapi.json', root), 'utf8')));
  expect(spec.openapi).toBe('3.1.0');
  expect(Object.keys(spec.paths).length).toBeGreaterThan(0);
});

it("names the peers of this package's package.json, with their ranges", () => {
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    peerDependencies: Record<string, string>;
  };
  expect(peerDependencies).toEqual(manifest.peerDependencies);
  expect(Object.keys(peerDependencies).length).toBeGreaterThan(0);
});
