// A large body's JSON parsed in slices (src/mock/request/json-slices.ts), called in-process: the
// same value as JSON.parse, member order and `__proto__` included, for any JSON text and any size
// of piece; a rejection for every text JSON.parse rejects; the work stopping between pieces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInSlices, parseJsonInSlices } from '../../../../src/mock/request/json-slices.js';
import { decodeBody, parseJson } from '../../../../src/mock/request/parse.js';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What parseInSlices gives for `text`: its value as JSON.stringify writes it (member order included), or 'rejected'. */
async function sliced(text: string, piece: number): Promise<string> {
  try {
    return JSON.stringify(await parseInSlices(text, turn, { piece }));
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return 'rejected';
  }
}

function whole(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return 'rejected';
  }
}

/** JSON whitespace, laid between the tokens of a text JSON.stringify wrote (never inside a string). */
function spaced(text: string, spaces: string[]): string {
  let out = '';
  let inString = false;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    out += c;
    if (inString) {
      if (c === '\\') out += text[++i] as string;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    if (!inString && ',:[]{}'.includes(c)) out += spaces[k++ % spaces.length] ?? '';
  }
  return out;
}

const pieces = fc.integer({ min: 1, max: 48 });

describe('parseInSlices: the value JSON.parse gives', () => {
  it('for any JSON value, written compactly or with whitespace between its tokens, whatever the size of a piece', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 6 }),
        fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n  '), { minLength: 1, maxLength: 5 }),
        pieces,
        async (value, spaces, piece) => {
          const text = spaced(JSON.stringify(value), spaces);
          expect(await sliced(text, piece)).toBe(whole(text));
          expect(await parseInSlices(text, turn, { piece })).toStrictEqual(JSON.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('rejects every text JSON.parse rejects, and gives its value for every other, after any one-character change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 4 }),
        fc.nat(),
        fc.constantFrom(...' ,:[]{}"\\0-1eE.tnx\u0001'.split(''), ''),
        pieces,
        async (value, at, char, piece) => {
          const json = JSON.stringify(value);
          const where = at % (json.length + 1);
          for (const text of [
            json.slice(0, where) + char + json.slice(where + 1), // replaced (or removed)
            json.slice(0, where) + char + json.slice(where), // inserted
          ])
            expect(await sliced(text, piece), text).toBe(whole(text));
        },
      ),
      { numRuns: 600 },
    );
  });

  it.each([
    ['a repeated key keeps its first place and its last value', '{"a":[1,2,3,4],"b":1,"a":{"c":[5,6,7]},"d":2,"a":3}'],
    [
      'a repeated key whose values are parsed in pieces of their own',
      '{"a":[[1,2,3],[4,5,6]],"b":[7,8,9,10],"a":[11,12,13,14]}',
    ],
    ['integer keys come first, as in any object', '{"b":1,"2":[1,2,3,4,5],"a":{"10":1,"1":2},"0":3}'],
    ['strings with escaped quotes, backslashes and brackets', '["a\\"]", "\\\\", "\\\\\\"}", {"k\\"":"]"}, "\\u005d"]'],
    ['scalars at the root', ' "x" '],
    ['numbers', '[-0, 0.5e-3, 1E+2, 12345678901234567890, -1.5]'],
    ['empty containers', '[[], {}, [[]], {"a":{}}]'],
  ])('%s', async (_name, text) => {
    for (const piece of [1, 2, 5, 1000]) expect(await sliced(text, piece)).toBe(whole(text));
  });

  it('`__proto__` is a member like any other: an own property, and the prototype stays Object.prototype', async () => {
    for (const text of [
      '{"__proto__":{"polluted":true},"a":1}',
      '{"a":1,"__proto__":[1,2,3,4,5,6],"b":2}',
      '{"x":{"__proto__":{"polluted":true}}}',
    ]) {
      for (const piece of [1, 3, 1000]) {
        const value = (await parseInSlices(text, turn, { piece })) as Record<string, unknown>;
        expect(value).toStrictEqual(JSON.parse(text));
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
        expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(text) as object));
        expect(Object.getOwnPropertyDescriptors(value)).toStrictEqual(
          Object.getOwnPropertyDescriptors(JSON.parse(text) as object),
        );
        expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      }
    }
  });

  it('containers nested deeper than the builder goes are parsed whole, with the same value', async () => {
    const deep = `${'['.repeat(200)}1,2,3${']'.repeat(200)}`;
    const objects = `${'{"a":'.repeat(200)}[1,2,3]${'}'.repeat(200)}`;
    for (const text of [deep, objects, `${deep}x`]) expect(await sliced(text, 1)).toBe(whole(text));
  });

  it('stops between pieces: with slices of no time, a long array of small items is built over a turn of the event loop per piece', async () => {
    const text = JSON.stringify({ traces: Array.from({ length: 20_000 }, (_, i) => ({ i })) });
    let pauses = 0;
    let ranBetween = 0;
    const value = await parseInSlices(
      text,
      async () => {
        pauses++;
        setImmediate(() => ranBetween++);
        await turn();
      },
      { piece: 1_000, sliceMs: 0 },
    );
    expect(value).toStrictEqual(JSON.parse(text));
    // One pause per piece of about 1,000 characters: the text is about 250,000.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(text.length / 1_100));
    expect(ranBetween).toBe(pauses);
  });

  it('with the default slices, the same value', async () => {
    const text = JSON.stringify({ traces: Array(200_000).fill({}), include_trace_ids: false });
    expect(await parseInSlices(text, turn)).toStrictEqual(JSON.parse(text));
  });
});

describe('parseJsonInSlices: the parse step of a large body', () => {
  const decoded = (text: string, contentType = 'application/json') =>
    decodeBody(new TextEncoder().encode(text), contentType, {});

  it.each([
    ['JSON', '{"traces":[{},{}],"include_trace_ids":true}'],
    ['JSON with a BOM', '\ufeff{"traces":[{}]}'],
    ['null', 'null'],
    ['a lone surrogate escaped', '{"traces":[{"name":"\\ud800"}]}'],
    ['text JSON.parse rejects', '{"traces":[{},]}'],
    ['text JSON.parse rejects at its end', '{"traces":[{},{}]'],
    ['a number past the largest double', '{"traces":[{"metrics":{"x":1e400}}]}'],
    ['no body', ''],
  ])('%s: what parseJson reads', async (_name, text) => {
    expect(await parseJsonInSlices(decoded(text), turn)).toStrictEqual(parseJson(decoded(text)));
  });

  it('a body that is not sent as JSON is its text', async () => {
    expect(await parseJsonInSlices(decoded('{"a":1}', 'text/plain'), turn)).toStrictEqual(
      parseJson(decoded('{"a":1}', 'text/plain')),
    );
  });
});
