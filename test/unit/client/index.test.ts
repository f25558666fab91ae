// The main entry's client module (src/client/index.ts): createApiClient with the check loaded from
// the package's files under Node only, and a typed error, not a TypeError, where it cannot be: a
// runtime without Node, or a bundle made for Node that left the check's module out.
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, ValidatorUnavailableError } from '../../../src/index.js';
import { every, logTraces, stubbed } from '../../support/stub-client.js';

// A bundle for Node that did not take the check's module: its import fails, as a bundler's output
// without ./contract.js beside it does.
const bundle = vi.hoisted(() => ({ contractMissing: false }));
vi.mock('../../../src/client/contract.js', async (original) => {
  if (bundle.contractMissing) throw new Error("Cannot find module './contract.js'");
  return original();
});

const EXPECTED = (where: string) =>
  `validateResponses cannot load its check in ${where} from '@observability/api-contract', which loads it from the package's files under Node only: import createApiClient from '@observability/api-contract/checked' (with ajv and ajv-formats installed) to check answers there; nothing was sent.`;

describe('validateResponses where the main entry cannot load its check', () => {
  it.each([
    ['a process polyfill without a Node version', { env: {}, versions: {} }],
    ['a process polyfill without versions', { env: {} }],
    ['no process at all', undefined],
  ])('a runtime without Node (%s): createApiClient throws ValidatorUnavailableError, not a TypeError', (_, process) => {
    vi.stubGlobal('process', process);
    let thrown: unknown;
    try {
      createApiClient({ baseUrl: 'http://127.0.0.1:9', validateResponses: true });
    } catch (error) {
      thrown = error;
    } finally {
      vi.unstubAllGlobals();
    }
    expect(thrown).toBeInstanceOf(ValidatorUnavailableError);
    expect(thrown).not.toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({
      name: 'ValidatorUnavailableError',
      entry: '@observability/api-contract/checked',
      message: EXPECTED('a runtime without Node (a web page, a worker)'),
    });
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9' })).not.toThrow();
  });

  it('a bundle for Node without the check’s module: every call rejects with ValidatorUnavailableError, its cause kept, and nothing is sent', async () => {
    bundle.contractMissing = true;
    try {
      const { client, sent } = stubbed({ auth: every, validateResponses: true });
      const error = await logTraces(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidatorUnavailableError);
      expect(error).not.toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ message: EXPECTED('a bundle'), cause: expect.any(Error) as unknown });
      expect(sent).toEqual([]);
    } finally {
      bundle.contractMissing = false;
    }
  });
});
