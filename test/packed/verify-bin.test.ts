// The api-contract-verify command as a user gets it: the packed package installed into an empty
// project (test/support/package.ts), run through npm's bin link. Without its optional peers it says
// what to install; with them it verifies the mock.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mockBaseUrl } from '../support/contract.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const { app } = await packedPackage();
const bin = join(app, 'node_modules', '.bin', 'api-contract-verify');
const env = {
  ...process.env,
  API_CONTRACT_API_KEY: 'bin-test-key-51aa',
  API_CONTRACT_CLASSIC_API_KEY: 'bin-test-classic-key-0c3e',
};

async function verify(args: string[], command = bin): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: app, env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('the installed bin', () => {
  it('is linked by npm and answers --help, naming the peers to install', async () => {
    expect(existsSync(bin)).toBe(true);
    const { code, stdout } = await verify(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: api-contract-verify --base-url URL/);
    expect(stdout).toContain('\n  npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1 fast-check@4.10.2\n');
  });

  it('without its optional peers, exits 2 and says what to install', async () => {
    const { code, stderr } = await verify(['--base-url', mockBaseUrl(), '--dry-run']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'api-contract-verify: the verifier needs ajv, ajv-formats and fast-check, optional peer dependencies that are not installed: npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1 fast-check@4.10.2\n',
    );
  });

  it('with them, verifies the mock and exits 0', async () => {
    // A copy of the installed package in a project of its own, with the three peers linked from this
    // repository's node_modules (the versions the lock pins), so the shared install stays as npm made it.
    const project = mkdtempSync(join(tmpdir(), 'verify-bin-'));
    try {
      const modules = join(project, 'node_modules');
      mkdirSync(join(modules, '@observability'), { recursive: true });
      for (const name of ['@observability/api-contract', 'openapi-fetch'])
        cpSync(join(app, 'node_modules', name), join(modules, name), { recursive: true, dereference: true });
      const repoModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
      for (const peer of ['ajv', 'ajv-formats', 'fast-check'])
        symlinkSync(join(repoModules, peer), join(modules, peer), 'dir');
      const script = join(modules, '@observability', 'api-contract', 'dist', 'src', 'verify', 'bin.js');
      const { code, stdout, stderr } = await verify(
        ['--base-url', mockBaseUrl(), '--requests', '5', '--seed', '3'],
        script,
      );
      expect(stderr).toMatch(/Every operation of this API writes/);
      expect(stdout).toMatch(/CONFORMS: [\d,]+ requests to 7 operations, no failure\./);
      expect(code).toBe(0);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
