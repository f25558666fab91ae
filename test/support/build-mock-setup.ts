// The integration tier's global setup: the bins its files start are the compiled mock
// (dist/src/mock/cli.js, what `npm start` runs), compiled first when a source is newer
// (test/support/build-mock.ts). MOCK_BUILD_LOG=1 prints what it did.
import { buildMock } from './build-mock.js';

export function setup(): void {
  const built = buildMock();
  if (process.env.MOCK_BUILD_LOG === '1') console.log(built);
}
