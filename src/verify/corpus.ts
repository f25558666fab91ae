/// <reference types="node" />
// The conformance corpus: several hundred requests, drawn from the spec with a fixed seed, that a
// service and the mock are both sent so their answers can be compared one by one. Every constraint
// of every reachable field broken alone (constraints.ts), two and three at once, the path
// parameters, each kind of invalid JSON, content types, empty, absent and null bodies, encodings,
// the coercions pydantic's lax mode makes, non-strings where a format is expected, and the valid
// examples. Deterministic: the same spec and seed give the same requests, under the same ids.
import { mulberry32 } from '../shared/random.js';
import { derive } from './constraints.js';
import { DELETE, getAt, setAt } from './generate.js';
import { hostileCases } from './hostile.js';
import { credentialHeaderOf, operations as specOperations, urlPathOf, type Operation } from './operations.js';
import { validSample, type Sample } from './samples.js';
import { pathName, walk, type Json, type Path } from './schema.js';
import { seedsOf, type SeedFor } from './seed.js';
import { spec } from './spec.js';

export type CorpusKind =
  | 'valid'
  | 'edge'
  | 'constraint'
  | 'combined'
  | 'path'
  | 'json'
  | 'content-type'
  | 'body'
  | 'encoding'
  | 'lax'
  | 'format'
  /** A step of a rule across requests (`api-contract-verify --drift --with-writes`), not drawn by the corpus. */
  | 'rule';

/** A body as sent: text when it is valid UTF-8, else its bytes in base64. */
export type CorpusBody = { text: string } | { base64: string };

export interface CorpusRequest {
  /** Stable while the spec and the seed are: `<operationId> <kind>: <what the request does>`. */
  id: string;
  operation: string;
  kind: CorpusKind;
  method: string;
  /** The request path as sent (parameters encoded). */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Absent: no body at all. */
  body?: CorpusBody;
}

export interface CorpusOptions {
  /** The run's seed (default 45). */
  seed?: number;
  /** Requests breaking two, and three, constraints at once, per operation (default 4 each). */
  combined?: number;
  /** Defaults to the bundled spec's operations. */
  operations?: Operation[];
}

/** The credential every corpus request carries: validation comes before authentication on the service. */
const CREDENTIAL = { apiKey: 'conformance-key', classicApiKey: 'conformance-key' };

function bodyOf(body: string | Buffer): CorpusBody {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const text = bytes.toString('utf8');
  // A round trip that changes the bytes means they are not UTF-8 (or carry a BOM a decoder drops).
  return Buffer.from(text).equals(bytes) && !text.startsWith('\ufeff')
    ? { text }
    : { base64: bytes.toString('base64') };
}

/** The bytes of a corpus body. */
export function bodyBytes(body: CorpusBody): Buffer {
  return 'text' in body ? Buffer.from(body.text) : Buffer.from(body.base64, 'base64');
}

/** The requestBody examples the spec gives an operation, by name. */
function examplesOf(op: Operation): [string, Json][] {
  const item = (spec.paths as Record<string, Record<string, unknown>>)[op.path]?.[op.method] as
    { requestBody?: { content?: Record<string, { examples?: Record<string, { value?: Json }> }> } } | undefined;
  const examples = item?.requestBody?.content?.['application/json']?.examples ?? {};
  return Object.entries(examples).flatMap(([name, example]) =>
    example.value === undefined ? [] : [[name, example.value] as [string, Json]],
  );
}

interface Builder {
  op: Operation;
  sample: Sample;
  add(
    kind: CorpusKind,
    what: string,
    request: {
      path?: Record<string, string>;
      rawPath?: string;
      body?: string | Buffer;
      headers?: Record<string, string>;
    },
  ): void;
  json(kind: CorpusKind, what: string, body: Json | undefined, path?: Record<string, string>): void;
}

