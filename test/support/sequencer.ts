// The order the files start in. With two workers, the run ends when the later worker is done, so
// the costliest files go first and the light ones fill the gaps at the end (vitest's own order
// does this only from the timings of an earlier run, which a fresh clone does not have, and puts
// every file of one project before those of the next, so the slow packed files came last).
// COST is each file's wall time in seconds on the two-core machine (2026-11-28: inside `npm test`,
// or alone where two costly files starting together slow each other down); a file not listed
// counts as light. Out-of-date figures only cost time.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const COST: Record<string, number> = {
  // The packed files wait for the pack (about 20 s on a fresh clone, test/support/package.ts)
  // wherever they start.
  'test/spec/diff.test.ts': 27,
  'test/spec/gate.test.ts': 20,
  'test/unit/verify/drift.test.ts': 18,
  'test/process/verify.test.ts': 17,
  'test/packed/bench.test.ts': 15,
  'test/fuzz/mock-limits.test.ts': 15,
  'test/fuzz/diff-edits.test.ts': 13,
  'test/packed/consumer.test.ts': 12,
  'test/process/docs.browser.test.ts': 9,
  'test/fuzz/load.test.ts': 9,
  'test/unit/verify/run.test.ts': 8,
  'test/unit/verify/drift-cli.test.ts': 8,
  'test/packed/no-peer.test.ts': 7,
  'test/fuzz/client-limits.test.ts': 6,
  'test/fuzz/hostile-input.test.ts': 6,
  'test/unit/client/answers.test.ts': 6,
  'test/unit/mock/msw.test.ts': 5,
  'test/packed/verify-bin.test.ts': 5,
  'test/spec/lint.test.ts': 5,
  'test/unit/verify/corpus.test.ts': 4,
  'test/spec/generated.test.ts': 4,
  'test/fuzz/positive.test.ts': 3,
  'test/process/state.test.ts': 3,
  'test/spec/scripts-typecheck.test.ts': 3,
  'test/unit/mock/server.test.ts': 3,
  'test/process/mock.test.ts': 3,
  'test/unit/verify/generate.test.ts': 3,
  'test/unit/mock/parity.test.ts': 2,
  'test/process/mock-process.test.ts': 2,
};

export class CostliestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = `${this.ctx.config.root}/`;
    const cost = (file: TestSpecification) => COST[file.moduleId.replace(root, '')] ?? 0;
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
