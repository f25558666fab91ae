// The mock's host under Node (src/mock/host.ts): what its doors (./index.ts, ./server.ts) hand the
// pipeline. Prism's pieces as installed, a file's text read from disk, the log on stdout. The
// module is imported afresh by each test (vi.resetModules), as a process that starts the mock does.
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it, vi } from 'vitest';

const nodeHostFresh = async () => (await import('../../../src/mock/host.js')).nodeHost;

beforeEach(() => {
  vi.resetModules();
});

it("gives Prism's installed pieces, a file's text as UTF-8, and stdout for the log", async () => {
  const host = (await nodeHostFresh())();
  expect(typeof host.prism.createLogger).toBe('function');
  const path = 'openapi/openapi.yaml';
  const text = host.readFile(path);
  expect(typeof text).toBe('string');
  expect(text).toBe(readFileSync(path, 'utf8'));
  expect(text.startsWith('openapi:')).toBe(true);
  expect(host.log).toBe(process.stdout);
});

it('throws when the file is not there', async () => {
  const host = (await nodeHostFresh())();
  expect(() => host.readFile('openapi/no-such-file.yaml')).toThrow(/ENOENT/);
});
