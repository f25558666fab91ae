// Every module system reads the packed package (the tarball given as the argument):
//   runtime     require() and import, each on Node 20.19, 22 and 24
//   TypeScript  moduleResolution node10, node16 and nodenext (CommonJS and ESM projects) and
//               bundler: `.`, `./schema` and the JSON spec compile with --strict, and the emitted
//               JavaScript runs on Node 20.19 (the engines floor); each with TypeScript 5.9 and
//               with TypeScript 7 (the native compiler, what `npm i typescript` installs now)
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { here, nodes, report, run, tail, tempDir, tsc, tsc7 } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node modules.mjs <package tarball>');

const app = tempDir('modules');
const checks = report('module systems (packed package)');
try {
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: { '@observability/api-contract': `file:${tarball}` },
    }),
  );
  const installed = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
    cwd: app,
  });
  checks.result('install the tarball', installed.ok, installed.ok ? '' : tail(installed.output));
  for (const file of readdirSync(join(here, 'consumer'))) copyFileSync(join(here, 'consumer', file), join(app, file));

  // Runtime: the same calls through require() and through import, on every Node of the matrix.
  const expected = (entry) => ({
    entry,
    sent: [
      {
        method: 'PUT',
        path: '/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration',
        credential: ['Service-AO-API-Key'],
        body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } },
      },
    ],
    status: 200,
    runMode: 'SCHEDULED',
    missing: 'MissingCredentialError logTraces',
    specVersion: '0.1.0',
  });
  const loaders = {
    'require()': ['require.cjs', 'dist/cjs/src/index.js'],
    import: ['import.mjs', 'dist/src/index.js'],
  };
  for (const [version, node] of nodes) {
    for (const [loader, [file, entry]] of Object.entries(loaders)) {
      const result = run(node, [file], { cwd: app });
      const got = result.ok ? result.stdout.trim() : '';
      const want = JSON.stringify(expected(entry));
      checks.result(
        `Node ${version} ${loader}`,
        result.ok && got === want,
        result.ok ? (got === want ? entry : `got ${got}\nwant ${want}`) : tail(result.output),
      );
    }
  }

  // TypeScript: one project per resolution, in a folder whose package.json gives its module type.
  const jsonImport = {
    require: "import spec = require('@observability/api-contract/openapi.json');",
    attribute: "import spec from '@observability/api-contract/openapi.json' with { type: 'json' };",
    // TypeScript allows no import attribute under module node16, and Node needs one for JSON.
    createRequire:
      "import { createRequire } from 'node:module';\nconst spec: typeof import('@observability/api-contract/openapi.json') = createRequire(import.meta.url)('@observability/api-contract/openapi.json');",
  };
  const resolutions = [
    { name: 'node10', type: 'commonjs', module: 'commonjs', moduleResolution: 'node10', json: 'require' },
    {
      name: 'node16, CommonJS project',
      type: 'commonjs',
      module: 'node16',
      moduleResolution: 'node16',
      json: 'require',
    },
    {
      name: 'node16, ESM project',
      type: 'module',
      module: 'node16',
      moduleResolution: 'node16',
      json: 'createRequire',
    },
    {
      name: 'nodenext, CommonJS project',
      type: 'commonjs',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      json: 'require',
    },
    {
      name: 'nodenext, ESM project',
      type: 'module',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      json: 'attribute',
    },
    { name: 'bundler', type: 'module', module: 'preserve', moduleResolution: 'bundler', json: 'attribute' },
  ];
  const compilers = [
    { tsc, removed: {} },
    {
      tsc: tsc7,
      // Known limit, not a failure of the package: TypeScript 7 removed `moduleResolution: node10`
      // (and its alias `node`), deprecated in 6.0 (microsoft/TypeScript#62200, "Deprecate, remove
      // --moduleResolution node10"; PR #62338). It refuses such a tsconfig outright (error TS5108),
      // whatever the package, so no package can be consumed that way; TypeScript 5.9 still checks it.
      removed: { node10: /error TS5108: Option 'moduleResolution=node10' has been removed/ },
    },
  ];
  for (const [c, compiler] of compilers.entries()) {
    const version = JSON.parse(readFileSync(join(dirname(compiler.tsc), '..', 'package.json'), 'utf8')).version;
    for (const [index, resolution] of resolutions.entries()) {
      const name = `TypeScript ${version} ${resolution.name}`;
      const dir = join(app, `ts-${c}-${index}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: resolution.type }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: resolution.module,
            moduleResolution: resolution.moduleResolution,
            strict: true,
            esModuleInterop: true,
            resolveJsonModule: true,
            skipLibCheck: false,
            lib: ['ES2022', 'DOM'],
            types: ['node'],
            typeRoots: [join(here, 'node_modules/@types')],
            outDir: 'out',
          },
          files: ['consumer.ts'],
        }),
      );
      writeFileSync(join(dir, 'consumer.ts'), `${consumerSource(jsonImport[resolution.json])}\n`);
      const compiled = run(process.execPath, [compiler.tsc, '-p', 'tsconfig.json'], { cwd: dir });
      const removed = compiler.removed[resolution.name];
      if (!compiled.ok && removed?.test(compiled.output)) {
        checks.limit(
          name,
          `known limit, TypeScript ${version} has removed this resolution (${compiled.output.match(removed)[0].replace(/^error /, '')})`,
        );
        continue;
      }
      if (!compiled.ok) {
        checks.result(name, false, tail(compiled.output));
        continue;
      }
      const ran = run(nodes[0][1], ['out/consumer.js'], { cwd: dir });
      const want = JSON.stringify({ missing: 'MissingCredentialError logTraces', version: '0.1.0' });
      checks.result(
        name,
        ran.ok && ran.stdout.trim() === want,
        ran.ok
          ? ran.stdout.trim() === want
            ? 'compiles, runs'
            : `compiles; ran: ${ran.stdout}`
          : `compiles; fails to run:${tail(ran.output)}`,
      );
    }
  }
} finally {
  rmSync(app, { recursive: true, force: true });
}
checks.finish();

/** A consumer of the three entry points whose @ts-expect-error lines fail the compile if any type is `any`. */
function consumerSource(jsonImportLine) {
  return `import { createApiClient, MissingCredentialError, type SignalsConfigurationPut } from '@observability/api-contract';
import type { components } from '@observability/api-contract/schema';
${jsonImportLine}

const body: SignalsConfigurationPut = { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } };
// @ts-expect-error WEEKLY is not a SignalScanMode (compiles only if the types of '.' are real)
const wrongBody: SignalsConfigurationPut = { model: 'm', run_mode: 'WEEKLY' };
// @ts-expect-error WEEKLY is not a SignalScanMode (compiles only if the types of './schema' are real)
const wrongMode: components['schemas']['SignalScanMode'] = 'WEEKLY';
// @ts-expect-error info.version is a string (compiles only if the JSON spec is typed)
const wrongVersion: number = spec.info.version;
void [body, wrongBody, wrongMode, wrongVersion];

createApiClient({ baseUrl: 'http://127.0.0.1:9' })
  .POST('/v2/projects/{project_id}/traces', { params: { path: { project_id: '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34' } }, body: { traces: [{ type: 'trace' }] } })
  .then(
    () => 'no error',
    (error: unknown) => (error instanceof MissingCredentialError ? \`MissingCredentialError \${error.operationId}\` : String(error)),
  )
  .then((missing) => console.log(JSON.stringify({ missing, version: spec.info.version })));`;
}
