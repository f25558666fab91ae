// The mock's smaller modules called in-process, without a mock process or a socket: the body's
// decode errors (json-error.ts), pydantic's wording (messages.ts), the --max-errors and
// --max-results bounds (limits.ts), the log (log.ts), the loud fallbacks (fallbacks.ts), the package's own files
// (src/shared/package-root.ts, prism/deps.ts), the reading of the spec (prism/spec.ts), and the
// steps that answer before Prism: CORS, the body read and the mock's own paths (request/cors.ts,
// request/read-body.ts, control/control.ts). Each expectation is what a user of the mock reads: a status, a
// header, an error body's text, a log line. Python's and pydantic's answers quoted here were taken
// from CPython 3.11 (json, bytes.decode, repr) and pydantic 2.13.
import { createRequire } from 'node:module';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadPrism, PRISM_MODULES, PRISM_PEERS } from '../../../src/mock/prism/deps.js';
import { Fallbacks } from '../../../src/mock/control/fallbacks.js';
import { Journal, type ReceivedRequest } from '../../../src/mock/control/journal.js';
import { pythonJsonError, utf8Error } from '../../../src/mock/request/json-error.js';
import { DEFAULT_MAX_ERRORS, DEFAULT_MAX_RESULTS, LimitError, tooManyErrors } from '../../../src/mock/engine/limits.js';
import { credentialHeadersOf, logDestination, logFilter, type Logger } from '../../../src/mock/prism/log.js';
import { dateError, expectedList, pyRepr, timeError, uuidCrateError } from '../../../src/mock/service/messages.js';
import { manifest, packageRoot } from '../../../src/shared/package-root.js';
import { Spec, type Document } from '../../../src/mock/prism/spec.js';
import { createState, type State } from '../../../src/mock/service/state.js';
import { createScenarioStore } from '../../../src/mock/scenarios/store.js';
import { controlReply } from '../../../src/mock/control/control.js';
import { createCors } from '../../../src/mock/request/cors.js';
import { bodyTooLarge, MAX_BODY, readBody } from '../../../src/mock/request/read-body.js';

const here = new URL('.', import.meta.url).pathname;
const repoRoot = join(here, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'mock-modules-'));
/** The node_modules the repository's packages are installed in (wherever it is: a worktree's may be a link, a mutation sandbox has none of its own). */
const installedModules = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json')),
  '../..',
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
    // NaN and Infinity, which Python accepts, are not JSON: the contract has no use for them
    ['NaN', 'Expecting value', 0],
    ['[Infinity]', 'Expecting value', 1],
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

  it('pyRepr: None, True, False, numbers, and JSON for the rest', () => {
    expect([null, true, false, 12, -1.5].map(pyRepr)).toEqual(['None', 'True', 'False', '12', '-1.5']);
    expect(pyRepr([1, 'a'])).toBe('[1,"a"]');
  });

  it("expectedList: 'A', 'B' or 'C', as pydantic lists an enum's values", () => {
    expect(expectedList([])).toBe('');
    expect(expectedList(['ON_DEMAND'])).toBe("'ON_DEMAND'");
    expect(expectedList(['ON_DEMAND', 'SCHEDULED'])).toBe("'ON_DEMAND' or 'SCHEDULED'");
    expect(expectedList(['LOW', 'MEDIUM', 'HIGH', null])).toBe("'LOW', 'MEDIUM', 'HIGH' or None");
  });
});

describe('messages: the uuid crate and speedate, as pydantic quotes them in ctx.error', () => {
  const badChar = (char: string, at: number) =>
    `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${char}\` at ${at}`;

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

  it.each([
    ['', 'input is too short'],
    ['x12:30:45Z', 'invalid datetime separator, expected `T`, `t`, `_` or space'],
    ['T', 'input is too short'],
    ['T1', 'input is too short'],
    ['T1a', 'invalid character in hour'],
    ['T24:00:00Z', 'hour value is outside expected range of 0-23'],
    ['T12', 'input is too short'],
    ['T12-30:45Z', 'invalid time separator, expected `:`'],
    ['T12:3', 'input is too short'],
    ['T12:3x:45Z', 'invalid character in minute'],
    ['T12:60:00Z', 'minute value is outside expected range of 0-59'],
    ['T12:30', 'input is too short'],
    ['T12:30Z', 'invalid time separator, expected `:`'],
    ['T12:30:4', 'input is too short'],
    ['T12:30:4x', 'invalid character in second'],
    ['T12:30:60Z', 'second value is outside expected range of 0-59'],
    ['T12:30:45.Z', 'invalid character in second fraction'],
    ['T12:30:45,', 'invalid character in second fraction'],
    ['T12:30:45?', 'invalid timezone sign'],
    ['T12:30:45+5', 'invalid timezone hour'],
    ['T12:30:45-', 'invalid timezone hour'],
    ['T12:30:45+x05', 'invalid timezone hour'],
    ['T12:30:45+24:00', 'timezone offset must be less than 24 hours'],
    ['T12:30:45+05:60', 'timezone minute value is outside expected range of 0-59'],
    ['T12:30:45Zx', 'unexpected extra characters at the end of the input'],
    ['T12:30:45+05:30x', 'unexpected extra characters at the end of the input'],
    ['T12:30:45+05:3', 'unexpected extra characters at the end of the input'],
  ])('time %j: %s', (rest, error) => {
    expect(timeError(rest)).toBe(error);
  });

  it('time: complete times with a timezone, and naive ones (the caller reports timezone_aware), have no error', () => {
    for (const rest of [
      'T12:30:45Z',
      't23:59:59z',
      '_00:00:00+23:59',
      ' 12:30:45-05:30',
      'T12:30:45.123456Z',
      'T12:30:45,5+0530',
      'T12:30:45+05',
      'T12:30:45',
      'T12:30:45.5',
    ]) {
      expect(timeError(rest), rest).toBeUndefined();
    }
  });
});

