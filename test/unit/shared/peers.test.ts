// What the bins and the mock share about optional peers: loading one (its absence told from a broken
// install) and the install command they print for the missing ones.
import { describe, expect, it } from 'vitest';
import { installCommand, loadPeer } from '../../../src/shared/peers.js';

it('names each peer at the first version of its range, without ^ or ~', () => {
  const ranges = { a: '5.8.0 || ^5.16.0', b: '^8.17.1', c: ' ~3.0.1 ', d: '2.0.0' };
  expect(installCommand(ranges, ['a', 'b', 'c', 'd'])).toBe('npm install --save-dev a@5.8.0 b@8.17.1 c@3.0.1 d@2.0.0');
  expect(installCommand(ranges, ['b'])).toBe('npm install --save-dev b@8.17.1');
  expect(installCommand(ranges, ['b', 'msw'])).toBe('npm install --save-dev b@8.17.1 msw');
});

describe('loadPeer', () => {
  const notFound = (message: string) => Object.assign(new Error(message), { code: 'MODULE_NOT_FOUND' });
  class Missing extends Error {}
  const missing = (cause: unknown) => new Missing('missing', { cause });
  /** What loadPeer('peer') throws when loading throws `error` (undefined when it throws nothing). */
  function thrownBy(error: unknown): unknown {
    try {
      loadPeer(
        'peer',
        () => {
          throw error;
        },
        missing,
      );
    } catch (thrown) {
      return thrown;
    }
    return undefined;
  }

  it('gives what the loader loads', () => {
    expect(loadPeer('peer', (name) => ({ name }), missing)).toEqual({ name: 'peer' });
  });

  it('turns the absence of the peer itself into its error, with the cause', () => {
    const absent = notFound("Cannot find module 'peer'\nRequire stack:\n- /app/index.js");
    const thrown = thrownBy(absent);
    expect(thrown).toBeInstanceOf(Missing);
    expect((thrown as Error).cause).toBe(absent);
  });

  it("lets any other error through as it is: a module the peer requires, another module's name, a failure that is not an Error", () => {
    for (const error of [
      notFound("Cannot find module 'its-dependency'\nRequire stack:\n- /app/node_modules/peer/index.js"),
      notFound("Cannot find module 'peer/sub'"),
      notFound("Cannot find module 'peer-extra'"),
      new SyntaxError('Unexpected token'),
      "Cannot find module 'peer'",
    ]) {
      expect(thrownBy(error)).toBe(error);
    }
  });
});
