// The gate on edits of this repository's own spec, as a team changing the API makes them: each
// edit is applied to a copy of openapi/ and compared with the untouched spec by diffAll() (diff(),
// which `npm run diff` and `npm run release-check` both call, for many comparisons at once: one
// TypeScript program for all their source verdicts). Each edit has the two verdicts it must get:
// the wire's (does a request or response that worked still work) and the source's (does consumer
// TypeScript that compiled still compile), and the consumer the source verdict must name.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, it, vi } from 'vitest';

// The edits' reports are computed together (one TypeScript program for their source verdicts) by
// the first test that asks: on a fresh clone, beside the rest of the suite on two cores, that took
// longer than the suite's 30 s.
vi.setConfig({ testTimeout: 120_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));
const workdirs: string[] = [];
afterAll(() => {
  for (const dir of workdirs) rmSync(dir, { recursive: true, force: true });
});

interface Finding {
  kind: string;
  subject: string;
  consumer: string;
  error: string;
  fix: string;
  exempt: string | null;
}
interface Report {
  breaking: boolean;
  wire: { breaking: boolean };
  source: { breaking: boolean; findings: Finding[] };
  summary: { breakingChanges: number; sourceBreaks: number };
  operations: {
    operationId: string;
    breaking: boolean;
    changes: { breaking: boolean; text: string; source: { breaking: boolean; consumers: string[] } }[];
  }[];
}
interface Verdict {
  ok: boolean;
  problems: string[];
}
const load = async <T>(script: string) => (await import(pathToFileURL(join(root, script)).href)) as T;
const { diff, diffAll } = await load<{
  diff(options: { base: string; revision?: string; root?: string }): Promise<Report>;
  diffAll(list: { base: string; revision?: string; root?: string }[]): Promise<Report[]>;
}>('scripts/diff/report.js');
const { evaluateRelease, releaseCheck } = await load<{
  evaluateRelease(input: {
    report: Report;
    packageVersion: string;
    specVersion: string;
    changelog: string;
    releasedVersion: string;
  }): Verdict;
  releaseCheck(options: { root: string; baseline?: string }): Promise<Verdict & { breaking: boolean }>;
}>('scripts/release-check.js');

const BASE = join(root, 'openapi/openapi.yaml');

/** An edit: files of openapi/ rewritten (each `from` must match), and files renamed. */
interface Edit {
  files: Record<string, [RegExp | string, string][]>;
  rename?: [string, string][];
  wire: boolean;
  source: boolean;
  /** A consumer the source verdict names (a substring), and its kind. */
  consumer?: [string, string];
  /** What the finding's error starts with: the compiler's code, unless said otherwise. */
  error?: RegExp;
}

