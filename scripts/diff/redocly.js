// Redocly CLI's `diff` (rules `diff-recommended`): finds the changes between two specs and rates
// each one (major, minor, patch). Its JSON report, with every file path made absolute, is what
// report.js reads.
//
// It runs in this process when the installed @redocly/cli is a build this file knows (BUILDS): the
// CLI is one bundle whose diff command and config loader live in chunks with generated names, so
// they are looked up by version. Any other version runs the CLI's bin in a child process, as
// `redocly diff … --format json` on the command line; that costs about 0.5 s of Node start-up and
// loading per comparison, against 30 ms in process. Both give the same report
// (test/diff.test.ts compares them, and fails when the installed version runs in a child).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REDOCLY_CLI, REDOCLY_ENV } from '../openapi.js';
import { InputError, messageOf } from './input.js';

/** @typedef {import('./spec.js').Parsed} Parsed */
/** @typedef {'major' | 'minor' | 'patch'} Impact */
/** @typedef {{ file: string, pointer: string, line: number, col: number }} Location */
/** @typedef {Location & { value?: Parsed }} Side */
/** @typedef {{ ruleId: string, impact: Impact, message: string, location: Location }} Verdict */

/**
 * One change of Redocly's JSON report. report.js adds the last two fields.
 * @typedef {object} Change
 * @property {string} path the JSON pointer of the changed node in the bundled document
 * @property {string} [typeName] its OpenAPI node type (Schema, Operation, Parameter, …)
 * @property {'added' | 'removed' | 'modified'} kind
 * @property {Impact} impact
 * @property {Verdict[]} [verdicts]
 * @property {string} [property] the keyword that changed, for `modified`
 * @property {Side} [base]
 * @property {Side} [revision]
 * @property {Parsed} [revisionParent] the object that holds the changed node in the revision
 * @property {boolean} [provenWider] the revision accepts every value the base did (schema-subset.js)
 */

/**
 * Redocly's JSON report (`--format json`).
 * @typedef {object} RawDiff
 * @property {{ base: string, revision: string }} [files] the two root files
 * @property {{ base?: string, revision?: string }} [infoVersions]
 * @property {Impact | null} [bump]
 * @property {Change[]} [changes]
 */

/** The configuration both ways use: the rules of the diff command, nothing of the project's redocly.yaml. */
const CONFIG = join(dirname(fileURLToPath(import.meta.url)), 'redocly-diff.yaml');
const CLI_DIR = dirname(dirname(REDOCLY_CLI));

/**
 * The builds of @redocly/cli whose diff runs in this process: the chunk that exports `handleDiff`,
 * and the chunk (and export names) of the config loader and of the logger that handleDiff prints with.
 * @type {Record<string, { handler: string, core: string, loadConfig: string, logger: string }>}
 */
const BUILDS = {
  '2.77.0': { handler: 'lib/chunks/HPXIL34S.js', core: 'lib/chunks/KSRBMNUH.js', loadConfig: 'ya', logger: 'oa' },
};

/**
 * Redocly's logger: handleDiff prints its report with `output` and its notes with the others.
 * @typedef {Record<'info' | 'warn' | 'error' | 'output', (text: string) => unknown>} Logger
 */

/**
 * What runs the diff in this process.
 * @typedef {object} InProcess
 * @property {(argv: Record<string, unknown>) => Promise<void>} handleDiff handleDiff with the loaded config
 * @property {Logger} logger
 */

/** @type {Promise<InProcess | undefined> | undefined} */
let inProcess;

/**
 * Loads the in-process diff of the installed Redocly CLI, or undefined when its build is not known.
 * @returns {Promise<InProcess | undefined>}
 */
export function loadInProcess() {
  inProcess ??= (async () => {
    const { version } = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8'));
    const build = BUILDS[version];
    if (!build) return undefined;
    try {
      /** @param {string} file */
      const load = (file) => import(pathToFileURL(join(CLI_DIR, file)).href);
      const [handlerModule, core] = await Promise.all([load(build.handler), load(build.core)]);
      const { handleDiff } = handlerModule;
      const loadConfig = core[build.loadConfig];
      const logger = core[build.logger];
      if (typeof handleDiff !== 'function' || typeof loadConfig !== 'function') return undefined;
      if (!['info', 'warn', 'error', 'output'].every((method) => typeof logger?.[method] === 'function')) return undefined;
      const config = await loadConfig({ configPath: CONFIG });
      return { handleDiff: (argv) => handleDiff({ argv, config }), logger };
    } catch {
      return undefined;
    }
  })();
  return inProcess;
}

