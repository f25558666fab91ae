// What the rules modules share: reading and showing JSON values in a check's message, and the
// kind of store the mock keeps a project's records in.
import { deepEqual, isObject, type JsonObject } from '../shared/json.js';
import type { RuleRequest, Store } from './types.js';

export const has = (object: JsonObject, key: string): boolean => Object.hasOwn(object, key);
export const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Equal JSON values; strings that are UUIDs compare case-insensitively (a UUID's case carries no meaning). */
export const same = (a: unknown, b: unknown): boolean =>
  deepEqual(
    a,
    b,
    (x, y) =>
      typeof x === 'string' &&
      typeof y === 'string' &&
      UUID.test(x) &&
      UUID.test(y) &&
      x.toLowerCase() === y.toLowerCase(),
  );

/** A copy of a sample's body changed by `edit`, as a probe. */
export function edited(
  sample: RuleRequest,
  label: string,
  edit: (body: JsonObject) => void,
): { label: string; request: RuleRequest } | undefined {
  if (!isObject(sample.body)) return undefined;
  const body = structuredClone(sample.body);
  edit(body);
  return { label, request: { path: sample.path, body } };
}

/**
 * A store of records of a project, each keyed "project_id/…_id" (a run's configuration, a
 * template, …); in an initial state, an object of them by that key.
 */
export function projectRecords<Name extends string>(
  name: Name,
): Store<Name, Record<string, JsonObject>, string, JsonObject> {
  return {
    name,
    check(value) {
      if (!isObject(value)) return `"${name}" must be an object keyed by "project_id/…_id"`;
      for (const [id, record] of Object.entries(value)) {
        if (!/^[^/]+\/[^/]+$/.test(id)) return `${name} key "${id}" must be "project_id/…_id"`;
        if (!isObject(record)) return `${name}["${id}"] must be an object`;
      }
      return undefined;
    },
    load: (initial) => Object.entries(structuredClone(initial)),
  };
}
