// The service's walk of a large body, done ahead in slices: each object or array item of the
// body's arrays is walked on its own, deepest first, and what it holds is kept by its array, so that
// the walk proper (Validator.errors given the result) reads each item's items instead of walking
// it again, and runs in one short stretch.
//   in:  the body's schema and value, where its `loc` starts, the bound on items, the slices' clock
//   out: the items of each array item walked, by its array (an `Ahead`)
import { LimitError } from '../common/limits.js';
import type { Slices } from '../common/slices.js';
import type { Schema } from '../prism/spec.js';
import { isObject } from '../../shared/json.js';
import { Items, type Ahead, type Detail, type Loc, type Validator } from './pydantic.js';

/** How many steps run between two looks at the clock. */
const CLOCK_EVERY = 64;
/** The most array items one step passes over looking for the next object or array among them. */
const SCAN = 4096;

/** The items of an array: `node`, their schema's node when the walk ahead goes into them. */
interface ArrayTask {
  kind: 'array';
  items: Schema;
  node: Schema | undefined;
  array: unknown[];
  found: (Detail[] | undefined)[];
  loc: Loc;
  next: number;
}

type Task =
  | ArrayTask
  | { kind: 'object'; node: Schema; value: Record<string, unknown>; loc: Loc }
  | { kind: 'item'; of: ArrayTask; index: number; loc: Loc };

/**
 * Walks ahead the items of `value`'s arrays, where the walk reaches them through objects, arrays
 * and `$ref`s (a union's members are walked under their names, another `loc`: what is below a
 * union is left to the walk proper). Stops, keeping what it has, once more than `limit` items are
 * found (an item inside another is counted at both: it stops early, never late).
 */
export async function walkAhead(
  validator: Validator,
  schema: Schema,
  value: unknown,
  loc: Loc,
  limit: number,
  slices: Slices,
): Promise<Ahead> {
  const ahead: Ahead = new Map();
  const found = new Items(limit);
  const tasks: Task[] = [];
  /** Queues the walk into a value under a node (at `loc`, then `key`): its array's items, or its properties'. */
  const into = (node: Schema | undefined, inner: unknown, loc: Loc, key?: string | number): void => {
    if (node === undefined) return;
    const at = () => (key === undefined ? loc : [...loc, key]);
    if (Array.isArray(inner)) {
      if (!isObject(node.items) || Array.isArray(node.prefixItems)) return;
      const task: ArrayTask = {
        kind: 'array',
        items: node.items,
        node: validator.plainNode(node.items),
        array: inner,
        found: [],
        loc: at(),
        next: 0,
      };
      ahead.set(inner, { items: task.items, found: task.found });
      tasks.push(task);
    } else if (isObject(inner) && isObject(node.properties))
      tasks.push({ kind: 'object', node, value: inner, loc: at() });
  };
  into(validator.plainNode(schema), value, loc);
  let steps = 0;
  while (tasks.length > 0) {
    if (++steps % CLOCK_EVERY === 0 && slices.due()) await slices.next();
    const task = tasks.pop() as Task;
    switch (task.kind) {
      case 'item': {
        const before = found.length;
        try {
          validator.errors(task.of.items, task.of.array[task.index], task.loc, found, false, ahead);
        } catch (error) {
          if (error instanceof LimitError) return ahead;
          throw error;
        }
        task.of.found[task.index] = found.slice(before);
        break;
      }
      case 'array': {
        // The next object or array item (the walk proper reads a scalar at little cost), then the
        // array's task again, under the item's: it goes on after them. Past SCAN scalars, the
        // step ends there, and the array's task goes on at the next.
        const { array } = task;
        const stop = Math.min(array.length, task.next + SCAN);
        let item: unknown;
        do item = array[task.next++];
        while (task.next < stop && (typeof item !== 'object' || item === null));
        if (typeof item === 'object' && item !== null) {
          const at = [...task.loc, task.next - 1];
          tasks.push(task, { kind: 'item', of: task, index: task.next - 1, loc: at });
          into(task.node, item, at);
        } else if (task.next < array.length) tasks.push(task);
        break;
      }
      case 'object': {
        const properties = task.node.properties as Record<string, Schema>;
        for (const [name, property] of Object.entries(task.value))
          if (Object.hasOwn(properties, name)) into(validator.plainNode(properties[name]), property, task.loc, name);
        break;
      }
    }
  }
  return ahead;
}
