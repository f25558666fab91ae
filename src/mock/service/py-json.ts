// A 422's items written as FastAPI writes them, numbers included. The service reads a body with
// Python's json.loads, which keeps an integer exact however long (2⁶⁴ stays 18446744073709551616)
// and makes a float of any number written with a fraction or an exponent (`2.0`, `1e+20`), and
// echoes an item's `input` as Python writes those. JSON.parse keeps neither: each is a double,
// written back as `18446744073709552000`, `2` and `100000000000000000000`. So the number tokens of
// the body's text are read again here, and an item's `input` writes each number as the token it
// came from says: an integer's exact digits, a float as Python's repr writes it.
//
// Only where it can differ, and only when written: a text with no fraction, no exponent and no
// integer of 16 digits or more is written by JSON.stringify exactly as Python writes it, and so are
// items whose `input` holds no whole number and no fraction below 1e-4; the text is read again
// (about as long as JSON.parse takes) only for the others. Numbers outside `input` (a bound in
// `ctx`) come from the spec, and are left to JSON.stringify. A value that two kinds of token gave
// (`2` and `2.0` in one body) is written as JavaScript writes it.
import { pyFloat, pyNumber } from './messages.js';

/** The token that gave a whole double: an integer's digits, or one of these. */
type Token = string | typeof FLOAT | typeof MIXED;
const FLOAT = 0;
const MIXED = 1;

/** Each 422 body marked, and the JSON text it answers. */
const marked = new WeakMap<object, string>();

/**
 * The whole numbers of `text`, each by the token that gave it. Its strings are tokens too, each
 * read as NaN (no number), so that a number inside a string is not taken for one. (The text is
 * JSON a parser accepted: an escape is never followed by a line break, which `.` would not take.)
 */
function tokensOf(text: string): Map<number, Token> {
  const tokens = new Map<number, Token>();
  for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    const value = Number(token);
    if (!Number.isInteger(value)) continue; // a fraction (or a string): pyFloat writes it without its token
    const kind = /[.eE]/.test(token) ? FLOAT : BigInt(token).toString();
    const known = tokens.get(value);
    tokens.set(value, known === undefined || known === kind ? kind : MIXED);
  }
  return tokens;
}

/** Marks a 422 body (`{detail: items}`) as the answer to the JSON text `text`. */
export function markPythonNumbers<T extends object>(body: T, text: string): T {
  marked.set(body, text);
  return body;
}

/** Whether `value` holds a number Python may write otherwise: a whole one (its token decides) or a fraction below 1e-4. */
function holdsSuch(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) || Math.abs(value) < 1e-4;
  return typeof value === 'object' && value !== null && Object.values(value).some(holdsSuch);
}

/** A JSON object of `entry`'s defined members, each value written by `valueOf`. */
function members(entry: object, valueOf: (key: string, value: unknown) => string): string {
  const defined = Object.entries(entry).filter(([, value]) => value !== undefined);
  return `{${defined.map(([key, value]) => `${JSON.stringify(key)}:${valueOf(key, value)}`).join(',')}}`;
}

/** `value` as JSON, each number written as its token in `tokens` says (a number without one, as pyNumber writes it). */
function write(value: unknown, tokens: Map<number, Token>): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'null';
    const token = tokens.get(value); // whole numbers only: a fraction is a float whatever its token
    if (token === FLOAT) return pyFloat(value);
    return typeof token === 'string' ? token : pyNumber(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => write(item ?? null, tokens)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return members(value, (_, item) => write(item, tokens));
}

/**
 * The JSON text of a body marked by markPythonNumbers, its items' `input` as FastAPI writes them;
 * undefined when JSON.stringify writes it so (a text without a digit before `.`, `e` or `E` and
 * without 16 digits in a row; items without such a number), or for any other body.
 */
export function pythonJson(body: unknown): string | undefined {
  const text = marked.get(body as object);
  if (text === undefined) return undefined;
  const { detail } = body as { detail: Record<string, unknown>[] };
  if (!detail.some((item) => holdsSuch(item.input)) || !/\d[.eE]|\d{16}/.test(text)) return undefined;
  const tokens = tokensOf(text);
  const item = (entry: object) =>
    members(entry, (key, value) => (key === 'input' ? write(value, tokens) : JSON.stringify(value)));
  return `{"detail":[${detail.map(item).join(',')}]}`;
}

/**
 * Whether a value holds ±Infinity or NaN, which JSON cannot carry (JSON.stringify writes null).
 * Iterative: the value may nest arbitrarily deep.
 */
export function holdsNonFinite(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const child of Object.values(node)) stack.push(child);
    }
  }
  return false;
}
