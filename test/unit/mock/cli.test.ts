// The `api-contract-mock` bin (src/mock/cli.ts) run in-process: its flags, each usage error's
// text and exit code, the line it prints once started, and its stop on SIGINT / SIGTERM. The
// server is replaced (startMock is what the bin hands its settings to); process.exit, the console
// and the signal handlers are caught, so no process is started or stopped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({ startMock: vi.fn() }));
vi.mock('../../../src/mock/server.js', () => server);

const repoRoot = resolve(new URL('.', import.meta.url).pathname, '../../..');
const bundled = join(repoRoot, 'generated/openapi.json');
const scratch = mkdtempSync(join(tmpdir(), 'mock-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const USAGE = [
  'usage: api-contract-mock [--port N] [--host H] [--spec FILE] [--dynamic [--seed S]] [--log-level fatal|error|warn|info|debug|trace|silent] [--stateless | --state FILE] [--strict-types] [--max-records N] [--max-errors N] [--max-results N] [--cors-origin ORIGIN|*]... [--latency MS|MIN..MAX] [--faults SHARE] [--coverage DIR]',
  'Every valid request is answered, up to a 10 MB body. Bounded, with a 413 naming the flag: the errors an invalid body is',
  "walked for (--max-errors, default 1,000) and the results of a list that multiplies two of the request's (--max-results,",
  "default 20,000: bulk feedback's operations × records).",
  'GET /__mock/requests lists what the session (X-Mock-Session) sent; POST /__mock/reset forgets its state, requests and',
  'scenarios; POST/GET/DELETE /__mock/scenarios add, list and clear its scenarios (503s, delays, dropped connections).',
  'Bodies are read in the service\'s lax mode ("12" for an integer, "yes" for a boolean); --strict-types refuses what the',
  "contract's JSON types do not allow.",
  'Run-wide chaos: --latency waits before every answer (MS, or a time drawn from MIN..MAX), --faults answers that share of',
  'requests (0 to 1) with a 503 or a dropped connection; both drawn from --seed.',
  '--coverage DIR counts what the requests exercised of the contract (GET /__mock/coverage, ?all for every session) and',
  'writes the record to DIR as it goes (at most every 100 ms; a SIGKILL loses the last 100 ms at most) and when the mock',
  'stops; api-contract-coverage DIR merges the records.',
].join('\n');

interface Run {
  exits: unknown[];
  out: string[];
  err: string[];
  started: Record<string, unknown>[];
  handlers: Map<string, () => void>;
  close: ReturnType<typeof vi.fn>;
}

// The bin watches its parent when npm started it (npm_command), as npm started this test run: each
// run() below is as if node started it, but for the test of that watch.
const npmCommand = process.env.npm_command;
delete process.env.npm_command;
afterAll(() => {
  if (npmCommand !== undefined) process.env.npm_command = npmCommand;
});

const saved = { argv: process.argv, PORT: process.env.PORT, HOST: process.env.HOST };
afterEach(() => {
  process.argv = saved.argv;
  for (const name of ['PORT', 'HOST'] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.clearAllTimers();
  vi.restoreAllMocks();
  vi.useRealTimers();
  server.startMock.mockReset();
});

/** Runs the bin with `args` (and PORT / HOST from `env`), the server answering with `start`. */
async function run(
  args: string[],
  env: { PORT?: string; HOST?: string } = {},
  start?: () => Promise<unknown>,
): Promise<Run> {
  delete process.env.PORT;
  delete process.env.HOST;
  Object.assign(process.env, env);
  process.argv = [process.execPath, 'api-contract-mock', ...args];
  const exits: unknown[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const handlers = new Map<string, () => void>();
  const close = vi.fn(() => Promise.resolve());
  server.startMock.mockReset();
  server.startMock.mockImplementation(start ?? (() => Promise.resolve({ url: 'http://127.0.0.1:4010', close })));
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => void exits.push(code)) as typeof process.exit);
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void err.push(String(line)));
  vi.spyOn(process, 'once').mockImplementation(((event: string, handler: () => void) => {
    handlers.set(event, handler);
    return process;
  }) as typeof process.once);
  vi.resetModules();
  await import('../../../src/mock/cli.js');
  return {
    exits,
    out,
    err,
    started: server.startMock.mock.calls.map((call) => call[0] as Record<string, unknown>),
    handlers,
    close,
  };
}

