// The mock keeps the rules across requests that the spec's descriptions state (Create Or Verify
// User: the first user is created as an administrator, a later one has its e-mail verified; Put
// Signals Configuration "creates or replaces"; Update Annotation Template is a PATCH; ScorerVersion:
// "Luna3 creation makes a new version under an existing scorer"), and only those. Each sequence
// runs through the typed client against the mock started as `npm start` starts it (stateful, the
// default) in a session of its own, and against a `--stateless` mock, where it gets the answers of
// one request alone. Both are the run's shared mocks (test/support/mock-server.ts), not the contract
// tests' one, which MOCK_STATELESS=1 turns stateless.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/index.js';
import { responseErrors, statefulMockUrl, statelessMockUrl } from '../support/contract.js';
import { startTestMock } from '../support/in-process.js';
import { startMock } from '../support/mock-process.js';
import { operation } from '../support/spec.js';

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const SCORER_A = '3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93';
const SCORER_B = '4e8c0a3f-6b2d-4d9e-a7f1-9a3b5e2d8f04';

const stateful = statefulMockUrl();

let sessions = 0;
/** A client in a session of its own (the X-Mock-Session header), so no other test shares its state. */
function sessionClient(baseUrl = stateful, session = `state-test-${process.pid}-${++sessions}`) {
  return createApiClient({ baseUrl, auth: { apiKey: 'ao-key' }, headers: { 'X-Mock-Session': session } });
}
type Client = ReturnType<typeof sessionClient>;

const example = (operationId: string): any =>
  structuredClone(
    (
      Object.values(operation(operationId).operation.responses['200'].content['application/json'].examples)[0] as {
        value: unknown;
      }
    ).value,
  );

/** One sequence per rule across requests (the four of the header), each returning the answers in order. */
const sequences = {
  async users(api: Client) {
    const answers = [];
    for (const email of ['ada@example.org', 'grace@example.org', 'ada@example.org']) {
      const { data, response } = await api.POST('/v2/system_users', { body: { email, password: 'secret' } });
      expect(response.status).toBe(200);
      expect(responseErrors('createOrVerifyUser', data)).toEqual([]);
      answers.push(data!);
    }
    return answers;
  },
  async versions(api: Client) {
    const answers = [];
    for (const scorer_id of [SCORER_A, SCORER_A, SCORER_A, SCORER_B]) {
      const { data, response } = await api.POST('/v2/scorers/{scorer_id}/version/luna3', {
        params: { path: { scorer_id } },
        body: { threshold: 0.5 },
      });
      expect(response.status).toBe(200);
      expect(responseErrors('createLuna3ScorerVersion', data)).toEqual([]);
      answers.push(data!);
    }
    return answers;
  },
  async signals(api: Client) {
    const put = async (body: { model: string; run_mode: 'SCHEDULED' | 'ON_DEMAND' }) => {
      const { data, response } = await api.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
        params: { path: { project_id: PROJECT, run_id: RUN } },
        body,
      });
      expect(response.status).toBe(200);
      expect(responseErrors('putSignalsConfiguration', data)).toEqual([]);
      return data!.data;
    };
    return [
      await put({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED' }),
      await put({ model: 'gpt-4.1', run_mode: 'ON_DEMAND' }),
    ];
  },
  async templates(api: Client) {
    const patch = async (body: { name?: string; criteria?: string }) => {
      const { data, response } = await api.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
        params: { path: { project_id: PROJECT, template_id: TEMPLATE } },
        body,
      });
      expect(response.status).toBe(200);
      expect(responseErrors('updateAnnotationTemplate', data)).toEqual([]);
      return data!;
    };
    return [
      await patch({ name: 'Correctness', criteria: 'Every fact is right.' }),
      await patch({ criteria: 'Every fact is right and sourced.' }),
    ];
  },
};

