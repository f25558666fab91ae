// One number replays a run: the seed of each named generator is derived from the run's seed.

/** Gives the seed of the generator called `name`. */
export type SeedFor = (name: string) => number;

/** The seeds of a run: FNV-1a of each generator's name, mixed with the run's seed. */
export function seedsOf(runSeed: number): SeedFor {
  return (name) => {
    let hash = 0x811c9dc5 ^ runSeed;
    for (let i = 0; i < name.length; i++) {
      hash ^= name.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  };
}
