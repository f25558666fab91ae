// The loud fallbacks: where the mock's layer fails on a request, it sends Prism's own choice
// instead, and says so: each fallback is counted (GET /__mock/fallbacks), logged as a warning and
// named in the answer's X-Mock-Fallback header.
import type { Logger } from './log.js';

/** How often each fallback fired, as GET /__mock/fallbacks answers. */
export interface FallbackReport {
  total: number;
  fallbacks: Record<string, number>;
}

export class Fallbacks {
  readonly #counts = new Map<string, number>();

  constructor(private readonly logger: Logger) {}

  /** Records a fallback of `request`: counted, logged as a warning, and listed in `request.fallbacks`. */
  fire(request: { fallbacks?: string[] }, kind: string, message: string): void {
    this.#counts.set(kind, (this.#counts.get(kind) ?? 0) + 1);
    (request.fallbacks ??= []).push(kind);
    this.logger.warn({ name: 'FALLBACK' }, `${kind}: ${message}`);
  }

  report(): FallbackReport {
    return { total: [...this.#counts.values()].reduce((a, b) => a + b, 0), fallbacks: Object.fromEntries(this.#counts) };
  }
}
