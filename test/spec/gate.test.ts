// The gate on edits of this repository's own spec: each edit is applied to a copy of openapi/ and
// compared with the untouched copy through diff() (the function `npm run diff` and `npm run
// release-check` both call).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workdirs: string[] = [];
afterAll(() => {
  for (const dir of workdirs) rmSync(dir, { recursive: true, force: true });
});

interface Report {
  breaking: boolean;
  operations: { operationId: string; breaking: boolean; changes: { breaking: boolean; text: string }[] }[];
}
const { diff } = (await import(pathToFileURL(join(root, 'scripts/diff.js')).href)) as {
  diff(options: { base: string; revision?: string }): Promise<Report>;
};

/** A copy of openapi/ with `file` (relative to openapi/) rewritten by `change`; returns its root file. */
function edited(file: string, change: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  workdirs.push(dir);
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true });
  const path = join(dir, 'openapi', file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, after);
  return join(dir, 'openapi/openapi.yaml');
}

describe.concurrent('a path parameter whose schema changes', () => {
  it('another format: a verdict, not a crash', async ({ expect }) => {
    const revision = edited('components/parameters/ProjectId.yaml', (t) =>
      t.replace('format: uuid', 'format: date-time'),
    );
    const report = await diff({ base: join(root, 'openapi/openapi.yaml'), revision });
    expect(report.breaking).toBe(true);
    expect(report.operations.find((op) => op.operationId === 'logTraces')?.breaking).toBe(true);
  });
});
