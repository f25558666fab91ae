// The reply's shape (src/mock/common/reply.ts): a JSON answer carries its Content-Type and its
// Content-Length in UTF-8 bytes, after the headers set before them.
import { describe, expect, it, vi } from 'vitest';
import { byteLength, jsonReply } from '../../../../src/mock/common/reply.js';

describe('byteLength', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(byteLength('')).toBe(0);
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('é')).toBe(2);
    expect(byteLength('€')).toBe(3);
    expect(byteLength('😀')).toBe(4);
  });

  it('without Node (a web page): the same counts, by encoding', async () => {
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    try {
      const page = await import('../../../../src/mock/common/reply.js');
      for (const text of ['', 'abc', 'é', '€', '😀', 'a\u0000b'])
        expect(page.byteLength(text), text).toBe(byteLength(text));
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe('jsonReply', () => {
  it('the body as JSON text, its type and byte length last, after the headers given', () => {
    expect(jsonReply(422, 'application/json', { detail: 'ünï' }, [['X-One', '1']])).toEqual({
      status: 422,
      headers: [
        ['X-One', '1'],
        ['Content-Type', 'application/json'],
        ['Content-Length', 18],
      ],
      body: '{"detail":"ünï"}',
    });
    expect(jsonReply(200, 'application/problem+json', null)).toEqual({
      status: 200,
      headers: [
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', 4],
      ],
      body: 'null',
    });
  });
});
