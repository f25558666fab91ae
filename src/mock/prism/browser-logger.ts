// The logger of the mock in a web page, in place of Prism's (prism-core's createLogger is pino,
// whose browser build has no custom levels, and Prism's negotiator logs at its `success`, nor the
// `logMethod` hook that keeps credentials and bodies out of the log: ./log.ts). The part of pino
// the mock and Prism's pieces call: a method per level, `child`, `isLevelEnabled`, the hook, and one
// JSON line per entry to the destination, which ./log.ts's logDestination reads as it reads pino's.

/** pino's levels, Prism's `success` among them. */
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  success: 32,
  warn: 40,
  error: 50,
  fatal: 60,
};

type Hook = (this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number) => void;

/** What pino makes a message of: a `%s`-style format and its arguments (the rest are ignored, as pino does). */
function message(args: unknown[]): string {
  const [format, ...rest] = args;
  // JSON.stringify gives undefined for undefined (no argument), a function or a symbol: no text.
  if (typeof format !== 'string') return JSON.stringify(format) ?? '';
  return format.replace(/%[sdifjoO%]/g, (token) => {
    if (token === '%%') return '%';
    if (rest.length === 0) return token;
    const value = rest.shift();
    return token === '%j' || token === '%o' || token === '%O' ? JSON.stringify(value) : String(value);
  });
}

/** A logger named `name` at `options.level` (pino's names; `silent` writes nothing), writing to `destination`. */
export function createBrowserLogger(
  name: string,
  options: { level?: string; hooks?: { logMethod?: Hook } } = {},
  destination: { write(line: string): unknown } = { write: (line) => console.log(line.trimEnd()) },
): unknown {
  const threshold = LEVELS[options.level ?? 'info'] ?? Infinity;
  const make = (bindings: Record<string, unknown>): Record<string, unknown> => {
    const logger: Record<string, unknown> = {
      level: options.level ?? 'info',
      isLevelEnabled: (level: string) => (LEVELS[level] ?? Infinity) >= threshold,
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
    };
    for (const [levelName, level] of Object.entries(LEVELS)) {
      const write = (...args: unknown[]) => {
        const fields = args[0] !== null && typeof args[0] === 'object' ? (args.shift() as object) : {};
        destination.write(`${JSON.stringify({ level, ...bindings, ...fields, msg: message(args) })}\n`);
      };
      logger[levelName] = (...args: unknown[]) => {
        if (level < threshold) return;
        if (options.hooks?.logMethod) options.hooks.logMethod.call(logger, args, write, level);
        else write(...args);
      };
    }
    return logger;
  };
  return make({ name });
}
