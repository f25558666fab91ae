// Recorded answers and their comparison (src/verify/cassette.ts): compareAnswers on a status, an
// item's type, loc and count, a 400 body, a content type, and each item field apart; a deliberate
// entry covering a difference; the figures of an agreement; the allow list read and refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agreementOf,
  allowedBy,
  AllowListError,
  compareAnswers,
  formatAgreement,
  parseAllowList,
  type AllowedDifference,
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
    const a = agreementOf([
      {
        interaction: { request: request("op valid: the spec's example x", 'valid'), response: answer(200, {}) },
        actual: answer(200, {}),
      },
      {
        interaction: { request: request('op constraint: a'), response: answer(422, { detail: [item('t', ['body'])] }) },
        actual: answer(200, {}),
      },
      {
        interaction: { request: request('op constraint: b'), response: answer(422, { detail: [item('t', ['body'])] }) },
        actual: answer(422, { detail: [item('t', ['body'])] }),
      },
    ]);
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
      {
        field: 'msg',
        kind: 'msg of string_too_long',
        expected: 'at most 255',
        actual: 'too long',
        item: { index: 0, type: 'string_too_long', loc: ['body', 'name'] },
      },
    ]);
  });

  it('lists, when the counts differ, the items only one side has', () => {
    const extra = { type: 'missing', loc: ['body', 'model'], msg: 'Field required' };
    expect(compareAnswers(answer([item, extra]), answer([item]), 'each')).toEqual([
      { field: 'items', kind: 'item count 2 → 1', expected: [extra], actual: [] },
    ]);
  });
});
