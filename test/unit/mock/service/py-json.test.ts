// A 422's items written as FastAPI writes them (src/mock/service/py-json.ts), called in-process. Each
// expected text is what Python 3.11 writes for the same JSON text read by json.loads
// (`json.dumps(json.loads(text), separators=(",", ":"))`), checked by hand against FastAPI 0.142.
import { describe, expect, it } from 'vitest';
import { markPythonNumbers, pythonJson } from '../../../../src/mock/service/py-json.js';

/** The 422 body of one item whose input is the JSON text `text`, as the mock writes it. */
function echo(text: string, body = text): string | undefined {
  const item = {
    type: 'string_type',
    loc: ['body', 'model'],
    msg: 'Input should be a valid string',
    input: JSON.parse(text),
  };
  return pythonJson(markPythonNumbers({ detail: [item] }, body));
}
const inputOf = (written: string | undefined) => written?.replace(/^.*"input":(.*)\}\]\}$/, '$1');

describe("py-json: a 422's input as FastAPI writes its numbers", () => {
  it('an integer past 2⁵³ keeps its digits', () => {
    expect(inputOf(echo('18446744073709551616'))).toBe('18446744073709551616');
    expect(inputOf(echo('9007199254740993'))).toBe('9007199254740993');
    expect(inputOf(echo('{"b": 2.0, "a": [12345678901234567890123]}'))).toBe('{"b":2.0,"a":[12345678901234567890123]}');
  });

  it("a float is written as Python's repr writes it, whole or not", () => {
    expect(inputOf(echo('[1.0, 18446744073709551616, -0.0, 1e16, 1.5e300, 2.5, 1E2, 7, 0.00001, 1e-7]'))).toBe(
      '[1.0,18446744073709551616,-0.0,1e+16,1.5e+300,2.5,100.0,7,1e-05,1e-07]',
    );
    expect(inputOf(echo('123456789012345678.0'))).toBe('1.2345678901234568e+17');
    expect(inputOf(echo('1e+21'))).toBe('1e+21');
    expect(inputOf(echo('[0.00001, 2.5]'))).toBe('[1e-05,2.5]'); // no whole number: the text is not read again
    expect(inputOf(echo('-0'))).toBeUndefined(); // nothing Python writes otherwise: not marked
  });

  it('a value two kinds of token gave is written as JavaScript writes it', () => {
    expect(inputOf(echo('[2, 2.0]'))).toBe('[2,2]');
    expect(inputOf(echo('[9007199254740993, 9007199254740992]'))).toBe('[9007199254740992,9007199254740992]');
    expect(inputOf(echo('[18446744073709551616, 18446744073709551616]'))).toBe(
      '[18446744073709551616,18446744073709551616]',
    );
  });

  it('numbers inside strings are no tokens; a string with an escaped quote ends where JSON says', () => {
    expect(inputOf(echo('["2", 2.0]'))).toBe('["2",2.0]');
    expect(inputOf(echo('["x2", 2.0, "x7", 7.0]'))).toBe('["x2",2.0,"x7",7.0]');
    expect(inputOf(echo('["\\"", 2.0, "x"]'))).toBe('["\\"",2.0,"x"]');
    expect(inputOf(echo('[null, 2]', '[null, 2.0]'))).toBe('[null,2.0]');
    expect(inputOf(echo('["a\\"2", 2.0, "\\\\", 3.0]'))).toBe('["a\\"2",2.0,"\\\\",3.0]');
    expect(inputOf(echo('{"1e5": 100000.0, "-7": 7.0}'))).toBe('{"1e5":100000.0,"-7":7.0}');
    expect(inputOf(echo('["2.0", 2]'))).toBe('["2.0",2]'); // a fraction in a string only: read, written as before
  });

  it('every form of a number token: a sign, a fraction, an exponent with or without its sign', () => {
    expect(inputOf(echo('[-3.0, 30.0, 3e2, 3E+2, 40e-1, 12.50e1, -1234567890123456789]'))).toBe(
      '[-3.0,30.0,300.0,300.0,4.0,125.0,-1234567890123456789]',
    );
  });

  it('a text Python writes as JavaScript does is not marked: no fraction, no exponent, no long integer', () => {
    expect(echo('[1, -2, 300, "x", true, null]')).toBeUndefined();
    expect(echo('123456789012345')).toBeUndefined();
    expect(echo('1.5')).toBeUndefined(); // a fraction Python writes as JavaScript does
    expect(echo('0.0001')).toBeUndefined(); // from 1e-4 up, as JavaScript writes it
    expect(echo('["x", 1.5]', '["x", 1.5, 2.0]')).toBeUndefined(); // no whole number in the input
    expect(echo('[1.5, 2.25e3]', '[1.5, 2.25e3]')).toBe(
      '{"detail":[{"type":"string_type","loc":["body","model"],"msg":"Input should be a valid string","input":[1.5,2250.0]}]}',
    );
    expect(pythonJson({ detail: [] })).toBeUndefined();
    expect(pythonJson(null)).toBeUndefined();
    expect(pythonJson('{"detail": []}')).toBeUndefined();
  });

  it('only `input` is rewritten: ctx keeps the spec’s numbers; keys keep their order; undefined members and non-finite numbers as JSON.stringify has them', () => {
    const items = [
      { type: 'less_than_equal', loc: ['body', 'n'], msg: 'm', input: 200, ctx: { le: 168 } },
      {
        type: 'x',
        loc: ['body', 'm'],
        msg: 'm',
        input: { a: undefined, b: [undefined, Number.NaN, 2, null, -Infinity] },
        ctx: undefined,
      },
      { type: 'missing', loc: ['body', 'k'], msg: 'Field required', input: 168 },
      { type: 'y', loc: ['body'], msg: 'n' },
    ];
    expect(pythonJson(markPythonNumbers({ detail: items }, '{"n": 200.0, "k": 168.0}'))).toBe(
      '{"detail":[' +
        '{"type":"less_than_equal","loc":["body","n"],"msg":"m","input":200.0,"ctx":{"le":168}},' +
        '{"type":"x","loc":["body","m"],"msg":"m","input":{"b":[null,null,2,null,null]}},' +
        '{"type":"missing","loc":["body","k"],"msg":"Field required","input":168.0},' +
        '{"type":"y","loc":["body"],"msg":"n"}]}',
    );
  });

  it('markPythonNumbers returns the body it marks, and a body is marked for its own text only', () => {
    const body = { detail: [{ type: 't', loc: [], msg: 'm', input: 2 }] };
    expect(markPythonNumbers(body, '2.0')).toBe(body);
    expect(pythonJson(body)).toBe('{"detail":[{"type":"t","loc":[],"msg":"m","input":2.0}]}');
    const other = { detail: [{ type: 't', loc: [], msg: 'm', input: 2 }] };
    expect(markPythonNumbers(other, '2')).toBe(other);
    expect(pythonJson(other)).toBeUndefined();
  });
});
