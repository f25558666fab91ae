#!/usr/bin/env node
// The mock's fidelity to FastAPI and pydantic, measured on the conformance corpus
// (src/verify/corpus.ts) against the reference service (reference/).
//
//   node scripts/conformance.js record [--out DIR]   record the reference's answers as cassettes
//   node scripts/conformance.js check                record afresh into a temp dir; exit 1 naming
//                                                    the requests whose answers differ from the
//                                                    committed cassettes
//   node scripts/conformance.js compare [--all]      replay the cassettes through the in-process
//                                                    mock and print the agreement figures and the
//                                                    mismatches grouped by kind (--all: every id)
//
// record and check make their own virtual environment (.cache/reference-venv-<hash>, gitignored),
// install reference/requirements.txt with pip, start uvicorn on a free loopback port, send the
// corpus over real HTTP and always stop the server. Run through npm (`npm run conformance:record`),
// which compiles src/ first (tsconfig.conformance.json).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const CASSETTES = join(root, 'test/fixtures/conformance/cassettes');
const DELIBERATE = join(root, 'test/fixtures/conformance/deliberate.json');
const REQUIREMENTS = join(root, 'reference/requirements.txt');
const RERECORD = 'npm run conformance:record';

// The compiled modules are typed loosely here: their types are src/verify/corpus.ts and cassette.ts,
// which this plain-JavaScript tooling does not compile against.
/** @typedef {{ id: string, operation: string, kind: string, method: string, path: string, headers: Record<string, string>, body?: { text: string } | { base64: string } }} CorpusRequest */
/** @typedef {{ status: number, headers: { 'content-type'?: string }, body: unknown }} RecordedAnswer */
/** @typedef {{ request: CorpusRequest, response: RecordedAnswer }} Interaction */
/** @typedef {{ format: string, operation: string, stamp: object, interactions: Interaction[] }} Cassette */

/** @param {string} path @returns {Promise<any>} */
const compiled = (path) => import(new URL(`../dist/src/${path}`, import.meta.url).href);
const cassettes = () => compiled('verify/cassette.js');
const corpus = () => compiled('verify/corpus.js');

/** @param {string} command @param {string[]} args @param {string} [cwd] */
function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The virtual environment of reference/requirements.txt, made and installed when missing. */
export function venv() {
  const requirements = readFileSync(REQUIREMENTS);
  const hash = createHash('sha256').update(requirements).digest('hex').slice(0, 12);
  const dir = join(root, '.cache', `reference-venv-${hash}`);
  const python = join(dir, 'bin', 'python');
  if (!existsSync(join(dir, '.installed'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(root, '.cache'), { recursive: true });
    const system = process.env.PYTHON ?? 'python3';
    console.error(`conformance: making ${dir} with ${system}`);
    run(system, ['-m', 'venv', dir]);
    // An index that cannot be reached (pypi.org on a machine with a local mirror as extra index)
    // fails at once instead of being retried for minutes.
    run(python, [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--no-input',
      '--disable-pip-version-check',
      '--retries',
      '0',
      '--timeout',
      '5',
      '-r',
      REQUIREMENTS,
    ]);
    writeFileSync(join(dir, '.installed'), '');
  }
  return python;
}

/** The exact versions of the environment: Python's and every package's (pip freeze). */
function versionsOf(/** @type {string} */ python) {
  /** @type {Record<string, string>} */
  const versions = { python: run(python, ['-c', 'import platform; print(platform.python_version())']).trim() };
  for (const line of run(python, ['-m', 'pip', 'freeze', '--disable-pip-version-check']).split('\n')) {
    const [name, version] = line.trim().split('==');
    if (name && version) versions[name.toLowerCase().replace(/_/g, '-')] = version;
  }
  return versions;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Sends one corpus request as is, over HTTP/1.1.
 * @param {number} port @param {CorpusRequest} req @param {Buffer | undefined} body
 * @returns {Promise<{ status: number, contentType: string | undefined, text: string }>}
 */
function send(port, req, body) {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, ...(body === undefined ? {} : { 'content-length': String(body.length) }) };
    const r = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, timeout: 30_000, agent: false },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`${req.id}: no answer within 30 s`)));
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * Starts the reference service (or another app of reference/, with `env`), runs `use(port)`, and
 * always stops it.
 * @template T @param {string} python @param {(port: number) => Promise<T>} use
 * @param {{ app?: string, env?: Record<string, string> }} [options]
 */
