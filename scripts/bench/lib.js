// Shared helpers of the benchmark: child processes and temp dirs that are always cleaned up,
// free loopback ports, wall-clock timing of commands, and Markdown tables.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, loadavg, tmpdir, totalmem, availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A child process of the benchmark, with the tails of its logs.
 * @typedef {import('node:child_process').ChildProcess & { log(max?: number): string, errLog(max?: number): string }} TrackedChild
 */

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const LOOPBACK = '127.0.0.1';

// ---------------------------------------------------------------------------------------------
// Cleanup: every child process and temp dir made here is registered, and removed on normal exit,
// on an error, and on Ctrl-C / SIGTERM.

/** @type {Set<TrackedChild>} */
const children = new Set();
/** @type {Set<string>} */
const tempDirs = new Set();

/**
 * A temp dir that is removed when the benchmark ends.
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `contract-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** @param {string} dir */
export function removeTempDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  // Each child is the leader of its own process group (detached), so a server that forks
  // helpers of its own is stopped with them.
  try {
    process.kill(-(child.pid ?? NaN), signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Stops one child (SIGTERM, then SIGKILL after `graceMs`) and waits until it has exited.
 * @param {TrackedChild} child
 * @param {number} [graceMs]
 */
export async function stopChild(child, graceMs = 3_000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = once(child, 'exit');
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Whatever the leader left behind in its group.
  signalGroup(child, 'SIGKILL');
  children.delete(child);
}

export async function cleanup() {
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const dir of [...tempDirs]) removeTempDir(dir);
}

let handlersInstalled = false;
export function installCleanupHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping ${children.size} process(es)…\n`);
      cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

/**
 * Spawns a child in its own process group and registers it for cleanup. Output goes to log
 * files (never to a pipe nobody drains, which would stall a chatty server): stdout and stderr
 * together, or apart with `separateStderr`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, logDir?: string, separateStderr?: boolean }} [options]
 * @returns {TrackedChild}
 */
export function spawnTracked(command, args, { cwd = root, env = process.env, logDir, separateStderr = false } = {}) {
  const dir = logDir ?? tempDir('log');
  const outPath = join(dir, 'stdout.log');
  const errPath = separateStderr ? join(dir, 'stderr.log') : outPath;
  const out = openSync(outPath, 'w');
  const err = separateStderr ? openSync(errPath, 'w') : out;
  const spawned = spawn(command, args, { cwd, env, stdio: ['ignore', out, err], detached: true });
  closeSync(out);
  if (err !== out) closeSync(err);
  /**
   * @param {string} path
   * @param {number} max
   */
  const read = (path, max) => {
    try {
      const text = readFileSync(path, 'utf8');
      return text.length > max ? `…${text.slice(-max)}` : text;
    } catch {
      return '';
    }
  };
  const child = Object.assign(spawned, {
    log: (max = 4_000) => read(outPath, max),
    errLog: (max = 4_000) => (separateStderr ? read(errPath, max) : ''),
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Runs a command to completion; resolves with its wall time, exit code and output (the last
 * `maxOutput` characters of stdout and of stderr; `output` is both).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, maxOutput?: number }} [options]
 * @returns {Promise<{ ms: number, code: number | NodeJS.Signals, stdout: string, stderr: string, output: string }>}
 */
export async function timeCommand(command, args, options = {}) {
  const logDir = tempDir('log');
  try {
    const started = performance.now();
    const child = spawnTracked(command, args, { ...options, logDir, separateStderr: true });
    const [code, signal] = await once(child, 'exit');
    const ms = performance.now() - started;
    const max = options.maxOutput ?? 4_000;
    const stdout = child.log(max);
    const stderr = child.errLog(max);
    return { ms, code: code ?? signal, stdout, stderr, output: `${stdout}${stderr}` };
  } finally {
    removeTempDir(logDir);
  }
}

export async function freePort() {
  const server = createServer();
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until any HTTP answer arrives; throws if the child exits or time runs out.
 * @param {string} url
 * @param {RequestInit | undefined} init
 * @param {TrackedChild} child
 * @param {number} [timeoutMs]
 */
export async function waitUntilAnswering(url, init, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${child.log()}`);
    }
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return response;
    } catch {
      await sleep(10);
    }
  }
  throw new Error(`no answer at ${url} within ${timeoutMs / 1000} s:\n${child.log()}`);
}

/**
 * Starts a server process on a free loopback port (`args(port)` builds its arguments), waits
 * until it answers `probe`, and returns it with its start-up time.
 * @param {string} name
 * @param {(port: number) => string[]} args
 * @param {{ probe: { path: string, init?: RequestInit }, cwd?: string, timeoutMs?: number }} options
 */
export async function startServer(name, args, { probe, cwd = root, timeoutMs = 60_000 }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawnTracked(process.execPath, args(port), { cwd });
  const baseUrl = `http://${LOOPBACK}:${port}`;
  try {
    await waitUntilAnswering(`${baseUrl}${probe.path}`, probe.init, child, timeoutMs);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  return { name, child, port, baseUrl, startupMs: performance.now() - started, stop: () => stopChild(child) };
}

/** The most memory the process has held so far (VmHWM), in MiB; undefined off Linux. @param {number | undefined} pid */
export function peakRssMib(pid) {
  if (process.platform !== 'linux' || pid === undefined) return undefined;
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** @type {number | undefined} */
let clockTicks;
/**
 * CPU time (ms, user + system) used so far by every process in group `pgid`; Linux only.
 * @param {number | undefined} pgid
 */
export function groupCpuMs(pgid) {
  if (process.platform !== 'linux') return undefined;
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / clockTicks;
}

// ---------------------------------------------------------------------------------------------
// Numbers and tables.

/**
 * The median; NaN for no values.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * A number with thousands separators and `digits` decimals.
 * @param {number | null | undefined} value
 * @param {number} [digits]
 */
export function num(value, digits = 0) {
  if (value === undefined || value === null || Number.isNaN(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * mean, median and lowest of `values`, as one cell.
 * @param {number[]} values
 * @param {(n: number) => string} format
 */
export const spread = (values, format) =>
  `${format(values.reduce((sum, n) => sum + n, 0) / values.length)} mean (median ${format(median(values))}, lowest ${format(Math.min(...values))})`;

/** @param {number} value */
export const ms = (value) => (value >= 10_000 ? `${num(value / 1000, 1)} s` : `${num(value)} ms`);
/** @param {number} value */
export const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');

/** @param {number} value */
export function bytes(value) {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${value} B`;
}

/**
 * A Markdown table; `align` is one letter per column, l or r (default: first left, rest right).
 * @param {string[]} headers
 * @param {(string | number)[][]} rows
 * @param {string} [align]
 */
export function table(headers, rows, align = `l${'r'.repeat(headers.length - 1)}`) {
  /** @param {(string | number)[]} cells */
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const rule = [...align].map((a) => (a === 'r' ? '---:' : '---'));
  return [line(headers), line(rule), ...rows.map(line)].join('\n');
}

/**
 * The version of an installed package of this repo (node_modules), or '?'.
 * @param {string} name
 * @returns {string}
 */
export function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

export function machine() {
  const cpu = cpus();
  const model = cpu[0]?.model?.trim() || 'unknown CPU';
  /** @param {number} n */
  const gib = (n) => (n / 1024 ** 3).toFixed(1);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return {
    line: `Machine: ${model}, ${cpu.length} cores (${availableParallelism()} usable), ${gib(totalmem())} GiB RAM (${gib(freemem())} GiB free), Node ${process.version}, ${process.platform}/${process.arch}`,
    load: `Load average at start (1/5/15 min): ${load}`,
  };
}
