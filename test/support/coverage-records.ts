// Coverage records real mocks wrote, for the suites of the api-contract-coverage bin
// (test/unit/mock/coverage-cli.test.ts) and of the report it prints
// (test/unit/mock/control/coverage-report.test.ts): two "workers", one that sends a valid and an
// invalid Log Traces request and one nothing matches, the other a rehearsed 503, a valid Log Traces
// request with the trace ids asked for and a new user. And the bin's main with argv in hand.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/mock/coverage-cli.js';
import { afterAll, beforeAll } from 'vitest';
import { createTestMock } from './in-process.js';

const PROJECT = '6f1c2a1e-0000-4000-8000-000000000001';
const TRACES = `https://api.example.test/v2/projects/${PROJECT}/traces`;
const USERS = 'https://api.example.test/v2/system_users';
const post = (body: unknown, headers: Record<string, string> = { 'Service-AO-API-Key': 'k' }) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const TRACE = { traces: [{ type: 'trace', name: 't' }] };

/** api-contract-coverage's main on `argv`: its exit code and what it wrote. */
export async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

export interface CoverageRecords {
  /** a folder of the test's own, removed by `remove` */
  root: string;
  /** the folder of the two records */
  records: string;
  /** A folder `name` under root with a copy of each record, changed by `edit`. */
  copyOf(name: string, edit?: (record: Record<string, unknown>) => void): string;
  remove(): void;
}

/** Writes the two workers' records in a new folder. */
export async function writeCoverageRecords(): Promise<CoverageRecords> {
  const root = mkdtempSync(join(tmpdir(), 'coverage-cli-'));
  const records = join(root, 'records');
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
  return {
    root,
    records,
    copyOf(name, edit = () => undefined) {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      for (const file of readdirSync(records)) {
        const record = JSON.parse(readFileSync(join(records, file), 'utf8')) as Record<string, unknown>;
        edit(record);
        writeFileSync(join(dir, file), JSON.stringify(record));
      }
      return dir;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The records, written before the suite's tests and removed after them. */
export function useCoverageRecords(): CoverageRecords {
  const given = {} as CoverageRecords;
  beforeAll(async () => void Object.assign(given, await writeCoverageRecords()));
  afterAll(() => given.remove());
  return given;
}