const defaults = {
  port: 4010,
  host: '127.0.0.1',
  // the embedded spec: a module of the package, no file (the line names the file it was built from)
  spec: undefined,
  dynamic: false,
  seed: undefined,
  logLevel: 'warn',
  stateless: false,
  maxRecords: 10000,
  maxErrors: undefined,
  maxResults: undefined,
  corsOrigins: undefined,
  latency: undefined,
  faults: undefined,
  state: undefined,
  initialState: undefined,
};

describe('api-contract-mock: starting', () => {
  it('no flags: the bundled spec on 127.0.0.1:4010, static examples, stateful, and one line saying so', async () => {
    const { exits, out, err, started, handlers } = await run([]);
    expect(started).toEqual([defaults]);
    expect(out).toEqual([`mock: http://127.0.0.1:4010 serving ${bundled} (static examples, stateful)`]);
    expect(err).toEqual([]);
    expect(exits).toEqual([]);
    expect([...handlers.keys()]).toEqual(['SIGINT', 'SIGTERM']);
  });

  it('PORT and HOST are read; the flags win over them', async () => {
    expect((await run([], { PORT: '4020', HOST: '0.0.0.0' })).started).toEqual([
      { ...defaults, port: 4020, host: '0.0.0.0' },
    ]);
    expect((await run(['--port', '4030', '--host', '::1'], { PORT: '4020', HOST: '0.0.0.0' })).started).toEqual([
      { ...defaults, port: 4030, host: '::1' },
    ]);
  });

  it('every flag reaches the server', async () => {
    const spec = join(scratch, 'spec.json');
    writeFileSync(spec, '{}');
    const { started, out } = await run([
      '--port=0',
      '--spec',
      spec,
      '--dynamic',
      '--seed',
      '7',
      '--log-level',
      'trace',
      '--stateless',
      '--strict-types',
      '--max-records',
      '1',
      '--max-errors',
      '1',
      '--max-results',
      '2',
      '--cors-origin',
      'https://app.example:8443',
      '--cors-origin',
      '*',
      '--cors-origin',
      'HTTP://LOCALHOST:5173',
    ]);
    expect(started).toEqual([
      {
        ...defaults,
        port: 0,
        spec,
        dynamic: true,
        seed: '7',
        logLevel: 'trace',
        stateless: true,
        strictTypes: true,
        maxRecords: 1,
        maxErrors: 1,
        maxResults: 2,
        corsOrigins: ['https://app.example:8443', '*', 'HTTP://LOCALHOST:5173'],
      },
    ]);
    expect(out).toEqual([`mock: http://127.0.0.1:4010 serving ${spec} (dynamic, seed 7, stateless)`]);
  });

  it('run-wide chaos: --latency MS or MIN..MAX and --faults SHARE reach the server, with a --seed of their own, and the line says so', async () => {
    const { started, out } = await run(['--latency', '50..300', '--faults', '0.05', '--seed', 's']);
    expect(started).toEqual([{ ...defaults, latency: [50, 300], faults: 0.05, seed: 's' }]);
    expect(out).toEqual([
      `mock: http://127.0.0.1:4010 serving ${bundled} (static examples, stateful, latency 50..300 ms, faults 0.05)`,
    ]);
    expect((await run(['--latency', '120', '--faults', '1'])).started).toEqual([
      { ...defaults, latency: 120, faults: 1 },
    ]);
    expect((await run(['--faults', '.5'])).started).toEqual([{ ...defaults, faults: 0.5 }]);
  });

  it('--coverage DIR reaches the server resolved against the working directory, and the line says so', async () => {
    const { started, out } = await run(['--coverage', 'coverage/api-contract']);
    const dir = resolve('coverage/api-contract');
    expect(started).toEqual([{ ...defaults, coverage: dir }]);
    expect(out).toEqual([
      `mock: http://127.0.0.1:4010 serving ${bundled} (static examples, stateful, coverage to ${dir})`,
    ]);
  });

  it('--max-records, --max-errors and --max-results take whole numbers of several digits', async () => {
    expect((await run(['--max-records', '250', '--max-errors', '10000', '--max-results', '20000'])).started).toEqual([
      { ...defaults, maxRecords: 250, maxErrors: 10000, maxResults: 20000 },
    ]);
  });

  it('the modes it reports: dynamic without a seed; stateful from a --state file, checked and handed over', async () => {
    expect((await run(['--dynamic'])).out).toEqual([
      `mock: http://127.0.0.1:4010 serving ${bundled} (dynamic, stateful)`,
    ]);
    const file = join(scratch, 'state.json');
    const initial = { users: [{ email: 'a@example.com' }], scorerVersions: { s: 2 } };
    writeFileSync(file, JSON.stringify(initial));
    const { started, out } = await run(['--state', file, '--port', '65535']);
    expect(started).toEqual([{ ...defaults, port: 65535, state: file, initialState: initial }]);
    expect(out).toEqual([`mock: http://127.0.0.1:4010 serving ${bundled} (static examples, stateful from ${file})`]);
  });

  it('relative --spec and --state paths are resolved against the working directory', async () => {
    const file = join(scratch, 'relative-state.json');
    writeFileSync(file, '{}');
    const { started } = await run(['--spec', 'generated/openapi.json', '--state', relative(process.cwd(), file)]);
    expect(started).toEqual([{ ...defaults, spec: resolve('generated/openapi.json'), state: file, initialState: {} }]);
  });

  it('--help: the usage and its own paths, exit 0; with the Prism peers installed, no line to install them', async () => {
    const { exits, out } = await run(['--help']);
    expect(exits[0]).toBe(0);
    expect(out[0]).toBe(USAGE);
  });

  it('--help with a Prism peer missing: the usage says which, and the command that installs them', async () => {
    vi.doMock('../../../src/mock/prism/deps.js', async (original) => {
      const real = await original<typeof import('../../../src/mock/prism/deps.js')>();
      return {
        ...real,
        missingPrism: () => new real.MissingPrismError('@stoplight/prism-http', undefined),
      };
    });
    try {
      const { out } = await run(['--help']);
      const [first, second, ...rest] = (out[0] ?? '').split('\n');
      expect([first, ...rest].join('\n')).toBe(USAGE);
      expect(second).toBe(
        "the mock's source needs @stoplight/prism-http, a dev dependency that is not installed (the built package bundles them): npm install --save-dev @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2",
      );
    } finally {
      vi.doUnmock('../../../src/mock/prism/deps.js');
    }
  });
});

