// api-contract-verify --drift (src/verify/drift.ts, drift-cli.ts), Node only. The provider is a
// stand-in in the test process: a node:http server that answers with the package's own mock (so
// it agrees with the mock until a drift is planted), and each planted drift changes its answers
// as a drifted FastAPI service would (a bound, a field's name in loc, a status, a message, a rule
// across requests). The replays read the committed cassettes of the reference service (FastAPI
// itself) and copies of them with a drift planted. The live runs against FastAPI and its drifted
// variants are scripts/drift.js, in CI after `npm run conformance:check`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/mock/index.js';
import {
  formatCassette,
  readCassettes,
  type AllowedDifference,
  type Cassette,
} from '../../../src/verify/cassette.js';
import { drift, type DriftReport } from '../../../src/verify/drift.js';
import { formatDriftJunit, formatDriftText } from '../../../src/verify/drift-report.js';
import { operations } from '../../../src/verify/operations.js';
import { runVerify } from '../../support/verify-cli.js';

const root = new URL('../../../', import.meta.url);
const CASSETTES = new URL('test/fixtures/conformance/cassettes/', root).pathname;
const DELIBERATE = new URL('test/fixtures/conformance/deliberate.json', root).pathname;
const deliberate = JSON.parse(readFileSync(DELIBERATE, 'utf8')) as AllowedDifference[];
const KEY = 'drift-secret-key-5521';
const env = { API_CONTRACT_API_KEY: KEY, API_CONTRACT_CLASSIC_API_KEY: KEY };

/** What a planted drift does to the stand-in's answer: the request's path, and the answer to change. */
type Plant = (path: string, answer: { status: number; body: unknown }) => void;

type Item = { type: string; loc: unknown[]; msg: string; ctx?: unknown };
const itemsOf = (body: unknown): Item[] => ((body as { detail?: unknown }).detail as Item[] | undefined) ?? [];

/** The five drifts of the issue, as a FastAPI service would show them. */
const PLANTS: Record<string, { operation: string; writes?: boolean; plant: Plant; what: RegExp; fields: string[] }> = {
  'a bound changed (the template name at most 100)': {
    operation: 'updateAnnotationTemplate',
    plant: (path, answer) => {
      if (!path.includes('/annotation/templates/') || answer.status !== 422) return;
      for (const item of itemsOf(answer.body))
        if (item.type === 'string_too_long' && item.loc.join('.') === 'body.name')
          Object.assign(item, { msg: 'String should have at most 100 characters', ctx: { max_length: 100 } });
    },
    what: /^422 item string_too_long at body\.name$/,
    fields: ['msg', 'ctx'],
  },
  'a field renamed in loc (email held as email_address)': {
    operation: 'createOrVerifyUser',
    plant: (path, answer) => {
      if (path !== '/v2/system_users' || answer.status !== 422) return;
      for (const item of itemsOf(answer.body))
        if (item.loc.join('.') === 'body.email') item.loc = ['body', 'email_address'];
    },
    what: /^422 item string_type at body\.email_address$/,
    fields: ['loc'],
  },
  'a status changed (Log Traces refuses with 400)': {
    operation: 'logTraces',
    plant: (path, answer) => {
      if (path.endsWith('/traces') && answer.status === 422) answer.status = 400;
    },
    what: /^status$/,
    fields: ['status'],
  },
  'a message reworded (the cron pattern)': {
    operation: 'putSignalsConfiguration',
    plant: (_, answer) => {
      for (const item of itemsOf(answer.body))
        if (item.type === 'string_pattern_mismatch') item.msg = 'Value should be a five-field cron expression';
    },
    what: /^422 item string_pattern_mismatch at body\.LogStreamSignalsConfigurationPut\.schedule\.CRON\.cron$/,
    fields: ['msg'],
  },
  'a rule across requests broken (every Luna3 version is 1)': {
    operation: 'createLuna3ScorerVersion',
    writes: true,
    plant: (path, answer) => {
      if (path.includes('/version/luna3') && answer.status === 200) (answer.body as { version: number }).version = 1;
    },
    what: /^rule luna3_versions_count_up: version steps$/,
    fields: ['rule'],
  },
};

interface StandIn {
  baseUrl: string;
  plant: Plant | undefined;
  /** Requests that carried a credential header, and the values they carried. */
  credentials: Set<string>;
  close(): Promise<void>;
}

