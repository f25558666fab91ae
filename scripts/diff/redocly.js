// Redocly CLI's `diff` (rules `diff-recommended`): finds the changes between two specs and rates
// each one (major, minor, patch). It runs as its public command line, `redocly diff … --format json`,
// in a child process (about 0.5 s of Node start-up and loading per comparison); its JSON report,
// with every file path made absolute, is what report.js reads.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDOCLY_CLI, REDOCLY_ENV } from '../openapi.js';
import { InputError } from './input.js';

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

/** The configuration of the diff: the rules of the diff command, nothing of the project's redocly.yaml. */
const CONFIG = join(dirname(fileURLToPath(import.meta.url)), 'redocly-diff.yaml');

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
 * Redocly's diff of two spec files: `redocly diff` run as the CLI, in a child process in `workdir`
 * (a directory of this comparison), its JSON report parsed.
 * @param {string} baseFile
 * @param {string} revisionFile
 * @param {string} workdir
 * @returns {Promise<RawDiff>}
 */
export function runRedocly(baseFile, revisionFile, workdir) {
  const args = [
    REDOCLY_CLI,
    'diff',
    baseFile,
    revisionFile,
    '--config',
    CONFIG,
    '--format',
    'json',
    '--fail-on',
    'none',
    '--lint-config',
    'off',
  ];
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