describe('limits: what a request may cost beyond its size', () => {
  it('a LimitError is a 413 whose body names the limit and the flag that raises it, the number grouped in thousands', () => {
    const error = new LimitError('Bulk feedback asks for 1,000,000 results', 'max-results', DEFAULT_MAX_RESULTS);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LimitError');
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      'Bulk feedback asks for 1,000,000 results; the mock handles at most 20,000 (raise it with --max-results).',
    );
    expect(error.body).toEqual({ detail: error.message, limit: 'max-results', max: 20_000 });
  });

  it('too many validation errors: the limit --max-errors, at 1,000 by default', () => {
    expect(tooManyErrors(DEFAULT_MAX_ERRORS).body).toEqual({
      detail:
        'The request has more than 1,000 validation errors; the mock handles at most 1,000 (raise it with --max-errors).',
      limit: 'max-errors',
      max: 1000,
    });
  });
});

describe('fallbacks: counted, logged as a warning with the request, named for the answer', () => {
  it('each fire counts its kind, logs "<kind>: <message>" as a FALLBACK warning with the request\'s method and path, and returns the kind', () => {
    const logged: [string, object, string][] = [];
    const logger: Logger = {
      info: (f, m) => void logged.push(['info', f, m]),
      warn: (f, m) => void logged.push(['warn', f, m]),
      error: (f, m) => void logged.push(['error', f, m]),
    };
    const fallbacks = new Fallbacks(logger);
    expect(fallbacks.report()).toEqual({ total: 0, fallbacks: {} });
    const put = { method: 'put', url: { path: '/v2/things' } };
    const post = { method: 'post', url: { path: '/v2/other' } };
    expect(fallbacks.fire('example', 'no reflection, sending the example', put)).toBe('example');
    expect(fallbacks.fire('prism-response', 'could not adapt', put)).toBe('prism-response');
    expect(fallbacks.fire('example', 'again', post)).toBe('example');
    expect(fallbacks.report()).toEqual({ total: 3, fallbacks: { example: 2, 'prism-response': 1 } });
    expect(logged).toEqual([
      ['warn', { name: 'FALLBACK', input: put }, 'example: no reflection, sending the example'],
      ['warn', { name: 'FALLBACK', input: put }, 'prism-response: could not adapt'],
      ['warn', { name: 'FALLBACK', input: post }, 'example: again'],
    ]);
  });

  it("its line in the mock's log names the request", () => {
    const written: string[] = [];
    const logger = loadPrism().createLogger(
      'HTTP SERVER',
      { level: 'warn', hooks: logFilter(new Set()) },
      logDestination({ write: (text: string) => void written.push(text) }),
    );
    new Fallbacks(logger).fire('example', 'sending the example', { method: 'put', url: { path: '/v2/things' } });
    expect(written).toEqual(['mock: warn [FALLBACK] PUT /v2/things example: sending the example\n']);
  });
});

describe('cors: which pages may call the mock', () => {
  const EXPOSE: [string, string] = ['Access-Control-Expose-Headers', 'sl-violations'];
  const VARY: [string, string] = ['Vary', 'Origin'];
  const get = (origin?: string) => ({ method: 'GET', headers: origin === undefined ? {} : { origin } });
  const preflight = (origin: string, extra: Record<string, string> = {}) => ({
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', ...extra },
  });

  it('by default: pages served from loopback, any port, without credentials; others get no allowance', () => {
    const cors = createCors({});
    for (const origin of [
      'http://localhost:5173',
      'https://127.0.0.1',
      'http://[::1]:8080',
      'HTTP://LOCALHOST:3000',
      'http://localhost:65535',
    ]) {
      expect(cors(get(origin)), origin).toEqual({ headers: [VARY, ['Access-Control-Allow-Origin', origin], EXPOSE] });
    }
    for (const origin of [
      'http://localhost.evil.example',
      'http://evil.example?localhost',
      'http://localhost:123456',
      'file://localhost',
      'http://127.0.0.2',
      'null',
      'xhttp://localhost',
    ]) {
      expect(cors(get(origin)), origin).toEqual({ headers: [VARY] });
    }
    expect(cors(get())).toEqual({ headers: [VARY] });
  });

  it('--cors-origin: the listed origins only, with credentials; loopback is no longer allowed by default', () => {
    const cors = createCors({ corsOrigins: ['https://app.example:8443'] });
    expect(cors(get('https://app.example:8443'))).toEqual({
      headers: [
        VARY,
        ['Access-Control-Allow-Origin', 'https://app.example:8443'],
        ['Access-Control-Allow-Credentials', 'true'],
        EXPOSE,
      ],
    });
    expect(cors(get('http://localhost:5173'))).toEqual({ headers: [VARY] });
    expect(cors(get('https://app.example'))).toEqual({ headers: [VARY] });
  });

  it('--cors-origin "*": any page, never with credentials, and no allowance without an Origin; a listed origin next to it keeps its credentials', () => {
    const any = createCors({ corsOrigins: ['*'] });
    expect(any(get('https://anything.example'))).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', '*'], EXPOSE],
    });
    expect(any(get())).toEqual({ headers: [VARY] });
    const both = createCors({ corsOrigins: ['https://app.example', '*'] });
    expect(both(get('https://app.example'))).toEqual({
      headers: [
        VARY,
        ['Access-Control-Allow-Origin', 'https://app.example'],
        ['Access-Control-Allow-Credentials', 'true'],
        EXPOSE,
      ],
    });
    expect(both(get('https://other.example'))).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', '*'], EXPOSE],
    });
  });

  it('a preflight from an allowed page: 204 with the methods, the requested headers echoed, and no body', () => {
    const cors = createCors({});
    expect(
      cors(
        preflight('http://localhost:5173', { 'access-control-request-headers': 'content-type, service-ao-api-key' }),
      ),
    ).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', 'http://localhost:5173'], EXPOSE],
      preflight: {
        status: 204,
        headers: [
          ['Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS'],
          ['Access-Control-Allow-Headers', 'content-type, service-ao-api-key'],
          ['Content-Length', '0'],
        ],
      },
    });
    expect(cors(preflight('http://localhost:5173')).preflight).toEqual({
      status: 204,
      headers: [
        ['Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS'],
        ['Content-Length', '0'],
      ],
    });
  });

  it('a preflight from another page: 403 saying how to allow it', () => {
    const detail =
      'CORS: pages from this origin may not call the mock; start it with --cors-origin <origin> to allow one';
    const text = JSON.stringify({ detail });
    expect(createCors({})(preflight('https://evil.example'))).toEqual({
      headers: [VARY],
      preflight: {
        status: 403,
        headers: [
          ['Content-Type', 'application/json'],
          ['Content-Length', Buffer.byteLength(text)],
        ],
        body: text,
      },
    });
  });

  it('not a preflight: OPTIONS without an Origin or without Access-Control-Request-Method, or another method, goes on to the API', () => {
    const cors = createCors({});
    expect(cors({ method: 'OPTIONS', headers: { 'access-control-request-method': 'PUT' } })).toEqual({
      headers: [VARY],
    });
    expect(cors({ method: 'OPTIONS', headers: { origin: 'http://localhost' } })).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', 'http://localhost'], EXPOSE],
    });
    expect(
      cors({ method: 'PUT', headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' } }),
    ).toEqual({ headers: [VARY] });
  });

  it('cors: false: no CORS header at all, and a preflight goes on to the API', () => {
    const cors = createCors({ cors: false, corsOrigins: ['*'] });
    expect(cors(get('http://localhost:5173'))).toEqual({ headers: [] });
    expect(cors(preflight('http://localhost:5173'))).toEqual({ headers: [] });
  });
});

