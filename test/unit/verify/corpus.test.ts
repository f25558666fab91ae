// The conformance corpus (src/verify/corpus.ts) and the comparison of recorded answers
// (src/verify/cassette.ts): deterministic, every kind of request, and the cassettes committed for
// exactly this corpus.
import { describe, expect, it } from 'vitest';
import { conformanceCorpus, type CorpusRequest } from '../../../src/verify/corpus.js';
import {
  agreementOf,
  allowedBy,
  compareAnswers,
  formatAgreement,
  readCassettes,
  type RecordedAnswer,
} from '../../../src/verify/cassette.js';
import { operations } from '../../../src/verify/operations.js';

const corpus: CorpusRequest[] = conformanceCorpus();

describe('conformanceCorpus', () => {
  it('gives several hundred requests of every kind and operation, each id once', () => {
    expect(corpus.length).toBeGreaterThan(500);
    expect(new Set(corpus.map((r) => r.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((r) => r.kind))).toEqual(
      new Set([
        'valid',
        'edge',
        'constraint',
        'combined',
        'path',
        'json',
        'content-type',
        'body',
        'encoding',
        'lax',
        'format',
      ]),
    );
    expect(new Set(corpus.map((r) => r.operation))).toEqual(new Set(operations.map((op) => op.id)));
  });

  it('is what the committed cassettes were recorded for (else: npm run conformance:record)', () => {
    const recorded = readCassettes(new URL('../../fixtures/conformance/cassettes/', import.meta.url).pathname).flatMap(
      (c) => c.interactions.map((i) => i.request),
    );
    expect(recorded.map((r) => r.id).sort()).toEqual(corpus.map((r) => r.id).sort());
    const byId = new Map(corpus.map((r) => [r.id, r]));
    expect(recorded.filter((r) => JSON.stringify(r) !== JSON.stringify(byId.get(r.id))).map((r) => r.id)).toEqual([]);
  });

  it('sends bytes that are not UTF-8 as base64, and no body where none is meant', () => {
    const latin1 = corpus.find((r) => r.id.endsWith('encoding: the body in Latin-1 with a non-ASCII character'))!;
    expect(latin1.body).toHaveProperty('base64');
    const none = corpus.find((r) => r.id.endsWith('body: no body and no content type'))!;
    expect(none.body).toBeUndefined();
    expect(none.headers['content-type']).toBeUndefined();
  });
});

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
