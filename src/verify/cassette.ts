/// <reference types="node" />
// Cassettes: a provider's answers to the conformance corpus, recorded once so that a comparison with
// the mock needs no provider and no network. One JSON file per operation, stamped with the spec it
// was recorded against and the provider's versions. And the comparison of two answers to the same
// request, the way a 422 is judged: the status, the media type, each item of `detail` (type, loc,
// msg, input, ctx) as sent, and a 400's body.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyBytes, type CorpusRequest } from './corpus.js';
import { specPath } from './spec.js';

export const CASSETTE_FORMAT = 'api-contract-cassette/1';

export interface RecordedAnswer {
  status: number;
  /** The headers that matter to a client's error handling: `content-type` only. */
  headers: { 'content-type'?: string };
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

export interface Interaction {
  request: CorpusRequest;
  response: RecordedAnswer;
}

export interface CassetteStamp {
  /** `sha256:` of the spec's bytes (generated/openapi.json) the corpus was drawn from. */
  spec: string;
  corpus: { seed: number; requests: number };
  /** Who answered: a name and the exact versions of what decides its answers. */
  provider: { name: string; versions: Record<string, string> };
  /** The command that records the cassettes again. */
  rerecord: string;
}

export interface Cassette {
  format: typeof CASSETTE_FORMAT;
  operation: string;
  stamp: CassetteStamp;
  interactions: Interaction[];
}

/** `sha256:<hex>` of a spec file's bytes (default: the bundled spec). */
export function specHash(path: string = specPath): string {
  return `sha256:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
}

export class CassetteError extends Error {
  override name = 'CassetteError';
}

/** The cassettes of a directory, by operation; a file that is not one is an error naming it. */
export function readCassettes(dir: string): Cassette[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const cassette = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<Cassette>;
    if (cassette.format !== CASSETTE_FORMAT || !Array.isArray(cassette.interactions) || !cassette.stamp)
      throw new CassetteError(`${join(dir, file)} is not a cassette of format ${CASSETTE_FORMAT}`);
    return cassette as Cassette;
  });
}

/** Throws when a cassette was recorded against another spec, naming the command that records them again. */
export function checkStamp(cassettes: Cassette[], spec: string = specHash()): void {
  const stale = cassettes.filter((c) => c.stamp.spec !== spec);
  if (stale.length > 0)
    throw new CassetteError(
      `the cassettes of ${stale.map((c) => c.operation).join(', ')} were recorded against another spec (${stale[0]!.stamp.spec}, now ${spec}): record them again with \`${stale[0]!.stamp.rerecord}\``,
    );
}

/** A cassette as written: keys in a fixed order, two-space indentation, a final newline. */
export function formatCassette(cassette: Cassette): string {
  return `${JSON.stringify(cassette, null, 2)}\n`;
}

/** The item fields a 422 is compared on, each reported apart when asked. */
export const ITEM_KEYS = ['type', 'loc', 'msg', 'input', 'ctx'] as const;
export type ItemKey = (typeof ITEM_KEYS)[number];

/**
 * What differs: the status, the media type, the 422 items as a whole (`items`) or one field of one
 * item, a 400's body, whether the answer keeps the contract (`validity`), or the outcome of a rule
 * across requests (`rule`). An allow-list entry for `items` covers each item field too.
 */
export type DifferenceField = 'status' | 'content-type' | 'items' | ItemKey | 'body' | 'validity' | 'rule';

export interface Difference {
  field: DifferenceField;
  /** A short label that groups like differences, e.g. `status 200 → 422` or `type string_type → uuid_type`. */
  kind: string;
  expected: unknown;
  actual: unknown;
  /** For a difference of one item's field: the index of the item, and the item as `expected` has it. */
  item?: { index: number; type: unknown; loc: unknown };
}

export interface ValidationItem {
  type?: unknown;
  loc?: unknown;
  msg?: unknown;
  input?: unknown;
  ctx?: unknown;
}

function mediaType(headers: RecordedAnswer['headers']): string | undefined {
  return headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The `detail` items of a 422 body, or undefined when the body has none. */
export function itemsOf(body: unknown): ValidationItem[] | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return Array.isArray(detail) ? (detail as ValidationItem[]) : undefined;
}

/** The item fields that differ between two items, in the order type, loc, msg, input, ctx. */
export function itemDifferences(expected: ValidationItem, actual: ValidationItem): ItemKey[] {
  return ITEM_KEYS.filter((key) => !same(expected[key], actual[key]));
}

/**
 * Which item of `got` each item of `want` is compared with (as many of each): the one at the same
 * `loc` when there is one, so that two sides listing the same errors in another order agree;
 * the others in the order they come.
 */
