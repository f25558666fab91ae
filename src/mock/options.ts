// The one check of what a mock is started with, for both doors: createMock's options (../mock.ts)
// and the bin's flags (./cli.ts), with the same rule and the same words for each setting, named as
// each door names it (`maxRecords`, `--max-records`). OPTIONS has one entry per setting of
// MockSettings (./settings.ts): a setting added there is refused by the compiler until it has one.
import { isDelayOrRange, MAX_DELAY } from './scenarios/check.js';
import { checkInitialState } from './service/state.js';
import type { MockSettings } from './settings.js';

/** A setting the mock cannot start with: `option` is its name as the door spells it (`maxRecords`, `--max-records`). */
export class MockOptionError extends Error {
  override readonly name = 'MockOptionError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}

/** The log levels, pino's. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

interface OptionRule {
  /** the bin's flag, when the bin takes the setting as a flag of its own */
  flag?: `--${string}`;
  /** what a value must be, after "must be" */
  must: string;
  /** the same, in the flag's syntax, where it differs */
  flagMust?: string;
  /** whether a value is one; `problem` instead for a setting that says more than `must` */
  valid?: (value: unknown) => boolean;
  /** what is wrong with a value, said whole (after the setting's name and a colon), or undefined */
  problem?: (value: unknown) => string | undefined;
  /** the flag's text as a value, or undefined when the text is none */
  parse?: (text: string) => unknown;
  /** a list, each of whose items is checked (a flag given again and again) */
  list?: boolean;
}

const WHOLE = /^\d+$/;
const atLeastOne: Pick<OptionRule, 'must' | 'valid' | 'parse'> = {
  must: 'a whole number of at least 1',
  valid: (value) => Number.isSafeInteger(value) && (value as number) >= 1,
  parse: (text) => (WHOLE.test(text) ? Number(text) : undefined),
};
const flag: Pick<OptionRule, 'must' | 'valid'> = {
  must: 'true or false',
  valid: (value) => typeof value === 'boolean',
};
const ORIGIN = /^https?:\/\/[^/?#\s]+$/i;

/** Every setting of MockSettings, its rule. */
const OPTIONS: Record<keyof Required<MockSettings>, OptionRule> = {
  spec: {
    flag: '--spec',
    must: 'the path of an OpenAPI document (JSON or YAML), or the document itself',
    valid: (value) => (typeof value === 'string' && value !== '') || (typeof value === 'object' && value !== null),
  },
  dynamic: { flag: '--dynamic', ...flag },
  seed: { flag: '--seed', must: 'a string', valid: (value) => typeof value === 'string' },
  logLevel: {
    flag: '--log-level',
    must: `one of ${LOG_LEVELS.join(', ')}`,
    valid: (value) => LOG_LEVELS.includes(value as string),
  },
  log: {
    must: 'something with a write(text) function, such as process.stderr',
    valid: (value) =>
      typeof value === 'object' && value !== null && typeof (value as { write?: unknown }).write === 'function',
  },
  cors: { ...flag },
  corsOrigins: {
    flag: '--cors-origin',
    must: 'an origin such as https://app.example:8443 (scheme, host, port; no path) or *',
    valid: (value) => value === '*' || (typeof value === 'string' && ORIGIN.test(value)),
    list: true,
  },
  maxErrors: { flag: '--max-errors', ...atLeastOne },
  maxResults: { flag: '--max-results', ...atLeastOne },
  stateless: { flag: '--stateless', ...flag },
  strictTypes: { flag: '--strict-types', ...flag },
  maxRecords: { flag: '--max-records', ...atLeastOne },
  initialState: {
    must: 'an object of the stores an initial state may fill',
    problem: (value) => {
      try {
        checkInitialState(value);
        return undefined;
      } catch (error) {
        return (error as Error).message.replace(/^initial state: /, '');
      }
    },
  },
  latency: {
    flag: '--latency',
    must: `milliseconds from 0 to ${MAX_DELAY}, or a range [min, max] of them with min ≤ max`,
    flagMust: `milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most ${MAX_DELAY}`,
    valid: isDelayOrRange,
    parse: (text) => {
      const match = /^(\d+)(?:\.\.(\d+))?$/.exec(text);
      if (!match) return undefined;
      return match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
    },
  },
  coverage: {
    flag: '--coverage',
    must: 'true, false or the path of a directory to write the record in',
    flagMust: 'the directory to write the coverage record in',
    valid: (value) => typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== ''),
  },
  faults: {
    flag: '--faults',
    must: 'a share from 0 to 1 (e.g. 0.05)',
    valid: (value) => typeof value === 'number' && value >= 0 && value <= 1,
    parse: (text) => (/^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : undefined),
  },
};

