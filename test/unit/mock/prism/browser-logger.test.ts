// The logger of the mock in a web page (src/mock/prism/browser-logger.ts), in place of pino: its
// levels and threshold, `child`'s bindings, pino's `%` formats, the `logMethod` hook, and one JSON
// line per entry. test/unit/mock/browser/index.test.ts compares the mock's log lines through it with the
// Node entry's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserLogger } from '../../../../src/mock/prism/browser-logger.js';

type Logger = Record<string, (...args: unknown[]) => unknown> & { level: string };

/** A logger and the entries it wrote, parsed. */
function logged(options: Parameters<typeof createBrowserLogger>[1] = {}) {
  const lines: string[] = [];
  const logger = createBrowserLogger('mock', options, { write: (line) => void lines.push(line) }) as Logger;
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const LEVELS = { trace: 10, debug: 20, info: 30, success: 32, warn: 40, error: 50, fatal: 60 };

afterEach(() => vi.restoreAllMocks());

describe('createBrowserLogger', () => {
  it("writes one JSON line per entry: pino's level number, the name, the fields, the message", () => {
    const { logger, lines, entries } = logged({ level: 'trace' });
    for (const name of Object.keys(LEVELS)) logger[name]!({ at: name }, 'said %s', name);
    expect(lines.every((line) => line.endsWith('}\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(entries()).toEqual(
      Object.entries(LEVELS).map(([name, level]) => ({ level, name: 'mock', at: name, msg: `said ${name}` })),
    );
  });

  it('writes the levels from its own on (info by default, Prism\'s success among them), and nothing when "silent"', () => {
    const defaults = logged();
    expect(defaults.logger.level).toBe('info');
    for (const name of Object.keys(LEVELS)) defaults.logger[name]!(name);
    expect(defaults.entries().map((entry) => entry.msg)).toEqual(['info', 'success', 'warn', 'error', 'fatal']);
    expect(['debug', 'info', 'success', 'warn'].map((name) => defaults.logger.isLevelEnabled!(name))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(defaults.logger.isLevelEnabled!('no-such-level')).toBe(true);

    const warn = logged({ level: 'warn' });
    expect(warn.logger.level).toBe('warn');
    for (const name of Object.keys(LEVELS)) warn.logger[name]!(name);
    expect(warn.entries().map((entry) => entry.msg)).toEqual(['warn', 'error', 'fatal']);
    expect([warn.logger.isLevelEnabled!('success'), warn.logger.isLevelEnabled!('warn')]).toEqual([false, true]);

    const silent = logged({ level: 'silent' });
    for (const name of Object.keys(LEVELS)) silent.logger[name]!(name);
    expect(silent.lines).toEqual([]);
    expect(silent.logger.isLevelEnabled!('fatal')).toBe(false);
  });

  it("child loggers add their bindings to their parent's, an entry's own fields last", () => {
    const { logger, entries } = logged();
    const child = logger.child!({ name: 'HTTP SERVER', a: 1 }) as Logger;
    const grandchild = child.child!({ b: 2 }) as Logger;
    grandchild.info!({ a: 3 }, 'hi');
    child.warn!('there');
    logger.info!('root');
    expect(entries()).toEqual([
      { level: 30, name: 'HTTP SERVER', a: 3, b: 2, msg: 'hi' },
      { level: 40, name: 'HTTP SERVER', a: 1, msg: 'there' },
      { level: 30, name: 'mock', msg: 'root' },
    ]);
    expect(child.level).toBe('info');
    expect(child.isLevelEnabled!('debug')).toBe(false);
  });

  it('formats the message as pino does: %s %d %i %f as text, %j %o %O as JSON, %% a percent sign, a token without its argument kept, the arguments past the tokens ignored', () => {
    const { logger, entries } = logged();
    logger.info!('%s|%d|%i|%f|%j|%o|%O|%%|%s', 'a', 1, 2, 1.5, { j: 1 }, [2], 'x');
    logger.info!('100%% of %s', 'them', 'ignored');
    logger.info!('no args %s %j');
    logger.info!('%x stays');
    expect(entries().map((entry) => entry.msg)).toEqual([
      'a|1|2|1.5|{"j":1}|[2]|"x"|%|%s',
      '100% of them',
      'no args %s %j',
      '%x stays',
    ]);
  });

  it('a message that is not a format: a number or an array as JSON, none as empty; an object first is the fields', () => {
    const { logger, entries } = logged();
    logger.info!(42);
    logger.info!([1, 'a']);
    logger.info!();
    logger.info!({ only: 'fields' });
    logger.info!(null, 'after null');
    logger.info!(() => 1);
    expect(entries()).toEqual([
      { level: 30, name: 'mock', msg: '42' },
      { level: 30, name: 'mock', 0: 1, 1: 'a', msg: '' },
      { level: 30, name: 'mock', msg: '' },
      { level: 30, name: 'mock', only: 'fields', msg: '' },
      { level: 30, name: 'mock', msg: 'null' },
      { level: 30, name: 'mock', msg: '' },
    ]);
  });

  it('calls the logMethod hook with the arguments, the writer and the level, the logger as `this`, for the levels written only', () => {
    const calls: unknown[][] = [];
    const { logger, entries } = logged({
      level: 'info',
      hooks: {
        logMethod(args, method, level) {
          calls.push([this, [...args], level]);
          method({ hooked: true }, `${String(args[0])}!`);
        },
      },
    });
    logger.debug!('hidden');
    logger.warn!('loud');
    expect(calls).toEqual([[logger, ['loud'], 40]]);
    expect(entries()).toEqual([{ level: 40, name: 'mock', hooked: true, msg: 'loud!' }]);
  });

  it('writes to the console by default, one line without its newline', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    (createBrowserLogger('page') as Logger).info!({ n: 1 }, 'to the console');
    expect(log.mock.calls).toEqual([['{"level":30,"name":"page","n":1,"msg":"to the console"}']]);
  });
});
