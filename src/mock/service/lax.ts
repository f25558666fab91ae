// pydantic's lax mode, the service's default: what its validators of scalars accept beyond the
// contract's JSON type, the value each makes of an input (as the service would save and return
// it), and the error of an input none accepts. FastAPI validates a body Python's json.loads read,
// so these are pydantic-core's Python-mode rules (`from_attributes` on), measured against
// pydantic 2.13 / pydantic-core 2.46:
//   int       an integer; a float without a fraction; a bool; a string of one (`" +1_2 "`, `"12.00"`)
//   float     a number; a bool; a string Python's float() reads (`"1e3"`, `"inf"`, `"1_0"`)
//   bool      a bool; 0 and 1 (also 0.0 and 1.0); `0 off f false n no 1 on t true y yes`, any case
//   uuid      a UUID in any of the uuid crate's forms (../../shared/uuid-text.ts)
//   date      `YYYY-MM-DD`; a datetime whose time is zero; a unix time (number or string) of a midnight
//   datetime  RFC 3339 and its relatives (naive, no seconds, `_` or space as separator); a date; a unix
//             time in seconds, or in milliseconds past 2e10
// The errors' wording is speedate's and the uuid crate's (./messages.ts).
import { dateError, timeError } from './messages.js';

/** A scalar the lax validator made, or the error it reports (pydantic's type, msg, ctx). */
export type Lax =
  { ok: true; value: unknown } | { ok: false; type: string; msg: string; ctx?: Record<string, unknown> };

const ok = (value: unknown): Lax => ({ ok: true, value });
const fail = (type: string, msg: string, ctx?: Record<string, unknown>): Lax =>
  ctx === undefined ? { ok: false, type, msg } : { ok: false, type, msg, ctx };

/** pydantic-core's integer string: a sign, digits with single `_` between them, an optional fraction of zeros. */
const INT_STRING = /^[+-]?\d+(?:_\d+)*(?:\.0+)?$/;
/** Python's float(): digits with single `_` between them, a fraction, an exponent; or inf, infinity, nan. */
const FLOAT_STRING = /^[+-]?(?:(?:\d+(?:_\d+)*)?\.?\d+(?:_\d+)*|\d+(?:_\d+)*\.)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const NON_FINITE = /^[+-]?(?:inf|infinity|nan)$/i;
const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
/** Python's str.strip() of the whitespace a JSON string may hold. */
const strip = (text: string): string => text.replace(/^\s+|\s+$/g, '');

