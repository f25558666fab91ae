// Section 7: big bodies. The HTTP mock (dist/src/mock/cli.js, default flags) answers valid Log
// Traces bodies of about 1, 3 and 9 MB (traces of one llm span each, with include_trace_ids), the
// 9 MB one with a single error in its middle (a 422), and a 10 MB body of 4.9 million invalid
// values (the 413 of --max-errors), while a small Log Traces
// request is sent every 10 ms: how long each big one takes, and how long the small ones sent during
// it were held up at most (their time minus that of a small one alone). A fresh process's first
// big body also grows its heap ("cold"); the others are measured after it ("warm", median of 3).
import { join } from 'node:path';
import { median, ms, root, startServer, table } from './lib.js';

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

/** @param {string} url @param {string} body */
async function timed(url, body) {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/**
 * The big body's time and status, and the most a small request sent alongside was held up.
 * @param {string} url @param {string} body @param {number} alone
 */
async function alongside(url, body, alone) {
  let done = false;
  const big = timed(url, body).finally(() => (done = true));
  let held = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    held = Math.max(held, (await timed(url, '{"traces":[]}')).ms - alone);
  }
  const { status, ms: took } = await big;
  return { status, took, held };
}

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
    const alone = median(await Promise.all([0, 1, 2].map(() => timed(url, '{"traces":[]}').then((r) => r.ms))));
    const bodies = [
      ['valid, 1 MB (llm spans, trace ids)', llmTraces(1_000_000)],
      ['valid, 3 MB', llmTraces(3_000_000)],
      ['valid, 9 MB', llmTraces(9_000_000)],
      ['invalid, 9 MB, one error in the middle (422)', oneError(llmTraces(9_000_000))],
      ['invalid, 10 MB (4.9 million values: 413 --max-errors)', `{"traces":[${'1,'.repeat(4_900_000)}1]}`],
    ];
    const cold = await alongside(url, /** @type {string} */ (bodies[2]?.[1]), alone);
    const rows = [
      ['valid, 9 MB, the first big body of the process (cold)', String(cold.status), ms(cold.took), ms(cold.held)],
    ];
    for (const [name, body] of bodies) {
      const runs = [];
      for (let i = 0; i < (quick ? 1 : 3); i++) runs.push(await alongside(url, /** @type {string} */ (body), alone));
      rows.push([
        /** @type {string} */ (name),
        String(runs[0]?.status),
        ms(median(runs.map((r) => r.took))),
        ms(median(runs.map((r) => r.held))),
      ]);
    }
    return {
      text:
        `The HTTP mock with its default flags, loopback; a small Log Traces request every 10 ms during each big one (alone: ${ms(alone)}). ` +
        'Warm rows: the median of 3 after the cold one. The target for small requests held up: 250 ms at most.\n\n' +
        table(['body', 'status', 'answered in', 'small requests held up (most)'], rows, 'lrrr'),
    };
  } finally {
    await server.stop();
  }
}
