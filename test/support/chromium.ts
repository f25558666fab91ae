// The Chromium that the browser tests drive. By default, the headless Chromium that the npm
// package @sparticuz/chromium carries inside itself (brotli-packed, pinned by the lock file, so
// `npm ci` brings it and nothing is downloaded): it is unpacked once per package version into
// node_modules/.cache/ and reused. CHROMIUM_PATH chooses another executable instead (a system
// Chromium or Chrome, or any Chromium on a platform the package has no build for).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

export class ChromiumUnavailableError extends Error {
  override name = 'ChromiumUnavailableError';
}

/** The version of an installed package (whose `exports` may not include its package.json). */
function packageVersion(name: string): string {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch (cause) {
    throw new ChromiumUnavailableError(`${name} is not installed: run \`npm ci\` (or set CHROMIUM_PATH).`, { cause });
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: found, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (found === name) return version;
  }
  throw new ChromiumUnavailableError(`no package.json of ${name} above ${entry}.`);
}

/** The path of the Chromium executable to launch; unpacks the packaged one on first use. */
export async function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (!existsSync(chosen))
      throw new ChromiumUnavailableError(`CHROMIUM_PATH is ${JSON.stringify(chosen)}, and no file is there.`);
    return chosen;
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new ChromiumUnavailableError(
      `@sparticuz/chromium ships a Chromium for Linux x64 only, and this is ${process.platform}/${process.arch}: set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    );
  }
  const version = packageVersion('@sparticuz/chromium');
  const unpacked = join(root, 'node_modules/.cache/sparticuz-chromium', version);
  const executable = join(unpacked, 'chromium');
  if (existsSync(executable)) return executable;

  // The package unpacks into os.tmpdir() under fixed names, and takes whatever `chromium` is
  // already there. So it unpacks in a child process whose TMPDIR is a new directory, which is then
  // renamed into place in one step: a concurrent run sees a whole Chromium or none.
  mkdirSync(dirname(unpacked), { recursive: true });
  const staging = mkdtempSync(`${unpacked}.partial-`);
  try {
    const script = `const { default: chromium } = await import('@sparticuz/chromium'); console.log(await chromium.executablePath());`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, TMPDIR: staging },
      timeout: 120_000,
    });
    if (stdout.trim() !== join(staging, 'chromium')) {
      throw new ChromiumUnavailableError(`@sparticuz/chromium unpacked to ${stdout.trim()}, not into ${staging}.`);
    }
    try {
      renameSync(staging, unpacked);
    } catch (error) {
      // Another run renamed its own copy into place first: use that one.
      if (!existsSync(executable)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}