/** The stand-in provider: the package's mock (stateful, as a service is) behind node:http, drifted by `plant`. */
async function startStandIn(): Promise<StandIn> {
  const mock = await createMock();
  const sockets = new Set<Socket>();
  const standIn: StandIn = { baseUrl: '', plant: undefined, credentials: new Set(), close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const key = req.headers['service-ao-api-key'] ?? req.headers['service-api-key'];
        if (typeof key === 'string') standIn.credentials.add(key);
        const body = Buffer.concat(chunks);
        const response = await mock.fetch(`http://stand-in.test${req.url}`, {
          method: req.method!,
          headers: Object.entries(req.headers).flatMap(([k, v]): [string, string][] =>
            typeof v === 'string' ? [[k, v]] : [],
          ),
          ...(body.length > 0 || req.headers['content-length'] !== undefined ? { body } : {}),
        });
        const text = await response.text();
        let answer: { status: number; body: unknown };
        try {
          answer = { status: response.status, body: JSON.parse(text) as unknown };
        } catch {
          res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'text/plain' });
          return res.end(text);
        }
        standIn.plant?.(req.url!, answer);
        res.writeHead(answer.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
        res.end(JSON.stringify(answer.body));
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}

const run = (args: string[], environment: Record<string, string | undefined> = env) => runVerify(args, environment);

const open = (report: DriftReport) => report.divergences.filter((d) => d.allowed === undefined);
const opsOf = (...ids: string[]) => operations.filter((op) => ids.includes(op.id));

let standIn: StandIn;
let stateless: Mock;
let rules: Mock;
beforeAll(async () => {
  [standIn, stateless, rules] = await Promise.all([startStandIn(), createMock({ stateless: true }), createMock()]);
}, 60_000);
afterAll(async () => {
  await standIn.close();
});

const live = () => ({
  type: 'live' as const,
  baseUrl: standIn.baseUrl,
  timeoutMs: 5000,
  concurrency: 4,
  credentials: { apiKey: KEY, classicApiKey: KEY },
});

describe('against a provider that answers as the mock does', () => {
  it('finds no divergence in the invalid requests of every operation, and sends no valid one', async () => {
    standIn.plant = undefined;
    const { report, interactions } = await drift({ source: live(), withWrites: false, mock: stateless });
    expect(open(report)).toEqual([]);
    expect(report.agrees).toBe(true);
    expect(report.requests).toBeGreaterThan(400);
    expect(report.operations.map((o) => o.operationId)).toEqual(operations.map((o) => o.id));
    for (const o of report.operations) expect(o.agreed).toBe(o.requests);
    // Only what the mock refuses is sent by default: a conforming service refuses it before any handler.
    expect(interactions.every((i) => i.response.status >= 400)).toBe(true);
    expect(interactions.some((i) => i.request.kind === 'valid' || i.request.kind === 'rule')).toBe(false);
  }, 60_000);

  it('with writes, finds none in the valid requests and the rules across requests either', async () => {
    standIn.plant = undefined;
    const { report, interactions } = await drift({
      source: live(),
      withWrites: true,
      mock: stateless,
      rulesMock: rules,
    });
    expect(open(report)).toEqual([]);
    const rulesSent = interactions.filter((i) => i.request.kind === 'rule');
    expect(new Set(rulesSent.map((i) => /rule: (\S+)/.exec(i.request.id)![1]))).toEqual(
      new Set(['first_user_is_administrator', 'luna3_versions_count_up', 'signals_put_saves']),
    );
    expect(interactions.filter((i) => i.response.status === 200).length).toBeGreaterThan(200);
  }, 90_000);

  it('compares the rules from where the provider stands: one that has an administrator already agrees too', async () => {
    // A provider with an administrator already: the first user of the run is verified, not made one.
    standIn.plant = undefined;
    await fetch(`${standIn.baseUrl}/v2/system_users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.org' }),
    });
    const { report, interactions } = await drift({
      source: live(),
      operations: opsOf('createOrVerifyUser'),
      withWrites: true,
      mock: stateless,
      rulesMock: rules,
    });
    const first = interactions.find((i) => i.request.id.endsWith('first_user_is_administrator step 1'))!;
    expect((first.response.body as { role: string }).role).toBe('system_user');
    expect(open(report)).toEqual([]);
  }, 60_000);
});

describe('each planted drift is reported once, with its line and a curl line', () => {
  for (const [name, drifted] of Object.entries(PLANTS)) {
    it(
      name,
      async () => {
        standIn.plant = drifted.plant;
        try {
          const { report } = await drift({
            source: live(),
            operations: opsOf(drifted.operation),
            withWrites: drifted.writes === true,
            mock: stateless,
            rulesMock: rules,
          });
          const found = open(report);
          expect(found.map((d) => `${d.operation}: ${d.what}`)).toHaveLength(1);
          const [divergence] = found;
          expect(divergence!.operation).toBe(drifted.operation);
          expect(divergence!.what).toMatch(drifted.what);
          expect(divergence!.differences.map((d) => d.field)).toEqual(drifted.fields);
          for (const d of divergence!.differences) expect(d.provider).not.toEqual(d.mock);
          expect(divergence!.curl).toMatch(new RegExp(`^curl -sS -X [A-Z]+ '${standIn.baseUrl}/v2/`));
          expect(divergence!.curl).not.toContain(KEY);
          expect(report.agrees).toBe(false);
          const text = formatDriftText(report);
          expect(text).toContain(divergence!.what);
          expect(text).toContain(divergence!.curl);
          expect(text).toMatch(/^DRIFT: 1 divergence in 1 operation/m);
          expect(formatDriftJunit(report)).toContain(`<failure message="${divergence!.what}"`);
        } finally {
          standIn.plant = undefined;
        }
      },
      60_000,
    );
  }

  it('the curl line of a divergence reproduces the provider’s answer', async () => {
    standIn.plant = PLANTS['a status changed (Log Traces refuses with 400)']!.plant;
    try {
      const { report } = await drift({
        source: live(),
        operations: opsOf('logTraces'),
        withWrites: false,
        mock: stateless,
      });
      const { curl } = open(report)[0]!;
      // Asynchronously: the stand-in answers from this process.
      const { stdout: out } = await promisify(execFile)(
        'bash',
        ['-c', `${curl} --max-time 10 -o /dev/null -w '%{http_code}'`],
        { env: { ...process.env, ...env }, encoding: 'utf8' },
      );
      expect(out).toBe('400');
      expect(standIn.credentials.has(KEY)).toBe(true);
    } finally {
      standIn.plant = undefined;
    }
  }, 60_000);
});