const KNOWN = Object.keys(OPTIONS);

/** How a value is shown in a message: a string quoted, a number as it is, anything else by its kind. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null)
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Why `value` breaks `rule`, after the setting's name; undefined when it does not. */
function problemOf(rule: OptionRule, value: unknown, must: string, got: string): string | undefined {
  if (rule.problem) {
    const problem = rule.problem(value);
    return problem === undefined ? undefined : `: ${problem}`;
  }
  return (rule.valid as (value: unknown) => boolean)(value) ? undefined : ` must be ${must}, got ${got}`;
}

/** The rules between settings, in each door's names. */
function checkTogether(settings: MockSettings, name: (option: keyof MockSettings) => string): void {
  if (settings.stateless === true && settings.initialState !== undefined)
    throw new MockOptionError(
      name('initialState'),
      `${name('initialState')} only applies without ${name('stateless')}`,
    );
}

/**
 * Checks createMock's options: an object of known settings, each valid. Throws MockOptionError
 * naming the first that is not; returns the options as given.
 */
export function checkMockOptions(options: unknown): MockSettings {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new MockOptionError('options', `createMock's options must be an object, got ${shown(options)}`);
  for (const [key, value] of Object.entries(options)) {
    const rule = Object.hasOwn(OPTIONS, key) ? OPTIONS[key as keyof MockSettings] : undefined;
    if (!rule)
      throw new MockOptionError(
        key,
        `unknown option ${JSON.stringify(key)} of createMock (known: ${KNOWN.join(', ')})`,
      );
    if (value === undefined) continue;
    if (rule.list) {
      if (!Array.isArray(value)) throw new MockOptionError(key, `${key} must be a list, got ${shown(value)}`);
      value.forEach((item: unknown, index) => {
        const problem = problemOf(rule, item, rule.must, shown(item));
        if (problem) throw new MockOptionError(`${key}[${index}]`, `${key}[${index}]${problem}`);
      });
      continue;
    }
    const problem = problemOf(rule, value, rule.must, shown(value));
    if (problem) throw new MockOptionError(key, `${key}${problem}`);
  }
  const settings = options as MockSettings;
  checkTogether(settings, (option) => option);
  return settings;
}

/** The bin's flags of the settings, as node:util's parseArgs gives them (text, booleans, lists of text). */
export type SettingFlags = Record<string, string | boolean | string[] | undefined>;

/**
 * The settings of the bin's flags, each read and checked by the rule createMock's option has; a
 * flag's text is quoted in the message. Throws MockOptionError naming the flag.
 */
export function settingsFromFlags(flags: SettingFlags): MockSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(OPTIONS)) {
    const name = rule.flag;
    const given = name === undefined ? undefined : flags[name.slice(2)];
    if (name === undefined || given === undefined) continue;
    const read = (text: string | boolean): unknown => {
      const value = typeof text === 'string' && rule.parse ? rule.parse(text) : text;
      if (value === undefined || problemOf(rule, value, rule.must, '') !== undefined)
        throw new MockOptionError(name, `${name} must be ${rule.flagMust ?? rule.must}, got ${JSON.stringify(text)}`);
      return value;
    };
    settings[key] = Array.isArray(given) ? given.map(read) : read(given);
  }
  checkTogether(settings, (option) => OPTIONS[option].flag ?? option);
  return settings;
}