export async function withReference(python, use, { app = 'reference.app:app', env = {} } = {}) {
  const port = await freePort();
  const server = spawn(
    python,
    ['-m', 'uvicorn', app, '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warning'],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } },
  );
  let stderr = '';
  server.stderr.on('data', (c) => (stderr = (stderr + String(c)).slice(-4000)));
  const stop = () => server.exitCode === null && server.signalCode === null && server.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the reference service exited ${server.exitCode}:\n${stderr}`);
      try {
        const ready = await send(
          port,
          { id: 'ready', operation: '', kind: 'valid', method: 'GET', path: '/openapi.json', headers: {} },
          undefined,
        );
        if (ready.status === 200) break;
      } catch {
        if (i > 300) throw new Error(`the reference service did not answer within 30 s:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return await use(port);
  } finally {
    stop();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** Records the corpus's answers into `out` (its cassettes replaced). @param {string} out */
async function record(out) {
  const { CASSETTE_FORMAT, formatCassette, parsed, specHash } = await cassettes();
  const { conformanceCorpus, bodyBytes } = await corpus();
  const seed = 45;
  const requests = conformanceCorpus({ seed });
  const python = venv();
  const versions = versionsOf(python);
  const started = Date.now();
  /** @type {Map<string, Interaction[]>} */
  const byOperation = new Map();
  await withReference(python, async (port) => {
    for (const request of requests) {
      const answer = await send(port, request, request.body === undefined ? undefined : bodyBytes(request.body)).catch(
        (/** @type {Error} */ error) => {
          throw new Error(`${request.id}: ${error.message}`);
        },
      );
      /** @type {RecordedAnswer} */
      const response = {
        status: answer.status,
        headers: answer.contentType === undefined ? {} : { 'content-type': answer.contentType },
        body: parsed(answer.text),
      };
      const list = byOperation.get(request.operation) ?? [];
      list.push({ request, response });
      byOperation.set(request.operation, list);
    }
  });
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out)) if (file.endsWith('.json')) rmSync(join(out, file));
  const stamp = {
    spec: specHash(),
    corpus: { seed, requests: requests.length },
    provider: { name: 'reference (FastAPI, reference/)', versions },
    rerecord: RERECORD,
  };
  for (const [operation, interactions] of byOperation) {
    /** @type {Cassette} */
    const cassette = { format: CASSETTE_FORMAT, operation, stamp, interactions };
    writeFileSync(join(out, `${operation}.json`), formatCassette(cassette));
  }
  console.error(
    `conformance: ${requests.length} requests recorded in ${((Date.now() - started) / 1000).toFixed(1)} s into ${out} (fastapi ${versions.fastapi}, pydantic ${versions.pydantic}, pydantic-core ${versions['pydantic-core']})`,
  );
}

/** Records afresh and compares with the committed cassettes; the differing ids, or none. */
async function check() {
  const { readCassettes } = await cassettes();
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    await record(dir);
    const fresh = readCassettes(dir);
    const committed = existsSync(CASSETTES) ? readCassettes(CASSETTES) : [];
    /** @param {Cassette[]} list */
    const byId = (list) =>
      new Map(list.flatMap((c) => c.interactions.map((i) => [i.request.id, JSON.stringify({ i, stamp: c.stamp })])));
    const [a, b] = [byId(committed), byId(fresh)];
    const ids = [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id));
    if (ids.length > 0) {
      console.error(
        `conformance: ${ids.length} recorded answers differ from the committed cassettes (${RERECORD} records them):`,
      );
      for (const id of ids.slice(0, 50))
        console.error(`  ${a.has(id) ? (b.has(id) ? 'changed' : 'gone   ') : 'new    '} ${id}`);
      if (ids.length > 50) console.error(`  … and ${ids.length - 50} more`);
      process.exitCode = 1;
    } else console.error('conformance: the committed cassettes are what the reference answers');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Replays the cassettes through the in-process mock and prints the figures. @param {boolean} all */
async function compare(all) {
  const { readCassettes, checkStamp, toRequest, answerOf, agreementOf, formatAgreement } = await cassettes();
  const { createMock } = await compiled('mock/index.js');
  /** @type {Cassette[]} */
  const list = readCassettes(CASSETTES);
  checkStamp(list);
  const mock = await createMock({ stateless: true });
  const results = [];
  for (const interaction of list.flatMap((c) => c.interactions)) {
    const response = await mock.fetch(toRequest('http://api.test', interaction.request));
    results.push({ interaction, actual: await answerOf(response) });
  }
  const allowed = JSON.parse(readFileSync(DELIBERATE, 'utf8'));
  const agreement = agreementOf(results, allowed);
  console.log(formatAgreement(agreement, all ? Infinity : 2));
}

// Run as a command (scripts/drift.js imports venv and withReference from here).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await command();

async function command() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, all: { type: 'boolean', default: false } },
  });
  const name = positionals[0] ?? 'record';
  try {
    if (name === 'record') await record(values.out ?? CASSETTES);
    else if (name === 'check') await check();
    else if (name === 'compare') await compare(values.all ?? false);
    else {
      console.error(`conformance: unknown command ${name} (record, check or compare)`);
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
