/// <reference types="node" />
// api-contract-verify: checks that a running server keeps the contract. Reads its options from the
// command line and its credentials from the environment only (flags end up in shell history).
// Exit codes: 0 the server conforms, 1 it does not, 2 bad usage, an optional peer missing, or the
// server cannot be reached or does not look like this API.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';
import { parseArgs } from 'node:util';
import type { Credentials } from '../client/index.js';
import { installCommand } from '../shared/peers.js';
import { peerDependencies } from './spec.js';
import { notTheApiMessage, progressLine, reachable, type DriftFlags, type Io, type Options } from './command.js';

/** The optional peers of the package that the verifier's generator and validator import. */
const PEERS = ['ajv', 'ajv-formats', 'fast-check'];

/** The command that installs them: the first version of each of package.json's ranges. */
const INSTALL_PEERS = installCommand(peerDependencies, PEERS);

/** `a`, `a and b`, `a, b and c`. */
const listed = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

const USAGE = `usage: api-contract-verify --base-url URL [options]

Sends generated valid, invalid and hostile requests to every operation of the contract and checks
each answer against it. EVERY OPERATION OF THIS API WRITES: run it against a server whose data may
change (a local build, a staging server), never production.

  --base-url URL        the server, e.g. http://127.0.0.1:8000 (required)
  --operations A,B      operationIds to verify (default: all seven)
  --path-param NAME=V   a fixed path parameter, e.g. an existing project_id of the server
                        (repeatable; default: generated values)
  --requests N          generated valid requests per operation (default 20)
  --concurrency N       requests in flight at once (default 4)
  --timeout MS          time for each complete answer, in milliseconds (default 5000)
  --seed N              replays a run (default: random, printed in the report)
  --yes                 allow a host that is not loopback (127.0.0.0/8, ::1, localhost)
  --dry-run             print the plan and send nothing
  --json                print the report as JSON instead of text
  --junit FILE          also write the report as JUnit XML to FILE
  --help                this text

Drift: does the package's mock still answer what your service answers?
  --drift               send the conformance corpus to the server and to the in-process mock,
                        and compare the answers one by one (needs the mock's Prism peers too)
  --with-writes         also the valid requests and the rules across requests, under fresh
                        identifiers (these write; default: only invalid requests, which do not)
  --allow FILE          a JSON list of {"request", "field", "reason"} (and "pin", the values an
                        entry holds to): divergences it covers do not fail the run (repeatable)
  --write-baseline FILE write the run's allow list to FILE: an entry for each difference of
                        each request, pinned to what both sides answered
  --record DIR          also write the server's answers as cassettes into DIR
  --replay DIR          compare the mock with cassettes of DIR instead of a server (no network;
                        --base-url then only names the server in the curl lines)
  --allow-remote        the same as --yes

Credentials, from the environment only (each operation gets the first it accepts):
${'{CREDENTIALS}'}

The verifier needs the optional peer dependencies ${listed(PEERS)}:
  ${INSTALL_PEERS}

Exit codes: 0 conforms, 1 does not conform, 2 bad usage, a peer missing, or a server that cannot
be reached or does not look like this API.`;

/** The environment variable of each credential, one per security scheme of the spec. */
export const credentialVariables = {
  API_CONTRACT_API_KEY: 'APIKeyHeader: sent as the Service-AO-API-Key header',
  API_CONTRACT_CLASSIC_API_KEY: 'ClassicAPIKeyHeader: sent as the Service-API-Key header',
  API_CONTRACT_ACCESS_TOKEN: 'OAuth2PasswordBearer: sent as Authorization: Bearer <token>',
  API_CONTRACT_BASIC_AUTH: 'HTTPBasic: "username:password", sent as Authorization: Basic',
} as const;

const usage = USAGE.replace(
  '{CREDENTIALS}',
  Object.entries(credentialVariables)
    .map(([name, what]) => `  ${name.padEnd(30)} ${what}`)
    .join('\n'),
);

class UsageError extends Error {}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

/** Credentials from the environment; an empty variable counts as unset. */
export function credentialsFrom(env: Io['env']): Credentials {
  const value = (name: keyof typeof credentialVariables) => env[name] || undefined;
  const credentials: Credentials = {};
  const apiKey = value('API_CONTRACT_API_KEY');
  const classicApiKey = value('API_CONTRACT_CLASSIC_API_KEY');
  const accessToken = value('API_CONTRACT_ACCESS_TOKEN');
  const basic = value('API_CONTRACT_BASIC_AUTH');
  if (apiKey !== undefined) credentials.apiKey = apiKey;
  if (classicApiKey !== undefined) credentials.classicApiKey = classicApiKey;
  if (accessToken !== undefined) credentials.accessToken = accessToken;
  if (basic !== undefined) {
    // The user-id of HTTP Basic cannot contain a colon (RFC 7617): the first one separates.
    const colon = basic.indexOf(':');
    if (colon < 0) throw new UsageError('API_CONTRACT_BASIC_AUTH must be "username:password"');
    credentials.basic = { username: basic.slice(0, colon), password: basic.slice(colon + 1) };
  }
  return credentials;
}

