// The tests Stryker runs for each mutant of src/verify (stryker.verify.config.json): the verifier's
// modules called in-process (test/verify-rules/), with a node:http server in the test process where
// one is needed. None starts a mock process, so each mutant costs milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/verify-rules/*.test.ts'],
  },
});
