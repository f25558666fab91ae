// The conformance corpus (src/verify/corpus.ts): deterministic, every kind of request, and the
// cassettes committed for exactly this corpus. Each test draws the corpus itself (a fraction of a
// second), so that what it asserts is tied to the drawing it checks.
import { describe, expect, it } from 'vitest';
import { bodyBytes, conformanceCorpus, type CorpusRequest } from '../../../src/verify/corpus.js';
import { readCassettes } from '../../../src/verify/cassette.js';
import { operations } from '../../../src/verify/operations.js';

const corpus = (): CorpusRequest[] => conformanceCorpus();

describe('conformanceCorpus', () => {
  it('gives several hundred requests of every kind and operation, each id once', () => {
    const requests = corpus();
    expect(requests.length).toBeGreaterThan(500);
    expect(new Set(requests.map((r) => r.id)).size).toBe(requests.length);
    expect(new Set(requests.map((r) => r.kind))).toEqual(
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
    expect(new Set(requests.map((r) => r.operation))).toEqual(new Set(operations.map((op) => op.id)));
  });

  it('is what the committed cassettes were recorded for (else: npm run conformance:record)', () => {
    const requests = corpus();
    const recorded = readCassettes(new URL('../../fixtures/conformance/cassettes/', import.meta.url).pathname).flatMap(
      (c) => c.interactions.map((i) => i.request),
    );
    expect(recorded.map((r) => r.id).sort()).toEqual(requests.map((r) => r.id).sort());
    const byId = new Map(requests.map((r) => [r.id, r]));
    expect(recorded.filter((r) => JSON.stringify(r) !== JSON.stringify(byId.get(r.id))).map((r) => r.id)).toEqual([]);
  });

  it('sends bytes that are not UTF-8 as base64, and no body where none is meant', () => {
    const requests = corpus();
    const latin1 = requests.find((r) => r.id.endsWith('encoding: the body in Latin-1 with a non-ASCII character'))!;
    expect(latin1.body).toHaveProperty('base64');
    expect(bodyBytes(latin1.body!).includes(Buffer.from('caf\xe9', 'latin1'))).toBe(true);
    const utf16 = requests.find((r) => r.id.endsWith('encoding: the body in UTF-16'))!;
    expect(bodyBytes(utf16.body!).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    const text = requests.find((r) => r.id.endsWith('json: a bare word'))!;
    expect(text.body).toEqual({ text: 'hello' });
    expect(bodyBytes(text.body!)).toEqual(Buffer.from('hello'));
    const none = requests.find((r) => r.id.endsWith('body: no body and no content type'))!;
    expect(none.body).toBeUndefined();
    expect(none.headers['content-type']).toBeUndefined();
  });

  it('draws the same requests for the same seed, other combinations for another, as many as asked', () => {
    const [op] = operations.filter((o) => o.id === 'putSignalsConfiguration');
    const draw = (options: Parameters<typeof conformanceCorpus>[0]) =>
      conformanceCorpus({ operations: [op!], ...options });
    const combined = (requests: CorpusRequest[]) => requests.filter((r) => r.kind === 'combined');
    expect(draw({ seed: 7 })).toEqual(draw({ seed: 7 }));
    expect(draw({})).toEqual(corpus().filter((r) => r.operation === 'putSignalsConfiguration'));
    expect(combined(draw({ seed: 7 })).map((r) => r.id)).not.toEqual(combined(draw({ seed: 8 })).map((r) => r.id));
    expect(combined(draw({ combined: 0 }))).toEqual([]);
    const two = combined(draw({ combined: 2 }));
    expect(two.filter((r) => r.id.includes(': 2 errors: '))).toHaveLength(2);
    expect(two.filter((r) => r.id.includes(': 3 errors: '))).toHaveLength(2);
    expect(combined(draw({})).filter((r) => r.id.includes(': 3 errors: '))).toHaveLength(4);
  });

  it('takes the examples of an operation from the spec, and none for an operation the spec does not have', () => {
    const [op] = operations.filter((o) => o.id === 'loginSocial');
    const examples = (requests: CorpusRequest[]) => requests.filter((r) => r.id.includes("valid: the spec's example"));
    expect(examples(conformanceCorpus({ operations: [op!] })).length).toBeGreaterThan(0);
    const elsewhere = conformanceCorpus({ operations: [{ ...op!, method: 'get' }] });
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(examples(elsewhere)).toEqual([]);
  });

  it('numbers a request whose description another already has', () => {
    // The same operation listed three times: its requests again under #2, then #3.
    const [op] = operations.filter((o) => o.id === 'loginSocial');
    const once = conformanceCorpus({ operations: [op!] });
    const thrice = conformanceCorpus({ operations: [op!, op!, op!] });
    expect(thrice.slice(0, once.length)).toEqual(once);
    expect(thrice.slice(once.length, 2 * once.length).map((r) => r.id)).toEqual(once.map((r) => `${r.id} #2`));
    expect(thrice.slice(2 * once.length).map((r) => r.id)).toEqual(once.map((r) => `${r.id} #3`));
  });
});
