// The tests Stryker runs for each mutant (npm run mutation): the ones that exercise what ships in
// the test process. The mock runs in that process too (MOCK_IN_PROCESS=1: test/setup/in-process-mock.ts
// and test/helpers/in-process-mock.ts), so its translation, reflection and state are mutated with
// the client. Tests of child processes (the CLI's exit codes, RSS, Redocly, npm, Chromium) cannot
// see a mutant and are left to `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/client-stubbed.test.ts',
      'test/pydantic-rules.test.ts',
      'test/reflect-rules.test.ts',
      'test/client.test.ts',
      'test/mock.test.ts',
      'test/real-clients.test.ts',
      'test/state-rules.test.ts',
      'test/fuzz/hostile-responses.test.ts',
      'test/fuzz/client-limits.test.ts',
    ],
    env: { MOCK_IN_PROCESS: '1' },
    setupFiles: ['test/setup/in-process-mock.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
