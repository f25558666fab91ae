// The mock under attack: requests its 10 MB body limit lets in but that cost far more than their
// size (results of operations × indexes, one hash of the whole body per trace, millions of values),
// deep nesting and credentials at the chattiest log levels, non-finite numbers, and cross-origin
// requests from any web page. Each attack is sent to a private mock process with a valid request
// alongside: the valid request must be answered within 1 s, the attack must get its answer (never a
// 5xx, a reset or a hang), and the mock's peak memory (VmHWM) must stay under 512 MiB.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockProcess } from '../helpers/mock-process.js';
import { announce } from './lib/config.js';
import { setAt } from '../../src/verify/generate.js';
import { credentialHeaderOf, operations, urlPathOf, type Operation } from './lib/operations.js';
import { isFailure, rawRequest, type RawFailure, type RawResponse } from '../../src/verify/raw.js';
import { findNodes, validSample, type Found } from './lib/samples.js';
import { pathName, type Json } from '../../src/verify/schema.js';

announce('test/fuzz/mock-limits.test.ts');

const PEAK_RSS_MIB = 512;
/** The mock's default --max-items. */
const DEFAULT_MAX = 20_000;
const ALONGSIDE_MS = 1_000;

const opById = (id: string): Operation => {
  const op = operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id} in the spec`);
  return op;
};
const bulk = opById('applyBulkFeedbackV2');
const traces = opById('logTraces');
const probeOp = traces;

/** Peak resident set size of a process, in MiB (VmHWM of /proc/<pid>/status). */
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(kb) / 1024;
}

function post(mock: MockProcess, op: Operation, body: string | Buffer, headers: Record<string, string> = {}, timeoutMs = 60_000) {
  const sample = validSample(op, 'limits');
  return rawRequest(mock.port, {
    method: op.method.toUpperCase(),
    path: urlPathOf(op, sample.path),
    headers: { 'content-type': 'application/json', ...credentialHeaderOf(op), ...headers },
    body,
    timeoutMs,
  });
}

const probe = (mock: MockProcess) => post(mock, probeOp, JSON.stringify(validSample(probeOp, 'probe').body), {}, 10_000);

/**
 * Sends `attack` and, until it is answered, one valid request after another: every valid one must
 * be answered, each held up by at most ALONGSIDE_MS, and the attack must get an answer that is not
 * a 5xx. "Held up" is a valid request's time minus that of the fastest of three sent just before
 * the attack (the baseline: 5 to 20 ms on a quiet machine). On a machine whose cores other work
 * keeps busy, everything the mock does takes longer by the same factor, so the allowance grows by
 * four baselines: on a quiet machine that is a few tens of milliseconds, while the quadratic trace
 * IDs held valid requests up by 4 s.
 */
async function alongside(mock: MockProcess, attack: () => Promise<RawResponse | RawFailure>): Promise<RawResponse> {
  const baselines: number[] = [];
  for (let i = 0; i < 3; i++) baselines.push((await probe(mock)).ms);
  const baseline = Math.min(...baselines);
  let settled = false;
  const pending = attack().finally(() => (settled = true));
  let slowest: RawResponse | RawFailure = { failure: 'no valid request was sent', ms: 0 };
  do {
    await new Promise((r) => setTimeout(r, 50));
    const valid = await probe(mock);
    if (isFailure(valid) || valid.status !== 200 || valid.ms >= slowest.ms || isFailure(slowest)) slowest = valid;
    if (isFailure(valid) || valid.status !== 200) break;
  } while (!settled);
  const valid = slowest;
  const answer = await pending;
  expect(isFailure(answer), `the attack got no answer: ${JSON.stringify(answer)}\n${mock.log().slice(-2000)}`).toBe(false);
  const response = answer as RawResponse;
  expect(response.status, `5xx: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(isFailure(valid), `the valid request sent alongside got no answer: ${JSON.stringify(valid)}`).toBe(false);
  expect((valid as RawResponse).status).toBe(200);
  expect(valid.ms - baseline, `the valid request sent alongside took ${valid.ms} ms (${baseline} ms without the attack)`).toBeLessThan(ALONGSIDE_MS + 4 * baseline);
  expect(mock.exited()).toBeUndefined();
  return response;
}

