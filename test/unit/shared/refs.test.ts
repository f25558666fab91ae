// The rules by which the mock (src/mock/prism/spec.ts) and the verifier (src/verify/schema.ts) follow the
// `$ref`s of an OpenAPI document (src/shared/refs.ts): local JSON pointers, a bounded chain, a
// Reference Object's target, and a schema's `$ref` beside other keywords.
import { describe, expect, it } from 'vitest';
import { overlay, pointerToken, pointerTokens, referencesOf, tokenText, type Join } from '../../../src/shared/refs.js';

const document = {
  paths: { '/v2/items/{item_id}': { put: { operationId: 'replace_item', parameters: [{ name: 'first' }] } } },
  components: {
    parameters: {
      ItemId: { name: 'item_id', in: 'path', description: 'the item', schema: { $ref: '#/components/schemas/Id' } },
      Again: {
        $ref: '#/components/parameters/ItemId',
        description: 'nearer',
        summary: 'short',
        required: true,
        name: 'ignored',
      },
    },
    schemas: {
      Id: { type: 'string', format: 'uuid', description: 'an id' },
      Item: { type: 'object', title: 'Item' },
      'a/b~c': { title: 'escaped' },
      '~1': { title: 'tilde one' },
      'with space': { title: 'space' },
      Alias: { $ref: '#/components/schemas/Item' },
      Named: { $ref: '#/components/schemas/Id', default: 'n' },
      Loop: { $ref: '#/components/schemas/Loop' },
      Text: 'not an object',
      Nothing: null,
    },
  },
};
const refs = () => referencesOf(document);

describe('pointer: a local JSON pointer', () => {
  it('each segment percent-decoded, then ~1 read as /, ~0 as ~ (in that order); # is the document; arrays are indexed', () => {
    const read = refs();
    expect(read.pointer('#/components/schemas/Id')).toBe(document.components.schemas.Id);
    expect(read.pointer('#/components/schemas/a~1b~0c')).toEqual({ title: 'escaped' });
    expect(read.pointer('#/components/schemas/~01')).toEqual({ title: 'tilde one' });
    expect(read.pointer('#/components/schemas/with%20space')).toEqual({ title: 'space' });
    expect(read.pointer('#/paths/~1v2~1items~1%7Bitem_id%7D/put/operationId')).toBe('replace_item');
    expect(read.pointer('#/paths/~1v2~1items~1%7Bitem_id%7D/put/parameters/0')).toEqual({ name: 'first' });
    expect(read.pointer('#')).toBe(document);
    // The same reference: the same node.
    expect(read.pointer('#/components/schemas/Id')).toBe(read.pointer('#/components/schemas/Id'));
  });

  it('a $ref to another document, or to nothing (also below a missing node or a scalar, or the empty key), throws naming it', () => {
    const read = refs();
    expect(() => read.pointer('common.json#/components/schemas/Id')).toThrow(
      new Error('only local $refs are supported, got common.json#/components/schemas/Id'),
    );
    expect(() => read.pointer('components/schemas/Id')).toThrow(
      new Error('only local $refs are supported, got components/schemas/Id'),
    );
    expect(() => read.pointer('#components')).toThrow(new Error('only local $refs are supported, got #components'));
    for (const ref of [
      '#/components/schemas/Nope',
      '#/components/nothing/here/either',
      '#/components/schemas/Text/length',
      '#/components/schemas/Nothing/below',
      '#/',
    ]) {
      expect(() => read.pointer(ref)).toThrow(new Error(`unresolved $ref ${ref}`));
    }
  });
});

