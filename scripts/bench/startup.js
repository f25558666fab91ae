// Section 12: the mock as a project that installs the package alone gets it (packed and installed
// as package.js does, or reused with --packed): what the project installs, and how soon the mock
// answers in a fresh process: `import` to the first answer of `createMock().fetch`, and the bin
// spawned (through node, and through npx) to its first HTTP answer. Each start is measured with the
// bundle's code cache off (NODE_DISABLE_COMPILE_CACHE: a machine's first start) and on (a cache a
// start before made: every start after the first), the two alternating.
import { readdirSync, lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  LOOPBACK,
  freePort,
  spread,
  ms,
  num,
  spawnTracked,
  stopChild,
  table,
  tempDir,
  timeCommand,
  waitUntilAnswering,
} from './lib.js';
import { packAndInstall, readPacked } from './package.js';

const PUT_PATH =
  '/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration';
const PUT_INIT = {
  method: 'PUT',
  headers: { 'Service-AO-API-Key': 'bench-key', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } }),
};

/** The child: `import` of the package's mock to the first answer of `createMock().fetch`, in ms. */
const PROBE = `
const t0 = performance.now();
const { createMock } = await import('@observability/api-contract/mock');
const mock = await createMock();
const answer = await mock.fetch('https://api.example.test${PUT_PATH}', ${JSON.stringify(PUT_INIT)});
await answer.arrayBuffer();
if (answer.status !== 200) throw new Error('first answer ' + answer.status);
console.log(performance.now() - t0);
`;

/**
 * Bytes of every file under `dir` (links not followed).
 * @param {string} dir
 */
function footprint(dir) {
  let size = 0;
  /** @param {string} at */
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else size += lstatSync(path).size;
    }
  };
  walk(dir);
  return size;
}

/** @param {{ quick: boolean, packed?: string }} options */
export async function startupSection({ quick, packed }) {
  const runs = quick ? 1 : 8;
  const pack = packed ? readPacked(packed) : await packAndInstall();
  const { app } = pack;
  const modules = join(app, 'node_modules');
  const bytes = footprint(modules);
  const cache = tempDir('compile-cache');
  const env = (/** @type {boolean} */ cached) => {
    /** @type {NodeJS.ProcessEnv} */
    const vars = { ...process.env, NODE_COMPILE_CACHE: cache };
    if (cached) delete vars.NODE_DISABLE_COMPILE_CACHE;
    else vars.NODE_DISABLE_COMPILE_CACHE = '1';
    return vars;
  };
  /** @param {boolean} cached */
  const importToAnswer = async (cached) => {
    const result = await timeCommand(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: app,
      env: env(cached),
    });
    if (result.code !== 0) throw new Error(`the start-up probe failed: ${result.output}`);
    return Number(result.stdout.trim().split('\n').pop());
  };
  const npxCli = join(dirname(process.execPath), '../lib/node_modules/npm/bin/npx-cli.js');
  /**
   * Spawn to the first answer of a valid PUT, in ms.
   * @param {string[]} command the script and its first arguments, run by this Node
   * @param {boolean} cached
   */
  const spawnToAnswer = async (command, cached) => {
    const port = await freePort();
    const started = performance.now();
    const child = spawnTracked(process.execPath, [...command, '--port', String(port), '--log-level', 'error'], {
      cwd: app,
      env: env(cached),
    });
    try {
      const answer = await waitUntilAnswering(`http://${LOOPBACK}:${port}${PUT_PATH}`, PUT_INIT, child);
      if (answer.status !== 200) throw new Error(`the bin's first answer: ${answer.status}`);
      return performance.now() - started;
    } finally {
      await stopChild(child);
    }
  };
  const bin = [join(modules, '.bin/api-contract-mock')];
  const npx = [npxCli, '--offline', 'api-contract-mock'];
  // One start of each fills the cache before the measured ones.
  await importToAnswer(true);
  await spawnToAnswer(bin, true);
  /** @type {{ importCold: number[], importWarm: number[], binCold: number[], binWarm: number[], npxWarm: number[] }} */
  const times = { importCold: [], importWarm: [], binCold: [], binWarm: [], npxWarm: [] };
  for (let i = 0; i < runs; i++) {
    times.importCold.push(await importToAnswer(false));
    times.importWarm.push(await importToAnswer(true));
    times.binCold.push(await spawnToAnswer(bin, false));
    times.binWarm.push(await spawnToAnswer(bin, true));
    times.npxWarm.push(await spawnToAnswer(npx, true));
  }
  const installed = pack.installed.length + 1;
  const targets = [
    [
      'what a project installs to use the mock (the package alone)',
      `${installed} packages, ${num(bytes / 1e6, 1)} MB`,
      '≤ 15 MB, no peer',
    ],
    [
      '`import` → first answer of `createMock().fetch`, fresh process, code cache on',
      spread(times.importWarm, ms),
      '≤ 150 ms',
    ],
    ['the bin, spawn → first answer, code cache on', spread(times.binWarm, ms), '≤ 250 ms'],
  ];
  const rows = [
    ...targets,
    ['`import` → first answer, code cache off (a machine’s first start)', spread(times.importCold, ms), ''],
    ['the bin, spawn → first answer, code cache off', spread(times.binCold, ms), ''],
    ['`npx api-contract-mock` (`npx --offline`), spawn → first answer, code cache on', spread(times.npxWarm, ms), ''],
  ];
  return {
    text:
      `The packed package installed alone into an empty project (${pack.installed.length ? pack.installed.join(', ') : 'nothing else'} beside it; its node_modules: every file's bytes). Start-ups: ${runs} of each, in turn, each a fresh process on this Node (${process.version}); "code cache on" after one start of each filled it (the bundle's own cache, dist/prism-node/load.cjs, in a temp dir), "off" with NODE_DISABLE_COMPILE_CACHE=1. First answer: a valid Signals PUT, 200.\n\n` +
      table(['what', 'figure', 'target'], rows, 'lrr'),
    targets,
  };
}
