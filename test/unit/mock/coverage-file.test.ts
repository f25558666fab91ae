// A mock's coverage record in a directory (src/mock/coverage-file.ts, `coverage: DIR`): one file per
// mock, created with its folder, written as the mock goes (within the interval of a change, at most
// once per interval, a failure reported once on stderr) and a last time on close(), reading back as
// the report; a directory that cannot be made is a CoverageOptionError naming it; at the process's
// exit, the records of mocks never closed are written, one that cannot be reported on stderr.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

it('one file per mock, that reads back as the report and is not written after close()', async () => {
  const folder = join(dir, 'nested', 'records');
  const first = await createTestMock({ coverage: folder });
  const second = await createTestMock({ coverage: folder });
  await first.fetch(TRACES, post(logTracesBody));
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

/** A record whose report counts its own calls: `written()` is how many writes reached the disk. */
function counting(folder: string) {
  let reports = 0;
  const file = coverageFile(folder, () => ({ n: ++reports }) as unknown as CoverageReport, 100);
  const written = () => (existsSync(file.path) ? (JSON.parse(readFileSync(file.path, 'utf8')) as { n: number }).n : 0);
  return { file, written };
}

it('while the mock runs: a change is on disk within the interval, with at most one write per interval and none without a change', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const folder = join(dir, 'throttled');
    const { file, written } = counting(folder);
    const start = Date.now();
    // A timer of 0 ms fires on an advance of 0 ms: nothing passes when no time does.
    const advance = (ms: number) => ms > 0 && vi.advanceTimersByTime(ms);
    // At `at` ms, `changes` changes 1 ms apart, then `written` writes so far once `after` ms more have passed.
    const steps = [
      { at: 0, changes: 1, after: 0, written: 0, why: 'not in the turn of the change itself' },
      { at: 0, changes: 0, after: 1, written: 1, why: 'idle: the first change at once' },
      { at: 10, changes: 80, after: 9, written: 1, why: 'changes within the interval wait for its end' },
      { at: 99, changes: 0, after: 1, written: 2, why: 'one write at the end of the interval, for all of them' },
      { at: 100, changes: 0, after: 400, written: 2, why: 'no change, no write' },
      { at: 500, changes: 1, after: 1, written: 3, why: 'idle for longer than the interval: at once' },
      { at: 550, changes: 1, after: 49, written: 3, why: 'a change 50 ms after a write waits 50 ms' },
      { at: 550, changes: 0, after: 51, written: 4, why: 'and is written then' },
      {
        at: 1_000,
        changes: 1_000,
        after: 100,
        written: 15,
        why: 'a change every ms for 1 s: 11 writes (1 + 1000 / 100)',
      },
    ];
    for (const step of steps) {
      advance(start + step.at - Date.now());
      for (let i = 0; i < step.changes; i++) {
        if (i > 0) vi.advanceTimersByTime(1);
        file.changed();
      }
      advance(step.after);
      expect(written(), `${step.at} ms: ${step.why}`).toBe(step.written);
    }
    vi.setSystemTime(Date.now() - 3_600_000);
    file.changed();
    vi.advanceTimersByTime(100);
    expect(written(), 'a clock set back an hour: a change waits one interval at most').toBe(16);
    file.changed();
    file.write();
    expect(written(), 'the last write, at once').toBe(17);
    file.changed();
    vi.advanceTimersByTime(1_000);
    expect(written(), 'nothing after the last write').toBe(17);
    expect(readdirSync(folder)).toEqual([file.path.slice(folder.length + 1)]);
  } finally {
    vi.useRealTimers();
  }
});

it('while the mock runs, a write that fails is reported on stderr once, until one succeeds again', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const folder = join(dir, 'failing');
    const { file, written } = counting(folder);
    const lines = () => stderr.mock.calls.map(([text]) => String(text));
    const line = expect.stringMatching(
      new RegExp(`^api-contract mock: cannot write ${file.path.replace(/[.\\]/g, '\\$&')}: ENOENT.*\n$`),
    );
    rmSync(folder, { recursive: true });
    for (const expected of [[line], [line]]) {
      file.changed();
      vi.advanceTimersByTime(100);
      expect(lines()).toEqual(expected);
    }
    mkdirSync(folder);
    file.changed();
    vi.advanceTimersByTime(100);
    expect(written()).toBe(3);
    rmSync(folder, { recursive: true });
    file.changed();
    vi.advanceTimersByTime(100);
    expect(lines()).toEqual([line, line]);
    mkdirSync(folder);
    file.write();
    expect(written()).toBe(5);
  } finally {
    stderr.mockRestore();
    vi.useRealTimers();
  }
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
