// The package's entry point (src/index.ts): what `import { … } from '@observability/api-contract'`
// gets is the client module's every export, each the same binding (test/packed/ imports the built
// package, ESM and CommonJS).
import { expect, it } from 'vitest';
import * as client from '../../src/client/index.js';
import * as entry from '../../src/index.js';

it("exports the client module's every export, and nothing else", () => {
  expect(Object.keys(entry).sort()).toEqual(Object.keys(client).sort());
  for (const [name, value] of Object.entries(client)) expect(entry[name as keyof typeof entry]).toBe(value);
  expect(typeof entry.createApiClient).toBe('function');
});
