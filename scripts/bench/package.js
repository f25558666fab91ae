// Section 4: what installing the package costs a user: tarball size, what it pulls in, and what
// its types add to the user's `tsc`.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bytes, ms, num, root, table, tempDir, timeCommand } from './lib.js';
import { timeTsc, writeTsconfig } from './tsc.js';

// Not copied into the snapshot: history, the shared install (symlinked instead), build output
// (rebuilt by prepack), tests.
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'test']);

/**
 * Whether the snapshot takes this top-level entry of the repository (the tests' kept pack is named
 * by a hash of what it takes, test/support/package.ts).
 * @param {string} entry
 */
export const snapshotTakes = (entry) => !NOT_COPIED.has(entry) && !entry.endsWith('.tgz');

const PACKED = 'packed.json';

/**
 * The entry of `npm pack --json` for the tarball.
 * @typedef {{ filename: string, size: number, unpackedSize: number, entryCount: number, files: { path: string, size: number }[] }} NpmPack
 */
/**
 * What packAndInstall made, as written to `<work>/packed.json`.
 * @typedef {object} Packed
 * @property {string} name the package's name
 * @property {number} prepackMs
 * @property {NpmPack} packed
 * @property {string} tarball
 * @property {string} app the project it is installed into
 * @property {string} installedPackage its directory in the app's node_modules
 * @property {number} installMs
 * @property {string[]} installed every package installed, `name@version`
 */

const PROJECT_ID = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN_ID = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';

const CONSUMER = `import { createApiClient, validationDetails, type SignalsConfigurationPut, type components } from '@observability/api-contract';

const api = createApiClient({ baseUrl: 'http://127.0.0.1:4010', auth: { apiKey: 'consumer-key' } });
const body: SignalsConfigurationPut = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * 1-5' } };

export async function run(): Promise<string[]> {
  const saved = await api.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
    params: { path: { project_id: '${PROJECT_ID}', run_id: '${RUN_ID}' } },
    body,
  });
  const mode: components['schemas']['SignalScanMode'] | undefined = saved.data?.data.run_mode;
  const user = await api.POST('/v2/system_users', { body: { email: 'ada@example.org', password: 'pw' } });
  const problems = validationDetails(saved.error).map((item) => item.msg);
  return [String(mode), String(user.data?.email), ...problems];
}
`;

// The same file with no import: the same calls with bare fetch and hand-written shapes.
const BASELINE = `type ScanMode = 'ON_DEMAND' | 'SCHEDULED';
interface Saved { data?: { run_mode?: ScanMode } }
interface User { email?: string }

const baseUrl = 'http://127.0.0.1:4010';
const headers = { 'Content-Type': 'application/json', 'Service-AO-API-Key': 'consumer-key' };
const body = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * 1-5' } };

export async function run(): Promise<string[]> {
  const saved = await fetch(\`\${baseUrl}/v2/projects/${PROJECT_ID}/runs/${RUN_ID}/signals/configuration\`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(body),
  });
  const mode: ScanMode | undefined = ((await saved.json()) as Saved).data?.run_mode;
  const user = await fetch(\`\${baseUrl}/v2/system_users\`, { method: 'POST', headers, body: JSON.stringify({ email: 'ada@example.org', password: 'pw' }) });
  return [String(mode), String(((await user.json()) as User).email)];
}
`;

/**
 * Runs npm; throws when it fails.
 * @param {string[]} args
 * @param {string} cwd
 * @param {string} what the step, for the message
 */
async function npm(args, cwd, what) {
  const result = await timeCommand('npm', args, { cwd, maxOutput: 200_000 });
  if (result.code !== 0) throw new Error(`${what} failed (${result.code}):\n${result.output.slice(-3_000)}`);
  return result;
}

/**
 * The one entry of `npm pack --json` (scripts are ignored, so stdout is only the JSON).
 * @param {{ stdout: string, output: string }} result
 * @returns {NpmPack}
 */
function packJson(result) {
  try {
    return JSON.parse(result.stdout)[0];
  } catch {
    throw new Error(`npm pack printed no JSON:\n${result.output.slice(-2_000)}`);
  }
}

/** @param {string} path */
function gzipped(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/**
 * Packs the package as a user gets it and installs it into an empty project. It packs a snapshot
 * of the working tree in a temp dir, the way `npm pack` does it (prepack included), so the result
 * is a fresh build of the current source and nothing in the repo is written. Also used by the
 * tests (test/support/package.ts), which pack once per run; the facts are also written to
 * `<work>/packed.json` so that `--packed <work>` reuses them.
 * @param {string} [work]
 * @returns {Promise<Packed>}
 */
export async function packAndInstall(work = tempDir('package')) {
  const snapshot = join(work, 'snapshot');
  mkdirSync(snapshot);
  for (const entry of readdirSync(root)) {
    if (!snapshotTakes(entry)) continue;
    cpSync(join(root, entry), join(snapshot, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(snapshot, 'node_modules'), 'dir');
  const manifest = JSON.parse(readFileSync(join(snapshot, 'package.json'), 'utf8'));
  const prepack = manifest.scripts?.prepack
    ? await npm(['run', '--silent', 'prepack'], snapshot, 'npm run prepack')
    : { ms: 0 };

  const out = join(work, 'out');
  mkdirSync(out);
  // Its JSON lists every file of the tarball with its size, as `npm pack --dry-run --json` does.
  const packed = packJson(
    await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], snapshot, 'npm pack'),
  );
  rmSync(snapshot, { recursive: true, force: true });

  // A real install of the tarball into an empty project.
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"name":"consumer","private":true,"type":"module"}\n');
  const tarball = join(out, packed.filename);
  const install = await npm(
    ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball],
    app,
    'npm install <tarball>',
  );
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8'));
  /** @type {[string, { version: string, dev?: boolean }][]} */
  const entries = Object.entries(lock.packages);
  const installed = entries
    .filter(([path]) => path !== '' && path !== `node_modules/${manifest.name}`)
    .map(([path, info]) => `${path.replace(/^.*node_modules\//, '')}@${info.version}${info.dev ? ' (dev)' : ''}`);
  const result = {
    name: manifest.name,
    prepackMs: prepack.ms,
    packed,
    tarball,
    app,
    installedPackage: join(app, 'node_modules', manifest.name),
    installMs: install.ms,
    installed,
  };
  writeFileSync(join(work, PACKED), JSON.stringify(result));
  return result;
}

