// The loud fallbacks: where the mock's layer fails on a request, it sends Prism's own choice
// instead, and says so: each fallback is counted (GET /__mock/fallbacks), logged as a warning and
// named in the answer's X-Mock-Fallback header.

/** How often each fallback fired, as GET /__mock/fallbacks answers. */
export interface FallbackReport {
  total: number;
  fallbacks: Record<string, number>;
}

/** The one method of the mock's log (../prism/log.ts) a fallback writes with. */
export interface WarningLog {
  warn(fields: object, message: string): void;
}

export class Fallbacks {
  readonly #counts = new Map<string, number>();

  constructor(private readonly logger: WarningLog) {}

  /** Records a fallback: counted, and logged as a warning with the request's method and path. Returns its kind, for the answer's X-Mock-Fallback. */
  fire(kind: string, message: string, input: { method: string; url: { path: string } }): string {
    this.#counts.set(kind, (this.#counts.get(kind) ?? 0) + 1);
    this.logger.warn({ name: 'FALLBACK', input }, `${kind}: ${message}`);
    return kind;
  }

  report(): FallbackReport {
    return {
      total: [...this.#counts.values()].reduce((a, b) => a + b, 0),
      fallbacks: Object.fromEntries(this.#counts),
    };
  }
}