describe('replaying cassettes', () => {
  const cassettes = readCassettes(CASSETTES);

  it('the reference service’s (FastAPI’s) cassettes differ from the mock only as docs/mock.md’s table says', async () => {
    const interactions = cassettes.flatMap((c) => c.interactions);
    const { report } = await drift({
      source: { type: 'replay', interactions, baseUrl: 'http://127.0.0.1:8000' },
      withWrites: false,
      allowed: deliberate,
      mock: stateless,
    });
    expect(open(report)).toEqual([]);
    const allowed = report.divergences.filter((d) => d.allowed !== undefined);
    expect(allowed.length).toBeGreaterThan(0);
    for (const d of allowed) expect(d.differences).toEqual([{ field: 'status', provider: 500, mock: 422 }]);
    // Without the list, those are exactly what is reported.
    const bare = await drift({
      source: { type: 'replay', interactions, baseUrl: 'http://127.0.0.1:8000' },
      withWrites: false,
      mock: stateless,
    });
    const count = (list: typeof allowed) => list.reduce((n, d) => n + d.occurrences, 0);
    for (const d of open(bare.report)) expect(d.differences).toEqual([{ field: 'status', provider: 500, mock: 422 }]);
    expect(count(open(bare.report))).toBe(count(allowed));
    expect(bare.report.agrees).toBe(false);
  }, 90_000);

  it('a drift planted in a copy of them is caught once', async () => {
    const signals = cassettes.find((c) => c.operation === 'putSignalsConfiguration')!;
    const drifted: Cassette = structuredClone(signals);
    for (const { response } of drifted.interactions)
      for (const item of itemsOf(response.body))
        if (item.type === 'less_than_equal' && item.loc.at(-1) === 'interval_hours')
          Object.assign(item, { msg: 'Input should be less than or equal to 100', ctx: { le: 100 } });
    const { report } = await drift({
      source: { type: 'replay', interactions: drifted.interactions, baseUrl: 'http://127.0.0.1:8000' },
      operations: opsOf('putSignalsConfiguration'),
      withWrites: false,
      allowed: deliberate,
      mock: stateless,
    });
    expect(open(report).map((d) => [d.what, d.differences.map((f) => [f.field, f.provider, f.mock])])).toEqual([
      [
        '422 item less_than_equal at body.LogStreamSignalsConfigurationPut.schedule.INTERVAL.interval_hours',
        [
          ['msg', 'Input should be less than or equal to 100', 'Input should be less than or equal to 168'],
          ['ctx', { le: 100 }, { le: 168 }],
        ],
      ],
    ]);
  }, 60_000);
});

