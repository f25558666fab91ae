// The seeded generator (src/shared/random.ts): mulberry32's published sequence, the same draws for
// the same seed, a seed taken modulo 2^32, and draws in [0, 1). The mock's chaos and the verifier's
// corpus replay recorded runs from this exact sequence.
import { expect, it } from 'vitest';
import { mulberry32 } from '../../../src/shared/random.js';

const draws = (seed: number, count = 3) => {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => random() * 2 ** 32);
};

it("mulberry32's sequence: seed 0 starts 0.26642920868471265, as the reference implementation does", () => {
  expect(mulberry32(0)()).toBe(0.26642920868471265);
  expect(draws(0)).toEqual([1144304738, 1416247, 958946056]);
  expect(draws(1)).toEqual([2693262067, 11749833, 2265367787]);
  // the verifier's default seed, and the scenarios' hash of the empty seed
  expect(draws(45)).toEqual([159753481, 3924732525, 3378750744]);
  expect(draws(0x811c9dc5)).toEqual([2625274932, 2119670693, 3324411561]);
});

it('the same seed gives the same draws; each generator keeps its own state', () => {
  const a = mulberry32(7);
  const b = mulberry32(7);
  const first = [a(), a()];
  expect([b(), b()]).toEqual(first);
  expect(a()).not.toBe(first[0]);
  expect(draws(8)).not.toEqual(draws(7));
});

it('a seed is taken modulo 2^32: -1 is 2^32 - 1, 2^32 is 0', () => {
  expect(draws(-1)).toEqual(draws(2 ** 32 - 1));
  expect(draws(2 ** 32)).toEqual(draws(0));
  expect(draws(2 ** 32 + 45)).toEqual(draws(45));
});

it('draws whole multiples of 2^-32 in [0, 1)', () => {
  for (const seed of [0, 1, 45, 2 ** 31, 2 ** 32 - 1]) {
    for (const x of draws(seed, 2000)) {
      expect(Number.isInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** 32);
    }
  }
});
