// api-contract-verify --drift, --record and --replay (src/verify/drift-cli.ts), run as the bin is
// (test/support/verify-cli.ts) against the stand-in provider (test/support/drift-stand-in.ts): a run
// recorded as stamped cassettes and replayed offline, the allow list and JUnit, a server that is not
// this API, an operation given up after 3 requests went unanswered, and bad input an exit 2.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/mock/index.js';
import { formatCassette, readCassettes } from '../../../src/verify/cassette.js';
import { drift, type DriftReport } from '../../../src/verify/drift.js';
import { CASSETTES, KEY, open, opsOf, PLANTS, run, startStandIn, type StandIn } from '../../support/drift-stand-in.js';

let standIn: StandIn;
let stateless: Mock;
beforeAll(async () => {
  [standIn, stateless] = await Promise.all([startStandIn(), createMock({ stateless: true })]);
}, 60_000);
afterAll(() => standIn.close());

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
