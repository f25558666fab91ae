// Recorded answers and their comparison (src/verify/cassette.ts): cassettes read from a directory,
// their stamp checked and their text; compareAnswers on a status, an item's type, loc and count, a
// 400 body, a content type, and each item field apart; a deliberate entry covering a difference;
// the figures of an agreement and their text; the allow list read and refused; a corpus request
// as a Request and a Response as a recorded answer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agreementOf,
  allowedBy,
  AllowListError,
  answerOf,
  CASSETTE_FORMAT,
  CassetteError,
  checkStamp,
  compareAnswers,
  formatAgreement,
  formatCassette,
  itemsOf,
  parseAllowList,
  parsed,
  readCassettes,
  specHash,
  toRequest,
  type AllowedDifference,
  type Cassette,
  type Difference,
  type RecordedAnswer,
} from '../../../src/verify/cassette.js';
import type { CorpusRequest } from '../../../src/verify/corpus.js';

const DELIBERATE = new URL('../../fixtures/conformance/deliberate.json', import.meta.url).pathname;
const deliberate = JSON.parse(readFileSync(DELIBERATE, 'utf8')) as AllowedDifference[];

const answer = (status: number, body: unknown, contentType = 'application/json'): RecordedAnswer => ({
  status,
  headers: { 'content-type': contentType },
  body,
});
const item = (type: string, loc: (string | number)[]) => ({ type, loc, msg: 'm', input: 1 });
/** The difference 'each' reports for one field of the item at `index`. */
const itemFieldDifference = (
  field: Difference['field'],
  of: { type: string; loc: string[] },
  expected: unknown,
  actual: unknown,
  index = 0,
): Difference => ({
  field,
  kind: `${field} of ${of.type}`,
  expected,
  actual,
  item: { index, type: of.type, loc: of.loc },
});

describe('compareAnswers', () => {
  it('agrees on equal answers, whatever the media type parameters', () => {
    const body = { detail: [item('string_type', ['body', 'model'])] };
    expect(compareAnswers(answer(422, body), answer(422, body, 'application/json; charset=utf-8'))).toEqual([]);
  });

  it('names a status, an item type, a loc and a count that differ, and a 400 body', () => {
    expect(compareAnswers(answer(200, {}), answer(422, {}))[0]!.kind).toBe('status 200 → 422');
    const want = { detail: [item('uuid_type', ['body', 'id'])] };
    expect(
      compareAnswers(answer(422, want), answer(422, { detail: [item('string_type', ['body', 'id'])] }))[0]!.kind,
    ).toBe('type uuid_type → string_type');
    expect(compareAnswers(answer(422, want), answer(422, { detail: [item('uuid_type', ['body'])] }))[0]!.kind).toBe(
      'loc of uuid_type',
    );
    expect(compareAnswers(answer(422, want), answer(422, { detail: [] }))[0]!.kind).toBe('item count 1 → 0');
    expect(compareAnswers(answer(400, { detail: 'a' }), answer(400, { detail: 'b' }))[0]!.field).toBe('body');
    expect(compareAnswers(answer(422, want), answer(422, want, 'text/plain'))[0]!.field).toBe('content-type');
  });

  it('lets a deliberate entry cover a field of the requests its pattern matches', () => {
    const entry = { request: 'logTraces json: *', field: 'status' as const, reason: 'FastAPI answers 500' };
    const status = compareAnswers(answer(500, 'x'), answer(422, {}))[0]!;
    expect(allowedBy([entry], 'logTraces json: Infinity', status)).toBe(entry);
    expect(allowedBy([entry], 'loginSocial json: Infinity', status)).toBeUndefined();
    expect(allowedBy([{ ...entry, field: 'items' }], 'logTraces json: Infinity', status)).toBeUndefined();
  });

  it('sums the figures and groups the mismatches by kind', () => {
    const request = (id: string, kind = 'constraint') =>
      ({ id, operation: 'op', kind, method: 'POST', path: '/', headers: {} }) as CorpusRequest;
    const a = agreementOf(
      [
        {
          interaction: { request: request("op valid: the spec's example x", 'valid'), response: answer(200, {}) },
          actual: answer(200, {}),
        },
        {
          interaction: {
            request: request('op constraint: a'),
            response: answer(422, { detail: [item('t', ['body'])] }),
          },
          actual: answer(200, {}),
        },
        {
          interaction: {
            request: request('op constraint: b'),
            response: answer(422, { detail: [item('t', ['body'])] }),
          },
          actual: answer(422, { detail: [item('t', ['body'])] }),
        },
      ],
      [],
    );
    expect(a).toMatchObject({
      requests: 3,
      sameStatus: 2,
      rejected: 2,
      sameItems: 1,
      validExamples: 1,
      validExamplesBoth200: 1,
    });
    expect(formatAgreement(a)).toContain('same status: 2/3 (66.7%)');
    expect(formatAgreement(a)).toContain('1  status: status 422 → 200');
  });
});

