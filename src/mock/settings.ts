// What a mock answers from, and how: the settings every door takes (the bin as flags). A module of
// types alone, apart from the pipeline, so that the types of `@observability/api-contract/mock`
// reach none of Prism's (a project that imports them needs neither Prism nor Node's types).
import type { LogSink } from './prism/log.js';
import type { Document } from './prism/spec.js';
import type { Delay } from './scenarios/types.js';
import type { InitialState } from './service/state.js';

/** What the mock answers from, and how; every door takes these (the bin as flags). */
export interface MockSettings {
  /** the bundled OpenAPI document, or its path (default: the package's own, embedded) */
  spec?: string | Document | undefined;
  /** generate the fields the request does not determine (Prism's --dynamic) */
  dynamic?: boolean | undefined;
  /** seed of the dynamic generation */
  seed?: string | undefined;
  /** pino level of the log: fatal, error, warn, info, debug, trace, silent */
  logLevel?: string | undefined;
  /** where log lines go */
  log?: LogSink | undefined;
  /** CORS headers and preflight answers (default true) */
  cors?: boolean | undefined;
  /**
   * the origins a web page may call the mock from: exact origins (then with credentials), or `*`
   * for any (never with credentials); default pages served from loopback (localhost, 127.0.0.1,
   * [::1]), no credentials
   */
  corsOrigins?: string[] | undefined;
  /** the most validation errors an invalid request is walked for (./common/limits.ts; default 1,000) */
  maxErrors?: number | undefined;
  /** the most items a reflected list that multiplies two lists of the request may get (./common/limits.ts; default 20,000) */
  maxResults?: number | undefined;
  /**
   * hold clients to the contract's JSON types (pydantic's strict mode: "12" for an integer is
   * refused); default false, the service's lax mode, which coerces such values (./service/lax.ts)
   */
  strictTypes?: boolean | undefined;
  /** answer every request alone, as Prism does (default false: ./service/state.ts) */
  stateless?: boolean | undefined;
  /** how many records the state may hold, and requests the journal (default 10,000) */
  maxRecords?: number | undefined;
  /** what every session starts with */
  initialState?: InitialState | undefined;
  /** run-wide chaos: every request to an operation waits this many milliseconds, or a time drawn from `[min, max]` (`--latency`) */
  latency?: Delay | undefined;
  /** run-wide chaos: the share of requests, 0 to 1, answered 503 or dropped, half each (`--faults`) */
  faults?: number | undefined;
  /**
   * what the requests exercised of the contract (`mock.coverage()`, `GET /__mock/coverage`): true
   * counts it, a directory's path also writes the mock's record there as it goes (within 100 ms of a
   * request, at most every 100 ms) and a last time on close() or at exit
   * (`--coverage DIR`; `api-contract-coverage DIR` merges them); default off
   */
  coverage?: boolean | string | undefined;
}
