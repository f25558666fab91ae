// The tests Stryker runs for npm run mutation: every in-process suite, each calling what ships
// directly (the client with fetch stubbed; the mock's modules and stages, and its server started in
// the test process; the verifier's modules, with a node:http server in the test process where one
// is needed). None starts a mock process, so a mutant costs milliseconds, and Stryker runs for
// each only the tests that reach it.
// MUTATION_SUITES=name,… narrows a run to those files under test/ (e.g. `verify/schema`): the
// verifier's command-line and run suites reach its derivation code too, and running them for
// every mutant of it takes hours; its own suites pin it.
import { defineConfig } from 'vitest/config';

const IN_PROCESS_SUITES = [
  'test/client-stubbed.test.ts',
  'test/mock/*.test.ts',
  'test/verify/*.test.ts',
  'test/rules/*.test.ts',
  'test/shared/*.test.ts',
];

const only = process.env.MUTATION_SUITES?.split(',').filter(Boolean);

/** The suites of those folders that need the suite's shared mock or the packed package. */
const NOT_IN_PROCESS = ['test/verify/verify.test.ts', 'test/verify/packed-bin.test.ts'];

export default defineConfig({
  test: {
    include: only ? only.map((name) => `test/${name}.test.ts`) : IN_PROCESS_SUITES,
    exclude: NOT_IN_PROCESS,
  },
});
