// The scenarios' types: what a test asks the mock to answer instead of the contract's answer, for
// the requests of one operation (docs/mock.md, "Rehearse failure"), typed by the operations of
// generated/schema.d.ts. ./check.ts checks a list of them against the contract, ./store.ts keeps
// them per session and picks the one that applies to a request, ./apply.ts applies it.
import type { operations } from '../../../generated/schema.js';

/** An operationId of the API. */
export type OperationId = Extract<keyof operations, string>;

type Responses<Op extends OperationId> = operations[Op]['responses'];
/** The statuses an operation documents (200 and 422 for every operation today). */
export type DocumentedStatus<Op extends OperationId> = Extract<keyof Responses<Op>, number>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The body of a documented status, as the spec states it. */
export type ResponseBody<Op extends OperationId, S extends DocumentedStatus<Op>> = JsonOf<Responses<Op>[S]>;

type Upto<N extends number, Counted extends number[] = []> = Counted['length'] extends N
  ? Counted[number]
  : Upto<N, [...Counted, Counted['length']]>;
/** A final HTTP status: 200 to 599. */
export type HttpStatus = Exclude<Upto<600>, Upto<200>>;
/** The statuses an operation does not document: allowed, and labelled as outside the contract. */
export type UndocumentedStatus<Op extends OperationId> = Exclude<HttpStatus, DocumentedStatus<Op>>;

/** The path parameters of an operation, as sent (strings). */
export type PathParams<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P }
  ? { [K in keyof P]: string }
  : Record<string, never>;
/** An operation's request body, as the spec states it. */
export type RequestBody<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** Milliseconds, or a range `[min, max]` drawn from the mock's seed. */
export type Delay = number | readonly [number, number];
/** Response headers a scenario sets (Content-Type among them, for a body that is not JSON). */
export type ScenarioHeaders = Record<string, string>;

/** A request as a scenario's `match` function reads it: typed by its operation, the body only when the request is valid. */
export type MatchedRequest<Op extends OperationId = OperationId> = {
  operationId: Op;
  session: string;
  method: string;
  path: string;
  pathParams: PathParams<Op>;
  query: Record<string, string | string[]>;
} & ({ valid: true; body: RequestBody<Op> | null } | { valid: false; body: unknown });

/** Which requests of the operation a scenario applies to: their path parameters and query (as sent), or a function (in-process only). */
export type Match<Op extends OperationId> =
  { path?: Partial<PathParams<Op>>; query?: Record<string, string> } | ((request: MatchedRequest<Op>) => boolean);

interface Common<Op extends OperationId> {
  operation: Op;
  /** how many matching requests it answers; default: every one until the session is reset */
  times?: number;
  /** which requests; default: all of the operation's */
  match?: Match<Op>;
  /** in-process: the session (`X-Mock-Session`) it applies to; default `default`. Over HTTP, the request's session. */
  session?: string;
  /** waits this long before the answer or the fault; the caller's AbortSignal stops the wait */
  delay?: Delay;
}
type Documented<Op extends OperationId> = {
  [S in DocumentedStatus<Op>]: { status: S; body?: ResponseBody<Op, S>; headers?: ScenarioHeaders; fault?: never };
}[DocumentedStatus<Op>];
interface Undocumented<Op extends OperationId> {
  status: UndocumentedStatus<Op>;
  body?: unknown;
  headers?: ScenarioHeaders;
  fault?: never;
}
interface Fault {
  /** `reset`: the connection drops; `hang`: no answer until the caller aborts */
  fault: 'reset' | 'hang';
  status?: never;
  body?: never;
  headers?: never;
}
interface DelayOnly {
  delay: Delay;
  status?: never;
  body?: never;
  headers?: never;
  fault?: never;
}

/** A scenario of one operation: a status (with its body and headers), a fault, or a delay before the contract's answer. */
export type Scenario<Op extends OperationId = OperationId> = Op extends OperationId
  ? Common<Op> & (Documented<Op> | Undocumented<Op> | Fault | DelayOnly)
  : never;

/** A scenario as the mock lists it (`GET /__mock/scenarios`, `mock.scenarios()`). */
export interface ListedScenario {
  /** its number in its session, from 0, in the order scenarios were added since the last reset */
  index: number;
  operation: string;
  status?: number;
  body?: unknown;
  headers?: ScenarioHeaders;
  delay?: Delay;
  fault?: 'reset' | 'hang';
  /** a function's is listed as `"function"` */
  match?: { path?: Record<string, string>; query?: Record<string, string> } | 'function';
  /** whether the operation documents `status` */
  documented?: boolean;
  /** how many more requests it answers; null: every one until the session is reset */
  left: number | null;
}
