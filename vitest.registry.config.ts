// The checks that install packages from the npm registry, outside `npm test` (which installs
// nothing): `npm run test:registry`, run by .ci/run after every `npm test`. Today that is
// test/registry/docs-samples.test.ts, which installs the documentation's imports and TypeScript 7
// beside the packed tarball. The package is packed by the same global setup as the `packed`
// project of vitest.config.ts, and its kept pack (test/support/package.ts) is reused after an
// `npm test` of the same working tree.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'registry',
    include: ['test/registry/**/*.test.ts'],
    globalSetup: ['test/support/package.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
