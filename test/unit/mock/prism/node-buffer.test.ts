// The `Buffer` the browser build of Prism's pieces is given in a page (src/mock/prism/node-buffer.ts)
// against Node's own: the same bytes and the same text for what Prism calls, on any input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Buffer as PageBuffer } from '../../../../src/mock/prism/node-buffer.js';

const base64ish = fc.string({
  unit: fc.constantFrom(...'ABCXYZabcxyz0189+/-_= .:é\n'.split(''), 'A', 'Q', 'w', 'g'),
  maxLength: 40,
});

describe("the page's Buffer: what Node's Buffer gives Prism's pieces", () => {
  it.each([
    'Z3JhY2U6cMOkc3N3b3J0LTdhOGI=',
    'c3R1Yi10b2tlbg',
    'stub-token-5e6f',
    'YQ==YQ==',
    'YWJj=ZGVm',
    'Y',
    '-_-_',
    'aébc',
    '',
  ])('base64 %j: the same bytes and text', (token) => {
    const mine = PageBuffer.from(token, 'base64');
    const node = Buffer.from(token, 'base64');
    expect([...mine]).toEqual([...node]);
    expect(mine.toString()).toBe(node.toString());
  });

  it('base64: any text, the same bytes, the same text and the same count of colons (Basic credentials)', () => {
    fc.assert(
      fc.property(fc.oneof(base64ish, fc.string(), fc.base64String()), (token) => {
        const mine = PageBuffer.from(token, 'base64');
        const node = Buffer.from(token, 'base64');
        expect([...mine]).toEqual([...node]);
        expect(mine.toString()).toBe(node.toString());
      }),
      { numRuns: 2000 },
    );
  });

  it('UTF-8: the same bytes as Node, with or without the encoding named', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        for (const encoding of [undefined, 'utf-8', 'utf8', 'UTF-8'])
          expect([...PageBuffer.from(text, encoding)]).toEqual([...Buffer.from(text, 'utf-8')]);
        expect(PageBuffer.from(text, 'utf-8').toString()).toBe(text);
      }),
    );
  });

  it('a list of bytes: those bytes, read back as UTF-8 text as Node reads them', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }), (bytes) => {
        const mine = PageBuffer.from(bytes);
        expect([...mine]).toEqual(bytes);
        expect(mine.toString()).toBe(Buffer.from(bytes).toString());
      }),
    );
  });

  it('another encoding: a TypeError that says the browser build has none for it', () => {
    expect(() => PageBuffer.from('00', 'hex')).toThrow(
      new TypeError('the browser build of the mock has no Buffer for the encoding hex'),
    );
  });
});