/** Every form in which a credential could appear in output, longest first. */
export function secretsOf(credentials: Credentials): string[] {
  const basic = credentials.basic;
  return [
    credentials.apiKey,
    credentials.classicApiKey,
    credentials.accessToken,
    basic?.password,
    basic ? Buffer.from(`${basic.username}:${basic.password}`).toString('base64') : undefined,
  ]
    .filter((s): s is string => s !== undefined && s.length >= 4)
    .sort((a, b) => b.length - a.length);
}

/** A URL's hostname is lower case, an IPv4 address in dotted decimal and an IPv6 one bracketed and compressed. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || (isIPv4(host) && host.startsWith('127.'))
  );
}

function parse(argv: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        operations: { type: 'string' },
        'path-param': { type: 'string', multiple: true },
        requests: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        seed: { type: 'string' },
        yes: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        junit: { type: 'string' },
        help: { type: 'boolean', default: false },
        drift: { type: 'boolean', default: false },
        'with-writes': { type: 'boolean', default: false },
        allow: { type: 'string', multiple: true },
        record: { type: 'string' },
        replay: { type: 'string' },
        'write-baseline': { type: 'string' },
        'allow-remote': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true } as Options;
  const driftOnly = (['with-writes', 'allow', 'record', 'replay', 'write-baseline'] as const).filter(
    (name) => values[name] !== undefined && values[name] !== false,
  );
  if (!values.drift && driftOnly.length > 0) throw new UsageError(`--${driftOnly[0]} goes with --drift`);
  if (values.drift && values['dry-run'])
    throw new UsageError(
      '--dry-run does not go with --drift: without --with-writes, --drift changes nothing on the server',
    );
  if (values.record !== undefined && values.replay !== undefined)
    throw new UsageError('--record and --replay go one at a time: record from a server, or replay cassettes');
  const drift: DriftFlags | undefined = values.drift
    ? {
        withWrites: values['with-writes'],
        allow: values.allow ?? [],
        record: values.record,
        replay: values.replay,
        writeBaseline: values['write-baseline'],
      }
    : undefined;
  // A replay reads cassettes; a base URL then only names the server in the curl lines.
  const baseUrl = values['base-url'] ?? (drift?.replay !== undefined ? 'http://127.0.0.1:8000' : undefined);
  if (baseUrl === undefined) throw new UsageError('--base-url is required');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url is not a URL: "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be http or https, got ${url.protocol}`);
  if (url.username || url.password)
    throw new UsageError('--base-url must not carry credentials; use the environment variables');
  let seed = (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0;
  if (values.seed !== undefined) {
    const n = Number(values.seed);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new UsageError(`--seed must be a non-negative integer, got "${values.seed}"`);
    seed = n >>> 0;
  }
  const pathParams: Record<string, string> = {};
  for (const pair of values['path-param'] ?? []) {
    const equals = pair.indexOf('=');
    if (equals < 1) throw new UsageError(`--path-param must be NAME=VALUE, got "${pair}"`);
    pathParams[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    operations: values.operations
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    pathParams,
    requests: positiveInteger('requests', values.requests, 20),
    concurrency: positiveInteger('concurrency', values.concurrency, 4),
    timeoutMs: positiveInteger('timeout', values.timeout, 5000),
    seed,
    yes: values.yes || values['allow-remote'],
    dryRun: values['dry-run'],
    json: values.json,
    junit: values.junit,
    help: false,
    drift,
  };
}

/**
 * Runs the verifier; returns the exit code. `resolve` finds a package as Node would from here, and
 * throws when it cannot.
 */