const edits: Record<string, Edit> = {
  'a response enum loses a value (role loses system_user)': {
    files: { 'components/schemas/SystemUserRole.yaml': [['[system_admin, system_user]', '[system_admin]']] },
    wire: false,
    source: true,
    consumer: ['exhaustive-switch', 'an exhaustive `switch` over `SystemUserRole` with a `case` for `system_user`'],
  },
  'a schema renamed (file, key and title): SystemUser → SystemAccount': {
    files: {
      'components/schemas/SystemUser.yaml': [['title: SystemUser', 'title: SystemAccount']],
      'openapi.yaml': [
        [
          '    SystemUser:\n      $ref: components/schemas/SystemUser.yaml',
          '    SystemAccount:\n      $ref: components/schemas/SystemAccount.yaml',
        ],
      ],
      'paths/v2_system_users.yaml': [['schemas/SystemUser.yaml', 'schemas/SystemAccount.yaml']],
    },
    rename: [['components/schemas/SystemUser.yaml', 'components/schemas/SystemAccount.yaml']],
    wire: false,
    source: true,
    consumer: ['named-type', "`import type { SystemUser } from '@observability/api-contract'`"],
  },
  'a 404 documented with its own body': {
    files: {
      'paths/v2_system_users.yaml': [
        [
          "    '422':\n",
          "    '404':\n      description: No such user.\n      content:\n        application/json:\n          schema:\n            type: object\n            properties:\n              message:\n                type: string\n    '422':\n",
        ],
      ],
    },
    wire: false,
    source: true,
    consumer: ['error-handling', 'code handling the `error` of `createOrVerifyUser`'],
  },
  'a required response field added (SystemUser.id)': {
    files: { 'components/schemas/SystemUser.yaml': [['type: object\n', 'type: object\nrequired: [id]\n']] },
    wire: false,
    source: true,
    consumer: ['typed-fixture', 'a typed fixture `const x: SystemUser'],
  },
  'null dropped from a response field (SignalsConfiguration.start_date)': {
    files: {
      'components/schemas/SignalsConfiguration.yaml': [
        ["scheduled scans may run, or null.\n    type: [string, 'null']", 'scheduled scans may run.\n    type: string'],
      ],
    },
    wire: false,
    source: true,
    consumer: ['typed-fixture', 'a typed fixture `const x: SignalsConfiguration'],
  },
  'a request enum widened (AuthMethod gains passkey)': {
    files: { 'components/schemas/AuthMethod.yaml': [['saml, invite]', 'saml, invite, passkey]']] },
    wire: false,
    source: true,
    consumer: ['record-table', 'a `Record<AuthMethod, string>` table'],
  },
  "a path parameter's format changes (project_id uuid → date-time)": {
    files: { 'components/parameters/ProjectId.yaml': [['format: uuid', 'format: date-time']] },
    wire: true,
    source: false,
  },
  "a path parameter's type changes (project_id string → integer)": {
    files: { 'components/parameters/ProjectId.yaml': [['type: string\n  format: uuid', 'type: integer']] },
    wire: true,
    source: true,
    consumer: ['request', 'a call of `logTraces` with the parameters it sent'],
  },
  'a response enum widened (SystemUserStatus gains suspended)': {
    files: { 'components/schemas/SystemUserStatus.yaml': [[/enum: \[(.*)\]/, 'enum: [$1, suspended]']] },
    wire: true,
    source: true,
    consumer: ['exhaustive-switch', 'an exhaustive `switch` over `SystemUserStatus` whose `default`'],
  },
  'a response field removed (SystemUser.email)': {
    files: {
      'components/schemas/SystemUser.yaml': [
        ['  email:\n    description: E-mail address of the user.\n    type: string\n', ''],
      ],
    },
    wire: true,
    source: true,
    consumer: ['response-read', 'code reading `SystemUser.email`'],
  },
  'a request bound narrowed (SocialLoginRequest.id_token maxLength)': {
    files: { 'components/schemas/SocialLoginRequest.yaml': [[/( {2}id_token:\n)/, '$1    maxLength: 4096\n']] },
    wire: true,
    source: false,
  },
  'an optional response field added (SystemUser.phone)': {
    files: {
      'components/schemas/SystemUser.yaml': [
        ['properties:\n', 'properties:\n  phone:\n    description: Phone.\n    type: string\n'],
      ],
    },
    wire: false,
    source: false,
  },
  'an optional request field added (SocialLoginRequest.nonce)': {
    files: {
      'components/schemas/SocialLoginRequest.yaml': [
        [
          'properties:\n',
          "properties:\n  nonce:\n    description: A nonce.\n    type: [string, 'null']\n    maxLength: 64\n",
        ],
      ],
    },
    wire: false,
    source: false,
  },
  // A valid schema that openapi-typescript cannot turn into types (an `enum` of strings on an object):
  // the revision's package could not be built, so every consumer breaks; a verdict, not a crash.
  'an object schema given an enum of strings, which openapi-typescript rejects (Span)': {
    files: { 'components/schemas/Span.yaml': [['type: object\n', 'type: object\nenum: [ON_DEMAND]\n']] },
    wire: true,
    source: true,
    consumer: ['package-types', 'every consumer: the types of the package cannot be generated'],
    error: /^openapi-typescript: Expected SchemaObject, received string at #\/components\/schemas\/Span\//,
  },
  'a description changed': {
    files: {
      'components/schemas/SystemUser.yaml': [['description: A system user.', 'description: A user of the system.']],
    },
    wire: false,
    source: false,
  },
};

/** A copy of openapi/ with an edit applied; returns its root file. */
function edited(edit: Pick<Edit, 'files' | 'rename'>): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  workdirs.push(dir);
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true });
  for (const [file, replacements] of Object.entries(edit.files)) {
    const path = join(dir, 'openapi', file);
    let text = readFileSync(path, 'utf8');
    for (const [from, to] of replacements) {
      const after = text.replace(from, to);
      if (after === text) throw new Error(`the edit of ${file} matched nothing: ${String(from)}`);
      text = after;
    }
    writeFileSync(path, text);
  }
  for (const [from, to] of edit.rename ?? []) renameSync(join(dir, 'openapi', from), join(dir, 'openapi', to));
  return join(dir, 'openapi/openapi.yaml');
}

const names = Object.keys(edits);
const reports = diffAll(names.map((name) => ({ base: BASE, revision: edited(edits[name]!) })));

