// Section 1: what the client costs per call, measured the way openapi-fetch's own benchmark does
// (packages/openapi-fetch/test/bench in the openapi-typescript monorepo): fetch is a stub that
// resolves a `Response` on the next tick, so only the client's own work is timed.
import { Bench } from 'tinybench';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import ts from 'typescript';
import { median, num, packageVersion, ratio, root, table, tempDir } from './lib.js';

/** @typedef {import('../../generated/schema.js').paths} paths */
/** @typedef {import('openapi-fetch').Client<paths>} Client */
/** A `fetch` as the variants call it: openapi-fetch with a Request, the bare variant with a URL. */
/** @typedef {(input: string | Request, init?: RequestInit) => Promise<Response>} Fetch */
/**
 * A variant: its label, how it makes a call with a given fetch, and the credential headers it must
 * send (null: not checked).
 * @typedef {[label: string, make: (f: Fetch) => () => Promise<unknown>, expect: string[] | null]} Variant
 */

/**
 * Compiles src/ (and generated/security.ts) as they are now into a temp dir, so the benchmark
 * measures the current source, not whatever dist/ holds (dist/ is rebuilt by `npm pack`).
 * Same target as tsconfig.build.json (ES2022, from tsconfig.json).
 * @returns {Promise<{ createApiClient(options: { baseUrl: string, fetch: Fetch, auth: Record<string, unknown>, validateResponses?: boolean }): Client }>}
 */
async function loadCurrentClient() {
  const out = tempDir('client');
  const sources = [
    // The client: src/index.ts, src/client/, and the shared helpers it imports (src/shared/).
    ...['', 'client/', 'shared/'].flatMap((dir) =>
      readdirSync(join(root, 'src', dir))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
        .map((f) => `src/${dir}${f}`),
    ),
    'generated/security.ts',
  ];
  for (const file of sources) {
    const { outputText } = ts.transpileModule(readFileSync(join(root, file), 'utf8'), {
      fileName: file,
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
    });
    const target = join(out, file.replace(/\.ts$/, '.js'));
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, outputText);
  }
  // The package's name and generated/openapi.json make the temp dir its root for src/shared/package-root.ts
  // (validateResponses reads the spec from there and loads ajv through node_modules).
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(out, 'package.json'),
    `${JSON.stringify({ name: manifest.name, type: 'module', peerDependencies: manifest.peerDependencies })}\n`,
  );
  writeFileSync(join(out, 'generated/openapi.json'), readFileSync(join(root, 'generated/openapi.json')));
  symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  return import(pathToFileURL(join(out, 'src/index.js')).href);
}

// The stub of openapi-fetch's benchmark: a Response resolved on the next tick.
/** @type {() => Promise<Response>} */
const stubFetch = () =>
  new Promise((resolve) => {
    process.nextTick(() => resolve(Response.json({}, { status: 200 })));
  });

const BASE_URL = 'http://127.0.0.1:4010';
const PROJECT_ID = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN_ID = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const SIGNALS = '/v2/projects/{project_id}/runs/{run_id}/signals/configuration';
const USERS = '/v2/system_users';

/** The Signals PUT with every field of the request (the spec's `logStreamCron` example). */
function fullSignalsBody() {
  const spec = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
  return spec.paths[SIGNALS].put.requestBody.content['application/json'].examples.logStreamCron.value;
}
const tinyUserBody = { email: 'ada@example.org', password: 'pw' };

/** The spec's example of a created user: an answer that `validateResponses` passes. */
function userExample() {
  const spec = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
  return spec.paths[USERS].post.responses['200'].content['application/json'].examples.administrator.value;
}

/**
 * The stub, answering `body` instead of `{}`: the same next-tick Response.
 * @param {unknown} body
 * @returns {(f: Fetch) => Fetch}
 */
const answering = (body) => (f) => async (input, init) => {
  await f(input, init);
  return Response.json(body, { status: 200 });
};
const BARE = 'openapi-fetch createClient';

/**
 * Checks each variant sends what it should, so a fast failure is never timed as a fast call.
 * @param {string} name
 * @param {(f: Fetch) => Promise<unknown>} call
 * @param {string[]} expectHeader
 */
async function verify(name, call, expectHeader) {
  /** @type {Request | undefined} */
  let seen;
  /** @type {Fetch} */
  const recorder = async (request) => {
    seen = typeof request === 'string' ? new Request(request) : request;
    return stubFetch();
  };
  const result = /** @type {{ error?: unknown } | undefined} */ (await call(recorder));
  if (result?.error !== undefined || !seen) throw new Error(`client bench: ${name} did not complete a call`);
  const request = seen;
  const headers = ['service-ao-api-key', 'service-api-key', 'authorization'].filter((h) => request.headers.has(h));
  if (JSON.stringify(headers) !== JSON.stringify(expectHeader)) {
    throw new Error(
      `client bench: ${name} sent credential headers ${JSON.stringify(headers)}, expected ${JSON.stringify(expectHeader)}`,
    );
  }
}

