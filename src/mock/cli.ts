#!/usr/bin/env node
// The `api-contract-mock` bin (and `npm start`): starts the mock of the API on the bundled spec, in
// this process (stopping it stops the server): Prism's engine behind a thin layer that answers like
// the service (./server.ts).
//   api-contract-mock [--port N] [--host H] [--spec FILE] [--dynamic [--seed S]] [--log-level L]
//                     [--stateless | --state FILE] [--strict-types] [--max-records N] [--max-errors N] [--max-results N]
//                     [--cors-origin O]... [--latency MS|MIN..MAX] [--faults SHARE] [--coverage DIR]
// PORT and HOST are read too. Exit codes: 0 stopped (SIGINT, SIGTERM, or, started through npm or
// npx, npm gone) or --help, 2 bad flags or a failure to start.
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { missingPrism } from './prism/deps.js';
import { specPath } from '../shared/package-root.js';
import { LOG_LEVELS, settingsFromFlags } from './options.js';
import type { InitialState } from './service/state.js';

/** The bin's usage; from source, the command that installs Prism only when some of it is missing. */
const usage =
  () => `usage: api-contract-mock [--port N] [--host H] [--spec FILE] [--dynamic [--seed S]] [--log-level ${LOG_LEVELS.join('|')}] [--stateless | --state FILE] [--strict-types] [--max-records N] [--max-errors N] [--max-results N] [--cors-origin ORIGIN|*]... [--latency MS|MIN..MAX] [--faults SHARE] [--coverage DIR]
${missingPeers()}Every valid request is answered, up to a 10 MB body. Bounded, with a 413 naming the flag: the errors an invalid body is
walked for (--max-errors, default 1,000) and the results of a list that multiplies two of the request's (--max-results,
default 20,000: bulk feedback's operations × records).
GET /__mock/requests lists what the session (X-Mock-Session) sent; POST /__mock/reset forgets its state, requests and
scenarios; POST/GET/DELETE /__mock/scenarios add, list and clear its scenarios (503s, delays, dropped connections).
Bodies are read in the service's lax mode ("12" for an integer, "yes" for a boolean); --strict-types refuses what the
contract's JSON types do not allow.
Run-wide chaos: --latency waits before every answer (MS, or a time drawn from MIN..MAX), --faults answers that share of
requests (0 to 1) with a 503 or a dropped connection; both drawn from --seed.
--coverage DIR counts what the requests exercised of the contract (GET /__mock/coverage, ?all for every session) and
writes the record to DIR as it goes (at most every 100 ms; a SIGKILL loses the last 100 ms at most) and when the mock
stops; api-contract-coverage DIR merges the records.`;

/** From the repository's source without Prism installed: the line saying which of its packages are missing and how to install them; else nothing. */
function missingPeers(): string {
  const missing = missingPrism();
  return missing === undefined ? '' : `${missing.message}\n`;
}

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4010' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      spec: { type: 'string' },
      dynamic: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
      stateless: { type: 'boolean', default: false },
      'strict-types': { type: 'boolean' },
      state: { type: 'string' },
      'max-records': { type: 'string', default: '10000' },
      'max-errors': { type: 'string' },
      'max-results': { type: 'string' },
      'max-items': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      latency: { type: 'string' },
      faults: { type: 'string' },
      coverage: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  if (values['max-items'] !== undefined) {
    throw new Error(
      '--max-items is gone: every valid body is answered now; --max-errors bounds the errors of an invalid one, --max-results the results of bulk feedback',
    );
  }
  // Each setting's flag is read and checked by the rule of createMock's option (./options.ts).
  const settings = settingsFromFlags(values);
  if (values.seed !== undefined && !values.dynamic && settings.latency === undefined && settings.faults === undefined)
    throw new Error('--seed only applies with --dynamic, --latency or --faults');
  if (values.stateless && values.state !== undefined) throw new Error('--state only applies without --stateless');
  return {
    ...settings,
    port,
    host: values.host,
    // No --spec: the embedded spec, a module of the package (generated/embedded.ts), read from no file.
    spec: values.spec === undefined ? undefined : resolve(values.spec),
    state: values.state === undefined ? undefined : resolve(values.state),
    coverage: values.coverage === undefined ? undefined : resolve(values.coverage),
  };
}

/** How often the bin looks whether its parent is gone (./cli.ts: stopWithParent). */
const PARENT_POLL_MS = 250;

/**
 * Started through npm (`npm start`, `npx api-contract-mock`: npm sets npm_command), the mock stops
 * once its parent is gone. A SIGTERM to npm, the way CI scripts stop a server they started
 * (`cmd & PID=$!; …; kill $PID`), ends npm and the shell it ran the bin in, and neither passes it
 * on: the mock would go on holding its port. No event says a parent ended, so its id is polled
 * (an orphan is adopted by another process). Started by node itself, the mock stays as it is
 * (a CI step may leave it running in the background on purpose).
 */
function stopWithParent(stop: () => void): void {
  if (process.env.npm_command === undefined) return;
  const parent = process.ppid;
  // What the parent is (npm, or the shell npm ran the bin in), read while it runs: Linux's /proc only.
  let name = '';
  try {
    name = ` (${readFileSync(`/proc/${parent}/comm`, 'utf8').trim()})`;
  } catch {
    // no /proc: the id alone
  }
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.error(`mock: its parent process ${parent}${name} ended: stopping`);
    stop();
  }, PARENT_POLL_MS);
  timer.unref();
}

/** The initial state of a --state file, checked. */
async function initialState(file: string): Promise<InitialState> {
  const { checkInitialState } = await import('./service/state.js');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --state ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return checkInitialState(JSON.parse(text));
  } catch (error) {
    throw new Error(`--state ${file}: ${(error as Error).message}`, { cause: error });
  }
}

try {
  const settings = options();
  // Node 22.1 and later keep the compiled code of the modules loaded from here on (Prism's, most of a
  // start) in a cache on disk, for the next start (Node's own advice for command-line tools; the
  // cache is in the system's temp dir, NODE_COMPILE_CACHE moves it). Earlier Nodes have no such cache.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { startMock } = await import('./server.js');
  const initial = settings.state === undefined ? undefined : await initialState(settings.state);
  const mock = await startMock({ ...settings, initialState: initial });
  const answers = settings.dynamic
    ? `dynamic${settings.seed === undefined ? '' : `, seed ${settings.seed}`}`
    : 'static examples';
  const chaos = [
    settings.latency === undefined ? '' : `, latency ${[settings.latency].flat().join('..')} ms`,
    settings.faults === undefined ? '' : `, faults ${settings.faults}`,
    settings.coverage === undefined ? '' : `, coverage to ${settings.coverage}`,
  ].join('');
  const mode = `${answers}, ${settings.stateless ? 'stateless' : `stateful${settings.state ? ` from ${settings.state}` : ''}`}${chaos}`;
  console.log(`mock: ${mock.url} serving ${settings.spec ?? specPath} (${mode})`);
  const stop = () => {
    void mock.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  stopWithParent(stop);
} catch (error) {
  console.error(`mock: ${error instanceof Error ? error.message : String(error)}`);
  if ((error as { code?: unknown } | undefined)?.code === 'EADDRINUSE')
    console.error('mock: another process holds that port: stop it, or start the mock on another with --port N');
  if (error instanceof TypeError && /Unknown option|Option '/.test(error.message)) console.error(usage());
  process.exit(2);
}
