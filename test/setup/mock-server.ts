// Starts the mock the way `npm start` does (dist/src/mock/cli.js, Prism in that process) on a free
// loopback port, waits until it answers, provides its URL to the tests, and always stops it. First
// it compiles the mock when its source changed (./build-mock.ts): every mock a test spawns runs
// that build.
import type { TestProject } from 'vitest/node';
import { startMock, type MockProcess } from '../helpers/mock-process.js';
import { buildMock } from './build-mock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
  }
}

let mock: MockProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const built = buildMock();
  if (process.env.MOCK_BUILD_LOG === '1') console.log(built);
  // MOCK_STATELESS=1 runs the suite against `--stateless` (what does not depend on state passes both ways).
  mock = await startMock({ args: process.env.MOCK_STATELESS === '1' ? ['--stateless'] : [] });
  project.provide('mockBaseUrl', mock.baseUrl);
}

export async function teardown(): Promise<void> {
  try {
    await mock?.stop();
  } catch (error) {
    // vitest reports an error of a global teardown but still exits 0: a fallback of the shared
    // mock (a fault of its layer that its answers hid) must fail the run.
    console.error(`The shared mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
