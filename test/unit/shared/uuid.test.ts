// The mock's deterministic UUIDs.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { sha1 } from '../../../src/shared/sha1.js';
import { indexedUuids, nameUuid } from '../../../src/shared/uuid.js';

const UUID5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('nameUuid', () => {
  it('is a version 5 layout UUID, the same for the same name and stable across releases', () => {
    expect(nameUuid('')).toBe('9a694109-af73-5924-8d8b-d21a2d77def8');
    expect(nameUuid('a')).toBe('650f992e-554f-563d-b863-3d4b1535e67a');
    expect(nameUuid('a')).toBe(nameUuid('a'));
    const names = Array.from({ length: 200 }, (_, i) => `name ${i}`);
    const ids = names.map(nameUuid);
    for (const id of ids) expect(id).toMatch(UUID5);
    expect(new Set(ids).size).toBe(200);
    // the variant nibble takes each of its four values, the version nibble always 5
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });
});

describe('indexedUuids', () => {
  it('one hash per text, an id per index: version 5 layout, distinct, the same for the same parts', () => {
    const idOf = indexedUuids('project\n', '{"traces":[{}]}');
    const ids = Array.from({ length: 1000 }, (_, i) => idOf(i));
    for (const id of ids) expect(id).toMatch(UUID5);
    expect(new Set(ids).size).toBe(1000);
    expect(indexedUuids('project\n', '{"traces":[{}]}')(7)).toBe(ids[7]);
    expect(indexedUuids('other\n', '{"traces":[{}]}')(7)).not.toBe(ids[7]);
    // the index is added to the last 48 bits (12 hex digits, wrapping), the rest is the text's
    const node = (id: string) => Number.parseInt(id.slice(24), 16);
    for (const i of [1, 2, 999])
      expect([ids[i]!.slice(0, 24), node(ids[i]!)]).toEqual([ids[0]!.slice(0, 24), (node(ids[0]!) + i) % 2 ** 48]);
  });

  it("index 0 is the version 5 layout UUID of the parts' SHA-1 (as UTF-8), as nameUuid makes of its name", () => {
    for (const parts of [['project\n', '{"traces":[{}]}'], ['é', '\u{1F600}\u0000'], []] as const) {
      const hash = createHash('sha1');
      for (const part of parts) hash.update(part);
      const bytes = hash.digest().subarray(0, 16);
      bytes[6] = (bytes[6]! & 0x0f) | 0x50;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      expect(indexedUuids(...parts)(0)).toBe(
        `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      );
    }
    expect(indexedUuids('observability-api-contract-mock\n', 'a')(0)).toBe(nameUuid('a'));
  });

  it('keeps 12 hex digits where the sum has fewer (leading zeros)', () => {
    const firsts = Array.from({ length: 200 }, (_, i) => indexedUuids(`text ${i}`)(0));
    expect(firsts.some((id) => id[24] === '0')).toBe(true);
    for (const id of firsts) expect(id).toMatch(UUID5);
  });
});

describe('sha1 (the hash where Node has no crypto: a web page)', () => {
  it("gives Node's SHA-1 digest for any bytes, across every padding length and block boundary", () => {
    const sizes = [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000];
    for (const size of sizes) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 131 + size) & 0xff);
      expect(Buffer.from(sha1(bytes)).toString('hex')).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Buffer.from(sha1(bytes)).toString('hex')).toBe(createHash('sha1').update(bytes).digest('hex'));
      }),
    );
  });

  it('the UUIDs it makes are those Node makes (a page and the server give the same identifiers)', async () => {
    vi.resetModules();
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
    try {
      const page = await import('../../../src/shared/uuid.js');
      expect(page.nameUuid('a')).toBe('650f992e-554f-563d-b863-3d4b1535e67a');
      expect(page.nameUuid('é')).toBe(nameUuid('é'));
      expect(page.indexedUuids('project\n', '{"traces":[{}]}')(3)).toBe(
        indexedUuids('project\n', '{"traces":[{}]}')(3),
      );
      expect(page.indexedUuids('p\n', 'ü\u{1F600}')(0)).toBe(indexedUuids('p\n', 'ü\u{1F600}')(0));
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