describe('read-body: the body, bounded at 10 MB', () => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

  it("reads every chunk, in order, of node:http's stream or a WHATWG Request's; no stream is no body", async () => {
    const two = await readBody(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]));
    expect([text(two.bytes), two.tooLarge]).toEqual(['{"a":1}', false]);
    expect(text((await readBody(Readable.from([Buffer.from('one chunk')]))).bytes)).toBe('one chunk');
    expect(await readBody(Readable.from([]))).toEqual({ bytes: Buffer.alloc(0), tooLarge: false });
    const whatwg = new Request('http://mock.test/', { method: 'POST', body: 'from a Request' })
      .body as unknown as AsyncIterable<Uint8Array>;
    expect(text((await readBody(whatwg)).bytes)).toBe('from a Request');
    expect(await readBody(null)).toEqual({ bytes: Buffer.alloc(0), tooLarge: false });
  });

  it('a body at the limit is read; one byte more: what came before the chunk that passed it, the rest read to its end and dropped, tooLarge', async () => {
    const atLimit = await readBody(Readable.from([Buffer.from('12345'), Buffer.from('67')]), 7);
    expect([text(atLimit.bytes), atLimit.tooLarge]).toEqual(['1234567', false]);
    const stream = Readable.from([Buffer.from('12345'), Buffer.from('678'), Buffer.from('9')]);
    const past = await readBody(stream, 7);
    expect([text(past.bytes), past.tooLarge]).toEqual(['12345', true]);
    expect(stream.readableEnded).toBe(true);
    expect(MAX_BODY).toBe(10 * 1024 * 1024);
  });

  it('a stream error rejects', async () => {
    const stream = new PassThrough();
    const read = readBody(stream);
    stream.destroy(new Error('connection reset'));
    await expect(read).rejects.toThrow('connection reset');
  });

  it('the answer to a body past the limit: 413 with a JSON detail', () => {
    const text = JSON.stringify({ detail: 'Request body is larger than 10 MB' });
    expect(bodyTooLarge()).toEqual({
      status: 413,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(text)],
      ],
      body: text,
    });
  });
});