export async function main(
  argv: string[],
  io: Io,
  resolve: (name: string) => unknown = createRequire(import.meta.url).resolve,
): Promise<number> {
  let options: Options;
  let credentials: Credentials;
  try {
    options = parse(argv);
    if (options.help) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    credentials = credentialsFrom(io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`api-contract-verify: ${error.message}\n\n${usage}\n`);
    return 2;
  }
  const fail = (message: string) => {
    io.stderr(`api-contract-verify: ${message}\n`);
    return 2;
  };
  if (!isLoopback(new URL(options.baseUrl)) && !options.yes && options.drift?.replay === undefined) {
    return fail(
      `${new URL(options.baseUrl).host} is not a loopback host. Every operation of this API writes: pass --yes to send requests to it anyway (never to production).`,
    );
  }

  // The modules of a run import the optional peers: each one missing is named before they load.
  const missing = PEERS.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    return fail(
      `the verifier needs ${listed(missing)}, ${missing.length === 1 ? 'an optional peer dependency that is' : 'optional peer dependencies that are'} not installed: ${INSTALL_PEERS}`,
    );
  }
  const [
    { planOperation, verify, credentialOptional, heldSchemes },
    { formatPlan, formatText, formatJunit },
    { operations: all },
    { isValid },
  ] = await Promise.all([
    import('./run.js'),
    import('./report.js'),
    import('./operations.js'),
    import('./validate.js'),
  ]);

  const unknown = (options.operations ?? []).filter((id) => !all.some((op) => op.id === id));
  if (unknown.length > 0)
    return fail(`unknown operation(s) ${unknown.join(', ')}; the operations are ${all.map((op) => op.id).join(', ')}`);
  const selected = options.operations ? all.filter((op) => options.operations!.includes(op.id)) : all;
  for (const [name, value] of Object.entries(options.pathParams)) {
    const parameters = selected.flatMap((op) => op.pathParameters.filter((p) => p.name === name));
    if (parameters.length === 0)
      return fail(`--path-param ${name}: no operation to verify has a path parameter ${name}`);
    const refused = parameters.find((p) => !isValid(p.schema, value));
    if (refused)
      return fail(
        `--path-param ${name}: ${JSON.stringify(value)} is not a valid ${name} (${JSON.stringify(refused.schema)})`,
      );
  }
  const uncovered = selected.filter((op) => !credentialOptional(op) && heldSchemes(op, credentials).length === 0);
  if (uncovered.length > 0 && options.drift?.replay === undefined) {
    return fail(
      `no credential for ${uncovered.map((op) => op.id).join(', ')}. Set one of these environment variables:\n` +
        Object.entries(credentialVariables)
          .map(([name, what]) => `  ${name.padEnd(30)} ${what}`)
          .join('\n'),
    );
  }

  if (options.drift) {
    const { driftMain } = await import('./drift-cli.js');
    return driftMain({ ...options, drift: options.drift, selected, credentials, secrets: secretsOf(credentials) }, io);
  }

  const plans = selected.map((op) =>
    planOperation(op, { requests: options.requests, seed: options.seed, credentials, pathParams: options.pathParams }),
  );
  const tasks = plans.flatMap((p) => p.tasks);
  // Valid and rule requests are the ones a conforming server accepts, so the ones that write.
  const writing = tasks.filter((task) => task.kind === 'valid' || task.kind === 'rule').length;
  const warning =
    `Every operation of this API writes: of ${tasks.length.toLocaleString('en')} requests, ${writing.toLocaleString('en')} are valid and will create or change data on ${options.baseUrl}; ` +
    'the others are invalid, hostile or without a credential, and a conforming server refuses them.';
  if (options.dryRun) {
    io.stdout(`${warning}\n${formatPlan(plans, options.baseUrl)}\nSeed ${options.seed}. Dry run: nothing was sent.\n`);
    return 0;
  }
  const unreachable = await reachable(options.baseUrl, options.timeoutMs);
  if (unreachable !== undefined) return fail(`cannot reach ${options.baseUrl}: ${unreachable}`);
  io.stderr(`${warning}\n`);

  const report = await verify(plans, {
    baseUrl: options.baseUrl,
    concurrency: options.concurrency,
    timeoutMs: options.timeoutMs,
    seed: options.seed,
    ...progressLine(io),
  });

  if (report.notTheApi !== undefined) {
    if (io.isTTY) io.stderr('\r\x1b[K');
    return fail(notTheApiMessage(options.baseUrl, selected, report.notTheApi));
  }

  // A server may echo what it received; no credential leaves this process in any output.
  const secrets = secretsOf(credentials);
  const redact = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('[credential]'), text);
  io.stdout(redact(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatText(report)}\n`));
  if (options.junit !== undefined) {
    try {
      writeFileSync(options.junit, redact(formatJunit(report)));
    } catch (error) {
      return fail(`cannot write ${options.junit}: ${(error as Error).message}`);
    }
  }
  return report.conforms ? 0 : 1;
}
