// The tests Stryker runs for each mutant (npm run mutation): the ones that exercise what ships in
// this process (the client against the shared mock, the mock's stages called without a socket).
// Tests of child processes (the mock's own process, Redocly, npm, Chromium) cannot see a mutant.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/client.test.ts',
      'test/real-clients.test.ts',
      'test/state-rules.test.ts',
      'test/fuzz/hostile-responses.test.ts',
      'test/fuzz/client-limits.test.ts',
    ],
    globalSetup: ['test/setup/mock-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