describe('parseAllowList', () => {
  it('takes the deliberate table and refuses what is not a list of entries', () => {
    expect(parseAllowList(readFileSync(DELIBERATE, 'utf8'), 'd.json')).toEqual(deliberate);
    expect(() => parseAllowList('{', 'a.json')).toThrow(AllowListError);
    expect(() => parseAllowList('{}', 'a.json')).toThrow('a.json must be a JSON array');
    expect(() => parseAllowList('[3]', 'a.json')).toThrow('a.json: entry 0 is not an object');
    expect(() => parseAllowList('[{"field":"status","reason":"r"}]', 'a.json')).toThrow('has no "request"');
    expect(() => parseAllowList('[{"request":"*","field":"status","reason":" "}]', 'a.json')).toThrow(
      'has no "reason"',
    );
  });
});

describe('compareAnswers, each item field apart', () => {
  const item = {
    type: 'string_too_long',
    loc: ['body', 'name'],
    msg: 'at most 255',
    input: 'x',
    ctx: { max_length: 255 },
  };
  const answer = (detail: unknown[]): RecordedAnswer => ({
    status: 422,
    headers: { 'content-type': 'application/json' },
    body: { detail },
  });

  it('names every field of every item that differs, with both values, where "first" names one', () => {
    const other = { ...item, msg: 'at most 100', ctx: { max_length: 100 } };
    const second = { type: 'missing', loc: ['body', 'model'], msg: 'Field required', input: {} };
    expect(compareAnswers(answer([item, second]), answer([other, { ...second, loc: ['body', 'm'] }]), 'each')).toEqual([
      {
        field: 'msg',
        kind: 'msg of string_too_long',
        expected: 'at most 255',
        actual: 'at most 100',
        item: { index: 0, type: 'string_too_long', loc: ['body', 'name'] },
      },
      {
        field: 'ctx',
        kind: 'ctx of string_too_long',
        expected: { max_length: 255 },
        actual: { max_length: 100 },
        item: { index: 0, type: 'string_too_long', loc: ['body', 'name'] },
      },
      {
        field: 'loc',
        kind: 'loc of missing',
        expected: ['body', 'model'],
        actual: ['body', 'm'],
        item: { index: 1, type: 'missing', loc: ['body', 'model'] },
      },
    ]);
    expect(compareAnswers(answer([item]), answer([other]))).toEqual([
      { field: 'items', kind: 'msg+ctx of string_too_long', expected: [item], actual: [other] },
    ]);
  });

  it('compares the items at the same loc, whatever their order', () => {
    const other = { type: 'missing', loc: ['body', 'model'], msg: 'Field required', input: {} };
    const reworded = { ...item, msg: 'too long' };
    expect(compareAnswers(answer([item, other]), answer([other, reworded]), 'each')).toEqual([
      itemFieldDifference('msg', item, 'at most 255', 'too long'),
    ]);
  });

  it('lists, when the counts differ, the items only one side has', () => {
    const extra = { type: 'missing', loc: ['body', 'model'], msg: 'Field required' };
    expect(compareAnswers(answer([item, extra]), answer([item]), 'each')).toEqual([
      { field: 'items', kind: 'item count 2 → 1', expected: [extra], actual: [] },
    ]);
  });
});

