// The drift run (src/verify/drift.ts), Node only, against the stand-in provider of
// test/support/drift-stand-in.ts (the package's mock behind node:http, with a drift planted or not):
// each planted drift reported once, with its line and a curl line. The replays read the committed cassettes of the reference service (FastAPI
// itself) and copies of them with a drift planted. The live runs against FastAPI and its drifted
// variants are scripts/drift.js, in CI after `npm run conformance:check`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/mock/index.js';
import { readCassettes, type Cassette } from '../../../src/verify/cassette.js';
import { drift } from '../../../src/verify/drift.js';
import { formatDriftJunit, formatDriftText } from '../../../src/verify/drift-report.js';
import { operations } from '../../../src/verify/operations.js';
import {
  CASSETTES,
  deliberate,
  env,
  itemsOf,
  KEY,
  liveOf,
  open,
  opsOf,
  PLANTS,
  startStandIn,
  type StandIn,
} from '../../support/drift-stand-in.js';

let standIn: StandIn;
let stateless: Mock;
let rules: Mock;
beforeAll(async () => {
  [standIn, stateless, rules] = await Promise.all([startStandIn(), createMock({ stateless: true }), createMock()]);
}, 60_000);
afterAll(async () => {
  await standIn.close();
});

const live = () => liveOf(standIn);

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
