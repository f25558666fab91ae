// The body's decode errors (src/mock/request/json-error.ts) called in-process: CPython's json.loads
// errors (the json_invalid item's loc and ctx.error) and bytes.decode's UTF-8 errors, as a user of
// the mock reads them in a 422. Python's answers quoted here were taken from CPython 3.11.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonJson, pythonJsonError, utf8Error } from '../../../../src/mock/request/json-error.js';

describe("json-error: CPython's json.loads errors (the json_invalid item's loc and ctx.error)", () => {
  it.each([
    ['', 'Expecting value', 0],
    [' ', 'Expecting value', 1],
    ['\t\n\r x', 'Expecting value', 4],
    ['{', 'Expecting property name enclosed in double quotes', 1],
    ['[', 'Expecting value', 1],
    ['"abc', 'Unterminated string starting at', 0],
    ['"a\\', 'Unterminated string starting at', 0],
    ['["x", "abc', 'Unterminated string starting at', 6],
    ['"\\u12"', 'Invalid \\uXXXX escape', 2],
    ['"\\uG234"', 'Invalid \\uXXXX escape', 2],
    ['"\\u1G34"', 'Invalid \\uXXXX escape', 2],
    ['"\\u12G4"', 'Invalid \\uXXXX escape', 2],
    ['"\\u123G"', 'Invalid \\uXXXX escape', 2],
    ['"\\u1234', 'Invalid \\uXXXX escape', 2],
    ['"\\u123', 'Invalid \\uXXXX escape', 2],
    ['"\\x"', 'Invalid \\escape', 1],
    ['"a\u0001"', 'Invalid control character at', 2],
    ['"a\u001f"', 'Invalid control character at', 2],
    ['"\u0000"', 'Invalid control character at', 1],
    ['{"a"}', "Expecting ':' delimiter", 4],
    ['{"a" 1}', "Expecting ':' delimiter", 5],
    ['{"a":1,}', 'Expecting property name enclosed in double quotes', 7],
    ['{"a":1 "b"}', "Expecting ',' delimiter", 7],
    ['{"a":1', "Expecting ',' delimiter", 6],
    ['{1:2}', 'Expecting property name enclosed in double quotes', 1],
    ['{,}', 'Expecting property name enclosed in double quotes', 1],
    ['{"a":}', 'Expecting value', 5],
    ['[1,]', 'Expecting value', 3],
    ['[1 2]', "Expecting ',' delimiter", 3],
    ['[,1]', 'Expecting value', 1],
    ['[1,2', "Expecting ',' delimiter", 4],
    ['[1,2]]', 'Extra data', 5],
    ['{}x', 'Extra data', 2],
    ['[] x', 'Extra data', 3],
    ['nul', 'Expecting value', 0],
    ['nulx', 'Expecting value', 0],
    ['tru', 'Expecting value', 0],
    ['trux', 'Expecting value', 0],
    ['fals', 'Expecting value', 0],
    ['falsy', 'Expecting value', 0],
    ['NULL', 'Expecting value', 0],
    ['True', 'Expecting value', 0],
    ['x', 'Expecting value', 0],
    ['-', 'Expecting value', 0],
    ['-a', 'Expecting value', 0],
    ['[-]', 'Expecting value', 1],
    ['.5', 'Expecting value', 0],
    ['+1', 'Expecting value', 0],
    ['-01', 'Extra data', 2],
    ['01', 'Extra data', 1],
    ['1.', 'Extra data', 1],
    ['1.x', 'Extra data', 1],
    ['1e', 'Extra data', 1],
    ['1e+', 'Extra data', 1],
    ['1E-', 'Extra data', 1],
    ['1ex', 'Extra data', 1],
    ['[1.5e3x]', "Expecting ',' delimiter", 6],
    ['[12 ]x', 'Extra data', 5],
    ['[-12.25E+10 ]x', 'Extra data', 13],
    // offsets count code points, as Python's str does, not UTF-16 units
    ['"😀" x', 'Extra data', 4],
    ['["😀",]', 'Expecting value', 5],
    // NaN, Infinity and -Infinity, which Python accepts, spelt otherwise
    ['nan', 'Expecting value', 0],
    ['[infinity]', 'Expecting value', 1],
    ['[-Inf]', 'Expecting value', 1],
    ['[- Infinity]', 'Expecting value', 1],
  ])('%j: %s at %i', (text, msg, pos) => {
    expect(pythonJsonError(text)).toEqual({ msg, pos });
  });

  it('JSON that Python decodes has no error', () => {
    for (const text of [
      '{"a": [1, -2.5e+3, "x\\u00e9", true, false, null]}',
      ' [ ] ',
      '{ }',
      '{ "a" : 1 , "b" : [ 2 , 3 ] }',
      '"\\/\\b\\f\\n\\r\\t\\"\\\\"',
      '-0',
      '0.5',
      '1E-5',
      '1e+10',
      '[{"k":{"k2":[[]]}}]',
      '"\u007f\u00e9😀 "',
      '\t\n\r 1 \t\n\r',
      '"\\uD83D\\uDE00"',
      '"\\uabcd\\uABCD\\u0f9F"',
      '1234567890',
      '[true,false,null]',
    ]) {
      expect(pythonJsonError(text), text).toBeUndefined();
    }
  });

  it('finds an error in exactly the texts JSON.parse rejects (any text, and JSON with one character changed)', () => {
    const parses = (text: string): boolean => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const changed = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', '"', '\\', ',', ':', '[', ']', '{', '}', '-', '.', 'e', '0', ' ', '\u0001', 'n', 't', 'f'),
      )
      .map(
        ([json, at, char]) => json.slice(0, at % (json.length + 1)) + char + json.slice((at % (json.length + 1)) + 1),
      );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme-ascii' }), fc.json(), changed), (text) => {
        expect(pythonJsonError(text) === undefined, text).toBe(parses(text));
      }),
      { numRuns: 1000, seed: 19 },
    );
  });

  it('NaN, Infinity and -Infinity, which json.loads reads, have no error and are read as those numbers', () => {
    for (const text of ['NaN', '[Infinity]', '{"a": -Infinity}', '[1, NaN, "NaN"]']) {
      expect(pythonJsonError(text), text).toBeUndefined();
    }
    expect(parsePythonJson('NaN')).toBeNaN();
    expect(parsePythonJson('{"a": [Infinity, -Infinity], "b": "NaN Infinity", "c\\"": NaN}')).toEqual({
      a: [Infinity, -Infinity],
      b: 'NaN Infinity',
      'c"': NaN,
    });
  });

  it('nesting deeper than the stack: "Expecting value" at 0, no crash', () => {
    expect(pythonJsonError('['.repeat(200_000))).toEqual({ msg: 'Expecting value', pos: 0 });
  });

  it.each([
    [[0x80], "'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte"],
    [[0xbf], "'utf-8' codec can't decode byte 0xbf in position 0: invalid start byte"],
    [[0xc0, 0x80], "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"],
    [[0xc1, 0xbf], "'utf-8' codec can't decode byte 0xc1 in position 0: invalid start byte"],
    [[0xf5, 0x80, 0x80, 0x80], "'utf-8' codec can't decode byte 0xf5 in position 0: invalid start byte"],
    [[0xff], "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"],
    [[0x41, 0x0a, 0xc2], "'utf-8' codec can't decode byte 0xc2 in position 2: unexpected end of data"],
    [[0xc2, 0x41], "'utf-8' codec can't decode byte 0xc2 in position 0: invalid continuation byte"],
    [[0xe0, 0x9f, 0x80], "'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte"],
    [[0xed, 0xa0, 0x80], "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"],
    [[0xf0, 0x8f, 0x80, 0x80], "'utf-8' codec can't decode byte 0xf0 in position 0: invalid continuation byte"],
    [[0xf4, 0x90, 0x80, 0x80], "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"],
    // a sequence cut after valid continuation bytes: Python names them all ("bytes in position a-b")
    [[0xe0, 0xa0], "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"],
    [[0xe0, 0xa0, 0x41], "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"],
    [[0xef, 0xbf], "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"],
    [[0xf0, 0x90, 0x80], "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"],
    [[0xf0, 0x90, 0x80, 0x41], "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte"],
    [[0xf1, 0x80, 0x80, 0xc0], "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte"],
    [
      [0x7b, 0x22, 0xe2, 0x82, 0xac, 0x22, 0x7d, 0xe2, 0x82],
      "'utf-8' codec can't decode bytes in position 7-8: unexpected end of data",
    ],
  ])('bytes %j: %s', (bytes, message) => {
    expect(utf8Error(Uint8Array.from(bytes))).toBe(message);
  });

  it('valid UTF-8, at the edges of each sequence length, has no error', () => {
    for (const bytes of [
      [],
      [0x00, 0x7f],
      [0xc2, 0x80],
      [0xdf, 0xbf],
      [0xe0, 0xa0, 0x80],
      [0xed, 0x9f, 0xbf],
      [0xee, 0x80, 0x80],
      [0xef, 0xbf, 0xbf],
      [0xf0, 0x90, 0x80, 0x80],
      [0xf4, 0x8f, 0xbf, 0xbf],
      [0xf1, 0x80, 0x80, 0x80],
    ]) {
      expect(utf8Error(Uint8Array.from(bytes)), JSON.stringify(bytes)).toBeUndefined();
    }
  });
});