/** The 413 a limit gives: JSON, naming the limit, its value and the flag that raises it. */
function expectLimit(response: RawResponse, max: number) {
  expect(response.status, response.body.slice(0, 300)).toBe(413);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { detail: string; limit: string; max: number };
  expect(body.limit).toBe('max-items');
  expect(body.max).toBe(max);
  expect(body.detail).toContain('--max-items');
  expect(body.detail).toContain(max.toLocaleString('en'));
}

const bulkBody = (operationCount: number, indexCount: number) =>
  JSON.stringify({ operations: Array(operationCount).fill({}), selector: { selector_type: 'indexes', indexes: [...Array(indexCount).keys()] } });
const tracesBody = (count: number, includeIds: boolean) => JSON.stringify({ traces: Array(count).fill({}), include_trace_ids: includeIds });

// Three private mock processes (each costs about 1.5 s of CPU to start): one with the default
// flags for everything that needs them, one with the flags that change a limit or the CORS
// policy (independent of each other), and one at the chattiest log level.
let mock: MockProcess;
beforeAll(async () => {
  mock = await startMock({ script: process.env.FUZZ_MOCK_SCRIPT });
});
afterAll(async () => {
  if (mock && !mock.exited()) console.log(`[fuzz] mock limits: peak RSS of the default mock ${peakRss(mock.pid).toFixed(1)} MiB`);
  await mock?.stop();
});

/** The mock with --max-items 1000 and two --cors-origin. */
let flagged: MockProcess;
const ALLOWED_ORIGINS = ['https://app.example', 'http://other.example:8080'];
beforeAll(async () => {
  flagged = await startMock({ script: process.env.FUZZ_MOCK_SCRIPT, args: ['--max-items', '1000', ...ALLOWED_ORIGINS.flatMap((o) => ['--cors-origin', o])] });
});
afterAll(async () => {
  await flagged?.stop();
});

describe('attacks on a mock with the default flags', () => {

  it('bulk feedback, 30,000 operations × 30,000 indexes (253 KB): a 413 naming the limit, not 900 million results', async () => {
    expectLimit(await alongside(mock, () => post(mock, bulk, bulkBody(30_000, 30_000))), DEFAULT_MAX);
  });

  it('bulk feedback, 1,000 × 1,000 (31 KB): a 413 naming the limit, not a 103 MiB body', async () => {
    expectLimit(await alongside(mock, () => post(mock, bulk, bulkBody(1_000, 1_000))), DEFAULT_MAX);
  });

  it('bulk feedback, 100 × 200: exactly at the limit, all 20,000 results', async () => {
    const response = await alongside(mock, () => post(mock, bulk, bulkBody(100, 200)));
    expect(response.status).toBe(200);
    const results = JSON.parse(response.body) as { index: number }[];
    expect(results).toHaveLength(20_000);
    expect(results[19_999]!.index).toBe(199);
  });

  it('Log Traces, 19,990 traces with include_trace_ids and 1 MiB of padding: the body is hashed once, not once per trace; one distinct ID per trace', async () => {
    // The body is open to fields whose names are not shown: a 1 MiB string is one value more.
    const body = JSON.stringify({ traces: Array(19_990).fill({}), include_trace_ids: true, fuzz_padding: 'x'.repeat(1 << 20) });
    const response = await alongside(mock, () => post(mock, traces, body));
    expect(response.status).toBe(200);
    const ids = (JSON.parse(response.body) as { trace_ids: string[] }).trace_ids;
    expect(ids).toHaveLength(19_990);
    expect(new Set(ids).size).toBe(19_990);
  });

  it('Log Traces, the same request twice: the same trace IDs (deterministic)', async () => {
    const body = tracesBody(3, true);
    const [a, b] = [await post(mock, traces, body), await post(mock, traces, body)] as RawResponse[];
    expect(JSON.parse(a!.body).trace_ids).toEqual(JSON.parse(b!.body).trace_ids);
    const other = (await post(mock, traces, tracesBody(4, true))) as RawResponse;
    expect(JSON.parse(other.body).trace_ids.slice(0, 3)).not.toEqual(JSON.parse(a!.body).trace_ids);
  });

  it('Log Traces, 1,000,000 traces with include_trace_ids (3 MB): a 413 naming the limit', async () => {
    expectLimit(await alongside(mock, () => post(mock, traces, tracesBody(1_000_000, true))), DEFAULT_MAX);
  });

  it('Log Traces, 3,300,000 traces (a valid 10 MB body): a 413 naming the limit', async () => {
    expectLimit(await alongside(mock, () => post(mock, traces, tracesBody(3_300_000, false))), DEFAULT_MAX);
  });

  it('Log Traces, 4,900,000 invalid traces (10 MB): a 413, not 4.9 million 422 items', async () => {
    const body = `{"traces":[${'1,'.repeat(4_900_000)}1]}`;
    expectLimit(await alongside(mock, () => post(mock, traces, body)), DEFAULT_MAX);
  });

  it(`peak RSS of the mock stayed under ${PEAK_RSS_MIB} MiB`, () => {
    expect(mock.exited()).toBeUndefined();
    expect(peakRss(mock.pid)).toBeLessThan(PEAK_RSS_MIB);
  });
});

