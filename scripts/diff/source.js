// Where the two specs of a comparison come from: a command-line argument is a spec file (YAML or
// JSON, split or bundled) or else a git ref, whose `openapi/` is read with git into a temporary
// directory (never checked out: the working tree is not touched). A ref that names the released
// version (`v0.1.0` or `0.1.0`) where git has no such ref, as in a clone without tags, is the
// committed baseline of that release (BASELINE_FILE).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError, WORKING_SPEC, messageOf } from './input.js';

/** The bundled spec of the latest release, committed until a `vX.Y.Z` tag exists, relative to the project. */
export const BASELINE_FILE = 'scripts/release-baseline.json';

/**
 * A spec to compare: its root file, how the report names it, and how it names its files.
 * @typedef {object} Source
 * @property {string} file the absolute path of the root file
 * @property {string} label
 * @property {'file' | 'git'} kind
 * @property {(abs: string) => string} display
 * @property {string} [note] what a person should know about how the argument was read (the CLIs print it on stderr)
 */

/**
 * @overload
 * @param {string[]} args
 * @param {string} cwd
 * @param {{ encoding: 'utf8' }} options
 * @returns {import('node:child_process').SpawnSyncReturns<string>}
 */
/**
 * @overload
 * @param {string[]} args
 * @param {string} cwd
 * @param {{ input: string }} options
 * @returns {import('node:child_process').SpawnSyncReturns<Buffer>}
 */
/**
 * @param {string[]} args
 * @param {string} cwd
 * @param {import('node:child_process').SpawnSyncOptions} options
 */
function git(args, cwd, options) {
  return spawnSync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, ...options });
}

/**
 * Writes the `openapi/` directory of `commit` into `dir` (read with git, not checked out).
 * @param {string} commit
 * @param {string} ref the ref as the user wrote it, for messages
 * @param {string} root the git repository
 * @param {string} dir
 * @returns {string} the root file of the spec written
 */
function extractFromGit(commit, ref, root, dir) {
  const listing = git(['ls-tree', '-r', '-z', commit, '--', 'openapi'], root, { encoding: 'utf8' });
  if (listing.status !== 0)
    throw new InputError(`cannot list openapi/ at git ref \`${ref}\`: ${listing.stderr.trim()}`);
  const blobs = listing.stdout
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta = '', path = ''] = line.split('\t');
      const [, type, oid] = meta.split(' ');
      return { type, oid, path };
    })
    .filter((entry) => entry.type === 'blob');
  if (!blobs.some((blob) => blob.path === WORKING_SPEC)) {
    throw new InputError(`git ref \`${ref}\` has no ${WORKING_SPEC}`);
  }
  const batch = git(['cat-file', '--batch'], root, { input: `${blobs.map((b) => b.oid).join('\n')}\n` });
  if (batch.status !== 0) throw new InputError(`cannot read openapi/ at git ref \`${ref}\`: ${batch.stderr}`);
  const out = batch.stdout;
  let offset = 0;
  for (const blob of blobs) {
    const newline = out.indexOf(10, offset);
    const [oid, , size] = out.subarray(offset, newline).toString('utf8').split(' ');
    if (oid !== blob.oid) throw new InputError(`unexpected output of git cat-file for ${blob.path}`);
    const start = newline + 1;
    const end = start + Number(size);
    const target = join(dir, blob.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(start, end));
    offset = end + 1;
  }
  return join(dir, WORKING_SPEC);
}

/**
 * Resolves a command-line spec argument: an existing file, or else a git ref of `root`, written
 * into `workdir`/`side`.
 * @param {string} argument
 * @param {{ root: string, workdir: string, side: string }} where
 * @returns {Source}
 */
export function resolveSource(argument, { root, workdir, side }) {
  if (existsSync(resolve(process.cwd(), argument))) {
    const asFile = realpathSync(resolve(process.cwd(), argument));
    if (!statSync(asFile).isFile()) throw new InputError(`${argument} is a directory, not a spec file`);
    return {
      file: asFile,
      label: displayPath(asFile, process.cwd()),
      kind: 'file',
      display: (abs) => displayPath(abs, process.cwd()),
    };
  }
  if (/\.(ya?ml|json)$/i.test(argument)) throw new InputError(`spec file not found: ${argument}`);
  if (argument.startsWith('-')) throw new InputError(`unknown option: ${argument}`);
  const inside = git(['rev-parse', '--is-inside-work-tree'], root, { encoding: 'utf8' });
  if (inside.status !== 0) {
    return baselineSource(
      argument,
      root,
      `${argument} is not a spec file, and ${root} is not a git repository to look it up as a ref`,
    );
  }
  const verified = git(['rev-parse', '--verify', '--quiet', `${argument}^{commit}`], root, { encoding: 'utf8' });
  if (verified.status !== 0)
    return baselineSource(argument, root, `${argument} is neither a spec file nor a git ref of ${root}`);
  const commit = verified.stdout.trim();
  const dir = join(workdir, side);
  const file = extractFromGit(commit, argument, root, dir);
  return {
    file,
    label: `${argument} (${commit.slice(0, 7)}, ${WORKING_SPEC} from git)`,
    kind: 'git',
    display: (abs) => `${argument}:${relative(dir, abs).split(sep).join('/')}`,
  };
}

/**
 * The committed baseline of the project at `root`, and the version it was released as (its
 * `info.version`); undefined when the project has none.
 * @param {string} root
 * @returns {{ file: string, version: string } | undefined}
 */
export function committedBaseline(root) {
  const file = join(root, BASELINE_FILE);
  if (!existsSync(file)) return undefined;
  let version;
  try {
    version = JSON.parse(readFileSync(file, 'utf8'))?.info?.version;
  } catch (error) {
    throw new InputError(`${BASELINE_FILE} is not valid JSON: ${messageOf(error)}`);
  }
  if (typeof version !== 'string') throw new InputError(`${BASELINE_FILE} has no info.version`);
  return { file, version };
}

/**
 * An argument that is no git ref of `root`: the committed baseline when it names the version the
 * baseline was released as, else bad input (`problem`, and what the baseline is called).
 * @param {string} argument
 * @param {string} root
 * @param {string} problem
 * @returns {Source}
 */
function baselineSource(argument, root, problem) {
  const baseline = committedBaseline(root);
  if (!baseline) throw new InputError(`${problem}, and it has no committed baseline ${BASELINE_FILE}`);
  const released = `the spec released as ${baseline.version}`;
  if (argument !== baseline.version && argument !== `v${baseline.version}`) {
    throw new InputError(
      `${problem}; v${baseline.version} (or ${baseline.version}) names the committed baseline ${BASELINE_FILE}, ${released}`,
    );
  }
  return {
    file: baseline.file,
    label: `${argument} (${BASELINE_FILE}, ${released})`,
    kind: 'file',
    display: (abs) => displayPath(abs, root),
    note: `${argument}: no git tag here; using the committed baseline ${BASELINE_FILE} (${released})`,
  };
}

/**
 * `abs` relative to `base` when it is inside it, else absolute; with forward slashes.
 * @param {string} abs
 * @param {string} base
 */
export function displayPath(abs, base) {
  const rel = relative(base, abs);
  return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
}
