#!/usr/bin/env node
// The release rule of the contract.
//
//   node scripts/release-check.js [--root DIR] [--baseline FILE|REF] [--json]
//
// Compares the working spec (DIR/openapi/openapi.yaml) with the spec of the latest release: the
// highest `vX.Y.Z` git tag of DIR or, while there is no such tag, the version the committed bundle
// DIR/scripts/release-baseline.json was released as, which scripts/diff.js reads as that bundle.
// `--baseline` names another spec file or git ref. The rule:
//   - package.json `version` and `info.version` of openapi/openapi.yaml agree, and are semver;
//   - the version does not go below the release's;
//   - a breaking change needs a major step of the version (a minor step while below 1.0.0);
//   - CHANGELOG.md has an entry (a heading) for the version.
// Exit code: 0 the rule holds, 1 it does not, 2 bad input.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import YAML from 'yaml';
import { BASELINE_FILE, InputError, PACKAGE_ROOT, WORKING_SPEC, committedBaseline, diff } from './diff.js';
import { PROCESS_IO, messageOf } from './diff/input.js';

/** @typedef {import('./diff/report.js').Report} Report */
/** @typedef {import('./diff/input.js').Io} Io */
/** @typedef {{ ok: boolean, problems: string[], notes: string[], requiredVersion: string | null }} Verdict */
/** @typedef {{ packageVersion: string | null, specVersion: string | null, changelog: string | null }} Project */

/**
 * The outcome of a release check: the verdict, what it compared with, and the diff report.
 * @typedef {Verdict & {
 *   baseline: { spec: string, source: string, version: string | null },
 *   version: string | null,
 *   packageVersion: string | null,
 *   breaking: boolean,
 *   report: Report,
 * }} ReleaseResult
 */

/**
 * A semver version (`1.2.3`, `1.2.3-rc.1`), or undefined.
 * @param {unknown} text
 */
export function parseVersion(text) {
  return semver.parse(String(text ?? '').trim()) ?? undefined;
}

/**
 * Compares major.minor.patch only: a pre-release of a version counts as that version.
 * @param {semver.SemVer} a
 * @param {semver.SemVer} b
 */
const compare = (a, b) => semver.compare(`${a.major}.${a.minor}.${a.patch}`, `${b.major}.${b.minor}.${b.patch}`);

/**
 * The version a breaking change requires after `base`: the next major, or the next minor below 1.0.0.
 * @param {semver.SemVer} base
 */
export function requiredVersion(base) {
  return new semver.SemVer(`${base.major === 0 ? `0.${base.minor + 1}` : `${base.major + 1}.0`}.0`);
}

/**
 * The highest `vX.Y.Z` tag of the git repository at `root`, or undefined.
 * @param {string} root
 */
