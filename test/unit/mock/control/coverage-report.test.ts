// What the coverage report says (src/mock/control/coverage-report.ts), printed by the
// `api-contract-coverage` bin from records real mocks wrote (test/support/coverage-records.ts): merged,
// as text, JSON and Markdown, the thresholds failing with exit 1 and what was never exercised, and a
// record that is not one, or of another spec, refused with a message naming it.
// The bin's own arguments and folders: test/unit/mock/coverage-cli.test.ts.
import type { CoverageReport } from '../../../../src/mock/index.js';
import { describe, expect, it } from 'vitest';
import { cli, useCoverageRecords } from '../../../support/coverage-records.js';

const given = useCoverageRecords();

describe('api-contract-coverage DIR: the merged report', () => {
  it('--json: the records merged, counts summed, what was received at least once joined', async () => {
    const { code, stdout } = await cli(given.records, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as CoverageReport;
    expect(report.records).toBe(2);
    expect(report.session).toBe('all');
    expect(report.summary.operations).toEqual({ covered: 2, total: 7 });
    const logTraces = report.operations.find((o) => o.operationId === 'logTraces');
    expect(logTraces?.requests).toBe(4);
    expect(logTraces?.statuses.map((s) => [s.status, s.answered, s.rehearsed])).toEqual([
      [200, 2, 0],
      [422, 1, 0],
      [401, 0, 0],
      [503, 1, 1],
    ]);
    const ok = logTraces?.statuses[0]?.properties.filter((p) => p.received).map((p) => p.path);
    expect(ok).toContain('trace_ids'); // the second record's
    expect(ok).toContain('project_id');
    const sent = logTraces?.parameters.filter((p) => p.sent).map((p) => p.name);
    expect(sent).toEqual(['project_id', 'traces', 'traces[*].type', 'traces[*].name', 'include_trace_ids']);
    expect(report.refused).toEqual({
      total: 1,
      statuses: [{ status: 404, count: 1 }],
      requests: [{ method: 'GET', path: '/v2/nowhere', status: 404, count: 1 }],
      unlisted: 0,
    });
  });

  it('the terminal table: the levels, then one row per operation', async () => {
    const { code, stdout, stderr } = await cli(given.records);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^API contract coverage of .+: 2 records; 2 of 7 operations called\n/);
    expect(stdout).toMatch(/^operations\s+2\s+7\s+28\.6$/m);
    expect(stdout).toMatch(/^status code classes\s+3\s+14\s+21\.4$/m);
    expect(stdout).toMatch(
      /^logTraces\s+4\s+200 ×2, 422 ×1, 503 ×1 \(not documented\)\s+401\s+503 ×1\s+5\/30\s+200: \d+\/10, 422: \d+\/6$/m,
    );
    expect(stdout).toMatch(/^createOrVerifyUser\s+1\s+200 ×1\s+422\s+-\s+1\/5\s+200: 7\/10, 422: 0\/6$/m);
    expect(stdout).toMatch(/^putSignalsConfiguration\s+0\s+-\s+200, 422, 401\s+-\s+0\//m);
    expect(stdout).toMatch(/^Refused before any operation matched: 1 \(404 ×1\)$/m);
  });

  it("--markdown: two tables whose rows all have their header row's cells", async () => {
    const { code, stdout } = await cli(given.records, '--markdown');
    expect(code).toBe(0);
    const tables = stdout.split('\n\n').filter((block) => block.startsWith('|'));
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      const rows = table.split('\n');
      const cells = (row: string) => row.split(/(?<!\\)\|/).length;
      expect(rows[1]).toMatch(/^\| (---:?)( \| ---:?)* \|$/);
      expect(rows.every((row) => cells(row) === cells(rows[0] as string))).toBe(true);
    }
    expect(tables[1]).toContain('| logTraces | 4 | 200 ×2, 422 ×1, 503 ×1 (not documented) | 401 | 503 ×1 |');
    expect(tables[1]?.split('\n')).toHaveLength(2 + 7);
  });
});

describe('api-contract-coverage: thresholds', () => {
  it('pass: exit 0', async () => {
    const { code, stderr } = await cli(
      given.records,
      '--min-operations',
      '28',
      '--min-statuses',
      '15',
      '--require',
      'logTraces:200,503',
    );
    expect([code, stderr]).toEqual([0, '']);
  });

  it('--min-operations and --min-statuses fail with exit 1 and the list of what was never exercised', async () => {
    const { code, stderr, stdout } = await cli(given.records, '--min-operations', '50', '--min-statuses', '30');
    expect(code).toBe(1);
    expect(stdout).toContain('API contract coverage'); // the report is still printed
    expect(stderr).toContain('operations: 28.6% (2 of 7) is under --min-operations 50');
    expect(stderr).toContain('statuses: 15.8% (3 of 19) is under --min-statuses 30');
    expect(stderr).toContain('Never exercised:');
    expect(stderr).toContain('  logTraces: never answered 401\n');
    expect(stderr).toContain('  createOrVerifyUser: never answered 422\n');
    expect(stderr).toContain(
      '  putSignalsConfiguration (PUT /v2/projects/{project_id}/runs/{run_id}/signals/configuration): never called\n',
    );
  });

  it("--require 'logTraces:503,429,reset' names each status and fault never seen", async () => {
    const { code, stderr } = await cli(
      given.records,
      '--require',
      'logTraces:503,429,reset',
      '--require',
      'loginSocial',
    );
    expect(code).toBe(1);
    const failed = stderr.slice(0, stderr.indexOf('Never exercised:'));
    expect(failed).toBe(
      'api-contract-coverage: FAILED\n  logTraces: never answered 429\n  logTraces: never rehearsed reset\n  loginSocial: never called\n',
    );
  });
});

describe('api-contract-coverage: a record that is not one, or of another spec, is exit 2 naming it', () => {
  it.each([
    [
      'a count that is not a whole number',
      (r: Record<string, unknown>) => ((r.operations as { requests: unknown }[])[0]!.requests = -1),
      /operations\[0\]\.requests: must be a whole number/,
    ],
    [
      'a status that is not one',
      (r: Record<string, unknown>) => ((r.refused as { statuses: unknown[] }).statuses = [{ status: 999, count: 1 }]),
      /refused\.statuses\[0\]\.status: must be an HTTP status/,
    ],
    ['no operations', (r: Record<string, unknown>) => delete r.operations, /operations: must be a list/],
  ])('a record with %s names the field', async (name, edit, message) => {
    const { code, stderr } = await cli(given.copyOf(name.replace(/\W/g, '-'), edit));
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('records of another spec are not merged', async () => {
    let first = true;
    const dir = given.copyOf('two-specs', (record) => {
      if (first) (record.spec as { version: string }).version = '9.9.9';
      first = false;
    });
    const { code, stderr } = await cli(dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/record 2 is of another spec than record 1 .*merge the records of one spec/);
  });
});
