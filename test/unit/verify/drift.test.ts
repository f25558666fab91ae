// The drift run (src/verify/drift.ts), Node only. Small replays of the reference service's
// cassettes with answers changed by hand pin each field of the report (counts, grouping, the
// example request, order, allowed entries, items one side lacks, missing answers, validity); two
// small servers pin fresh identifiers and a server that is not this API. Then the stand-in provider
// of test/support/drift-stand-in.ts (the package's mock behind node:http, with a drift planted or
// not): each planted drift reported once, with its line and a curl line. The replays read the
// committed cassettes of the reference service (FastAPI itself) and copies of them with a drift
// planted. The live runs against FastAPI and its drifted variants are scripts/drift.js, in CI after
// `npm run conformance:check`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/mock/index.js';
import {
  answerOf,
  parsed,
  readCassettes,
  toRequest,
  type AllowedDifference,
  type Cassette,
  type Interaction,
  type RecordedAnswer,
} from '../../../src/verify/cassette.js';
import type { CorpusRequest } from '../../../src/verify/corpus.js';
import { drift, type DriftOptions } from '../../../src/verify/drift.js';
import { formatDriftJunit, formatDriftText } from '../../../src/verify/drift-report.js';
import { operations } from '../../../src/verify/operations.js';
import { closeFake, fakeServer } from '../../support/fake-server.js';
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
/** The JSON a corpus request sends. */
const parsedBody = (request: CorpusRequest) =>
  request.body !== undefined && 'text' in request.body ? parsed(request.body.text) : undefined;

