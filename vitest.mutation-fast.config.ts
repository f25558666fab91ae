// The tests Stryker runs for each mutant of npm run mutation:fast: the client's stubbed-fetch suite
// and the mock's state rules called in-process. Neither needs a mock or a server, so each mutant
// costs milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/client-stubbed.test.ts', 'test/state-rules.test.ts', 'test/reflect-rules.test.ts', 'test/pydantic-rules.test.ts'],
  },
});
