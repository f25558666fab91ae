// The drift suites' provider (test/unit/verify/drift.test.ts, drift-cli.test.ts): a stand-in in the
// test process, a node:http server that answers with the package's own mock (so it agrees with the
// mock until a drift is planted), and the five planted drifts, each changing its answers as a
// drifted FastAPI service would (a bound, a field's name in loc, a status, a message, a rule across
// requests). And the committed cassettes and deliberate table, the credential, the bin run.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createMock } from '../../src/mock/index.js';
import type { AllowedDifference } from '../../src/verify/cassette.js';
import type { DriftReport } from '../../src/verify/drift.js';
import { operations } from '../../src/verify/operations.js';
import { runVerify } from './verify-cli.js';

export const root = new URL('../../', import.meta.url);
export const CASSETTES = new URL('test/fixtures/conformance/cassettes/', root).pathname;
export const DELIBERATE = new URL('test/fixtures/conformance/deliberate.json', root).pathname;
export const deliberate = JSON.parse(readFileSync(DELIBERATE, 'utf8')) as AllowedDifference[];
export const KEY = 'drift-secret-key-5521';
export const env = { API_CONTRACT_API_KEY: KEY, API_CONTRACT_CLASSIC_API_KEY: KEY };

/** What a planted drift does to the stand-in's answer: the request's path, and the answer to change. */
export type Plant = (path: string, answer: { status: number; body: unknown }) => void;

export type Item = { type: string; loc: unknown[]; msg: string; input?: unknown; ctx?: unknown };
export const itemsOf = (body: unknown): Item[] => ((body as { detail?: unknown }).detail as Item[] | undefined) ?? [];

/** The five drifts of the issue, as a FastAPI service would show them. */
export const PLANTS: Record<
  string,
  { operation: string; writes?: boolean; plant: Plant; what: RegExp; fields: string[] }
> = {
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

export interface StandIn {
  baseUrl: string;
  plant: Plant | undefined;
  /** Requests that carried a credential header, and the values they carried. */
  credentials: Set<string>;
  close(): Promise<void>;
}

/** The stand-in provider: the package's mock (stateful, as a service is) behind node:http, drifted by `plant`. */
export async function startStandIn(): Promise<StandIn> {
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

export const run = (args: string[], environment: Record<string, string | undefined> = env) =>
  runVerify(args, environment);

export const open = (report: DriftReport) => report.divergences.filter((d) => d.allowed === undefined);
export const opsOf = (...ids: string[]) => operations.filter((op) => ids.includes(op.id));

/** A live run against `standIn`, with the credentials it expects. */
export const liveOf = (standIn: StandIn) => ({
  type: 'live' as const,
  baseUrl: standIn.baseUrl,
  timeoutMs: 5000,
  concurrency: 4,
  credentials: { apiKey: KEY, classicApiKey: KEY },
});
