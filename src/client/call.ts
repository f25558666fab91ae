import { operationSecurity } from '../../generated/security.js';

/**
 * One call of the client, from the request to the last byte of the body: the caller's signal, the
 * timeout and the reader of the body, held here until the call settles. It does not depend on the
 * signal fetch copies into its Request: undici links the copies with weak references, and after a
 * garbage collection an abort no longer reaches the body read (nodejs/undici#4068). An abort
 * rejects the call at once and cancels the body, which closes the connection.
 */
export class Call {
  /** Aborted when the caller's signal aborts or the timeout passes; none when neither was given. */
  readonly signal: AbortSignal | undefined;
  /** Rejects with the abort reason. */
  private readonly aborted: Promise<never> | undefined;
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    /** The method, in the case the call gave it, and the path as the spec writes it. */
    readonly method: string,
    readonly path: string,
    signal: AbortSignal | null | undefined,
    timeout: number | undefined,
  ) {
    if (!signal && timeout === undefined) return; // nothing can abort this call
    const controller = new AbortController();
    this.signal = controller.signal;
    let reject!: (reason: unknown) => void;
    this.aborted = new Promise<never>((_, fail) => (reject = fail));
    this.aborted.catch(() => undefined); // observed through settle(); never unhandled
    // A second abort (the timeout after the caller's signal) changes nothing: each step below is a no-op then.
    const abort = (reason: unknown) => {
      controller.abort(reason);
      this.reader?.cancel(reason).catch(() => undefined);
      reject(reason);
    };
    if (signal?.aborted) abort(signal.reason);
    else if (signal) {
      const onAbort = () => abort(signal.reason);
      signal.addEventListener('abort', onAbort);
      this.cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (timeout !== undefined && !controller.signal.aborted) {
      const message = () => `The call took longer than its timeout of ${timeout.toLocaleString('en')} ms.`;
      const timer = setTimeout(() => abort(new DOMException(message(), 'TimeoutError')), timeout);
      this.cleanups.push(() => clearTimeout(timer));
    }
  }

  /** The operationId, or "METHOD /path" for a request outside the spec: only errors need it. */
  get operation(): string {
    return operationName(this.method, this.path);
  }

  /** `pending`, unless the call is aborted first; then the abort reason. */
  settle<T>(pending: Promise<T>): Promise<T> {
    if (!this.aborted) return pending;
    return Promise.race([pending, this.aborted]).finally(() => {
      for (const cleanup of this.cleanups) cleanup();
    });
  }

  /**
   * The whole body, read as a stream and cut at `limit` bytes (undefined past it, the rest
   * unread), or, given `wait`, at `wait` milliseconds (undefined then too); on an abort, the abort
   * reason. A body given up is cancelled without waiting: a cancel may never settle (MSW's streams).
   */
  async readBody(response: Response, limit: number, wait?: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const signal = this.signal;
    if (signal?.aborted || Number(response.headers.get('content-length')) > limit) {
      response.body?.cancel().catch(() => undefined);
      signal?.throwIfAborted();
      return undefined;
    }
    if (!response.body) return new Uint8Array(0);
    const reader = response.body.getReader();
    this.reader = reader;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late =
      wait === undefined
        ? undefined
        : new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), wait)));
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const read = await (late ? Promise.race([reader.read(), late]) : reader.read());
        signal?.throwIfAborted();
        if (!read || size + (read.value?.byteLength ?? 0) > limit) {
          reader.cancel().catch(() => undefined);
          return undefined;
        }
        if (read.done) break;
        size += read.value.byteLength;
        chunks.push(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return body;
  }
}

/** The operationId of `METHOD path`, or "METHOD path" for a request outside the spec. */
export function operationName(method: string, path: string): string {
  const key = operationKey(method, path);
  return operationSecurity[key]?.operationId ?? key;
}

/** "METHOD path": how operationSecurity, and the credential plans, name an operation. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
