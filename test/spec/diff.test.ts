// The breaking-change gate (scripts/diff.js) and the release rule (scripts/release-check.js).
// Each fixture pair under test/fixtures/diff/<case>/ is one kind of change: the report must rate it
// breaking or not, and name every operation it affects. The scripts and their command lines (main())
// run in this process, which computes each spec's types once for all the tests; a few runs start the
// CLIs as processes, for what only a process shows: the exit code as the shell sees it, and npm's
// output. Redocly's diff always runs as its own CLI (about 0.8 CPU-s a comparison): it offers no
// diff in-process.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, it, vi, type ExpectStatic } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'test/fixtures/diff');
const workdirs: string[] = [];

afterAll(() => {
  for (const dir of workdirs) rmSync(dir, { recursive: true, force: true });
});

function workdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-test-'));
  workdirs.push(dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The scripts' shapes (they are plain JavaScript)

interface Change {
  breaking: boolean;
  direction: string | null;
  where: string;
  change: string;
  reason: string;
  text: string;
  redocly: { impact: string; rule: string | null; message: string | null };
}
interface Operation {
  operationId: string;
  method: string;
  path: string;
  status: 'added' | 'removed' | 'changed';
  breaking: boolean;
  changes: Change[];
}
interface Report {
  base: { spec: string; version: string | null };
  revision: { spec: string; version: string | null };
  breaking: boolean;
  wire: { breaking: boolean };
  summary: { breakingChanges: number; otherChanges: number; operations: string[]; breakingOperations: string[] };
  operations: Operation[];
  document: Change[];
}
interface Verdict {
  ok: boolean;
  problems: string[];
  notes: string[];
  requiredVersion: string | null;
}
interface ReleaseResult extends Verdict {
  baseline: { spec: string; source: string; version: string };
  breaking: boolean;
  report: Report;
}
interface DiffModule {
  diff(options: { base: string; revision?: string; root?: string }): Promise<Report>;
  diffAll(list: { base: string; revision?: string; root?: string }[]): Promise<Report[]>;
}
interface ReleaseModule {
  releaseCheck(options: { root?: string; baseline?: string }): Promise<ReleaseResult>;
  evaluateRelease(options: {
    report: Report;
    packageVersion: string;
    specVersion: string;
    changelog: string | null;
    releasedVersion?: string;
  }): Verdict;
}

interface RedoclyModule {
  runRedocly(baseFile: string, revisionFile: string, workdir: string): Promise<object>;
}

const load = async <T>(script: string) => (await import(pathToFileURL(join(root, script)).href)) as T;
const { diff, diffAll } = await load<DiffModule>('scripts/diff.js');
// The runs of the release rule on a project of their own compile both revisions' types afresh: on a
// fresh clone, beside the rest of the suite on two cores, one took longer than the suite's 30 s.
vi.setConfig({ testTimeout: 120_000 });
const redocly = await load<RedoclyModule>('scripts/diff/redocly.js');
const { releaseCheck, evaluateRelease } = await load<ReleaseModule>('scripts/release-check.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd = root): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A CLI started as a process of its own. */
const cli = (script: string, args: string[]) => run(process.execPath, [join(root, script), ...args]);

interface CliModule {
  main(argv: string[], io: { stdout(text: string): void; stderr(text: string): void }): Promise<number>;
}
const mains = {
  'scripts/diff.js': (await load<CliModule>('scripts/diff/cli.js')).main,
  'scripts/release-check.js': (await load<CliModule>('scripts/release-check.js')).main,
};
/** A CLI's main() in this process: its exit code and what it wrote. */
async function inProcess(script: keyof typeof mains, args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await mains[script](args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const pair = (name: string) => ({
  base: join(fixtures, name, 'base.yaml'),
  revision: join(fixtures, name, 'revision.yaml'),
});
let reports: Promise<Map<string, Report>> | undefined;
/** The report of a fixture pair: every pair's computed once, together (one TypeScript program for their source verdicts). */
function reportOf(name: string): Promise<Report> {
  reports ??= (async () => {
    const names = readdirSync(fixtures, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(fixtures, entry.name, 'base.yaml')))
      .map((entry) => entry.name);
    const all = await diffAll(names.map(pair));
    return new Map(names.map((n, i) => [n, all[i]!]));
  })();
  return reports.then((all) => all.get(name)!);
}
/** operationId → whether the report rates it breaking. */
const named = (report: Report) => Object.fromEntries(report.operations.map((op) => [op.operationId, op.breaking]));
const texts = (report: Report, operationId: string) =>
  report.operations.find((op) => op.operationId === operationId)?.changes.map((c) => c.text) ?? [];

// ---------------------------------------------------------------------------------------------
// One fixture pair per kind of change

interface Case {
  breaking: boolean;
  /** Every operation the report must name, and whether the change breaks it. */
  operations: Record<string, boolean>;
  /** A line the report must have, under the named operation. */
  line: [string, string];
  status?: [string, Operation['status']];
}

const cases: Record<string, Case> = {
  // Breaking for a client.
  'removed-operation': {
    breaking: true,
    operations: { deleteModel: true },
    line: ['deleteModel', 'operation removed: a client that calls it gets an error'],
    status: ['deleteModel', 'removed'],
  },
  'removed-parameter': {
    breaking: true,
    operations: { getModel: true },
    line: ['getModel', 'query parameter `expand` removed: a client that sends it is no longer understood'],
  },
  'removed-request-enum-value': {
    breaking: true,
    operations: { createModel: true },
    line: [
      'createModel',
      'request field `kind` enum lost `embedding`: a client that sends a removed value is rejected',
    ],
  },
  'new-required-request-field': {
    breaking: true,
    operations: { createModel: true },
    line: ['createModel', 'request body now requires `owner`: a client that omits it is rejected'],
  },
  'narrowed-request-bound': {
    breaking: true,
    operations: { createModel: true },
    line: ['createModel', 'request field `model` maxLength 255 → 100: narrows what a client may send'],
  },
  'request-object-closed': {
    breaking: true,
    operations: { createModel: true },
    line: [
      'createModel',
      'request body closed (additionalProperties: false added): narrows what a client may send: any field not listed is rejected',
    ],
  },
  // A `then` that requires a field for some values: those values were valid before.
  'request-conditional-added': {
    breaking: true,
    operations: { createModel: true },
    line: [
      'createModel',
      'request body schema `then` added: changes what a client may send: a value that was valid can be rejected',
    ],
  },
  // Null added beside an enum that lost a value: the union does not hold every old value.
  'request-field-nullable-narrowed': {
    breaking: true,
    operations: { createModel: true },
    line: [
      'createModel',
      'request field `kind` one of `oneOf` added: changes what a client may send: a value that was valid can be rejected',
    ],
  },
  'changed-type': {
    breaking: true,
    operations: { createModel: true },
    line: [
      'createModel',
      'request field `size` type integer → string: narrows what a client may send: a value of the old type is rejected',
    ],
  },
  // `Model` is the response of createModel and of getModel: both are named.
  'removed-response-field': {
    breaking: true,
    operations: { createModel: true, getModel: true },
    line: ['getModel', 'response 200 field `created_at` removed: a client that reads it finds nothing'],
  },
  'response-enum-widened': {
    breaking: true,
    operations: { createModel: true, getModel: true },
    line: [
      'getModel',
      'response 200 field `status` enum gained `deleted`: a client may receive a value it does not handle',
    ],
  },
  // Not breaking.
  'added-optional-request-field': {
    breaking: false,
    operations: { createModel: false },
    line: [
      'createModel',
      'request field `description` added (optional string): a new optional field: a client that does not send it is unaffected',
    ],
  },
  'added-response-field': {
    breaking: false,
    operations: { createModel: false, getModel: false },
    line: [
      'getModel',
      'response 200 field `owner` added (optional string): adds to a response: a client that does not read it is unaffected',
    ],
  },
  'widened-request-bound': {
    breaking: false,
    operations: { createModel: false },
    line: ['createModel', 'request field `size` maximum 100 → 1000: widens what a client may send'],
  },
  // The field's old schema becomes one branch of a `oneOf` beside `null`: every old value still fits.
  'request-field-made-nullable': {
    breaking: false,
    operations: { createModel: false },
    line: ['createModel', 'request field `kind` one of `oneOf` added: widens what a client may send'],
  },
  // A bound kept only for one kind of value (`if`/`then`): what was valid before still is.
  'request-conditional-relaxed': {
    breaking: false,
    operations: { createModel: false },
    line: ['createModel', 'request body schema `then` added: widens what a client may send'],
  },
  'narrowed-response': {
    breaking: false,
    operations: { createModel: false, getModel: false },
    line: [
      'getModel',
      'response 200 field `model` maxLength 255 → 100: narrows a response: every value a client can now receive was valid before',
    ],
  },
  'new-operation': {
    breaking: false,
    operations: { listModels: false },
    line: ['listModels', 'new operation: existing clients are unaffected'],
    status: ['listModels', 'added'],
  },
  'description-only': {
    breaking: false,
    operations: { getModel: false },
    line: ['getModel', 'description changed: documentation only'],
  },
  'deprecated-operation': {
    breaking: false,
    operations: { deleteModel: false },
    line: ['deleteModel', 'deprecated: a notice only: the operation still works'],
  },
  // One shared component (`Limits`, reached through two other schemas) used by two operations.
  'shared-component': {
    breaking: true,
    operations: { createModel: true, updateModel: true },
    line: ['updateModel', 'request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send'],
  },
  // `Limits` is sent by createModel and returned by getModel: each use is rated in its own direction.
  'shared-component-mixed-narrowed': {
    breaking: true,
    operations: { createModel: true, getModel: false },
    line: [
      'getModel',
      'response 200 field `limits.max_tokens` maximum 4096 → 2048: narrows a response: every value a client can now receive was valid before',
    ],
  },
  'shared-component-mixed-widened': {
    breaking: true,
    operations: { createModel: false, getModel: true },
    line: ['getModel', 'response 200 field `limits.max_tokens` maximum 4096 → 8192: widens what a client may receive'],
  },
};

describe.concurrent('diff: each kind of change, rated and attributed to every operation it affects', () => {
  // The fixtures' reports are computed together (one TypeScript program for their source verdicts),
  // once, here: on a loaded machine that takes longer than one test may wait.
  beforeAll(() => reportOf('removed-operation').then(() => undefined), 180_000);

  it('has a case for every fixture pair', ({ expect }) => {
    const pairs = readdirSync(fixtures, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(fixtures, entry.name, 'base.yaml')))
      .map((entry) => entry.name);
    expect(pairs.sort()).toEqual(Object.keys(cases).sort());
    for (const name of pairs) expect(existsSync(pair(name).revision), name).toBe(true);
  });

  for (const [name, expected] of Object.entries(cases)) {
    it(`${name}: ${expected.breaking ? 'breaking' : 'not breaking'}, names ${Object.keys(expected.operations).join(' and ')}`, async ({
      expect,
    }) => {
      const report = await reportOf(name);
      expect(report.wire.breaking).toBe(expected.breaking);
      expect(named(report)).toEqual(expected.operations);
      expect(report.document).toEqual([]);
      for (const op of report.operations) {
        expect(op.changes.length).toBeGreaterThan(0);
        expect(op.breaking).toBe(op.changes.some((c) => c.breaking));
      }
      expect(texts(report, expected.line[0])).toContain(expected.line[1]);
      if (expected.status)
        expect(report.operations.find((op) => op.operationId === expected.status![0])?.status).toBe(expected.status[1]);
      const breakingOps = Object.entries(expected.operations)
        .filter(([, breaking]) => breaking)
        .map(([id]) => id);
      expect([...report.summary.breakingOperations].sort()).toEqual(breakingOps.sort());
    });
  }

  it('takes a bundled JSON spec as well as a split YAML one', async ({ expect }) => {
    const dir = project('0.1.0');
    narrowLimits(dir);
    const report = await diff({
      base: join(fixtures, 'git-repo-bundled.json'),
      revision: join(dir, 'openapi/openapi.yaml'),
    });
    // Limits.yaml is one file that two operations reach through their own path files.
    expect(named(report)).toEqual({ createModel: true, updateModel: true });
    expect(texts(report, 'createModel')).toEqual([
      'request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send',
    ]);
  });
});

describe.concurrent("Redocly's diff", () => {
  it('runs its CLI and gives its JSON report, every file path made absolute', async ({ expect }) => {
    const { base, revision } = pair('shared-component-mixed-narrowed');
    const [baseFile, revisionFile] = [realpathSync(base), realpathSync(revision)];
    const pointer = '#/components/schemas/Limits/properties/max_tokens/maximum';
    const raw = await redocly.runRedocly(base, revision, workdir());
    expect(raw).toMatchObject({
      reportVersion: '1',
      files: { base: baseFile, revision: revisionFile },
      bump: 'major',
      changes: [
        {
          path: expect.any(String),
          kind: 'modified',
          impact: 'major',
          property: 'maximum',
          verdicts: [
            { ruleId: 'schema-constraint-changed', impact: 'major', location: { file: revisionFile, pointer } },
          ],
          base: { file: baseFile, pointer, value: 4096 },
          revision: { file: revisionFile, pointer, value: 2048 },
        },
      ],
    });
  });
});

describe.concurrent('diff CLI', () => {
  it('prints a report grouped by operation; exit 1 when something breaks', async ({ expect }) => {
    const { base, revision } = pair('shared-component');
    const result = await inProcess('scripts/diff.js', [base, revision]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '\ncreateModel  POST /models\n  wire BREAKING    source compatible  request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send\n',
    );
    expect(result.stdout).toContain(
      '\nupdateModel  PATCH /models/{model_id}\n  wire BREAKING    source compatible  request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send\n',
    );
    expect(result.stdout).toContain(
      'BREAKING in createModel, updateModel: wire: 2 breaking changes, 0 compatible; source: 0 consumer breaks.',
    );
  });

  it('npm run -s diff -- … --json pipes into a JSON parser (no npm banner)', async ({ expect }) => {
    const { base, revision } = pair('description-only');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = await run(npm, ['run', '-s', 'diff', '--', base, revision, '--json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Report).breaking).toBe(false);
  });

  it('prints the same report as JSON with --json; exit 0 when nothing breaks', async ({ expect }) => {
    const { base, revision } = pair('added-response-field');
    const result = await inProcess('scripts/diff.js', [base, revision, '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(named(report)).toEqual({ createModel: false, getModel: false });
    expect(report.summary).toMatchObject({ breakingChanges: 0, otherChanges: 2 });
  });
});

/** diff() rejects with the scripts' InputError (the CLI prints its message and exits 2). */
async function rejects(
  expect: ExpectStatic,
  options: { base: string; revision?: string; root?: string },
  message: RegExp | string,
) {
  const error = await diff(options).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.constructor.name).toBe('InputError');
  if (typeof message === 'string') expect(error?.message).toBe(message);
  else expect(error?.message).toMatch(message);
}

describe.concurrent('diff: bad input is exit code 2 with one clear message', () => {
  const file = (name: string, text: string) => {
    const path = join(workdir(), name);
    writeFileSync(path, text);
    return path;
  };

  it('CLI: a missing file, no BASE, an unknown option', async ({ expect }) => {
    const runs = await Promise.all([
      cli('scripts/diff.js', ['test/fixtures/diff/nothing-here.yaml']),
      cli('scripts/diff.js', []),
      cli('scripts/diff.js', ['HEAD', '--frobnicate']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs.map((r) => r.stdout)).toEqual(['', '', '']);
    expect(runs[0].stderr).toBe('diff: spec file not found: test/fixtures/diff/nothing-here.yaml\n');
    expect(runs[1].stderr).toMatch(/^diff: a BASE is required\nusage: node scripts\/diff\.js BASE/);
    expect(runs[2].stderr).toBe('diff: unknown option: --frobnicate\n');
  });
  it('an unknown git ref', async ({ expect }) => {
    await rejects(
      expect,
      { base: 'no-such-ref-anywhere' },
      /^no-such-ref-anywhere is neither a spec file nor a git ref of /,
    );
  });
  it('invalid YAML, as base or as revision', async ({ expect }) => {
    const broken = file('broken.yaml', 'openapi: 3.1.0\npaths: [\n  - a\n b: c\n');
    await rejects(expect, { base: broken }, /broken\.yaml is not valid YAML or JSON \(line \d+, column \d+\)/);
    await rejects(
      expect,
      { base: pair('description-only').base, revision: broken },
      /broken\.yaml is not valid YAML or JSON/,
    );
  });
  it('a document that is not OpenAPI 3.x', async ({ expect }) => {
    await rejects(
      expect,
      { base: file('other.json', '{"swagger": "2.0", "paths": {}}') },
      /other\.json is not an OpenAPI 3\.x document/,
    );
  });
  it('a $ref to a missing file, or to nothing', async ({ expect }) => {
    const missing = file(
      'refs.yaml',
      'openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths:\n  /a:\n    $ref: paths/a.yaml\n',
    );
    await rejects(expect, { base: missing }, /refs\.yaml has a \$ref to a missing file: .*paths\/a\.yaml/);
    const dangling = file(
      'dangling.yaml',
      "openapi: 3.1.0\ninfo: {title: T, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n",
    );
    await rejects(expect, { base: dangling }, /dangling\.yaml has an unresolved \$ref: #\/components\/schemas\/B/);
  });
});

// ---------------------------------------------------------------------------------------------
// Git refs and the release rule

const gitConfig = [
  '-c',
  'user.name=Contract Test',
  '-c',
  'user.email=contract-test@example.org',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'tag.gpgsign=false',
];
async function git(cwd: string, ...args: string[]): Promise<string> {
  const result = await run('git', [...gitConfig, ...args], cwd);
  if (result.code !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function edit(file: string, from: RegExp, to: string) {
  const before = readFileSync(file, 'utf8');
  if (!from.test(before)) throw new Error(`edit of ${file} matched nothing: ${from}`);
  writeFileSync(file, before.replace(from, to));
}

/** A project: openapi/ of the git-repo fixture, package.json and CHANGELOG.md (entries for `changelog`). */
function project(version: string, changelog: string[] = [version]): string {
  const dir = workdir();
  cpSync(join(fixtures, 'git-repo'), dir, { recursive: true });
  setVersion(dir, version, version);
  writeFileSync(
    join(dir, 'CHANGELOG.md'),
    `# Changelog\n\n${changelog.map((v) => `## ${v}\n\nChanges of ${v}.\n`).join('\n')}`,
  );
  return dir;
}

function setVersion(dir: string, specVersion: string, packageVersion: string) {
  edit(join(dir, 'openapi/openapi.yaml'), /^ {2}version: .*$/m, `  version: ${specVersion}`);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'fixture', version: packageVersion, type: 'module' }, null, 2)}\n`,
  );
}

/** Sets `maximum` of Limits.max_tokens (4096 in the fixture): below narrows a request, above widens it. */
function narrowLimits(dir: string, to = '2048') {
  edit(join(dir, 'openapi/components/schemas/Limits.yaml'), /maximum: \d+/, `maximum: ${to}`);
}

async function commitAndTag(dir: string, tag: string) {
  if (!existsSync(join(dir, '.git'))) await git(dir, 'init', '-q');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', `release ${tag}`);
  await git(dir, 'tag', tag);
}

describe.concurrent('diff against a git ref', () => {
  it('reads the ref with git, never from or into the working tree', async ({ expect }) => {
    const dir = project('0.1.0');
    await commitAndTag(dir, 'v0.1.0');
    narrowLimits(dir);
    const limits = readFileSync(join(dir, 'openapi/components/schemas/Limits.yaml'), 'utf8');
    const status = await git(dir, 'status', '--porcelain');
    expect(status).toBe(' M openapi/components/schemas/Limits.yaml\n');

    const report = await diff({ base: 'v0.1.0', root: dir });
    expect(report.base.spec).toMatch(/^v0\.1\.0 \([0-9a-f]{7}, openapi\/openapi\.yaml from git\)$/);
    expect(report.revision.spec).toBe('working tree (openapi/openapi.yaml)');
    expect(named(report)).toEqual({ createModel: true, updateModel: true });
    expect(texts(report, 'updateModel')).toEqual([
      'request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send',
    ]);

    expect(readFileSync(join(dir, 'openapi/components/schemas/Limits.yaml'), 'utf8')).toBe(limits);
    expect(await git(dir, 'status', '--porcelain')).toBe(status);

    const unknown = await inProcess('scripts/diff.js', ['v9.9.9', '--root', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/v9\.9\.9 is neither a spec file nor a git ref/);
  });

  it('reads this repository’s own split spec from refs, on both sides', async ({ expect }) => {
    const report = await diff({ base: 'HEAD', revision: 'HEAD' });
    expect(report.base.spec).toMatch(/^HEAD \([0-9a-f]{7}, openapi\/openapi\.yaml from git\)$/);
    expect(report.base.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.operations).toEqual([]);
    expect(report.document).toEqual([]);
  });
});

describe.concurrent('a clone without tags: the released version names the committed baseline', () => {
  /** The version the committed baseline of `dir` was released as. */
  const releasedAs = (dir: string) =>
    (JSON.parse(readFileSync(join(dir, 'scripts/release-baseline.json'), 'utf8')) as { info: { version: string } }).info
      .version;
  let cloned: Promise<{ dir: string; version: string }> | undefined;
  /** A fresh clone of this repository (no tags), and the version its baseline was released as. */
  const clone = () =>
    (cloned ??= (async () => {
      const dir = workdir();
      await git(root, 'clone', '-q', '--no-tags', root, dir);
      return { dir, version: releasedAs(dir) };
    })());
  const pointer = (version: string) =>
    `v${version} (or ${version}) names the committed baseline scripts/release-baseline.json, the spec released as ${version}`;
  const note = (command: string, ref: string, version: string) =>
    `${command}: ${ref}: no git tag here; using the committed baseline scripts/release-baseline.json (the spec released as ${version})\n`;

  it('npm run diff -- vX.Y.Z (or X.Y.Z): the baseline, said on stderr', async ({ expect }) => {
    const { dir, version } = await clone();
    expect(await git(dir, 'tag', '--list')).toBe('');
    const out = await inProcess('scripts/diff.js', [`v${version}`, version, '--root', dir]);
    expect(out.stderr).toBe(note('diff', `v${version}`, version) + note('diff', version, version));
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(
      `API diff: v${version} (scripts/release-baseline.json, the spec released as ${version}) → ${version} (scripts/release-baseline.json, the spec released as ${version})\ninfo.version: ${version} → ${version}\n\nNo changes.\n`,
    );
  });

  it('npm run release-check: the working spec against the baseline, said on stderr', async ({ expect }) => {
    const { dir, version } = await clone();
    const out = await inProcess('scripts/release-check.js', ['--root', dir]);
    expect(out.stderr).toBe(note('release-check', `v${version}`, version));
    expect(out.stdout).toContain(
      `Release check against v${version} (scripts/release-baseline.json, the spec released as ${version}) [no v* tag yet], released version ${version}\n`,
    );
    expect(out.stdout).toContain('PASS: the release rule holds.');
    expect(out.code).toBe(0);
  });

  it('another version or ref is still an error, which names the baseline', async ({ expect }) => {
    const { dir, version } = await clone();
    await rejects(
      expect,
      { base: 'v9.9.9', root: dir },
      `v9.9.9 is neither a spec file nor a git ref of ${dir}; ${pointer(version)}`,
    );
  });

  it('outside a git repository as well', async ({ expect }) => {
    const version = releasedAs(root);
    const copy = project(version);
    cpSync(join(root, 'scripts/release-baseline.json'), join(copy, 'scripts/release-baseline.json'));
    await rejects(
      expect,
      { base: 'main', root: copy },
      `main is not a spec file, and ${copy} is not a git repository to look it up as a ref; ${pointer(version)}`,
    );
  });
});

describe.concurrent('release rule', () => {
  it('holds for this repository: the working spec against its latest release', async ({ expect }) => {
    const out = await inProcess('scripts/release-check.js', []);
    // Without a v* tag, the one line that says the committed baseline stands for the release.
    expect(out.stderr).toMatch(
      /^(release-check: v\S+: no git tag here; using the committed baseline scripts\/release-baseline\.json \(the spec released as \S+\)\n)?$/,
    );
    expect(out.stdout).toContain('PASS: the release rule holds.');
    expect(out.code).toBe(0);
  });

  /** A project at `version` whose working spec narrows a request of the release at `released`. */
  function breakingProject(released: string, version: string, changelog = [version]) {
    const baseline = project(released);
    const dir = project(version, changelog);
    narrowLimits(dir);
    return { dir, baseline: join(baseline, 'openapi/openapi.yaml') };
  }

  it('CLI: fails a breaking change without a version step, exit 1', async ({ expect }) => {
    const { dir, baseline } = breakingProject('0.1.0', '0.1.1');
    const out = await inProcess('scripts/release-check.js', ['--root', dir, '--baseline', baseline]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      'FAIL: 2 breaking changes (createModel, updateModel) since 0.1.0 need version 0.2.0 or higher (a minor step while below 1.0.0), in package.json and openapi/openapi.yaml; the version is 0.1.1.',
    );
    expect(out.stdout).toContain(
      '    updateModel: request field `limits.max_tokens` maximum 4096 → 2048: narrows what a client may send',
    );
    expect(out.stdout).toContain('FAIL: the release rule does not hold.');
  });

  it('compares with the highest v* tag, and needs a new step after each release', async ({ expect }) => {
    const dir = project('0.1.0');
    await commitAndTag(dir, 'v0.1.0');
    // 0.2.0 narrows the bound, with the version step and the changelog entry: the rule holds.
    narrowLimits(dir, '2048');
    setVersion(dir, '0.2.0', '0.2.0');
    writeFileSync(
      join(dir, 'CHANGELOG.md'),
      '# Changelog\n\n## [0.2.0] - 2026-11-22\n\n- `max_tokens` at most 2048.\n\n## [0.1.0]\n\nFirst.\n',
    );
    const released = await releaseCheck({ root: dir });
    expect(released.baseline.spec).toMatch(/^v0\.1\.0 /);
    expect(released.breaking).toBe(true);
    expect(released.requiredVersion).toBe('0.2.0');
    expect(released.problems).toEqual([]);
    expect(released.ok).toBe(true);
    await commitAndTag(dir, 'v0.2.0');
    // Narrowing again at 0.2.0 breaks against v0.2.0 (it would pass against v0.1.0).
    narrowLimits(dir, '1024');
    const again = await releaseCheck({ root: dir });
    expect(again.baseline).toMatchObject({ source: 'latest release tag', version: '0.2.0' });
    expect(again.baseline.spec).toMatch(/^v0\.2\.0 /);
    expect(again.requiredVersion).toBe('0.3.0');
    expect(again.ok).toBe(false);
  });

  it('without a tag or a baseline file there is nothing to compare with: exit 2', async ({ expect }) => {
    const out = await cli('scripts/release-check.js', ['--root', project('0.1.0')]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /^release-check: no release to compare with: .* has no v\* git tag and no scripts\/release-baseline\.json\n$/,
    );
  });

  // The rule on its own, on reports of the fixture pairs (released at 1.0.0 there).
  const breaking = () => reportOf('narrowed-request-bound');
  const compatible = () => reportOf('widened-request-bound');
  const changelog = (...versions: string[]) => `# Changelog\n\n${versions.map((v) => `## ${v}\n`).join('\n')}`;

  it('rule: from 1.0.0 on, a breaking change needs a major step', async ({ expect }) => {
    const report = await breaking();
    expect(report.base.version).toBe('1.0.0');
    const minor = evaluateRelease({
      report,
      packageVersion: '1.1.0',
      specVersion: '1.1.0',
      changelog: changelog('1.1.0'),
    });
    expect(minor.ok).toBe(false);
    expect(minor.requiredVersion).toBe('2.0.0');
    expect(minor.problems.join('\n')).toMatch(
      /1 breaking change \(createModel\) since 1\.0\.0 needs version 2\.0\.0 or higher \(a major step\)/,
    );
    expect(
      evaluateRelease({
        report,
        packageVersion: '2.0.0',
        specVersion: '2.0.0',
        changelog: changelog('2.0.0', '1.0.0'),
      }),
    ).toMatchObject({ ok: true, problems: [] });
  });

  it('rule: below 1.0.0 a minor step is enough, a patch step is not', async ({ expect }) => {
    const report = await breaking();
    const at = (version: string) =>
      evaluateRelease({
        report,
        packageVersion: version,
        specVersion: version,
        changelog: changelog(version),
        releasedVersion: '0.4.2',
      });
    expect(at('0.4.3').ok).toBe(false);
    expect(at('0.4.3').requiredVersion).toBe('0.5.0');
    expect(at('0.5.0').ok).toBe(true);
  });

  it('rule: the two versions always agree', async ({ expect }) => {
    const verdict = evaluateRelease({
      report: await compatible(),
      packageVersion: '1.0.0',
      specVersion: '1.0.1',
      changelog: changelog('1.0.1', '1.0.0'),
    });
    expect(verdict.problems).toEqual([
      'package.json version 1.0.0 and openapi/openapi.yaml info.version 1.0.1 disagree; they must always be the same.',
    ]);
  });

  it('rule: the version has a changelog entry', async ({ expect }) => {
    const report = await breaking();
    const verdict = evaluateRelease({
      report,
      packageVersion: '2.0.0',
      specVersion: '2.0.0',
      changelog: changelog('1.0.0'),
    });
    expect(verdict.problems).toEqual(['CHANGELOG.md has no entry for 2.0.0 (a heading such as "## 2.0.0").']);
    // "## 2.0.0-beta" or a mention in the text is not an entry for 2.0.0.
    expect(
      evaluateRelease({
        report,
        packageVersion: '2.0.0',
        specVersion: '2.0.0',
        changelog: '## 2.0.0-beta\n\nSee 2.0.0.\n',
      }).ok,
    ).toBe(false);
    expect(
      evaluateRelease({ report, packageVersion: '2.0.0', specVersion: '2.0.0', changelog: null }).problems,
    ).toEqual(['CHANGELOG.md is missing.']);
  });

  it('rule: a compatible change needs no step, and the version never goes back', async ({ expect }) => {
    const report = await compatible();
    expect(
      evaluateRelease({ report, packageVersion: '1.0.0', specVersion: '1.0.0', changelog: changelog('1.0.0') }),
    ).toMatchObject({ ok: true, requiredVersion: null });
    const back = evaluateRelease({
      report,
      packageVersion: '0.9.0',
      specVersion: '0.9.0',
      changelog: changelog('0.9.0'),
    });
    expect(back.problems).toEqual(["info.version 0.9.0 is lower than the release's 1.0.0."]);
  });
});
