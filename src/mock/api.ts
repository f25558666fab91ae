// What `@observability/api-contract/mock` offers whatever its host: the mock's interface, its
// errors and the types of its journal and scenarios. ./mock.ts makes the mock; ./index.ts (Node) and
// ./browser/index.ts (a web page) export it with a host.
import type { FallbackReport } from './common/fallbacks.js';
import type { ReceivedRequest } from './control/journal.js';
import type { CoverageReport } from './control/coverage.js';
import type { MockSettings } from './settings.js';
import type { ListedScenario, OperationId, PathParams, RequestBody, Scenario } from './scenarios/types.js';
export { SpecError } from './common/spec-error.js';

export type { ReceivedRequest } from './control/journal.js';
export type { InitialState } from './service/state.js';
export type { MockSettings } from './settings.js';
export { ScenarioError } from './scenarios/check.js';
export { CoverageOffError, CoverageOptionError } from './control/coverage.js';
export type {
  CoverageReport,
  CoverageSummary,
  CoveredOperation,
  CoveredParameter,
  CoveredProperty,
  CoveredStatus,
  Level,
  Refused,
} from './control/coverage.js';
export { MockOptionError } from './options.js';
export type {
  Delay,
  DocumentedStatus,
  HttpStatus,
  ListedScenario,
  Match,
  MatchedRequest,
  OperationId,
  PathParams,
  RequestBody,
  ResponseBody,
  Scenario,
  ScenarioHeaders,
  UndocumentedStatus,
} from './scenarios/types.js';
export type { ScenarioViolation } from './scenarios/check.js';

/** A journal entry of one operation, typed by it: its body is the operation's request body when the request was valid. */
export type ReceivedOf<Op extends OperationId> = Omit<
  ReceivedRequest,
  'operationId' | 'pathParams' | 'valid' | 'body'
> & {
  operationId: Op;
  pathParams: PathParams<Op>;
} & ({ valid: true; body: RequestBody<Op> | null } | { valid: false; body: unknown });

/** The cause of the TypeError `mock.fetch` rejects with when a scenario's `reset` fault drops the connection, as fetch's own is. */
export class ConnectionResetError extends Error {
  override readonly name = 'ConnectionResetError';
  readonly code = 'ECONNRESET';
}

/** `mock.requests` or `mock.waitFor` was asked for an operation the spec does not have (a typo a compiler would catch). */
export class UnknownOperationError extends Error {
  override readonly name = 'UnknownOperationError';
  constructor(
    /** what was asked for */
    readonly operation: string,
    /** the operationIds of the spec */
    readonly known: readonly string[],
    method: string,
  ) {
    super(`${method}(${JSON.stringify(operation)}): not an operationId of the spec (known: ${known.join(', ')})`);
  }
}

/** `mock.waitFor` ran out of time: its message lists what did arrive. */
export class WaitForTimeoutError extends Error {
  override readonly name = 'WaitForTimeoutError';
  constructor(
    readonly operation: string,
    readonly wanted: number,
    /** what the mock received in the sessions waited on, oldest first */
    readonly received: ReceivedRequest[],
    timeout: number,
  ) {
    const arrived = received.filter((r) => r.operationId === operation).length;
    const listed = received
      .slice(-20)
      .map((r) => `${r.method} ${r.path} (${r.operationId ?? 'no operation'}) ${r.status ?? r.unanswered}`);
    super(
      `waitFor('${operation}'): ${arrived} of ${wanted} requests arrived in ${timeout} ms; the mock received ${received.length === 0 ? 'nothing' : `${received.length}${received.length > 20 ? ', the last 20' : ''}: ${listed.join('; ')}`}`,
    );
  }
}

export interface Mock {
  /** A `fetch` for any origin: `createApiClient({ baseUrl: 'https://api.example.test', fetch: mock.fetch })`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The answer to a WHATWG Request (what an MSW handler returns). */
  handle(request: Request): Promise<Response>;
  /** What the mock was sent, oldest first, in every session (bounded like the state: `maxRecords`). */
  readonly received: ReceivedRequest[];
  /** What the mock was sent for one operation, typed by it; of one session with `session`. UnknownOperationError for an operation the spec does not have. */
  requests<Op extends OperationId>(operation: Op, options?: { session?: string }): ReceivedOf<Op>[];
  /**
   * Resolves with the requests of `operation` once `count` (default 1) have arrived (of one session
   * with `session`); rejects with WaitForTimeoutError after `timeout` milliseconds (default 2,000),
   * and at once with UnknownOperationError for an operation the spec does not have.
   */
  waitFor<Op extends OperationId>(
    operation: Op,
    options?: { count?: number; timeout?: number; session?: string },
  ): Promise<ReceivedOf<Op>[]>;
  /**
   * Adds scenarios: what the mock answers instead of the contract for the requests of an operation
   * (docs/mock.md, "Rehearse failure"). Checked against the spec first: throws ScenarioError, and
   * adds none, when any does not fit.
   */
  use(...scenarios: Scenario[]): void;
  /** The scenarios of a session (default `default`), with what is left of each. */
  scenarios(session?: string): ListedScenario[];
  /** Back to the initial state, with an empty journal and no scenario, in every session. */
  reset(): void;
  /** How often the mock's own layer fell back to Prism's answer (a fault of the mock: it should stay at 0). */
  fallbacks(): FallbackReport;
  /**
   * What the requests exercised of the contract, per operation (docs/mock.md, "Coverage"): of every
   * session, or of one with `session`. A reset does not clear it. Throws CoverageOffError unless
   * the mock was made with `coverage`.
   */
  coverage(options?: { session?: string }): CoverageReport;
  /** Writes the coverage record to the `coverage` directory, once (nothing without one); the mock still answers. */
  close(): Promise<void>;
}

export type MockOptions = MockSettings;
