// What the package believes about an operation beyond its schemas, in one module per operation
// (./index.ts collects them). Each module states, once and with its reason, in this order:
//   - checks: what any server of the API must satisfy, each a small named check with one message
//     per problem (src/verify/run.ts judges a real server with them);
//   - answer: what the mock answers beyond the echo of the request (src/mock/service/reflect.ts calls it);
//   - stores and remember: what the mock keeps across requests, in which stores (src/mock/service/state.ts
//     keeps them per session, fills them from an initial state and calls `remember`).
// The reasons cite the project's own words: the spec (openapi/) and docs/gap-policy.md.

/** A request as the rules read it: its path parameters and its parsed JSON body. */
export interface RuleRequest {
  path: Record<string, string>;
  body: unknown;
}

/** What a provider check found wrong: `key` groups the same kind of problem, `message` says it. */
export interface Problem {
  key: string;
  message: string;
}

/** A check a server's 200 answers to valid requests of the operation must pass. */
export interface ProviderCheck {
  name: string;
  /** Why: the spec's words (or docs/gap-policy.md) the check is written from. */
  reason: string;
  /** Valid requests, made from valid samples of the operation (one per variant), that make the check's condition occur. */
  probes?(samples: RuleRequest[]): { label: string; request: RuleRequest }[];
  /** What is wrong with the 200 body `body` answered to `request`; nothing when the check holds or does not apply. */
  check(request: RuleRequest, body: unknown): Problem[];
}

/** What the mock's answer hook reads and changes. */
export interface Answer {
  pathParams: Record<string, string>;
  /** the parsed request body (null when none) */
  body: unknown;
  /** the request body as sent ('' when none) */
  text: string;
  /** a copy of the response body Prism chose, to change or replace */
  response: unknown;
  /** the response object the request's fields were echoed to ({} when none) */
  target: Record<string, unknown>;
  /** the most items a reflected list that multiplies two lists of the request may get */
  maxResults: number;
  /** Refuses the request: the answer would pass maxResults (`what` says how). */
  tooMany(what: string): never;
}

/**
 * A kind of record the mock remembers, in each session, declared by the rules module of the
 * operation that keeps it (another operation that reads it imports it). `name` is its key in an
 * initial state (a `--state` file, createMock's `initialState`), `Initial` the shape of its value
 * there. A session starts with the records `load` makes of that value; each entry of the store is
 * one record toward the mock's --max-records.
 */
export interface Store<Name extends string = string, Initial = unknown, Key = unknown, Value = unknown> {
  readonly name: Name;
  /** What is wrong with `value`, the store's value in an initial state, in the file's words (undefined when nothing is). */
  check(value: unknown): string | undefined;
  /** A session's first records, from the store's value in the initial state (checked): copies, so that no two sessions share one. */
  load(initial: Initial): Iterable<readonly [Key, Value]>;
}

/** A session's records of a store. */
export type RecordsOf<S> = S extends Store<string, never, infer K, infer V> ? Map<K, V> : never;

/** The value of a store in an initial state. */
export type InitialOf<S> = S extends Store<string, infer I> ? I : never;

/** A session of the mock's memory, as an operation's `remember` sees it: its records, and its clock. */
export interface Memory<S extends Store = Store> {
  /** The session's records of one of the stores the operation declares. */
  records<T extends S>(store: T): RecordsOf<T>;
  /** The next instant of the session's clock, as the API writes timestamps. */
  now(): string;
  /** A new identifier, the same for the same sequence of changes. */
  newId(): string;
  /** Room for one more record (the mock's StateFullError when there is none). */
  reserve(): void;
}

/** An operation's rules; `S`: the stores it remembers in (none by default). */
export interface OperationRules<S extends Store = never> {
  operationId: string;
  /** Changes `answer.response` (or `answer.target`) to what the operation answers beyond the echo. */
  answer?(answer: Answer): void;
  /** The stores `remember` reads and changes. */
  stores?: readonly S[];
  /** The response of a successful request, with the memory applied and updated; `reflected` is the echo. */
  remember?(
    memory: Memory<S>,
    request: { pathParams: Record<string, string>; body: Record<string, unknown> },
    reflected: Record<string, unknown>,
  ): unknown;
  checks: ProviderCheck[];
}