describe("control: the mock's own paths", () => {
  const json = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    return {
      status,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(text)],
      ],
      body: text,
    };
  };
  const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

  const sent = (session: string, path: string, status = 200): ReceivedRequest => ({
    session,
    operationId: 'op',
    method: 'POST',
    path,
    pathParams: {},
    query: {},
    valid: true,
    body: { path },
    bodyBytes: 10,
    status,
    unanswered: null,
    scenario: null,
    outsideContract: false,
  });
  const NO_BODY = new Uint8Array();
  const parts = { scenarios: createScenarioStore('test'), use: () => undefined };
  const journalOf = (...requests: ReceivedRequest[]) => {
    const journal = new Journal(100);
    for (const request of requests) journal.record(request);
    return journal;
  };

  it('GET /__mock/fallbacks: the counts', () => {
    const fallbacks = new Fallbacks(quiet);
    fallbacks.fire('example', 'x', { method: 'get', url: { path: '/v2/x' } });
    expect(
      controlReply(
        { kind: 'fallbacks' },
        { method: 'GET', headers: {}, body: NO_BODY },
        { ...parts, fallbacks, state: undefined, journal: journalOf() },
      ),
    ).toEqual(json(200, { total: 1, fallbacks: { example: 1 } }));
  });

  it('GET /__mock/requests: what the session named by X-Mock-Session (else the default one) sent, oldest first', () => {
    const journal = journalOf(sent('qa-1', '/v2/a'), sent('default', '/v2/b'), sent('qa-1', '/v2/c', 422));
    const mock = { ...parts, fallbacks: new Fallbacks(quiet), state: undefined, journal };
    expect(
      controlReply({ kind: 'requests' }, { method: 'GET', headers: { 'x-mock-session': 'qa-1' }, body: NO_BODY }, mock),
    ).toEqual(json(200, { session: 'qa-1', requests: [sent('qa-1', '/v2/a'), sent('qa-1', '/v2/c', 422)] }));
    expect(controlReply({ kind: 'requests' }, { method: 'GET', headers: {}, body: NO_BODY }, mock)).toEqual(
      json(200, { session: 'default', requests: [sent('default', '/v2/b')] }),
    );
    expect(
      controlReply(
        { kind: 'requests' },
        { method: 'GET', headers: { 'x-mock-session': 'nobody' }, body: NO_BODY },
        mock,
      ),
    ).toEqual(json(200, { session: 'nobody', requests: [] }));
  });

  it('POST /__mock/reset: resets the state and the journal of the session named by X-Mock-Session (else the default one), and says whether the mock keeps state', () => {
    const reset: string[] = [];
    const state = { reset: (session: string) => void reset.push(session) } as unknown as State;
    const fallbacks = new Fallbacks(quiet);
    const journal = journalOf(sent('qa-1', '/v2/a'), sent('default', '/v2/b'), sent('qa-2', '/v2/c'));
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: { 'x-mock-session': 'qa-1' }, body: NO_BODY },
        { ...parts, fallbacks, state, journal },
      ),
    ).toEqual(json(200, { reset: 'qa-1', stateful: true }));
    expect(journal.list()).toEqual([sent('default', '/v2/b'), sent('qa-2', '/v2/c')]);
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: {}, body: NO_BODY },
        { ...parts, fallbacks, state, journal },
      ),
    ).toEqual(json(200, { reset: 'default', stateful: true }));
    expect(reset).toEqual(['qa-1', 'default']);
    expect(journal.list()).toEqual([sent('qa-2', '/v2/c')]);
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: { 'x-mock-session': 'qa-2' }, body: NO_BODY },
        { ...parts, fallbacks, state: undefined, journal },
      ),
    ).toEqual(json(200, { reset: 'qa-2', stateful: false }));
    expect(journal.list()).toEqual([]);
  });

  it('/__mock/reset with another method: 405, nothing reset', () => {
    const state = createState({ seed: 's', maxRecords: 10 });
    const spy = vi.spyOn(state, 'reset');
    const journal = journalOf(sent('default', '/v2/a'));
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'GET', headers: {}, body: NO_BODY },
        { ...parts, fallbacks: new Fallbacks(quiet), state, journal },
      ),
    ).toEqual(json(405, { detail: '/__mock/reset takes POST' }));
    expect(spy).not.toHaveBeenCalled();
    expect(journal.list()).toHaveLength(1);
  });
});

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** A copy of the named modules of src/mock/ under `dir`/src/mock/, with a package.json of `manifest`, outside this repository (no node_modules above it). */
function installCopy(dir: string, files: string[], packageJson: object | string | undefined): string {
  mkdirSync(join(dir, 'src/mock'), { recursive: true });
  if (packageJson !== undefined)
    writeFileSync(
      join(dir, 'package.json'),
      typeof packageJson === 'string' ? packageJson : JSON.stringify(packageJson),
    );
  for (const file of files) {
    mkdirSync(dirname(join(dir, 'src/mock', file)), { recursive: true });
    copyFileSync(join(repoRoot, 'src/mock', file), join(dir, 'src/mock', file));
  }
  // The generic helpers the mock's modules import, and the spec the package finds itself by.
  cpSync(join(repoRoot, 'src/shared'), join(dir, 'src/shared'), { recursive: true });
  mkdirSync(join(dir, 'generated'), { recursive: true });
  writeFileSync(join(dir, 'generated/openapi.json'), '{}');
  return join(dir, 'src/mock');
}