describe('a replay of a few answers, each field of the report', () => {
  const baseUrl = 'http://127.0.0.1:9';
  /** The reference service's answers to createOrVerifyUser that are 422s, by id. */
  const refused = (): Interaction[] =>
    structuredClone(readCassettes(CASSETTES).find((c) => c.operation === 'createOrVerifyUser')!.interactions).filter(
      (i) => i.response.status === 422,
    );
  const byId = (interactions: Interaction[], id: string) =>
    interactions.find((i) => i.request.id === `createOrVerifyUser ${id}`)!;
  const replay = (interactions: Interaction[], over: Partial<DriftOptions> = {}) =>
    drift({
      source: { type: 'replay', interactions, baseUrl },
      operations: opsOf('createOrVerifyUser'),
      withWrites: false,
      mock: stateless,
      ...over,
    });
  const itemAt = (answer: RecordedAnswer, field: string) =>
    itemsOf(answer.body).find((item) => item.loc.join('.') === `body.${field}`)!;

  it('reports a replay that agrees: its source, counts per operation and the answers it compared', async () => {
    const interactions = refused();
    const before = Date.now();
    const progress: [number, number][] = [];
    const { report, interactions: compared } = await replay(interactions, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(report).toMatchObject({
      source: baseUrl,
      withWrites: false,
      requests: interactions.length,
      operations: [
        {
          operationId: 'createOrVerifyUser',
          method: 'POST',
          path: '/v2/system_users',
          requests: interactions.length,
          agreed: interactions.length,
          divergences: 0,
          allowed: 0,
        },
      ],
      divergences: [],
      agrees: true,
    });
    expect(report).not.toHaveProperty('notTheApi');
    expect(Date.parse(report.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(report.durationMs).toBeGreaterThanOrEqual(0);
    expect(report.durationMs).toBeLessThan(60_000);
    expect(compared).toEqual(interactions);
    expect(progress).toEqual(interactions.map((_, i) => [i + 1, interactions.length]));
    const all = await replay(interactions, { operations: undefined });
    expect(all.report.operations.map((o) => [o.operationId, o.requests])).toEqual(
      operations.map((o) => [o.id, o.id === 'createOrVerifyUser' ? interactions.length : 0]),
    );
  });

  it('groups like differences, its example the shortest request, open ones first by count and name, then allowed', async () => {
    const interactions = refused();
    // The combined request's body is a byte shorter than the single constraint's: its curl line too.
    const short = byId(interactions, 'combined: 2 errors: email, first_name');
    const long = byId(interactions, 'constraint: body email type string|null [type string]');
    for (const i of [long, short]) itemAt(i.response, 'email').msg = 'Email must be a string';
    itemAt(byId(interactions, 'constraint: body password type string|null [type string]').response, 'password').input =
      'other';
    itemAt(
      byId(interactions, 'constraint: body last_name type string|null [type string]').response,
      'last_name',
    ).input = 'other';
    byId(interactions, 'constraint: body first_name type string|null [type string]').response.status = 400;
    byId(interactions, 'constraint: body auth_method type null [oneOf[1] type null]').response.status = 400;
    // Allowed: every msg that differs (the e-mail's, the most frequent and first by name).
    const allowed = [{ request: 'createOrVerifyUser *', field: 'msg' as const, reason: 'why' }];
    const expected = [
      ['status', 2, expect.stringContaining('createOrVerifyUser constraint: body '), [['status', 400, 422]]],
      ['422 item string_type at body.last_name', 1, expect.stringContaining('last_name'), [['input', 'other', true]]],
      ['422 item string_type at body.password', 1, expect.stringContaining('password'), [['input', 'other', true]]],
      [
        '422 item string_type at body.email',
        2,
        short.request.id,
        [['msg', 'Email must be a string', 'Input should be a valid string']],
      ],
    ];
    const summary = (report: Awaited<ReturnType<typeof replay>>['report']) =>
      report.divergences.map((d) => [
        d.what,
        d.occurrences,
        d.request,
        d.differences.map((f) => [f.field, f.provider, f.mock]),
      ]);
    const { report } = await replay(interactions, { allowed });
    expect(summary(report)).toEqual(expected);
    expect(report.divergences.map((d) => d.allowed)).toEqual([undefined, undefined, undefined, 'why']);
    expect(report.divergences.map((d) => 'allowed' in d)).toEqual([false, false, false, true]);
    expect(report.divergences[0]!.curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:9\/v2\/system_users'/);
    expect(report.operations[0]).toMatchObject({
      requests: interactions.length,
      agreed: interactions.length - 6,
      divergences: 3,
      allowed: 1,
    });
    expect(report.agrees).toBe(false);
    // The shorter request first: the longer one after it does not replace it as the example.
    const reordered = [short, ...interactions.filter((i) => i !== short)];
    expect(summary((await replay(reordered, { allowed })).report)).toEqual(expected);
    // Allowed alone: the run agrees.
    const onlyMsg = refused();
    itemAt(byId(onlyMsg, 'constraint: body email type string|null [type string]').response, 'email').msg = 'x';
    expect((await replay(onlyMsg, { allowed })).report.agrees).toBe(true);
    expect((await replay(onlyMsg)).report.agrees).toBe(false);
  });

  it('names the items only one side has, an answer that never came, and an answer that breaks the contract', async () => {
    const interactions = refused();
    const extra = byId(interactions, 'constraint: body email type string|null [type string]');
    itemsOf(extra.response.body).push({
      type: 'extra_forbidden',
      loc: ['body', 'x', 0],
      msg: 'Extra inputs are not permitted',
    });
    byId(interactions, 'constraint: body password type string|null [type string]').response = {
      status: 0,
      headers: {},
      body: 'no answer: ECONNRESET',
    };
    byId(interactions, 'combined: 2 errors: email, first_name').response.body = { detail: 'text' };
    // A 200 that breaks the response schema, where the mock refuses: the status alone differs.
    byId(interactions, 'constraint: body auth_method type null [oneOf[1] type null]').response = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { id: 5 },
    };
    const { report } = await replay(interactions);
    expect(report.divergences.map((d) => [d.what, d.differences.map((f) => [f.field, f.provider, f.mock])])).toEqual([
      [
        '422 items only the provider has: extra_forbidden at body.x.*; only the mock has: none',
        [['items', [expect.objectContaining({ type: 'extra_forbidden' })], []]],
      ],
      [
        '422 items only the provider has: none; only the mock has: string_type at body.email, string_type at body.first_name',
        [
          [
            'items',
            [],
            [expect.objectContaining({ type: 'string_type' }), expect.objectContaining({ type: 'string_type' })],
          ],
        ],
      ],
      ['status', [['status', 'no answer: ECONNRESET', 422]]],
      ['status', [['status', 200, 422]]],
      [
        'validity against the contract',
        [['validity', 'the 422 body is not an HTTPValidationError', 'keeps the contract']],
      ],
    ]);
  });

  it('with writes, compares the valid answers too, and an answer that breaks the response schema', async () => {
    const interactions = structuredClone(
      readCassettes(CASSETTES).find((c) => c.operation === 'createOrVerifyUser')!.interactions,
    );
    // The reference service has no business logic: its 200s are `{}`, which the response schema
    // takes (no field of an answer is required). One that is not:
    const [first, second] = interactions.filter((i) => i.response.status === 200);
    first!.response.body = { id: 5 };
    // And one that keeps the schema but breaks the operation's rule on one answer.
    second!.response.body = { role: 'system_user', email_is_verified: false };
    const { report } = await replay(interactions, { withWrites: true, allowed: deliberate });
    const validity = report.divergences.filter((d) => d.what === 'validity against the contract');
    expect(validity.map((d) => [d.occurrences, d.differences])).toEqual([
      [1, [{ field: 'validity', provider: '/id must be string', mock: 'keeps the contract' }]],
      [
        1,
        [
          {
            field: 'validity',
            provider:
              'system_user_is_admin_or_verified: the user is neither an administrator nor verified (role "system_user", email_is_verified false)',
            mock: 'keeps the contract',
          },
        ],
      ],
    ]);
    expect(open(report)).toEqual(validity);
    expect(report.requests).toBe(interactions.length);
    // A saved Signals configuration that does not hold what was sent: the rule reads the request's body.
    const signals = structuredClone(
      readCassettes(CASSETTES).find((c) => c.operation === 'putSignalsConfiguration')!.interactions,
    ).filter((i) => i.request.kind === 'valid');
    const [saved] = signals;
    // The mock's own answer, with the model changed: the one difference from what was sent.
    const answer = await answerOf(await stateless.fetch(toRequest('https://drift.test', saved!.request)));
    (answer.body as { data: { model: string } }).data.model = 'another-model';
    saved!.response = answer;
    const drifted = await replay([saved!], { operations: opsOf('putSignalsConfiguration'), withWrites: true });
    expect(open(drifted.report).map((d) => [d.what, d.occurrences, d.differences[0]!.mock])).toEqual([
      ['validity against the contract', 1, 'keeps the contract'],
    ]);
    expect(open(drifted.report)[0]!.differences[0]!.provider).toBe(
      'signals_put_returns_saved_values: data.model is "another-model", but the request saved "gpt-4.1-mini"',
    );
    const without = await replay(interactions, { allowed: deliberate });
    expect(without.report.requests).toBe(interactions.filter((i) => i.response.status !== 200).length);
  });
});

describe('a replay against a mock that breaks the contract itself', () => {
  it('names the mock as the side that breaks it, whatever the provider answered', async () => {
    // A stand-in for the mock that answers every request with a 422 that is no HTTPValidationError.
    const broken = {
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ detail: 'no items' }), {
            status: 422,
            headers: { 'content-type': 'application/json' },
          }),
        ),
    } as unknown as Mock;
    const interactions = readCassettes(CASSETTES)
      .find((c) => c.operation === 'createOrVerifyUser')!
      .interactions.filter((i) => i.request.id.endsWith('constraint: body email type string|null [type string]'));
    const { report } = await drift({
      source: { type: 'replay', interactions, baseUrl: 'http://127.0.0.1:9' },
      operations: opsOf('createOrVerifyUser'),
      withWrites: false,
      mock: broken,
    });
    expect(report.divergences.map((d) => [d.what, d.differences.map((f) => [f.field, f.provider, f.mock])])).toEqual([
      [
        '422 items only the provider has: string_type at body.email; only the mock has: none',
        [['items', [expect.objectContaining({ type: 'string_type' })], []]],
      ],
      [
        'validity against the contract',
        [['validity', 'keeps the contract', 'the 422 body is not an HTTPValidationError']],
      ],
    ]);
  });
});

