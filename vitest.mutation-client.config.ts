// The tests Stryker runs for each mutant of the client (npm run mutation:client): its stubbed-fetch
// suite, which needs no mock and no server, so each mutant costs milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/client-stubbed.test.ts'],
  },
});
