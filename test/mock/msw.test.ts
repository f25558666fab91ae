// The MSW scenario (test/ecosystem/msw/scenario.ts) on the source, with the MSW 2 of the
// repository's devDependencies; test/ecosystem/ runs it on the packed package with MSW 2 and 3.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails } from '../../src/index.js';
import { createMock } from '../../src/mock/index.js';
import { mswHandlers } from '../../src/mock/msw.js';
import { scenario } from '../ecosystem/msw/scenario.js';

scenario({ createApiClient, validationDetails, createMock, mswHandlers, setupServer: setupServer as never, vitest: { afterAll, beforeAll, beforeEach, describe, expect, it } });

describe('without msw installed', () => {
  it('mswHandlers throws MissingMswError naming msw and how to install it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'no-msw-'));
    try {
      // A copy of the package (its source, manifest and spec) where no msw can be resolved.
      const repo = fileURLToPath(new URL('../..', import.meta.url));
      cpSync(join(repo, 'src'), join(root, 'src'), { recursive: true });
      cpSync(join(repo, 'package.json'), join(root, 'package.json'));
      cpSync(join(repo, 'generated/openapi.json'), join(root, 'generated/openapi.json'));
      const copy = (await import(join(root, 'src/mock/msw.ts'))) as typeof import('../../src/mock/msw.js');
      expect(() => copy.mswHandlers('https://api.example.test')).toThrow(copy.MissingMswError);
      expect(() => copy.mswHandlers('https://api.example.test')).toThrow(
        'mswHandlers needs msw, an optional peer dependency that is not installed: npm install --save-dev msw (msw@2 on Node 20: msw 3 needs Node 22.12 or later)',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
