// What the rules modules share: reading and showing JSON values in a check's message.
import { isObject, type JsonObject } from '../shared/json.js';
import type { RuleRequest } from './types.js';

export const has = (object: JsonObject, key: string): boolean => Object.hasOwn(object, key);
export const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

/** Equal JSON values; strings that are UUIDs compare case-insensitively (a UUID's case carries no meaning). */
export function same(a: unknown, b: unknown): boolean {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (typeof a === 'string' && typeof b === 'string' && uuid.test(a) && uuid.test(b)) return a.toLowerCase() === b.toLowerCase();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    // A key b lacks reads as undefined there, which no JSON value of a equals.
    return keys.length === Object.keys(b).length && keys.every((key) => same(a[key], b[key]));
  }
  return a === b;
}

/** A copy of a sample's body changed by `edit`, as a probe. */
export function edited(sample: RuleRequest, label: string, edit: (body: JsonObject) => void): { label: string; request: RuleRequest } | undefined {
  if (!isObject(sample.body)) return undefined;
  const body = structuredClone(sample.body);
  edit(body);
  return { label, request: { path: sample.path, body } };
}
