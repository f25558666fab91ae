// The tests Stryker runs for each mutant of npm run mutation:fast: the client's suites, one per
// module, with fetch stubbed; mock.fetch's reading of a call, the mock's state, 422 dialect and
// reflection; the operations' rules and the shared helpers; all called in-process. None needs a mock process or a
// server, so each mutant costs milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/client/!(answers).test.ts', // each module's own suite
      'test/unit/mock/request/fetch-call.test.ts',
      'test/unit/mock/service/state.test.ts',
      'test/unit/mock/service/reflect.test.ts',
      'test/unit/mock/service/pydantic.test.ts',
      'test/unit/rules/*.test.ts',
      'test/unit/shared/*.test.ts',
    ],
  },
});
