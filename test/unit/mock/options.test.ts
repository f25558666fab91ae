// createMock's options checked before anything loads (src/mock/options.ts, the rule the bin's flags
// share: test/unit/mock/cli.test.ts compares the two doors' messages): a value the mock cannot run
// with is a MockOptionError naming the option, never a mock that answers 500 to every request.
import { describe, expect, it } from 'vitest';
import { createMock, MockOptionError, type MockOptions } from '../../../src/mock/index.js';
import { createMock as createPageMock } from '../../../src/mock/browser/index.js';
import { checkMockOptions, settingsFromFlags, type SettingFlags } from '../../../src/mock/options.js';

const silent = { write: () => undefined };
const KNOWN =
  'spec, dynamic, seed, logLevel, log, cors, corsOrigins, maxErrors, maxResults, stateless, strictTypes, maxRecords, initialState, latency, coverage, faults';
const STORES = 'users, scorerVersions, signalsConfigurations, annotationTemplates';

/** The error createMock rejects with for `options`. */
async function refusal(options: unknown, create = createMock): Promise<MockOptionError> {
  const error = await create(options as MockOptions).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MockOptionError);
  return error as MockOptionError;
}

describe('createMock: options it cannot run with are refused at once, naming the option', () => {
  it.each([
    [{ maxRecords: -1 }, 'maxRecords', 'maxRecords must be a whole number of at least 1, got -1'],
    [{ maxRecords: 0 }, 'maxRecords', 'maxRecords must be a whole number of at least 1, got 0'],
    [{ maxRecords: 2.5 }, 'maxRecords', 'maxRecords must be a whole number of at least 1, got 2.5'],
    [{ maxRecords: '10' }, 'maxRecords', 'maxRecords must be a whole number of at least 1, got "10"'],
    [{ maxErrors: 0 }, 'maxErrors', 'maxErrors must be a whole number of at least 1, got 0'],
    [{ maxResults: Number.NaN }, 'maxResults', 'maxResults must be a whole number of at least 1, got NaN'],
    [
      { logLevel: 'verbose' },
      'logLevel',
      'logLevel must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    ],
    [{ dynamic: 'yes' }, 'dynamic', 'dynamic must be true or false, got "yes"'],
    [{ stateless: 1 }, 'stateless', 'stateless must be true or false, got 1'],
    [{ cors: null }, 'cors', 'cors must be true or false, got null'],
    [{ seed: 7 }, 'seed', 'seed must be a string, got 7'],
    [
      { spec: '' },
      'spec',
      'spec must be the path of an OpenAPI document (JSON or YAML), or the document itself, got ""',
    ],
    [{ log: {} }, 'log', 'log must be something with a write(text) function, such as process.stderr, got an object'],
    [{ corsOrigins: 'https://app.example' }, 'corsOrigins', 'corsOrigins must be a list, got "https://app.example"'],
    [
      { corsOrigins: ['*', 'app.example'] },
      'corsOrigins[1]',
      'corsOrigins[1] must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "app.example"',
    ],
    [{ faults: 1.5 }, 'faults', 'faults must be a share from 0 to 1 (e.g. 0.05), got 1.5'],
    [
      { latency: [300, 50] },
      'latency',
      'latency must be milliseconds from 0 to 600000, or a range [min, max] of them with min ≤ max, got an array',
    ],
    [
      { initialState: { users: 'nope', bogus: 1 } },
      'initialState',
      `initialState: unknown key "bogus" (known: ${STORES})`,
    ],
    [{ initialState: [] }, 'initialState', 'initialState: must be a JSON object'],
    [{ stateless: true, initialState: {} }, 'initialState', 'initialState only applies without stateless'],
    [{ maxRecord: 5 }, 'maxRecord', `unknown option "maxRecord" of createMock (known: ${KNOWN})`],
    [{ toString: 5 }, 'toString', `unknown option "toString" of createMock (known: ${KNOWN})`],
    [null, 'options', "createMock's options must be an object, got null"],
    [[], 'options', "createMock's options must be an object, got an array"],
  ])('%j: %s', async (options, option, message) => {
    const error = await refusal(options);
    expect([error.name, error.option, error.message]).toEqual(['MockOptionError', option, message]);
  });

  it("a store's value of the wrong shape names the store", async () => {
    const error = await refusal({ initialState: { users: 'nope' } });
    expect(error.message).toMatch(/^initialState: .*users/);
  });

  it('the page entry checks the same options, with the same messages', async () => {
    const error = await refusal({ maxRecords: -1 }, createPageMock);
    expect(error.message).toBe('maxRecords must be a whole number of at least 1, got -1');
  });

  it('every option with a value it may take, and undefined for any, starts a mock', async () => {
    const mock = await createMock({
      dynamic: false,
      seed: 's',
      logLevel: 'silent',
      log: silent,
      cors: true,
      corsOrigins: ['*', 'https://app.example:8443'],
      maxErrors: 1,
      maxResults: 1,
      stateless: false,
      maxRecords: 1,
      initialState: {},
      latency: [0, 0],
      faults: 0,
      spec: undefined,
    });
    expect(mock.received).toEqual([]);
  });
});

/** The MockOptionError `check` throws; a test failure when it throws none. */
function thrownBy(check: () => unknown, given: unknown): MockOptionError {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(MockOptionError);
    return error as MockOptionError;
  }
  throw new Error(`accepted ${JSON.stringify(given)}`);
}

