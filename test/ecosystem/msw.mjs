// The mock as front-end and client teams use it: an empty project installs the packed
// package (the tarball given as the argument) with vitest and msw, and runs the
// MSW scenario (./msw/, its rehearsed failures included) through the package's own entry points, and
// the bin's scenarios over HTTP (./msw/http-scenarios.test.ts). Both lines users have: MSW 2 on
// Node 20.19 (the engines floor) and MSW 3 (the registry's latest, Node 22.12+) on Node 24.
import { copyFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, nodes, npmInstall, report, run, tail, tempDir } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node msw.mjs <package tarball>');

const REQUIRED = `
const { createMock } = require('@observability/api-contract/mock');
const { mswHandlers } = require('@observability/api-contract/msw');
createMock().then(async (mock) => {
  const response = await mock.fetch('https://api.example.test/v2/system_users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.org"}' });
  console.log(response.status, mswHandlers('https://api.example.test', mock).length);
});`;
const checks = report('the mock in-process with MSW (packed package)');
for (const [label, msw, [version, node]] of [
  ['MSW 2', 'msw@2', nodes[0]],
  ['MSW 3', 'msw@3', nodes[2]],
]) {
  const app = tempDir('msw');
  try {
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'front-end-tests', private: true, type: 'module' }),
    );
    const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}` };
    const installed = npmInstall(app, env, [tarball, msw, 'vitest@4']);
    checks.result(`${label} on Node ${version}: install`, installed.ok, installed.ok ? '' : tail(installed.output));
    if (!installed.ok) continue;
    for (const file of readdirSync(join(here, 'msw'))) copyFileSync(join(here, 'msw', file), join(app, file));
    const tested = run(node, [join(app, 'node_modules/vitest/vitest.mjs'), 'run', '--root', app], {
      cwd: app,
      env: { ...env, CI: '1' },
    });
    const passed = /Tests\s+\d+ passed/.test(tested.output.replace(/\u001b\[[0-9;]*m/g, ''));
    checks.result(
      `${label} on Node ${version}: mswHandlers + createApiClient on the seven operations, scenarios through MSW and over HTTP`,
      tested.ok && passed,
      tested.ok && passed ? '' : tail(tested.output, 60),
    );
    // A CommonJS test file (Jest's kind) requires the mock and msw's handlers.
    const required = run(node, ['-e', REQUIRED], { cwd: app, env });
    checks.result(
      `${label} on Node ${version}: require() of ./mock and ./msw`,
      required.ok && required.stdout.trim() === '200 1',
      required.ok ? required.stdout.trim() : tail(required.output),
    );
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
checks.finish();
