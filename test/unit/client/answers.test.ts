// The client's answers through every door (test/ecosystem/msw/answers.ts), on the source: a real
// socket, MSW 2 (the repository's), a hand-written fetch and the mock's own fetch. The ecosystem
// check runs the same suite on the packed package with MSW 2 and 3.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, UnexpectedResponseError } from '../../../src/index.js';
import { createMock } from '../../../src/mock/index.js';
import { createRequire } from 'node:module';
import { answersSuite } from '../../ecosystem/msw/answers.js';

const { version } = createRequire(import.meta.url)('msw/package.json') as { version: string };

answersSuite({
  createApiClient,
  UnexpectedResponseError,
  createMock,
  msw: { http: http, setupServer: setupServer as never },
  vitest: { afterAll, beforeAll, describe, expect, it },
  mswMajor: Number(version.split('.')[0]),
});
