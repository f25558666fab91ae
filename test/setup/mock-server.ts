// Starts the mocks the tests share, the way `npm start` does (dist/src/mock/cli.js, Prism in that
// process), each on a free loopback port: the stateful default and a `--stateless` one, side by
// side. Waits until both answer, provides their URLs to the tests, and always stops them. A test
// that needs other flags starts a mock of its own. First it compiles the mock when its source
// changed (./build-mock.ts): every mock a test spawns runs that build.
import type { TestProject } from 'vitest/node';
import { startMock, type MockProcess } from '../helpers/mock-process.js';
import { buildMock } from './build-mock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock the contract tests talk to: the stateful one, or the stateless one with MOCK_STATELESS=1. */
    mockBaseUrl: string;
    /** The stateful mock (the default of `npm start`); a test keeps its state apart with X-Mock-Session. */
    statefulMockUrl: string;
    /** The `--stateless` mock: what one request determines on its own. */
    statelessMockUrl: string;
  }
}

const mocks: MockProcess[] = [];

export async function setup(project: TestProject): Promise<void> {
  const built = buildMock();
  if (process.env.MOCK_BUILD_LOG === '1') console.log(built);
  const started = await Promise.allSettled([startMock(), startMock({ args: ['--stateless'] })]);
  for (const result of started) if (result.status === 'fulfilled') mocks.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(mocks.splice(0).map((mock) => mock.stop()));
    throw failed.reason;
  }
  const [stateful, stateless] = mocks as [MockProcess, MockProcess];
  project.provide('statefulMockUrl', stateful.baseUrl);
  project.provide('statelessMockUrl', stateless.baseUrl);
  // MOCK_STATELESS=1 runs the contract tests against `--stateless` (what does not depend on state passes both ways).
  project.provide('mockBaseUrl', process.env.MOCK_STATELESS === '1' ? stateless.baseUrl : stateful.baseUrl);
}

export async function teardown(): Promise<void> {
  const stopped = await Promise.allSettled(mocks.map((mock) => mock.stop()));
  for (const result of stopped) {
    if (result.status === 'fulfilled') continue;
    // vitest reports an error of a global teardown but still exits 0: a fallback of a shared mock
    // (a fault of its layer that its answers hid) must fail the run.
    const error: unknown = result.reason;
    console.error(`A shared mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