describe('stateful (the default): the rules across requests', () => {
  it('Create Or Verify User: the first user is an administrator; the next is an invited user whose e-mail is verified', async () => {
    const [first, second, again] = await sequences.users(sessionClient());
    expect(first).toMatchObject({ email: 'ada@example.org', role: 'system_admin' });
    expect(second).toMatchObject({ email: 'grace@example.org', role: 'system_user', email_is_verified: true });
    expect(second!.id).not.toBe(first!.id);
    // The administrator's record exists now: calling again verifies it, the same record.
    expect(again).toMatchObject({
      id: first!.id,
      role: 'system_admin',
      email_is_verified: true,
      created_at: first!.created_at,
    });
    expect(Date.parse(again!.updated_at!)).toBeGreaterThan(Date.parse(first!.updated_at!));
  });

  it('Create Luna3 Scorer Version: versions 1, 2, 3 on one scorer and 1 on another, each a new version', async () => {
    const answers = await sequences.versions(sessionClient());
    expect(answers.map((a) => [a.scorer_id, a.version])).toEqual([
      [SCORER_A, 1],
      [SCORER_A, 2],
      [SCORER_A, 3],
      [SCORER_B, 1],
    ]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(4);
  });

  it('Put Signals Configuration: a second PUT replaces the first, keeping id and created_at and moving updated_at', async () => {
    const [created, replaced] = await sequences.signals(sessionClient());
    expect(replaced).toMatchObject({
      id: created!.id,
      created_at: created!.created_at,
      model: 'gpt-4.1',
      run_mode: 'ON_DEMAND',
    });
    expect(Date.parse(replaced!.updated_at)).toBeGreaterThan(Date.parse(created!.updated_at));
    expect(created!.created_at).toBe(created!.updated_at);
  });

  it('Update Annotation Template: a partial PATCH keeps the name the previous one set', async () => {
    const [renamed, partial] = await sequences.templates(sessionClient());
    expect(renamed).toMatchObject({ id: TEMPLATE, name: 'Correctness', criteria: 'Every fact is right.' });
    expect(partial).toMatchObject({ id: TEMPLATE, name: 'Correctness', criteria: 'Every fact is right and sourced.' });
  });

  it('deterministic: the same sequence in two fresh sessions gives the same answers', async () => {
    for (const run of Object.values(sequences)) expect(await run(sessionClient())).toEqual(await run(sessionClient()));
  });

  it('sessions do not see each other, and POST /__mock/reset starts one afresh', async () => {
    const name = `state-test-reset-${process.pid}`;
    const api = sessionClient(stateful, name);
    const [first] = await sequences.versions(api);
    expect(first!.version).toBe(1);
    expect((await sequences.versions(sessionClient()))[0]!.version).toBe(1);
    const reset = await fetch(`${stateful}/__mock/reset`, { method: 'POST', headers: { 'X-Mock-Session': name } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ reset: name, stateful: true });
    expect(await sequences.versions(api)).toEqual(await sequences.versions(sessionClient()));
    expect((await fetch(`${stateful}/__mock/reset`)).status).toBe(405);
  });

  it('concurrent requests to one record are serialised: 20 at once make versions 1 to 20', async () => {
    const api = sessionClient();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.POST('/v2/scorers/{scorer_id}/version/luna3', { params: { path: { scorer_id: SCORER_A } }, body: {} }),
      ),
    );
    expect(answers.map((a) => a.data!.version).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('an invalid request changes nothing', async () => {
    const api = sessionClient();
    const invalid = await api.POST('/v2/scorers/{scorer_id}/version/luna3', {
      params: { path: { scorer_id: SCORER_A } },
      body: { threshold: 'high' as never },
    });
    expect(invalid.response.status).toBe(422);
    const { data } = await api.POST('/v2/scorers/{scorer_id}/version/luna3', {
      params: { path: { scorer_id: SCORER_A } },
      body: {},
    });
    expect(data!.version).toBe(1);
  });
});

describe('--stateless: the same sequences get the answers of one request alone', () => {
  const url = statelessMockUrl();

  it('every user is the example’s administrator; every version is the example’s; nothing is remembered', async () => {
    const api = sessionClient(url);
    const users = await sequences.users(api);
    for (const user of users)
      expect(user).toMatchObject({
        id: example('createOrVerifyUser').id,
        role: 'system_admin',
        email_is_verified: false,
      });
    const versions = await sequences.versions(api);
    expect(versions.map((v) => v.version)).toEqual([4, 4, 4, 4].map(() => example('createLuna3ScorerVersion').version));
    const [created, replaced] = await sequences.signals(api);
    expect(replaced!.updated_at).toBe(created!.updated_at);
    expect(replaced!.id).toBe(example('putSignalsConfiguration').data.id);
    const [, partial] = await sequences.templates(api);
    expect(partial!.name).toBe(example('updateAnnotationTemplate').name);
    expect((await (await fetch(`${url}/__mock/reset`, { method: 'POST' })).json()).stateful).toBe(false);
  });
});

describe('bounded, and loaded from a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--max-records: a new record past the limit gets 409 naming the limit; known records still answer', async () => {
    const mock = await startTestMock({ maxRecords: 2 });
    try {
      const api = sessionClient(mock.baseUrl, 'full');
      const post = (scorer_id: string) =>
        api.POST('/v2/scorers/{scorer_id}/version/luna3', { params: { path: { scorer_id } }, body: {} });
      expect((await post(SCORER_A)).data!.version).toBe(1);
      expect((await post(SCORER_B)).data!.version).toBe(1);
      const refused = await fetch(`${mock.baseUrl}/v2/system_users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': 'full' },
        body: '{"email":"a@example.org"}',
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        detail: expect.stringMatching(/holds 2 records.*--max-records/),
        limit: 'max-records',
        max: 2,
      });
      // Another session cannot start either: it would hold records too.
      const other = await fetch(`${mock.baseUrl}/v2/system_users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': 'other' },
        body: '{"email":"a@example.org"}',
      });
      expect(other.status).toBe(409);
      expect((await post(SCORER_A)).data!.version).toBe(2);
      await fetch(`${mock.baseUrl}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'full' } });
      expect((await post(SCORER_A)).data!.version).toBe(1);
    } finally {
      await mock.stop();
    }
  });

  it('--state FILE: every session starts from it (an administrator exists, a scorer has 3 versions)', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [{ email: 'root@example.org', role: 'system_admin' }],
        scorerVersions: { [SCORER_A]: 3 },
      }),
    );
    const mock = await startMock({ args: ['--state', file] });
    try {
      const api = sessionClient(mock.baseUrl);
      const { data: user } = await api.POST('/v2/system_users', { body: { email: 'new@example.org' } });
      expect(user).toMatchObject({ role: 'system_user', email_is_verified: true });
      const { data: version } = await api.POST('/v2/scorers/{scorer_id}/version/luna3', {
        params: { path: { scorer_id: SCORER_A } },
        body: {},
      });
      expect(version!.version).toBe(4);
    } finally {
      await mock.stop();
    }
  });

  it.each([
    ['not JSON', 'users: []', /--state .*: .*JSON/],
    ['an unknown key', '{"people": []}', /unknown key "people"/],
    ['a user without e-mail', '{"users": [{"name": "x"}]}', /users\[0\] must be an object with a string "email"/],
    ['a negative version', `{"scorerVersions": {"${SCORER_A}": -1}}`, /scorerVersions\[".*"\] must be a whole number/],
  ])('a --state file with %s: exit 2 and a message that says what is wrong', (_name, text, message) => {
    const file = join(dir, `bad-${_name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, text);
    const result = spawnSync(process.execPath, ['dist/src/mock/cli.js', '--port', '0', '--state', file], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('--stateless with --state, and a bad --max-records: exit 2', () => {
    for (const args of [
      ['--stateless', '--state', 'x.json'],
      ['--max-records', '0'],
      ['--max-records', 'many'],
    ]) {
      const result = spawnSync(process.execPath, ['dist/src/mock/cli.js', '--port', '0', ...args], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/--state|--max-records/);
    }
  });
});
