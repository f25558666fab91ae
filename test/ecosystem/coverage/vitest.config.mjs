// The sample consumer's vitest configuration: test files in several worker processes, and the
// global setup of docs/setups.md, which merges the mocks' coverage records once every file ran.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.mjs'],
    pool: 'forks',
    maxWorkers: 3,
    fileParallelism: true,
    globalSetup: './vitest.global-setup.mjs',
  },
});