describe('cassettes on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const cassette = (operation: string, spec = 'sha256:aa'): Cassette => ({
    format: CASSETTE_FORMAT,
    operation,
    stamp: {
      spec,
      corpus: { seed: 45, requests: 1 },
      provider: { name: 'fastapi', versions: { fastapi: '0.142.0' } },
      rerecord: 'npm run conformance:record',
    },
    interactions: [],
  });
  const directory = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'cassettes-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it('reads the JSON files of a directory in the order of their names, and nothing else', () => {
    const dir = directory({
      'b.json': formatCassette(cassette('opB')),
      'a.json': formatCassette(cassette('opA')),
      'README.txt': 'not a cassette',
    });
    expect(readCassettes(dir)).toEqual([cassette('opA'), cassette('opB')]);
  });

  it('refuses a file with another format, no interactions or no stamp, naming it', () => {
    const { stamp, ...unstamped } = cassette('op');
    void stamp;
    for (const wrong of [
      { ...cassette('op'), format: 'api-contract-cassette/0' },
      { ...cassette('op'), interactions: {} },
      unstamped,
    ]) {
      const dir = directory({ 'a.json': JSON.stringify(wrong) });
      const error = (() => {
        try {
          readCassettes(dir);
        } catch (e) {
          return e as Error;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(CassetteError);
      expect(error?.name).toBe('CassetteError');
      expect(error?.message).toBe(`${join(dir, 'a.json')} is not a cassette of format api-contract-cassette/1`);
    }
  });

  it('writes a cassette with two-space indentation and a final newline', () => {
    const text = formatCassette(cassette('op'));
    expect(text).toBe(`${JSON.stringify(cassette('op'), null, 2)}\n`);
    expect(text.split('\n')[1]).toBe('  "format": "api-contract-cassette/1",');
  });

  it('hashes a spec file by its bytes', () => {
    const dir = directory({ 'spec.json': 'abc' });
    expect(specHash(join(dir, 'spec.json'))).toBe(
      'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(specHash()).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('passes cassettes of the current spec and names the stale ones and the command that records them again', () => {
    expect(() => checkStamp([cassette('opA'), cassette('opB')], 'sha256:aa')).not.toThrow();
    expect(() => checkStamp([], 'sha256:aa')).not.toThrow();
    expect(() =>
      checkStamp([cassette('opA'), cassette('opB', 'sha256:bb'), cassette('opC', 'sha256:cc')], 'sha256:aa'),
    ).toThrow(
      new CassetteError(
        'the cassettes of opB, opC were recorded against another spec (sha256:bb, now sha256:aa): record them again with `npm run conformance:record`',
      ),
    );
    expect(() => checkStamp([cassette('opA')])).toThrow(`now ${specHash()})`);
  });
});

describe('compareAnswers, at its edges', () => {
  const json = (
    status: number,
    body: unknown,
    headers: RecordedAnswer['headers'] = { 'content-type': 'application/json' },
  ) => ({
    status,
    headers,
    body,
  });
  const a = { type: 'int_type', loc: ['body', 'n'], msg: 'm', input: 'x' };
  const b = { type: 'missing', loc: ['body', 'model'], msg: 'Field required', input: {} };

  it('names the media types compared, lower case and without parameters, and an absent one', () => {
    expect(compareAnswers(json(200, {}), json(200, {}, { 'content-type': 'Application/JSON; charset=utf-8' }))).toEqual(
      [],
    );
    expect(compareAnswers(json(200, {}), json(200, {}, { 'content-type': 'text/plain; charset=utf-8' }))).toEqual([
      {
        field: 'content-type',
        kind: 'content-type application/json → text/plain',
        expected: 'application/json',
        actual: 'text/plain',
      },
    ]);
    expect(compareAnswers(json(200, {}), json(200, {}, {}))).toEqual([
      {
        field: 'content-type',
        kind: 'content-type application/json → undefined',
        expected: 'application/json',
        actual: undefined,
      },
    ]);
    expect(compareAnswers(json(204, '', {}), json(204, '', {}))).toEqual([]);
  });

  it('compares bodies only of a 422 (its items) and a 400 (whole)', () => {
    expect(compareAnswers(json(200, { a: 1 }), json(200, { a: 2 }))).toEqual([]);
    expect(compareAnswers(json(500, 'x'), json(500, 'y'))).toEqual([]);
    expect(compareAnswers(json(400, { detail: 'a' }), json(400, { detail: 'a' }))).toEqual([]);
    expect(compareAnswers(json(400, { detail: 'a' }), json(400, { detail: 'b' }))).toEqual([
      { field: 'body', kind: '400 body', expected: { detail: 'a' }, actual: { detail: 'b' } },
    ]);
    expect(
      compareAnswers(json(422, { detail: [a] }), json(422, { detail: [{ ...a, msg: 'other' }] }, {}), 'each'),
    ).toEqual([
      {
        field: 'content-type',
        kind: 'content-type application/json → undefined',
        expected: 'application/json',
        actual: undefined,
      },
      itemFieldDifference('msg', a, 'm', 'other'),
    ]);
  });

  it('takes a 422 body without items as none, and reports a count that differs with both lists', () => {
    expect(compareAnswers(json(422, null), json(422, { detail: 'text' }))).toEqual([]);
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, null))).toEqual([
      { field: 'items', kind: 'item count 2 → 0', expected: [a, b], actual: [] },
    ]);
    expect(compareAnswers(json(422, 'text'), json(422, { detail: [a] }))).toEqual([
      { field: 'items', kind: 'item count 0 → 1', expected: [], actual: [a] },
    ]);
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, { detail: [a] }))).toEqual([
      { field: 'items', kind: 'item count 2 → 1', expected: [a, b], actual: [a] },
    ]);
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, { detail: [a] }), 'each')).toEqual([
      { field: 'items', kind: 'item count 2 → 1', expected: [b], actual: [] },
    ]);
  });

  it('lists, each apart, the items of one side that the other has with another type or loc', () => {
    const retyped = { ...a, type: 'int_parsing' };
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, { detail: [retyped] }), 'each')).toEqual([
      { field: 'items', kind: 'item count 2 → 1', expected: [a, b], actual: [retyped] },
    ]);
  });

  it('names, in the first mode, the first item that differs, by its fields or its type', () => {
    const later = { ...b, msg: 'other', input: 1 };
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, { detail: [a, later] }))).toEqual([
      { field: 'items', kind: 'msg+input of missing', expected: [a, b], actual: [a, later] },
    ]);
    const retyped = { ...b, type: 'string_type', msg: 'x' };
    expect(compareAnswers(json(422, { detail: [a, b] }), json(422, { detail: [a, retyped] }))[0]!.kind).toBe(
      'type missing → string_type',
    );
  });

  it('pairs the items left over in order once those at the same loc are taken', () => {
    const c = { type: 'too_long', loc: ['body', 'c'], msg: 'c', input: 'c' };
    const movedA = { ...a, loc: ['body', 'a2'] };
    const movedC = { ...c, loc: ['body', 'c2'] };
    expect(
      compareAnswers(json(422, { detail: [a, b, c] }), json(422, { detail: [movedA, b, movedC] }), 'each').map((d) => [
        d.field,
        d.item?.index,
        d.actual,
      ]),
    ).toEqual([
      ['loc', 0, ['body', 'a2']],
      ['loc', 2, ['body', 'c2']],
    ]);
  });
});

