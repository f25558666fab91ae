// The api-contract-coverage command as a user gets it: the packed package installed into an empty
// project without any optional peer (test/support/package.ts), run through npm's bin link. It needs
// no Prism: it only reads the records mocks wrote.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock/index.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const { app } = await packedPackage();
const bin = join(app, 'node_modules', '.bin', 'api-contract-coverage');

async function coverage(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(bin, args, { cwd: app, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('the installed api-contract-coverage', () => {
  it('is linked by npm and merges records without Prism installed', async () => {
    expect(existsSync(bin)).toBe(true);
    expect(existsSync(join(app, 'node_modules', '@stoplight', 'prism-http'))).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'coverage-bin-'));
    try {
      const mock = await createMock({ coverage: dir, log: { write: () => true } });
      await mock.fetch('https://api.example.test/v2/system_users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.org' }),
      });
      await mock.close();
      const { code, stdout } = await coverage([dir, '--require', 'createOrVerifyUser:200']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^createOrVerifyUser\s+1\s+200 ×1\s+422\s/m);
      writeFileSync(join(dir, 'broken.json'), '{');
      const broken = await coverage([dir]);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toMatch(/^api-contract-coverage: .*broken\.json is not JSON: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
