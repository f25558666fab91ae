// generated/ is derived from openapi/ (scripts/build.js): the committed files must be exactly what
// the build derives now. `npm run check` runs the same comparison on its own; `npm test` runs it
// here, beside the other files, instead of before them.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('generated/ is what scripts/build.js derives from openapi/ (npm run check)', async () => {
  const result = await promisify(execFile)(process.execPath, ['scripts/build.js', '--check'], { cwd: root }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toMatch(
    /^generated\/ matches openapi\/ \(openapi\.json, openapi\.yaml, schema\.d\.ts, security\.ts, embedded\.ts\)\./,
  );
});
