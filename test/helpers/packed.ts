import { inject } from 'vitest';
import type { PackedPackage } from '../setup/package.js';

/** The package packed and installed once per run (test/setup/package.ts). */
export function packedPackage(): PackedPackage {
  const packed = inject('packedPackage');
  if (!packed) {
    throw new Error('the packed package is provided to the "packed" project only: list this test file in PACKED of vitest.config.ts');
  }
  return packed;
}
