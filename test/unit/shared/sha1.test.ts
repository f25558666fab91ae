// SHA-1 in plain JavaScript (src/shared/sha1.ts) against Node's crypto: the same digest for inputs
// around every padding boundary (55, 56, 63, 64 bytes...), the empty input and FIPS 180's vectors.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { sha1 } from '../../../src/shared/sha1.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const node = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

it("FIPS 180's vectors", () => {
  expect(hex(sha1(new TextEncoder().encode('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  expect(hex(sha1(new Uint8Array()))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  expect(hex(sha1(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
    '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
  );
});

it("Node's digest for every length from 0 to 200 bytes, and a large input", () => {
  for (let length = 0; length <= 200; length++) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
    expect(hex(sha1(bytes)), `${length} bytes`).toBe(node(bytes));
  }
  const large = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 7) & 0xff);
  expect(hex(sha1(large))).toBe(node(large));
});
