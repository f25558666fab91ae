// The api-contract-coverage bin (src/mock/coverage-bin.ts) imported in-process with process.argv,
// stdout and stderr in hand: it runs the command's main (src/mock/coverage-cli.ts, whose cases are in
// coverage-cli.test.ts) on the process's arguments and sets the exit code.
// (test/packed/ runs the packed bins as processes.)
import { afterEach, expect, it } from 'vitest';
import { restoreProcess, runBinFile } from '../../support/bin-run.js';

afterEach(restoreProcess);

const runBin = (args: string[]) =>
  runBinFile(new URL('../../../src/mock/coverage-bin.ts', import.meta.url).pathname, 'api-contract-coverage', args);

it('runs the command on the process arguments: its usage with exit 0, a folder that is not there exit 2', async () => {
  const help = await runBin(['--help']);
  expect([help.out.startsWith('usage: api-contract-coverage DIR'), help.err, help.code]).toEqual([true, '', 0]);
  const missing = await runBin(['/nonexistent/coverage-records']);
  expect(missing.out).toBe('');
  expect(missing.err).toMatch(/^api-contract-coverage: .*\/nonexistent\/coverage-records/);
  expect(missing.code).toBe(2);
});
