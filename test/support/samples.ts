// The shipped samples (src/verify/samples.ts) at this fuzz run's seed.
import * as shipped from '../../src/verify/samples.js';
import type { Operation } from '../../src/verify/operations.js';
import { seedFor } from './fuzz-config.js';

export { findNodes, firstNode, type Found, type Sample } from '../../src/verify/samples.js';

/** A valid request of a variant (every optional field filled), seeded by `name` and FUZZ_SEED. */
export function validSample(op: Operation, name: string, variantIndex = 0): shipped.Sample {
  return shipped.validSample(op, name, seedFor, variantIndex);
}
