// The client's answers through every door (./answers.ts), on the packed package with this project's msw.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, UnexpectedResponseError } from '@observability/api-contract';
import { createMock } from '@observability/api-contract/mock';
import { createRequire } from 'node:module';
import { answersSuite } from './answers.js';

const { version } = createRequire(import.meta.url)('msw/package.json') as { version: string };

answersSuite({
  createApiClient,
  UnexpectedResponseError,
  createMock,
  msw: { http, setupServer: setupServer as never },
  vitest: { afterAll, beforeAll, describe, expect, it },
  mswMajor: Number(version.split('.')[0]),
});