describe('itemsOf and parsed', () => {
  it('gives the detail list of a body, or undefined', () => {
    expect(itemsOf({ detail: [1] })).toEqual([1]);
    expect(itemsOf({ detail: 'x' })).toBeUndefined();
    expect(itemsOf(null)).toBeUndefined();
    expect(itemsOf('text')).toBeUndefined();
  });

  it('gives the JSON of a text, or the text', () => {
    expect(parsed('{"a":[1]}')).toEqual({ a: [1] });
    expect(parsed('Internal Server Error')).toBe('Internal Server Error');
    expect(parsed('')).toBe('');
  });
});

describe('allowedBy and parseAllowList, at their edges', () => {
  const difference = (field: Difference['field']): Difference => ({ field, kind: 'k', expected: 1, actual: 2 });
  const entry = (request: string, field: AllowedDifference['field']): AllowedDifference => ({
    request,
    field,
    reason: 'r',
  });

  it('covers an item field by an items entry and by its own, and nothing by another field', () => {
    expect(allowedBy([entry('op*', 'items')], 'op x', difference('msg'))).toEqual(entry('op*', 'items'));
    expect(allowedBy([entry('op*', 'msg')], 'op x', difference('msg'))).toEqual(entry('op*', 'msg'));
    expect(allowedBy([entry('op*', 'status')], 'op x', difference('msg'))).toBeUndefined();
    expect(allowedBy([entry('op*', 'items')], 'op x', difference('status'))).toBeUndefined();
    expect(allowedBy([entry('op*', 'msg')], 'op x', difference('items'))).toBeUndefined();
    expect(allowedBy([entry('a*', 'status'), entry('op*', 'status')], 'op x', difference('status'))).toEqual(
      entry('op*', 'status'),
    );
  });

  it('matches the whole id, * as any run and every other character as itself', () => {
    const status = difference('status');
    expect(allowedBy([entry('op (x).y*', 'status')], 'op (x).y z', status)).toBeDefined();
    expect(allowedBy([entry('op (x).y*', 'status')], 'op (x)zy z', status)).toBeUndefined();
    expect(allowedBy([entry('op x', 'status')], 'op x', status)).toBeDefined();
    expect(allowedBy([entry('op', 'status')], 'op x', status)).toBeUndefined();
    expect(allowedBy([entry('x', 'status')], 'op x', status)).toBeUndefined();
    expect(allowedBy([entry('a+b', 'status')], 'aab', status)).toBeUndefined();
    expect(allowedBy([entry('*: [1]', 'status')], 'op: [1]', status)).toBeDefined();
  });

  it('refuses each wrong entry in its own words, and takes a good one', () => {
    const refusal = (text: string) => {
      try {
        parseAllowList(text, 'a.json');
      } catch (error) {
        expect(error).toBeInstanceOf(AllowListError);
        expect((error as Error).name).toBe('AllowListError');
        return (error as Error).message;
      }
      return 'taken';
    };
    expect(refusal('{')).toMatch(/^a\.json is not JSON: \S/);
    expect(refusal('{}')).toBe('a.json must be a JSON array of {"request", "field", "reason"}');
    expect(refusal('[null]')).toBe('a.json: entry 0 is not an object');
    expect(refusal('[{"request":"","field":"status","reason":"r"}]')).toBe(
      'a.json: entry 0 has no "request" (a request id, * matching any run of characters)',
    );
    expect(refusal('[{"request":1,"field":"status","reason":"r"}]')).toMatch(/entry 0 has no "request"/);
    expect(refusal('[{"request":"*","field":"status","reason":"r"},{"request":"*","field":"size","reason":"r"}]')).toBe(
      'a.json: entry 1 has "field" "size", not one of status, content-type, items, type, loc, msg, input, ctx, body, validity, rule',
    );
    expect(refusal('[{"request":"*","field":"status","reason":2}]')).toBe('a.json: entry 0 has no "reason"');
    expect(refusal('[{"request":"*","field":"rule","reason":"r"}]')).toBe('taken');
    expect(parseAllowList('[]', 'a.json')).toEqual([]);
  });
});

