// Jest 30, the CommonJS test runner: an empty CommonJS project installs the packed package (the
// tarball given as the argument) with msw@2, jest@30 and the Babel plugin that
// ./jest/jest.config.cjs names (once, with Node 20.19's npm: nothing installed depends on the Node
// version), and runs ./jest/api.test.cjs (require() of ./mock and ./msw, MSW's setupServer, one call
// through fetch) on Node 20.19 (the engines floor) and Node 24. Without configuration it fails: MSW 2
// requires packages that ship only ES modules, which Jest's CommonJS runtime does not load. The check
// asserts that failure (so that docs/setups.md learns when it stops), then the two configurations
// docs/setups.md gives: Babel turning those packages into CommonJS (./jest/jest.config.cjs, every
// Node), and Node's --experimental-vm-modules, with which Jest on Node 24.9+ loads them as they are.
// In the jsdom environment: Jest's own (jest-environment-jsdom) loads the client (./jest/client.test.cjs),
// and jest-fixed-jsdom, the configuration docs/setups.md gives, runs the same MSW test
// (./jest/jest.jsdom.config.cjs).
import { copyFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, installConsumer, nodes, report, run, tail, tempDir } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node jest.mjs <package tarball>');

const tools = [
  'msw@2',
  'jest@30',
  '@babel/plugin-transform-modules-commonjs@7',
  'jest-environment-jsdom@30',
  'jest-fixed-jsdom@0.0.11',
];
/** What Jest prints when a test file require()s an ES module it was not told to transform. */
const KNOWN = /Must use import to load ES Module: \S*\/node_modules\/rettime\//;

const checks = report('Jest 30 with ./mock and ./msw (packed package)');
const app = tempDir('jest');
try {
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'jest-tests', private: true }));
  const [, floor] = nodes[0];
  const { env, ok } = installConsumer(app, floor, tarball, tools, checks);
  if (ok) {
    for (const file of readdirSync(join(here, 'jest'))) copyFileSync(join(here, 'jest', file), join(app, file));
    const jest = (node, nodeFlags, config, file = 'api.test.cjs') => {
      const result = run(
        node,
        [
          ...nodeFlags,
          join(app, 'node_modules/jest/bin/jest.js'),
          '--ci',
          '--no-cache',
          '--config',
          config,
          '--testMatch',
          `**/${file}`,
        ],
        { cwd: app, env },
      );
      const output = result.output.replace(/\u001b\[[0-9;]*m/g, '');
      return { ...result, output, passed: result.ok && /Tests:\s+1 passed, 1 total/.test(output) };
    };
    for (const [version, node] of [nodes[0], nodes[2]]) {
      const bare = jest(node, [], '{}');
      checks.result(
        `Node ${version}, no configuration: fails as known (MSW's ES-module-only dependencies)`,
        !bare.ok && KNOWN.test(bare.output),
        bare.ok
          ? 'it passes now: docs/setups.md says it fails, update it'
          : KNOWN.test(bare.output)
            ? ''
            : tail(bare.output, 40),
      );
      const babel = jest(node, [], 'jest.config.cjs');
      checks.result(
        `Node ${version}, jest.config.cjs (Babel for three packages): require() of ./mock and ./msw, setupServer, a 200`,
        babel.passed,
        babel.passed ? '' : tail(babel.output, 40),
      );
      const plain = jest(node, [], 'jest.plain-jsdom.config.cjs', 'client.test.cjs');
      checks.result(
        `Node ${version}, Jest's own jsdom environment: the client loads and is made (nothing it needs when it loads is missing)`,
        plain.passed,
        plain.passed ? '' : tail(plain.output, 40),
      );
      const jsdom = jest(node, [], 'jest.jsdom.config.cjs');
      checks.result(
        `Node ${version}, jsdom with jest-fixed-jsdom (jest.jsdom.config.cjs): require() of ./mock and ./msw, setupServer, a 200`,
        jsdom.passed,
        jsdom.passed ? '' : tail(jsdom.output, 40),
      );
    }
    const [version, newest] = nodes[2];
    const vm = jest(newest, ['--experimental-vm-modules'], '{}');
    checks.result(
      `Node ${version}, --experimental-vm-modules and no configuration: the same test`,
      vm.passed,
      vm.passed ? '' : tail(vm.output, 40),
    );
  }
} finally {
  rmSync(app, { recursive: true, force: true });
}
checks.finish();
