#!/usr/bin/env node
// The `api-contract-mock` bin (and `npm start`): starts the mock of the API on the bundled spec, in
// this process (stopping it stops the server): Prism's engine behind a thin layer that answers like
// the service (./server.ts).
//   api-contract-mock [--port N] [--host H] [--spec FILE] [--dynamic [--seed S]] [--log-level L]
//                     [--stateless | --state FILE] [--strict-types] [--max-records N] [--max-errors N] [--max-results N]
//                     [--cors-origin O]... [--latency MS|MIN..MAX] [--faults SHARE]
// PORT and HOST are read too. Exit codes: 0 stopped (SIGINT, SIGTERM) or --help, 2 bad flags or a
// failure to start.
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PRISM_INSTALL, PRISM_PEERS } from './prism/deps.js';
import { specPath } from '../shared/package-root.js';
import type { InitialState } from './service/state.js';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const USAGE = `usage: api-contract-mock [--port N] [--host H] [--spec FILE] [--dynamic [--seed S]] [--log-level ${LEVELS.join('|')}] [--stateless | --state FILE] [--strict-types] [--max-records N] [--max-errors N] [--max-results N] [--cors-origin ORIGIN|*]... [--latency MS|MIN..MAX] [--faults SHARE]
It needs the optional peers ${Object.keys(PRISM_PEERS).join(', ')}: ${PRISM_INSTALL}
Every valid request is answered, up to a 10 MB body. Bounded, with a 413 naming the flag: the errors an invalid body is
walked for (--max-errors, default 1,000) and the results of a list that multiplies two of the request's (--max-results,
default 20,000: bulk feedback's operations × records).
GET /__mock/requests lists what the session (X-Mock-Session) sent; POST /__mock/reset forgets its state, requests and
scenarios; POST/GET/DELETE /__mock/scenarios add, list and clear its scenarios (503s, delays, dropped connections).
Bodies are read in the service's lax mode ("12" for an integer, "yes" for a boolean); --strict-types refuses what the
contract's JSON types do not allow.
Run-wide chaos: --latency waits before every answer (MS, or a time drawn from MIN..MAX), --faults answers that share of
requests (0 to 1) with a 503 or a dropped connection; both drawn from --seed.`;

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
      'strict-types': { type: 'boolean', default: false },
      state: { type: 'string' },
      'max-records': { type: 'string', default: '10000' },
      'max-errors': { type: 'string' },
      'max-results': { type: 'string' },
      'max-items': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      latency: { type: 'string' },
      faults: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  // No --spec: the embedded spec, a module of the package (generated/embedded.ts), read from no file.
  const spec = values.spec === undefined ? undefined : resolve(values.spec);
  if (spec !== undefined && !existsSync(spec)) throw new Error(`no spec at ${spec}`);
  const latency = values.latency === undefined ? undefined : latencyOf(values.latency);
  const faults = values.faults === undefined ? undefined : Number(values.faults);
  if (faults !== undefined && !(/^(0|1|0?\.\d+|1\.0*)$/.test(values.faults as string) && faults <= 1))
    throw new Error(`--faults must be a share from 0 to 1 (e.g. 0.05), got "${values.faults}"`);
  if (values.seed !== undefined && !values.dynamic && latency === undefined && faults === undefined)
    throw new Error('--seed only applies with --dynamic, --latency or --faults');
  if (values.stateless && values.state !== undefined) throw new Error('--state only applies without --stateless');
  if (!/^\d+$/.test(values['max-records']) || Number(values['max-records']) < 1) {
    throw new Error(`--max-records must be a whole number of at least 1, got "${values['max-records']}"`);
  }
  if (values['max-items'] !== undefined) {
    throw new Error(
      '--max-items is gone: every valid body is answered now; --max-errors bounds the errors of an invalid one, --max-results the results of bulk feedback',
    );
  }
  for (const flag of ['max-errors', 'max-results'] as const) {
    const value = values[flag];
    if (value !== undefined && (!/^\d+$/.test(value) || Number(value) < 1))
      throw new Error(`--${flag} must be a whole number of at least 1, got "${value}"`);
  }
  for (const origin of values['cors-origin'] ?? []) {
    if (origin !== '*' && !/^https?:\/\/[^/?#\s]+$/i.test(origin)) {
      throw new Error(
        `--cors-origin must be an origin such as https://app.example:8443 (scheme, host, port; no path) or *, got "${origin}"`,
      );
    }
  }
  const logLevel = values['log-level'];
  if (!LEVELS.includes(logLevel)) throw new Error(`--log-level must be one of ${LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    port,
    host: values.host,
    spec,
    dynamic: values.dynamic,
    seed: values.seed,
    logLevel,
    stateless: values.stateless,
    ...(values['strict-types'] ? { strictTypes: true } : {}),
    maxRecords: Number(values['max-records']),
    maxErrors: values['max-errors'] === undefined ? undefined : Number(values['max-errors']),
    maxResults: values['max-results'] === undefined ? undefined : Number(values['max-results']),
    corsOrigins: values['cors-origin'],
    latency,
    faults,
    state: values.state === undefined ? undefined : resolve(values.state),
  };
}

/** `--latency MS` or `--latency MIN..MAX`, in milliseconds. */
function latencyOf(text: string): number | [number, number] {
  const match = /^(\d+)(?:\.\.(\d+))?$/.exec(text);
  const [min, max] = [Number(match?.[1]), Number(match?.[2] ?? match?.[1])];
  if (!match || min > max || max > 600_000)
    throw new Error(
      `--latency must be milliseconds (e.g. 200) or a range MIN..MAX (e.g. 50..300), at most 600000, got "${text}"`,
    );
  return match[2] === undefined ? min : [min, max];
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
  ].join('');
  const mode = `${answers}, ${settings.stateless ? 'stateless' : `stateful${settings.state ? ` from ${settings.state}` : ''}`}${chaos}`;
  console.log(`mock: ${mock.url} serving ${settings.spec ?? specPath} (${mode})`);
  const stop = () => {
    void mock.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`mock: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof TypeError && /Unknown option|Option '/.test(error.message)) console.error(USAGE);
  process.exit(2);
}
