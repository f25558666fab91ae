// The MSW scenario (test/ecosystem/msw/scenario.ts) on the source, with the MSW 2 of the
// repository's devDependencies; test/ecosystem/ runs it on the packed package with MSW 2 and 3.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails } from '../../src/index.js';
import { createMock } from '../../src/mock/index.js';
import { mswHandlers } from '../../src/mock/msw.js';
import { scenario } from '../ecosystem/msw/scenario.js';

scenario({ createApiClient, validationDetails, createMock, mswHandlers, setupServer: setupServer as never, vitest: { afterAll, beforeAll, beforeEach, describe, expect, it } });