describe('schema: a schema with its $refs followed', () => {
  it('to the first node without one; the target itself when nothing stands beside the $ref', () => {
    expect(refs().schema({ $ref: '#/components/schemas/Alias' })).toBe(document.components.schemas.Item);
  });

  it('the keywords beside a $ref apply with the target: laid over it by default, or joined as the reader says', () => {
    const read = refs();
    expect(read.schema({ $ref: '#/components/schemas/Named', description: 'nearer' })).toEqual({
      type: 'string',
      format: 'uuid',
      description: 'nearer',
      default: 'n',
    });
    const seen: [unknown, unknown, string][] = [];
    const join: Join = (target, siblings, ref) => {
      seen.push([target, siblings, ref]);
      return { allOf: [target, siblings] };
    };
    expect(read.schema({ $ref: '#/components/schemas/Id', maxLength: 3 }, join)).toEqual({
      allOf: [document.components.schemas.Id, { maxLength: 3 }],
    });
    expect(seen).toEqual([[document.components.schemas.Id, { maxLength: 3 }, '#/components/schemas/Id']]);
    expect(overlay({ a: 1, b: 1 }, { b: 2 }, '#')).toEqual({ a: 1, b: 2 });
  });

  it('a node that is not an object, or whose $ref is not a string, is the node', () => {
    const notARef = { $ref: 5 };
    expect(refs().schema(notARef)).toBe(notARef);
    for (const node of [null, true, 'text', undefined, [{ $ref: '#' }]]) expect(refs().schema(node)).toBe(node);
  });

  it('a $ref to something that is not an object is unresolved', () => {
    expect(() => refs().schema({ $ref: '#/components/schemas/Text' })).toThrow(
      new Error('unresolved $ref #/components/schemas/Text'),
    );
    expect(refs().pointer('#/components/schemas/Nothing')).toBeNull();
    expect(() => refs().schema({ $ref: '#/components/schemas/Nothing' })).toThrow(
      new Error('unresolved $ref #/components/schemas/Nothing'),
    );
    expect(() => refs().reference({ $ref: '#/paths/~1v2~1items~1%7Bitem_id%7D/put/operationId' })).toThrow(
      'unresolved $ref',
    );
  });

  it('a chain of 32 $refs after the first is followed; a longer one, or a cycle, throws naming where it started', () => {
    const chain = (length: number) =>
      referencesOf({
        components: {
          schemas: Object.fromEntries(
            Array.from({ length: length + 1 }, (_, i) => [
              `S${i}`,
              i < length ? { $ref: `#/components/schemas/S${i + 1}` } : { title: 'end' },
            ]),
          ),
        },
      });
    expect(chain(32).schema({ $ref: '#/components/schemas/S0' })).toEqual({ title: 'end' });
    expect(chain(32).reference({ $ref: '#/components/schemas/S0' })).toEqual({ title: 'end' });
    expect(() => chain(33).schema({ $ref: '#/components/schemas/S0' })).toThrow(
      new Error('$ref cycle at #/components/schemas/S0'),
    );
    expect(() => refs().schema({ $ref: '#/components/schemas/Loop' })).toThrow(
      new Error('$ref cycle at #/components/schemas/Loop'),
    );
  });
});

describe('reference: a Reference Object is its target', () => {
  it("a summary or description beside the $ref replaces the target's; anything else beside it is ignored", () => {
    const read = refs();
    expect(read.reference({ $ref: '#/components/parameters/ItemId' })).toBe(document.components.parameters.ItemId);
    expect(read.reference({ $ref: '#/components/parameters/Again' })).toEqual({
      ...document.components.parameters.ItemId,
      description: 'nearer',
      summary: 'short',
    });
    expect(read.reference({ $ref: '#/components/parameters/ItemId', required: true, name: 'other' })).toBe(
      document.components.parameters.ItemId,
    );
    const inline = { name: 'dry_run', in: 'query' };
    expect(read.reference(inline)).toBe(inline);
  });
});

describe('JSON pointer tokens', () => {
  it('pointerTokens reads each token back (~1 as /, then ~0 as ~); the empty pointer has none, "/" one empty token', () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/')).toEqual(['']);
    expect(pointerTokens('/a/b~1c/~01')).toEqual(['a', 'b/c', '~1']);
    expect(pointerTokens('/detail/0/loc')).toEqual(['detail', '0', 'loc']);
  });

  it('pointerToken writes a token so that tokenText reads it back', () => {
    for (const part of ['plain', 'a/b', '~1', '~/~0/']) expect(tokenText(pointerToken(part))).toBe(part);
  });
});
