// The mock's bounds on the work a request may cause. A valid request is answered whatever it holds,
// up to the 10 MB body limit (../request/read-body.ts): its cost grows with its size alone. What is
// bounded is work that can grow faster than the request:
//   - `maxErrors` (--max-errors): the validation errors of an invalid body. Every error is an
//     object in the 422, so 10 MB of `{"name": 5},` would be a million of them; the walk stops at
//     the first error past the bound (before Prism's own validation, which would make an object
//     for each too).
//   - `maxResults` (--max-results): the items of a reflected list that multiplies two lists of the
//     request: bulk feedback answers operations × selected records, so 31 KB ask for a million.
// Past either, the answer is 413: the request is more than the mock will process, with the limit
// and the flag that raises it named.

export const DEFAULT_MAX_ERRORS = 1_000;
export const DEFAULT_MAX_RESULTS = 20_000;

export type Limit = 'max-errors' | 'max-results';

/** Thrown when a request would pass a bound; `body` is the JSON the mock answers with (413). */
export class LimitError extends Error {
  override readonly name = 'LimitError';
  /** The answer: 413, the request is more than the mock will process. */
  readonly status = 413;
  readonly body: { detail: string; limit: Limit; max: number };
  /** `what`: a sentence saying what passes the limit. */
  constructor(what: string, limit: Limit, max: number) {
    super(`${what}; the mock handles at most ${max.toLocaleString('en')} (raise it with --${limit}).`);
    this.body = { detail: this.message, limit, max };
  }
}

/** The LimitError of a body with more than `max` validation errors. */
export function tooManyErrors(max: number): LimitError {
  return new LimitError(`The request has more than ${max.toLocaleString('en')} validation errors`, 'max-errors', max);
}
