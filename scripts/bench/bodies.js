// Section 7: big bodies. The HTTP mock (dist/src/mock/cli.js, default flags) answers valid Log
// Traces bodies of two kinds: few big items (traces of one llm span each, with include_trace_ids,
// of about 1, 3 and 9 MB; one trace of 200,000 spans) and many tiny ones (1,000,000 empty traces,
// 3 MB; 3.5 million, the 10 MB limit); the 9 MB one with a single error in its middle (a 422), and a
// 10 MB body of 4.9 million invalid values (the 413 of --max-errors). Meanwhile a small valid Log
// Traces request is sent every 10 ms, each after the answer to the one before: how long each big
// one takes, and how long the small ones sent during it were held up (their time minus that of a
// small one alone), their 99th percentile over the runs and the most. A fresh process's first big
// body also grows its heap ("cold"); the others are measured after it ("warm", 3 runs each). Last,
// the most memory the mock held over all of them (VmHWM, Linux).
import { join } from 'node:path';
import { median, ms, peakRssMib, root, startServer, table } from './lib.js';

const SMALL = '{"traces":[{"name":"small"}]}';

const PATH = '/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/traces';
const HEADERS = { 'content-type': 'application/json', 'service-ao-api-key': 'bench-key' };

/** A valid Log Traces body of about `bytes` bytes, with include_trace_ids. @param {number} bytes */
function llmTraces(bytes) {
  /** @type {string[]} */
  const parts = [];
  let size = 0;
  while (size < bytes) {
    const i = parts.length;
    const text = JSON.stringify({
      type: 'trace',
      name: `chat ${i}`,
      spans: [
        {
          type: 'llm',
          name: 'completion',
          input: [{ role: 'user', content: `question ${i}` }],
          output: { role: 'assistant', content: `answer ${i}` },
        },
      ],
    });
    parts.push(text);
    size += text.length + 1;
  }
  return `{"traces":[${parts.join(',')}],"include_trace_ids":true}`;
}

/** The body with the name of its middle trace made a number: one validation error, found after half the walk. @param {string} body */
function oneError(body) {
  const middle = body.indexOf('"name":"chat ', body.length / 2);
  return `${body.slice(0, middle)}"name":1${body.slice(body.indexOf('"', middle + '"name":"'.length) + 1)}`;
}

/**
 * One request's status and time. A connection the server closed as idle just as it was reused (its
 * keep-alive timeout) fails at once, before the server read anything: it is sent again.
 * @param {string} url @param {string} body
 */
async function timed(url, body) {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    try {
      const response = await fetch(url, { method: 'POST', headers: HEADERS, body });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * The big body's time and status, and how long each small request sent alongside was held up.
 * @param {string} url @param {string} body @param {number} alone
 */
async function alongside(url, body, alone) {
  let done = false;
  const big = timed(url, body).finally(() => (done = true));
  /** @type {number[]} */
  const held = [];
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    held.push(Math.max(0, (await timed(url, SMALL)).ms - alone));
  }
  const { status, ms: took } = await big;
  return { status, took, held };
}

/** The 99th percentile (nearest rank) of the values; 0 for none. @param {number[]} values */
function p99(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** The most of the values; 0 for none. @param {number[]} values */
const most = (values) => values.reduce((a, b) => Math.max(a, b), 0);

/** The target for the mock's peak memory over every big body of the section, in MiB. */
const PEAK_RSS_TARGET_MIB = 512;

/** @param {{ quick: boolean }} options */
export async function bodiesSection({ quick }) {
  const server = await startServer(
    'api-contract-mock',
    (port) => [join(root, 'dist/src/mock/cli.js'), '--host', '127.0.0.1', '--port', String(port)],
    {
      probe: { path: PATH, init: { method: 'POST', headers: HEADERS, body: '{"traces":[]}' } },
    },
  );
  try {
    const url = `${server.baseUrl}${PATH}`;
    const alone = median(await Promise.all([0, 1, 2].map(() => timed(url, SMALL).then((r) => r.ms))));
    const emptyTraces = (/** @type {number} */ count) => JSON.stringify({ traces: Array(count).fill({}) });
    /** @type {[string, string][]} */
    const bodies = [
      ['valid, 1 MB (llm spans, trace ids)', llmTraces(1_000_000)],
      ['valid, 3 MB (llm spans, trace ids)', llmTraces(3_000_000)],
      ['valid, 9 MB (llm spans, trace ids)', llmTraces(9_000_000)],
      [
        'valid, 6.4 MB: one trace of 200,000 spans',
        JSON.stringify({
          traces: [{ type: 'trace', name: 'agent run', spans: Array(200_000).fill({ type: 'tool', name: 'lookup' }) }],
        }),
      ],
      ['valid, 3 MB: 1,000,000 empty traces', emptyTraces(1_000_000)],
      ['valid, 10 MB: 3,490,000 empty traces', emptyTraces(3_490_000)],
      ['invalid, 9 MB, one error in the middle (422)', oneError(llmTraces(9_000_000))],
      ['invalid, 10 MB (4.9 million values: 413 --max-errors)', `{"traces":[${'1,'.repeat(4_900_000)}1]}`],
    ];
    const cold = await alongside(url, /** @type {string} */ (bodies[2]?.[1]), alone);
    const row = (/** @type {string} */ name, /** @type {Awaited<ReturnType<typeof alongside>>[]} */ runs) => {
      const held = runs.flatMap((r) => r.held);
      return [
        name,
        String(runs[0]?.status),
        ms(median(runs.map((r) => r.took))),
        String(held.length),
        ms(p99(held)),
        ms(most(held)),
      ];
    };
    const rows = [row('valid, 9 MB, the first big body of the process (cold)', [cold])];
    /** @type {number[]} */
    const p99s = [];
    for (const [name, body] of bodies) {
      const runs = [];
      for (let i = 0; i < (quick ? 1 : 3); i++) runs.push(await alongside(url, body, alone));
      p99s.push(p99(runs.flatMap((r) => r.held)));
      rows.push(row(name, runs));
    }
    const worst = Math.max(...p99s);
    const peak = peakRssMib(server.child.pid);
    const peakLine =
      peak === undefined
        ? "- the mock's peak RSS: not measured (VmHWM is read from /proc, Linux only)"
        : `- the mock's peak RSS (VmHWM) over every body above: ${peak.toFixed(0)} MiB (target ≤ ${PEAK_RSS_TARGET_MIB} MiB: ${peak <= PEAK_RSS_TARGET_MIB ? 'met' : 'MISSED'})`;
    return {
      text:
        `The HTTP mock with its default flags, loopback; a small valid Log Traces request every 10 ms during each big one, each after the answer to the one before (alone: ${ms(alone)}). ` +
        'Warm rows: 3 runs each after the cold one; answered in: their median; held up: every small request of the 3 runs, its 99th percentile (nearest rank) and the most.\n\n' +
        table(['body', 'status', 'answered in', 'small requests', 'held up, p99', 'held up, most'], rows, 'lrrrrr') +
        `\n\n- the worst p99 of the warm bodies: ${ms(worst)} (target ≤ 250 ms for every big body: ${worst <= 250 ? 'met' : 'MISSED'})\n` +
        peakLine,
    };
  } finally {
    await server.stop();
  }
}
