/**
 * A spec given by its path that cannot be read, or is not an OpenAPI document: the message names
 * the file. It sits below Prism's loading, which throws it, and is free of Prism's types, as the
 * mock's entries re-export it.
 */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    /** the path given */
    readonly file: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`spec ${file}: ${problem}`, { cause });
  }
}