function pairsOf(want: ValidationItem[], got: ValidationItem[]): [number, number][] {
  const taken = new Set<number>();
  const pairs = want.map((item, i): [number, number | undefined] => {
    const at = got.findIndex((other, j) => !taken.has(j) && same(other.loc, item.loc));
    if (at >= 0) taken.add(at);
    return [i, at >= 0 ? at : undefined];
  });
  const rest = got.map((_, j) => j).filter((j) => !taken.has(j));
  return pairs.map(([i, j]) => [i, j ?? rest.shift()!]);
}

/** The items of `from` that `other` has nowhere (by type and loc). */
function unmatched(from: ValidationItem[], other: ValidationItem[]): ValidationItem[] {
  return from.filter((item) => !other.some((o) => same(o.type, item.type) && same(o.loc, item.loc)));
}

/**
 * How `actual` differs from `expected` (the provider's recorded answer); empty when they agree.
 * `items: 'first'` names the first item that differs and its differing fields in one difference;
 * `'each'` gives one difference per field of every item that differs (type, loc, msg, input, ctx,
 * each with both values), and, when the counts differ, the items only one side has.
 */
export function compareAnswers(
  expected: RecordedAnswer,
  actual: RecordedAnswer,
  items: 'first' | 'each' = 'first',
): Difference[] {
  if (expected.status !== actual.status)
    return [
      {
        field: 'status',
        kind: `status ${expected.status} → ${actual.status}`,
        expected: expected.status,
        actual: actual.status,
      },
    ];
  const out: Difference[] = [];
  const [e, a] = [mediaType(expected.headers), mediaType(actual.headers)];
  if (e !== a) out.push({ field: 'content-type', kind: `content-type ${e} → ${a}`, expected: e, actual: a });
  if (expected.status === 422) {
    const want = itemsOf(expected.body) ?? [];
    const got = itemsOf(actual.body) ?? [];
    if (want.length !== got.length) {
      out.push(
        items === 'first'
          ? { field: 'items', kind: `item count ${want.length} → ${got.length}`, expected: want, actual: got }
          : {
              field: 'items',
              kind: `item count ${want.length} → ${got.length}`,
              expected: unmatched(want, got),
              actual: unmatched(got, want),
            },
      );
    } else if (items === 'each') {
      pairsOf(want, got).forEach(([index, other]) => {
        const item = want[index]!;
        for (const key of itemDifferences(item, got[other]!))
          out.push({
            field: key,
            kind: `${key} of ${String(item.type)}`,
            expected: item[key],
            actual: got[other]![key],
            item: { index, type: item.type, loc: item.loc },
          });
      });
    } else {
      const at = want.findIndex((item, i) => itemDifferences(item, got[i]!).length > 0);
      if (at >= 0) {
        const keys = itemDifferences(want[at]!, got[at]!);
        const kind =
          keys[0] === 'type'
            ? `type ${String(want[at]!.type)} → ${String(got[at]!.type)}`
            : `${keys.join('+')} of ${String(want[at]!.type)}`;
        out.push({ field: 'items', kind, expected: want, actual: got });
      }
    }
  } else if (expected.status === 400 && !same(expected.body, actual.body)) {
    out.push({ field: 'body', kind: '400 body', expected: expected.body, actual: actual.body });
  }
  return out;
}

/** One entry of a list of deliberate differences: which requests, which field, and why. */
export interface AllowedDifference {
  /** A request id, with `*` standing for any run of characters. */
  request: string;
  field: DifferenceField;
  reason: string;
}

const FIELDS: readonly DifferenceField[] = [
  'status',
  'content-type',
  'items',
  ...ITEM_KEYS,
  'body',
  'validity',
  'rule',
];

export class AllowListError extends Error {
  override name = 'AllowListError';
}

/** An allow list's text: a JSON array of `{request, field, reason}`; anything else is an error naming `source` and the entry. */
export function parseAllowList(text: string, source: string): AllowedDifference[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    throw new AllowListError(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(list))
    throw new AllowListError(`${source} must be a JSON array of {"request", "field", "reason"}`);
  list.forEach((entry: unknown, i) => {
    const e = entry as Partial<Record<keyof AllowedDifference, unknown>> | null;
    const wrong =
      typeof e !== 'object' || e === null
        ? 'is not an object'
        : typeof e.request !== 'string' || e.request === ''
          ? 'has no "request" (a request id, * matching any run of characters)'
          : !FIELDS.includes(e.field as DifferenceField)
            ? `has "field" ${JSON.stringify(e.field)}, not one of ${FIELDS.join(', ')}`
            : typeof e.reason !== 'string' || e.reason.trim() === ''
              ? 'has no "reason"'
              : undefined;
    if (wrong) throw new AllowListError(`${source}: entry ${i} ${wrong}`);
  });
  return list as AllowedDifference[];
}

