// The check that the benchmark harness runs end to end (test/packed/bench.test.ts: every section of
// `npm run bench` in its --quick configuration), outside `npm test`: `npm run test:bench`, run by
// .ci/run after every `npm test`, beside `npm run test:registry`. It takes about 20 CPU-seconds and
// asserts nothing of the package itself. The package is packed by the same global setup as the
// `packed` project of vitest.config.ts, and its kept pack (test/support/package.ts) is reused.
import { defineConfig } from 'vitest/config';
import { BENCH_CHECK } from './vitest.config.js';

export default defineConfig({
  test: {
    name: 'bench',
    include: [BENCH_CHECK],
    globalSetup: ['test/support/package.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
