// The one check of what a mock is started with, for both doors: createMock's options (../mock.ts)
// and the bin's flags (./cli.ts), with the same rule and the same words for each setting, named as
// each door names it (`maxRecords`, `--max-records`). optionRules() has one entry per setting of
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
  /** what a value must be, after "must be" (none for a rule with `problem`, whose words are its own) */
  must?: string;
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

type Rules = Record<keyof Required<MockSettings>, OptionRule>;

/** Every setting of MockSettings, its rule: made at each check (once per mock, microseconds), not when the module loads. */
function optionRules(): Rules {
  const atLeastOne: Pick<OptionRule, 'must' | 'valid' | 'parse'> = {
    must: 'a whole number of at least 1',
    valid: (value) => Number.isSafeInteger(value) && (value as number) >= 1,
    parse: (text) => (/^\d+$/.test(text) ? Number(text) : undefined),
  };
  const flag: Pick<OptionRule, 'must' | 'valid'> = {
    must: 'true or false',
    valid: (value) => typeof value === 'boolean',
  };
  return {
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
      valid: (value) => typeof (value as { write?: unknown } | null | undefined)?.write === 'function',
    },
    cors: { ...flag },
    corsOrigins: {
      flag: '--cors-origin',
      must: 'an origin such as https://app.example:8443 (scheme, host, port; no path) or *',
      valid: (value) => value === '*' || (typeof value === 'string' && /^https?:\/\/[^/?#\s]+$/i.test(value)),
      list: true,
    },
    maxErrors: { flag: '--max-errors', ...atLeastOne },
    maxResults: { flag: '--max-results', ...atLeastOne },
    stateless: { flag: '--stateless', ...flag },
    strictTypes: { flag: '--strict-types', ...flag },
    maxRecords: { flag: '--max-records', ...atLeastOne },
    initialState: {
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
}

/** How a value is shown in a message: a string quoted, a number as it is, anything else by its kind. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null)
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Why `value` breaks `rule`, said after the setting's name; undefined when it does not. */
function problemOf(rule: OptionRule, value: unknown): string | undefined {
  if (rule.problem) {
    const problem = rule.problem(value);
    return problem === undefined ? undefined : `: ${problem}`;
  }
  return (rule.valid as (value: unknown) => boolean)(value) ? undefined : ` must be ${rule.must}, got ${shown(value)}`;
}

/**
 * Checks createMock's options: an object of known settings, each valid. Throws MockOptionError
 * naming the first that is not; returns the options as given.
 */
export function checkMockOptions(options: unknown): MockSettings {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new MockOptionError('options', `createMock's options must be an object, got ${shown(options)}`);
  const rules = optionRules();
  for (const [key, value] of Object.entries(options)) {
    const rule = Object.hasOwn(rules, key) ? rules[key as keyof MockSettings] : undefined;
    if (!rule)
      throw new MockOptionError(
        key,
        `unknown option ${JSON.stringify(key)} of createMock (known: ${Object.keys(rules).join(', ')})`,
      );
    if (value === undefined) continue;
    if (rule.list) {
      if (!Array.isArray(value)) throw new MockOptionError(key, `${key} must be a list, got ${shown(value)}`);
      value.forEach((item: unknown, index) => {
        const problem = problemOf(rule, item);
        if (problem) throw new MockOptionError(`${key}[${index}]`, `${key}[${index}]${problem}`);
      });
      continue;
    }
    const problem = problemOf(rule, value);
    if (problem) throw new MockOptionError(key, `${key}${problem}`);
  }
  const settings = options as MockSettings;
  // The bin has no initial state but a --state file, and checks it against --stateless itself.
  if (settings.stateless === true && settings.initialState !== undefined)
    throw new MockOptionError('initialState', 'initialState only applies without stateless');
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
  for (const [key, rule] of Object.entries(optionRules())) {
    const name = rule.flag;
    // A setting the bin has no flag for: a writer, an initial state (the bin reads a --state file).
    if (name === undefined) continue;
    const given = flags[name.slice(2)];
    if (given === undefined) continue;
    const read = (text: string | boolean): unknown => {
      const value = typeof text === 'string' && rule.parse ? rule.parse(text) : text;
      if (value === undefined || problemOf(rule, value) !== undefined)
        throw new MockOptionError(name, `${name} must be ${rule.flagMust ?? rule.must}, got ${JSON.stringify(text)}`);
      return value;
    };
    settings[key] = Array.isArray(given) ? given.map(read) : read(given);
  }
  return settings;
}
