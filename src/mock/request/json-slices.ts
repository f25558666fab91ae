// A large JSON text parsed in slices (the parse step of a body of 1 MB or more, ../pipeline.ts).
// JSON.parse of a body of a million small objects is one stretch of the event loop of half a
// second or more, most of it the garbage collector copying the objects the parse has just made, and
// every other request waits for it. This builds the same value from pieces JSON.parse parses (runs
// of an array's items, or of an object's members, of about 64 KB of text each), and stops between
// pieces once a slice has run for 10 ms, so that other requests are served meanwhile.
//
// The text between the pieces (brackets, commas, colons, keys, whitespace) is read here by JSON's
// grammar, and each piece is a run of whole values cut out of the text as sent: the pieces parse
// and the text between them is JSON's exactly when JSON.parse accepts the whole text, and they
// give its value (an object's members are set in the order of the text, a repeated key keeps its
// first place and its last value, `__proto__` is a key like any other). Text that is not JSON throws
// (JSON.parse's SyntaxError, or one of this module's): the caller then reads the text whole.
//   in:  the body decoded (./parse.ts), and what to await between slices
//   out: what the request holds, as ./parse.ts's parseJson reads it
import { parseJson, parsedAs, type Decoded, type Received } from './parse.js';
import { SLICE_MS, Slices } from '../common/slices.js';

/** The most text parsed by one call of JSON.parse, in characters (a single value may be longer). */
const PIECE = 65_536;
/** The most parts of an array joined by one call of concat. */
const JOIN_PARTS = 10_000;
/** Containers deeper than this are parsed whole, one piece each: the builder's own nesting stays shallow. */
const MAX_DEPTH = 64;

