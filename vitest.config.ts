import { configDefaults, defineConfig } from 'vitest/config';
import { CostliestFirst } from './test/support/sequencer.js';

// Two tiers, named by what they need (docs/CONTRIBUTING.md, "The two tiers"):
// - `fast` (`npm test`, the contributor's loop): everything that runs in vitest's own processes on
//   the repository's files: the spec's facts and lint, generated/ in sync, the types, the client,
//   the mock in-process (its doors, rules, state, scenarios), the verifier against servers in the
//   test process, the cassettes replayed.
// - `integration` and `packed` (`npm run test:integration`): what needs a child process of its
//   own (the mock's bin, Redocly's diff CLI, tsc programs of consumer code, Chromium, bash), the
//   packed tarball, or minutes of fuzzing. CI runs both tiers on every Node.
// `npx vitest run FILE` runs any one file in its tier's project.
const PACKED = ['test/packed/**/*.test.ts'];
export const BENCH_CHECK = 'test/packed/bench.test.ts';
export const INTEGRATION = [
  'test/process/**/*.test.ts', // the mock's, the verifier's and the coverage bins as processes; Chromium
  'test/spec/diff.test.ts', // Redocly's diff CLI, one process per revision pair
  'test/spec/gate.test.ts', // the gate: Redocly's diff and a tsc program of consumer code per verdict
  'test/fuzz/diff-edits.test.ts', // the same, over generated edits of the spec
  'test/spec/scripts-typecheck.test.ts', // tsc over scripts/
  'test/spec/whole-api-types.test.ts', // a TypeScript program of the whole-API fixture's types
  'test/fuzz/mock-limits.test.ts', // the bin under hostile traffic and its memory bounds
  'test/fuzz/load.test.ts',
  'test/fuzz/hostile-input.test.ts',
  'test/unit/verify/drift.test.ts', // the drift CLI's process and its exit codes
  'test/unit/verify/bin.test.ts', // the verifier's bin
  'test/unit/verify/curl.test.ts', // the reproduction commands run by bash and curl
  'test/unit/mock/coverage-bin.test.ts', // the coverage bin
  'test/unit/mock/prism-node-load.test.ts', // Prism's bundle loaded by a fresh Node
];

const perProject = {
  // A worker runs its files one after the other in one module cache instead of a fresh one per
  // file: about 1 s of CPU less per file (measured: 16.5 → 9.0 CPU-s for 7 light files). No test
  // relies on a fresh module state; each starts what it needs and stops it.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // The mocks the contract tests talk to, in vitest's process: once per run, for every project.
    globalSetup: ['test/support/mock-server.ts'],
    // Most integration files wait on child processes rather than compute, so two workers overlap
    // that waiting; vitest's default on two cores is one.
    maxWorkers: 2,
    sequence: { sequencer: CostliestFirst },
    projects: [
      {
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          // test/ecosystem/ runs in projects of its own (test/ecosystem/run.sh), on the packed package;
          // test/registry/ installs from the npm registry (vitest.registry.config.ts, `npm run test:registry`).
          exclude: [...configDefaults.exclude, ...PACKED, ...INTEGRATION, 'test/ecosystem/**', 'test/registry/**'],
          ...perProject,
          // The type tests, compiled with what they import (tsconfig.typetests.json): a third of the
          // whole project's program. The whole project's `tsc` is `npm run typecheck`, which CI runs.
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.typetests.json',
          },
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION,
          // The bins these files start are the compiled mock (dist/src/mock/cli.js): compiled first when stale.
          globalSetup: ['test/support/build-mock-setup.ts'],
          ...perProject,
        },
      },
      {
        test: {
          name: 'packed',
          include: PACKED,
          // The bench harness's own check runs beside the tiers (`npm run test:bench`,
          // vitest.bench.config.ts): about 20 CPU-seconds that asserts nothing of the package.
          exclude: [...configDefaults.exclude, BENCH_CHECK],
          globalSetup: ['test/support/package.ts'],
          ...perProject,
        },
      },
    ],
  },
});
