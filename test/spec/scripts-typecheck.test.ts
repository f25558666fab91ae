// scripts/ is the tooling of this repository: plain JavaScript that runs on Node without a build
// step, type-checked from its JSDoc with strict on (tsconfig.scripts.json; `npm run typecheck` runs
// it too). A type error there fails the run, as one in src/ or test/ fails vitest's typecheck.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('tsc -p tsconfig.scripts.json: scripts/ type-checks under strict', async () => {
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.scripts.json', '--pretty', 'false'],
      { cwd: root },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
  expect(output).toBe('');
  expect(code).toBe(0);
}, 120_000);
