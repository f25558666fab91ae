// The MSW scenario (./scenario.ts) in an empty project that installed the packed package, msw and
// the Prism peers (test/ecosystem/msw.mjs copies this folder there): the package's own entry
// points, as a consumer imports them. The mock starts no process and no server.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails } from '@observability/api-contract';
import { createMock } from '@observability/api-contract/mock';
import { mswHandlers } from '@observability/api-contract/msw';
import { scenario } from './scenario.js';

scenario({
  createApiClient,
  validationDetails,
  createMock,
  mswHandlers,
  setupServer: setupServer as never,
  vitest: { afterAll, beforeAll, beforeEach, describe, expect, it },
});

afterAll(() => {
  // No child process and no listening socket in this worker: the answers came from inside fetch.
  expect(
    process.getActiveResourcesInfo().filter((resource) => resource === 'ProcessWrap' || resource === 'TCPServerWrap'),
  ).toEqual([]);
});