describe('agreementOf and formatAgreement, in full', () => {
  const request = (id: string, kind: CorpusRequest['kind'] = 'constraint') =>
    ({ id, operation: 'op', kind, method: 'POST', path: '/', headers: {} }) as CorpusRequest;
  const json = (status: number, body: unknown = {}, contentType = 'application/json'): RecordedAnswer => ({
    status,
    headers: { 'content-type': contentType },
    body,
  });
  const t = { detail: [{ type: 't', loc: ['body'], msg: 'm' }] };
  const u = { detail: [{ type: 'u', loc: ['body'], msg: 'm' }] };
  const results = [
    // A valid example both answer 200; a valid example the mock refuses; a valid request that is no example.
    {
      interaction: { request: request("op valid: the spec's example a", 'valid'), response: json(200) },
      actual: json(200),
    },
    {
      interaction: { request: request("op valid: the spec's example b", 'valid'), response: json(200) },
      actual: json(422, t),
    },
    { interaction: { request: request('op valid: a sample', 'valid'), response: json(200) }, actual: json(200) },
    // A lax example the provider refuses and the mock too; an example id of another kind.
    {
      interaction: { request: request("op lax: the spec's example c", 'lax'), response: json(422, t) },
      actual: json(422, t),
    },
    // 422s: same items under another media type; another type; another status; an allowed one.
    {
      interaction: { request: request('op constraint: a'), response: json(422, t) },
      actual: json(422, t, 'text/plain'),
    },
    { interaction: { request: request('op constraint: b'), response: json(422, t) }, actual: json(422, u) },
    { interaction: { request: request('op constraint: c'), response: json(422, t) }, actual: json(200) },
    { interaction: { request: request('op json: d'), response: json(422, t) }, actual: json(200) },
    // A 200 the mock answers 422: not counted as rejected.
    { interaction: { request: request('op edge: e'), response: json(200) }, actual: json(422, u) },
    // A valid example the provider refuses and the mock takes; a 422 that differs in its media type alone.
    {
      interaction: { request: request("op valid: the spec's example d", 'valid'), response: json(422, t) },
      actual: json(200),
    },
    {
      interaction: { request: request('op constraint: g'), response: json(422, t) },
      actual: json(422, t, 'text/html'),
    },
  ];
  const allowed = [{ request: 'op json: *', field: 'status' as const, reason: 'on purpose' }];

  it('counts statuses, 422 items, valid examples and mismatches, each mismatch allowed only when all its differences are', () => {
    const agreement = agreementOf(results, allowed);
    expect(agreement).toEqual({
      requests: 11,
      sameStatus: 6,
      rejected: 7,
      sameItems: 3,
      validExamples: 3,
      validExamplesBoth200: 1,
      mismatches: [
        {
          id: "op valid: the spec's example b",
          differences: [expect.objectContaining({ field: 'status' })],
          allowed: false,
        },
        { id: 'op constraint: a', differences: [expect.objectContaining({ field: 'content-type' })], allowed: false },
        { id: 'op constraint: b', differences: [expect.objectContaining({ kind: 'type t → u' })], allowed: false },
        {
          id: 'op constraint: c',
          differences: [expect.objectContaining({ kind: 'status 422 → 200' })],
          allowed: false,
        },
        { id: 'op json: d', differences: [expect.objectContaining({ kind: 'status 422 → 200' })], allowed: true },
        { id: 'op edge: e', differences: [expect.objectContaining({ kind: 'status 200 → 422' })], allowed: false },
        {
          id: "op valid: the spec's example d",
          differences: [expect.objectContaining({ kind: 'status 422 → 200' })],
          allowed: false,
        },
        { id: 'op constraint: g', differences: [expect.objectContaining({ field: 'content-type' })], allowed: false },
      ],
    });
    const twoDifferences = agreementOf(
      [{ interaction: { request: request('op json: f'), response: json(422, t) }, actual: json(422, u, 'text/plain') }],
      [...allowed, { request: 'op json: *', field: 'content-type', reason: 'r' }],
    );
    expect(twoDifferences.mismatches[0]!.allowed).toBe(false);
    const both = agreementOf(
      [{ interaction: { request: request('op json: f'), response: json(422, t) }, actual: json(422, u, 'text/plain') }],
      [
        { request: 'op json: *', field: 'items', reason: 'r' },
        { request: 'op json: *', field: 'content-type', reason: 'r' },
      ],
    );
    expect(both.mismatches[0]!.allowed).toBe(true);
  });

  it('prints the figures, then the kinds by count and name, the deliberate ones counted, a few ids each', () => {
    expect(formatAgreement(agreementOf(results, allowed), 1)).toBe(
      [
        'requests: 11',
        'same status: 6/11 (54.5%)',
        'same 422 items (type, loc, msg, input, ctx), as sent: 3/7 (42.9%)',
        'valid examples answered 200 by both: 1/3',
        'mismatches: 8 (1 deliberate)',
        '',
        'mismatches by kind:',
        '     3  status: status 422 → 200 (1 deliberate)',
        '          e.g. op constraint: c',
        '     2  status: status 200 → 422',
        "          e.g. op valid: the spec's example b",
        '     1  content-type: content-type application/json → text/html',
        '          e.g. op constraint: g',
        '     1  content-type: content-type application/json → text/plain',
        '          e.g. op constraint: a',
        '     1  items: type t → u',
        '          e.g. op constraint: b',
      ].join('\n'),
    );
    expect(formatAgreement(agreementOf(results, allowed)).split('\n').slice(7, 13)).toEqual([
      '     3  status: status 422 → 200 (1 deliberate)',
      '          e.g. op constraint: c',
      '          e.g. op json: d',
      '     2  status: status 200 → 422',
      "          e.g. op valid: the spec's example b",
      '          e.g. op edge: e',
    ]);
  });

  it('prints 100.0% of nothing and no kinds when nothing differs', () => {
    expect(formatAgreement(agreementOf([], []))).toBe(
      [
        'requests: 0',
        'same status: 0/0 (100.0%)',
        'same 422 items (type, loc, msg, input, ctx), as sent: 0/0 (100.0%)',
        'valid examples answered 200 by both: 0/0',
        'mismatches: 0 (0 deliberate)',
      ].join('\n'),
    );
  });
});

