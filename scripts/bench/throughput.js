// Section 2: mock throughput, the way a user's load looks. Two loads, each a mix of the seven
// operations: their valid requests (the spec's examples, with a credential each accepts), and their
// invalid ones (each example with one field broken: the 422 path). Each server is started on a
// free loopback port, driven by the same bounded autocannon load (10 connections, fixed duration)
// with each mix, and stopped; the servers take turns (ceiling, Prism, ours, ceiling, Prism, ours…)
// for three rounds or more, so that a change in the machine's load falls on all of them. The
// headline compares ours (its defaults: the journal and the state on) with Prism's CLI at
// `--verboseLevel warn`, the way a user who cares about speed runs it, in requests per server
// CPU-second, valid and invalid apart: the median of the rounds' ratios, and their spread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { groupCpuMs, median, num, packageVersion, ratio, root, startServer, table } from './lib.js';

const PRISM = join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
const SPEC = join(root, 'generated/openapi.json');
const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
/** A value for each path parameter of the spec. */
const PATH_VALUES = {
  project_id: PROJECT,
  run_id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50',
  template_id: '9d2f4b6a-8c0e-4f1a-b3d5-7e9f1a3c5e70',
  scorer_id: 'c3e5a7b9-1d2f-4a6c-8e0b-2d4f6a8c0e13',
};

/**
 * How each operation's example is broken for the invalid mix: one field the request schema
 * refuses (a bound, a type, an enum), so that both mocks answer 422.
 * @type {Record<string, (body: any) => void>}
 */
const BREAK = {
  putSignalsConfiguration: (body) => (body.schedule = { type: 'INTERVAL', interval_hours: 0 }),
  loginSocial: (body) => (body.id_token = 12345),
  updateAnnotationTemplate: (body) => (body.name = ''),
  logTraces: (body) => (body.traces = []),
  createLuna3ScorerVersion: (body) => (body.threshold = 'high'),
  applyBulkFeedbackV2: (body) => (body.selector = { selector_type: 'indexes', indexes: 'all' }),
  createOrVerifyUser: (body) => (body.auth_method = 'carrier-pigeon'),
};

/**
 * The two mixes: every operation of the spec once, its first example (valid) or that example
 * broken (invalid), with the API-key header every secured operation accepts.
 */
export function mixes() {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8'));
  /** @type {{ operationId: string, method: string, path: string, headers: Record<string, string>, body: string }[]} */
  const valid = [];
  /** @type {typeof valid} */
  const invalid = [];
  for (const [template, item] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(/** @type {Record<string, any>} */ (item))) {
      if (!operation?.operationId) continue;
      const examples = operation.requestBody?.content?.['application/json']?.examples ?? {};
      const example = /** @type {{ value: unknown } | undefined} */ (Object.values(examples)[0])?.value;
      const path = template.replace(
        /{([^}]+)}/g,
        (_, name) => /** @type {Record<string, string>} */ (PATH_VALUES)[name] ?? name,
      );
      const headers = {
        'content-type': 'application/json',
        ...((operation.security ?? spec.security ?? []).length > 0 ? { 'service-ao-api-key': 'bench-key' } : {}),
      };
      const request = { operationId: operation.operationId, method: method.toUpperCase(), path, headers };
      valid.push({ ...request, body: JSON.stringify(example) });
      const broken = structuredClone(example);
      BREAK[operation.operationId]?.(broken);
      invalid.push({ ...request, body: JSON.stringify(broken) });
    }
  return [
    { name: 'valid', requests: valid, expect: (/** @type {number} */ status) => status >= 200 && status < 300 },
    { name: 'invalid', requests: invalid, expect: (/** @type {number} */ status) => status === 422 },
  ];
}

/**
 * The servers to load, each with how to start it on a port.
 * @returns {{ name: string, key: string, args: (port: number) => string[] }[]}
 */
