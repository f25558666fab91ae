// The main entry's loader of validateResponses under Node (src/client/contract.ts): ajv, ajv-formats
// and the spec from the package's place, and a clear error, before anything is sent, when ajv is not
// installed.
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, MissingValidatorError, UnexpectedResponseError } from '../../../src/index.js';
import { every, logTraces, stubbed } from '../../support/stub-client.js';

// The package as the client's contract check finds it: the test below makes its require find no
// ajv. The client is loaded once, as a caller loads it, so that no test covers what it sets up when
// it loads (docs/CONTRIBUTING.md: those mutants are left to "ignoreStatic").
const packageRoot = vi.hoisted(() => ({ peersInstalled: true }));
vi.mock('../../../src/shared/package-root.js', async (original) => {
  const real = await original<typeof import('../../../src/shared/package-root.js')>();
  return {
    ...real,
    requireFromPackage: (name: string) => {
      if (!packageRoot.peersInstalled)
        throw Object.assign(new Error(`Cannot find module '${name}'\nRequire stack: …`), { code: 'MODULE_NOT_FOUND' });
      return real.requireFromPackage(name);
    },
  };
});

describe('validateResponses without ajv installed', () => {
  it('every call rejects with MissingValidatorError naming the install command, and nothing breaks without the option', async () => {
    packageRoot.peersInstalled = false;
    try {
      const { client, sent } = stubbed({ auth: every, validateResponses: true });
      for (let i = 0; i < 2; i++) {
        const error = await logTraces(client).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MissingValidatorError);
        expect(error).toMatchObject({
          name: 'MissingValidatorError',
          command: 'npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1',
          message:
            'validateResponses needs ajv and ajv-formats, optional peer dependencies that are not installed: npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1',
        });
        expect((error as Error).cause).toMatchObject({ code: 'MODULE_NOT_FOUND' });
      }
      expect(sent).toEqual([]);
      const plain = createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        auth: every,
        fetch: async () => Response.json({ traces_count: 1 }),
      });
      expect((await logTraces(plain)).data).toEqual({ traces_count: 1 });
    } finally {
      packageRoot.peersInstalled = true;
    }
  });
});

describe('validateResponses with ajv installed, under Node', () => {
  it('the check loads from the package: an answer that breaks its schema is kind contract, a valid one passes', async () => {
    const answering = (body: unknown) =>
      stubbed({ auth: every, validateResponses: true }, { body: JSON.stringify(body) }).client;
    expect((await logTraces(answering({ traces_count: 1, trace_ids: [] }))).data).toEqual({
      traces_count: 1,
      trace_ids: [],
    });
    const error = await logTraces(answering({ traces_count: 'one', trace_ids: [] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({
      kind: 'contract',
      violations: [{ pointer: '/traces_count', message: 'must be integer' }],
    });
  });
});
