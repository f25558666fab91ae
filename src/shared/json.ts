// Generic JSON helpers shared by the client, the mock, the rules and the verifier.

export type JsonObject = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Equal JSON values: equal scalars (by `scalarsEqual`; the same value by default), arrays of equal
 * items in order, objects with the same keys and equal values.
 */
export function deepEqual(
  a: unknown,
  b: unknown,
  scalarsEqual: (a: unknown, b: unknown) => boolean = (x, y) => x === y,
): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i], scalarsEqual));
  if (!isObject(a) || !isObject(b)) return scalarsEqual(a, b);
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k], scalarsEqual))
  );
}