describe('the command: --drift, --record and --replay', () => {
  it('records a run’s answers as stamped cassettes, and a replay of them finds the same divergence offline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-record-'));
    standIn.plant = PLANTS['a rule across requests broken (every Luna3 version is 1)']!.plant;
    const args = ['--drift', '--with-writes', '--operations', 'createLuna3ScorerVersion', '--json'];
    let recorded;
    try {
      recorded = await run([...args, '--base-url', standIn.baseUrl, '--record', dir]);
    } finally {
      standIn.plant = undefined;
    }
    expect(recorded.code).toBe(1);
    const files = readdirSync(dir);
    expect(files).toEqual(['createLuna3ScorerVersion.json']);
    const text = readFileSync(join(dir, files[0]!), 'utf8');
    expect(text).not.toContain(KEY);
    const [cassette] = readCassettes(dir);
    expect(cassette!.stamp.rerecord).toBe(
      `npx api-contract-verify --drift --base-url ${standIn.baseUrl} --with-writes --operations createLuna3ScorerVersion --record ${dir}`,
    );
    const replayed = await run([...args, '--replay', dir], {});
    expect(replayed.code).toBe(1);
    const [live, offline] = [recorded, replayed].map((r) => JSON.parse(r.stdout) as DriftReport);
    expect(offline!.divergences.map((d) => [d.what, d.differences])).toEqual(
      live!.divergences.map((d) => [d.what, d.differences]),
    );
    expect(offline!.divergences[0]!.curl).toContain('"service-ao-api-key: $API_CONTRACT_API_KEY"');

    // Stamped with another spec: an error naming the command that records them again.
    writeFileSync(
      join(dir, files[0]!),
      formatCassette({ ...cassette!, stamp: { ...cassette!.stamp, spec: 'sha256:0' } }),
    );
    const stale = await run([...args, '--replay', dir], {});
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain(`record them again with \`${cassette!.stamp.rerecord}\``);
  }, 90_000);

  it('exits 0 when the allow list covers every divergence, and writes JUnit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-allow-'));
    const allow = join(dir, 'allow.json');
    writeFileSync(
      allow,
      JSON.stringify([{ request: 'logTraces *', field: 'status', reason: 'the service refuses with 400 on purpose' }]),
    );
    standIn.plant = PLANTS['a status changed (Log Traces refuses with 400)']!.plant;
    try {
      const args = ['--drift', '--base-url', standIn.baseUrl, '--operations', 'logTraces'];
      const junit = join(dir, 'drift.xml');
      const allowed = await run([...args, '--allow', allow, '--junit', junit]);
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toContain('allowed: the service refuses with 400 on purpose');
      expect(allowed.stdout).toMatch(/NO DRIFT/);
      expect(readFileSync(junit, 'utf8')).not.toContain('<failure');
      expect((await run(args)).code).toBe(1);
    } finally {
      standIn.plant = undefined;
    }
  }, 60_000);

  it('a server that is not this API gets the verifier’s answer, not a flood of divergences', async () => {
    const server = createServer((_, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { code, stdout, stderr } = await run(['--drift', '--base-url', baseUrl]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `api-contract-verify: ${baseUrl} does not look like this API: 7 of 7 requests answered 404 with no JSON; check --base-url (the operations live under /v2/…)\n`,
      );
    } finally {
      server.close();
    }
  }, 60_000);

  it('stops sending an operation after 3 requests went unanswered, and says so', async () => {
    let traces = 0;
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/traces')) {
        traces++;
        return req.socket.destroy();
      }
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end('{"detail": []}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { report } = await drift({
        source: { type: 'live', baseUrl, timeoutMs: 2000, concurrency: 1, credentials: { apiKey: KEY } },
        operations: opsOf('logTraces', 'loginSocial'),
        withWrites: false,
        mock: stateless,
      });
      expect(traces).toBe(3);
      const traceStatuses = open(report).filter((d) => d.operation === 'logTraces' && d.what === 'status');
      const count = (provider: RegExp) =>
        traceStatuses
          .filter((d) => provider.test(String(d.differences[0]!.provider)))
          .reduce((n, d) => n + d.occurrences, 0);
      const sent = report.operations.find((o) => o.operationId === 'logTraces')!.requests;
      expect(count(/^no answer: (ECONNRESET|socket hang up)$/)).toBe(3);
      expect(count(/^not sent: 3 requests went unanswered$/)).toBe(sent - 3);
      expect(open(report).filter((d) => d.operation === 'loginSocial').length).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  }, 60_000);

  it.each([
    [['--with-writes', '--base-url', 'http://127.0.0.1:1'], '--with-writes goes with --drift'],
    [['--drift', '--record', 'a', '--replay', 'b'], '--record and --replay go one at a time'],
    [['--drift', '--dry-run', '--base-url', 'http://127.0.0.1:1'], '--dry-run does not go with --drift'],
    [['--drift', '--replay', '/nonexistent/cassettes'], 'cannot read'],
    [['--drift', '--base-url', 'https://staging.example.com'], 'is not a loopback host'],
  ])('bad input %j exits 2: %s', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('an allow list that is not one exits 2 naming the file and the entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-bad-allow-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'allow.json');
    writeFileSync(file, JSON.stringify([{ request: '*', field: 'colour', reason: 'x' }]));
    const { code, stderr } = await run(['--drift', '--replay', CASSETTES, '--allow', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}: entry 0 has "field" "colour", not one of status, content-type, items, type`);
  });
});
