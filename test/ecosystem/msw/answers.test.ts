// The client's answers through every door (./answers.ts), on the packed package with this project's msw.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, UnexpectedResponseError } from '@observability/api-contract';
import { createMock } from '@observability/api-contract/mock';
import { answersSuite } from './answers.js';

answersSuite({
  createApiClient,
  UnexpectedResponseError,
  createMock,
  msw: { http: http as never, setupServer: setupServer as never },
  vitest: { afterAll, beforeAll, describe, expect, it },
});