/** The codes of the characters `" \ , : [ ] { }`, which the text between the pieces is read by. */
const [QUOTE, BACKSLASH, COMMA, COLON, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [
  0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d,
];

/** `valueEnd`: a container that goes on past the limit given. */
const TOO_LONG = -2;

/** How the builder slices its work, and where it is in its slice. */
interface Clock {
  /** the slices' clock */
  slices: Slices;
  /** the most text one call of JSON.parse is given, but for a single value */
  piece: number;
}

/** A step of the builder: it yields when its slice is over, and returns what it built and where the text goes on. */
type Build<T> = Generator<undefined, [T, number], undefined>;

function notJson(at: number): SyntaxError {
  return new SyntaxError(`not JSON at position ${at}`);
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the first character at or after `i` that is not JSON whitespace. */
function skipSpace(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++; // NaN past the end
  return i;
}

/** The end of the string whose opening quote is at `i` (after its closing quote); -1 when it does not close. */
function stringEnd(text: string, i: number): number {
  for (let quote = text.indexOf('"', i + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return -1;
}

/**
 * The end of the value that starts at `i`: after a string's closing quote, a container's closing
 * bracket, or the last character of a number or literal (whose spelling JSON.parse checks);
 * TOO_LONG when a container goes on past `limit`; -1 when the text ends first.
 */
function valueEnd(text: string, i: number, limit: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text, i);
  if (first === OPEN_ARRAY || first === OPEN_OBJECT) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      if (j > limit) return TOO_LONG;
      const c = text.charCodeAt(j);
      if (c === QUOTE) {
        j = stringEnd(text, j) - 1;
        if (j < 0) return -1;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
      else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  for (let c = first; j < text.length && !isSpace(c) && c !== COMMA && c !== CLOSE_ARRAY && c !== CLOSE_OBJECT;)
    c = text.charCodeAt(++j);
  return j > i ? j : -1;
}

/** A member of an object, set as JSON.parse sets it (an own property, `__proto__` included). */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/** Yields when the slice is over. */
function* checkClock(clock: Clock): Generator<undefined, void, undefined> {
  if (clock.slices.due()) yield;
}

/** The limit past which an item of a container at `depth` is built in pieces of its own. */
const itemLimit = (i: number, depth: number, clock: Clock): number =>
  depth + 1 < MAX_DEPTH ? i + clock.piece : Infinity;

/**
 * The container (array or object) whose opening bracket is at `open`: its items (or members) in
 * runs of about a piece of text, each parsed by one call of JSON.parse; an item longer than a piece
 * that is itself a container is built the same way, one level down.
 */
function* container(text: string, open: number, depth: number, clock: Clock): Build<unknown> {
  const isArray = text.charCodeAt(open) === OPEN_ARRAY;
  const close = isArray ? CLOSE_ARRAY : CLOSE_OBJECT;
  // An array's items in parts (each run's, or one item built in pieces), joined at its end: pushing
  // millions of items one by one costs more than parsing them.
  const parts: unknown[][] = [];
  const members: Record<string, unknown> = {};
  // The run of items not parsed yet: from `first` to `last` (none while `last` is -1).
  let first = -1;
  let last = -1;
  function* parseRun(): Generator<undefined, void, undefined> {
    if (last < 0) return;
    const run = text.slice(first, last);
    if (isArray) parts.push(JSON.parse(`[${run}]`) as unknown[]);
    else {
      const parsed = JSON.parse(`{${run}}`) as Record<string, unknown>;
      for (const key of Object.keys(parsed)) setMember(members, key, parsed[key]);
    }
    last = -1;
    yield* checkClock(clock);
  }
  let i = skipSpace(text, open + 1);
  if (text.charCodeAt(i) !== close)
    for (;;) {
      // An object's member: its key, a colon, then its value at `at`.
      const keyEnd = isArray ? i : text.charCodeAt(i) === QUOTE ? stringEnd(text, i) : -1;
      if (keyEnd < 0) throw notJson(i);
      const colon = skipSpace(text, keyEnd);
      if (!isArray && text.charCodeAt(colon) !== COLON) throw notJson(colon);
      const at = isArray ? i : skipSpace(text, colon + 1);
      const end = valueEnd(text, at, itemLimit(at, depth, clock));
      if (end === TOO_LONG) {
        yield* parseRun();
        const [value, after] = yield* container(text, at, depth + 1, clock);
        if (isArray) parts.push([value]);
        else setMember(members, JSON.parse(text.slice(i, keyEnd)) as string, value);
        i = after;
      } else {
        if (end < 0) throw notJson(at);
        if (last < 0) first = i;
        i = last = end;
        if (last - first >= clock.piece) yield* parseRun();
      }
      i = skipSpace(text, i);
      const c = text.charCodeAt(i);
      if (c === close) break;
      if (c !== COMMA) throw notJson(i);
      i = skipSpace(text, i + 1);
    }
  yield* parseRun();
  return [isArray ? joined(parts) : members, i + 1];
}

/**
 * The parts of an array as one array: one copy of each item, by concat (a million items copied one
 * by one, or pushed, cost as much as parsing them again; `new Array(n)` of that size is a slow,
 * sparse array in V8).
 */
function joined(parts: unknown[][]): unknown[] {
  if (parts.length === 1) return parts[0] as unknown[];
  let items: unknown[] = [];
  // A bounded number of arguments per call: each is a part.
  for (let at = 0; at < parts.length; at += JOIN_PARTS) items = items.concat(...parts.slice(at, at + JOIN_PARTS));
  return items;
}

function* root(text: string, clock: Clock): Generator<undefined, unknown, undefined> {
  const start = skipSpace(text, 0);
  const c = text.charCodeAt(start);
  if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) return JSON.parse(text) as unknown; // a string, number or literal: one piece
  const [value, end] = yield* container(text, start, 0, clock);
  if (skipSpace(text, end) !== text.length) throw notJson(end);
  return value;
}

/**
 * The value of a JSON text, as JSON.parse gives it, built in slices with `pause` awaited between
 * them. Throws (a SyntaxError) on text JSON.parse rejects. `piece`: the most text given to one call
 * of JSON.parse but for a single value (64 KB); `sliceMs`: how long a slice runs (10 ms).
 */
export async function parseInSlices(
  text: string,
  pause: () => Promise<void>,
  { piece = PIECE, sliceMs = SLICE_MS }: { piece?: number; sliceMs?: number } = {},
): Promise<unknown> {
  const clock: Clock = { slices: new Slices(pause, sliceMs), piece };
  const steps = root(text, clock);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await clock.slices.next();
  }
}

/** The second half of the parse (./parse.ts's parseJson) in slices; text that is not JSON is read by parseJson, whole. */
export async function parseJsonInSlices(decoded: Decoded, pause: () => Promise<void>): Promise<Received> {
  if (decoded.json === undefined) return decoded.received;
  let body: unknown;
  try {
    body = await parseInSlices(decoded.json, pause);
  } catch {
    return parseJson(decoded);
  }
  return parsedAs(decoded, body);
}
