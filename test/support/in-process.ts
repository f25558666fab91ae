// Mocks in the test's own process: the HTTP door (src/mock/server.ts) on a free loopback port, for
// tests that need a URL (the verifier, HTTP clients), and the fetch door (src/mock/index.ts) for
// those that do not. No process is started: the Prism modules load once per worker. A mock's log
// is kept, and `stop()` fails the test when the mock's layer fell back to Prism's answer.
import { PassThrough } from 'node:stream';
import { createMock, type Mock, type MockOptions as InProcessOptions } from '../../src/mock/index.js';
import { startMock, type MockOptions } from '../../src/mock/server.js';
import { FallbackError, fallbacksOf } from './mock-process.js';

export interface TestMock {
  baseUrl: string;
  /** What the mock logged so far. */
  log(): string;
  stop(): Promise<void>;
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  });
  return { stream, text: () => text };
}

/** The HTTP mock with these settings, in this process, on a free loopback port. */
export async function startTestMock(settings: Omit<MockOptions, 'host' | 'port' | 'log'> = {}): Promise<TestMock> {
  const log = capture();
  const mock = await startMock({ ...settings, host: '127.0.0.1', port: 0, log: log.stream });
  return {
    baseUrl: mock.url,
    log: log.text,
    async stop() {
      const fired = await fallbacksOf(mock.url);
      await mock.close();
      if (fired.total > 0) throw new FallbackError(fired, log.text());
    },
  };
}

/** The in-process mock with these settings, its log kept. */
export async function createTestMock(settings: Omit<InProcessOptions, 'log'> = {}): Promise<Mock & { log(): string }> {
  const log = capture();
  const mock = await createMock({ ...settings, log: log.stream });
  return Object.assign(mock, { log: log.text });
}
