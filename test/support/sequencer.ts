// The order the files start in. With two workers, the run ends when the later worker is done, so
// the costliest files go first and the light ones fill the gaps at the end (vitest's own order
// does this only from the timings of an earlier run, which a fresh clone does not have, and puts
// every file of one project before those of the next, so the slow packed files came last).
// COST is each file's wall time in seconds, measured with `npm test` on the two-core machine
// (2026-11-25); a file not listed counts as light. Out-of-date figures only cost time.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const COST: Record<string, number> = {
  // The packed files wait for the pack (about 20 s, test/support/package.ts) wherever they start.
  'test/process/verify.test.ts': 19,
  'test/packed/bench.test.ts': 15,
  'test/spec/diff.test.ts': 11,
  'test/fuzz/mock-limits.test.ts': 9,
  'test/process/docs.browser.test.ts': 7,
  'test/fuzz/client-limits.test.ts': 6,
  'test/packed/verify-bin.test.ts': 5,
  'test/process/mock.test.ts': 4,
  'test/spec/scripts-typecheck.test.ts': 4,
  'test/unit/verify/run.test.ts': 4,
  'test/packed/consumer.test.ts': 4,
  'test/fuzz/load.test.ts': 4,
  'test/spec/lint.test.ts': 3,
  'test/process/state.test.ts': 3,
  'test/fuzz/hostile-input.test.ts': 3,
  'test/spec/generated.test.ts': 3,
  'test/unit/mock/parity.test.ts': 2,
  'test/process/mock-process.test.ts': 2,
  'test/fuzz/positive.test.ts': 2,
};

export class CostliestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = `${this.ctx.config.root}/`;
    const cost = (file: TestSpecification) => COST[file.moduleId.replace(root, '')] ?? 0;
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
