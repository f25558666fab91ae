// The lint rules bite: each mutation of a copy of openapi/ breaks one house rule and must be
// reported by that rule, while the unmodified copy lints clean. All copies sit side by side under
// one directory with the project's redocly.yaml and plugin, and one `redocly lint` process lints
// them all (the JSON report of each copy names its files, so each problem is told to its copy).
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REDOCLY_CLI, REDOCLY_ENV } from '../../scripts/openapi.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'contract-lint-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

type Edit = (file: string, from: string | RegExp, to: string) => void;
type Mutation = (edit: Edit) => void;

/** Copies openapi/ to `copy-N/` and applies the mutation; returns the copy's directory name. */
function makeCopy(index: number, mutate: Mutation): string {
  const name = `copy-${index}`;
  cpSync(join(root, 'openapi'), join(work, name, 'openapi'), { recursive: true });
  mutate((file, from, to) => {
    const path = join(work, name, 'openapi', file);
    const before = readFileSync(path, 'utf8');
    const after = before.replace(from, to);
    if (after === before) throw new Error(`mutation of ${file} matched nothing: ${from}`);
    writeFileSync(path, after);
  });
  return name;
}

interface Report {
  problems: { ruleId: string; location: { source: { ref: string } }[] }[];
}

/** Lints every copy in one Redocly process; returns the rule ids reported for each copy. */
async function lintAll(copies: string[]): Promise<Map<string, string[]>> {
  mkdirSync(join(work, 'scripts'), { recursive: true });
  cpSync(join(root, 'redocly.yaml'), join(work, 'redocly.yaml'));
  cpSync(join(root, 'scripts/redocly-plugin.js'), join(work, 'scripts/redocly-plugin.js'));
  const roots = copies.map((copy) => `${copy}/openapi/openapi.yaml`);
  const result = await promisify(execFile)(process.execPath, [REDOCLY_CLI, 'lint', '--format', 'json', ...roots], {
    cwd: work,
    env: REDOCLY_ENV,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string }) => error);
  // One pretty-printed JSON report per root, back to back: `}` and `{` meet on a line of their own.
  const text = result.stdout.slice(result.stdout.indexOf('{'));
  const reports = text
    .split(/^\}\{$/m)
    .map((part, i, all) => JSON.parse(`${i > 0 ? '{' : ''}${part}${i < all.length - 1 ? '}' : ''}`) as Report);
  if (reports.length !== copies.length)
    throw new Error(`redocly printed ${reports.length} reports for ${copies.length} roots:\n${result.stderr}`);
  const rules = new Map<string, Set<string>>(copies.map((copy) => [copy, new Set()]));
  for (const problem of reports.flatMap((report) => report.problems)) {
    for (const { source } of problem.location) {
      const copy = rules.get(source.ref.split('/')[0] ?? '');
      if (!copy) throw new Error(`a problem in ${source.ref}, outside every copy: ${problem.ruleId}`);
      copy.add(problem.ruleId);
    }
  }
  return new Map([...rules].map(([copy, ids]) => [copy, [...ids].sort()]));
}

const signals = 'paths/v2_projects_{project_id}_runs_{run_id}_signals_configuration.yaml';

const mutations: [string, string, Mutation][] = [
  [
    'an operation without a 422 response',
    'rule/operation-200-and-422',
    (edit) => edit('paths/v2_login_social.yaml', "    '422':", "    '400':"),
  ],
  [
    'a 422 response with another body',
    'contract/validation-error-body',
    (edit) => edit('components/responses/ValidationError.yaml', 'HTTPValidationError.yaml', 'ValidationError.yaml'),
  ],
  [
    'an OpenAPI 3.0 nullable',
    'rule/no-nullable',
    (edit) =>
      edit(
        'components/schemas/SignalsUserPreferences.yaml',
        '    type: string\n',
        '    type: string\n    nullable: true\n',
      ),
  ],
  [
    'a discriminator on a union',
    'rule/no-discriminator',
    (edit) => edit('components/schemas/SignalSchedule.yaml', 'oneOf:', 'discriminator:\n  propertyName: type\noneOf:'),
  ],
  [
    'a request string with neither bound nor recorded gap',
    'contract/request-strings-bounded',
    (edit) => edit('components/schemas/Trace.yaml', /\n {4}x-not-shown: \[Length bounds\.\]/, ''),
  ],
  [
    'a gap recorded as a bare string',
    'contract/x-not-shown-is-a-list',
    (edit) =>
      edit(
        'components/schemas/Message.yaml',
        /x-not-shown:\n {2}- Which fields are required\./,
        'x-not-shown: Which fields are required.',
      ),
  ],
  [
    'a named schema without description',
    'rule/named-schema-described',
    (edit) => edit('components/schemas/Message.yaml', /^description: .*\n/m, ''),
  ],
  [
    'a path identifier that is not a UUID',
    'rule/path-id-is-uuid',
    (edit) => edit('components/parameters/RunId.yaml', '  format: uuid\n', ''),
  ],
  [
    'an example that violates its schema',
    'no-invalid-media-type-examples',
    (edit) => edit(signals, 'interval_hours: 12', 'interval_hours: 169'),
  ],
  [
    'a body that is not JSON',
    'rule/json-only',
    (edit) =>
      edit(
        'paths/v2_login_social.yaml',
        /requestBody:\n {4}content:\n {6}application\/json:/,
        'requestBody:\n    content:\n      application/xml:',
      ),
  ],
  [
    'a body without a named example',
    'rule/media-type-has-named-examples',
    (edit) =>
      edit(
        'paths/v2_system_users.yaml',
        / {8}examples:\n {10}firstAdministrator:\n {12}summary: .*\n {12}value:\n( {14}.*\n)+/,
        '',
      ),
  ],
  [
    'an operation without a tag',
    'rule/operation-complete',
    (edit) => edit('paths/v2_system_users.yaml', '  tags: [Users]\n', ''),
  ],
];

// copy-0 is the unmodified spec, copy-N the N-th mutation. A mutation that matches nothing fails
// its own test, and its copy is not linted.
const copies = [() => {}, ...mutations.map(([, , mutate]) => mutate)].map(
  (mutate, index): { name: string } | { error: unknown } => {
    try {
      return { name: makeCopy(index, mutate) };
    } catch (error) {
      return { error };
    }
  },
);
let linted: Promise<Map<string, string[]>> | undefined;
const lint = () => (linted ??= lintAll(copies.flatMap((copy) => ('name' in copy ? [copy.name] : []))));

/** The rule ids reported for copy `index`. */
async function reported(index: number): Promise<string[] | undefined> {
  const copy = copies[index]!;
  if ('error' in copy) throw copy.error;
  return (await lint()).get(copy.name);
}

describe('redocly.yaml', () => {
  it('lints the project spec clean', async () => {
    expect(await reported(0)).toEqual([]);
  });

  it.each(mutations.map(([name, rule], index) => [name, rule, index + 1] as const))(
    'rejects %s (%s)',
    async (_name, rule, index) => {
      expect(await reported(index)).toContain(rule);
    },
  );
});