describe('api-contract-mock: usage errors are exit 2 with one line naming the flag', () => {
  it.each([
    [['--port', '65536'], '--port must be an integer from 0 to 65535, got "65536"'],
    [['--port=-1'], '--port must be an integer from 0 to 65535, got "-1"'],
    [['--port', '80a'], '--port must be an integer from 0 to 65535, got "80a"'],
    [['--port', 'a80'], '--port must be an integer from 0 to 65535, got "a80"'],
    [['--seed', '7'], '--seed only applies with --dynamic, --latency or --faults'],
    [
      ['--latency', '300..50'],
      '--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "300..50"',
    ],
    [
      ['--latency=-5'],
      '--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "-5"',
    ],
    [
      ['--latency', '600001'],
      '--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "600001"',
    ],
    [['--faults', '1.5'], '--faults must be a share from 0 to 1 (e.g. 0.05), got "1.5"'],
    [['--faults', '5%'], '--faults must be a share from 0 to 1 (e.g. 0.05), got "5%"'],
    [['--stateless', '--state', 'x.json'], '--state only applies without --stateless'],
    [['--coverage', ''], '--coverage must be the directory to write the coverage record in, got ""'],
    [['--max-records', '0'], '--max-records must be a whole number of at least 1, got "0"'],
    [['--max-records', '1e3'], '--max-records must be a whole number of at least 1, got "1e3"'],
    [['--max-records', 'x10'], '--max-records must be a whole number of at least 1, got "x10"'],
    [['--max-errors', '0'], '--max-errors must be a whole number of at least 1, got "0"'],
    [['--max-errors', '5x'], '--max-errors must be a whole number of at least 1, got "5x"'],
    [['--max-results', 'x5'], '--max-results must be a whole number of at least 1, got "x5"'],
    [
      ['--max-items', '20000'],
      '--max-items is gone: every valid body is answered now; --max-errors bounds the errors of an invalid one, --max-results the results of bulk feedback',
    ],
    [
      ['--cors-origin', 'https://app.example/path'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "https://app.example/path"',
    ],
    [
      ['--cors-origin', 'app.example'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "app.example"',
    ],
    [
      ['--cors-origin', 'x-https://app.example'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "x-https://app.example"',
    ],
    [
      ['--cors-origin', 'https://app.example?x'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "https://app.example?x"',
    ],
    [
      ['--cors-origin', 'https://app.example#x'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "https://app.example#x"',
    ],
    [
      ['--cors-origin', 'https://a b'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "https://a b"',
    ],
    [
      ['--cors-origin', '**'],
      '--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "**"',
    ],
    [
      ['--log-level', 'verbose'],
      '--log-level must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    ],
  ])('%j: %s', async (args, message) => {
    const { exits, err, started, out } = await run(args);
    expect(err).toEqual([`mock: ${message}`]);
    expect(exits).toEqual([2]);
    expect(started).toEqual([]);
    expect(out).toEqual([]);
  });

  it('an unknown flag or a flag without its value: the parser’s message, then the usage line', async () => {
    const unknown = await run(['--colour', 'red']);
    expect(unknown.err).toEqual([expect.stringMatching(/^mock: Unknown option '--colour'/), USAGE]);
    expect(unknown.exits).toEqual([2]);
    const bare = await run(['--port']);
    expect(bare.err).toEqual([expect.stringMatching(/^mock: Option '--port <value>' argument missing/), USAGE]);
    expect(bare.exits).toEqual([2]);
  });

  it('a --state file that cannot be read, is not JSON, or is not a state: exit 2 naming the file', async () => {
    const absent = join(scratch, 'no-state.json');
    const first = await run(['--state', absent]);
    expect(first.err).toEqual([expect.stringMatching(new RegExp(`^mock: cannot read --state ${absent}: ENOENT`))]);
    expect(first.exits).toEqual([2]);
    expect(first.started).toEqual([]);
    const broken = join(scratch, 'broken-state.json');
    writeFileSync(broken, '{"users": [');
    const second = await run(['--state', broken]);
    expect(second.err).toEqual([expect.stringMatching(new RegExp(`^mock: --state ${broken}: .*JSON`))]);
    const wrong = join(scratch, 'wrong-state.json');
    writeFileSync(wrong, '{"people": []}');
    const third = await run(['--state', wrong]);
    expect(third.err).toEqual([
      `mock: --state ${wrong}: initial state: unknown key "people" (known: users, scorerVersions, signalsConfigurations, annotationTemplates)`,
    ]);
    expect(third.exits).toEqual([2]);
  });

  it.each([
    [['--max-records', '0'], { maxRecords: 0 }],
    [['--max-errors', '0'], { maxErrors: 0 }],
    [['--max-results', '0'], { maxResults: 0 }],
    [['--log-level', 'verbose'], { logLevel: 'verbose' }],
    [['--cors-origin', 'app.example'], { corsOrigins: ['app.example'] }],
    [['--faults', '1.5'], { faults: 1.5 }],
  ])('%j says what createMock says of %j: the same rule, named as each door names it', async (args, options) => {
    const { createMock } = await import('../../../src/mock/index.js');
    const { err } = await run(args);
    const byBin = /^mock: (--[\w-]+) (must be .*), got .*$/.exec(err[0] ?? '');
    const byCreateMock = /^([\w[\]]+) (must be .*), got .*$/.exec(
      String(((await createMock(options).catch((e: unknown) => e)) as Error).message),
    );
    expect(byBin?.[2]).toBeDefined();
    expect(byBin?.[2]).toBe(byCreateMock?.[2]);
  });

  it('a --spec that cannot be read: the server refuses it (SpecError naming the file), exit 2 with its message', async () => {
    const missing = resolve('no-such-directory', 'absent.yaml');
    const { SpecError } = await import('../../../src/mock/api.js');
    const refused = await run(['--spec', missing], {}, () => Promise.reject(new SpecError(missing, 'no such file')));
    expect(refused.started).toMatchObject([{ spec: missing }]);
    expect(refused.err).toEqual([`mock: spec ${missing}: no such file`]);
    expect(refused.exits).toEqual([2]);
  });

  it('a failure to start (the port taken): exit 2 with its message, no usage line', async () => {
    const taken = await run([], {}, () =>
      Promise.reject(new Error('listen EADDRINUSE: address already in use 127.0.0.1:4010')),
    );
    expect(taken.err).toEqual(['mock: listen EADDRINUSE: address already in use 127.0.0.1:4010']);
    const held = await run([], {}, () =>
      Promise.reject(
        Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:4010'), { code: 'EADDRINUSE' }),
      ),
    );
    expect(held.err).toEqual([
      'mock: listen EADDRINUSE: address already in use 127.0.0.1:4010',
      'mock: another process holds that port: stop it, or start the mock on another with --port N',
    ]);
    expect(held.exits).toEqual([2]);
    expect(taken.exits).toEqual([2]);
    const typeError = await run([], {}, () => Promise.reject(new TypeError('a TypeError of the server')));
    expect(typeError.err).toEqual(['mock: a TypeError of the server']);
    const thrown = await run([], {}, () => Promise.reject('not an Error'));
    expect(thrown.err).toEqual(['mock: not an Error']);
  });
});

describe('api-contract-mock: stopping', () => {
  it.each([
    ['started through npm (npm_command set)', 'exec', [0]],
    ['started by node itself', undefined, []],
  ])('its parent gone, %s: stops as on SIGTERM, or stays', async (_how, command, exited) => {
    if (command !== undefined) process.env.npm_command = command;
    // A parent that runs, so that its name is read from /proc: this process.
    const parent = process.pid;
    const ppid = vi.spyOn(process, 'ppid', 'get').mockReturnValue(parent);
    vi.useFakeTimers();
    try {
      const { close, exits, err } = await run([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(close).not.toHaveBeenCalled();
      ppid.mockReturnValue(1);
      await vi.advanceTimersByTimeAsync(250);
      for (let i = 0; i < 5 && exits.length === 0; i++) await Promise.resolve();
      expect(exits).toEqual(exited);
      expect(close).toHaveBeenCalledTimes(exited.length);
      const name = readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
      expect(err).toEqual(exited.length ? [`mock: its parent process ${parent} (${name}) ended: stopping`] : []);
    } finally {
      delete process.env.npm_command;
    }
  });

  it.each(['SIGINT', 'SIGTERM'])('%s closes the server, then exits 0', async (signal) => {
    const { handlers, close, exits } = await run([]);
    // The bin's 2-second exit timer is a fake one (cleared after each test): a real one would end
    // the worker while a later file runs in it.
    vi.useFakeTimers();
    handlers.get(signal)?.();
    expect(close).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5 && exits.length === 0; i++) await Promise.resolve();
    expect(exits).toEqual([0]);
  });

  it('a close that hangs: exit 0 after 2 seconds anyway, on a timer that does not keep the process alive', async () => {
    const hanging = vi.fn(() => new Promise<void>(() => undefined));
    const { handlers, exits } = await run([], {}, () =>
      Promise.resolve({ url: 'http://127.0.0.1:4010', close: hanging }),
    );
    vi.useFakeTimers();
    const unref = vi.spyOn(globalThis, 'setTimeout');
    handlers.get('SIGTERM')?.();
    expect(hanging).toHaveBeenCalledTimes(1);
    const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    vi.advanceTimersByTime(1_999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([0]);
  });
});