/**
 * What packAndInstall wrote into `dir`.
 * @param {string} dir
 * @returns {Packed}
 */
export function readPacked(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, PACKED), 'utf8'));
  } catch (error) {
    throw new Error(
      `--packed ${dir}: no ${PACKED} of a packed package there (${error instanceof Error ? error.message : error})`,
      { cause: error },
    );
  }
}

/** @param {{ quick: boolean, packed?: string }} options */
export async function packageSection({ quick, packed: packedDir }) {
  const runs = quick ? 1 : 5;
  const pack = packedDir ? readPacked(packedDir) : await packAndInstall();
  const { packed, installed } = pack;
  // The tsc files go into a directory of their own, beside whatever else uses a reused install.
  const app = mkdtempSync(join(pack.app, 'bench-'));

  // tsc: the consumer file against the same file with no import.
  writeFileSync(join(app, 'consumer.ts'), CONSUMER);
  writeFileSync(join(app, 'baseline.ts'), BASELINE);
  const configs = quick ? [true] : [true, false];
  /** @type {string[][]} */
  const tscRows = [];
  for (const skipLibCheck of configs) {
    const suffix = skipLibCheck ? 'skiplib' : 'full';
    writeTsconfig(app, `tsconfig.consumer.${suffix}.json`, ['consumer.ts'], { skipLibCheck });
    writeTsconfig(app, `tsconfig.baseline.${suffix}.json`, ['baseline.ts'], { skipLibCheck });
    const consumer = await timeTsc(app, `tsconfig.consumer.${suffix}.json`, runs);
    const baseline = await timeTsc(app, `tsconfig.baseline.${suffix}.json`, runs);
    tscRows.push([
      `skipLibCheck: ${skipLibCheck}${skipLibCheck ? ' (tsc --init default)' : ''}`,
      ms(baseline.ms),
      ms(consumer.ms),
      `${consumer.ms >= baseline.ms ? '+' : '−'}${ms(Math.abs(consumer.ms - baseline.ms))} (${(consumer.ms / baseline.ms).toFixed(2)}×)`,
      `${num(baseline.types)} → ${num(consumer.types)}`,
      `${num(baseline.checkS, 2)} → ${num(consumer.checkS, 2)} s`,
      `${num((baseline.memoryK ?? NaN) / 1024)} → ${num((consumer.memoryK ?? NaN) / 1024)} MB`,
    ]);
  }

  // Where the bytes are: by top-level directory, and the largest files.
  /** @type {Map<string, number>} */
  const byDir = new Map();
  for (const file of packed.files) {
    const top = file.path.includes('/') ? `${file.path.split('/')[0]}/` : file.path;
    byDir.set(top, (byDir.get(top) ?? 0) + file.size);
  }
  const largest = [...packed.files].sort((a, b) => b.size - a.size).slice(0, 5);

  const lines = [
    `Packed from a snapshot of the working tree in a temp dir (no .git, dist or test; node_modules linked): \`npm run prepack\` (the build, as \`npm pack\` runs it: ${ms(pack.prepackMs)}), then \`npm pack --json --ignore-scripts\`. The tarball is installed into an empty project with \`npm install --prefer-offline <tarball>\`.${packedDir ? ` (Packed and installed earlier, reused from \`--packed ${packedDir}\`.)` : ''}`,
    '',
    table(
      ['figure', 'value'],
      [
        ['tarball (packed)', `${bytes(packed.size)} (${num(packed.size)} B)`],
        ['unpacked', `${bytes(packed.unpackedSize)} (${num(packed.unpackedSize)} B), ${packed.entryCount} files`],
        [
          'unpacked by directory',
          [...byDir]
            .sort((a, b) => b[1] - a[1])
            .map(([d, s]) => `${d} ${bytes(s)}`)
            .join(', '),
        ],
        [
          'largest files (unpacked, gzip -9 alone)',
          largest
            .map((f) => `${f.path} ${bytes(f.size)} (${bytes(gzipped(join(pack.installedPackage, f.path)))})`)
            .join(', '),
        ],
        ['runtime dependencies installed', `${installed.length}: ${installed.join(', ')}`],
        ['install time (npm install --prefer-offline)', ms(pack.installMs)],
      ],
      'll',
    ),
    '',
    `tsc on a consumer file (createApiClient, a PUT and a POST, \`SignalsConfigurationPut\`, \`components\`, \`validationDetails\`) against the same calls written with bare fetch and no import; strict, NodeNext, lib ES2022+DOM, no @types; wall time including Node start-up, the fastest of ${runs} run(s) (other processes only add time); types, check time and memory from \`--extendedDiagnostics\`.`,
    '',
    table(
      ['tsconfig', 'tsc, no import', 'tsc, with the package', 'cost of the import', 'types', 'check time', 'memory'],
      tscRows,
    ),
  ];
  return { text: lines.join('\n'), packed, installed };
}
