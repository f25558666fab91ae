// The seeds of a run (src/verify/seed.ts): each generator's seed is derived from the run's seed and
// its name, the same every time, different across names and across run seeds, an unsigned 32-bit
// number (FNV-1a).
import { expect, it } from 'vitest';
import { seedsOf } from '../../../src/verify/seed.js';

it('the same run seed and name: the same seed; another name or run seed: another', () => {
  const run = seedsOf(42);
  expect(run('bodies')).toBe(seedsOf(42)('bodies'));
  expect(run('bodies')).not.toBe(run('queries'));
  expect(run('bodies')).not.toBe(seedsOf(43)('bodies'));
  for (const name of ['', 'a', 'bodies', 'ü', 'x'.repeat(1000)]) {
    const seed = run(name);
    expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, name).toBe(true);
  }
});

it("FNV-1a's values: the offset basis for an empty name with seed 0, and its known digest of 'a'", () => {
  expect(seedsOf(0)('')).toBe(0x811c9dc5);
  expect(seedsOf(0)('a')).toBe(0xe40c292c);
  expect(seedsOf(1)('')).toBe(0x811c9dc4);
});

it("one number replays a run: each generator's seed comes from its name and the run's seed", () => {
  const a = seedsOf(42);
  expect(a('x')).toBe(seedsOf(42)('x'));
  expect(a('x')).not.toBe(a('y'));
  expect(a('x')).not.toBe(seedsOf(43)('x'));
  expect(a('xy')).not.toBe(a('yx'));
  expect(seedsOf(0)('')).toBe(0x811c9dc5);
  expect(seedsOf(0)('a')).toBe(0xe40c292c);
  expect(seedsOf(1)('a')).toBe(0xe50c2abf);
  expect(seedsOf(0)('loginSocial#valid#0')).toBeGreaterThanOrEqual(0);
});