describe('checkMockOptions: each rule at its edges, and how a value is shown', () => {
  const refused = (options: unknown): string => thrownBy(() => checkMockOptions(options), options).message;
  const writer = Object.assign(() => undefined, { write: () => undefined });

  it.each([
    [{ spec: 5 }, 'spec must be the path of an OpenAPI document (JSON or YAML), or the document itself, got 5'],
    [{ spec: null }, 'spec must be the path of an OpenAPI document (JSON or YAML), or the document itself, got null'],
    [{ log: null }, 'log must be something with a write(text) function, such as process.stderr, got null'],
    [{ log: 'stderr' }, 'log must be something with a write(text) function, such as process.stderr, got "stderr"'],
    [
      { log: { write: 'text' } },
      'log must be something with a write(text) function, such as process.stderr, got an object',
    ],
    [{ coverage: 5 }, 'coverage must be true, false or the path of a directory to write the record in, got 5'],
    [{ coverage: ' \t' }, 'coverage must be true, false or the path of a directory to write the record in, got " \\t"'],
    [{ faults: '0.5' }, 'faults must be a share from 0 to 1 (e.g. 0.05), got "0.5"'],
    [{ faults: -0.01 }, 'faults must be a share from 0 to 1 (e.g. 0.05), got -0.01'],
    [{ seed: true }, 'seed must be a string, got true'],
    [{ seed: () => 's' }, 'seed must be a string, got a function'],
    [
      { corsOrigins: [undefined] },
      'corsOrigins[0] must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got undefined',
    ],
    [
      { corsOrigins: ['https://app.example/path'] },
      'corsOrigins[0] must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "https://app.example/path"',
    ],
    [
      { corsOrigins: [['https://app.example']] },
      'corsOrigins[0] must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got an array',
    ],
    [
      { corsOrigins: ['xhttps://app.example'] },
      'corsOrigins[0] must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "xhttps://app.example"',
    ],
    [5, "createMock's options must be an object, got 5"],
  ])('%j: %s', (options, message) => {
    expect(refused(options)).toBe(message);
  });

  it('takes no options, a document, anything with a write function, a share, and coverage as a flag or a directory, as given', () => {
    expect(checkMockOptions(undefined)).toEqual({});
    const given = {
      spec: { openapi: '3.1.0' },
      log: { write: () => undefined },
      coverage: true,
      faults: 1,
      corsOrigins: ['HTTP://App.Example:8080'],
    };
    expect(checkMockOptions(given)).toBe(given);
    expect(checkMockOptions({ coverage: false, faults: 0, spec: 'api.yaml' })).toEqual({
      coverage: false,
      faults: 0,
      spec: 'api.yaml',
    });
    expect(checkMockOptions({ coverage: 'reports/coverage' })).toEqual({ coverage: 'reports/coverage' });
    expect(checkMockOptions({ log: writer })).toEqual({ log: writer });
    expect(checkMockOptions({ stateless: true })).toEqual({ stateless: true });
  });
});

describe('settingsFromFlags: the flags of the settings, each read by its rule', () => {
  const refused = (flags: SettingFlags): string => {
    const error = thrownBy(() => settingsFromFlags(flags), flags);
    expect(error.option).toMatch(/^--/);
    return error.message;
  };

  it('no flag is no setting; a flag that is no setting is left to the bin', () => {
    expect(settingsFromFlags({})).toEqual({});
    expect(settingsFromFlags({ port: '4010', state: 'state.json', log: 'x', stateless: undefined })).toEqual({});
  });

  it('reads switches, numbers, ranges, shares and lists', () => {
    expect(
      settingsFromFlags({
        dynamic: true,
        stateless: false,
        'max-records': '007',
        latency: '50..300',
        faults: '.05',
        'cors-origin': ['*', 'https://app.example'],
        seed: 's',
      }),
    ).toEqual({
      dynamic: true,
      stateless: false,
      maxRecords: 7,
      latency: [50, 300],
      faults: 0.05,
      corsOrigins: ['*', 'https://app.example'],
      seed: 's',
    });
    expect(settingsFromFlags({ latency: '120', faults: '00.5' })).toEqual({ latency: 120, faults: 0.5 });
    expect(settingsFromFlags({ faults: '1.' })).toEqual({ faults: 1 });
  });

  it.each([
    [
      { latency: '50..300x' },
      '--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "50..300x"',
    ],
    [
      { latency: 'x50' },
      '--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "x50"',
    ],
    [{ faults: '0.5x' }, '--faults must be a share from 0 to 1 (e.g. 0.05), got "0.5x"'],
    [{ faults: 'x0.5' }, '--faults must be a share from 0 to 1 (e.g. 0.05), got "x0.5"'],
    [{ faults: '.' }, '--faults must be a share from 0 to 1 (e.g. 0.05), got "."'],
    [{ 'max-errors': '1e3' }, '--max-errors must be a whole number of at least 1, got "1e3"'],
    [{ 'max-errors': '0' }, '--max-errors must be a whole number of at least 1, got "0"'],
    [
      { 'cors-origin': ['*', 'app.example'] },
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "app.example"',
    ],
    [{ coverage: ' ' }, '--coverage must be the directory to write the coverage record in, got " "'],
    [{ spec: '' }, '--spec must be the path of an OpenAPI document (JSON or YAML), or the document itself, got ""'],
    [{ dynamic: 'yes' }, '--dynamic must be true or false, got "yes"'],
  ])('%j: %s', (flags, message) => {
    expect(refused(flags)).toBe(message);
  });
});
