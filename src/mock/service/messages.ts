// The wording of pydantic v2 (pydantic-core) and of the libraries it delegates to: Python's
// `repr`, the `expected` lists of enum and literal errors, the uuid crate's parse errors and
// speedate's date and time parse errors. Only what the error translation needs.

/** The characters Python's `str.isprintable` refuses (other than the space), which `repr` escapes. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's escape of an unprintable code point: `\xNN` up to U+00FF, `\uNNNN` up to U+FFFF, else `\UNNNNNNNN`. */
function pyEscape(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
}

/**
 * Python's `repr` of a float: the shortest digits that read back the same (as JavaScript's), in
 * fixed notation from 1e-4 up to 1e16 with `.0` on a whole one (`2.0`, `-0.0`), else with an
 * exponent of two digits or more (`1e-05`, `1e+16`), where JavaScript writes `0.00001` and
 * `10000000000000000`.
 */
export function pyFloat(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e16 || (size < 1e-4 && size > 0)) return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  if (!Number.isInteger(value)) return JSON.stringify(value);
  return Object.is(value, -0) ? '-0.0' : `${value}.0`;
}

/**
 * Python's `repr` of a number json.loads made, its token unknown: a fraction is a float; a whole
 * number is written as a JavaScript client sends it (digits up to 1e21, then as Python writes the
 * float it reads).
 */
export function pyNumber(value: number): string {
  return Number.isInteger(value) ? JSON.stringify(value) : pyFloat(value);
}

/** Python's `repr` of a JSON value, as pydantic puts it in `expected` and in a union's `tag`. */
export function pyRepr(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = '';
    for (const char of value) {
      const code = char.codePointAt(0) as number;
      if (char === '\\') out += '\\\\';
      else if (char === quote) out += `\\${quote}`;
      else if (char === '\n') out += '\\n';
      else if (char === '\r') out += '\\r';
      else if (char === '\t') out += '\\t';
      else if (char !== ' ' && UNPRINTABLE.test(char)) out += pyEscape(code);
      else out += char;
    }
    return `${quote}${out}${quote}`;
  }
  if (typeof value === 'number') return pyNumber(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`).join(', ')}}`;
}

/** `'A', 'B' or 'C'`: pydantic's rendering of the values an enum or a literal accepts. */
export function expectedList(values: unknown[]): string {
  const reprs = values.map(pyRepr);
  if (reprs.length <= 1) return reprs.join('');
  return `${reprs.slice(0, -1).join(', ')} or ${reprs.at(-1)}`;
}

/** Tested on one character at a time. */
const HEX = /[0-9a-fA-F]/;

/**
 * The uuid crate's error for a string it cannot parse (pydantic's `uuid_parsing` ctx.error), or
 * undefined when the crate would accept it. Indexes are 1-based byte offsets, as the crate reports.
 */
export function uuidCrateError(text: string): string | undefined {
  const accepts =
    /^[0-9a-f]{32}$/i.test(text) ||
    /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ||
    /^\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}$/i.test(text);
  if (accepts) return undefined;
  let body = text;
  let offset = 0;
  let simple = true;
  if (text.startsWith('{') && text.endsWith('}')) {
    body = text.slice(1, -1);
    offset = 1;
    simple = false;
  } else if (text.startsWith('urn:uuid:')) {
    body = text.slice('urn:uuid:'.length);
    offset = 'urn:uuid:'.length;
    simple = false;
  }
  let hyphens = 0;
  const bounds: number[] = [];
  let index = 0; // within body; any character past ASCII is not hex and ends the loop, so characters and bytes count alike
  for (const char of body) {
    if (char === '-') {
      bounds.push(index);
      hyphens += 1;
    } else if (!HEX.test(char)) {
      return `invalid character: found \`${char}\` at ${index + offset + 1}`;
    }
    index += 1;
  }
  if (hyphens === 0 && simple) return `invalid length: expected length 32 for simple format, found ${text.length}`;
  if (hyphens !== 4) return `invalid group count: expected 5, found ${hyphens + 1}`;
  const starts = [0, 9, 14, 19, 24] as const;
  const expected = [8, 4, 4, 4, 12] as const;
  for (let group = 0; group < 4; group++) {
    const next = starts[group + 1] as number;
    const bound = bounds[group] as number; // four hyphens, four bounds
    if (bound !== next - 1)
      return `invalid group length in group ${group}: expected ${expected[group]}, found ${bound - (starts[group] as number)}`;
  }
  // The crate measures the last group against the whole input, prefix included.
  return `invalid group length in group 4: expected 12, found ${text.length - starts[4]}`;
}

