// Starts the mocks the tests share: the stateful default of `npm start` and a `--stateless` one,
// side by side, each on a free loopback port, in vitest's own process (src/mock/server.ts: the
// mock's HTTP door). Provides their URLs to the tests, and always stops them. With MOCK_SCRIPT
// (another copy of the bin, such as the package installed with the newest Prism: .ci/run) they are
// started as processes of that script instead. A test that needs other settings starts a mock of
// its own (test/support/in-process.ts).
import type { TestProject } from 'vitest/node';
import { startTestMock } from './in-process.js';
import { startMock } from './mock-process.js';

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

const mocks: { baseUrl: string; stop(): Promise<void> }[] = [];

export async function setup(project: TestProject): Promise<void> {
  const start = process.env.MOCK_SCRIPT
    ? (args: string[]) => startMock({ args })
    : (args: string[]) => startTestMock({ stateless: args.includes('--stateless') });
  const started = await Promise.allSettled([start([]), start(['--stateless'])]);
  for (const result of started) if (result.status === 'fulfilled') mocks.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(mocks.splice(0).map((mock) => mock.stop()));
    throw failed.reason;
  }
  const [stateful, stateless] = mocks as unknown as [{ baseUrl: string }, { baseUrl: string }];
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
