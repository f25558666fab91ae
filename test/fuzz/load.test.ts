// A bounded load run against a private mock process on loopback: a fixed number of requests
// (autocannon `amount`), mixed valid, schema-invalid and malformed ones for every operation, over
// several connections. Nothing may be lost (every request answered), no transport error, no status
// other than the one each request must get, and the mock's memory after a full GC back near where it
// started (see NEAR below).
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, budget, scale } from '../support/fuzz-config.js';
import { derive } from '../support/constraints.js';
import { startMock, type MockProcess } from '../support/mock-process.js';
import { credentialHeaderOf, operations, send, urlPathOf } from '../support/operations.js';
import { validSample } from '../support/samples.js';

announce(
  'test/fuzz/load.test.ts',
  `${budget.loadRequests} requests over ${budget.loadConnections} connections after ${budget.loadWarmup} warm-up requests`,
);

/**
 * "Near": RSS after a full GC in the mock, after the run, at most NEAR_MIB (or NEAR_FRACTION of the
 * warmed-up baseline, whichever is larger) above the same measure taken after the warm-up.
 * Measured on this mock: post-GC RSS moves by a few MiB between runs (V8 keeps some pages, malloc
 * arenas fragment), while RSS without a GC swings by 100+ MiB with the heap's sawtooth, so only the
 * post-GC figure is compared. A leak of 400 bytes per request reaches 24 MiB over the 60,000 requests
 * of the large run; the default run (1,000 requests) only catches leaks of about 24 kB per request.
 */
const NEAR_MIB = 24;
const NEAR_FRACTION = 0.15;

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMock({ gcOnSignal: true, script: process.env.FUZZ_MOCK_SCRIPT });
});
afterAll(async () => {
  await mock?.stop();
});

interface Expectation {
  name: string;
  statuses: number[];
  spec: RequestSpec;
}

/** Two requests per operation (valid → 200, the first schema violation → 422), plus malformed JSON (→ 400 or 422). */
function mix(): Expectation[] {
  const out: Expectation[] = [];
  for (const op of operations) {
    const headers = { 'content-type': 'application/json', ...credentialHeaderOf(op) };
    const valid = validSample(op, 'load');
    out.push({
      name: `${op.id} valid`,
      statuses: [200],
      spec: {
        method: op.method.toUpperCase(),
        path: urlPathOf(op, valid.path),
        headers,
        body: JSON.stringify(valid.body),
      },
    });
    const violation = derive(op).constraints.find(
      (c) =>
        c.in === 'body' &&
        c.cases[0]?.verdict === 'rejected' &&
        c.cases[0].request.body !== undefined &&
        c.path.length > 0,
    );
    if (violation) {
      const { request } = violation.cases[0]!;
      out.push({
        name: `${op.id} invalid (${violation.id})`,
        statuses: [422],
        spec: {
          method: op.method.toUpperCase(),
          path: urlPathOf(op, request.path),
          headers,
          body: JSON.stringify(request.body),
        },
      });
    }
  }
  const op = operations[0]!;
  const sample = validSample(op, 'load');
  out.push({
    name: `${op.id} malformed JSON`,
    statuses: [400, 422],
    spec: {
      method: op.method.toUpperCase(),
      path: urlPathOf(op, sample.path),
      headers: { 'content-type': 'application/json', ...credentialHeaderOf(op) },
      body: JSON.stringify(sample.body).slice(0, -3),
    },
  });
  return out;
}

interface Tally {
  answered: number;
  unexpected: Map<string, number>;
  /** performance.now() of the last answer (autocannon reports its duration in whole sampling ticks). */
  lastAnswer: number;
}

function run(
  amount: number,
  connections: number,
  requests: Expectation[],
  tally: Tally,
): Promise<{ result: Result; seconds: number }> {
  const specs: RequestSpec[] = requests.map((r) => ({
    ...r.spec,
    onResponse: (status: number) => {
      tally.answered++;
      tally.lastAnswer = performance.now();
      if (!r.statuses.includes(status)) {
        const key = `${r.name} -> ${status}`;
        tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
      }
    },
  }));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon({ url: mock.baseUrl, connections, amount, timeout: 10, requests: specs }, (error, result) =>
      error ? reject(error) : resolve({ result, seconds: (tally.lastAnswer - started) / 1000 }),
    );
  });
}

/** Warm-up (JIT, pools, caches) with the same mix, on plain fetch: autocannon rounds runs up to whole seconds. */
async function warmUp(requests: Expectation[]): Promise<void> {
  let next = 0;
  const unexpected: string[] = [];
  const worker = async () => {
    while (next < budget.loadWarmup) {
      const r = requests[next++ % requests.length]!;
      const response = await fetch(`${mock.baseUrl}${r.spec.path}`, {
        method: r.spec.method ?? 'GET',
        headers: r.spec.headers ?? {},
        ...(r.spec.body === undefined ? {} : { body: r.spec.body }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!r.statuses.includes(response.status)) unexpected.push(`${r.name} -> ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: budget.loadConnections }, worker));
  expect(unexpected, 'unexpected statuses during the warm-up').toEqual([]);
}

describe('load', () => {
  it(
    `${budget.loadRequests} mixed requests: nothing lost, no transport error, no unexpected status, memory back near its start`,
    async () => {
      const requests = mix();
      await warmUp(requests);
      const rssBefore = mock.rss();
      const baseline = await mock.rssAfterGc();

      const tally: Tally = { answered: 0, unexpected: new Map(), lastAnswer: 0 };
      const { result, seconds } = await run(budget.loadRequests, budget.loadConnections, requests, tally);
      const rssRightAfter = mock.rss();
      const after = await mock.rssAfterGc();
      const limit = baseline + Math.max(NEAR_MIB, NEAR_FRACTION * baseline);

      const statusCounts = Object.entries(result.statusCodeStats)
        .map(([status, { count }]) => `${status}: ${count}`)
        .join(', ');
      console.log(
        [
          `[fuzz] load (${scale}): ${budget.loadRequests} requests, ${requests.length} kinds (${requests.map((r) => r.name.replace(/ \(.*\)$/, '')).join('; ')}), ${budget.loadConnections} connections, mock pid ${mock.pid}`,
          `[fuzz]   ${(budget.loadRequests / seconds).toFixed(0)} req/s over ${seconds.toFixed(2)} s; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
          `[fuzz]   answered ${tally.answered}/${budget.loadRequests}; statuses ${statusCounts}; transport errors ${result.errors}, timeouts ${result.timeouts}, unexpected statuses ${[...tally.unexpected.values()].reduce((a, b) => a + b, 0)}`,
          `[fuzz]   mock RSS after a full GC: ${baseline.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after (limit ${limit.toFixed(1)} MiB); without GC: ${rssBefore.toFixed(1)} MiB before, ${rssRightAfter.toFixed(1)} MiB right after`,
        ].join('\n'),
      );

      expect(result.errors, 'transport errors').toBe(0);
      expect(result.timeouts, 'timeouts').toBe(0);
      expect([...tally.unexpected], 'unexpected statuses (request -> status: count)').toEqual([]);
      expect(tally.answered, 'requests without an answer').toBe(budget.loadRequests);
      expect(result['5xx']).toBe(0);
      expect(after, `the mock's memory after the run is not back near its start`).toBeLessThanOrEqual(limit);
      expect(mock.exited()).toBeUndefined();
      const op = operations[0]!;
      const next = await send(mock.baseUrl, op, validSample(op, 'after-load'), undefined, 10_000);
      expect(next.status).toBe(200);
    },
    scale === 'large' ? 600_000 : 30_000,
  );
});
