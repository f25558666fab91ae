import { configDefaults, defineConfig } from 'vitest/config';
import { CostliestFirst } from './test/support/sequencer.js';

// The tests that use the packed package (packedPackage(), test/support/packed.ts): the folder
// test/packed/. They are a project of their own so that the package is packed
// (test/support/package.ts, once per run, in the background) only when one of them is selected: a
// run of other files does not pay for it.
const PACKED = ['test/packed/**/*.test.ts'];
export const BENCH_CHECK = 'test/packed/bench.test.ts';

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
    // The mock every contract test talks to: the root's setup runs once per run, for every project.
    globalSetup: ['test/support/mock-server.ts'],
    // Most files wait on child processes (the mock, Redocly, npm, Chromium) rather than compute, so
    // two workers overlap that waiting; vitest's default on two cores is one.
    maxWorkers: 2,
    sequence: { sequencer: CostliestFirst },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['test/**/*.test.ts'],
          // test/ecosystem/ runs in projects of its own (test/ecosystem/run.sh), on the packed package;
          // test/registry/ installs from the npm registry (vitest.registry.config.ts, `npm run test:registry`).
          exclude: [...configDefaults.exclude, ...PACKED, 'test/ecosystem/**', 'test/registry/**'],
          ...perProject,
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        test: {
          name: 'packed',
          include: PACKED,
          // The bench harness's own check runs beside npm test, as test:registry does (`npm run
          // test:bench`, vitest.bench.config.ts): about 20 CPU-seconds that the suite need not pay.
          exclude: [...configDefaults.exclude, BENCH_CHECK],
          globalSetup: ['test/support/package.ts'],
          ...perProject,
        },
      },
    ],
  },
});