describe('--max-items 1000 lowers the limit', () => {
  it('40 × 40 results are over 1,000: a 413 naming 1,000', async () => {
    expectLimit((await post(flagged, bulk, bulkBody(40, 40))) as RawResponse, 1_000);
  });

  it('30 × 30 results are within it: 200', async () => {
    const response = (await post(flagged, bulk, bulkBody(30, 30))) as RawResponse;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toHaveLength(900);
  });

  it('a body of 1,002 values is over it; the mock says which limit', async () => {
    expectLimit((await post(flagged, traces, tracesBody(1_000, false))) as RawResponse, 1_000);
  });
});

// ---- Non-finite numbers ------------------------------------------------------------------------

const PLACEHOLDER = '__fuzz_non_finite__';
const numberFields: Found[] = (() => {
  const seen = new Set<string>();
  return findNodes((n, p) => (n.type === 'number' || n.type === 'integer') && p.length > 0).filter((f) => {
    const key = `${f.op.id} ${pathName(f.path)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
})();

describe('non-finite numbers (1e400 parses to Infinity) get pydantic\'s finite_number, wherever a number is read', () => {
  it('the spec has number fields to try', () => {
    expect(numberFields.length).toBeGreaterThan(1);
  });

  it.each(numberFields.flatMap((f) => ['1e400', '-1e400'].map((literal) => [`${f.op.id} ${pathName(f.path)} = ${literal}`, f, literal] as [string, Found, string])))(
    '%s',
    async (_name, found, literal) => {
      const sample = validSample(found.op, 'non-finite', found.variantIndex);
      const text = JSON.stringify(setAt(sample.body, found.path, PLACEHOLDER as Json)).replace(JSON.stringify(PLACEHOLDER), literal);
      const response = (await rawRequest(mock.port, {
        method: found.op.method.toUpperCase(),
        path: urlPathOf(found.op, sample.path),
        headers: { 'content-type': 'application/json', ...credentialHeaderOf(found.op) },
        body: text,
      })) as RawResponse;
      expect(response.status, response.body.slice(0, 400)).toBe(422);
      const items = (JSON.parse(response.body) as { detail: { type: string; loc: (string | number)[]; msg: string }[] }).detail;
      const item = items.find((i) => i.type === 'finite_number');
      expect(item, JSON.stringify(items).slice(0, 400)).toBeDefined();
      expect(item!.msg).toBe('Input should be a finite number');
      expect(item!.loc).toEqual(['body', ...found.path]);
    },
  );
});

// ---- Logging: deep nesting and credentials at every level ---------------------------------------

/** One credential per header the spec carries one in; values no log line, body or header may contain. */
const SECRET = {
  ao: 'limits-ao-secret-61d0',
  classic: 'limits-classic-secret-27fa',
  bearer: 'limits-bearer-secret-9c3e',
  user: 'limits-user-secret-44b1',
  password: 'limits-password-secret-0e8d',
};
const basic = Buffer.from(`${SECRET.user}:${SECRET.password}`).toString('base64');
const secretTexts = [...Object.values(SECRET), basic];
const leaked = (text: string) => secretTexts.filter((s) => text.includes(s) || text.includes(s.slice(0, 12)));

// At `trace`, the chattiest level: pino's levels are thresholds, so this mock writes every line
// that `info` and `debug` would write for the same requests, and more.
describe('--log-level trace', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMock({ script: process.env.FUZZ_MOCK_SCRIPT, args: ['--log-level', 'trace'] });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  const openObject = findNodes((n) => n.type === 'object' && !n.closed && n.nots.length === 0)[0]!;
  it.each([
    ['objects', 10_000, 200],
    ['arrays', 19_000, 200],
    ['arrays', 100_000, 413],
  ] as const)('%s nested %i deep under an open object: %i, no 5xx from the log serializer', async (kind, depth, status) => {
    const nest = kind === 'objects' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
    const sample = validSample(openObject.op, 'deep', openObject.variantIndex);
    const text = JSON.stringify(setAt(sample.body, [...openObject.path, 'fuzz_deep'], PLACEHOLDER as Json)).replace(JSON.stringify(PLACEHOLDER), nest);
    const response = await alongside(mock, () =>
      rawRequest(mock.port, {
        method: openObject.op.method.toUpperCase(),
        path: urlPathOf(openObject.op, sample.path),
        headers: { 'content-type': 'application/json', ...credentialHeaderOf(openObject.op) },
        body: text,
      }),
    );
    expect(response.status).toBe(status); // 413: more values than the default --max-items
  });

  it.each(operations.map((op) => [op.id, op] as [string, Operation]))('%s: no credential in any log line, response header or body', async (_id, op) => {
    const sample = validSample(op, 'secrets');
    const every = { 'service-ao-api-key': SECRET.ao, 'service-api-key': SECRET.classic };
    const requests: { headers: Record<string, string>; body: string }[] = [
      { headers: { ...every, authorization: `Bearer ${SECRET.bearer}` }, body: JSON.stringify(sample.body) },
      { headers: { ...every, authorization: `Basic ${basic}` }, body: JSON.stringify(sample.body) },
      { headers: { authorization: `Basic ${basic}` }, body: '{"broken' },
      { headers: { 'service-api-key': SECRET.classic }, body: '[1]' },
      { headers: { 'service-ao-api-key': `${SECRET.ao}\u00e9` }, body: JSON.stringify(sample.body) },
      { headers: { 'service-ao-api-key': `x\ty: ${SECRET.ao}`, 'service-api-key': `${SECRET.classic}\tz: w` }, body: JSON.stringify(sample.body) },
    ];
    for (const { headers, body } of requests) {
      const response = (await rawRequest(mock.port, {
        method: op.method.toUpperCase(),
        path: urlPathOf(op, sample.path),
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })) as RawResponse;
      expect(isFailure(response)).toBe(false);
      await new Promise((r) => setTimeout(r, 30)); // let the log lines arrive
      expect(leaked(JSON.stringify(response.headers)), 'in a response header').toEqual([]);
      expect(leaked(response.body), `in the ${response.status} body`).toEqual([]);
      expect(leaked(mock.log()), `in the log:\n${mock.log().slice(-1500)}`).toEqual([]);
    }
  });
});

// ---- CORS ---------------------------------------------------------------------------------------

const preflight = (mock: MockProcess, origin: string | undefined) =>
  rawRequest(mock.port, {
    method: 'OPTIONS',
    path: urlPathOf(probeOp, validSample(probeOp, 'cors').path),
    headers: {
      ...(origin === undefined ? {} : { origin }),
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,service-ao-api-key',
    },
  }) as Promise<RawResponse>;

describe('CORS, by default', () => {
  it('by default, a preflight from any web site is not allowed, and never with credentials', async () => {
    const response = await preflight(mock, 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('by default, a request from any web site gets no CORS headers (the browser keeps the answer from the page)', async () => {
    const response = (await post(mock, probeOp, JSON.stringify(validSample(probeOp, 'cors').body), { origin: 'https://evil.example' })) as RawResponse;
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('without an Origin (not a browser request): no wildcard together with credentials', async () => {
    const response = (await post(mock, probeOp, JSON.stringify(validSample(probeOp, 'cors').body))) as RawResponse;
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080'])('by default, a page served from loopback (%s) may call it, without credentials', async (origin) => {
    const response = await preflight(mock, origin);
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toMatch(/origin/i);
  });

});

describe('CORS with --cors-origin', () => {
  it('--cors-origin allows exactly the given origins, with credentials', async () => {
    for (const origin of ALLOWED_ORIGINS) {
      const response = await preflight(flagged, origin);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    }
    for (const origin of ['https://evil.example', 'https://app.example.evil.example', 'http://localhost:5173']) {
      const response = await preflight(flagged, origin);
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });
});
