// Scenarios over HTTP on the packed package: the `api-contract-mock` bin of the install, started on
// a free port, given scenarios through POST /__mock/scenarios as a test in another language would.
// (Copied with ./scenario.ts into the empty project test/ecosystem/msw.mjs installs.)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  const bin = createRequire(import.meta.url)
    .resolve('@observability/api-contract/package.json')
    .replace(/package\.json$/, 'dist/src/mock/cli.js');
  child = spawn(process.execPath, [bin, '--port', '0', '--log-level', 'error'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    const url = /mock: (http:\/\/\S+) serving/.exec(out)?.[1];
    if (url) {
      base = url;
      break;
    }
  }
});
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});

const traces = () =>
  fetch(`${base}/v2/projects/${PROJECT}/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'service-ao-api-key': 'k' },
    body: '{"traces": [{"type": "trace", "name": "chat", "spans": []}]}',
  });

it('POST /__mock/scenarios: a 503 with Retry-After once, then a dropped connection, then the contract; a scenario that breaks the spec is a 400', async () => {
  const added = await fetch(`${base}/__mock/scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      scenarios: [
        { operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 },
        { operation: 'logTraces', fault: 'reset', times: 1 },
      ],
    }),
  });
  expect(added.status).toBe(200);
  const unavailable = await traces();
  expect([unavailable.status, unavailable.headers.get('retry-after')]).toEqual([503, '2']);
  await expect(traces()).rejects.toThrow(TypeError);
  expect((await traces()).status).toBe(200);
  const journal = (await (await fetch(`${base}/__mock/requests`)).json()) as {
    requests: { status: number | null; unanswered: string | null; outsideContract: boolean }[];
  };
  expect(journal.requests.map((r) => [r.status, r.unanswered, r.outsideContract])).toEqual([
    [503, null, true],
    [null, 'reset', false],
    [200, null, false],
  ]);
  const refused = await fetch(`${base}/__mock/scenarios`, {
    method: 'POST',
    body: JSON.stringify({ scenarios: [{ operation: 'logTraces', status: 200, body: { traces_count: 'three' } }] }),
  });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { violations: { pointer: string }[] }).violations.map((v) => v.pointer)).toContain(
    '/0/body/traces_count',
  );
});
