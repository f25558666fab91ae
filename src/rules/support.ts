// What the rules modules share: reading and showing JSON values in a check's message, and the
// kind of store the mock keeps a project's records in.
import { deepEqual, isObject, type JsonObject } from '../shared/json.js';
import { uuidValue } from '../shared/uuid-text.js';
import type { RuleRequest, Store } from './types.js';

export const has = (object: JsonObject, key: string): boolean => Object.hasOwn(object, key);
export const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

/** Equal JSON values; strings that name the same UUID compare equal, in any of the forms pydantic reads (a case, hyphens, braces or a `urn:uuid:` carry no meaning). */
export const same = (a: unknown, b: unknown): boolean =>
  deepEqual(a, b, (x, y) => {
    if (typeof x !== 'string' || typeof y !== 'string') return false;
    const uuid = uuidValue(x);
    return uuid !== undefined && uuid === uuidValue(y);
  });

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
