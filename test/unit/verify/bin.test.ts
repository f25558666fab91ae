// The api-contract-verify bin (src/verify/bin.ts) imported in-process with process.argv, stdout and
// stderr in hand: it runs main() on the process's arguments and environment, sets the exit code,
// and reports an internal error with exit code 2 instead of an unhandled rejection.
// (test/packed/verify-bin.test.ts runs the packed bin as a process.)
import { afterEach, expect, it, vi } from 'vitest';
import { restoreProcess, runBinFile } from '../../support/bin-run.js';
import { json, startServer } from '../../support/verify-server.js';

afterEach(restoreProcess);

/** Imports the bin afresh with `args`, and returns what it wrote and its exit code. */
const runBin = (args: string[], stdout?: (text: string) => void) =>
  runBinFile(new URL('../../../src/verify/bin.ts', import.meta.url).pathname, 'api-contract-verify', args, stdout);

it('runs main() on the process arguments and sets the exit code', async () => {
  const help = await runBin(['--help']);
  expect(help.out.startsWith('usage: api-contract-verify')).toBe(true);
  expect(help.err).toBe('');
  expect(help.code).toBe(0);
  const usage = await runBin(['--nope']);
  expect(usage.out).toBe('');
  expect(usage.err.startsWith("api-contract-verify: Unknown option '--nope'")).toBe(true);
  expect(usage.code).toBe(2);
});

it('an internal error: its stack on stderr, exit code 2', async () => {
  const failed = await runBin(['--help'], () => {
    throw new TypeError('stdout is gone');
  });
  expect(failed.err.startsWith('api-contract-verify: internal error: TypeError: stdout is gone\n    at ')).toBe(true);
  expect(failed.code).toBe(2);
  const thrown = await runBin(['--help'], () => {
    throw 'a string';
  });
  expect(thrown.err).toBe('api-contract-verify: internal error: a string\n');
  const noStack = await runBin(['--help'], () => {
    const error = new Error('no stack here');
    error.stack = undefined;
    throw error;
  });
  expect(noStack.err).toBe('api-contract-verify: internal error: no stack here\n');
});

it('reads the environment for credentials, and draws progress only on a terminal', async () => {
  vi.stubEnv('API_CONTRACT_BASIC_AUTH', 'no-colon');
  try {
    const bad = await runBin(['--base-url', 'http://127.0.0.1:9', '--dry-run']);
    expect(bad.err.startsWith('api-contract-verify: API_CONTRACT_BASIC_AUTH must be "username:password"')).toBe(true);
    expect(bad.code).toBe(2);
  } finally {
    vi.unstubAllEnvs();
  }
  const server = await startServer();
  server.handle((_, response) => json(response, 200, { access_token: 't', token_type: 'bearer' }));
  try {
    const args = ['--base-url', server.baseUrl, '--operations', 'loginSocial', '--requests', '1', '--seed', '1'];
    process.stderr.isTTY = true;
    const terminal = await runBin(args);
    expect(terminal.err).toMatch(/\r\x1b\[K(\d+)\/\1 requests\r\x1b\[K$/);
    process.stderr.isTTY = false;
    const piped = await runBin(args);
    expect(piped.err).not.toContain('\r');
    expect(piped.code).toBe(1);
  } finally {
    await server.close();
  }
});