/** In-process runs, one at a time: each takes Redocly's logger for itself while it runs. */
let queue = Promise.resolve();

/**
 * Redocly's diff in this process: what the CLI would print with `--format json`, parsed.
 * @param {InProcess} redocly
 * @param {string} baseFile
 * @param {string} revisionFile
 * @returns {Promise<RawDiff>}
 */
function diffInProcess(redocly, baseFile, revisionFile) {
  const run = queue.then(async () => {
    /** @type {string[]} */
    const output = [];
    /** @type {string[]} */
    const notes = [];
    const { logger } = redocly;
    const saved = { info: logger.info, warn: logger.warn, error: logger.error, output: logger.output };
    // What the CLI would print: the report on stdout, its notes (timing, a warning about unresolved
    // parts) on stderr, which only a failure's message uses.
    logger.info = logger.warn = logger.error = (text) => notes.push(text);
    logger.output = (text) => output.push(text);
    try {
      await redocly.handleDiff({ base: baseFile, revision: revisionFile, format: 'json', 'fail-on': 'none', 'check-version': false });
    } catch (error) {
      throw failure(`${notes.join('')}\n${messageOf(error)}`, 'an exception');
    } finally {
      Object.assign(logger, saved);
    }
    /** @type {RawDiff} */
    const raw = JSON.parse(output.join(''));
    // Its paths are relative to the working directory, as the CLI's are to its own.
    absolute(raw, process.cwd());
    return raw;
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/**
 * The error for a diff that Redocly could not make: what it printed, without its banners and stack.
 * @param {string} printed
 * @param {string} otherwise what to say when it printed nothing
 */
function failure(printed, otherwise) {
  const message = printed
    .split('\n')
    .filter((line) => line.trim() && !/[║╔╚]/.test(line) && !/^\s+at /.test(line))
    .join('\n');
  return new InputError(`redocly diff failed: ${message || otherwise}`);
}

/**
 * Makes every file path of a report absolute.
 * @param {RawDiff} raw
 * @param {string} base what they are relative to
 */
function absolute(raw, base) {
  /** @param {Location | undefined} location */
  const fix = (location) => {
    if (location?.file) location.file = resolve(base, location.file);
  };
  if (raw.files) raw.files = { base: resolve(base, raw.files.base), revision: resolve(base, raw.files.revision) };
  for (const change of raw.changes ?? []) {
    fix(change.base);
    fix(change.revision);
    for (const verdict of change.verdicts ?? []) fix(verdict.location);
  }
}

/**
 * `redocly diff` run as the CLI, in a child process in `workdir` (JSON format).
 * @param {string} baseFile
 * @param {string} revisionFile
 * @param {string} workdir
 * @returns {Promise<RawDiff>}
 */
export function diffInChild(baseFile, revisionFile, workdir) {
  const args = [REDOCLY_CLI, 'diff', baseFile, revisionFile, '--config', CONFIG, '--format', 'json', '--fail-on', 'none', '--lint-config', 'off'];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: workdir,
      env: { ...REDOCLY_ENV, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const stdout = [];
    /** @type {Buffer[]} */
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (error) => reject(new InputError(`cannot run redocly diff: ${error.message}`)));
    child.on('close', (status) => {
      const out = Buffer.concat(stdout).toString('utf8');
      const err = Buffer.concat(stderr).toString('utf8');
      const start = out.indexOf('{');
      /** @type {RawDiff | undefined} */
      let raw;
      try {
        raw = status === 0 && start >= 0 ? JSON.parse(out.slice(start)) : undefined;
      } catch {
        raw = undefined;
      }
      if (!raw) {
        reject(failure(`${out}\n${err}`, `exit code ${status}`));
        return;
      }
      absolute(raw, workdir);
      resolvePromise(raw);
    });
  });
}

/**
 * Redocly's diff of two spec files: in this process when the installed CLI allows, else as the CLI.
 * `workdir` is a directory of this comparison (the child's working directory).
 * @param {string} baseFile
 * @param {string} revisionFile
 * @param {string} workdir
 * @returns {Promise<RawDiff>}
 */
export async function runRedocly(baseFile, revisionFile, workdir) {
  const redocly = await loadInProcess();
  return redocly ? diffInProcess(redocly, baseFile, revisionFile) : diffInChild(baseFile, revisionFile, workdir);
}
