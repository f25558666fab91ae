// Shared by the checks of this folder: running a command, the Node binaries of the matrix, and
// one PASS/FAIL line per check (LIMIT for a known limit of a tool, which is no failure).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const bin = (name) => join(here, 'node_modules', '.bin', name);
/**
 * TypeScript's compiler, run with `node` by its path so that it does not depend on the shell's PATH
 * (node_modules/.bin/tsc may be either version: both packages name their bin `tsc`).
 */
export const tsc = join(here, 'node_modules/typescript/bin/tsc');
/** TypeScript 7, the native compiler (package.json: the alias typescript7), run the same way. */
export const tsc7 = join(here, 'node_modules/typescript7/bin/tsc');

/** The Node versions a consumer may run: the engines floor and the two newer lines, from the npm registry's `node` package. */
export const nodes = [
  ['20.19', join(here, 'node_modules/node20/bin/node')],
  ['22', join(here, 'node_modules/node22/bin/node')],
  ['24', join(here, 'node_modules/node24/bin/node')],
];
/** The tools (generators, swagger-parser) need Node 22.18 or later; they run on the newest line. */
export const toolNode = nodes[2][1];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
    ...options,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, status: result.status, stdout: result.stdout ?? '', output };
}

/** `npm install` of `packages` into `cwd`, with `env`: quiet, from the cache first, no install scripts. */
export const npmInstall = (cwd, env, packages) =>
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', ...packages],
    {
      cwd,
      env,
    },
  );

/**
 * Installs the tarball (which carries its own Prism) and `tools` into the empty project `app`, with `node` (and
 * its npm) first on the PATH, and reports it as one case of `checks`; returns the environment to run
 * the project's commands with.
 */
export function installConsumer(app, node, tarball, tools, checks) {
  const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}`, CI: '1' };
  const installed = npmInstall(app, env, [tarball, ...tools]);
  checks.result(
    `install of the package, ${tools.join(', ')}`,
    installed.ok,
    installed.ok ? '' : tail(installed.output),
  );
  return { env, ok: installed.ok };
}

export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), `ecosystem-${prefix}-`));

/** Collects the results of one check file and prints one line per case; exits 1 when any failed. */
export function report(title) {
  const failures = [];
  const limits = [];
  console.log(`\n== ${title}`);
  return {
    result(name, ok, detail = '') {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
      if (!ok) failures.push(name);
    },
    /** A case the tool refuses by design (its documentation says so): printed, not a failure. */
    limit(name, detail) {
      console.log(`LIMIT ${name}: ${detail}`);
      limits.push(name);
    },
    finish() {
      const known = limits.length
        ? ` (${limits.length} known limit${limits.length === 1 ? '' : 's'}: ${limits.join(', ')})`
        : '';
      console.log(
        failures.length
          ? `== ${title}: ${failures.length} FAILED (${failures.join(', ')})${known}`
          : `== ${title}: all passed${known}`,
      );
      process.exitCode = failures.length ? 1 : 0;
    },
  };
}

/** The tail of a tool's output, for a failure line. */
export const tail = (text, lines = 25) => `\n${text.trim().split('\n').slice(-lines).join('\n')}`;
