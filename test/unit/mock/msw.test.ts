// The MSW scenario (test/ecosystem/msw/scenario.ts) on the source, with the MSW 2 of the
// repository's devDependencies; test/ecosystem/ runs it on the packed package with MSW 2 and 3.
// Then mswHandlers in a copy of the package without msw (MissingMswError), or with an msw that
// fails to load (its own error).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, validationDetails } from '../../../src/index.js';
import { createMock, type Mock } from '../../../src/mock/index.js';
import { MissingMswError, mswHandlers } from '../../../src/mock/msw.js';
import { scenario } from '../../ecosystem/msw/scenario.js';
import { BASE, USERS, post } from '../../support/door-requests.js';

scenario({
  createApiClient,
  validationDetails,
  createMock,
  mswHandlers,
  setupServer: setupServer as never,
  vitest: { afterAll, beforeAll, beforeEach, describe, expect, it },
});

describe('without msw installed', () => {
  /** A copy of the package (its source, manifest and spec) where msw resolves to these files, or to nothing. */
  async function copyWithMsw(
    msw: Record<string, string> | undefined,
    test: (copy: typeof import('../../../src/mock/msw.js')) => void,
  ): Promise<void> {
    const root = mkdtempSync(join(tmpdir(), 'no-msw-'));
    try {
      const repo = fileURLToPath(new URL('../../..', import.meta.url));
      cpSync(join(repo, 'src'), join(root, 'src'), { recursive: true });
      cpSync(join(repo, 'package.json'), join(root, 'package.json'));
      cpSync(join(repo, 'generated/openapi.json'), join(root, 'generated/openapi.json'));
      cpSync(join(repo, 'generated/embedded.ts'), join(root, 'generated/embedded.ts'));
      for (const [name, text] of Object.entries(msw ?? {})) {
        mkdirSync(join(root, 'node_modules/msw'), { recursive: true });
        writeFileSync(join(root, 'node_modules/msw', name), text);
      }
      test((await import(join(root, 'src/mock/msw.ts'))) as typeof import('../../../src/mock/msw.js'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  /** What mswHandlers throws. */
  function thrownBy(copy: typeof import('../../../src/mock/msw.js')): unknown {
    try {
      copy.mswHandlers('https://api.example.test');
    } catch (error) {
      return error;
    }
    throw new Error('mswHandlers did not throw');
  }

  it('mswHandlers throws MissingMswError naming msw and how to install it', async () => {
    await copyWithMsw(undefined, (copy) => {
      const error = thrownBy(copy);
      expect(error).toBeInstanceOf(copy.MissingMswError);
      expect(error).toMatchObject({
        message:
          'mswHandlers needs msw, an optional peer dependency that is not installed: npm install --save-dev msw (msw@2 on Node 20: msw 3 needs Node 22.12 or later)',
        cause: { code: 'MODULE_NOT_FOUND' },
      });
    });
  });

  it('an msw that is installed but fails to load: its own error, not MissingMswError', async () => {
    const manifest = JSON.stringify({ name: 'msw', version: '2.0.0', main: 'index.js' });
    await copyWithMsw({ 'package.json': manifest, 'index.js': "require('a-dependency-of-msw');" }, (copy) => {
      const error = thrownBy(copy);
      expect(error).not.toBeInstanceOf(copy.MissingMswError);
      expect(error).toMatchObject({
        code: 'MODULE_NOT_FOUND',
        message: expect.stringContaining("Cannot find module 'a-dependency-of-msw'"),
      });
    });
    await copyWithMsw(
      { 'package.json': manifest, 'index.js': 'throw new Error("this \'msw\' is broken");' },
      (copy) => {
        const error = thrownBy(copy);
        expect(error).not.toBeInstanceOf(copy.MissingMswError);
        expect(error).toMatchObject({ message: "this 'msw' is broken" });
      },
    );
  });

  it('MissingMswError: its name, and the error of the require as its cause', () => {
    const cause = Object.assign(new Error("Cannot find module 'msw'"), { code: 'MODULE_NOT_FOUND' });
    const error = new MissingMswError(cause);
    expect([error.name, error.cause, String(error)]).toEqual([
      'MissingMswError',
      cause,
      `MissingMswError: ${error.message}`,
    ]);
  });
});

describe("mswHandlers: an error of the mock's that is not a dropped connection", () => {
  it("is MSW's to report (its 500), not a network error: only a reset fault or an aborted caller is one", async () => {
    const failing = { handle: () => Promise.reject(new TypeError('a bug in the mock')) } as unknown as Mock;
    const server = setupServer(...mswHandlers('https://boom.example.test', failing));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const response = await fetch('https://boom.example.test/v2/anything');
      expect(response.status).toBe(500);
      expect(await response.text()).toContain('a bug in the mock');
    } finally {
      server.close();
    }
  });
});

describe('a dropped connection: the check docs/mock.md gives works through mock.fetch and through MSW alike', () => {
  const BASE = 'https://drop.example.test';
  const TRACES = `${BASE}/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/traces`;
  /** docs/mock.md, "A dropped connection": any network error of fetch is a TypeError; an abort or a timeout is not. */
  const isDroppedConnection = (error: unknown): boolean => error instanceof TypeError;
  let mock: Mock;
  const server = setupServer();
  beforeAll(async () => {
    mock = await createMock({ log: { write: () => undefined } });
    server.use(...mswHandlers(BASE, mock));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());
  beforeEach(() => mock.reset());

  const send = (fetch: typeof globalThis.fetch, signal?: AbortSignal) =>
    fetch(TRACES, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'service-ao-api-key': 'key' },
      body: '{"traces": []}',
      signal,
    });

  it('a reset fault: a TypeError through both (each with its own message and cause), which the check names', async () => {
    const errors: unknown[] = [];
    for (const fetch of [mock.fetch, globalThis.fetch]) {
      mock.use({ operation: 'logTraces', fault: 'reset', times: 1 });
      errors.push(await send(fetch).catch((e: unknown) => e));
    }
    const [direct, msw] = errors as [TypeError, TypeError];
    expect([direct.message, (direct.cause as { code?: string }).code]).toEqual(['fetch failed', 'ECONNRESET']);
    expect(msw.message).toBe('Failed to fetch');
    expect(msw.cause).toBeInstanceOf(Response);
    expect(errors.map(isDroppedConnection)).toEqual([true, true]);
  });

  it('through the client too; and a call the caller gave up on (a hang ended by its timeout) is not one', async () => {
    for (const fetch of [mock.fetch, globalThis.fetch]) {
      const api = createApiClient({ baseUrl: BASE, auth: { apiKey: 'key' }, fetch });
      const call = (signal?: AbortSignal) =>
        api.POST('/v2/projects/{project_id}/traces', {
          params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34' } },
          body: { traces: [] },
          signal,
        });
      mock.use({ operation: 'logTraces', fault: 'reset', times: 1 });
      expect(isDroppedConnection(await call().catch((e: unknown) => e))).toBe(true);
      mock.use({ operation: 'logTraces', fault: 'hang', times: 1 });
      const timedOut = await call(AbortSignal.timeout(20)).catch((e: unknown) => e);
      expect((timedOut as Error).name).toBe('TimeoutError');
      expect(isDroppedConnection(timedOut)).toBe(false);
      mock.reset();
    }
  });
});

describe('mswHandlers', () => {
  it('makes one on the first request, which answers every request after it', async () => {
    const server = setupServer(...mswHandlers(BASE, { logLevel: 'silent' }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const roles = [];
      for (const email of ['a@example.org', 'b@example.org'])
        roles.push(((await (await fetch(USERS, post(JSON.stringify({ email })))).json()) as { role: string }).role);
      expect(roles).toEqual(['system_admin', 'system_user']);
    } finally {
      server.close();
    }
  });

  it("answers from the mock it is given (what it received is that mock's), under a base URL with a path", async () => {
    const mock = await createMock({ logLevel: 'silent' });
    const users = async (base: string) => {
      const server = setupServer(...mswHandlers(base, mock));
      server.listen({ onUnhandledRequest: 'error' });
      try {
        return (
          await fetch(`${base.replace(/\/$/, '')}/v2/system_users`, post(JSON.stringify({ email: 'c@example.org' })))
        ).status;
      } finally {
        server.close();
      }
    };
    expect(await users(BASE)).toBe(200);
    // Every request under the base URL's path, with or without its slash, goes to the mock (which
    // routes the whole path: the spec's paths are not under /api, so 404); nothing else does.
    expect(await users(`${BASE}/api/`)).toBe(404);
    expect(await users(`${BASE}/api`)).toBe(404);
    const server = setupServer(...mswHandlers(`${BASE}/api`, mock));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await expect(fetch(`${BASE}/v2/system_users`, post('{}'))).rejects.toThrow();
    } finally {
      server.close();
    }
    expect(mock.received.map((r) => [r.path, r.status])).toEqual([
      ['/v2/system_users', 200],
      ['/api/v2/system_users', 404],
      ['/api/v2/system_users', 404],
    ]);
  });
});
