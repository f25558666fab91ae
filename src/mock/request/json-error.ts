// Where and why Python's `json.loads` rejects a body: FastAPI answers an undecodable body with
// `{"type": "json_invalid", "loc": ["body", e.pos], "msg": "JSON decode error", "input": {},
// "ctx": {"error": e.msg}}`, so the mock needs CPython's message and its character offset (in code
// points). Runs only on bodies JSON.parse already rejected.

/** Why Python would not decode a body: its message and the offset, in code points. */
export interface JsonError {
  msg: string;
  pos: number;
  /** the bytes are not UTF-8: FastAPI answers 400 "There was an error parsing the body", no `json_invalid` */
  undecodable?: boolean;
}

class Failure extends Error {
  constructor(
    msg: string,
    readonly pos: number,
  ) {
    super(msg);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
// `c`: one character, or undefined past the end (which neither string includes).
/** The words Python's scanner takes as values, by their first character. */
const WORDS = new Map(['null', 'true', 'false', 'NaN', 'Infinity'].map((word) => [word[0] as string, word]));
const isDigit = (c: string | undefined): boolean => '0123456789'.includes(c as string);
const isHex = (c: string | undefined): boolean => '0123456789abcdefABCDEF'.includes(c as string);

/**
 * CPython's error for `text` (the C scanner's messages, Python 3.12 wording), or undefined when
 * Python would decode it. `text` is the body after its BOM, if any: the caller strips it before
 * JSON.parse, as `json.loads` decodes bytes as utf-8-sig. `NaN`, `Infinity` and `-Infinity`, which
 * are not JSON, Python accepts (parsePythonJson reads them).
 */
export function pythonJsonError(text: string): JsonError | undefined {
  const s = Array.from(text);
  const n = s.length;
  const skip = (i: number): number => {
    while (WHITESPACE.has(s[i] as string)) i++; // undefined past the end
    return i;
  };
  const literal = (i: number, word: string): boolean => s.slice(i, i + word.length).join('') === word;

  /** `i`: the index after the opening quote. */
  function string(i: number): number {
    const begin = i - 1;
    for (;;) {
      if (i >= n) throw new Failure('Unterminated string starting at', begin);
      const c = s[i] as string;
      if (c === '"') return i + 1;
      if (c === '\\') {
        if (i + 1 >= n) throw new Failure('Unterminated string starting at', begin);
        const escape = s[i + 1];
        if (escape === 'u') {
          if (i + 6 >= n) throw new Failure('Invalid \\uXXXX escape', i + 1);
          if (![2, 3, 4, 5].every((k) => isHex(s[i + k]))) throw new Failure('Invalid \\uXXXX escape', i + 1);
          i += 6;
        } else if (ESCAPES.has(escape as string)) {
          i += 2;
        } else {
          throw new Failure('Invalid \\escape', i);
        }
        continue;
      }
      if ((c.codePointAt(0) as number) <= 0x1f) throw new Failure('Invalid control character at', i);
      i++;
    }
  }

  function number(i: number): number {
    let j = i;
    if (s[j] === '-' && literal(j + 1, 'Infinity')) return j + 9;
    if (s[j] === '-') j++;
    if (s[j] === '0') j++;
    else if (isDigit(s[j])) while (isDigit(s[j])) j++;
    else throw new Failure('Expecting value', i);
    if (s[j] === '.' && isDigit(s[j + 1])) {
      j += 2;
      while (isDigit(s[j])) j++;
    }
    if (s[j] === 'e' || s[j] === 'E') {
      let k = j + 1;
      if (s[k] === '+' || s[k] === '-') k++;
      if (isDigit(s[k])) {
        j = k + 1;
        while (isDigit(s[j])) j++;
      }
    }
    return j;
  }

  function object(i: number): number {
    i = skip(i);
    if (s[i] === '}') return i + 1;
    if (s[i] !== '"') throw new Failure('Expecting property name enclosed in double quotes', i);
    for (;;) {
      i = skip(string(i + 1));
      if (s[i] !== ':') throw new Failure("Expecting ':' delimiter", i);
      i = skip(value(skip(i + 1)));
      if (s[i] === '}') return i + 1;
      if (s[i] !== ',') throw new Failure("Expecting ',' delimiter", i);
      i = skip(i + 1);
      if (s[i] !== '"') throw new Failure('Expecting property name enclosed in double quotes', i);
    }
  }

  function array(i: number): number {
    i = skip(i);
    if (s[i] === ']') return i + 1;
    for (;;) {
      i = skip(value(i));
      if (s[i] === ']') return i + 1;
      if (s[i] !== ',') throw new Failure("Expecting ',' delimiter", i);
      i = skip(i + 1);
    }
  }

  function value(i: number): number {
    switch (s[i]) {
      case '"':
        return string(i + 1);
      case '{':
        return object(i + 1);
      case '[':
        return array(i + 1);
      default: {
        const word = WORDS.get(s[i] as string);
        // anything that does not start a word or a number: "Expecting value" at i
        if (word === undefined) return number(i);
        if (literal(i, word)) return i + word.length;
      }
    }
    throw new Failure('Expecting value', i);
  }

  try {
    const end = skip(value(skip(0)));
    if (end !== n) throw new Failure('Extra data', end);
    return undefined;
  } catch (error) {
    if (error instanceof Failure) return { msg: error.message, pos: error.pos };
    // Nesting deeper than the stack: Python gives up on such a body too.
    return { msg: 'Expecting value', pos: 0 };
  }
}

/**
 * Python's `UnicodeDecodeError` text for the first invalid UTF-8 sequence of `bytes`, or undefined
 * when it is valid UTF-8.
 */
export function utf8Error(bytes: Uint8Array): string | undefined {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] as number;
    let need: number;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return `'utf-8' codec can't decode byte 0x${b.toString(16)} in position ${i}: invalid start byte`; // b >= 0x80: two hex digits
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const low = k === 1 && b === 0xe0 ? 0xa0 : k === 1 && b === 0xf0 ? 0x90 : 0x80;
      const high = k === 1 && b === 0xed ? 0x9f : k === 1 && b === 0xf4 ? 0x8f : 0xbf;
      if (c === undefined || c < low || c > high) {
        // Python names the start byte alone, or it and the valid continuation bytes after it.
        const where = k === 1 ? `byte 0x${b.toString(16)} in position ${i}` : `bytes in position ${i}-${i + k - 1}`;
        return `'utf-8' codec can't decode ${where}: ${c === undefined ? 'unexpected end of data' : 'invalid continuation byte'}`;
      }
    }
    i += need + 1;
  }
  return undefined;
}

/** A string no JSON text holds by chance: what stands for a non-finite number while JSON.parse reads the text. */
const SENTINEL = `\ufdd0non-finite-${Math.random().toString(36).slice(2)}:`;
const NON_FINITE: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

/**
 * A body Python's json.loads reads and JSON.parse does not: one with `NaN`, `Infinity` or
 * `-Infinity` (pythonJsonError found it valid). Those tokens, outside strings, become the numbers.
 */
export function parsePythonJson(text: string): unknown {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    const token = /^(?:NaN|-?Infinity)/.exec(text.slice(i, i + 9))?.[0];
    if (token !== undefined) {
      out += `${text.slice(from, i)}"${SENTINEL}${token}"`;
      i += token.length - 1;
      from = i + 1;
    }
  }
  out += text.slice(from);
  return JSON.parse(out, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(SENTINEL) ? NON_FINITE[value.slice(SENTINEL.length)] : value,
  );
}
