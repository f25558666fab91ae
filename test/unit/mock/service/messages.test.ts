// Pydantic's wording (src/mock/service/messages.ts) called in-process: Python's repr and the
// crates' wording (the uuid crate, speedate) as pydantic quotes them in an error's msg and
// ctx.error. Python's and pydantic's answers quoted here were taken from CPython 3.11 (repr) and
// pydantic 2.13.
import { describe, expect, it } from 'vitest';
import {
  dateError,
  expectedList,
  pyFloat,
  pyRepr,
  timeError,
  uuidCrateError,
} from '../../../../src/mock/service/messages.js';

describe("messages: Python's repr and the crates' wording in pydantic's errors", () => {
  it.each([
    ['abc', "'abc'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ['back\\slash', "'back\\\\slash'"],
    ['nl\ncr\rtab\t', "'nl\\ncr\\rtab\\t'"],
    ['\u0000\u001f\u007f', "'\\x00\\x1f\\x7f'"],
    ['é😀 ', "'é😀 '"],
    // characters Python does not print: \x for Latin-1, \u for the BMP, \U beyond
    ['\u0085\u00a0', "'\\x85\\xa0'"],
    ['a\u2028\u200b', "'a\\u2028\\u200b'"],
    ['\u{e0001}', "'\\U000e0001'"],
    ['\uffff\ud800\u0378', "'\\uffff\\ud800\\u0378'"],
  ])('pyRepr(%j) is %s', (value, repr) => {
    expect(pyRepr(value)).toBe(repr);
  });

  it('pyRepr: None, True, False, numbers as Python writes the number a JSON text gave it', () => {
    expect([null, true, false, 12, -1.5].map(pyRepr)).toEqual(['None', 'True', 'False', '12', '-1.5']);
    // A fraction is a float: Python writes one below 1e-4 with an exponent of two digits at least.
    expect([0.0001, -0.0001, 0.00001, 1e-7, -1.5e-7, 1e-10, 2.5e-100, 123.25].map(pyRepr)).toEqual([
      '0.0001',
      '-0.0001',
      '1e-05',
      '1e-07',
      '-1.5e-07',
      '1e-10',
      '2.5e-100',
      '123.25',
    ]);
    // Whole numbers: an int as a JavaScript client writes it (digits), a float past 1e21 as both write it.
    expect([1e16, 12345678901234567000, 1e21, 1.5e300].map(pyRepr)).toEqual([
      '10000000000000000',
      '12345678901234567000',
      '1e+21',
      '1.5e+300',
    ]);
  });

  it("pyFloat: a float as Python's repr writes it, whole or not (CPython 3.11)", () => {
    expect([2, -0, 0, 1.5, 1e15, 1e16, 1.2345678901234568e17, 1e-5, -2.5e-7, 0.0001].map(pyFloat)).toEqual([
      '2.0',
      '-0.0',
      '0.0',
      '1.5',
      '1000000000000000.0',
      '1e+16',
      '1.2345678901234568e+17',
      '1e-05',
      '-2.5e-07',
      '0.0001',
    ]);
  });

  it("pyRepr: a list or a dict as Python's repr writes it, each value within too", () => {
    expect(pyRepr([1, 'a'])).toBe("[1, 'a']");
    expect(pyRepr({ a: 1 })).toBe("{'a': 1}");
    expect(pyRepr([])).toBe('[]');
    expect(pyRepr({})).toBe('{}');
    expect(pyRepr({ a: { b: [1.5, null, true, false] }, "it's": 'x' })).toBe(
      `{'a': {'b': [1.5, None, True, False]}, "it's": 'x'}`,
    );
    expect(pyRepr([0.00001, 2])).toBe('[1e-05, 2]');
    expect(pyRepr({ 'k\n': [1e-7] })).toBe("{'k\\n': [1e-07]}");
  });

  it("expectedList: 'A', 'B' or 'C', as pydantic lists an enum's values", () => {
    expect(expectedList([])).toBe('');
    expect(expectedList(['ON_DEMAND'])).toBe("'ON_DEMAND'");
    expect(expectedList(['ON_DEMAND', 'SCHEDULED'])).toBe("'ON_DEMAND' or 'SCHEDULED'");
    expect(expectedList(['LOW', 'MEDIUM', 'HIGH', null])).toBe("'LOW', 'MEDIUM', 'HIGH' or None");
  });
});

describe('messages: the uuid crate and speedate, as pydantic quotes them in ctx.error', () => {
  // pydantic-core 2.46's wording (the uuid crate's error, shortened)
  const badChar = (char: string, at: number) => `invalid character: found \`${char}\` at ${at}`;

  it.each([
    ['', 'invalid length: expected length 32 for simple format, found 0'],
    ['123', 'invalid length: expected length 32 for simple format, found 3'],
    ['1234567812345678123456781234567', 'invalid length: expected length 32 for simple format, found 31'],
    ['x', badChar('x', 1)],
    ['g2345678123456781234567812345678', badChar('g', 1)],
    ['12345678-1234-1234-1234-12345678901z', badChar('z', 36)],
    ['é2345678-1234-1234-1234-123456789012', badChar('é', 1)],
    ['{x}', badChar('x', 2)],
    ['urn:uuid:x', badChar('x', 10)],
    ['{12345678-1234-1234-1234-123456789012', badChar('{', 1)],
    ['{}', 'invalid group count: expected 5, found 1'],
    ['urn:uuid:', 'invalid group count: expected 5, found 1'],
    ['{12345678123456781234567812345678}', 'invalid group count: expected 5, found 1'],
    ['urn:uuid:12345678123456781234567812345678', 'invalid group count: expected 5, found 1'],
    ['12345678-1234-1234-1234', 'invalid group count: expected 5, found 4'],
    ['1-2-3-4-5-6', 'invalid group count: expected 5, found 6'],
    ['12345678-1234-1234-1234-123456789012-', 'invalid group count: expected 5, found 6'],
    ['1234567-81234-1234-1234-123456789012', 'invalid group length in group 0: expected 8, found 7'],
    ['12345678-123-41234-1234-123456789012', 'invalid group length in group 1: expected 4, found 3'],
    ['12345678-1234-123-41234-123456789012', 'invalid group length in group 2: expected 4, found 3'],
    ['12345678-1234-1234-123-4123456789012', 'invalid group length in group 3: expected 4, found 3'],
    ['12345678-1234-1234-1234-12345678901', 'invalid group length in group 4: expected 12, found 11'],
    ['12345678-1234-1234-1234-1234567890123', 'invalid group length in group 4: expected 12, found 13'],
    // the last group is measured against the whole input, prefix included, as the crate does
    ['{12345678-1234-1234-1234-12345678901}', 'invalid group length in group 4: expected 12, found 13'],
    ['urn:uuid:12345678-1234-1234-1234-12345678901', 'invalid group length in group 4: expected 12, found 20'],
    // one character before or after an accepted form
    ['06f1c2a4e3b7d4e8a9c215d0f8b7a1e34', 'invalid length: expected length 32 for simple format, found 33'],
    ['x6f1c2a4e3b7d4e8a9c215d0f8b7a1e34', badChar('x', 1)],
    ['6f1c2a4e3b7d4e8a9c215d0f8b7a1e34x', badChar('x', 33)],
    ['x6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', badChar('x', 1)],
    ['6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34x', badChar('x', 37)],
    ['{6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34}x', badChar('{', 1)],
    ['x{6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34}', badChar('x', 1)],
    ['urn:uuid:6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34x', badChar('x', 46)],
    ['xurn:uuid:6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', badChar('x', 1)],
  ])('uuid %j: %s', (text, error) => {
    expect(uuidCrateError(text)).toBe(error);
  });

  it('uuid: the forms the crate accepts have no error', () => {
    for (const text of [
      '12345678123456781234567812345678',
      '6F1C2A4E-3B7D-4E8A-9C21-5D0F8B7A1E34',
      'urn:uuid:6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34',
      '{6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34}',
    ]) {
      expect(uuidCrateError(text), text).toBeUndefined();
    }
  });

  it.each([
    ['2024-06-1', 'input is too short'],
    ['202a-06-15', 'invalid character in year'],
    ['2024/06/15', 'invalid date separator, expected `-`'],
    ['2024/06-15', 'invalid date separator, expected `-`'],
    ['20-4-06-15', 'invalid character in year'],
    ['2024-6a-15', 'invalid character in month'],
    ['2024-06/15', 'invalid date separator, expected `-`'],
    ['2024-06-1a', 'invalid character in day'],
    ['2024-00-15', 'month value is outside expected range of 1-12'],
    ['2024-13-15', 'month value is outside expected range of 1-12'],
    ['2024-06-00', 'day value is outside expected range'],
    ['2024-01-32', 'day value is outside expected range'],
    ['2024-04-31', 'day value is outside expected range'],
    ['2023-02-29', 'day value is outside expected range'],
    ['1900-02-29', 'day value is outside expected range'],
  ])('date %j: %s', (text, error) => {
    expect(dateError(text)).toBe(error);
  });

  it('date: the YYYY-MM-DD part of a valid date, leap days included, has no error (what follows is the time)', () => {
    for (const text of [
      '2024-02-29',
      '2000-02-29',
      '2023-12-31',
      '2023-01-01',
      '1999-09-09',
      '2024-06-15T',
      '2024-06-15 and more',
    ])
      expect(dateError(text), text).toBeUndefined();
  });

  // Each time after the date 2024-06-15, as pydantic 2.13 reports it for a `date` field
  // (date_from_datetime_parsing's ctx.error).
  it.each([
    ['x12:30:45Z', 'invalid datetime separator, expected `T`, `t`, `_` or space'],
    ['T', 'input is too short'],
    ['T1', 'input is too short'],
    ['T1a', 'input is too short'],
    ['T24:00:00Z', 'hour value is outside expected range of 0-23'],
    ['T12', 'input is too short'],
    ['T12-30:45Z', 'invalid time separator, expected `:`'],
    ['T12:3', 'input is too short'],
    ['T1x:30', 'invalid character in hour'],
    ['T12:3x:45Z', 'invalid character in minute'],
    ['T12:60:00Z', 'minute value is outside expected range of 0-59'],
    ['T12:30:4', 'invalid character in second'],
    ['T12:30:4x', 'invalid character in second'],
    ['T12:30:60Z', 'second value is outside expected range of 0-59'],
    ['T12:30:45.Z', 'second fraction digits missing after `.`'],
    ['T12:30:45,', 'second fraction digits missing after `.`'],
    ['T12:30:45?', 'invalid timezone sign'],
    ['T12:30x', 'invalid timezone sign'],
    ['T12:30:45+5', 'invalid timezone hour'],
    ['T12:30:45+0', 'invalid timezone hour'],
    ['T12:30:45-', 'invalid timezone hour'],
    ['T12:30:45+x05', 'invalid timezone hour'],
    ['T12:30:45+05', 'invalid timezone minute'],
    ['T12:30:45+05:', 'invalid timezone minute'],
    ['T12:30:45+05:3', 'invalid timezone minute'],
    ['T12:30:45+05x', 'invalid timezone minute'],
    ['T12:30:45+24:00', 'timezone offset must be less than 24 hours'],
    ['T12:30:45+05:60', 'timezone minute value is outside expected range of 0-59'],
    ['T12:30:45Zx', 'unexpected extra characters at the end of the input'],
    ['T12:30:45+05:30x', 'unexpected extra characters at the end of the input'],
  ])('time %j: %s', (rest, error) => {
    expect(timeError(rest)).toBe(error);
  });

  it('time: times with or without seconds, a fraction or a timezone have no error (pydantic takes a naive time)', () => {
    for (const rest of [
      'T12:30:45Z',
      't23:59:59z',
      '_00:00:00+23:59',
      ' 12:30:45-05:30',
      'T12:30:45.123456Z',
      'T12:30:45,5+0530',
      'T12:30',
      'T12:30Z',
      'T12:30+05:00',
      'T12:30:45',
      'T12:30:45.5',
    ]) {
      expect(timeError(rest), rest).toBeUndefined();
    }
  });
});
