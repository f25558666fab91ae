// Work on a large request done in slices, with other requests served between them.

/** How long a slice of a large request's work runs before the requests waiting get their turn, in milliseconds. */
export const SLICE_MS = 10;

/** The clock of work done in slices: `due()` once the slice has run its time; `next()` lets others run, then starts the next slice. */
export class Slices {
  private until: number;

  constructor(
    private readonly breathe: () => Promise<void>,
    private readonly ms = SLICE_MS,
  ) {
    this.until = performance.now() + ms;
  }

  due(): boolean {
    return performance.now() >= this.until;
  }

  async next(): Promise<void> {
    await this.breathe();
    this.until = performance.now() + this.ms;
  }
}