describe('edits of the spec: both verdicts, one function', () => {
  for (const [i, name] of names.entries()) {
    const edit = edits[name]!;
    it(`${name}: wire ${edit.wire ? 'breaking' : 'compatible'}, source ${edit.source ? 'breaking' : 'compatible'}`, async ({
      expect,
    }) => {
      const report = (await reports)[i]!;
      expect({ wire: report.wire.breaking, source: report.source.breaking }).toEqual({
        wire: edit.wire,
        source: edit.source,
      });
      expect(report.breaking).toBe(edit.wire || edit.source);
      if (edit.consumer) {
        const [kind, consumer] = edit.consumer;
        const finding = report.source.findings.find((f) => f.kind === kind && f.consumer.includes(consumer));
        expect(finding, JSON.stringify(report.source.findings, null, 2)).toBeDefined();
        expect(finding!.error).toMatch(edit.error ?? /^TS\d+: /);
        expect(finding!.fix).not.toBe('');
      }
      // The release rule reads the same verdict: with no version step it fails exactly when the gate says breaking.
      const verdict = evaluateRelease({
        report,
        packageVersion: '0.1.0',
        specVersion: '0.1.0',
        changelog: '## 0.1.0\n',
        releasedVersion: '0.1.0',
      });
      expect(verdict.ok).toBe(!report.breaking);
    });
  }

  it('npm run release-check and npm run diff agree on a widened request enum: both call it breaking', async ({
    expect,
  }) => {
    const name = 'a request enum widened (AuthMethod gains passkey)';
    const project = dirname(dirname(edited(edits[name]!)));
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'team', version: '0.1.0' })}\n`);
    writeFileSync(join(project, 'CHANGELOG.md'), '# Changelog\n\n## 0.1.0\n');
    const revision = join(project, 'openapi/openapi.yaml');
    const [released, gate] = await Promise.all([
      releaseCheck({ root: project, baseline: BASE }),
      diff({ base: BASE, revision, root: project }),
    ]);
    expect(gate.breaking).toBe(true);
    expect(released.breaking).toBe(gate.breaking);
    expect(released.ok).toBe(false);
    expect(released.problems.join('\n')).toMatch(
      /^1 breaking change \(1 for TypeScript consumers: createOrVerifyUser\) since 0\.1\.0 needs version 0\.2\.0 or higher/,
    );
  });

  it('a project may exempt a kind of consumer, with its reason, in package.json: never by editing the tool', async ({
    expect,
  }) => {
    const project = dirname(dirname(edited(edits['a request enum widened (AuthMethod gains passkey)']!)));
    const revision = join(project, 'openapi/openapi.yaml');
    const reason = 'our label tables are generated from the spec at build time';
    const write = (apiDiff: unknown) =>
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'team', version: '0.1.0', apiDiff }));
    writeFileSync(join(project, 'CHANGELOG.md'), '# Changelog\n\n## 0.1.0\n');
    write({ exempt: { 'record-table': reason } });
    const [report, released] = await Promise.all([
      diff({ base: BASE, revision, root: project }),
      releaseCheck({ root: project, baseline: BASE }),
    ]);
    expect(report.source.breaking).toBe(false);
    expect(report.source.findings.find((f) => f.kind === 'record-table')?.exempt).toBe(reason);
    expect(report.breaking).toBe(false);
    expect(released.ok).toBe(true);

    write({ exempt: { fixtures: 'a kind the gate does not know' } });
    await expect(diff({ base: BASE, revision, root: project })).rejects.toThrow(
      /package\.json apiDiff\.exempt: unknown consumer kind "fixtures" \(one of named-type, index-type, /,
    );
    write({ exempt: { 'record-table': ' ' } });
    await expect(diff({ base: BASE, revision, root: project })).rejects.toThrow(
      'package.json apiDiff.exempt["record-table"] needs the reason, as a non-empty string',
    );
    write({ exempt: { 'package-types': 'we publish without types' } });
    await expect(diff({ base: BASE, revision, root: project })).rejects.toThrow(
      'package.json apiDiff.exempt: "package-types" cannot be exempted: a revision whose types cannot be generated cannot be built',
    );
  });

  it('a source break is shown on the change that causes it, beside its wire verdict', async ({ expect }) => {
    const report = (await reports)[0]!;
    const line = report.operations
      .find((op) => op.operationId === 'createOrVerifyUser')
      ?.changes.find((c) => c.text.includes('enum lost `system_user`'));
    expect(line?.breaking).toBe(false);
    expect(line?.source.breaking).toBe(true);
    expect(line?.source.consumers).toContain(
      'an exhaustive `switch` over `SystemUserRole` with a `case` for `system_user`',
    );
  });
});
