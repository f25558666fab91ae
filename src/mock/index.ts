/// <reference types="node" />
// The mock in your own process under Node (`@observability/api-contract/mock`): ./mock.ts on Node's
// host (./host.ts: the package's bundle of Prism, its log on stderr).
import { nodeHost } from './host.js';
import type { Mock, MockOptions } from './api.js';
import { createMockOn } from './mock.js';
import { checkMockOptions } from './options.js';

export * from './api.js';

/**
 * Creates an in-process mock of the API, on the package's embedded spec unless `spec` says
 * otherwise. Its log goes to stderr, at `error` unless `logLevel` says otherwise. Options it cannot
 * start with: MockOptionError, naming the option, before anything is loaded.
 */
export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const checked = checkMockOptions(options);
  return createMockOn(nodeHost(), { log: process.stderr, ...checked });
}
