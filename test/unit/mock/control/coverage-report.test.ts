// What the coverage report says (src/mock/control/coverage-report.ts), printed by the
// `api-contract-coverage` bin from records real mocks wrote (test/support/coverage-records.ts): merged,
// as text, JSON and Markdown, the thresholds failing with exit 1 and what was never exercised, and a
// record that is not one, or of another spec, refused with a message naming it.
// The bin's own arguments and folders: test/unit/mock/coverage-cli.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageReport } from '../../../../src/mock/index.js';
import {
  CoverageRecordError,
  formatMarkdown,
  formatText,
  mergeReports,
  neverExercised,
  parseRequirement,
  percent,
  readRecord,
  unmet,
} from '../../../../src/mock/control/coverage-report.js';
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

describe('readRecord: every field of a record checked, the first that is not what a record has named', () => {
  /** The record with the value at `path` (keys and indexes) replaced by `value`. */
  const withValue = (path: (string | number)[], value: unknown) => {
    const copy = writtenRecord();
    const parent = path
      .slice(0, -1)
      .reduce<Record<string | number, unknown>>(
        (node, key) => node[key] as Record<string | number, unknown>,
        copy as Record<string | number, unknown>,
      );
    parent[path.at(-1) as string | number] = value;
    return copy;
  };
  const messageOf = (value: unknown) => {
    try {
      readRecord(value);
    } catch (error) {
      expect(error).toBeInstanceOf(CoverageRecordError);
      expect((error as Error).name).toBe('CoverageRecordError');
      return (error as Error).message;
    }
    return 'read';
  };

  it('a record as a mock wrote it is read as it is', () => {
    const value = writtenRecord();
    const read = readRecord(value);
    expect(JSON.parse(JSON.stringify(read))).toEqual(value);
    const operation = read.operations.find((o) => o.operationId === 'logTraces');
    expect(operation?.statuses.some((s) => s.properties.length > 0)).toBe(true);
    expect(operation?.parameters.length).toBeGreaterThan(0);
    expect(read.refused.requests.length).toBeGreaterThan(0);
  });

  const operation = ['operations', 0];
  const status = [...operation, 'statuses', 0];
  const property = [...status, 'properties', 0];
  const parameter = [...operation, 'parameters', 0];
  it.each<[(string | number)[], unknown, string]>([
    [['spec'], 'x', 'spec: must be an object'],
    [['spec', 'title'], 1, 'spec.title: must be a string'],
    [['spec', 'version'], null, 'spec.version: must be a string'],
    [['session'], 2, 'session: must be a string'],
    [['records'], 1.5, 'records: must be a whole number'],
    [['operations'], {}, 'operations: must be a list'],
    [operation, [], 'operations[0]: must be an object'],
    [[...operation, 'faults'], null, 'operations[0].faults: must be an object'],
    [[...operation, 'operationId'], 1, 'operations[0].operationId: must be a string'],
    [[...operation, 'method'], 1, 'operations[0].method: must be a string'],
    [[...operation, 'path'], 1, 'operations[0].path: must be a string'],
    [[...operation, 'statuses'], 'x', 'operations[0].statuses: must be a list'],
    [status, 'x', 'operations[0].statuses[0]: must be an object'],
    [[...status, 'documented'], true, 'operations[0].statuses[0].documented: must be "responses", "security" or false'],
    [[...status, 'status'], 600, 'operations[0].statuses[0].status: must be an HTTP status'],
    [[...status, 'status'], 99, 'operations[0].statuses[0].status: must be an HTTP status'],
    [[...status, 'status'], 200.5, 'operations[0].statuses[0].status: must be an HTTP status'],
    [[...status, 'answered'], -1, 'operations[0].statuses[0].answered: must be a whole number'],
    [[...status, 'rehearsed'], '1', 'operations[0].statuses[0].rehearsed: must be a whole number'],
    [[...status, 'properties'], null, 'operations[0].statuses[0].properties: must be a list'],
    [property, 1, 'operations[0].statuses[0].properties[0]: must be an object'],
    [[...property, 'path'], 1, 'operations[0].statuses[0].properties[0].path: must be a string'],
    [[...property, 'required'], 'yes', 'operations[0].statuses[0].properties[0].required: must be true or false'],
    [[...property, 'received'], 0, 'operations[0].statuses[0].properties[0].received: must be true or false'],
    [[...operation, 'faults', 'reset'], -1, 'operations[0].faults.reset: must be a whole number'],
    [[...operation, 'faults', 'hang'], -1, 'operations[0].faults.hang: must be a whole number'],
    [[...operation, 'faults', 'delay'], -1, 'operations[0].faults.delay: must be a whole number'],
    [[...operation, 'faults', 'aborted'], -1, 'operations[0].faults.aborted: must be a whole number'],
    [[...operation, 'parameters'], {}, 'operations[0].parameters: must be a list'],
    [parameter, 'x', 'operations[0].parameters[0]: must be an object'],
    [[...parameter, 'in'], 'matrix', 'operations[0].parameters[0].in: must be path, query, header, cookie or body'],
    [[...parameter, 'name'], 1, 'operations[0].parameters[0].name: must be a string'],
    [[...parameter, 'required'], 1, 'operations[0].parameters[0].required: must be true or false'],
    [[...parameter, 'sent'], null, 'operations[0].parameters[0].sent: must be true or false'],
    [['refused'], [], 'refused: must be an object'],
    [['refused', 'total'], -1, 'refused.total: must be a whole number'],
    [['refused', 'statuses'], {}, 'refused.statuses: must be a list'],
    [['refused', 'statuses', 0], 1, 'refused.statuses[0]: must be an object'],
    [['refused', 'statuses', 0, 'status'], 1000, 'refused.statuses[0].status: must be an HTTP status'],
    [['refused', 'statuses', 0, 'count'], -1, 'refused.statuses[0].count: must be a whole number'],
    [['refused', 'requests'], 'x', 'refused.requests: must be a list'],
    [['refused', 'requests', 0], null, 'refused.requests[0]: must be an object'],
    [['refused', 'requests', 0, 'method'], 1, 'refused.requests[0].method: must be a string'],
    [['refused', 'requests', 0, 'path'], 1, 'refused.requests[0].path: must be a string'],
    [['refused', 'requests', 0, 'status'], '404', 'refused.requests[0].status: must be an HTTP status'],
    [['refused', 'requests', 0, 'count'], 0.5, 'refused.requests[0].count: must be a whole number'],
    [['refused', 'unlisted'], null, 'refused.unlisted: must be a whole number'],
  ])('%j = %j: "%s"', (path, value, message) => {
    expect(messageOf(withValue(path, value))).toBe(message);
  });

  it('not an object at all; another format', () => {
    expect(messageOf([])).toBe('the record: must be an object');
    expect(messageOf(withValue(['format'], 'v2'))).toBe(
      'format: must be "api-contract-coverage/1" (a record a mock wrote with coverage: DIR), got "v2"',
    );
  });

  it('the bounds and each kind a field may be: statuses 100 and 599, a count of 0, every place, every documented', () => {
    for (const value of [100, 599]) expect(messageOf(withValue([...status, 'status'], value))).toBe('read');
    expect(messageOf(withValue([...status, 'answered'], 0))).toBe('read');
    for (const place of ['path', 'query', 'header', 'cookie', 'body'])
      expect(messageOf(withValue([...parameter, 'in'], place))).toBe('read');
    for (const documented of ['responses', 'security', false])
      expect(messageOf(withValue([...status, 'documented'], documented))).toBe('read');
  });
});

