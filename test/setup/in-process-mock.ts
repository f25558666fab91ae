// For mutation testing (vitest.mutation.config.ts): each test file gets the shared mock started
// in its own process, so the mock's code runs where Stryker activates a mutant.
import { afterAll, beforeAll } from 'vitest';
import { startInProcessMock } from '../helpers/in-process-mock.js';

let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const mock = await startInProcessMock();
  stop = mock.stop;
  (globalThis as { __contractMockUrl?: string }).__contractMockUrl = mock.baseUrl;
});

afterAll(async () => {
  await stop?.();
});
