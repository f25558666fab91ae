// The coverage record of a mock process: the bin's `--coverage DIR` written when SIGTERM stops it,
// kept as the mock goes when SIGKILL ends it (Playwright's default end of its webServer), two mocks
// in one DIR each keeping its own, and an in-process mock that was never closed written when its
// process exits.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/mock/control/coverage-report.js';
import type { CoverageReport } from '../../src/mock/index.js';
import { startMock, type MockProcess } from '../support/mock-process.js';

const dir = mkdtempSync(join(tmpdir(), 'coverage-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TRACES = '/v2/projects/6f1c2a1e-0000-4000-8000-000000000001/traces';
const recordsIn = (folder: string) =>
  readdirSync(folder).map((name) => readRecord(JSON.parse(readFileSync(join(folder, name), 'utf8'))));
const logTraces = (report: CoverageReport) => report.operations.find((o) => o.operationId === 'logTraces');

describe('api-contract-mock --coverage DIR', () => {
  it('writes the record of every session when SIGTERM stops it', async () => {
    const folder = join(dir, 'bin');
    const mock = await startMock({ args: ['--coverage', folder] });
    try {
      const post = (headers: Record<string, string>) =>
        fetch(`${mock.baseUrl}${TRACES}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ traces: [{ type: 'trace' }] }),
        });
      expect((await post({ 'Service-AO-API-Key': 'k' })).status).toBe(200);
      expect((await post({ 'X-Mock-Session': 'b' })).status).toBe(401);
      const live = (await (await fetch(`${mock.baseUrl}/__mock/coverage?all`)).json()) as CoverageReport;
      await mock.stop();
      const [record, ...more] = recordsIn(folder);
      expect(more).toEqual([]);
      expect(record).toEqual(live);
      expect(logTraces(record as CoverageReport)?.statuses.map((s) => [s.status, s.answered])).toEqual([
        [200, 1],
        [422, 0],
        [401, 1],
      ]);
    } finally {
      await mock.stop();
    }
  });
});

const liveReport = async (mock: MockProcess) =>
  (await (await fetch(`${mock.baseUrl}/__mock/coverage?all`)).json()) as CoverageReport;

/** The record `mock` keeps in `folder`, once it reads as `report`; undefined if none does within 10 s. */
async function recordOnDisk(folder: string, mock: MockProcess, report: CoverageReport) {
  const prefix = `api-contract-coverage-${mock.pid}-`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const name = existsSync(folder)
      ? readdirSync(folder).find((n) => n.startsWith(prefix) && n.endsWith('.json'))
      : undefined;
    const record = name && readRecord(JSON.parse(readFileSync(join(folder, name), 'utf8')));
    if (record && JSON.stringify(record) === JSON.stringify(report)) return record;
    if (Date.now() > deadline) return record || undefined;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function kill(mock: MockProcess): Promise<void> {
  process.kill(mock.pid, 'SIGKILL');
  while (mock.exited() === undefined) await new Promise((r) => setTimeout(r, 20));
}

describe('api-contract-mock --coverage DIR ended by SIGKILL', () => {
  it('leaves the record of what it had counted, one per mock in a shared DIR, which api-contract-coverage merges', async () => {
    const folder = join(dir, 'killed');
    const args = ['--coverage', folder];
    const started = await Promise.allSettled([startMock({ args }), startMock({ args })]);
    const mocks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      const [a, b] = started.map((result) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      }) as [MockProcess, MockProcess];
      const send = (mock: MockProcess, body: unknown, headers: Record<string, string>) =>
        fetch(`${mock.baseUrl}${TRACES}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const valid = { traces: [{ type: 'trace' }] };
      const statuses = [
        (await send(a, valid, { 'Service-AO-API-Key': 'k' })).status,
        (await send(a, valid, { 'Service-AO-API-Key': 'k' })).status,
        (await send(a, valid, { 'X-Mock-Session': 'other' })).status,
        (await send(b, { traces: 'none' }, { 'Service-AO-API-Key': 'k' })).status,
      ];
      expect(statuses).toEqual([200, 200, 401, 422]);
      for (const mock of mocks) {
        const live = await liveReport(mock);
        expect(await recordOnDisk(folder, mock, live), `the record of mock ${mock.pid} on disk`).toEqual(live);
        await kill(mock);
        expect(mock.exited()).toBe('exit code null, signal SIGKILL');
      }
      const merged = spawnSync(process.execPath, ['dist/src/mock/coverage-bin.js', folder, '--json'], {
        encoding: 'utf8',
      });
      expect(merged.status, merged.stderr).toBe(0);
      const report = JSON.parse(merged.stdout) as CoverageReport;
      expect(report.records).toBe(2);
      expect(logTraces(report)?.requests).toBe(4);
      expect(logTraces(report)?.statuses.map((s) => [s.status, s.answered])).toEqual([
        [200, 2],
        [422, 1],
        [401, 1],
      ]);
      expect(readdirSync(folder).filter((name) => !name.endsWith('.json'))).toEqual([]);
    } finally {
      await Promise.all(mocks.map((mock) => mock.stop()));
    }
  });
});

describe('createMock({ coverage: DIR }) never closed', () => {
  it('writes its record when the process exits', () => {
    const folder = join(dir, 'exit');
    const index = pathToFileURL(join(process.cwd(), 'dist/src/mock/index.js')).href;
    const script = `
      const { createMock } = await import(${JSON.stringify(index)});
      const mock = await createMock({ coverage: ${JSON.stringify(folder)} });
      await mock.fetch('https://api.example.test/v2/system_users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.org"}' });
      process.exit(0);
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    const [record, ...more] = recordsIn(folder);
    expect(more).toEqual([]);
    expect(record?.summary.operations.covered).toBe(1);
    expect(readdirSync(folder).every((name) => name.endsWith('.json'))).toBe(true);
  });
});
