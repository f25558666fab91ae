// The tests Stryker runs for each mutant of stryker.mock-modules.config.json: the mock's smaller
// modules (the body's decode errors, pydantic's wording, --max-items, the log, the fallbacks, the
// package's own files, the bin, CORS, the body read, the control paths) called in-process. None
// needs a mock process or a server.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/mock-modules-rules.test.ts', 'test/mock-cli-rules.test.ts'],
  },
});