describe('the report as text and as Markdown', () => {
  const report = async () => JSON.parse((await cli(given.records, '--json')).stdout) as CoverageReport;

  it("the levels' table and the operations' header, word for word, in both", async () => {
    const merged = await report();
    const text = formatText(merged).split('\n\n');
    expect(text[1]?.split('\n').map((row) => row.split(/ {2,}/)[0])).toEqual([
      'Level',
      'paths',
      'operations',
      'parameters (request body properties included)',
      'status code classes',
      'status codes',
      'response body properties',
    ]);
    expect(text[1]?.split('\n')[0]).toMatch(/^Level {2,}Covered {2}Total {2,}%$/);
    expect(text[2]?.split('\n')[0]?.split(/ {2,}/)).toEqual([
      'Operation',
      'Requests',
      'Answered',
      'Never answered',
      'Rehearsed',
      'Parameters sent',
      'Response properties received',
    ]);
    const markdown = formatMarkdown(merged).split('\n\n');
    expect(markdown[1]?.split('\n').slice(0, 2)).toEqual([
      '| Level | Covered | Total | % |',
      '| --- | ---: | ---: | ---: |',
    ]);
    expect(markdown[2]?.split('\n')[1]).toBe('| --- | ---: | --- | --- | --- | --- | --- |');
    expect(markdown.at(-1)).toBe('Refused before any operation matched: 1 (404 ×1)\n');
  });

  it('one record of one session: its session named, "record" in the singular; nothing refused: no list', async () => {
    const one = readRecord({ ...writtenRecord(), records: 1, session: 'worker-1' });
    const none = { ...one, refused: { total: 0, statuses: [], requests: [], unlisted: 0 } };
    const heading = formatText(none).split('\n')[0];
    expect(heading).toMatch(/^API contract coverage of .+: 1 record, session worker-1; \d of 7 operations called$/);
    expect(formatText(none).trimEnd().split('\n').at(-1)).toBe('Refused before any operation matched: 0');
  });

  it('Markdown escapes a backslash and a pipe in a cell', async () => {
    const titled = readRecord({ ...writtenRecord(), spec: { title: 'A|B\\C', version: '1' } });
    expect(formatMarkdown(titled).split('\n')[0]).toMatch(/^\*\*API contract coverage of A\\\|B\\\\C 1: /);
  });
});

