// The lint rules bite: each mutation of a copy of openapi/ breaks one house rule and must be
// reported by that rule, while the unmodified copy lints clean.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REDOCLY_CLI, REDOCLY_ENV } from '../scripts/openapi.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const workdirs: string[] = [];

afterAll(() => {
  for (const dir of workdirs) rmSync(dir, { recursive: true, force: true });
});

/** Lints a copy of the project's spec and config after `mutate` edited it; returns the rule ids reported. */
async function lintCopy(mutate: (edit: (file: string, from: string | RegExp, to: string) => void) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-lint-'));
  workdirs.push(dir);
  for (const entry of ['openapi', 'redocly.yaml', 'scripts/redocly-plugin.js']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  mutate((file, from, to) => {
    const path = join(dir, 'openapi', file);
    const before = readFileSync(path, 'utf8');
    const after = before.replace(from, to);
    if (after === before) throw new Error(`mutation of ${file} matched nothing: ${from}`);
    writeFileSync(path, after);
  });
  const result = await promisify(execFile)(process.execPath, [REDOCLY_CLI, 'lint', '--format', 'json'], {
    cwd: dir,
    env: REDOCLY_ENV,
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout: string; code: number }) => error);
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { problems: { ruleId: string }[] };
  return [...new Set(report.problems.map((p) => p.ruleId))].sort();
}

const signals = 'paths/v2_projects_{project_id}_runs_{run_id}_signals_configuration.yaml';

describe('redocly.yaml', () => {
  it('lints the project spec clean', async () => {
    expect(await lintCopy(() => {})).toEqual([]);
  });

  const mutations: [string, string, Parameters<typeof lintCopy>[0]][] = [
    ['an operation without a 422 response', 'rule/operation-200-and-422', (edit) => edit('paths/v2_login_social.yaml', "    '422':", "    '400':")],
    ['a 422 response with another body', 'contract/validation-error-body', (edit) => edit('components/responses/ValidationError.yaml', 'HTTPValidationError.yaml', 'ValidationError.yaml')],
    ['an OpenAPI 3.0 nullable', 'rule/no-nullable', (edit) => edit('components/schemas/Message.yaml', '    type: string\n', '    type: string\n    nullable: true\n')],
    ['a discriminator on a union', 'rule/no-discriminator', (edit) => edit('components/schemas/SignalSchedule.yaml', 'oneOf:', 'discriminator:\n  propertyName: type\noneOf:')],
    ['a request string with neither bound nor recorded gap', 'contract/request-strings-bounded', (edit) => edit('components/schemas/Trace.yaml', /\n    x-not-shown: \[Length bounds\.\]/, '')],
    ['a gap recorded as a bare string', 'contract/x-not-shown-is-a-list', (edit) => edit('components/schemas/Message.yaml', /x-not-shown:\n  - Which fields are required\./, 'x-not-shown: Which fields are required.')],
    ['a named schema without description', 'rule/named-schema-described', (edit) => edit('components/schemas/Message.yaml', /^description: .*\n/m, '')],
    ['a path identifier that is not a UUID', 'rule/path-id-is-uuid', (edit) => edit('components/parameters/RunId.yaml', '  format: uuid\n', '')],
    ['an example that violates its schema', 'no-invalid-media-type-examples', (edit) => edit(signals, 'interval_hours: 12', 'interval_hours: 169')],
    ['a body that is not JSON', 'rule/json-only', (edit) => edit('paths/v2_login_social.yaml', /requestBody:\n    content:\n      application\/json:/, 'requestBody:\n    content:\n      application/xml:')],
    ['a body without a named example', 'rule/media-type-has-named-examples', (edit) => edit('paths/v2_system_users.yaml', /        examples:\n          firstAdministrator:\n            summary: .*\n            value:\n(              .*\n)+/, '')],
    ['an operation without a tag', 'rule/operation-complete', (edit) => edit('paths/v2_system_users.yaml', '  tags: [Users]\n', '')],
  ];

  it.concurrent.each(mutations)('rejects %s (%s)', async (_name, rule, mutate) => {
    expect(await lintCopy(mutate)).toContain(rule);
  });
});
