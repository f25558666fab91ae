// The tests Stryker runs for each mutant of src/verify (stryker.verify.config.json): the verifier's
// modules called in-process (test/verify-rules/), with a node:http server in the test process where
// one is needed. None starts a mock process, so each mutant costs milliseconds.
// VERIFY_MUTATION_SUITES=schema,generate,… narrows the run to those suites (a shorter run of the
// logic modules, whose own suites pin them; the command line and the run are slower to kill).
import { defineConfig } from 'vitest/config';

const only = process.env.VERIFY_MUTATION_SUITES?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: only ? only.map((name) => `test/verify-rules/${name}.test.ts`) : ['test/verify-rules/*.test.ts'],
  },
});
