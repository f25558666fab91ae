// The clock of work done in slices (src/mock/common/slices.ts): a slice is due once its time has
// run; the next one starts after the others have had their turn.
import { afterEach, expect, it, vi } from 'vitest';
import { SLICE_MS, Slices } from '../../../../src/mock/common/slices.js';

it('a slice is not due before its time, and is once it has run', async () => {
  const slices = new Slices(() => Promise.resolve(), 20);
  expect(slices.due()).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 25));
  expect(slices.due()).toBe(true);
});

it('next lets the others run, then starts a new slice of the same length', async () => {
  const turns: string[] = [];
  const slices = new Slices(async () => {
    turns.push('breathe');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }, 20);
  await slices.next();
  expect(turns).toEqual(['breathe']);
  expect(slices.due()).toBe(false);
});

it('the slices of the default clock last SLICE_MS, 10 ms', async () => {
  expect(SLICE_MS).toBe(10);
  const slices = new Slices(() => Promise.resolve());
  expect(slices.due()).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, SLICE_MS + 2));
  expect(slices.due()).toBe(true);
});

afterEach(() => vi.restoreAllMocks());

it('a slice is due from the very moment its time has run', () => {
  const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
  const slices = new Slices(() => Promise.resolve(), 10);
  now.mockReturnValue(1_009.9);
  expect(slices.due()).toBe(false);
  now.mockReturnValue(1_010);
  expect(slices.due()).toBe(true);
});
