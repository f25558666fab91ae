// api-contract-verify --drift, --record and --replay (src/verify/drift-cli.ts), run as the bin is
// (test/support/verify-cli.ts) against the stand-in provider (test/support/drift-stand-in.ts): a run
// recorded as stamped cassettes and replayed offline, the allow list and JUnit, a server that is not
// this API or cannot be reached, an operation given up after 3 requests went unanswered, the
// warning before writes, a credential the provider repeats kept out of every file and line, a
// baseline written from a drifted run that allows it until an allowed answer changes, and bad
// input (flags, cassettes, allow lists and their pins, a JUnit path) an exit 2 naming it.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/mock/index.js';
import { formatCassette, readCassettes, specHash } from '../../../src/verify/cassette.js';
import { drift, type DriftReport } from '../../../src/verify/drift.js';
import type { DriftAllowEntry } from '../../../src/verify/drift-baseline.js';
import { closeFake, fakeServer } from '../../support/fake-server.js';
import { freePort } from '../../support/net.js';
import {
  CASSETTES,
  DELIBERATE,
  itemsOf,
  KEY,
  open,
  opsOf,
  PLANTS,
  run,
  startStandIn,
  type Plant,
  type StandIn,
} from '../../support/drift-stand-in.js';

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

  it('writes the allow list of a drifted run, every request of every divergence pinned; an allowed answer that changes is new again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-baseline-'));
    const baseline = join(dir, 'baseline.json');
    const bound = PLANTS['a bound changed (the template name at most 100)']!.plant;
    const rule = PLANTS['a rule across requests broken (every Luna3 version is 1)']!.plant;
    /** The bound plant, then the name item's msg, ctx and loc changed again by `change`. */
    const changed =
      (change: (item: { msg: string; ctx?: unknown; loc: unknown[] }) => void): Plant =>
      (path, answer) => {
        bound(path, answer);
        rule(path, answer);
        for (const item of itemsOf(answer.body))
          if (item.type === 'string_too_long' && item.loc.join('.') === 'body.name') change(item);
      };
    const args = [
      '--drift',
      '--with-writes',
      '--base-url',
      standIn.baseUrl,
      '--operations',
      'updateAnnotationTemplate,createLuna3ScorerVersion',
      '--json',
    ];
    const reportOf = (r: { stdout: string }) => JSON.parse(r.stdout) as DriftReport;
    try {
      standIn.plant = (path, answer) => (bound(path, answer), rule(path, answer));
      const first = await run([...args, '--write-baseline', baseline]);
      expect(first.code).toBe(1);
      const drifted = open(reportOf(first));
      expect(drifted.map((d) => d.what).sort()).toEqual([
        '422 item string_too_long at body.name',
        'rule luna3_versions_count_up: version steps',
      ]);
      const entries = JSON.parse(readFileSync(baseline, 'utf8')) as DriftAllowEntry[];
      // Every request that showed the bound, not only the one the report names.
      const name = drifted.find((d) => d.what.startsWith('422'))!;
      expect(name.occurrences).toBeGreaterThan(1);
      for (const field of ['msg', 'ctx'])
        expect(new Set(entries.filter((e) => e.field === field).map((e) => e.request)).size).toBe(name.occurrences);
      expect(entries.find((e) => e.request === name.request && e.field === 'msg')).toEqual({
        request: name.request,
        field: 'msg',
        reason: expect.stringMatching(
          /^in the baseline of http:\/\/127\.0\.0\.1:\d+ written \d{4}-\d\d-\d\d: not reviewed yet$/,
        ),
        pin: {
          provider: 'String should have at most 100 characters',
          mock: 'String should have at most 255 characters',
          item: { type: 'string_too_long', loc: ['body', 'name'] },
        },
      });
      expect(entries.filter((e) => e.field === 'rule')).toEqual([
        {
          request: 'createLuna3ScorerVersion rule: luna3_versions_count_up',
          field: 'rule',
          reason: entries[0]!.reason,
          pin: { provider: '+0, +0', mock: '+1, +1', aspect: 'version steps' },
        },
      ]);

      expect(new Set(entries.map((e) => e.reason)).size).toBe(1);

      const again = await run([...args, '--allow', baseline]);
      expect(again.code).toBe(0);
      expect(open(reportOf(again))).toEqual([]);
      expect(
        reportOf(again)
          .divergences.map((d) => d.what)
          .sort(),
      ).toEqual(drifted.map((d) => d.what).sort());

      // An allowed request whose values change: new again, its values shown; the rule stays allowed.
      const changes: [string, Plant, string][] = [
        [
          'the bound moved again',
          changed((item) =>
            Object.assign(item, { msg: 'String should have at most 50 characters', ctx: { max_length: 50 } }),
          ),
          '422 item string_too_long at body.name',
        ],
        [
          'the item moved to another loc',
          changed((item) => (item.loc = ['body', 'title'])),
          '422 item string_too_long at body.title',
        ],
      ];
      for (const [, plant, what] of changes) {
        standIn.plant = plant;
        const after = await run([...args, '--allow', baseline]);
        expect(after.code).toBe(1);
        expect(open(reportOf(after)).map((d) => d.what)).toEqual([what]);
        expect(
          reportOf(after)
            .divergences.filter((d) => d.allowed !== undefined)
            .map((d) => d.what),
        ).toEqual(['rule luna3_versions_count_up: version steps']);
      }

      // An entry without a pin covers its field whatever the values, as before.
      const hand = join(dir, 'hand.json');
      writeFileSync(
        hand,
        JSON.stringify([{ request: 'updateAnnotationTemplate *', field: 'items', reason: 'any bound' }]),
      );
      standIn.plant = changes[0]![1];
      const covered = await run([...args, '--allow', baseline, '--allow', hand]);
      expect(covered.code).toBe(0);
      expect(reportOf(covered).divergences.map((d) => d.allowed)).toContain('any bound');
    } finally {
      standIn.plant = undefined;
    }
  }, 120_000);

  it('a baseline of the reference service’s cassettes keeps the reasons of the entries that allowed them, and allows that replay alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-baseline-replay-'));
    const baseline = join(dir, 'baseline.json');
    const args = ['--drift', '--replay', CASSETTES, '--json'];
    const first = await run([...args, '--allow', DELIBERATE, '--write-baseline', baseline], {});
    expect(first.code).toBe(0);
    const entries = JSON.parse(readFileSync(baseline, 'utf8')) as DriftAllowEntry[];
    const allowed = (JSON.parse(first.stdout) as DriftReport).divergences;
    expect(entries.length).toBe(allowed.reduce((n, d) => n + d.occurrences, 0));
    expect(new Set(entries.map((e) => e.reason))).toEqual(new Set(allowed.map((d) => d.allowed)));
    const again = await run([...args, '--allow', baseline], {});
    expect(again.code).toBe(0);
    const replayed = (JSON.parse(again.stdout) as DriftReport).divergences;
    expect(replayed.map((d) => [d.what, d.allowed, d.occurrences])).toEqual(
      allowed.map((d) => [d.what, d.allowed, d.occurrences]),
    );
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
    [['--write-baseline', 'b.json', '--base-url', 'http://127.0.0.1:1'], '--write-baseline goes with --drift'],
    [['--drift', '--record', 'a', '--replay', 'b'], '--record and --replay go one at a time'],
    [['--drift', '--dry-run', '--base-url', 'http://127.0.0.1:1'], '--dry-run does not go with --drift'],
    [['--drift', '--replay', '/nonexistent/cassettes'], 'cannot read'],
    [['--drift', '--base-url', 'https://staging.example.com'], 'is not a loopback host'],
  ])('bad input %j exits 2: %s', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  const pinned = { request: 'x', field: 'status', reason: 'r', pin: { provider: 500, mock: 422 } };
  it.each([
    [
      { request: '*', field: 'colour', reason: 'x' },
      'has "field" "colour", not one of status, content-type, items, type',
    ],
    [{ request: '*', field: 'status' }, 'has no "reason"'],
    [{ ...pinned, pin: [500, 422] }, 'has a "pin" that is an array, not an object of provider, mock, item, aspect'],
    [{ ...pinned, pin: 'sha256:0' }, 'has a "pin" that is a string, not an object of provider, mock, item, aspect'],
    [
      { ...pinned, pin: { provider: 500, server: 422 } },
      'has a "pin" with "server", not one of provider, mock, item, aspect',
    ],
    [
      { ...pinned, field: 'msg' },
      'has a "pin" without "item" (the {"type", "loc"} of the 422 item its field msg is of)',
    ],
    [
      { ...pinned, pin: { provider: 500, item: { type: 'missing' } } },
      'has a "pin" with "item", which only a field of a 422 item',
    ],
    [
      { ...pinned, field: 'loc', pin: { item: ['missing'] } },
      'has a "pin" whose "item" is not an object {"type", "loc"}',
    ],
    [
      { ...pinned, field: 'loc', pin: { item: { kind: 'missing' } } },
      'has a "pin" whose "item" has "kind", not one of type, loc',
    ],
    [{ ...pinned, field: 'rule' }, 'has a "pin" without "aspect" (the aspect of the rule, a string)'],
    [{ ...pinned, pin: { aspect: 'statuses' } }, 'has a "pin" with "aspect", which only a field rule has'],
  ])('an allow list entry %j exits 2 naming the file and the entry: %s', async (entry, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-bad-allow-'));
    const file = join(dir, 'allow.json');
    writeFileSync(file, JSON.stringify([pinned, entry]));
    const { code, stdout, stderr } = await run(['--drift', '--replay', CASSETTES, '--allow', file]);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain(`api-contract-verify: ${file}: entry 1 ${message}`);
  });

  it('refuses cassettes it cannot take, and an allow list it cannot read, each naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-bad-replay-'));
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const broken = join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'a.json'), '{"format": ');
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'a.json'), '{"format": "something/1"}');
    const cases: [string[], string][] = [
      [['--replay', empty], `api-contract-verify: ${empty} holds no cassette (*.json)\n`],
      [['--replay', broken], `api-contract-verify: cannot read `],
      [
        ['--replay', other],
        `api-contract-verify: ${join(other, 'a.json')} is not a cassette of format api-contract-cassette/1\n`,
      ],
      [['--replay', CASSETTES, '--allow', join(dir, 'none.json')], `api-contract-verify: cannot read ENOENT`],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await run(['--drift', ...args]);
      expect([code, stdout]).toEqual([2, '']);
      expect(stderr.startsWith(message)).toBe(true);
    }
  });

  it('says when the server cannot be reached, and warns before writing to one', async () => {
    const port = await freePort();
    const unreachable = await run(['--drift', '--base-url', `http://127.0.0.1:${port}`]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      new RegExp(`^api-contract-verify: cannot reach http://127\\.0\\.0\\.1:${port}: \\S`),
    );

    const writes = await run([
      '--drift',
      '--with-writes',
      '--base-url',
      standIn.baseUrl,
      '--operations',
      'loginSocial',
    ]);
    expect(writes.code).toBe(0);
    expect(writes.stderr).toBe(
      `--with-writes: the valid requests and the rules across requests create or change data on ${standIn.baseUrl}, under fresh identifiers.\n`,
    );
    expect(writes.stdout).toMatch(/NO DRIFT/);
  }, 60_000);

  it('records the operations that were sent, stamped, with no credential in any file or line it writes', async () => {
    // A provider that repeats the credential it was sent in its answer.
    const server = await fakeServer();
    server.handler = (req, res) => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          detail: [
            {
              type: 'missing',
              loc: ['body'],
              msg: `key ${String(req.headers['service-ao-api-key'] ?? req.headers['service-api-key'])}`,
            },
          ],
        }),
      );
    };
    const dir = mkdtempSync(join(tmpdir(), 'drift-record-all-'));
    try {
      const baseUrl = server.url;
      const junit = join(dir, 'drift.xml');
      const record = join(dir, 'cassettes');
      const { code, stdout, stderr } = await run([
        '--drift',
        '--base-url',
        baseUrl,
        '--operations',
        'loginSocial,logTraces',
        '--record',
        record,
        '--junit',
        junit,
      ]);
      expect([code, stderr]).toEqual([1, '']);
      expect(readdirSync(record).sort()).toEqual(['logTraces.json', 'loginSocial.json']);
      const cassettes = readCassettes(record);
      const total = cassettes.reduce((n, c) => n + c.interactions.length, 0);
      for (const cassette of cassettes) {
        expect(cassette.stamp).toEqual({
          spec: specHash(),
          corpus: { seed: 45, requests: total },
          provider: { name: baseUrl, versions: {} },
          rerecord: `npx api-contract-verify --drift --base-url ${baseUrl} --operations loginSocial,logTraces --record ${record}`,
        });
        expect(cassette.interactions.every((i) => i.request.operation === cassette.operation)).toBe(true);
      }
      // loginSocial takes no credential: only logTraces' answers repeat one.
      const file = (name: string) => readFileSync(join(record, name), 'utf8');
      for (const text of [stdout, readFileSync(junit, 'utf8'), file('logTraces.json')])
        expect(text).toContain('key [credential]');
      for (const text of [stdout, readFileSync(junit, 'utf8'), file('logTraces.json'), file('loginSocial.json')])
        expect(text).not.toContain(KEY);
      expect(stdout).toMatch(/^DRIFT: /m);

      const unwritable = await run([
        '--drift',
        '--base-url',
        baseUrl,
        '--operations',
        'loginSocial',
        '--junit',
        join(dir, 'no', 'such', 'dir', 'x.xml'),
      ]);
      expect(unwritable.code).toBe(2);
      expect(unwritable.stdout).toBe('');
      expect(unwritable.stderr).toMatch(/^api-contract-verify: cannot write: ENOENT/);
    } finally {
      await closeFake(server);
    }
  }, 60_000);
});
