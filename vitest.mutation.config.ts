// The tests Stryker runs for npm run mutation: every in-process suite, each calling what ships
// directly (the client with fetch stubbed; the mock's modules and stages, and its server started in
// the test process; the verifier's modules, with a node:http server in the test process where one
// is needed). None starts a mock process, so a mutant costs milliseconds, and Stryker runs for
// each only the tests that reach it. That is test/unit/ but for test/unit/client/answers.test.ts
// (the client through MSW and a socket: the client's suites of its modules, fetch stubbed, pin it).
// MUTATION_SUITES=name,… narrows a run to those files under test/ (e.g. `unit/verify/schema`): the
// verifier's command-line and run suites reach its derivation code too, and running them for
// every mutant of it takes hours; its own suites pin it.
import { defineConfig } from 'vitest/config';

const IN_PROCESS_SUITES = [
  'test/unit/client/!(answers).test.ts', // each module's own suite
  'test/unit/mock/**/*.test.ts',
  'test/unit/verify/*.test.ts',
  'test/unit/rules/*.test.ts',
  'test/unit/shared/*.test.ts',
];

const only = process.env.MUTATION_SUITES?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: only ? only.map((name) => `test/${name}.test.ts`) : IN_PROCESS_SUITES,
  },
});
