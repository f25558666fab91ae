// fast-check generators derived from variants (schema.ts): one arbitrary per variant, values valid
// by construction (Ajv checks them anyway), plus the edge values of every bound and enum.
import fc from 'fast-check';
import { jsonType, type Flat, type Json, type Path } from './schema.js';
import { formatConstrains, isValid } from './validate.js';

/** How objects and arrays are drawn (neither by default); a scalar has nothing to fill or extend. */
export interface GenerateOptions {
  /** Every optional property present and every array non-empty (so every path of the variant exists). */
  fill?: boolean;
  /** Unknown properties added to objects that do not forbid them. */
  extras?: boolean;
}

/** Code points, the unit JSON Schema's minLength/maxLength count (Ajv, Prism and pydantic agree). */
export const codePoints = (s: string): number => [...s].length;

/**
 * Any code point but a surrogate (U+D800-U+DFFF), drawn as fast-check's `binary` unit draws it: an
 * integer, small ones mapped to printable ASCII first (then the control characters). Built here
 * because `fc.string({ unit: 'binary' })` costs about a second of CPU to construct (its shrinker
 * maps every code point back), at every start of the verifier and of each test worker.
 */
const SURROGATES = 0xe000 - 0xd800;
/** The largest integer `codePointOf` maps. */
export const MAX_CODE_POINT_INDEX = 0x10ffff - SURROGATES;
const printableFirst = (n: number) => (n < 95 ? n + 0x20 : n < 0x7f ? n - 95 : n);
/** The `n`-th code point in drawing order: printable ASCII, the C0 controls, then upwards, skipping the surrogates. */
export const codePointOf = (n: number): string => String.fromCodePoint(n < 0xd800 ? printableFirst(n) : n + SURROGATES);
const anyCodePoint = fc.integer({ min: 0, max: MAX_CODE_POINT_INDEX }).map(codePointOf);

/** A string unit (one code point): printable ASCII mostly, any non-surrogate code point sometimes. */
const unit = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: anyCodePoint, weight: 1 },
);

const pad2 = (n: number) => String(n).padStart(2, '0');

const dateOnly = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** RFC 3339 date-times: with and without fractions, `Z`/`z` or a numeric offset, `T` or `t`. */
const dateTime = fc
  .record({
    date: fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    }),
    separator: fc.constantFrom('T', 't'),
    fraction: fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
    offset: fc.oneof(
      fc.constantFrom('Z', 'z', '+00:00'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([s, h, m]) => `${s}${pad2(h)}:${pad2(m)}`),
    ),
  })
  .map(({ date, separator, fraction, offset }) => {
    const iso = date.toISOString();
    return `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}${fraction === undefined ? '' : `.${String(fraction).padStart(6, '0')}`}${offset}`;
  });

const uuid = fc.oneof(
  { arbitrary: fc.uuid(), weight: 4 },
  { arbitrary: fc.uuid().map((u) => u.toUpperCase()), weight: 1 },
);

/**
 * How to make the generator of each format, made on first use: some cost much to construct
 * (`fc.webUrl()` about 1.5 s of CPU), and a spec uses few formats.
 */