function patternOf(request: string): RegExp {
  return new RegExp(
    `^${request
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** The entry of `allowed` that covers a difference of request `id`, if any. */
export function allowedBy(
  allowed: AllowedDifference[],
  id: string,
  difference: Difference,
): AllowedDifference | undefined {
  const covers = (field: DifferenceField) =>
    field === difference.field || (field === 'items' && (ITEM_KEYS as readonly string[]).includes(difference.field));
  return allowed.find((entry) => covers(entry.field) && patternOf(entry.request).test(id));
}

/** What a comparison of a corpus found. */
export interface Agreement {
  requests: number;
  sameStatus: number;
  /** Requests the provider answered 422. */
  rejected: number;
  /** Of those, the ones whose items (and status) agree. */
  sameItems: number;
  /** Valid examples of the spec, and how many both answered 200. */
  validExamples: number;
  validExamplesBoth200: number;
  mismatches: { id: string; differences: Difference[]; allowed: boolean }[];
}

/** Sums up the comparison of every interaction with the answer given to its request now. */
export function agreementOf(
  results: { interaction: Interaction; actual: RecordedAnswer }[],
  allowed: AllowedDifference[],
): Agreement {
  const agreement: Agreement = {
    requests: results.length,
    sameStatus: 0,
    rejected: 0,
    sameItems: 0,
    validExamples: 0,
    validExamplesBoth200: 0,
    mismatches: [],
  };
  for (const { interaction, actual } of results) {
    const expected = interaction.response;
    const differences = compareAnswers(expected, actual);
    if (expected.status === actual.status) agreement.sameStatus++;
    if (expected.status === 422) {
      agreement.rejected++;
      if (!differences.some((d) => d.field === 'status' || d.field === 'items')) agreement.sameItems++;
    }
    if (interaction.request.kind === 'valid' && interaction.request.id.includes("the spec's example")) {
      agreement.validExamples++;
      if (expected.status === 200 && actual.status === 200) agreement.validExamplesBoth200++;
    }
    if (differences.length > 0)
      agreement.mismatches.push({
        id: interaction.request.id,
        differences,
        allowed: differences.every((d) => allowedBy(allowed, interaction.request.id, d) !== undefined),
      });
  }
  return agreement;
}

const percent = (n: number, of: number) => (of === 0 ? '100.0' : ((100 * n) / of).toFixed(1));

/** The figures and the mismatches grouped by kind, as text. */
export function formatAgreement(agreement: Agreement, examplesPerKind = 2): string {
  const a = agreement;
  const lines = [
    `requests: ${a.requests}`,
    `same status: ${a.sameStatus}/${a.requests} (${percent(a.sameStatus, a.requests)}%)`,
    `same 422 items (type, loc, msg, input, ctx), as sent: ${a.sameItems}/${a.rejected} (${percent(a.sameItems, a.rejected)}%)`,
    `valid examples answered 200 by both: ${a.validExamplesBoth200}/${a.validExamples}`,
    `mismatches: ${a.mismatches.length} (${a.mismatches.filter((m) => m.allowed).length} deliberate)`,
  ];
  const groups = new Map<string, { ids: string[]; allowed: number }>();
  for (const m of a.mismatches) {
    const kind = `${m.differences[0]!.field}: ${m.differences[0]!.kind}`;
    const group = groups.get(kind) ?? { ids: [], allowed: 0 };
    group.ids.push(m.id);
    if (m.allowed) group.allowed++;
    groups.set(kind, group);
  }
  const sorted = [...groups].sort((x, y) => y[1].ids.length - x[1].ids.length || x[0].localeCompare(y[0]));
  if (sorted.length > 0) lines.push('', 'mismatches by kind:');
  for (const [kind, group] of sorted) {
    lines.push(
      `  ${String(group.ids.length).padStart(4)}  ${kind}${group.allowed ? ` (${group.allowed} deliberate)` : ''}`,
    );
    for (const id of group.ids.slice(0, examplesPerKind)) lines.push(`          e.g. ${id}`);
  }
  return lines.join('\n');
}

/** A corpus request as a WHATWG Request to `origin` (bytes, so that fetch adds no content type of its own). */
export function toRequest(origin: string, request: CorpusRequest): Request {
  const body = request.body === undefined ? undefined : bodyBytes(request.body);
  return new Request(new URL(request.path, origin), {
    method: request.method,
    headers: request.headers,
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
}

/** A response as a cassette records it. */
export async function answerOf(response: Response): Promise<RecordedAnswer> {
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  return {
    status: response.status,
    headers: contentType === null ? {} : { 'content-type': contentType },
    body: parsed(text),
  };
}

/** The JSON a body holds, or its text when it holds none. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
