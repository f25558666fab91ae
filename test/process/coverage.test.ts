// The coverage record of a mock process: the bin's `--coverage DIR` written when SIGTERM stops it,
// and an in-process mock that was never closed written when its process exits.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/mock/control/coverage-report.js';
import type { CoverageReport } from '../../src/mock/index.js';
import { startMock } from '../support/mock-process.js';

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
      expect(readdirSync(folder)).toEqual([]);
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
