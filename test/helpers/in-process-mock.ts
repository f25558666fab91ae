// The mock started in this test process rather than as a child (MOCK_IN_PROCESS=1, set by
// vitest.mutation.config.ts): a mutant of the mock's code is only seen by tests that run it in
// the process Stryker switches mutants in (vitest runs src/mock/*.ts itself). It takes the flags
// the tests pass to the mock that change answers (--stateless, --dynamic, --seed); what needs a process (pid, RSS, exit) is refused.
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { fallbacksOf, FallbackError, type MockProcess } from './mock-process.js';

const spec = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

export async function startInProcessMock(args: string[] = []): Promise<MockProcess> {
  const known = new Set(['--stateless', '--dynamic', '--seed']);
  const unknown = args.filter((arg, i) => arg.startsWith('--') && !known.has(arg) && args[i - 1] !== '--seed');
  if (unknown.length > 0) throw new Error(`the in-process mock does not take ${unknown.join(' ')}`);
  const seedAt = args.indexOf('--seed');
  const { startMock } = await import('../../src/mock/server.js');
  let output = '';
  const log = new Writable({
    write(chunk, _encoding, done) {
      output = (output + String(chunk)).slice(-20_000);
      done();
    },
  });
  const mock = await startMock({
    spec,
    port: 0,
    stateless: args.includes('--stateless'),
    dynamic: args.includes('--dynamic'),
    ...(seedAt >= 0 ? { seed: args[seedAt + 1] } : {}),
    log,
  });
  const port = Number(new URL(mock.url).port);
  const noProcess = (what: string) => () => {
    throw new Error(`${what}: the mock runs in this process (MOCK_IN_PROCESS=1)`);
  };
  return {
    baseUrl: mock.url,
    port,
    pid: process.pid,
    rss: noProcess('rss'),
    rssAfterGc: noProcess('rssAfterGc'),
    exited: () => undefined,
    answers: async () => true,
    log: () => output,
    async stop() {
      const fired = await fallbacksOf(mock.url);
      await mock.close();
      if (fired.total > 0) throw new FallbackError(fired, output);
    },
  };
}