export function latestReleaseTag(root) {
  const result = spawnSync('git', ['tag', '--list', 'v*'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const tags = result.stdout
    .split('\n')
    .map((tag) => tag.trim())
    .filter((tag) => tag.startsWith('v') && parseVersion(tag.slice(1)) !== undefined);
  tags.sort((a, b) => semver.rcompare(a.slice(1), b.slice(1)));
  return tags[0];
}

/**
 * @param {string} path
 * @param {string} what the file, in the message when it is missing
 */
function readText(path, what) {
  if (!existsSync(path)) throw new InputError(`${what} not found: ${path}`);
  return readFileSync(path, 'utf8');
}

/**
 * @param {string} changelog
 * @param {string} version
 */
function hasChangelogEntry(changelog, version) {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^#{1,6}\\s*\\[?v?${escaped}\\]?(?=\\s|$)`, 'm').test(changelog);
}

/**
 * Reads the versions and the changelog of the project at `root`.
 * @param {string} root
 * @returns {Project}
 */
export function readProject(root) {
  let packageVersion;
  try {
    packageVersion = JSON.parse(readText(join(root, 'package.json'), 'package.json')).version;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`package.json is not valid JSON: ${messageOf(error)}`);
  }
  let specVersion;
  try {
    specVersion = YAML.parse(readText(join(root, WORKING_SPEC), WORKING_SPEC))?.info?.version;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${WORKING_SPEC} is not valid YAML: ${messageOf(error).split('\n')[0]}`);
  }
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : null;
  return { packageVersion: packageVersion ?? null, specVersion: specVersion ?? null, changelog };
}

/**
 * The latest release of `root`, as diff() takes it: the highest v* tag, else the version of the
 * committed baseline (which diff() reads as the baseline while git has no such ref).
 * @param {string} root
 * @returns {{ base: string, source: string }}
 */
export function releaseBaseline(root) {
  const tag = latestReleaseTag(root);
  if (tag) return { base: tag, source: 'latest release tag' };
  const baseline = committedBaseline(root);
  if (baseline) return { base: `v${baseline.version}`, source: 'no v* tag yet' };
  throw new InputError(`no release to compare with: ${root} has no v* git tag and no ${BASELINE_FILE}`);
}

/**
 * The release rule itself, on a diff report (scripts/diff.js) of the working spec against the
 * release, the two versions of the working tree and its changelog. Returns { ok, problems, notes, requiredVersion }.
 * @param {Project & { report: Report, releasedVersion?: string | null }} input
 * @returns {Verdict}
 */
export function evaluateRelease({
  report,
  packageVersion,
  specVersion,
  changelog,
  releasedVersion = report.base.version,
}) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const notes = [];
  const current = parseVersion(specVersion);
  const released = parseVersion(releasedVersion);
  if (String(packageVersion) !== String(specVersion)) {
    problems.push(
      `package.json version ${packageVersion} and ${WORKING_SPEC} info.version ${specVersion} disagree; they must always be the same.`,
    );
  }
  if (!current) problems.push(`${WORKING_SPEC} info.version ${specVersion} is not a semver version (X.Y.Z).`);
  if (!released) problems.push(`the release's info.version ${releasedVersion} is not a semver version (X.Y.Z).`);
  /** @type {semver.SemVer | null} */
  let required = null;
  if (current && released) {
    if (compare(current, released) < 0)
      problems.push(`info.version ${current.version} is lower than the release's ${released.version}.`);
    if (report.breaking) {
      required = requiredVersion(released);
      const { breakingChanges, sourceBreaks, breakingOperations: ops } = report.summary;
      const count = breakingChanges + sourceBreaks;
      const parts = [
        breakingChanges > 0 ? `${breakingChanges} on the wire` : '',
        sourceBreaks > 0 ? `${sourceBreaks} for TypeScript consumers` : '',
      ].filter(Boolean);
      const where = ops.join(', ');
      const detail = sourceBreaks > 0 ? [parts.join(', '), where].filter(Boolean).join(': ') : where;
      const what = `${count} breaking change${count === 1 ? '' : 's'}${detail ? ` (${detail})` : ''}`;
      if (compare(current, required) < 0) {
        problems.push(
          `${what} since ${released.version} need${count === 1 ? 's' : ''} version ${required.version} or higher (${released.major === 0 ? 'a minor step while below 1.0.0' : 'a major step'}), in package.json and ${WORKING_SPEC}; the version is ${current.version}.`,
        );
      } else
        notes.push(`${what} since ${released.version}; version ${current.version} is at least ${required.version}.`);
    } else notes.push(`no breaking change since ${released.version}.`);
  }
  if (changelog === null || changelog === undefined) problems.push('CHANGELOG.md is missing.');
  else if (current && !hasChangelogEntry(changelog, current.version)) {
    problems.push(`CHANGELOG.md has no entry for ${current.version} (a heading such as "## ${current.version}").`);
  }
  return { ok: problems.length === 0, problems, notes, requiredVersion: required?.version ?? null };
}

/**
 * Checks the project at `root` against its latest release (or `baseline`, a spec file or git ref).
 * @param {{ root?: string, baseline?: string }} [options]
 * @returns {Promise<ReleaseResult>}
 */
export async function releaseCheck({ root = PACKAGE_ROOT, baseline } = {}) {
  const project = readProject(root);
  const { base, source } = baseline ? { base: baseline, source: 'given' } : releaseBaseline(root);
  const report = await diff({ base, revision: WORKING_SPEC, root });
  const verdict = evaluateRelease({ report, ...project });
  return {
    ...verdict,
    baseline: { spec: report.base.spec, source, version: report.base.version },
    version: project.specVersion,
    packageVersion: project.packageVersion,
    breaking: report.breaking,
    report,
  };
}

/**
 * The result as text, for a person.
 * @param {ReleaseResult} result
 */
export function formatResult(result) {
  const lines = [
    `Release check against ${result.baseline.spec} [${result.baseline.source}], released version ${result.baseline.version}`,
  ];
  lines.push(`  version: package.json ${result.packageVersion}, ${WORKING_SPEC} ${result.version}`);
  for (const note of result.notes) lines.push(`  ${note}`);
  for (const problem of result.problems) lines.push(`  FAIL: ${problem}`);
  if (result.breaking) {
    lines.push('  Breaking changes:');
    for (const op of result.report.operations.filter((o) => o.breaking)) {
      for (const change of op.changes.filter((c) => c.breaking))
        lines.push(`    ${op.operationId ?? `${op.method} ${op.path}`}: ${change.text}`);
    }
    for (const change of result.report.document.filter((c) => c.breaking)) lines.push(`    ${change.text}`);
    for (const finding of result.report.source.findings.filter((f) => f.exempt === null))
      lines.push(`    TypeScript: ${finding.consumer}: ${finding.error} (fix: ${finding.fix})`);
  }
  lines.push(result.ok ? 'PASS: the release rule holds.' : 'FAIL: the release rule does not hold.');
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the CLI on `argv`; returns the exit code.
 * @param {string[]} [argv] the arguments after the script's name
 * @param {Io} [io]
 */
export async function main(argv = process.argv.slice(2), io = PROCESS_IO) {
  /** @type {{ root: string, json: boolean, baseline?: string }} */
  const options = { root: PACKAGE_ROOT, json: false };
  try {
    for (let i = 0; i < argv.length; i++) {
      const argument = argv[i];
      if (argument === '--json') options.json = true;
      else if (argument === '--root' || argument === '--baseline') {
        const value = argv[++i];
        if (!value) throw new InputError(`${argument} needs a value`);
        if (argument === '--root') options.root = resolve(value);
        else options.baseline = value;
      } else
        throw new InputError(
          `unknown argument: ${argument}\nusage: node scripts/release-check.js [--root DIR] [--baseline FILE|REF] [--json]`,
        );
    }
    const result = await releaseCheck(options);
    for (const note of result.report.notes) io.stderr(`release-check: ${note}\n`);
    if (options.json) {
      const { report, ...rest } = result;
      io.stdout(`${JSON.stringify({ ...rest, diff: report }, null, 2)}\n`);
    } else io.stdout(formatResult(result));
    return result.ok ? 0 : 1;
  } catch (error) {
    io.stderr(`release-check: ${error instanceof InputError ? '' : 'unexpected error: '}${messageOf(error)}\n`);
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
