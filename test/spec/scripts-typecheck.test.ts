// scripts/ is the tooling of this repository: plain JavaScript that runs on Node without a build
// step, type-checked from its JSDoc with strict on (tsconfig.scripts.json; `npm run typecheck` runs
// it too). A type error there fails the run, as one in src/ or test/ fails vitest's typecheck, and
// so does a script that tsconfig.scripts.json does not check.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `tsc -p tsconfig.scripts.json` with more arguments: its exit code and output. */
const tsc = (...args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.scripts.json', '--pretty', 'false', ...args],
      { cwd: root },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });

it('tsc -p tsconfig.scripts.json: scripts/ type-checks under strict', async () => {
  const { code, output } = await tsc();
  expect(output).toBe('');
  expect(code).toBe(0);
}, 120_000);

it('every JavaScript file of scripts/ (.js, .cjs, .mjs) is one that tsconfig.scripts.json checks', async () => {
  const scripts = readdirSync(join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.[cm]?js$/.test(file))
    .map((file) => `scripts/${file}`)
    .sort();
  expect(scripts).toContain('scripts/prism-node-load.cjs');
  const { code, output } = await tsc('--listFilesOnly');
  expect(code).toBe(0);
  const checked = new Set(output.split('\n').map((file) => relative(root, file)));
  expect(scripts.filter((file) => !checked.has(file))).toEqual([]);
}, 120_000);
