// The conformance corpus (src/verify/corpus.ts): deterministic, every kind of request, and the
// cassettes committed for exactly this corpus.
import { describe, expect, it } from 'vitest';
import { conformanceCorpus, type CorpusRequest } from '../../../src/verify/corpus.js';
import { readCassettes } from '../../../src/verify/cassette.js';
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