function servers() {
  return [
    {
      name: 'node:http ceiling',
      key: 'ceiling',
      args: (port) => [join(root, 'scripts/bench/ceiling-server.js'), '--port', String(port)],
    },
    // Prism without the per-request info log the bare CLI writes (ours logs at warn too).
    {
      name: 'Prism CLI, --verboseLevel warn',
      key: 'prism-warn',
      args: (port) => [
        PRISM,
        'mock',
        SPEC,
        '--errors',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '--verboseLevel',
        'warn',
      ],
    },
    {
      name: 'ours: api-contract-mock',
      key: 'ours',
      args: (port) => [join(root, 'dist/src/mock/cli.js'), '--host', '127.0.0.1', '--port', String(port)],
    },
  ];
}

/**
 * @param {string} baseUrl
 * @param {{ method: string, path: string, headers: Record<string, string>, body: string }[]} requests
 * @param {number} duration seconds
 */
function load(baseUrl, requests, duration) {
  return autocannon({
    url: baseUrl,
    requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
    connections: 10,
    pipelining: 1,
    duration,
  });
}

/** @param {import('autocannon').Result} result */
function statuses(result) {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
}

/** A median and the range it comes from. @param {number[]} values @param {(n: number) => string} show */
const spread = (values, show) =>
  values.length === 0
    ? 'n/a'
    : values.length === 1
      ? show(values[0] ?? NaN)
      : `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;

/** @param {{ quick: boolean, duration: number }} options */
export async function mockSection({ quick, duration }) {
  const warmup = quick ? 0 : 1;
  const rounds = quick ? 1 : 3;
  const loads = mixes();
  /** Per server and mix, one entry per round. @type {Map<string, { cpu: number, rate: number, p99: number, counts: string }[]>} */
  const measured = new Map();
  /** @type {Map<string, number[]>} */
  const startups = new Map();
  /** @type {string[]} */
  const notes = [];
  for (let round = 0; round < rounds; round++) {
    for (const server of servers()) {
      const first = loads[0]?.requests[0];
      let running;
      try {
        running = await startServer(server.name, server.args, {
          probe: {
            path: first?.path ?? '/',
            init: { method: first?.method, headers: first?.headers, body: first?.body },
          },
        });
      } catch (error) {
        notes.push(
          `${server.name} did not start: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`,
        );
        continue;
      }
      try {
        startups.set(server.key, [...(startups.get(server.key) ?? []), running.startupMs]);
        for (const mix of loads) {
          // Each request once first: a status the mix does not expect is noted (the ceiling answers every path alike).
          if (round === 0 && server.key !== 'ceiling')
            for (const request of mix.requests) {
              const answer = await fetch(`${running.baseUrl}${request.path}`, request);
              await answer.arrayBuffer();
              if (!mix.expect(answer.status))
                notes.push(`${server.name}, ${mix.name} ${request.operationId}: answered ${answer.status}.`);
            }
          if (warmup > 0) await load(running.baseUrl, mix.requests, warmup);
          const cpuBefore = groupCpuMs(running.child.pid);
          const result = await load(running.baseUrl, mix.requests, duration);
          const cpuMs = cpuBefore === undefined ? NaN : (groupCpuMs(running.child.pid) ?? NaN) - cpuBefore;
          const key = `${server.key}|${mix.name}`;
          measured.set(key, [
            ...(measured.get(key) ?? []),
            {
              cpu: result.requests.total > 0 ? (cpuMs * 1000) / result.requests.total : NaN,
              rate: result.requests.average,
              p99: result.latency.p99,
              counts:
                statuses(result) +
                (result.errors + result.timeouts ? `, ${result.errors} errors ${result.timeouts} timeouts` : ''),
            },
          ]);
        }
      } finally {
        await running.stop();
      }
    }
  }

  const rows = servers().flatMap((server) =>
    loads.map((mix) => {
      const runs = measured.get(`${server.key}|${mix.name}`) ?? [];
      return [
        server.name,
        mix.name,
        spread(
          runs.map((r) => r.cpu),
          (n) => num(n),
        ),
        spread(
          runs.map((r) => r.rate),
          (n) => num(n),
        ),
        num(median(runs.map((r) => r.p99))),
        runs.map((r) => r.counts).join('; '),
      ];
    }),
  );
  /** Per round, `of` ÷ ours in server CPU per request (above 1: ours does the same work with less). */
  const roundRatios = (/** @type {string} */ of, /** @type {string} */ mix) => {
    const ours = measured.get(`ours|${mix}`) ?? [];
    return (measured.get(`${of}|${mix}`) ?? []).map((r, i) => r.cpu / (ours[i]?.cpu ?? NaN)).filter(Number.isFinite);
  };
  const ratios = loads.map((mix) => ({ mix: mix.name, rounds: roundRatios('prism-warn', mix.name) }));
  const ceiling = loads.map((mix) => ({
    mix: mix.name,
    rounds: roundRatios('ceiling', mix.name).map((r) => 1 / r),
  }));
  const startup = Math.min(...(startups.get('ours') ?? [NaN]));
  const verdict = (/** @type {boolean} */ met, /** @type {number} */ value) =>
    Number.isNaN(value) ? 'not measured' : met ? 'met' : 'MISSED';
  const operations = loads[0]?.requests.map((r) => `${r.method} ${r.operationId}`).join(', ');
  const lines = [
    `Load: autocannon ${packageVersion('autocannon')} in the bench process, 10 connections, pipelining 1, ${duration} s per mix` +
      (warmup ? ` after a ${warmup} s warm-up` : ' (no warm-up in --quick)') +
      `, loopback. Two mixes, each request of the mix in turn on every connection: **valid**, the first example of each of the seven operations (${operations}), with \`Service-AO-API-Key\` where the operation takes a credential; **invalid**, the same requests with one field each that the schema refuses (422). ` +
      `Each server runs alone (started, loaded with both mixes, stopped), the three taking turns, ${rounds} round(s); ours with its defaults (the journal records every request, the state remembers). ` +
      "The node:http ceiling reads and parses each body and answers the Signals PUT's example (or its 422) to any path: what node:http costs a request, with no routing and no validation. " +
      "CPU µs/req: the server's process group CPU time per request (the figure other processes on the machine disturb least), the median of the rounds and their range; req/s likewise. p99: autocannon's histogram, in whole milliseconds, the median of the rounds.",
    '',
    table(['server', 'mix', 'server CPU µs/req', 'req/s', 'p99 ms', 'status counts (each round)'], rows, 'llrrrl'),
    '',
    ...ratios.map(
      (r) =>
        `- ${r.mix}: ours / Prism at --verboseLevel warn = ${spread(r.rounds, ratio)} in requests per server CPU-second (the median of ${r.rounds.length} round(s), and their range)` +
        (r.mix === 'valid' ? ` (target ≥ 4.00×: ${verdict(median(r.rounds) >= 4, median(r.rounds))})` : ''),
    ),
    ...ceiling.map(
      (c) =>
        `- ${c.mix}: ours / the node:http ceiling = ${spread(c.rounds, ratio)} the server CPU per request` +
        (c.mix === 'valid' ? ` (target ≤ 4.00×: ${verdict(median(c.rounds) <= 4, median(c.rounds))})` : ''),
    ),
    `- ours: spawn until the first answer ${Number.isFinite(startup) ? `${Math.round(startup)} ms` : 'n/a'}, the fastest of ${startups.get('ours')?.length ?? 0} start(s) (target ≤ 250 ms: ${verdict(startup <= 250, startup)}; on a machine the load disturbs)`,
    ...notes.map((n) => `- Note: ${n}`),
  ];
  const validCeiling = ceiling.find((c) => c.mix === 'valid')?.rounds ?? [];
  const targets = [
    [
      "the HTTP mock's server CPU per valid request ÷ node:http's (this repository's dist/)",
      `${ratio(median(validCeiling))} (median of ${validCeiling.length} round(s))`,
      '≤ 4×',
    ],
  ];
  return { text: lines.join('\n'), ratios, targets };
}
