// The helper that starts mock processes cleans up after itself: a worker runs many test files
// (isolate: false), so whatever one mock leaves on `process` adds up.
import { describe, expect, it } from 'vitest';
import { startMock } from '../support/mock-process.js';

describe('startMock', () => {
  it('a stopped mock leaves no exit listener behind', async () => {
    const before = process.listenerCount('exit');
    const mock = await startMock();
    expect(process.listenerCount('exit'), 'while it runs: one listener that kills it with the test process').toBe(
      before + 1,
    );
    await mock.stop();
    expect(mock.exited()).toBeDefined();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
