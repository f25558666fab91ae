// The main entry's client module (src/client/index.ts): createApiClient with the check loaded from
// the package's files under Node only, and a typed error, not a TypeError, where it cannot be.
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, ValidatorUnavailableError } from '../../../src/index.js';

describe('validateResponses where the main entry cannot load its check', () => {
  it('a runtime without Node (a page with a process polyfill): createApiClient throws ValidatorUnavailableError, not a TypeError', () => {
    vi.stubGlobal('process', { env: {}, versions: {} });
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
      message:
        "validateResponses cannot load its check in a runtime without Node (a web page, a worker) from '@observability/api-contract', which loads it from the package's files under Node only: import createApiClient from '@observability/api-contract/checked' (with ajv and ajv-formats installed) to check answers there; nothing was sent.",
    });
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:9' })).not.toThrow();
  });
});
