// Type tests of what the rules modules declare (src/rules/types.ts; vitest --typecheck compiles them
// with tsc): a store's records and its initial value are typed by the store, an operation's
// `remember` reads only the stores it declares, and the sessions' initial state is made of the
// declared stores.
import { describe, expectTypeOf, it } from 'vitest';
import type { InitialState } from '../../../src/rules/index.js';
import { users } from '../../../src/rules/system-users.js';
import type { InitialOf, Memory, OperationRules, RecordsOf, Store } from '../../../src/rules/types.js';
import type { JsonObject } from '../../../src/shared/json.js';

declare const counters: Store<'counters', number[], string, number>;

describe('a store', () => {
  it('types its records and its value in an initial state', () => {
    expectTypeOf<RecordsOf<typeof counters>>().toEqualTypeOf<Map<string, number>>();
    expectTypeOf<InitialOf<typeof counters>>().toEqualTypeOf<number[]>();
    expectTypeOf<RecordsOf<typeof users>>().toEqualTypeOf<Map<string | null, JsonObject>>();
  });

  it('a memory hands out the records of the stores it was given, and no other', () => {
    const memory = {} as Memory<typeof counters>;
    expectTypeOf(memory.records(counters)).toEqualTypeOf<Map<string, number>>();
    // @ts-expect-error: the users store is not among this memory's
    memory.records(users);
  });
});

describe("an operation's rules", () => {
  it('`remember` reads the stores the rules declare; rules without stores have none to read', () => {
    const rules: OperationRules<typeof counters> = {
      operationId: 'count',
      stores: [counters],
      remember: (memory) => memory.records(counters).get('a'),
      checks: [],
    };
    expectTypeOf(rules.remember).parameter(0).toEqualTypeOf<Memory<typeof counters>>();
    const none: OperationRules = {
      operationId: 'none',
      // @ts-expect-error: rules that declare no store have no memory to read one from
      remember: (memory) => memory.records(counters),
      checks: [],
    };
    expectTypeOf(none.stores).toEqualTypeOf<readonly never[] | undefined>();
  });

  it('the initial state is made of the stores the operations declare, under their names', () => {
    expectTypeOf<InitialState['users']>().toEqualTypeOf<JsonObject[] | undefined>();
    expectTypeOf<keyof InitialState>().toMatchTypeOf<string>();
    // @ts-expect-error: no operation declares this store
    expectTypeOf<InitialState['counters']>().toBeUnknown();
  });
});