const FORMAT_ARBITRARIES: Record<string, () => fc.Arbitrary<string>> = {
  uuid: () => uuid,
  date: () => dateOnly,
  'date-time': () => dateTime,
  time: () => dateTime.map((dt) => dt.slice(11)),
  email: () => fc.emailAddress(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  uri: () => fc.webUrl(),
  hostname: () => fc.domain(),
};
const formatArbitraries = new Map<string, fc.Arbitrary<string>>();

function formatArbitrary(format: string): fc.Arbitrary<string> {
  if (!Object.hasOwn(FORMAT_ARBITRARIES, format))
    throw new Error(`no generator for format "${format}": add one to FORMAT_ARBITRARIES in src/verify/generate.ts`);
  const arbitrary = formatArbitraries.get(format) ?? FORMAT_ARBITRARIES[format]!();
  formatArbitraries.set(format, arbitrary);
  return arbitrary;
}

function stringArbitrary(node: Flat): fc.Arbitrary<string> {
  const k = node.keywords;
  const minLength = (k.minLength as number | undefined) ?? 0;
  const maxLength = k.maxLength as number | undefined;
  const inLength = (s: string) => codePoints(s) >= minLength && (maxLength === undefined || codePoints(s) <= maxLength);
  const format = k.format;
  if (formatConstrains(format)) {
    return formatArbitrary(format).filter(inLength);
  }
  if (typeof k.pattern === 'string') {
    return fc.stringMatching(new RegExp(k.pattern, 'u'), { maxLength }).filter(inLength);
  }
  // Lengths near both ends are more likely than with the default size.
  const upper = maxLength === undefined ? minLength + 40 : Math.min(maxLength, minLength + 40);
  return fc.string({ unit, minLength, maxLength: upper });
}

function numberArbitrary(node: Flat, integer: boolean): fc.Arbitrary<number> {
  const k = node.keywords;
  let min = k.minimum as number | undefined;
  let max = k.maximum as number | undefined;
  if (typeof k.exclusiveMinimum === 'number')
    min = Math.max(min ?? -Infinity, integer ? Math.floor(k.exclusiveMinimum) + 1 : k.exclusiveMinimum);
  if (typeof k.exclusiveMaximum === 'number')
    max = Math.min(max ?? Infinity, integer ? Math.ceil(k.exclusiveMaximum) - 1 : k.exclusiveMaximum);
  const multipleOf = k.multipleOf as number | undefined;
  if (integer) {
    const lo = min ?? Number.MIN_SAFE_INTEGER;
    const hi = max ?? Number.MAX_SAFE_INTEGER;
    // Small values often: within 1000 of the allowed value nearest zero.
    const nearest = Math.min(Math.max(0, lo), hi);
    const base = fc.oneof(
      fc.integer({ min: Math.max(lo, nearest - 1000), max: Math.min(hi, nearest + 1000) }),
      fc.integer({ min: lo, max: hi }),
    );
    return multipleOf ? base.map((n) => n - (n % multipleOf)).filter((n) => n >= lo && n <= hi) : base;
  }
  // Unbounded, the bounds are the largest finite doubles, so no infinity is drawn (fast-check's
  // noDefaultInfinity would change nothing: it only applies when min or max is left out).
  const lo = min ?? -Number.MAX_VALUE;
  const hi = max ?? Number.MAX_VALUE;
  const base = fc.double({
    noNaN: true,
    min: lo,
    max: hi,
    minExcluded: lo === k.exclusiveMinimum,
    maxExcluded: hi === k.exclusiveMaximum,
  });
  return multipleOf ? base.map((n) => Math.round(n / multipleOf) * multipleOf).filter((n) => n >= lo && n <= hi) : base;
}

const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

/** Names of unknown properties: prefixed so they never collide with a declared one. */
const extraKey = fc.string({ unit, minLength: 1, maxLength: 8 }).map((s) => `fuzz_extra_${s}`);

/** A fast-check arbitrary of the values valid against a variant. */
export function arbitraryOf(node: Flat, options: GenerateOptions = {}): fc.Arbitrary<Json> {
  return bareArbitrary(node, options).filter((value) => !node.nots.some((n) => isValid(n, value)));
}

function bareArbitrary(node: Flat, options: GenerateOptions): fc.Arbitrary<Json> {
  const k = node.keywords;
  if ('const' in k) return fc.constant(k.const as Json);
  if (Array.isArray(k.enum)) {
    const values = (k.enum as Json[]).filter(
      (v) => node.type === 'any' || jsonType(v) === node.type || (node.type === 'number' && typeof v === 'number'),
    );
    return fc.constantFrom(...values);
  }
  switch (node.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(node, true);
    case 'number':
      return numberArbitrary(node, false);
    case 'string':
      return stringArbitrary(node);
    case 'any':
      return anyJson;
    case 'array': {
      const minItems = (k.minItems as number | undefined) ?? 0;
      const maxItems = (k.maxItems as number | undefined) ?? minItems + 3;
      const items = node.items ? arbitraryOf(node.items, options) : anyJson;
      const lower = options.fill ? Math.min(Math.max(minItems, 1), maxItems) : minItems;
      return fc.array(items, { minLength: lower, maxLength: Math.min(maxItems, lower + 3) });
    }
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(node.properties).map(([name, child]) => [name, arbitraryOf(child, options)]),
      );
      const keys = Object.keys(shape);
      const record = fc.record(shape, {
        requiredKeys: options.fill ? keys : node.required.filter((r) => keys.includes(r)),
      }) as fc.Arbitrary<Record<string, Json>>;
      if (node.closed || !options.extras) return record;
      return fc
        .tuple(record, fc.dictionary(extraKey, anyJson, { maxKeys: 2 }))
        .map(([declared, extra]) => ({ ...extra, ...declared }));
    }
  }
}