/** Every leaf of the variants: its path, the first variant it occurs in, and its schema node. */
function fieldsOf(
  op: Operation,
): { path: Path; variantIndex: number; type: string; format?: string; enumerated: boolean }[] {
  const seen = new Set<string>();
  const out: { path: Path; variantIndex: number; type: string; format?: string; enumerated: boolean }[] = [];
  op.variants.forEach((variant, variantIndex) =>
    walk(variant, (node, path) => {
      if (path.length === 0 || node.type === 'object' || node.type === 'array' || node.type === 'null') return;
      const key = `${pathName(path)}:${node.type}:${String(node.keywords.format)}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({
        path,
        variantIndex,
        type: node.type,
        ...(typeof node.keywords.format === 'string' ? { format: node.keywords.format } : {}),
        enumerated: Array.isArray(node.keywords.enum) || 'const' in node.keywords,
      });
    }),
  );
  return out;
}

// What pydantic's lax mode may coerce (or refuse in its own words), by the type the spec states.
const LAX: Record<string, [string, Json][]> = {
  integer: [
    ['a numeric string', '12'],
    ['a float with no fraction', 12.0 + 0.5 - 0.5],
    ['a float with a fraction', 12.5],
    ['a boolean', true],
    ['a string with spaces', ' 12 '],
  ],
  number: [
    ['a numeric string', '0.75'],
    ['an integer', 1],
    ['a boolean', false],
  ],
  boolean: [
    ['the string "true"', 'true'],
    ['the string "off"', 'off'],
    ['the integer 1', 1],
    ['the integer 2', 2],
  ],
  string: [
    ['an integer', 12],
    ['a boolean', true],
  ],
};

const LAX_FORMAT: Record<string, [string, Json][]> = {
  uuid: [
    ['32 hex digits', '6f1c2a4e3b7d4e8a9c215d0f8b7a1e34'],
    ['a braced UUID', '{6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34}'],
    ['an upper-case UUID', '6F1C2A4E-3B7D-4E8A-9C21-5D0F8B7A1E34'],
    ['a urn:uuid: UUID', 'urn:uuid:6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34'],
    ['a UUID missing a digit', '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e3'],
  ],
  date: [
    ['a date-time at midnight', '2026-12-01T00:00:00Z'],
    ['a date-time at 10:00', '2026-12-01T10:00:00Z'],
    ['a Unix time of a midnight', 1767225600],
    ['a Unix time within a day', 1767225601],
    ['the number 0', 0],
    ['a day that does not exist', '2026-02-30'],
    ['a date with slashes', '2026/12/01'],
  ],
  'date-time': [
    ['a Unix time', 1767225600],
    ['a Unix time in milliseconds', 1767225600123],
    ['a Unix time as a string', '1767225600'],
    ['a date alone', '2026-12-01'],
    ['a date-time without an offset', '2026-12-01T10:00:00'],
    ['a date-time with a space', '2026-12-01 10:00:00Z'],
    ['an hour 25', '2026-12-01T25:00:00Z'],
  ],
};

const NON_STRINGS: [string, Json][] = [
  ['an integer', 123],
  ['a float', 1.5],
  ['true', true],
  ['an object', {}],
];

/** The corpus of every operation of the spec (or of `options.operations`). */
export function conformanceCorpus(options: CorpusOptions = {}): CorpusRequest[] {
  const seed = options.seed ?? 45;
  const seedFor: SeedFor = seedsOf(seed);
  const ops = options.operations ?? specOperations;
  const all: CorpusRequest[] = [];
  const ids = new Set<string>();
  for (const op of ops) {
    const sample = validSample(op, 'corpus', seedFor);
    const method = op.method.toUpperCase();
    const baseHeaders: Record<string, string> = {
      'content-type': 'application/json',
      ...lower(credentialHeaderOf(op, CREDENTIAL)),
    };
    const builder: Builder = {
      op,
      sample,
      add(kind, what, request) {
        let id = `${op.id} ${kind}: ${what}`;
        // Two derivations can describe different requests alike; the second is numbered.
        for (let n = 2; ids.has(id); n++) id = `${op.id} ${kind}: ${what} #${n}`;
        ids.add(id);
        const headers = { ...baseHeaders, ...lower(request.headers ?? {}) };
        for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
        all.push({
          id,
          operation: op.id,
          kind,
          method,
          path: request.rawPath ?? urlPathOf(op, request.path ?? sample.path),
          headers,
          ...(request.body === undefined ? {} : { body: bodyOf(request.body) }),
        });
      },
      json(kind, what, body, path) {
        this.add(kind, what, {
          ...(path ? { path } : {}),
          ...(body === undefined ? { headers: { 'content-type': '' } } : { body: JSON.stringify(body) }),
        });
      },
    };
    validRequests(builder, seedFor);
    derived(builder, seedFor, options.combined ?? 4, seed);
    hostile(builder);
    bodies(builder);
    laxAndFormats(builder);
  }
  return all;
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function validRequests(b: Builder, seedFor: SeedFor): void {
  for (const [name, value] of examplesOf(b.op)) b.json('valid', `the spec's example ${name}`, value);
  // Some operations expand to dozens of union-free variants: a few, spread over them, are enough.
  const count = b.op.variants.length;
  const picked = new Set(
    Array.from({ length: Math.min(count, 6) }, (_, i) => Math.floor((i * count) / Math.min(count, 6))),
  );
  for (const vi of picked)
    b.json('valid', `a sample of variant ${vi}`, validSample(b.op, `corpus-${vi}`, seedFor, vi).body);
}

function derived(b: Builder, seedFor: SeedFor, combined: number, seed: number): void {
  const { constraints, probes } = derive(b.op, { seedFor, bases: 1 });
  for (const probe of probes) b.json('edge', probe.id, probe.request.body, probe.request.path);
  const rejected: { path: Path; body: Json; params: Record<string, string> }[] = [];
  for (const constraint of constraints) {
    const kind = constraint.in === 'path' ? 'path' : 'constraint';
    for (const c of constraint.cases) {
      b.json(kind, constraint.id, c.request.body, c.request.path);
      if (
        kind === 'constraint' &&
        c.verdict === 'rejected' &&
        c.request.body !== undefined &&
        constraint.path.length > 0
      )
        rejected.push({ path: constraint.path, body: c.request.body, params: c.request.path });
    }
  }
  // Two and three constraints broken at once: one mutated body, with the others' mutated values
  // carried over at their places (places that are not inside one another).
  const draw = mulberry32(seedFor(`${b.op.id}#combined#${seed}`));
  const disjoint = (a: Path, c: Path) => {
    const n = Math.min(a.length, c.length);
    return a.slice(0, n).some((key, i) => String(key) !== String(c[i]));
  };
  const combos = new Set<string>();
  for (const size of [2, 3]) {
    for (let made = 0, tries = 0; made < combined && tries < 50 && rejected.length >= size; tries++) {
      const picked: typeof rejected = [];
      for (let i = 0; i < 20 && picked.length < size; i++) {
        const candidate = rejected[Math.floor(draw() * rejected.length)]!;
        if (picked.every((p) => disjoint(p.path, candidate.path))) picked.push(candidate);
      }
      const what = `${size} errors: ${picked.map((p) => pathName(p.path)).join(', ')}`;
      if (picked.length < size || combos.has(what)) continue;
      combos.add(what);
      let body = picked[0]!.body;
      try {
        for (const other of picked.slice(1)) {
          const value = getAt(other.body, other.path);
          body = setAt(body, other.path, value === undefined ? DELETE : value);
        }
      } catch {
        continue; // the other's place does not exist in this body (another branch)
      }
      made++;
      b.json('combined', what, body, picked[0]!.params);
    }
  }
}

function hostile(b: Builder): void {
  for (const c of hostileCases(b.op, b.sample, {})) {
    // Sizes and path traversal are the limits' business, not validation's: a 1 MiB string or a
    // 10,000-deep document would make the cassettes huge, and `..` is normalised by any fetch.
    if (/1 MiB|10,000 deep|path parameter/.test(c.label)) continue;
    const kind: CorpusKind = /invalid JSON|NaN|duplicate/.test(c.label)
      ? 'json'
      : /content-type/.test(c.label)
        ? 'content-type'
        : /UTF-8|surrogate|property named/.test(c.label)
          ? 'encoding'
          : 'body';
    b.add(kind, c.label, {
      rawPath: c.request.path,
      body: c.request.body,
      headers: lower(c.request.headers ?? {}),
    });
  }
}

function bodies(b: Builder): void {
  const text = JSON.stringify(b.sample.body);
  const inner = text.slice(1, -1);
  const invalid: [string, string][] = [
    ['an unquoted key', `{model: 1${inner ? `, ${inner}` : ''}}`],
    ['a bare word', 'hello'],
    ['a comment', `/* c */ ${text}`],
    ['an unterminated string', '{"a": "b'],
    ['data after the document', `${text} {}`],
    ['an invalid escape', '{"a": "\\x41"}'],
    ['a raw control character in a string', '{"a": "b\u0001c"}'],
    ['a missing value', '{"a": }'],
    ['a multi-byte character before the error', '{"ä€😀": x}'],
    ['only whitespace', '  \n '],
    ['Infinity', '{"a": Infinity}'],
    ['a number too large for a double', '{"a": 1e400}'],
  ];
  for (const [what, body] of invalid) b.add('json', what, { body });
  b.add('body', 'no body and no content type', { headers: { 'content-type': '' } });
  b.add('body', 'an empty body and no content type', { body: '', headers: { 'content-type': '' } });
  b.add('body', 'a JSON body with no content type', { body: text, headers: { 'content-type': '' } });
  b.add('body', 'the document true instead of an object', { body: 'true' });
  for (const type of [
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'application/merge-patch+json',
    'APPLICATION/JSON',
    'text/json',
    'application/xml',
    'multipart/form-data; boundary=x',
  ])
    b.add('content-type', `content-type ${type}`, { body: text, headers: { 'content-type': type } });
  b.add('encoding', 'the body in UTF-16', { body: Buffer.from(`\ufeff${text}`, 'utf16le') });
  b.add('encoding', 'the body in Latin-1 with a non-ASCII character', {
    body: Buffer.from(JSON.stringify({ ...(b.sample.body as object), fuzz_latin1: 'café' }), 'latin1'),
  });
  b.add('encoding', 'an escaped astral character and a surrogate pair', {
    body: JSON.stringify({ ...(b.sample.body as object), fuzz_astral: 'x' }).replace('"x"', '"\\ud83d\\ude00 😀"'),
  });
}

function laxAndFormats(b: Builder): void {
  for (const field of fieldsOf(b.op)) {
    const base = validSample(b.op, 'corpus', () => 0, field.variantIndex).body;
    if (getAt(base, field.path) === undefined) continue;
    const at = pathName(field.path);
    if (field.format && LAX_FORMAT[field.format]) {
      for (const [what, value] of LAX_FORMAT[field.format]!)
        b.json('lax', `${at} (${field.format}) ${what}`, setAt(base, field.path, value));
      for (const [what, value] of NON_STRINGS)
        b.json('format', `${at} (${field.format}) ${what}`, setAt(base, field.path, value));
    } else if (!field.enumerated && LAX[field.type]) {
      for (const [what, value] of LAX[field.type]!)
        b.json('lax', `${at} (${field.type}) ${what}`, setAt(base, field.path, value));
    }
  }
  for (const parameter of b.op.pathParameters) {
    const format = parameter.schema.format;
    if (typeof format !== 'string' || !LAX_FORMAT[format]) continue;
    for (const [what, value] of LAX_FORMAT[format])
      if (typeof value === 'string')
        b.json('path', `${parameter.name} ${what}`, b.sample.body, { ...b.sample.path, [parameter.name]: value });
  }
}
