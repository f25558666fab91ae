// Section 2: mock throughput. Each server is started alone on a free loopback port, driven by the
// same bounded autocannon load (10 connections, fixed duration) on a valid and an invalid Signals
// PUT, and stopped before the next one starts. The headline compares ours with Prism's CLI at
// `--verboseLevel warn`, the way a user who cares about speed runs it (target: 2× its requests
// per server CPU-second); Prism at its default, chatty level is shown too.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { groupCpuMs, num, packageVersion, ratio, root, startServer, table } from './lib.js';

const PRISM = join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');
const SPEC = join(root, 'generated/openapi.json');
const PATH =
  '/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration';
const HEADERS = { 'Content-Type': 'application/json', 'Service-AO-API-Key': 'bench-key' };

const SCENARIOS = [
  {
    name: 'valid',
    body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } },
    expect: 200,
  },
  {
    name: 'invalid (interval_hours 0)',
    body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 0 } },
    expect: 422,
  },
];

/**
 * The servers to load, each with how to start it on a port.
 * @param {boolean} quick
 * @returns {{ name: string, key?: string, args: (port: number) => string[] }[]}
 */
function servers(quick) {
  /** @type {ReturnType<typeof servers>} */
  const list = [
    {
      name: 'node:http ceiling',
      key: 'ceiling',
      args: (port) => [join(root, 'scripts/bench/ceiling-server.js'), '--port', String(port)],
    },
    // Prism without the per-request info log the bare CLI writes (ours logs at warn too): the headline.
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
  if (!quick)
    list.splice(1, 0, {
      name: 'Prism CLI (bare)',
      key: 'prism',
      args: (port) => [PRISM, 'mock', SPEC, '--errors', '-h', '127.0.0.1', '-p', String(port)],
    });
  return list;
}

/**
 * @param {string} baseUrl
 * @param {{ body: unknown }} scenario
 * @param {number} duration seconds
 */
async function load(baseUrl, scenario, duration) {
  return autocannon({
    url: `${baseUrl}${PATH}`,
    method: 'PUT',
    headers: HEADERS,
    body: JSON.stringify(scenario.body),
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

/** @param {{ quick: boolean, duration: number }} options */
export async function mockSection({ quick, duration }) {
  const warmup = quick ? 0 : 1;
  /** @type {string[][]} */
  const rows = [];
  /** @type {Map<string, { rate: number, cpu: number | undefined, startup: number }>} */
  const byServer = new Map();
  /** @type {string[]} */
  const notes = [];
  for (const server of servers(quick)) {
    let running;
    try {
      running = await startServer(server.name, server.args, {
        probe: { path: PATH, init: { method: 'PUT', headers: HEADERS, body: JSON.stringify(SCENARIOS[0]?.body) } },
      });
    } catch (error) {
      notes.push(
        `${server.name} did not start: ${String(error instanceof Error ? error.message : error)
          .split('\n')
          .slice(0, 6)
          .join(' / ')}`,
      );
      for (const scenario of SCENARIOS)
        rows.push([server.name, scenario.name, 'failed to start', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    try {
      for (const scenario of SCENARIOS) {
        try {
          // One request first: the status each server gives this body, and its size.
          const check = await fetch(`${running.baseUrl}${PATH}`, {
            method: 'PUT',
            headers: HEADERS,
            body: JSON.stringify(scenario.body),
          });
          const checkBody = await check.text();
          if (warmup > 0) await load(running.baseUrl, scenario, warmup);
          const serverCpu = groupCpuMs(running.child.pid);
          const ownCpu = process.cpuUsage();
          const result = await load(running.baseUrl, scenario, duration);
          const wall = result.duration * 1000;
          const own = process.cpuUsage(ownCpu);
          const serverCpuMs = serverCpu === undefined ? undefined : (groupCpuMs(running.child.pid) ?? NaN) - serverCpu;
          const serverPct = serverCpuMs === undefined ? undefined : (serverCpuMs / wall) * 100;
          const cpuPerRequest =
            serverCpuMs === undefined || result.requests.total === 0
              ? undefined
              : (serverCpuMs * 1000) / result.requests.total;
          const loadPct = ((own.user + own.system) / 1000 / wall) * 100;
          const failures = result.errors + result.timeouts;
          if (check.status !== scenario.expect)
            notes.push(`${server.name}, ${scenario.name}: answered ${check.status}, expected ${scenario.expect}.`);
          byServer.set(`${server.key ?? server.name}|${scenario.name}`, {
            rate: result.requests.average,
            cpu: cpuPerRequest,
            startup: running.startupMs,
          });
          rows.push([
            server.name,
            scenario.name,
            num(result.requests.average),
            num(result.latency.average, 2),
            num(result.latency.p50),
            num(result.latency.p99),
            serverPct === undefined ? 'n/a' : `${Math.round(serverPct)}%`,
            cpuPerRequest === undefined ? 'n/a' : num(cpuPerRequest),
            `${Math.round(loadPct)}%`,
            `${check.status}, ${checkBody.length} B`,
            statuses(result) + (failures ? `, ${result.errors} errors ${result.timeouts} timeouts` : ''),
            `${Math.round(running.startupMs)} ms`,
          ]);
        } catch (error) {
          notes.push(
            `${server.name}, ${scenario.name}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`,
          );
          rows.push([server.name, scenario.name, 'failed', '', '', '', '', '', '', '', '', '']);
        }
      }
    } finally {
      await running.stop();
    }
  }
  /** Ours against one Prism, per scenario: in req/s and in requests per server CPU-second (what the rate would be with a core to itself). */
  const against = (/** @type {string} */ key) =>
    SCENARIOS.map((scenario) => {
      const ours = byServer.get(`ours|${scenario.name}`);
      const prism = byServer.get(`${key}|${scenario.name}`);
      const both = ours !== undefined && prism !== undefined;
      return {
        scenario: scenario.name,
        ratio: both ? ours.rate / prism.rate : NaN,
        cpuRatio: both && ours.cpu && prism.cpu ? prism.cpu / ours.cpu : NaN,
      };
    });
  const ratios = against('prism-warn');
  const bare = against('prism');
  /** Ours against the node:http ceiling (issue 37's targets): server CPU per request, and the start-up. */
  const ceiling = SCENARIOS.map((scenario) => {
    const ours = byServer.get(`ours|${scenario.name}`);
    const floor = byServer.get(`ceiling|${scenario.name}`);
    return { scenario: scenario.name, times: ours?.cpu && floor?.cpu ? ours.cpu / floor.cpu : NaN };
  });
  const startup = byServer.get(`ours|${SCENARIOS[0]?.name}`)?.startup;
  const verdict = (/** @type {boolean} */ met, /** @type {number | undefined} */ value) =>
    value === undefined || Number.isNaN(value) ? 'not measured' : met ? 'met' : 'MISSED';
  const lines = [
    `Load: autocannon ${packageVersion('autocannon')} in the bench process, 10 connections, pipelining 1, ${duration} s per scenario` +
      (warmup ? ` after a ${warmup} s warm-up` : ' (no warm-up in --quick)') +
      `, loopback; each server runs alone (started, loaded, stopped). Body: \`PUT ${PATH.replace(/[0-9a-f-]{36}/g, '{uuid}')}\` with \`Service-AO-API-Key\`. ` +
      "The node:http ceiling answers the same JSON as Prism (the spec's 200 and 422 examples) after JSON.parse of the body. " +
      "CPU: the server's process group and the bench process (autocannon), in % of one core over the load (above 100%: GC and I/O threads); a figure near 100% marks the side that bounds the rate; CPU µs/req is the server's CPU time per request, which other processes on the machine disturb less than req/s. " +
      "Latency percentiles come from autocannon's histogram in whole milliseconds (0 = under 1 ms); the mean is exact. Start-up: spawn until the first answer.",
    '',
    table(
      [
        'server',
        'request',
        'req/s',
        'mean ms',
        'p50 ms',
        'p99 ms',
        'server CPU',
        'server CPU µs/req',
        'autocannon CPU',
        'first answer',
        'status counts',
        'start-up',
      ],
      rows,
      'llrrrrrrrllr',
    ),
    '',
    ...ratios.map(
      (r) =>
        `- ${r.scenario}: ours / Prism at --verboseLevel warn = ${ratio(r.cpuRatio)} in requests per server CPU-second (the figure other processes on the machine disturb least), ${ratio(r.ratio)} in req/s` +
        ` (target ≥ 2.00× per CPU-second: ${Number.isNaN(r.cpuRatio) ? 'not measured' : r.cpuRatio >= 2 ? 'met' : 'MISSED'})`,
    ),
    ...bare
      .filter((r) => !Number.isNaN(r.ratio))
      .map(
        (r) =>
          `- ${r.scenario}: ours / bare Prism (its default log level) = ${ratio(r.cpuRatio)} in requests per server CPU-second, ${ratio(r.ratio)} in req/s`,
      ),
    ...ceiling.map(
      (c) =>
        `- ${c.scenario}: ours / the node:http ceiling = ${ratio(c.times)} the server CPU per request (target ≤ 4.00×: ${verdict(c.times <= 4, c.times)})`,
    ),
    `- ours: spawn until the first answer ${startup === undefined ? 'n/a' : `${Math.round(startup)} ms`} (target ≤ 250 ms: ${verdict((startup ?? Infinity) <= 250, startup)}; one start, on a machine the load disturbs)`,
    ...notes.map((n) => `- Note: ${n}`),
  ];
  return { text: lines.join('\n'), ratios };
}
