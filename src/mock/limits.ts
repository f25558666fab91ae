// The mock's bound on the work a request may cause. Its 10 MB body limit alone does not bound it:
// 31 KB of bulk feedback asks for a million results (operations × indexes), and 10 MB of `1,` are
// 4.9 million values, each validated, reported and echoed. So one number, `maxItems` (the
// `--max-items` flag), bounds both what a request may hold (JSON values) and how many items a
// reflected list may get; past it the request gets a 413 that names the limit and the flag.

export const DEFAULT_MAX_ITEMS = 20_000;

/** Thrown when a request would pass `maxItems`; `body` is the JSON the mock answers with (413). */
export class LimitError extends Error {
  override readonly name = 'LimitError';
  /** The answer: 413, the request is more than the mock will process. */
  readonly status = 413;
  readonly body: { detail: string; limit: 'max-items'; max: number };
  /** `what`: a sentence saying what passes the limit. */
  constructor(what: string, max: number) {
    super(`${what}; the mock handles at most ${max.toLocaleString('en')} (raise it with --max-items).`);
    this.body = { detail: this.message, limit: 'max-items', max };
  }
}

/** Bytes that start a JSON value outside a string: `{` `[` `"` `-` digits, and the t/f/n of literals. */
const STARTS_VALUE = new Uint8Array(256);
for (const c of '{["-0123456789tfn') STARTS_VALUE[c.charCodeAt(0)] = 1;
/** Bytes that start a number or a literal: the bytes after them continue it. */
const STARTS_TOKEN = new Uint8Array(256);
for (const c of '-0123456789tfn') STARTS_TOKEN[c.charCodeAt(0)] = 1;
/** Bytes that continue a number or a literal (`1e+5`, `true`): no new value starts on them. */
const CONTINUES_TOKEN = new Uint8Array(256);
for (const c of '0123456789.eE+-truefalsn') CONTINUES_TOKEN[c.charCodeAt(0)] = 1;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * How many JSON values (objects, arrays, strings, numbers, booleans, nulls; not object keys) the
 * JSON text `bytes` holds, counted on the bytes before anything is parsed, and only up to
 * `max + 1`: neither the parse nor this scan can cost more than the limit allows. (On text that is
 * not JSON the count is a rough one; the parse then reports what is wrong.)
 */
export function countValuesUpTo(bytes: Uint8Array, max: number): number {
  let count = 0;
  let inToken = false;
  // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which no table marks, so nothing is counted
  for (let i = 0; i < bytes.length && count <= max; i++) {
    const byte = bytes[i] as number;
    if (byte === QUOTE) {
      count++; // a string; a key is taken back at its colon
      // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which is no quote; the outer loop then ends
      for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
      inToken = false;
    } else if (byte === COLON) {
      count--;
      inToken = false;
    } else if (inToken && CONTINUES_TOKEN[byte]) {
      // the rest of a number or literal
    } else {
      inToken = STARTS_TOKEN[byte] === 1;
      if (STARTS_VALUE[byte]) count++;
    }
  }
  return count;
}

/** The LimitError of a JSON body that holds more than `max` JSON values, or undefined. */
export function requestSizeError(bytes: Uint8Array, max: number): LimitError | undefined {
  return countValuesUpTo(bytes, max) > max ? new LimitError(`The request body holds more than ${max.toLocaleString('en')} JSON values`, max) : undefined;
}