/**
 * @param {{ quick: boolean }} options
 */
export async function clientSection({ quick }) {
  const { createApiClient } = await loadCurrentClient();
  // Many short rounds in rotating order: a burst of other work on the machine hits one task of
  // one round; the paired ratio (same round) and the best round of each variant shrug it off.
  // --quick only shows that every variant runs and is measured: a few ms each.
  const time = quick ? 20 : 50;
  const warmupTime = quick ? 10 : 300;
  const rounds = quick ? 1 : 40;

  const signalsBody = fullSignalsBody();
  const user = userExample();
  const signalsParams = { path: { project_id: PROJECT_ID, run_id: RUN_ID } };
  const signalsUrl = `${BASE_URL}/v2/projects/${PROJECT_ID}/runs/${RUN_ID}/signals/configuration`;

  // Each variant: [label, makeCall(fetch) => (() => Promise), credential headers it must send].
  /** @type {{ title: string, variants: Variant[] }[]} */
  const operations = [
    {
      title: 'POST /v2/system_users, tiny body, no credential (the cheapest operation: the API has no GET)',
      variants: [
        [
          'fetch (stub), no client',
          (f) => async () => {
            const r = await f(`${BASE_URL}${USERS}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(tinyUserBody),
            });
            return { data: await r.json() };
          },
          null,
        ],
        [
          'openapi-fetch createClient',
          (f) => {
            /** @type {Client} */
            const c = createClient({ baseUrl: BASE_URL, fetch: f });
            return () => c.POST(USERS, { body: tinyUserBody });
          },
          [],
        ],
        [
          'createApiClient (all four credentials)',
          (f) => {
            const c = createApiClient({
              baseUrl: BASE_URL,
              fetch: f,
              auth: {
                apiKey: 'ao-key',
                classicApiKey: 'classic',
                accessToken: 'token',
                basic: { username: 'ada', password: 'pw' },
              },
            });
            return () => c.POST(USERS, { body: tinyUserBody });
          },
          [],
        ],
        // The cost of validateResponses: the same client and answer (the spec's example user), checked or not.
        [
          'createApiClient, the example user answered',
          (f) => {
            const c = createApiClient({ baseUrl: BASE_URL, fetch: answering(user)(f), auth: {} });
            return () => c.POST(USERS, { body: tinyUserBody });
          },
          [],
        ],
        [
          'createApiClient, validateResponses: true, the example user answered',
          (f) => {
            const c = createApiClient({
              baseUrl: BASE_URL,
              fetch: answering(user)(f),
              auth: {},
              validateResponses: true,
            });
            return () => c.POST(USERS, { body: tinyUserBody });
          },
          [],
        ],
      ],
    },
    {
      title: 'PUT Signals configuration, full body (every field), credential in a header',
      variants: [
        [
          'fetch (stub), no client',
          (f) => async () => {
            const r = await f(signalsUrl, {
              method: 'PUT',
              headers: { 'Content-Type': 'application/json', 'Service-AO-API-Key': 'ao-key' },
              body: JSON.stringify(signalsBody),
            });
            return { data: await r.json() };
          },
          null,
        ],
        [
          'openapi-fetch createClient',
          (f) => {
            /** @type {Client} */
            const c = createClient({ baseUrl: BASE_URL, fetch: f });
            return () => c.PUT(SIGNALS, { params: signalsParams, body: signalsBody });
          },
          [],
        ],
        [
          'openapi-fetch, key in default `headers`',
          (f) => {
            /** @type {Client} */
            const c = createClient({ baseUrl: BASE_URL, fetch: f, headers: { 'Service-AO-API-Key': 'ao-key' } });
            return () => c.PUT(SIGNALS, { params: signalsParams, body: signalsBody });
          },
          ['service-ao-api-key'],
        ],
        [
          'openapi-fetch + a no-op onRequest middleware',
          (f) => {
            /** @type {Client} */
            const c = createClient({ baseUrl: BASE_URL, fetch: f });
            c.use({ onRequest() {} });
            return () => c.PUT(SIGNALS, { params: signalsParams, body: signalsBody });
          },
          [],
        ],
        [
          'createApiClient (apiKey: 1st scheme)',
          (f) => {
            const c = createApiClient({ baseUrl: BASE_URL, fetch: f, auth: { apiKey: 'ao-key' } });
            return () => c.PUT(SIGNALS, { params: signalsParams, body: signalsBody });
          },
          ['service-ao-api-key'],
        ],
        [
          'createApiClient (basic only: 4th scheme)',
          (f) => {
            const c = createApiClient({
              baseUrl: BASE_URL,
              fetch: f,
              auth: { basic: { username: 'ada', password: 'pässwörd' } },
            });
            return () => c.PUT(SIGNALS, { params: signalsParams, body: signalsBody });
          },
          ['authorization'],
        ],
      ],
    },
  ];

  for (const { variants } of operations) {
    for (const [label, make, expect] of variants) {
      if (expect !== null) await verify(label, (f) => make(f)(), expect);
    }
  }

  const lines = [];
  lines.push(
    `Stub: \`fetch\` resolves \`Response.json({}, { status: 200 })\` on the next tick (passed as the client's \`fetch\` option), as openapi-fetch's own benchmark does. ` +
      `Timer: tinybench ${packageVersion('tinybench')}, ` +
      `${rounds} round(s) of ${time} ms per task, the order rotated each round (${warmupTime} ms warm-up per task in the first). ` +
      'ops/s: the best round (other processes only slow a round down) and the median round. Ratio: best against best; paired: the median over rounds of the ratio to bare openapi-fetch in the same round. ' +
      'The client is compiled from the current src/ (not dist/). Each variant was checked once to send exactly the expected credential header.',
  );
  const summary = [];
  /** @type {string[]} */
  const checks = [];
  for (const { title, variants } of operations) {
    /** @type {Map<string, number[]>} */
    const hz = new Map(variants.map(([label]) => [label, []]));
    /** @param {string} label */
    const hzOf = (label) => hz.get(label) ?? [];
    for (let round = 0; round < rounds; round++) {
      const shift = round % variants.length;
      const order = [...variants.slice(shift), ...variants.slice(0, shift)];
      // The JIT stays warm across rounds: only the first round needs the full warm-up.
      const bench = new Bench({
        time,
        warmupTime: round === 0 ? warmupTime : 20,
        warmupIterations: 20,
        iterations: 50,
      });
      for (const [label, make] of order) bench.add(label, make(stubFetch));
      await bench.warmup();
      await bench.run();
      for (const task of bench.tasks) {
        if (task.result?.error) {
          const { error } = task.result;
          throw new Error(
            `client bench: ${task.name} threw: ${(error instanceof Error ? error.stack : undefined) ?? error}`,
          );
        }
        hzOf(task.name).push(task.result?.hz ?? NaN);
      }
    }
    const bareRounds = hzOf(BARE);
    /** @param {string} label */
    const pairedRatio = (label) => median(hzOf(label).map((value, round) => value / (bareRounds[round] ?? NaN)));
    /** @param {string} label */
    const best = (label) => Math.max(...hzOf(label));
    const rows = variants.map(([label]) => {
      const values = hzOf(label);
      const perCall = 1e6 / best(label) - 1e6 / best(BARE);
      return [
        label,
        num(best(label)),
        num(median(values)),
        `${num(Math.min(...values))}–${num(Math.max(...values))}`,
        num(1e6 / best(label), 2),
        `${perCall >= 0 ? '+' : '−'}${num(Math.abs(perCall), 2)}`,
        ratio(best(label) / best(BARE)),
        ratio(pairedRatio(label)),
      ];
    });
    // The example user's rows answer a larger body than bare openapi-fetch's `{}`: they are compared
    // with each other (the cost of the check), not with the target against openapi-fetch.
    const unchecked = variants.find(([label]) => label === 'createApiClient, the example user answered');
    const checked = variants.find(([label]) => label.startsWith('createApiClient, validateResponses: true'));
    if (unchecked && checked) {
      const perCall = (/** @type {(label: string) => number} */ of) => 1e6 / of(checked[0]) - 1e6 / of(unchecked[0]);
      checks.push(
        `${title.split(',')[0]}: validateResponses: true costs ${num(perCall(best), 1)} µs per call (best rounds), ${num(
          perCall((label) => median(hzOf(label))),
          1,
        )} µs (median rounds), against the same client and answer unchecked`,
      );
    }
    for (const [label] of variants) {
      if (label.startsWith('createApiClient') && !label.includes('the example user answered')) {
        summary.push({
          operation: title.split(',')[0],
          label,
          ratio: best(label) / best(BARE),
          paired: pairedRatio(label),
        });
      }
    }
    lines.push(
      '',
      `**${title}**`,
      '',
      table(
        [
          'variant',
          'ops/s (best)',
          'ops/s (median)',
          'range over rounds',
          'µs/call (best)',
          'µs vs openapi-fetch',
          'ratio to openapi-fetch',
          'paired ratio',
        ],
        rows,
      ),
    );
  }
  const verdicts = summary.map(
    (s) =>
      `${s.operation} — ${s.label}: paired ${s.paired.toFixed(3)}× bare openapi-fetch (best against best ${s.ratio.toFixed(3)}×; target ≥ 0.95× paired: ${s.paired >= 0.95 ? 'met' : 'MISSED'})`,
  );
  lines.push('', ...[...verdicts, ...checks].map((v) => `- ${v}`));
  return { text: lines.join('\n'), summary };
}
