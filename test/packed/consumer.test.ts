// The package as a user installs it: packed and installed into a new project once per run
// (test/support/package.ts); here a consumer file is compiled against the published `exports` and
// `types`, and run against the mock.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockBaseUrl } from '../support/contract.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const { app } = await packedPackage();
/** This file's own directory in the installed project (other tests use the same install). */
const here = mkdtempSync(join(app, 'consumer-test-'));

const consumerSource = `
import { createApiClient, MissingCredentialError, validationDetails, type SignalsConfigurationPut } from '@observability/api-contract';
import type { components } from '@observability/api-contract/schema';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const baseUrl = process.argv[2]!;
const client = createApiClient({ baseUrl, auth: { apiKey: 'consumer-key' } });
const body: SignalsConfigurationPut = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
const saved = await client.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
  params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', run_id: '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50' } },
  body,
});
const mode: components['schemas']['SignalScanMode'] | undefined = saved.data?.data.run_mode;
const invalid = await client.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
  params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34', template_id: 'not-a-uuid' } },
  body: { name: 'n' },
});
let missing = '';
try {
  await createApiClient({ baseUrl }).POST('/v2/projects/{project_id}/traces', {
    params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34' } },
    body: { traces: [{ type: 'trace' }] },
  });
} catch (error) {
  if (error instanceof MissingCredentialError) missing = error.operationId;
}
const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@observability/api-contract/openapi.json'), 'utf8'));
const yamlShipped = readFileSync(require.resolve('@observability/api-contract/openapi.yaml'), 'utf8').startsWith('openapi: 3.1.0');
console.log(JSON.stringify({
  status: saved.response.status,
  mode,
  invalidStatus: invalid.response.status,
  invalidDetails: validationDetails(invalid.error).length,
  missing,
  specVersion: spec.info.version,
  yamlShipped,
}));
`;

// A body that breaks the contract: it must not compile.
const brokenSource = `import type { SignalsConfigurationPut } from '@observability/api-contract';\nexport const body: SignalsConfigurationPut = { model: 'm', run_mode: 'WEEKLY' };\n`;

// A Node project's compiler options: strict, NodeNext, @types/node and no DOM lib, so the package's
// types must stand on Node's own fetch globals (the bench's package section compiles a consumer with
// the DOM lib). skipLibCheck false: every declaration file is checked, the package's included.
beforeAll(() => {
  writeFileSync(
    join(here, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'out',
        lib: ['ES2022'],
        types: ['node'],
        typeRoots: [join(root, 'node_modules/@types')],
        skipLibCheck: false,
      },
      files: ['consumer.ts', 'broken.ts'],
    }),
  );
  writeFileSync(join(here, 'consumer.ts'), consumerSource);
  writeFileSync(join(here, 'broken.ts'), brokenSource);
});

/**
 * One tsc run compiles both files (the full check of the package's types and of @types/node is
 * most of its time): consumer.ts must compile clean and broken.ts must not. The errors of each
 * file are told apart by the file name tsc prints first on each diagnostic line.
 */
let compiled: Promise<{ diagnostics: string[]; output: string }> | undefined;
const compile = () =>
  (compiled ??= run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: here,
  })
    .catch((error: { stdout: string }) => error)
    .then(({ stdout }) => ({
      output: stdout,
      diagnostics: stdout.split('\n').filter((line) => /^\S.*: error TS\d+/.test(line)),
    })));

// tsc's full check (skipLibCheck false) is the slow step; on a loaded machine it can take a while.
describe('the packed package', { timeout: 120_000 }, () => {
  it('installs without Prism or any server (the mock runs its own bundle of Prism: no-peer.test.ts)', () => {
    expect(existsSync(join(app, 'node_modules/@observability/api-contract/dist/src/index.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/@stoplight'))).toBe(false);
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed.sort()).toEqual(['@observability', 'openapi-fetch', 'openapi-typescript-helpers', 'statuses']);
  });

  it('compiles a consumer file against its exports and types, and runs it against the mock', async () => {
    const { diagnostics, output } = await compile();
    expect(
      diagnostics.filter((line) => !line.startsWith('broken.ts(')),
      output,
    ).toEqual([]);
    const { stdout } = await run(process.execPath, [join(here, 'out/consumer.js'), mockBaseUrl()], { cwd: here });
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      mode: 'SCHEDULED',
      invalidStatus: 422,
      invalidDetails: 1,
      missing: 'logTraces',
      specVersion: '0.1.0',
      yamlShipped: true,
    });
  });

  it("the mock's types stand in a front-end project: DOM lib, no Node types, no Prism installed", async () => {
    const dir = mkdtempSync(join(app, 'front-end-'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          skipLibCheck: false,
        },
        files: ['mock.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'mock.ts'),
      [
        "import type { Mock, MockOptions, ReceivedOf } from '@observability/api-contract/mock';",
        "export const options: MockOptions = { logLevel: 'warn', log: { write: (text: string) => console.warn(text) } };",
        "export const use = (mock: Mock) => mock.use({ operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' } });",
        "export type Sent = ReceivedOf<'logTraces'>;",
      ].join('\n'),
    );
    const result = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: dir,
    }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('');
  });

  it('rejects a consumer body that breaks the contract at compile time', async () => {
    const { diagnostics, output } = await compile();
    expect(
      diagnostics.some((line) => /^broken\.ts\(2,\d+\): error TS2322/.test(line)),
      output,
    ).toBe(true);
  });
});
