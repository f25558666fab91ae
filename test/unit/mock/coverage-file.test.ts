// A mock's coverage record in a directory (src/mock/coverage-file.ts, `coverage: DIR`): one file per
// mock, created with its folder, written on close() and only once, reading back as the report; a
// directory that cannot be made is a CoverageOptionError naming it; at the process's exit, the
// records of mocks never closed are written, one that cannot be reported on stderr.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { coverageFile, writePending } from '../../../src/mock/coverage-file.js';
import { readRecord } from '../../../src/mock/control/coverage-report.js';
import { CoverageOptionError, type CoverageReport } from '../../../src/mock/index.js';
import { createTestMock } from '../../support/in-process.js';
import { TRACES, logTracesBody, post } from '../../support/log-traces.js';

const dir = mkdtempSync(join(tmpdir(), 'coverage-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('one file per mock, written once, that reads back as the report', async () => {
  const folder = join(dir, 'nested', 'records');
  const first = await createTestMock({ coverage: folder });
  const second = await createTestMock({ coverage: folder });
  await first.fetch(TRACES, post(logTracesBody));
  expect(readdirSync(folder)).toEqual([]);
  await first.close();
  await second.close();
  const files = readdirSync(folder).sort();
  expect(files).toHaveLength(2);
  expect(files.every((name) => /^api-contract-coverage-\d+-[0-9a-f]{8}\.json$/.test(name))).toBe(true);
  const records = files.map((name) => readRecord(JSON.parse(readFileSync(join(folder, name), 'utf8'))));
  expect(records.map((r) => r.summary.operations.covered).sort()).toEqual([0, 1]);
  const written = records.find((r) => r.summary.operations.covered === 1) as CoverageReport;
  expect(written).toEqual(first.coverage());
  // Closed: the record is not written again.
  await first.fetch(TRACES, post(logTracesBody));
  await first.close();
  const again = readRecord(
    JSON.parse(
      readFileSync(
        join(
          folder,
          files.find((f) => readFileSync(join(folder, f), 'utf8').includes('"requests":1'))!,
        ),
        'utf8',
      ),
    ),
  );
  expect(again.operations.find((o) => o.operationId === 'logTraces')?.requests).toBe(1);
});

it('a directory that cannot be made is a CoverageOptionError naming it', async () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, '');
  await expect(createTestMock({ coverage: join(file, 'below') })).rejects.toThrow(CoverageOptionError);
  await expect(createTestMock({ coverage: join(file, 'below') })).rejects.toThrow(/cannot create the directory/);
  await expect(createTestMock({ coverage: join(file, 'below') })).rejects.toMatchObject({ cause: { code: 'ENOTDIR' } });
});

it("at the process's exit (one listener, however many mocks, while any record is not written): every record not written yet, one that cannot be named on stderr", () => {
  const report = (n: number) => () => ({ n }) as unknown as CoverageReport;
  const kept = coverageFile(join(dir, 'exit-kept'), report(1));
  const lost = coverageFile(join(dir, 'exit-lost'), report(2));
  const closed = coverageFile(join(dir, 'exit-closed'), report(3));
  const listening = () => process.listeners('exit').filter((listener) => listener === writePending).length;
  expect(listening()).toBe(1);
  closed.write();
  expect(listening()).toBe(1);
  rmSync(join(dir, 'exit-lost'), { recursive: true });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    writePending();
    expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringMatching(
        new RegExp(`^api-contract mock: cannot write ${lost.path.replace(/[.\\]/g, '\\$&')}: ENOENT.*\n$`),
      ),
    ]);
  } finally {
    stderr.mockRestore();
  }
  expect(JSON.parse(readFileSync(kept.path, 'utf8'))).toEqual({ n: 1 });
  expect(JSON.parse(readFileSync(closed.path, 'utf8'))).toEqual({ n: 3 });
  // written: not again, and nothing left to listen for
  expect(listening()).toBe(0);
  rmSync(kept.path);
  writePending();
  expect(readdirSync(join(dir, 'exit-kept'))).toEqual([]);
});
