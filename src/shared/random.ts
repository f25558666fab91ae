// A small seeded generator (mulberry32) for draws that must repeat: the mock's chaos and the
// verifier's corpus draw from it, and recorded runs depend on its exact sequence.

/** Numbers in [0, 1) from a 32-bit seed (taken modulo 2^32): the same seed, the same draws. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