describe('package-root and deps: the package finds itself, and Prism or says how to install it', () => {
  const ownManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    peerDependencies: Record<string, string>;
  };

  it("finds this package's root and reads its manifest", () => {
    expect(packageRoot).toBe(repoRoot.replace(/\/$/, ''));
    expect(manifest.peerDependencies).toEqual(ownManifest.peerDependencies);
    // Prism's packages alone: the other peers (ajv, msw, …) are not what the mock's install hint names.
    expect(PRISM_PEERS).toEqual(
      Object.fromEntries(
        Object.entries(ownManifest.peerDependencies).filter(([name]) => name.startsWith('@stoplight/prism-')),
      ),
    );
    expect(Object.keys(PRISM_PEERS).sort()).toEqual([
      '@stoplight/prism-core',
      '@stoplight/prism-http',
      '@stoplight/prism-http-server',
    ]);
  });

  it('a copy installed elsewhere finds its own root and manifest', async () => {
    const found = installCopy(join(scratch, 'nested-root'), [], {
      name: '@observability/api-contract',
      peerDependencies: { x: '1' },
    });
    const module = (await import(
      join(found, '..', 'shared', 'package-root.ts')
    )) as typeof import('../../../src/shared/package-root.js');
    expect(module.packageRoot).toBe(join(scratch, 'nested-root'));
    expect(module.manifest.peerDependencies).toEqual({ x: '1' });
  });

  it('loads Prism: its spec reader, router, checks, negotiator, sampler, whole mocker, problems, Prefer parser, logger and format checks', () => {
    const prism = loadPrism();
    for (const piece of [
      'getHttpOperationsFromSpec',
      'route',
      'validateInput',
      'validateOutput',
      'validateSecurity',
      'validateBody',
      'sample',
      'tooComplex',
      'mocker',
      'parsePrefer',
      'createLogger',
    ] as const) {
      expect(typeof prism[piece], piece).toBe('function');
    }
    expect(typeof prism.negotiator.negotiateOptionsForValidRequest).toBe('function');
    expect(typeof prism.negotiator.negotiateOptionsForInvalidRequest).toBe('function');
    expect(typeof prism.mocker()).toBe('function');
    expect(prism.problems.VIOLATIONS).toEqual({ type: 'VIOLATIONS', title: 'Request/Response not valid', status: 500 });
    expect(prism.problems.UNAUTHORIZED.status).toBe(401);
    expect(new prism.ProblemJsonError('t', 'title', 422, 'd')).toBeInstanceOf(Error);
    // Prism's HTTP server's reading of Prefer: each token's value, true for one without.
    expect(prism.parsePrefer('code=422, example=administrator, dynamic')).toEqual({
      code: '422',
      example: 'administrator',
      dynamic: true,
    });
    // The static sampler, as Prism's mocker calls it: the schema's example or first value; too big a schema is its own error.
    const resource = { method: 'get', path: '/x' } as unknown as Parameters<typeof prism.sample>[1];
    expect(prism.sample({ type: 'string', enum: ['first', 'second'] }, resource)).toBe('first');
    let tooBig: unknown;
    try {
      prism.sample(
        {
          type: 'object',
          properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string' }])),
        },
        resource,
      );
    } catch (error) {
      tooBig = error;
    }
    expect([prism.tooComplex(tooBig), prism.tooComplex(new Error('other'))]).toEqual([true, false]);
    // ajv-formats' checks, and Prism's own date-time (which wants a timezone)
    const uuid = prism.formats.uuid as RegExp;
    const dateTime = prism.formats['date-time'] as (text: string) => boolean;
    expect([uuid.test('6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34'), uuid.test('nope')]).toEqual([true, false]);
    expect([dateTime('2026-11-23T08:00:00Z'), dateTime('2026-11-23T08:00:00')]).toEqual([true, false]);
  });

  it("an ajv as Prism's validator has it, per draft: draft-07 by default, 2019-09's and 2020-12's keywords, Prism's date-time, no coercion", () => {
    const prism = loadPrism();
    const dependent = { type: 'object', dependentRequired: { a: ['b'] } };
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }] };
    const valid = (draft: 'default' | 'draft2019_09' | 'draft2020_12', schema: object, value: unknown) =>
      prism.ajv(draft).compile(schema)(value);
    expect([
      valid('default', dependent, { a: 1 }),
      valid('draft2019_09', dependent, { a: 1 }),
      valid('draft2020_12', dependent, { a: 1 }),
    ]).toEqual([true, false, false]);
    expect([
      valid('default', tuple, [1]),
      valid('draft2019_09', tuple, [1]),
      valid('draft2020_12', tuple, [1]),
    ]).toEqual([true, true, false]);
    // ajv-formats' own date-time takes a time without a timezone; Prism's does not
    const stamp = { type: 'string', format: 'date-time' };
    expect([valid('default', stamp, '2026-11-23T08:00:00Z'), valid('default', stamp, '2026-11-23T08:00:00')]).toEqual([
      true,
      false,
    ]);
    expect(
      valid(
        'default',
        { type: 'string', format: 'date-time', formatMinimum: '2026-01-01T00:00:00Z' },
        '2025-12-31T23:59:59Z',
      ),
    ).toBe(false);
    expect(valid('default', { type: 'string', format: 'uuid' }, 'nope')).toBe(false);
    expect(valid('default', { type: 'integer' }, '1')).toBe(false);
    expect(valid('default', { type: 'string', unknownKeyword: 1 }, 'x')).toBe(true);
  });

  const peers = {
    '@stoplight/prism-core': '5.8.0 || ^5.16.0',
    '@stoplight/prism-http': '5.12.0 || ^5.16.0',
    '@stoplight/prism-http-server': '  5.12.2  ',
    ajv: '8.17.1',
    msw: '^2.0.0',
  };
  const manifestWithPeers = { name: '@observability/api-contract', peerDependencies: peers };

  it("without Prism installed: MissingPrismError naming the package and the npm command with the first version of each range of Prism's packages", async () => {
    const dir = installCopy(join(scratch, 'no-prism'), ['prism/deps.ts'], manifestWithPeers);
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
    const thrown = thrownBy(copy.loadPrism);
    expect(thrown).toBeInstanceOf(copy.MissingPrismError);
    const error = thrown as Error;
    expect(error.name).toBe('MissingPrismError');
    expect(error.message).toBe(
      'the mock needs @stoplight/prism-http, an optional peer dependency that is not installed: npm install --save-dev @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2',
    );
    expect((error.cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
  });

  it('Prism installed but missing one of its own dependencies: that error as is, not an install hint for Prism', async () => {
    const root = join(scratch, 'broken-prism');
    const dir = installCopy(root, ['prism/deps.ts'], manifestWithPeers);
    const prismHttp = join(root, 'node_modules/@stoplight/prism-http');
    mkdirSync(join(prismHttp, 'dist/utils'), { recursive: true });
    writeFileSync(
      join(prismHttp, 'package.json'),
      JSON.stringify({ name: '@stoplight/prism-http', version: '5.12.0', main: 'index.js' }),
    );
    // Each module of Prism's that the mock loads needs a dependency that is not installed.
    writeFileSync(join(prismHttp, 'index.js'), "require('left-out-dependency');\n");
    writeFileSync(join(prismHttp, 'dist/utils/operations.js'), "require('left-out-dependency');\n");
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
    const thrown = thrownBy(copy.loadPrism);
    expect(thrown).not.toBeInstanceOf(copy.MissingPrismError);
    expect((thrown as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
    expect((thrown as Error).message).toMatch(/^Cannot find module 'left-out-dependency'/);
  });

  // The HTTP server is found by its package.json: the message names the package, not that file.
  it("Prism's HTTP packages installed but not its HTTP server's (whose Prefer parser the mock uses): MissingPrismError naming that one", async () => {
    const root = join(scratch, 'no-server');
    const dir = installCopy(root, ['prism/deps.ts'], manifestWithPeers);
    mkdirSync(join(root, 'node_modules/@stoplight'), { recursive: true });
    for (const name of ['prism-http', 'prism-core'])
      symlinkSync(join(installedModules, '@stoplight', name), join(root, 'node_modules/@stoplight', name), 'dir');
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
    expect(() => copy.loadPrism()).toThrow(new copy.MissingPrismError('@stoplight/prism-http-server', undefined));
    expect(() => copy.loadPrism()).toThrow(
      /^the mock needs @stoplight\/prism-http-server, an optional peer dependency that is not installed: npm install --save-dev @stoplight\/prism-core@5\.8\.0 /,
    );
  });
  /**
   * A Prism release 5.99.0 the mock was not written against: the installed one (every package
   * linked, the Prism packages' manifests saying 5.99.0), with the files of `changed` (paths under
   * node_modules, as the installed Prism resolves them) written anew, or taken away when null.
   */
  function newerPrism(root: string, changed: Record<string, string | null>): string {
    const dir = installCopy(root, ['prism/deps.ts'], manifestWithPeers);
    const files: Record<string, string | null> = { ...changed };
    for (const name of ['prism-core', 'prism-http', 'prism-http-server']) {
      const manifest = JSON.parse(
        readFileSync(join(installedModules, '@stoplight', name, 'package.json'), 'utf8'),
      ) as object;
      files[`@stoplight/${name}/package.json`] ??= JSON.stringify({ ...manifest, version: '5.99.0' });
    }
    // Each directory on the way to a changed file is made anew, with everything else in it linked.
    const build = (real: string, fake: string, at: string) => {
      mkdirSync(fake, { recursive: true });
      for (const name of readdirSync(real)) {
        const path = `${at}${name}`;
        const text = files[path];
        if (text !== undefined) {
          if (text !== null) writeFileSync(join(fake, name), text);
        } else if (Object.keys(files).some((file) => file.startsWith(`${path}/`)))
          build(realpathSync(join(real, name)), join(fake, name), `${path}/`);
        else symlinkSync(join(real, name), join(fake, name));
      }
    };
    build(installedModules, join(root, 'node_modules'), '');
    return dir;
  }
  const tested =
    'it runs on the Prism it is tested with: npm install --save-dev @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2';
  /** Where the installed Prism package `peer` finds `specifier`, under node_modules. */
  const installedAt = (peer: string, specifier: string): string =>
    relative(installedModules, createRequire(join(installedModules, peer, 'package.json')).resolve(specifier))
      .split(sep)
      .join('/');

  it.each(Object.entries(PRISM_MODULES))(
    'a Prism in the peer range whose module %s exports nothing the mock calls: PrismVersionError, one line naming the module and the Prism the mock runs on',
    async (key, module) => {
      const dir = newerPrism(join(scratch, `newer-prism-${key}`), {
        [installedAt(module.peer, module.specifier)]: 'module.exports = {};\n',
      });
      const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
      const thrown = thrownBy(() => copy.loadPrism().mocker());
      const [name, kind] = Object.entries(module.shape)[0]!;
      expect(thrown).toBeInstanceOf(copy.PrismVersionError);
      expect((thrown as Error).name).toBe('PrismVersionError');
      expect((thrown as Error).message).toBe(
        `the mock cannot run on ${module.peer} 5.99.0: ${module.specifier} ${name === '' ? `is not a ${kind}` : `has no ${kind} ${name}`}; ${tested}`,
      );
    },
  );

  it.each([
    ['a module of its own', 'dist/validator/validators/headers.js'],
    ['its whole mocker (found at load, loaded on first use)', 'dist/mocker/index.js'],
  ])(
    'a Prism in the peer range without %s: PrismVersionError at load, with the error of its absence as the cause',
    async (name, file) => {
      const dir = newerPrism(join(scratch, `newer-prism-${name.replace(/\W+/g, '-')}`), {
        [`@stoplight/prism-http/${file}`]: null,
      });
      const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
      const thrown = thrownBy(copy.loadPrism) as Error;
      expect(thrown).toBeInstanceOf(copy.PrismVersionError);
      expect(thrown.message).toBe(
        `the mock cannot run on @stoplight/prism-http 5.99.0: ./${file} is not there; ${tested}`,
      );
      expect(thrown.message).not.toMatch(/\n/);
      expect((thrown.cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
    },
  );

  it('an export of another kind, one missing below an exported object: PrismVersionError naming it; a Prism that keeps them loads as before', async () => {
    const changed = newerPrism(join(scratch, 'newer-prism-kinds'), {
      '@stoplight/prism-http/dist/validator/validators/dateTime.js':
        "exports.date_time = 'a pattern';\nexports.compareDateTime = () => 0;\n",
    });
    const copy = (await import(join(changed, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
    expect((thrownBy(copy.loadPrism) as Error).message).toMatch(
      /: \.\/dist\/validator\/validators\/dateTime\.js has no function date_time; /,
    );
    const partly = newerPrism(join(scratch, 'newer-prism-partly'), {
      '@stoplight/prism-http/dist/mocker/negotiator/NegotiatorHelpers.js':
        'exports.default = { negotiateOptionsForValidRequest() {} };\n',
    });
    const other = (await import(join(partly, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js');
    expect((thrownBy(other.loadPrism) as Error).message).toMatch(
      /: \.\/dist\/mocker\/negotiator\/NegotiatorHelpers\.js has no function default\.negotiateOptionsForInvalidRequest; /,
    );
    const same = newerPrism(join(scratch, 'newer-prism-same'), {});
    const loaded = (
      (await import(join(same, 'prism/deps.ts'))) as typeof import('../../../src/mock/prism/deps.js')
    ).loadPrism();
    expect(typeof loaded.mocker()).toBe('function');
    expect(loaded.parsePrefer('code=201')).toEqual({ code: '201' });
  });
});

describe('log: no credential and no body in any line', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      securitySchemes: {
        ao: { type: 'apiKey', in: 'header', name: 'Service-AO-API-Key' },
        classic: { type: 'apiKey', in: 'header', name: 'Service-API-Key' },
        inQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  } as unknown as Document;

  it("credential headers: Authorization, Proxy-Authorization, Cookie and the spec's API-key headers, lower-cased", () => {
    expect(credentialHeadersOf(document)).toEqual(
      new Set(['authorization', 'proxy-authorization', 'cookie', 'service-ao-api-key', 'service-api-key']),
    );
    expect(credentialHeadersOf({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })).toEqual(
      new Set(['authorization', 'proxy-authorization', 'cookie']),
    );
  });

  /** Prism's logger as the mock builds it (pipeline.ts), writing to `lines`. */
  function prismLogger(level: string) {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const logger = loadPrism().createLogger(
      'HTTP SERVER',
      { level, hooks: logFilter(credentialHeadersOf(document)) },
      logDestination(out),
    ) as unknown as Logger & { debug(message: string): void; child(bindings: object): Logger };
    return { logger, lines };
  }
  const requireFromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json'));
  const prismLog = requireFromPrism('./dist/utils/logger.js') as {
    logRequest(args: { logger: unknown; prefix?: string; headers?: object; body?: unknown }): void;
  };

  it("Prism's debug lines of a request: header values of credentials replaced, the body withheld, other headers kept", () => {
    const { logger, lines } = prismLogger('debug');
    const secret = {
      key: 'ao-secret-4f1e',
      classic: 'classic-secret-77aa',
      bearer: 'bearer-secret-0b9c',
      cookie: 'session=cookie-secret-3d2f',
      password: 'password-secret-e51c',
    };
    prismLog.logRequest({
      logger,
      prefix: '< ',
      headers: {
        'service-ao-api-key': secret.key,
        'Service-API-Key': secret.classic,
        authorization: `Bearer ${secret.bearer}`,
        cookie: secret.cookie,
        'content-type': 'application/json',
        'x-note': 'a\tb: c',
      },
      body: { email: 'a@example.com', password: secret.password },
    });
    const text = lines.join('\n');
    for (const value of Object.values(secret)) expect(text).not.toContain(value);
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tservice-ao-api-key: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tService-API-Key: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tauthorization: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tcookie: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tcontent-type: application/json');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tx-note: a\tb: c');
    expect(lines).toContain('mock: debug [HTTP SERVER] < Body: [withheld]');
  });

  it('a merging object keeps its name and the request line only: never its headers or body', () => {
    const { logger, lines } = prismLogger('info');
    logger.warn(
      {
        name: 'VALIDATOR',
        input: {
          method: 'put',
          url: { path: '/v2/things', query: { key: 'query-secret' } },
          headers: { authorization: 'Bearer s3cret' },
          body: { password: 'p4ss' },
        },
      },
      'Request did not pass the validation rules',
    );
    logger.info({ input: { method: 'get' } }, 'no path');
    logger.info({ other: 'dropped' }, 'no name');
    expect(lines).toEqual([
      'mock: warn [VALIDATOR] PUT /v2/things Request did not pass the validation rules',
      'mock: info [HTTP SERVER] GET  no path',
      'mock: info [HTTP SERVER] no name',
    ]);
  });

  it("the filter's hook: a body withheld also in colour, strings other than header and body lines, null and numbers pass as they are", () => {
    const hook = logFilter(new Set(['authorization']));
    const seen: unknown[][] = [];
    const grey = (text: string) => `\u001b[90m${text}\u001b[39m`;
    hook.logMethod(
      [
        'plain message',
        null,
        7,
        '\tAuthorization : x',
        'no tab: authorization: y',
        '<\tauthorization: v\tw',
        `${grey('> ')}${grey('Body:')} {"access_token":"t0ken"}`,
        'Body:none',
        '<\tx-note: Body: kept',
        'a\tb\tauthorization: kept',
      ],
      (...args: unknown[]) => void seen.push(args),
    );
    expect(seen).toEqual([
      [
        'plain message',
        null,
        7,
        '\tAuthorization : [redacted]',
        'no tab: authorization: y',
        '<\tauthorization: [redacted]',
        `${grey('> ')}${grey('Body:')} [withheld]`,
        'Body:none',
        '<\tx-note: Body: kept',
        'a\tb\tauthorization: kept',
      ],
    ]);
  });

  it("the filter's hook: of a merging object only its name and the request's method and path reach pino, and no name key when it has none", () => {
    const hook = logFilter(new Set(['authorization']));
    const logged: unknown[][] = [];
    const log = (...args: unknown[]) => void logged.push(args);
    const deep = { a: { b: { c: { d: 'deep' } } } };
    hook.logMethod(
      [
        {
          name: 'HTTP SERVER',
          input: {
            method: 'post',
            url: { path: '/v2/login/social', query: { key: 'query-secret' } },
            headers: { authorization: 'Bearer s3cret' },
            body: deep,
          },
          extra: 1,
        },
        'request',
      ],
      log,
      30,
    );
    hook.logMethod([{ input: { method: 'get' }, headers: { cookie: 'c=1' } }, 'no name, no url'], log, 30);
    hook.logMethod([{ other: 'dropped' }], log, 30);
    expect(logged).toStrictEqual([
      [{ name: 'HTTP SERVER', input: { method: 'post', url: { path: '/v2/login/social' } } }, 'request'],
      [{ input: { method: 'get', url: { path: undefined } } }, 'no name, no url'],
      [{}],
    ]);
    expect(Object.keys((logged[1] as [object])[0])).toEqual(['input']);
  });

  it("the filter's hook drops Prism's one error line per violation before it is serialized (the 422 carries them); its warning and other errors stay", () => {
    const hook = logFilter(new Set());
    const logged: unknown[][] = [];
    const log = (...args: unknown[]) => void logged.push(args);
    hook.logMethod([{ name: 'VALIDATOR' }, 'Request body must have required property model'], log, 50);
    hook.logMethod([{ name: 'VALIDATOR' }, 'Request did not pass the validation rules'], log, 40);
    hook.logMethod([{ name: 'HTTP SERVER' }, 'mock failure'], log, 50);
    hook.logMethod(['an error with no merging object'], log, 50);
    hook.logMethod([], log, 50);
    expect(logged).toEqual([
      [{ name: 'VALIDATOR' }, 'Request did not pass the validation rules'],
      [{ name: 'HTTP SERVER' }, 'mock failure'],
      ['an error with no merging object'],
      [],
    ]);
  });

  it('the destination: one "mock: <level> [<name>] <METHOD path> <message>" line per entry', () => {
    const written: string[] = [];
    const destination = logDestination({ write: (text: string) => void written.push(text) });
    const entry = (fields: object) => destination.write(JSON.stringify(fields));
    entry({ level: 10, name: 'A', msg: 'trace' });
    entry({ level: 20, name: 'A', msg: 'debug' });
    entry({ level: 30, msg: 'info, no name' });
    entry({ level: 32, name: 'A', msg: 'success' });
    entry({ level: 40, name: 'A', input: { method: 'patch', url: { path: '/v2/x' } }, msg: 'warn' });
    entry({ level: 50, name: 'HTTP SERVER', msg: 'error' });
    entry({ level: 60, name: 'A', msg: 'fatal' });
    entry({ level: 35, name: 'A', msg: 'a level of its own' });
    entry({ level: 30, name: 'A' });
    entry({ level: 30, name: 'A', input: { method: 'get', url: {} }, msg: 'no path' });
    entry({ level: 30, name: 'A', input: { method: 'get' }, msg: 'no url' });
    entry({ level: 40, name: 'VALIDATOR', msg: 'Request did not pass the validation rules' });
    destination.write('not JSON\n');
    expect(written).toEqual([
      'mock: trace [A] trace\n',
      'mock: debug [A] debug\n',
      'mock: info [PRISM] info, no name\n',
      'mock: success [A] success\n',
      'mock: warn [A] PATCH /v2/x warn\n',
      'mock: error [HTTP SERVER] error\n',
      'mock: fatal [A] fatal\n',
      'mock: 35 [A] a level of its own\n',
      'mock: info [A] \n',
      'mock: info [A] GET  no path\n',
      'mock: info [A] GET  no url\n',
      'mock: warn [VALIDATOR] Request did not pass the validation rules\n',
      'not JSON\n',
    ]);
  });
});

describe('spec: the bundled document as the mock reads it (operations, local $refs)', () => {
  const document = {
    paths: {
      '/v2/items/{item_id}': {
        parameters: [{ $ref: '#/components/parameters/ItemId' }],
        put: {
          operationId: 'replace_item',
          parameters: [
            { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
            { name: 'X-Trace', in: 'header', required: false },
          ],
          requestBody: { $ref: '#/components/requestBodies/Item' },
          responses: { '200': { $ref: '#/components/responses/Item' }, '422': { description: 'invalid' } },
        },
        get: { summary: 'no operationId: not an operation of the mock', responses: { '200': { description: 'ok' } } },
        delete: {
          operationId: 'delete_item',
          requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
          responses: { '204': { description: 'gone' } },
        },
      },
      '/v2/items': {
        post: {
          operationId: 'text_item',
          requestBody: { description: 'no content' },
          responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
        patch: {
          operationId: 'empty_item',
          requestBody: { required: true, content: { 'application/json': {} } },
          responses: { '200': { description: 'no content' } },
        },
      },
    },
    components: {
      parameters: {
        ItemId: { name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
      },
      requestBodies: {
        Item: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Item' } },
            'text/plain': { schema: { type: 'string' } },
          },
        },
      },
      responses: {
        Item: {
          description: 'the item',
          content: { 'application/json': { schema: { type: 'object', title: 'Item out' } } },
        },
      },
      schemas: {
        Id: { type: 'string', format: 'uuid' },
        Item: { type: 'object', title: 'Item' },
        'a/b~c': { title: 'escaped' },
        '~1': { title: 'tilde one' },
        'with space': { title: 'space' },
        Alias: { $ref: '#/components/schemas/Item' },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
  };
  const spec = () => new Spec(document);

  it("an operation: its method, path, the path item's parameters then its own (each $ref followed), the JSON request and 200 schemas", () => {
    const read = spec();
    expect([...read.operations.keys()]).toEqual(['replace_item', 'delete_item', 'text_item', 'empty_item']);
    expect(read.operation('replace_item')).toEqual({
      operationId: 'replace_item',
      method: 'put',
      path: '/v2/items/{item_id}',
      parameters: [
        { name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
        { name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean' } },
        { name: 'X-Trace', in: 'header', required: false, schema: {} },
      ],
      requestSchema: { $ref: '#/components/schemas/Item' },
      bodyRequired: true,
      responseSchema: { type: 'object', title: 'Item out' },
    });
  });

  it('no JSON request body or schema, no 200 or no content in it, no parameters: undefined schemas, an optional body, no parameters; an unknown operationId: undefined', () => {
    const read = spec();
    expect(read.operation('delete_item')).toEqual({
      operationId: 'delete_item',
      method: 'delete',
      path: '/v2/items/{item_id}',
      parameters: [{ name: 'item_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      requestSchema: undefined,
      bodyRequired: false,
      responseSchema: undefined,
    });
    expect(read.operation('get_item')).toBeUndefined();
    // A body or 200 without content, or without a JSON schema: no schema.
    for (const id of ['text_item', 'empty_item'])
      expect(read.operation(id)).toMatchObject({ requestSchema: undefined, responseSchema: undefined });
    expect(read.operation('empty_item')?.bodyRequired).toBe(true);
    expect(new Spec({ paths: { '/x': { post: { operationId: 'bare' } } } }).operation('bare')).toEqual({
      operationId: 'bare',
      method: 'post',
      path: '/x',
      parameters: [],
      requestSchema: undefined,
      bodyRequired: false,
      responseSchema: undefined,
    });
  });

  // The rules of a $ref are those of src/shared/refs.ts, tested in test/shared/refs.test.ts.
  it("pointer and deref: the document's $refs, the keywords beside a schema's $ref laid over its target", () => {
    const read = spec();
    expect(read.pointer('#/components/schemas/Id')).toBe(document.components.schemas.Id);
    expect(read.deref({ $ref: '#/components/schemas/Alias' })).toBe(document.components.schemas.Item);
    expect(read.deref({ $ref: '#/components/schemas/Id', default: 'x' })).toEqual({
      type: 'string',
      format: 'uuid',
      default: 'x',
    });
    expect(() => read.deref({ $ref: '#/components/schemas/Loop' })).toThrow(
      new Error('$ref cycle at #/components/schemas/Loop'),
    );
  });
});