describe('a live run: fresh identifiers, fixed parameters, and a server that is not this API', () => {
  /** A server that records each request's path and answers every one with `answer`. */
  const recorder = async (answer: { status: number; type: string; body: string }) => {
    const paths: string[] = [];
    const server = await fakeServer();
    server.handler = (req, res) => {
      paths.push(req.url!);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    };
    return {
      paths,
      source: {
        type: 'live' as const,
        baseUrl: server.url,
        timeoutMs: 5000,
        concurrency: 2,
        credentials: { apiKey: KEY, classicApiKey: KEY },
      },
      close: () => closeFake(server),
    };
  };

  it('sends each written identifier fresh in the form it had, the same one each time, and a fixed one as given', async () => {
    const server = await recorder({ status: 200, type: 'application/json', body: '{}' });
    try {
      const { interactions } = await drift({
        source: server.source,
        operations: opsOf('updateAnnotationTemplate'),
        withWrites: true,
        pathParams: { template_id: 'tmpl 1/2' },
        mock: stateless,
      });
      const pathOf = (what: string) =>
        interactions.find((i) => i.request.id === `updateAnnotationTemplate ${what}`)!.request.path;
      const project = (what: string) => /^\/v2\/projects\/([^/]+)\//.exec(pathOf(what))![1]!;
      const corpusProject = '00000018-001a-1000-92ae-759b1fa54b3f';
      const fresh = project("valid: the spec's example renameAndCriteria");
      expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(fresh).not.toBe(corpusProject);
      expect(project('valid: a sample of variant 1')).toBe(fresh);
      expect(pathOf('valid: a sample of variant 1')).toBe(`/v2/projects/${fresh}/annotation/templates/tmpl%201%2F2`);
      const hex = project('path: project_id 32 hex digits');
      expect(hex).toMatch(/^[0-9a-f]{32}$/);
      expect(hex).not.toBe('6f1c2a4e3b7d4e8a9c215d0f8b7a1e34');
      // Another identifier of the corpus, another fresh one.
      expect(hex).not.toBe(fresh.replace(/-/g, ''));
      const braced = project('path: project_id a braced UUID');
      expect(braced).toBe(
        `%7B${[hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-')}%7D`,
      );
      expect(project('path: project_id an upper-case UUID')).toBe(
        decodeURIComponent(braced).slice(1, -1).toUpperCase(),
      );
      expect(project('path: project_id a urn:uuid: UUID')).toBe(
        `urn%3Auuid%3A${decodeURIComponent(braced).slice(1, -1)}`,
      );
      // What the mock refuses writes nothing and is sent as the corpus has it.
      expect(project('path: project_id a UUID missing a digit')).toBe('6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e3');
      expect(server.paths).toEqual(expect.arrayContaining(interactions.map((i) => i.request.path)));
      expect(server.paths).toHaveLength(interactions.length);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('sends only the first request of each operation to a server that is not this API, and says what it answered', async () => {
    const server = await recorder({ status: 200, type: 'text/html', body: '<html>hello</html>' });
    try {
      // With writes: neither the rest of the corpus nor the rules across requests are sent; and
      // the run does not agree, even when the allow list covers what the first round showed.
      const everything = (['status', 'content-type', 'items', 'body', 'validity', 'rule'] as const).map((field) => ({
        request: '*',
        field,
        reason: 'anything',
      }));
      const { report } = await drift({
        source: server.source,
        operations: opsOf('createOrVerifyUser', 'loginSocial'),
        withWrites: true,
        allowed: everything,
        mock: stateless,
        rulesMock: rules,
      });
      expect(report.notTheApi).toBe('2 of 2 requests answered 200 with no JSON');
      expect(report.requests).toBe(2);
      expect(server.paths).toHaveLength(2);
      expect(report.agrees).toBe(false);
      const one = await drift({
        source: server.source,
        operations: opsOf('loginSocial'),
        withWrites: false,
        mock: stateless,
      });
      expect(one.report.notTheApi).toBe('1 of 1 requests answered 200 with no JSON');
      expect(server.paths).toHaveLength(3);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('takes a JSON media type with a body that is no JSON for no JSON', async () => {
    const server = await recorder({ status: 200, type: 'application/problem+json; charset=utf-8', body: 'oops' });
    try {
      const { report } = await drift({
        source: server.source,
        operations: opsOf('loginSocial'),
        withWrites: false,
        mock: stateless,
      });
      expect(report.notTheApi).toBe('1 of 1 requests answered 200 with no JSON');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('goes on past a server that never answers: no answer is no sign of another API', async () => {
    const server = await fakeServer();
    server.handler = (req) => req.socket.destroy();
    try {
      const { report } = await drift({
        source: { type: 'live', baseUrl: server.url, timeoutMs: 2000, concurrency: 1, credentials: { apiKey: KEY } },
        operations: opsOf('loginSocial'),
        withWrites: false,
        mock: stateless,
      });
      expect(report).not.toHaveProperty('notTheApi');
      expect(report.operations[0]!.requests).toBeGreaterThan(3);
      expect(report.divergences.map((d) => d.differences[0]!.provider)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^no answer: /), 'not sent: 3 requests went unanswered']),
      );
    } finally {
      await closeFake(server);
    }
  }, 60_000);
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

describe('the rules across requests, live and replayed', () => {
  it('reports a broken rule once under its own id, counts its steps, and replays it alike in any order', async () => {
    standIn.plant = PLANTS['a rule across requests broken (every Luna3 version is 1)']!.plant;
    let live;
    try {
      live = await drift({
        source: liveOf(standIn),
        operations: opsOf('createLuna3ScorerVersion', 'createOrVerifyUser', 'putSignalsConfiguration'),
        withWrites: true,
        mock: stateless,
        rulesMock: rules,
      });
    } finally {
      standIn.plant = undefined;
    }
    const steps = (id: string) => live.interactions.filter((i) => i.request.id.includes(` rule: ${id} step `));
    const luna3 = steps('luna3_versions_count_up');
    expect(luna3.length).toBeGreaterThan(1);
    // The users of a run are fresh: e-mails of the run, numbered.
    const emails = steps('first_user_is_administrator').map((i) => (parsedBody(i.request) as { email: string }).email);
    expect(emails).toEqual([emails[0], expect.stringMatching(/^drift-[0-9a-f]{8}-2@example\.org$/), emails[0]]);
    expect(emails[0]).toMatch(/^drift-[0-9a-f]{8}-1@example\.org$/);
    const shape = (report: typeof live.report) => ({
      requests: report.requests,
      operations: report.operations,
      divergences: report.divergences.map(({ curl, ...d }) => ({ ...d, steps: curl.split(' && ').length })),
    });
    expect(shape(live.report)).toEqual({
      requests: live.interactions.length,
      operations: opsOf('createLuna3ScorerVersion', 'createOrVerifyUser', 'putSignalsConfiguration').map(({ id }) => {
        const requests = live.interactions.filter((i) => i.request.operation === id).length;
        const broken = id === 'createLuna3ScorerVersion';
        return expect.objectContaining({
          operationId: id,
          requests,
          agreed: broken ? requests - luna3.length : requests,
          divergences: broken ? 1 : 0,
          allowed: 0,
        });
      }),
      divergences: [
        {
          operation: 'createLuna3ScorerVersion',
          what: 'rule luna3_versions_count_up: version steps',
          differences: [{ field: 'rule', provider: expect.any(String), mock: expect.any(String) }],
          occurrences: 1,
          request: 'createLuna3ScorerVersion rule: luna3_versions_count_up',
          steps: luna3.length,
        },
      ],
    });
    const [difference] = live.report.divergences[0]!.differences;
    expect(difference!.provider).not.toBe(difference!.mock);

    // Replayed from its answers, the steps given in reverse, twice on the same mock (each rule in a
    // session of its own): the same report; and with the rule allowed, no drift.
    const replayOf = (interactions: Interaction[], allowed: AllowedDifference[] = []) => {
      const progress: number[] = [];
      return drift({
        source: { type: 'replay', interactions, baseUrl: standIn.baseUrl },
        operations: opsOf('createLuna3ScorerVersion', 'createOrVerifyUser', 'putSignalsConfiguration'),
        withWrites: true,
        allowed,
        mock: stateless,
        rulesMock: rules,
        onProgress: (done, total) => progress.push(total - done),
      }).then((run) => ({ ...run, progress }));
    };
    const reversed = [...live.interactions].reverse();
    for (let round = 0; round < 2; round++) {
      const replayed = await replayOf(reversed);
      expect(shape(replayed.report)).toEqual(shape(live.report));
      expect(replayed.progress.at(-1)).toBe(0);
      expect(replayed.progress).toHaveLength(live.interactions.length);
    }
    const allowed = await replayOf(reversed, [
      { request: 'createLuna3ScorerVersion rule: *', field: 'rule', reason: 'versions are per scorer here' },
    ]);
    expect(allowed.report.divergences.map((d) => d.allowed)).toEqual(['versions are per scorer here']);
    expect(allowed.report.agrees).toBe(true);
    // Answers without the rules' steps: no rule is compared.
    const corpusOnly = live.interactions.filter((i) => i.request.kind !== 'rule');
    const withoutRules = await replayOf(corpusOnly);
    expect(withoutRules.report.requests).toBe(corpusOnly.length);
    expect(withoutRules.report.divergences).toEqual([]);
    // Steps of an operation that is not compared are not replayed.
    const other = await drift({
      source: { type: 'replay', interactions: reversed, baseUrl: standIn.baseUrl },
      operations: opsOf('loginSocial'),
      withWrites: true,
      mock: stateless,
      rulesMock: rules,
    });
    expect(other.report.requests).toBe(0);
    expect(other.report.divergences).toEqual([]);
  }, 90_000);
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
