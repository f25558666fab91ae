/// <reference types="node" />
// The mock's log: Prism's pino logger, with a filter that keeps bodies and credentials out of it and
// a destination that writes one short line per entry.
import type { Document } from './spec.js';

/** The logger the mock's steps write to (pino's methods, as Prism's createLogger makes them). */
export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  32: 'success',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** The lower-case names of the headers that carry credentials: the spec's API-key headers, Authorization, Cookie. */
export function credentialHeadersOf(document: Document): Set<string> {
  const names = new Set(['authorization', 'proxy-authorization', 'cookie']);
  // A security scheme is an object (the spec is checked when it is bundled); a scheme that names a
  // header is an apiKey one, and redacting any header a scheme names is the safe reading of one that is not.
  for (const scheme of Object.values(document.components?.securitySchemes ?? {}) as {
    in?: unknown;
    name?: unknown;
  }[]) {
    if (scheme.in === 'header') names.add(String(scheme.name).toLowerCase());
  }
  return names;
}

/** Prism's one warning per invalid request (its mocker's). */
const INVALID_REQUEST = 'Request did not pass the validation rules';

/**
 * What the mock lets reach its log: pino's `logMethod` hook, run before a line is serialized. Of a
 * merging object only `name` and the request's method and path are kept (never its headers or
 * body, which may hold credentials or nest too deep to serialize); in a message, the value of a
 * credential header is replaced and a body is withheld (Prism's debug log prints every header and
 * the body of each request and response: a password, a token). Prism logs each violation of a
 * request as an error of its VALIDATOR: those lines are dropped here, before pino serializes them
 * (they are in the 422 body; writing them cost a fifth of an invalid request's CPU). Its one
 * warning per invalid request is written at info instead: a 422 is the answer a tester asked for,
 * and warnings are kept for what is wrong (a fallback, a limit).
 */
export function logFilter(credentialHeaders: Set<string>): {
  logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void, level?: number): void;
} {
  const headerLine = /^([^\t]*\t)([^\t:]+): /; // Prism: `<prefix>\t<name>: <value>`; a value may hold tabs
  const bodyLine = /^([^\t]*?Body:(?:\u001b\[\d+m)?) /s; // Prism: `<prefix>Body: <the body>`, `Body:` grey on a terminal
  const clean = (arg: unknown): unknown => {
    if (typeof arg === 'string') {
      const body = bodyLine.exec(arg);
      if (body) return `${body[1]} [withheld]`;
      const match = headerLine.exec(arg);
      return match && credentialHeaders.has((match[2] as string).trim().toLowerCase())
        ? `${match[1]}${match[2]}: [redacted]`
        : arg;
    }
    if (arg === null || typeof arg !== 'object') return arg;
    const { name, input } = arg as { name?: unknown; input?: { method?: unknown; url?: { path?: unknown } } };
    return {
      ...(name === undefined ? {} : { name }),
      ...(input ? { input: { method: input.method, url: { path: input.url?.path } } } : {}),
    };
  };
  return {
    logMethod(args, method, level) {
      if ((args[0] as { name?: unknown } | undefined)?.name === 'VALIDATOR') {
        if (level === 50) return;
        if (level === 40 && args[1] === INVALID_REQUEST) return (this as Logger).info(...(args as [object, string]));
      }
      return method.apply(this, args.map(clean));
    },
  };
}

/** pino's destination: one `mock: <level> [<name>] <METHOD path> <message>` line per entry. */
/** Where the mock's log lines go: anything with a `write` of text (process.stderr, a stream, a test's own sink). */
export interface LogSink {
  write(text: string): unknown;
}

export function logDestination(stream: LogSink): { write(line: string): void } {
  return {
    write(line) {
      try {
        const entry = JSON.parse(line) as {
          name?: string;
          level: number;
          msg?: string;
          input?: { method?: unknown; url?: { path?: string } };
        };
        const where = entry.input ? ` ${String(entry.input.method).toUpperCase()} ${entry.input.url?.path ?? ''}` : '';
        stream.write(
          `mock: ${LEVEL_NAMES[entry.level] ?? entry.level} [${entry.name ?? 'PRISM'}]${where} ${entry.msg ?? ''}\n`,
        );
      } catch {
        stream.write(line);
      }
    },
  };
}
