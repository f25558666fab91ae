// A mock process started exactly as `npm start` runs it (`node dist/src/mock/cli.js`), on a free
// loopback port: the one the whole run shares (test/support/mock-server.ts), and private ones for
// tests whose crash, memory measurement or flags must concern them only (the pid is known, so
// VmRSS is read from /proc/<pid>/status). It is killed when the test process exits in any case.
// MOCK_SCRIPT names another copy of the script for the whole run, such as the bin of the package
// installed with other Prism versions (.ci/run tests the newest Prism that way).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled mock, as `npm start` runs it (test/support/build-mock.ts compiles it before a run). */
export const MOCK_BIN = 'dist/src/mock/cli.js';

// With `gcOnSignal`, the process runs a full garbage collection when it receives SIGUSR2 (a hook
// loaded with --import; the mock itself is unchanged), so memory is compared after collection.
// (No "?" or "#" in it: they would end a data: URL's body.)
const GC_HOOK = 'data:text/javascript,process.on("SIGUSR2",()=>{if(globalThis.gc){globalThis.gc();globalThis.gc()}})';

export interface MockProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** Resident set size of the mock process, in MiB (VmRSS of /proc/<pid>/status). */
  rss(): number;
  /** VmRSS after a full garbage collection in the mock (needs gcOnSignal). */
  rssAfterGc(): Promise<number>;
  /** Undefined while running; the exit code or signal once it has exited. */
  exited(): string | undefined;
  /** Whether it answers HTTP at all (any status) within a second. */
  answers(): Promise<boolean>;
  /** The last 20 kB of the mock's output. */
  log(): string;
  stop(): Promise<void>;
}

export interface MockOptions {
  /** Run a full GC on SIGUSR2 (a hook loaded with --import; the script itself is unchanged). */
  gcOnSignal?: boolean;
  /** More arguments of the mock, such as `--dynamic`. */
  args?: string[];
  /** Another mock script, started the same way (default MOCK_SCRIPT, else dist/src/mock/cli.js). */
  script?: string;
}

/** The mock answered with Prism's choice instead of its own (see FALLBACKS_PATH in src/mock/request/route.ts). */
export class FallbackError extends Error {
  override readonly name = 'FallbackError';
  constructor(
    readonly fired: Fallbacks,
    log: string,
  ) {
    super(
      `the mock fell back ${fired.total} time(s): ${JSON.stringify(fired.fallbacks)}\n${log
        .split('\n')
        .filter((line) => line.includes('[FALLBACK]'))
        .join('\n')}`,
    );
  }
}

export interface Fallbacks {
  total: number;
  fallbacks: Record<string, number>;
}

/** How often a running mock fell back; none when it does not answer (it crashed, or a test stopped it). */
export async function fallbacksOf(baseUrl: string): Promise<Fallbacks> {
  try {
    const response = await fetch(`${baseUrl}/__mock/fallbacks`, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? ((await response.json()) as Fallbacks) : { total: 0, fallbacks: {} };
  } catch {
    return { total: 0, fallbacks: {} };
  }
}

export async function startMock(options: MockOptions = {}): Promise<MockProcess> {
  const port = await freePort();
  const flags = options.gcOnSignal ? ['--expose-gc', '--import', GC_HOOK] : [];
  const script = options.script ?? (process.env.MOCK_SCRIPT || MOCK_BIN);
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, script, '--host', '127.0.0.1', '--port', String(port), ...(options.args ?? [])],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Killed with the test process in any case; the listener goes when the mock has exited.
  const killWithTests = () => child.kill('SIGKILL');
  process.once('exit', killWithTests);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exit: string | undefined;
  child.on('exit', (code, signal) => {
    exit = `exit code ${code}, signal ${signal}`;
    process.off('exit', killWithTests);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exit) throw new Error(`the mock exited while starting (${exit}):\n${output}`);
    try {
      // Any HTTP answer (a 404 included) means it is listening.
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the mock did not answer within 30 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pid = child.pid!;
  const rss = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    if (kb === undefined) throw new Error(`no VmRSS for pid ${pid}`);
    return Number(kb) / 1024;
  };
  return {
    baseUrl,
    port,
    pid,
    rss,
    async rssAfterGc() {
      if (!options.gcOnSignal) throw new Error('started without gcOnSignal');
      process.kill(pid, 'SIGUSR2');
      // Collection of a ~50 MB heap takes well under 100 ms; the pages are returned right after.
      await new Promise((r) => setTimeout(r, 300));
      return rss();
    },
    exited: () => exit,
    async answers() {
      try {
        await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1_000) });
        return true;
      } catch {
        return false;
      }
    },
    log: () => output,
    async stop() {
      if (exit) return;
      // A fallback is a fault of the mock's layer hidden from its client: the run fails on any.
      const fired = await fallbacksOf(baseUrl);
      const done = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
      if (fired.total > 0) throw new FallbackError(fired, output);
    },
  };
}
