// api-contract-verify without its optional peer dependencies (ajv, ajv-formats, fast-check): the
// verifier's modules fail to load, and main() exits 2 naming the packages to install instead of
// crashing. main() is given a loader that fails as Node's would.
import { expect, it } from 'vitest';
import { main } from '../../src/verify/cli.js';

async function runFailingLoad(error: unknown) {
  let stderr = '';
  const code = main(['--base-url', 'http://127.0.0.1:9', '--dry-run'], { env: {}, stdout: () => undefined, stderr: (t) => (stderr += t), isTTY: false }, () => Promise.reject(error));
  return { code, stderr: () => stderr };
}

it('a missing peer: exit 2, the loader\'s first line and what to install', async () => {
  for (const code of ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']) {
    const run = await runFailingLoad(Object.assign(new Error("Cannot find package 'fast-check' imported from /x/generate.js\nDid you mean …"), { code }));
    expect(await run.code).toBe(2);
    expect(run.stderr()).toBe(
      "api-contract-verify: Cannot find package 'fast-check' imported from /x/generate.js\nThe verifier needs its optional peer dependencies: npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1 fast-check@4.10.2\n",
    );
  }
});

it('any other loading error is not taken for a missing peer', async () => {
  const run = await runFailingLoad(Object.assign(new Error('boom'), { code: 'ERR_OTHER' }));
  await expect(run.code).rejects.toThrow('boom');
  const bare = await runFailingLoad(new Error('no code'));
  await expect(bare.code).rejects.toThrow('no code');
});

it('usage errors and the loopback refusal come before anything is loaded', async () => {
  let loaded = false;
  const load = () => {
    loaded = true;
    return Promise.reject(new Error('not expected'));
  };
  const io = { env: {}, stdout: () => undefined, stderr: () => undefined, isTTY: false };
  expect(await main([], io, load)).toBe(2);
  expect(await main(['--base-url', 'http://example.com'], io, load)).toBe(2);
  expect(loaded).toBe(false);
});