/** Whether `text` has ASCII digits from `from` to `to` (excluded). */
function digits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!(code >= 0x30 && code <= 0x39)) return false; // NaN past the end: not a digit
  }
  return true;
}

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number; // month: 1 to 12, checked first
}

/** speedate's error for the `YYYY-MM-DD` part of `text`, or undefined when that part is a date. */
export function dateError(text: string): string | undefined {
  if (text.length < 10) return 'input is too short';
  if (!digits(text, 0, 4)) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  if (!digits(text, 5, 7)) return 'invalid character in month';
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  if (!digits(text, 8, 10)) return 'invalid character in day';
  const month = Number(text.slice(5, 7));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  const day = Number(text.slice(8, 10));
  if (day < 1 || day > daysIn(Number(text.slice(0, 4)), month)) return 'day value is outside expected range';
  return undefined;
}

/**
 * speedate's error for the time after a valid date (`rest`: `text` from index 10 on), or undefined
 * when it is a time: a separator (`T`, `t`, `_` or space), `HH:MM`, optional `:SS` and a fraction
 * (`.` or `,`), an optional timezone (`Z`, `z`, `±HH:MM`, `±HHMM`). A naive time is a time: pydantic's
 * `datetime` takes it.
 */
export function timeError(rest: string): string | undefined {
  if (rest !== '' && !'Tt_ '.includes(rest[0] as string))
    return 'invalid datetime separator, expected `T`, `t`, `_` or space';
  if (rest.length < 3) return 'input is too short';
  if (rest.length < 6) return 'input is too short';
  if (!digits(rest, 1, 3)) return 'invalid character in hour';
  if (Number(rest.slice(1, 3)) > 23) return 'hour value is outside expected range of 0-23';
  if (rest[3] !== ':') return 'invalid time separator, expected `:`';
  if (!digits(rest, 4, 6)) return 'invalid character in minute';
  if (Number(rest.slice(4, 6)) > 59) return 'minute value is outside expected range of 0-59';
  let i = 6;
  if (rest[i] === ':') {
    if (!digits(rest, i + 1, i + 3)) return 'invalid character in second';
    if (Number(rest.slice(i + 1, i + 3)) > 59) return 'second value is outside expected range of 0-59';
    i += 3;
    if (rest[i] === '.' || rest[i] === ',') {
      i += 1;
      const start = i;
      while (digits(rest, i, i + 1)) i += 1;
      if (i === start) return 'second fraction digits missing after `.`';
    }
  }
  if (i >= rest.length) return undefined;
  const sign = rest[i];
  if (sign === 'Z' || sign === 'z') {
    i += 1;
  } else if (sign === '+' || sign === '-') {
    if (!digits(rest, i + 1, i + 3)) return 'invalid timezone hour';
    const hours = Number(rest.slice(i + 1, i + 3));
    i += 3;
    if (rest[i] === ':') i += 1;
    if (!digits(rest, i, i + 2)) return 'invalid timezone minute';
    const minutes = Number(rest.slice(i, i + 2));
    i += 2;
    if (hours > 23) return 'timezone offset must be less than 24 hours';
    if (minutes > 59) return 'timezone minute value is outside expected range of 0-59';
  } else {
    return 'invalid timezone sign';
  }
  if (i < rest.length) return 'unexpected extra characters at the end of the input';
  return undefined;
}
