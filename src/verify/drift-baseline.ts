// The allow lists of drift: the hand-written entries of cassette.ts (`{request, field, reason}`,
// which cover a field of the requests they name whatever its values), and pinned entries, which
// cover one difference only while both sides still answer what the pin holds. `--write-baseline`
// writes a pinned entry for every difference of every request of a run.
import {
  AllowListError,
  allowedBy,
  ITEM_KEYS,
  parseAllowList,
  type AllowedDifference,
  type Difference,
} from './cassette.js';
import { isObject } from '../shared/json.js';

/** What both sides answered for one difference; a side without the value has no key. */
export interface Pin {
  provider?: unknown;
  mock?: unknown;
  /** For a field of one 422 item: the item, by its type and loc on the provider's side. */
  item?: { type?: unknown; loc?: unknown };
  /** For a rule across requests: the aspect compared. */
  aspect?: string;
}

/** An allow-list entry; with a pin, it covers its field only where the values are the pinned ones. */
export interface DriftAllowEntry extends AllowedDifference {
  pin?: Pin;
}

/** A difference of one request as a run saw it, and the reason of the entry that allowed it. */
export interface SeenDifference {
  request: string;
  difference: Difference;
  allowed?: string;
}

const isItemField = (field: string) => (ITEM_KEYS as readonly string[]).includes(field);

/** JSON with the keys of every object sorted: one text per value, whatever the order a side wrote. */
function canonical(value: unknown): string | undefined {
  return JSON.stringify(value, (_, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The pin of a difference: both values, and the item or the rule's aspect it is of. */
export function pinOf(difference: Difference): Pin {
  return {
    provider: difference.expected,
    mock: difference.actual,
    ...(difference.item ? { item: { type: difference.item.type, loc: difference.item.loc } } : {}),
    ...(difference.field === 'rule' ? { aspect: difference.kind } : {}),
  };
}

/** The pin as it reads back from JSON (no undefined value), in its canonical text. */
const pinKey = (pin: Pin) => canonical(JSON.parse(JSON.stringify(pin)) as unknown)!;

const PIN_KEYS = ['provider', 'mock', 'item', 'aspect'];

/** What is wrong with an entry's pin, if anything. */
function pinProblem(entry: Record<string, unknown>): string | undefined {
  const pin = entry.pin;
  if (pin === undefined) return undefined;
  if (!isObject(pin))
    return `has a "pin" that is ${Array.isArray(pin) ? 'an array' : pin === null ? 'null' : `a ${typeof pin}`}, not an object of ${PIN_KEYS.join(', ')}`;
  const p = pin;
  const unknown = Object.keys(p).find((key) => !PIN_KEYS.includes(key));
  if (unknown !== undefined) return `has a "pin" with "${unknown}", not one of ${PIN_KEYS.join(', ')}`;
  const field = String(entry.field);
  if (isItemField(field) !== (p.item !== undefined))
    return isItemField(field)
      ? `has a "pin" without "item" (the {"type", "loc"} of the 422 item its field ${field} is of)`
      : `has a "pin" with "item", which only a field of a 422 item (${ITEM_KEYS.join(', ')}) has`;
  if (p.item !== undefined) {
    const item = p.item;
    if (!isObject(item)) return 'has a "pin" whose "item" is not an object {"type", "loc"}';
    const extra = Object.keys(item).find((key) => key !== 'type' && key !== 'loc');
    if (extra !== undefined) return `has a "pin" whose "item" has "${extra}", not one of type, loc`;
  }
  if ((field === 'rule') !== (typeof p.aspect === 'string'))
    return field === 'rule'
      ? 'has a "pin" without "aspect" (the aspect of the rule, a string)'
      : 'has a "pin" with "aspect", which only a field rule has';
  return undefined;
}

/** An allow list's text: cassette.ts's entries, each with an optional pin; anything else is an error naming `source` and the entry. */
export function parseDriftAllowList(text: string, source: string): DriftAllowEntry[] {
  const list = parseAllowList(text, source) as unknown as Record<string, unknown>[];
  list.forEach((entry, i) => {
    const wrong = pinProblem(entry);
    if (wrong) throw new AllowListError(`${source}: entry ${i} ${wrong}`);
  });
  return list as unknown as DriftAllowEntry[];
}

/** Which entry allows a difference of a request: the first (in the lists' order) that covers it. */
export type AllowMatcher = (request: string, difference: Difference) => DriftAllowEntry | undefined;

/**
 * The matcher of a list: an entry without a pin covers its field of the requests it names (`items`
 * each item field too); one with a pin, only a difference of exactly its field whose pin is its own.
 */
export function allowMatcher(entries: DriftAllowEntry[]): AllowMatcher {
  const unpinned: number[] = [];
  const byPin = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    if (entry.pin === undefined) unpinned.push(i);
    else {
      const key = `${entry.field}\n${pinKey(entry.pin)}`;
      byPin.set(key, [...(byPin.get(key) ?? []), i]);
    }
  });
  return (request, difference) => {
    const pinned = byPin.get(`${difference.field}\n${pinKey(pinOf(difference))}`) ?? [];
    const candidates = (pinned.length === 0 ? unpinned : [...unpinned, ...pinned].sort((a, b) => a - b)).map(
      (i) => entries[i]!,
    );
    return allowedBy(candidates, request, difference);
  };
}

/**
 * The allow list of a run: a pinned entry for each difference of each request, sorted by request
 * and field, with the reason of the entry that allowed it, or `reason` for the ones none did.
 */
export function baselineOf(seen: SeenDifference[], reason: string): DriftAllowEntry[] {
  const entries = seen.map((s): DriftAllowEntry => ({
    request: s.request,
    field: s.difference.field,
    reason: s.allowed ?? reason,
    pin: JSON.parse(JSON.stringify(pinOf(s.difference))) as Pin,
  }));
  const keyOf = (e: DriftAllowEntry) => `${e.request}\n${e.field}\n${pinKey(e.pin!)}`;
  const unique = new Map(entries.map((e) => [keyOf(e), e]));
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
}

/** An allow list as written: one entry a block, two-space indentation, a final newline. */
export function formatAllowList(entries: DriftAllowEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}
