// The `api-contract-coverage` bin (src/mock/coverage-cli.ts, its main called with argv in hand), on
// records real mocks wrote (test/support/coverage-records.ts): its usage, and every bad option or
// folder an exit 2 with a clear message, never a stack. What the report says:
// test/unit/mock/control/coverage-report.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/mock/coverage-cli.js';
import { cli, useCoverageRecords } from '../../support/coverage-records.js';

const given = useCoverageRecords();

describe('api-contract-coverage: bad input is exit 2 with a clear message, never a stack', () => {
  it.each([
    [['--min-statuses', '120'], /--min-statuses must be a percentage from 0 to 100, got "120"/],
    [['--min-operations', 'half'], /--min-operations must be a percentage/],
    [['--require', 'logTraces:abc'], /"abc" is neither an HTTP status/],
    [['--require', 'log traces'], /--require must be OPERATION or OPERATION:ITEM,ITEM/],
    [
      ['--require', 'noSuchOperation:200'],
      /--require noSuchOperation: the spec has no such operation \(it has .*logTraces/,
    ],
    [['--min-statuses', '100.5'], /--min-statuses must be a percentage from 0 to 100, got "100.5"/],
    [['--min-statuses', '50.'], /--min-statuses must be a percentage/],
    [['--min-statuses', 'x50'], /--min-statuses must be a percentage/],
    [['--min-statuses', '50x'], /--min-statuses must be a percentage/],
    [['--min-operations', '5.x'], /--min-operations must be a percentage/],
    [['--json', '--markdown'], /--json and --markdown exclude each other/],
    [['--unknown'], /Unknown option '--unknown'/],
    [['another-dir'], /one DIR is needed, got 2/],
  ])('%j', async (argv, message) => {
    const { code, stderr, stdout } = await cli(given.records, ...argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('no DIR: the usage', async () => {
    const { code, stderr } = await cli();
    expect(code).toBe(2);
    expect(stderr).toContain('one DIR is needed, got 0');
    expect(stderr).toContain('usage: api-contract-coverage DIR');
  });

  it('--help: the usage on stdout, exit 0', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--require OP:ITEMS');
  });

  it('a missing DIR, an empty one, a file that is not JSON, one that is not a record', async () => {
    const missing = await cli(join(given.root, 'missing'));
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining('does not exist: no mock wrote a record there'),
    ]);
    const empty = join(given.root, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'not a record');
    expect(await cli(empty)).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('holds no record (*.json)'),
    });
    const corrupt = given.copyOf('corrupt');
    writeFileSync(join(corrupt, 'cut.json'), '{"format": "api-contract-cov');
    expect((await cli(corrupt)).stderr).toMatch(/cut\.json is not JSON: /);
    const other = given.copyOf('other');
    writeFileSync(join(other, 'other.json'), JSON.stringify({ format: 'something else' }));
    expect((await cli(other)).stderr).toMatch(
      /other\.json is not a coverage record: format: must be "api-contract-coverage\/1"/,
    );
  });

  it('a DIR that is a file: cannot read it, with the reason; a bad record is no usage error: no usage printed', async () => {
    const file = join(given.root, 'a-file.json');
    writeFileSync(file, '{}');
    const notDir = await cli(file);
    expect([notDir.code, notDir.stderr]).toEqual([
      2,
      expect.stringMatching(/^api-contract-coverage: cannot read .*a-file\.json: ENOTDIR/),
    ]);
    expect(notDir.stderr).not.toContain('usage:');
  });

  it('the percentages 0 and 100 and a fraction are thresholds; an internal failure is no exit code: it is thrown', async () => {
    expect((await cli(given.records, '--min-statuses', '0', '--min-operations', '28.5')).code).toBe(0);
    expect((await cli(given.records, '--min-operations', '100')).code).toBe(1);
    const failing = main([given.records], {
      stdout: () => {
        throw new TypeError('stdout is gone');
      },
      stderr: () => undefined,
    });
    await expect(failing).rejects.toThrow('stdout is gone');
  });
});
