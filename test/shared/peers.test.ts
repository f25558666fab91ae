// The install command the bins print for their missing optional peers.
import { expect, it } from 'vitest';
import { installCommand } from '../../src/shared/peers.js';

it('names each peer at the first version of its range, without ^ or ~', () => {
  const ranges = { a: '5.8.0 || ^5.16.0', b: '^8.17.1', c: ' ~3.0.1 ', d: '2.0.0' };
  expect(installCommand(ranges, ['a', 'b', 'c', 'd'])).toBe('npm install --save-dev a@5.8.0 b@8.17.1 c@3.0.1 d@2.0.0');
  expect(installCommand(ranges, ['b'])).toBe('npm install --save-dev b@8.17.1');
  expect(installCommand(ranges, ['b', 'msw'])).toBe('npm install --save-dev b@8.17.1 msw');
});