export function laxInt(value: unknown): Lax {
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('finite_number', 'Input should be a finite number');
    if (!Number.isInteger(value))
      return fail('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
    return ok(value);
  }
  if (typeof value === 'string') {
    const text = strip(value);
    if (!INT_STRING.test(text))
      return fail('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
    return ok(Number(text.replace(/_/g, '').replace(/\.0+$/, '')) + 0); // + 0: -0 is 0
  }
  return fail('int_type', 'Input should be a valid integer');
}

export function laxFloat(value: unknown): Lax {
  if (typeof value === 'number') return ok(value);
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (typeof value === 'string') {
    const text = strip(value);
    if (NON_FINITE.test(text)) return ok(/nan/i.test(text) ? NaN : text.startsWith('-') ? -Infinity : Infinity);
    if (!FLOAT_STRING.test(text))
      return fail('float_parsing', 'Input should be a valid number, unable to parse string as a number');
    return ok(Number(text.replace(/_/g, '')));
  }
  return fail('float_type', 'Input should be a valid number');
}

export function laxBool(value: unknown): Lax {
  if (typeof value === 'boolean') return ok(value);
  const unable = fail('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  if (typeof value === 'string') {
    const text = value.toLowerCase();
    return TRUE.has(text) ? ok(true) : FALSE.has(text) ? ok(false) : unable;
  }
  if (typeof value === 'number') {
    if (value === 0 || value === 1) return ok(value === 1);
    return Number.isInteger(value) ? unable : fail('bool_type', 'Input should be a valid boolean');
  }
  return fail('bool_type', 'Input should be a valid boolean');
}

/** pydantic's error for a value a UUID field cannot take at all (a number, a bool, null, a list...). */
export const UUID_TYPE = 'UUID input should be a string, bytes or UUID object';

// Unix times, as speedate reads them: seconds, or milliseconds when the magnitude passes 2e10.
const MS_THRESHOLD = 2e10;
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59
const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00
const YEAR_ZERO = -62167219200; // 0000-01-01T00:00:00
/** A unix time in a string: digits, a sign, a fraction; an integer part past 64 bits is read as a date instead. */
const TIMESTAMP = /^[+-]?(\d+)(?:\.\d*)?$/;
const isTimestamp = (text: string): boolean => {
  const digits = TIMESTAMP.exec(text)?.[1];
  return digits !== undefined && Number(digits) < 2 ** 63;
};

/** The seconds (fraction kept) of a unix time, or speedate's error for one out of range. */
function unixSeconds(value: number): number | string {
  if (Number.isNaN(value)) return 'NaN values not permitted';
  const seconds = Math.abs(value) > MS_THRESHOLD ? value / 1000 : value;
  if (seconds >= MAX_SECONDS + 1) return 'dates after 9999 are not supported as unix timestamps';
  if (seconds < YEAR_ZERO) return 'dates before 0000 are not supported as unix timestamps';
  if (seconds < MIN_SECONDS) return 'year 0 is out of range';
  return seconds;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A UTC datetime from unix seconds, as pydantic serializes it (microseconds when there are any, `Z`). */
function isoFromSeconds(seconds: number, fromMilliseconds: boolean): string {
  // Whole milliseconds and the microseconds past them, apart: seconds × 1e6 would pass 2^53.
  const ms = fromMilliseconds ? seconds * 1000 : Math.floor(seconds) * 1000;
  const whole = Math.floor(ms);
  const micros =
    (fromMilliseconds ? 0 : Math.round((seconds - Math.floor(seconds)) * 1e6)) +
    (fromMilliseconds ? Math.round((ms - whole) * 1000) : 0);
  const date = new Date(whole + Math.floor(micros / 1000));
  const fraction = (date.getUTCMilliseconds() * 1000 + (micros % 1000)) % 1e6;
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${day}T${time}${fraction ? `.${pad(fraction, 6)}` : ''}Z`;
}

/** A datetime string speedate read, as pydantic serializes it: `T`, seconds, six digits of fraction, `Z` or `±HH:MM`. */
function isoFromText(text: string): string {
  const [, hh, mm, ss = '00', digits = '', zone = ''] =
    /^.{11}(\d\d):(\d\d)(?::(\d\d)(?:[.,](\d+))?)?(.*)$/.exec(text) ?? [];
  const micros = digits.slice(0, 6).padEnd(6, '0');
  const offset = /^[+-](\d\d):?(\d\d)$/.exec(zone);
  const utc = /^[zZ]$/.test(zone) || (offset !== null && offset[1] === '00' && offset[2] === '00');
  const suffix = utc ? 'Z' : offset ? `${zone[0]}${offset[1]}:${offset[2]}` : '';
  return `${text.slice(0, 10)}T${hh}:${mm}:${ss}${/^0+$/.test(micros) ? '' : `.${micros}`}${suffix}`;
}

/** speedate's reading of a datetime string: the value as pydantic serializes it, or its error. */
function parseDateTime(text: string): { value: string } | { error: string } {
  if (isTimestamp(text)) {
    const value = Number(text);
    const seconds = unixSeconds(value);
    if (typeof seconds === 'string') return { error: seconds };
    return { value: isoFromSeconds(seconds, Math.abs(value) > MS_THRESHOLD) };
  }
  const date = dateError(text);
  if (date) return { error: date };
  const time = timeError(text.slice(10));
  if (time) return { error: time };
  return { value: isoFromText(text) };
}

/** Whether a datetime string speedate read has a time of zero (its timezone aside). */
const zeroTime = (text: string): boolean => /^.{11}00:00(?::00(?:[.,]0*)?)?(?:[zZ]|[+-].*)?$/.test(text);

export function laxDate(value: unknown): Lax {
  const inexact = fail(
    'date_from_datetime_inexact',
    'Datetimes provided to dates should have zero time - e.g. be exact dates',
  );
  const parsing = (error: string) =>
    fail('date_from_datetime_parsing', `Input should be a valid date or datetime, ${error}`, { error });
  if (typeof value === 'number') {
    const seconds = unixSeconds(value);
    if (typeof seconds === 'string') return parsing(seconds);
    if (seconds % 86400 !== 0) return inexact;
    return ok(isoFromSeconds(seconds, false).slice(0, 10));
  }
  if (typeof value !== 'string') return fail('date_type', 'Input should be a valid date');
  if (value.length === 10 && dateError(value) === undefined) return ok(value);
  if (isTimestamp(value)) return laxDate(Number(value));
  const read = parseDateTime(value);
  if ('error' in read) return parsing(read.error);
  return zeroTime(value) ? ok(value.slice(0, 10)) : inexact;
}

export function laxDateTime(value: unknown): Lax {
  if (typeof value === 'number') {
    const seconds = unixSeconds(value);
    if (typeof seconds === 'string')
      return fail('datetime_parsing', `Input should be a valid datetime, ${seconds}`, { error: seconds });
    return ok(isoFromSeconds(seconds, Math.abs(value) > MS_THRESHOLD));
  }
  if (typeof value !== 'string') return fail('datetime_type', 'Input should be a valid datetime');
  const read = parseDateTime(value);
  if ('value' in read) return ok(read.value);
  // What is no datetime may be a date (midnight); the error reported is the date's, or a unix time's.
  const error = isTimestamp(value)
    ? read.error
    : (dateError(value) ?? (value.length > 10 ? 'unexpected extra characters at the end of the input' : undefined));
  if (error === undefined) return ok(`${value}T00:00:00`);
  return fail('datetime_from_date_parsing', `Input should be a valid datetime or date, ${error}`, { error });
}
