// The mock as a project that installs the package alone gets it: no Prism, no ajv, nothing but
// the package and openapi-fetch (test/support/package.ts packs and installs it). The package runs
// its own bundle of Prism's pieces (scripts/prism-bundle.js): createMock (ESM and CommonJS, static
// and dynamic answers, a spec of one's own in YAML), mswHandlers (with msw, which a user of MSW has)
// and the api-contract-mock bin.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../support/mock-process.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const { app } = await packedPackage();
const installed = join(app, 'node_modules/@observability/api-contract');
/** This file's own directory in the installed project (other tests use the same install). */
const here = mkdtempSync(join(app, 'no-peer-test-'));
afterAll(() => rmSync(here, { recursive: true, force: true }));

const PUT = `const url = 'https://api.example.test/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration';
const init = {
  method: 'PUT',
  headers: { 'content-type': 'application/json', 'Service-AO-API-Key': 'no-peer-key' },
  body: JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }),
};`;

/** Runs `source` (an ES module unless `.cjs`) in a process of its own in `dir`; its stdout as JSON. */
async function runScript(dir: string, name: string, source: string): Promise<unknown> {
  writeFileSync(join(dir, name), source);
  const { stdout } = await run(process.execPath, [join(dir, name)], { cwd: dir, timeout: 60_000 });
  return JSON.parse(stdout);
}

describe('the package installed alone runs its mock', { timeout: 120_000 }, () => {
  it('has no Prism to find, and its bundle of Prism with the licences of what it holds', () => {
    const fromPackage = createRequire(join(installed, 'package.json'));
    for (const name of ['@stoplight/prism-http', '@stoplight/prism-core', 'ajv', 'msw'])
      expect(() => fromPackage.resolve(name), name).toThrow(/Cannot find module/);
    expect(existsSync(join(installed, 'dist/prism-node/core.cjs'))).toBe(true);
    const licences = readFileSync(join(installed, 'dist/prism-node/LICENSES.txt'), 'utf8');
    expect(licences).toMatch(/^@stoplight\/prism-http@5\.12\.0 \(Apache-2\.0\)$/m);
    expect(licences).toMatch(/^ajv@8\.\d+\.\d+ \(MIT\)$/m);
  });

  it('createMock from ESM: a static answer, a dynamic one, and a spec of its own in YAML', async () => {
    writeFileSync(
      join(here, 'own.yaml'),
      'openapi: 3.1.0\ninfo: { title: own, version: "1" }\npaths:\n  /ping:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { type: object, properties: { pong: { type: boolean } }, required: [pong] }\n              example: { pong: true }\n',
    );
    const result = await runScript(
      here,
      'esm.mjs',
      `import { createMock } from '@observability/api-contract/mock';
${PUT}
const quiet = { write: () => true };
const mock = await createMock({ log: quiet });
const saved = await mock.fetch(url, init);
const dynamic = await createMock({ dynamic: true, seed: 'one', log: quiet });
const drawn = await dynamic.fetch('https://api.example.test/v2/system_users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.org', password: 'pw' }) });
const own = await createMock({ spec: ${JSON.stringify(join(here, 'own.yaml'))}, log: quiet });
const ping = await own.fetch('https://api.example.test/ping');
console.log(JSON.stringify({ saved: [saved.status, (await saved.json()).data.run_mode], drawn: drawn.status, ping: [ping.status, await ping.json()] }));
await Promise.all([mock.close(), dynamic.close(), own.close()]);
`,
    );
    expect(result).toEqual({ saved: [200, 'SCHEDULED'], drawn: 200, ping: [200, { pong: true }] });
  });

  it('createMock from CommonJS', async () => {
    const result = await runScript(
      here,
      'cjs.cjs',
      `const { createMock } = require('@observability/api-contract/mock');
${PUT}
(async () => {
  const mock = await createMock({ log: { write: () => true } });
  const saved = await mock.fetch(url, init);
  console.log(JSON.stringify([saved.status, (await saved.json()).data.run_mode]));
  await mock.close();
})();
`,
    );
    expect(result).toEqual([200, 'SCHEDULED']);
  });

  it('mswHandlers under setupServer, with msw and nothing else beside the package', async () => {
    // A copy of the install in a project of its own, msw linked from this repository's node_modules
    // (the version the lock pins), so the shared install stays as npm made it.
    const project = join(here, 'with-msw');
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, '@observability'), { recursive: true });
    for (const name of ['@observability/api-contract', 'openapi-fetch', 'openapi-typescript-helpers'])
      cpSync(join(app, 'node_modules', name), join(modules, name), { recursive: true, dereference: true });
    symlinkSync(fileURLToPath(new URL('../../node_modules/msw', import.meta.url)), join(modules, 'msw'), 'dir');
    writeFileSync(join(project, 'package.json'), '{"type":"module"}\n');
    const result = await runScript(
      project,
      'msw.mjs',
      `import { setupServer } from 'msw/node';
import { mswHandlers } from '@observability/api-contract/msw';
${PUT}
const server = setupServer(...mswHandlers('https://api.example.test'));
server.listen({ onUnhandledRequest: 'error' });
const saved = await fetch(url, init);
console.log(JSON.stringify([saved.status, (await saved.json()).data.run_mode]));
server.close();
`,
    );
    expect(result).toEqual([200, 'SCHEDULED']);
  });

  it('the api-contract-mock bin starts and answers', async () => {
    expect(existsSync(join(app, 'node_modules/.bin/api-contract-mock'))).toBe(true);
    const mock = await startMock({ script: join(installed, 'dist/src/mock/cli.js') });
    try {
      const saved = await fetch(
        `${mock.baseUrl}/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'Service-AO-API-Key': 'no-peer-key' },
          body: JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }),
        },
      );
      expect([saved.status, ((await saved.json()) as { data: { run_mode: string } }).data.run_mode]).toEqual([
        200,
        'SCHEDULED',
      ]);
    } finally {
      await mock.stop();
    }
  });
});
