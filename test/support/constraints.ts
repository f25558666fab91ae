// The shipped constraint derivation (src/verify/constraints.ts) at this fuzz run's seed and scale.
import * as shipped from '../../src/verify/constraints.js';
import type { Operation } from '../../src/verify/operations.js';
import { budget, seedFor } from './fuzz-config.js';

export {
  probeIsValid,
  type Constraint,
  type Derivation,
  type Expected,
  type In,
  type NegativeCase,
  type PositiveProbe,
} from '../../src/verify/constraints.js';

/** Every constraint, edge and open object of one operation, on FUZZ_SCALE's number of bases. */
export function derive(op: Operation): shipped.Derivation {
  return shipped.derive(op, { seedFor, bases: budget.basesPerConstraint });
}