/** The first worker's record (it has a refused request), as the mock wrote it. */
function writtenRecord(): Record<string, unknown> {
  const records = readdirSync(given.records).map(
    (file) => JSON.parse(readFileSync(join(given.records, file), 'utf8')) as Record<string, unknown>,
  );
  return records.find((r) => (r.refused as { total: number }).total > 0) as Record<string, unknown>;
}

describe('mergeReports, thresholds and requirements, on reports made to order', () => {
  type Operation = CoverageReport['operations'][number];
  type Status = Operation['statuses'][number];
  /** A record as written, every count at 0 and nothing sent, received or refused. */
  const zeroed = (): CoverageReport => {
    const report = readRecord({ ...writtenRecord(), session: 'w1', records: 1 });
    for (const operation of report.operations) {
      operation.requests = 0;
      operation.faults = { reset: 0, hang: 0, delay: 0, aborted: 0 };
      for (const parameter of operation.parameters) parameter.sent = false;
      operation.statuses = operation.statuses.filter((s) => s.documented !== false);
      for (const status of operation.statuses) {
        status.answered = 0;
        status.rehearsed = 0;
        for (const property of status.properties) property.received = false;
      }
    }
    report.refused = { total: 0, statuses: [], requests: [], unlisted: 0 };
    return report;
  };
  /** The report read again: its summary counts what it holds now. */
  const reread = (report: CoverageReport) => readRecord(JSON.parse(JSON.stringify(report)));
  const first = (report: CoverageReport) => report.operations[0] as Operation;
  const refusedRequest = (method: string, path: string, status: number, count: number) => ({
    method,
    path,
    status,
    count,
  });

  it('no record: an error; one session or several; the counts summed, what was sent or received at least once kept', () => {
    expect(() => mergeReports([])).toThrow(new CoverageRecordError('no record to merge'));
    const a = zeroed();
    const b = zeroed();
    Object.assign(first(a), { requests: 1, faults: { reset: 5, hang: 6, delay: 7, aborted: 8 } });
    Object.assign(first(b), { requests: 2, faults: { reset: 1, hang: 2, delay: 3, aborted: 4 } });
    const aStatus = first(a).statuses[0] as Status;
    const bStatus = first(b).statuses[0] as Status;
    Object.assign(aStatus, { answered: 2, rehearsed: 1 });
    Object.assign(bStatus, { answered: 3, rehearsed: 4 });
    (aStatus.properties[0] as { received: boolean }).received = true;
    (bStatus.properties[1] as { received: boolean }).received = true;
    (first(b).parameters[0] as { sent: boolean }).sent = true;
    const merged = mergeReports([a, b]);
    expect([merged.session, merged.records]).toEqual(['w1', 2]);
    expect(mergeReports([a, { ...b, session: 'w2' }]).session).toBe('all');
    expect([first(merged).requests, first(merged).faults]).toEqual([3, { reset: 6, hang: 8, delay: 10, aborted: 12 }]);
    const status = first(merged).statuses[0];
    expect([status?.answered, status?.rehearsed]).toEqual([5, 5]);
    expect(status?.properties.slice(0, 3).map((p) => p.received)).toEqual([true, true, false]);
    expect(first(merged).parameters.map((p) => p.sent)).toEqual([
      true,
      ...first(a)
        .parameters.slice(1)
        .map(() => false),
    ]);
    expect(merged.summary.operations.covered).toBe(1);
    // the inputs are not changed
    expect([first(a).requests, aStatus.answered, first(b).parameters[0]?.sent]).toEqual([1, 2, true]);
  });

  it('statuses the spec does not document: added, after the documented ones, by number', () => {
    const a = zeroed();
    const b = zeroed();
    const undocumented = (status: number): Status => ({
      status,
      documented: false,
      answered: 1,
      rehearsed: 1,
      properties: [],
    });
    first(a).statuses.push(undocumented(503));
    first(b).statuses.push(undocumented(429), undocumented(503));
    const statuses = first(mergeReports([a, b])).statuses;
    const documented = first(a)
      .statuses.filter((s) => s.documented !== false)
      .map((s) => s.status);
    expect(statuses.map((s) => s.status)).toEqual([...documented, 429, 503]);
    expect(statuses.at(-1)?.answered).toBe(2);
  });

  it('refused requests: totals and statuses summed, the same request counted once, the listed ones capped at 50', () => {
    const a = zeroed();
    const b = zeroed();
    a.refused = {
      total: 3,
      statuses: [{ status: 405, count: 3 }],
      requests: [refusedRequest('GET', '/x', 404, 3)],
      unlisted: 1,
    };
    b.refused = {
      total: 6,
      statuses: [
        { status: 405, count: 2 },
        { status: 404, count: 4 },
      ],
      requests: [
        refusedRequest('GET', '/x', 404, 1),
        refusedRequest('POST', '/x', 405, 2),
        refusedRequest('GET', '/y', 404, 1),
        refusedRequest('GET', '/x', 405, 1),
      ],
      unlisted: 4,
    };
    expect(mergeReports([a, b]).refused).toEqual({
      total: 9,
      statuses: [
        { status: 404, count: 4 },
        { status: 405, count: 5 },
      ],
      requests: [
        refusedRequest('GET', '/x', 404, 4),
        refusedRequest('POST', '/x', 405, 2),
        refusedRequest('GET', '/y', 404, 1),
        refusedRequest('GET', '/x', 405, 1),
      ],
      unlisted: 5,
    });
    const listed = (n: number) => Array.from({ length: n }, (_, i) => refusedRequest('GET', `/r${i}`, 404, 1));
    const full = zeroed();
    full.refused = { total: 50, statuses: [{ status: 404, count: 50 }], requests: listed(50), unlisted: 0 };
    const one = zeroed();
    one.refused = {
      total: 2,
      statuses: [{ status: 404, count: 2 }],
      requests: [refusedRequest('GET', '/new', 404, 2)],
      unlisted: 0,
    };
    const capped = mergeReports([full, one]).refused;
    expect([capped.requests.length, capped.unlisted]).toEqual([50, 2]);
    const room = { ...full, refused: { ...full.refused, requests: listed(49) } };
    expect(mergeReports([room, one]).refused.requests.at(-1)).toEqual(refusedRequest('GET', '/new', 404, 2));
  });

  it('thresholds: a share equal to the minimum passes; a requirement of a status, a fault, or only a call', () => {
    const made = zeroed();
    Object.assign(first(made), { requests: 1, faults: { reset: 0, hang: 1, delay: 0, aborted: 0 } });
    (first(made).statuses[0] as Status).answered = 1;
    const report = reread(made);
    const id = first(report).operationId;
    const share = percent(report.summary.operations);
    expect(share).toBeCloseTo(100 / 7);
    expect(unmet(report, { minOperations: share })).toEqual([]);
    expect(unmet(report, { minOperations: share + 0.01 })).toHaveLength(1);
    expect(percent({ covered: 0, total: 0 })).toBe(100);
    const status = (first(report).statuses[0] as Status).status;
    expect(unmet(report, { require: [{ operationId: id, items: [status, 'hang'] }] })).toEqual([]);
    expect(unmet(report, { require: [{ operationId: id, items: ['reset', 'delay'] }] })).toEqual([
      `${id}: never rehearsed reset`,
      `${id}: never rehearsed delay`,
    ]);
    expect(unmet(report, { require: [{ operationId: id, items: [] }] })).toEqual([]);
    const other = (report.operations[1] as Operation).operationId;
    expect(unmet(report, { require: [{ operationId: other, items: [] }] })).toEqual([`${other}: never called`]);
    const unanswered = first(report)
      .statuses.slice(1)
      .map((s) => s.status);
    expect(neverExercised(report).filter((line) => line.startsWith(`${id}:`))).toEqual(
      unanswered.length > 0 ? [`${id}: never answered ${unanswered.join(', ')}`] : [],
    );
  });

  it('records merge only when they document the same statuses, properties and parameters; undocumented statuses may differ', () => {
    const changed = (edit: (operation: Operation) => void) => {
      const b = zeroed();
      edit(first(b));
      return () => mergeReports([zeroed(), b]);
    };
    const another = /^record 2 is of another spec than record 1 /;
    expect(changed((o) => (((o.statuses[0] as Status).properties[0] as { path: string }).path = 'renamed'))).toThrow(
      another,
    );
    expect(changed((o) => ((o.statuses[0] as Status).documented = 'security'))).toThrow(another);
    expect(changed((o) => ((o.statuses[0] as Status).status = 299))).toThrow(another);
    expect(changed((o) => ((o.parameters[0] as { name: string }).name = 'renamed'))).toThrow(another);
    expect(changed((o) => ((o.parameters[0] as { in: string }).in = 'cookie'))).toThrow(another);
    expect(changed((o) => (o.path = '/elsewhere'))).toThrow(another);
    expect(
      changed((o) => o.statuses.push({ status: 418, documented: false, answered: 1, rehearsed: 0, properties: [] }))(),
    ).toMatchObject({ records: 2 });
  });

  it('what was never exercised: operations never called, documented statuses never answered, and nothing else', () => {
    const made = zeroed();
    const [called, never] = made.operations as [Operation, Operation];
    called.requests = 1;
    for (const status of called.statuses) status.answered = 1;
    called.statuses.push({ status: 418, documented: false, answered: 0, rehearsed: 0, properties: [] });
    const report = reread(made);
    expect(neverExercised(report)[0]).toBe(`${never.operationId} (${never.method} ${never.path}): never called`);
    expect(neverExercised(report).some((line) => line.startsWith(`${called.operationId}`))).toBe(false);
    expect(() => unmet(report, { require: [{ operationId: 'nope', items: [] }] })).toThrow(
      new CoverageRecordError(
        `--require nope: the spec has no such operation (it has ${report.operations.map((o) => o.operationId).join(', ')})`,
      ),
    );
    expect(unmet(report, { require: [{ operationId: never.operationId, items: [200] }] })).toEqual([
      `${never.operationId}: never answered 200`,
    ]);
  });

  it('the text table of an operation: its rehearsals and faults, "-" for what is empty; columns aligned', () => {
    const made = zeroed();
    const operation = first(made);
    operation.requests = 3;
    operation.faults = { reset: 1, hang: 0, delay: 2, aborted: 0 };
    Object.assign(operation.statuses[0] as Status, { answered: 2, rehearsed: 1 });
    for (const status of operation.statuses) for (const property of status.properties) property.received = false;
    const report = reread(made);
    const [, levels, operations] = formatText(report).split('\n\n') as [string, string, string];
    const lengths = new Set(levels.split('\n').map((line) => line.length));
    expect(lengths.size).toBe(1);
    const rows = operations.split('\n');
    const header = rows[0] as string;
    const requestsEnd = header.indexOf('Requests') + 'Requests'.length;
    for (const row of rows.slice(1)) expect(row.slice(requestsEnd - 1, requestsEnd + 1)).toMatch(/^\d $/);
    const row = rows.find((line) => line.startsWith(`${operation.operationId} `)) as string;
    const status = (operation.statuses[0] as Status).status;
    const cells = row.split(/ {2,}/);
    expect(cells.slice(1, 5)).toEqual([
      '3',
      `${status} ×2`,
      operation.statuses
        .slice(1)
        .map((s) => s.status)
        .join(', ') || '-',
      `${status} ×1, reset ×1, delay ×2`,
    ]);
    const idle = rows.find((line) => line.startsWith(`${(report.operations[1] as Operation).operationId} `)) as string;
    expect(idle.split(/ {2,}/).slice(1, 3)).toEqual(['0', '-']);
    expect(idle.split(/ {2,}/)[4]).toBe('-');
  });

  it('--require read: spaces around, each fault, statuses of three digits from 100 to 599 only', () => {
    expect(parseRequirement('  logTraces: 503 , reset,hang, delay ,')).toEqual({
      operationId: 'logTraces',
      items: [503, 'reset', 'hang', 'delay'],
    });
    expect(parseRequirement('logTraces')).toEqual({ operationId: 'logTraces', items: [] });
    for (const item of ['x503', '5030', '600', '099'])
      expect(() => parseRequirement(`logTraces:${item}`)).toThrow(
        `--require logTraces:${item}: "${item}" is neither an HTTP status (100 to 599) nor reset, hang or delay`,
      );
  });
});