/** One deterministic sample of an arbitrary for a seed. */
export function sampleOf<T>(arbitrary: fc.Arbitrary<T>, seed: number, count = 1): T[] {
  return fc.sample(arbitrary, { seed, numRuns: count });
}

/**
 * Stretches or shrinks a string matching `pattern` to exactly `length` code points while it keeps
 * matching, by repeating or dropping one of its own characters; undefined when the pattern forbids it.
 */
export function fitLength(sample: string, length: number, pattern?: string): string | undefined {
  let chars = [...sample];
  if (pattern === undefined) {
    // No pattern: keep the sample's characters, pad with its last one (or "a"), cut at the length.
    return [...chars, ...Array<string>(length).fill(chars[chars.length - 1] ?? 'a')].slice(0, length).join('');
  }
  const re = new RegExp(pattern, 'u');
  const matches = (s: string[]) => re.test(s.join(''));
  if (!matches(chars)) return undefined;
  for (;;) {
    const missing = length - chars.length;
    let next: string[] | undefined;
    for (let i = 0; i < Math.max(chars.length, 1) && !next; i++) {
      // All the missing characters at once when the pattern allows, else one: the character at i
      // repeated after it, or characters dropped from i on; at the length, done.
      let candidates: string[][];
      if (missing > 0) {
        const c = chars[i] ?? 'a';
        candidates = [
          [...chars.slice(0, i + 1), ...Array<string>(missing).fill(c), ...chars.slice(i + 1)],
          [...chars.slice(0, i + 1), c, ...chars.slice(i + 1)],
        ];
      } else if (missing < 0) {
        candidates = [
          [...chars.slice(0, i), ...chars.slice(i - missing)],
          [...chars.slice(0, i), ...chars.slice(i + 1)],
        ];
      } else return chars.join('');
      next = candidates.find(matches);
    }
    if (!next) return undefined;
    chars = next;
  }
}

/** A valid value of `length` code points for a string node, built from a sample; undefined if unreachable. */
export function stringOfLength(node: Flat, sample: string, length: number, char?: string): string | undefined {
  const pattern = node.keywords.pattern as string | undefined;
  if (pattern === undefined && node.keywords.format === undefined) return (char ?? 'a').repeat(length);
  return fitLength(sample, length, pattern);
}

/** Deep copy of `value` with `path` set to `replacement` (or deleted when replacement is DELETE). */
export const DELETE = Symbol('delete');
export function setAt(value: Json, path: Path, replacement: Json | typeof DELETE): Json {
  if (path.length === 0) {
    if (replacement === DELETE) throw new Error('cannot delete the root');
    return replacement;
  }
  const copy = structuredClone(value) as Record<string | number, Json>;
  let parent: Record<string | number, Json> = copy;
  for (const key of path.slice(0, -1)) {
    const child = parent[key];
    if (child === null || typeof child !== 'object')
      throw new Error(`path ${JSON.stringify(path)} does not exist in the base`);
    parent = child as Record<string | number, Json>;
  }
  const last = path[path.length - 1]!;
  if (replacement === DELETE) {
    if (!(last in parent)) throw new Error(`path ${JSON.stringify(path)} does not exist in the base`);
    if (Array.isArray(parent)) throw new Error('cannot delete an array item');
    delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

export function getAt(value: Json, path: Path): Json | undefined {
  let node: Json | undefined = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, Json>)[key];
  }
  return node;
}
