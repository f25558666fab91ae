// Scale and seed of a fuzz run, read once from the environment.
//   FUZZ_SCALE=large   the long configuration (hundreds of cases per operation, the long load run)
//   FUZZ_SEED=<int>    replays a run: every generator (fast-check and json-schema-faker) derives from it
//   FUZZ_VERBOSE=1     prints one line per constraint and per hostile case (always on with FUZZ_SCALE=large)
//   FUZZ_BASE_URL=…    sends the positive and negative cases to that server instead of the test mock
//   FUZZ_MOCK_SCRIPT=… the script the hostile-input and load tests start instead of dist/src/mock/cli.js

import { seedsOf, type SeedFor } from '../../src/verify/seed.js';

export type Scale = 'default' | 'large';

function readScale(): Scale {
  const value = process.env.FUZZ_SCALE ?? 'default';
  if (value !== 'default' && value !== 'large')
    throw new Error(`FUZZ_SCALE must be "default" or "large", got "${value}"`);
  return value;
}

function readSeed(): number {
  const value = process.env.FUZZ_SEED;
  if (value === undefined || value === '') return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got "${value}"`);
  return seed >>> 0;
}

export const scale: Scale = readScale();
export const seed: number = readSeed();
export const verbose = scale === 'large' || process.env.FUZZ_VERBOSE === '1';

/** How much of each kind of case a run makes. */
export const budget =
  scale === 'large'
    ? {
        /** fast-check cases per operation, spread over the operation's variants (at least 2 each). */
        casesPerOperation: 300,
        /** json-schema-faker cases per operation (an independent second generator). */
        fakerCasesPerOperation: 50,
        /** Valid base requests each negative mutation is applied to (the first one is the filled sample). */
        basesPerConstraint: 4,
        /** Valid bodies corrupted at random (byte flips, cuts, insertions) and sent raw to the private mock. */
        corruptions: 500,
        /** Requests of the load run (after a warm-up of loadWarmup requests), over loadConnections connections. */
        loadRequests: 60_000,
        loadWarmup: 2_000,
        loadConnections: 8,
      }
    : {
        casesPerOperation: 12,
        fakerCasesPerOperation: 3,
        basesPerConstraint: 1,
        corruptions: 25,
        loadRequests: 1_000,
        // Node 24 settles its heap (post-GC RSS) only after about 1,000 requests of this mix.
        loadWarmup: 1_000,
        loadConnections: 4,
      };

/** A seed for one named generator, derived from the run's seed (src/verify/seed.ts). */
export const seedFor: SeedFor = seedsOf(seed);

/** The command that replays this run. */
export function replayCommand(file: string): string {
  return `FUZZ_SEED=${seed}${scale === 'large' ? ' FUZZ_SCALE=large' : ''} npx vitest run ${file}`;
}

/** Printed once by each fuzz file, so every run's output carries its seeds. */
export function announce(file: string, extra = ''): void {
  console.log(
    `[fuzz] ${file}: scale=${scale} FUZZ_SEED=${seed} (fast-check seeds and json-schema-faker seeds derive from it)${extra ? `; ${extra}` : ''}\n` +
      `[fuzz] replay: ${replayCommand(file)}`,
  );
}

/** Where the positive and negative cases go: FUZZ_BASE_URL, else the mock the test setup started. */
export function targetUrl(fromSetup: () => string): string {
  return process.env.FUZZ_BASE_URL || fromSetup();
}
