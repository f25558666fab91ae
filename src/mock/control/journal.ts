// What the mock was sent, in order: for a test to assert what an application sent. One entry per
// request to the API (not the mock's own /__mock/ paths, nor CORS preflights): the operation it
// was routed to, the method, path, query, the parsed body and the status answered. No header is
// kept, so no credential is. It is bounded like the state: the oldest entries go first once it
// holds `maxEntries` requests or `maxBodyBytes` of request bodies; a body larger than
// MAX_KEPT_BODY is not kept (parsed, a 10 MB body takes hundreds of megabytes), only its size.

/** One request the mock answered. */
export interface ReceivedRequest {
  /** the X-Mock-Session it named (`default` when none) */
  session: string;
  /** the operation it was routed to; null when it matched none */
  operationId: string | null;
  /** upper case */
  method: string;
  /** as sent */
  path: string;
  /** its path parameters, as sent ({} when it matched no operation) */
  pathParams: Record<string, string>;
  query: Record<string, string | string[]>;
  /** it passed the contract's checks (credentials, parameters, body) */
  valid: boolean;
  /** the parsed JSON body, its text when it is not JSON; null when there is none, or when it is larger than 1 MiB (not kept) */
  body: unknown;
  /** the body's size in bytes, as sent */
  bodyBytes: number;
  /** the status the mock answered; null when it answered none (see `unanswered`) */
  status: number | null;
  /** why no status was sent: a scenario's `reset` fault dropped the connection, or the caller went away first (`aborted`) */
  unanswered: 'reset' | 'aborted' | null;
  /** the scenario that applied (its index in its session and its operation), `chaos` for the run-wide chaos, null for none */
  scenario: { index: number; operation: string } | 'chaos' | null;
  /** the status came from a scenario, and the operation does not document it */
  outsideContract: boolean;
}

export const MAX_JOURNAL_BODY_BYTES = 16_777_216; // 16 MiB
/** The largest body the journal keeps. */
export const MAX_KEPT_BODY = 1_048_576; // 1 MiB

export class Journal {
  #entries: { request: ReceivedRequest; size: number }[] = [];
  #bytes = 0;
  readonly #listeners = new Set<(request: ReceivedRequest) => void>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxBodyBytes = MAX_JOURNAL_BODY_BYTES,
  ) {}

  /** Keeps `request` (its body only up to MAX_KEPT_BODY), dropping the oldest entries past the bounds. */
  record(request: ReceivedRequest): void {
    const size = request.bodyBytes > MAX_KEPT_BODY ? 0 : request.bodyBytes;
    this.#entries.push({ request: size === request.bodyBytes ? request : { ...request, body: null }, size });
    this.#bytes += size;
    while (this.#entries.length > this.maxEntries || (this.#bytes > this.maxBodyBytes && this.#entries.length > 1)) {
      this.#bytes -= (this.#entries.shift() as { size: number }).size;
    }
    for (const listener of this.#listeners) listener(request);
  }

  /** Calls `listener` with every request recorded from now on, until the returned function is called. */
  watch(listener: (request: ReceivedRequest) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The requests kept, oldest first; of one session when `session` is given. */
  list(session?: string): ReceivedRequest[] {
    const kept = this.#entries.map((entry) => entry.request);
    return session === undefined ? kept : kept.filter((request) => request.session === session);
  }

  /** Forgets the requests of one session, or all of them. */
  clear(session?: string): void {
    this.#entries = session === undefined ? [] : this.#entries.filter((entry) => entry.request.session !== session);
    this.#bytes = this.#entries.reduce((sum, entry) => sum + entry.size, 0);
  }
}