describe('toRequest and answerOf', () => {
  const request = (over: Partial<CorpusRequest>): CorpusRequest => ({
    id: 'op json: x',
    operation: 'op',
    kind: 'json',
    method: 'PUT',
    path: '/v2/x?y=1',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
    ...over,
  });

  it('sends a corpus request to an origin: its method, path, headers and exact bytes', async () => {
    const text = toRequest('http://127.0.0.1:9/ignored', request({ body: { text: '{"a":"é"}' } }));
    expect(text.url).toBe('http://127.0.0.1:9/v2/x?y=1');
    expect(text.method).toBe('PUT');
    expect(text.headers.get('x-api-key')).toBe('k');
    expect(text.headers.get('content-type')).toBe('application/json');
    expect(Buffer.from(await text.arrayBuffer())).toEqual(Buffer.from('{"a":"é"}'));
    const bytes = toRequest(
      'http://127.0.0.1:9',
      request({ body: { base64: Buffer.from([0xff, 0x7b]).toString('base64') } }),
    );
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0xff, 0x7b]);
    const none = toRequest('http://127.0.0.1:9', request({ headers: {} }));
    expect(none.body).toBeNull();
    expect(none.headers.get('content-type')).toBeNull();
  });

  it('records a response: its status, its content type alone, and its body parsed when it is JSON', async () => {
    expect(
      await answerOf(
        new Response('{"detail":[]}', { status: 422, headers: { 'content-type': 'application/json', 'x-other': '1' } }),
      ),
    ).toEqual({ status: 422, headers: { 'content-type': 'application/json' }, body: { detail: [] } });
    expect(await answerOf(new Response('Internal Server Error', { status: 500 }))).toEqual({
      status: 500,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: 'Internal Server Error',
    });
    expect(await answerOf(new Response(null, { status: 204 }))).toEqual({ status: 204, headers: {}, body: '' });
  });
});
