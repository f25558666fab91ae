// The `api-contract-coverage` bin (src/mock/coverage-cli.ts, its main called with argv in hand) on
// records real mocks wrote: merged, printed as text, JSON and Markdown, the thresholds failing
// with exit 1 and what was never exercised, and every bad input an exit 2 with a clear message.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageReport } from '../../../../src/mock/index.js';
import { main } from '../../../../src/mock/coverage-cli.js';
import { createTestMock } from '../../../support/in-process.js';

const PROJECT = '6f1c2a1e-0000-4000-8000-000000000001';
const TRACES = `https://api.example.test/v2/projects/${PROJECT}/traces`;
const USERS = 'https://api.example.test/v2/system_users';
const post = (body: unknown, headers: Record<string, string> = { 'Service-AO-API-Key': 'k' }) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const TRACE = { traces: [{ type: 'trace', name: 't' }] };

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

const root = mkdtempSync(join(tmpdir(), 'coverage-cli-'));
const records = join(root, 'records');
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  // Two "workers": one sends a valid and an invalid Log Traces request and one nothing matches,
  // the other a valid Log Traces request with the trace ids asked for and a new user.
  const first = await createTestMock({ coverage: records });
  await first.fetch(TRACES, post(TRACE));
  await first.fetch(TRACES, post({ traces: [] }));
  await first.fetch('https://api.example.test/v2/nowhere');
  const second = await createTestMock({ coverage: records });
  second.use({ operation: 'logTraces', status: 503, times: 1 });
  await second.fetch(TRACES, post(TRACE));
  await second.fetch(TRACES, post({ ...TRACE, include_trace_ids: true }));
  await second.fetch(USERS, post({ email: 'a@example.test' }, {}));
  await first.close();
  await second.close();
});

const copyOf = (name: string, edit: (record: Record<string, unknown>) => void = () => undefined) => {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(records)) {
    const record = JSON.parse(readFileSync(join(records, file), 'utf8')) as Record<string, unknown>;
    edit(record);
    writeFileSync(join(dir, file), JSON.stringify(record));
  }
  return dir;
};

describe('api-contract-coverage DIR: the merged report', () => {
  it('--json: the records merged, counts summed, what was received at least once joined', async () => {
    const { code, stdout } = await cli(records, '--json');
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
    const { code, stdout, stderr } = await cli(records);
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
    const { code, stdout } = await cli(records, '--markdown');
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
      records,
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
    const { code, stderr, stdout } = await cli(records, '--min-operations', '50', '--min-statuses', '30');
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
    const { code, stderr } = await cli(records, '--require', 'logTraces:503,429,reset', '--require', 'loginSocial');
    expect(code).toBe(1);
    const failed = stderr.slice(0, stderr.indexOf('Never exercised:'));
    expect(failed).toBe(
      'api-contract-coverage: FAILED\n  logTraces: never answered 429\n  logTraces: never rehearsed reset\n  loginSocial: never called\n',
    );
  });
});

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
    [['--json', '--markdown'], /--json and --markdown exclude each other/],
    [['--unknown'], /Unknown option '--unknown'/],
    [['another-dir'], /one DIR is needed, got 2/],
  ])('%j', async (argv, message) => {
    const { code, stderr, stdout } = await cli(records, ...argv);
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
    const missing = await cli(join(root, 'missing'));
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining('does not exist: no mock wrote a record there'),
    ]);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'not a record');
    expect(await cli(empty)).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('holds no record (*.json)'),
    });
    const corrupt = copyOf('corrupt');
    writeFileSync(join(corrupt, 'cut.json'), '{"format": "api-contract-cov');
    expect((await cli(corrupt)).stderr).toMatch(/cut\.json is not JSON: /);
    const other = copyOf('other');
    writeFileSync(join(other, 'other.json'), JSON.stringify({ format: 'something else' }));
    expect((await cli(other)).stderr).toMatch(
      /other\.json is not a coverage record: format: must be "api-contract-coverage\/1"/,
    );
  });

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
    const { code, stderr } = await cli(copyOf(name.replace(/\W/g, '-'), edit));
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('records of another spec are not merged', async () => {
    let first = true;
    const dir = copyOf('two-specs', (record) => {
      if (first) (record.spec as { version: string }).version = '9.9.9';
      first = false;
    });
    const { code, stderr } = await cli(dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/record 2 is of another spec than record 1 .*merge the records of one spec/);
  });
});
