// Three code generators read generated/openapi.json as their users run them:
//   @hey-api/openapi-ts  types, sdk (fetch client) and zod
//   orval                a fetch client and zod
//   openapi-zod-client   a zodios client with zod schemas
// For each: the output compiles under `tsc --strict`; the zod schema of every request body parses
// each named example of the spec to the same value (the spec's own defaults may be added, nothing
// else); and it rejects a few invalid bodies.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { bin, here, report, root, run, tail, tempDir, toolNode, tsc } from './lib.mjs';

const specFile = join(root, 'generated/openapi.json');
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const pascal = (id) => id[0].toUpperCase() + id.slice(1);

/** Where the packages a generator's output imports come from: the versions that generator targets. */
const fromRoot = createRequire(join(here, 'package.json'));
const fromZodClient = createRequire(fromRoot.resolve('openapi-zod-client/package.json'));
const packageDir = (require, name) => dirname(require.resolve(`${name}/package.json`));

const generators = [
  {
    name: '@hey-api/openapi-ts (types, sdk, zod)',
    imports: { zod: packageDir(fromRoot, 'zod') },
    generate(out) {
      // A config file rather than flags: RFC 3339 date-times may carry a UTC offset, which the zod
      // plugin rejects unless `dates.offset` is set.
      const config = join(dirname(out), 'openapi-ts.config.mjs');
      const plugins = ['@hey-api/typescript', '@hey-api/sdk', { name: 'zod', dates: { offset: true } }];
      writeFileSync(config, `export default ${JSON.stringify({ input: specFile, output: out, plugins })};\n`);
      return run(toolNode, [bin('openapi-ts'), '-f', config]);
    },
    compileUnits: { 'types, sdk and zod': ['**/*.ts'] },
    zodModule: 'zod.gen.ts',
    bodySchema: (module, operationId) => module[`z${pascal(operationId)}Body`],
  },
  {
    name: 'orval (fetch client, zod)',
    imports: { zod: packageDir(fromRoot, 'zod') },
    generate(out) {
      mkdirSync(out, { recursive: true });
      const config = join(out, 'orval.config.mjs');
      const project = (client, target) => ({
        input: { target: specFile },
        output: { target: join(out, target), client, mode: 'single' },
      });
      writeFileSync(
        config,
        `export default ${JSON.stringify({ fetch: project('fetch', 'fetch.ts'), zod: project('zod', 'zod.ts') })};\n`,
      );
      const result = run(toolNode, [bin('orval'), '--config', config]);
      rmSync(config);
      return result;
    },
    compileUnits: { 'fetch client': ['fetch.ts'], zod: ['zod.ts'] },
    zodModule: 'zod.ts',
    bodySchema: (module, operationId) => module[`${pascal(operationId)}Body`],
  },
  {
    name: 'openapi-zod-client',
    // Its output is written for zod 3 and @zodios/core, which it depends on itself.
    imports: Object.fromEntries(
      ['zod', '@zodios/core', 'axios'].map((name) => [name, packageDir(fromZodClient, name)]),
    ),
    generate: (out) =>
      mkdirSync(out, { recursive: true }) &&
      run(toolNode, [
        bin('openapi-zod-client'),
        specFile,
        '-o',
        join(out, 'client.ts'),
        '--export-schemas',
        '--with-deprecated',
        '--strict-objects',
      ]),
    compileUnits: { 'zodios client and zod': ['client.ts'] },
    zodModule: 'client.ts',
    bodySchema: (module, operationId) =>
      module.api.api
        .find((endpoint) => endpoint.alias === operationId)
        ?.parameters?.find((parameter) => parameter.type === 'Body')?.schema,
  },
];

/**
 * What a generator cannot do without the spec changing its meaning; the README lists the same
 * under "Known limitations of other tools". Such a case prints KNOWN instead of failing; one that
 * passes again fails the check, so that the list (and the README) is brought up to date.
 */
const knownLimitations = {
  '@hey-api/openapi-ts': [
    [
      /\+ a field not named by the spec/,
      'an open object becomes z.object(), which strips unknown keys: https://github.com/hey-api/hey-api/issues/2738',
    ],
    [
      /^putSignalsConfiguration rejects (run_mode|interval_hours|four)/,
      'additionalProperties: false is ignored, so the body falls through to the experiment shape, which strips the rest: https://github.com/hey-api/hey-api/issues/4307',
    ],
  ],
  orval: [
    [
      /^fetch client .* compiles under tsc/,
      'a `const` property of an object open to more properties is written as `{ …, [key: string]: unknown } as const`, which is not TypeScript: https://github.com/orval-labs/orval/issues/2078',
    ],
    [
      /\+ a field not named by the spec/,
      'an open object becomes zod.object(), which strips unknown keys (override.zod.strict closes every object instead): https://github.com/orval-labs/orval/pull/972',
    ],
    [
      /^putSignalsConfiguration rejects (run_mode|interval_hours|four)/,
      'additionalProperties: false is ignored unless override.zod.strict, which closes open objects too, so the body falls through to the experiment shape',
    ],
  ],
};
const knownLimitation = (generator, caseName) =>
  (knownLimitations[generator.name.split(' ')[0]] ?? []).find(([pattern]) => pattern.test(caseName))?.[1];

/** Request bodies no generated schema may accept: each breaks one rule of the spec. */
const invalidBodies = {
  putSignalsConfiguration: {
    'model missing': { run_mode: 'ON_DEMAND' },
    'empty model': { model: '' },
    'run_mode outside SignalScanMode': { model: 'm', run_mode: 'WEEKLY' },
    'interval_hours above 168': { model: 'm', run_mode: 'SCHEDULED', schedule: { interval_hours: 169 } },
    'four notification severities': {
      model: 'm',
      run_mode: 'SCHEDULED',
      notification_severities: ['LOW', 'MEDIUM', 'HIGH', 'HIGH'],
    },
  },
  logTraces: { 'no trace': { traces: [] } },
  createOrVerifyUser: { 'auth_method outside the enum': { email: 'a@example.com', auth_method: 'fax' } },
};

/** Every named example of every request body: [operationId, example name, value]. */
const examples = Object.values(spec.paths).flatMap((item) =>
  Object.values(item).flatMap((operation) =>
    Object.entries(operation.requestBody?.content?.['application/json']?.examples ?? {}).map(([name, example]) => [
      operation.operationId,
      name,
      example.value,
    ]),
  ),
);

const resolve = (schema) =>
  schema?.$ref
    ? resolve(
        schema.$ref
          .split('/')
          .slice(1)
          .reduce((node, key) => node[key], spec),
      )
    : schema;
/**
 * The same examples with one more field, where the body is open to fields whose names are not
 * shown: the generated schema must keep it.
 */
const openExamples = examples.flatMap(([operationId, name, value]) => {
  const operation = Object.values(spec.paths)
    .flatMap(Object.values)
    .find((candidate) => candidate.operationId === operationId);
  const schema = resolve(operation.requestBody.content['application/json'].schema);
  return schema.type === 'object' && schema.additionalProperties !== false
    ? [[operationId, `${name} + a field not named by the spec`, { ...value, not_shown_field: 'kept' }]]
    : [];
});

/** RFC 3339 allows a UTC offset in a date-time: the Log Traces example again, its trace stamped +02:00. */
const offsetExamples = examples
  .filter(([operationId]) => operationId === 'logTraces')
  .map(([operationId, name, value]) => [
    operationId,
    `${name} with a +02:00 date-time`,
    { ...value, traces: value.traces.map((trace) => ({ ...trace, created_at: '2026-11-22T10:29:58+02:00' })) },
  ]);

/** Property name → the defaults the spec declares for a property of that name. */
const defaults = new Map();
(function collect(node) {
  if (Array.isArray(node)) return node.forEach(collect);
  if (!node || typeof node !== 'object') return;
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (property && typeof property === 'object' && 'default' in property)
      defaults.set(name, [...(defaults.get(name) ?? []), property.default]);
  }
  Object.values(node).forEach(collect);
})(spec);

/** What `parsed` lost or changed from `sent`; keys it added count only if they hold a default of the spec. */
function differences(parsed, sent, path = '') {
  if (Array.isArray(sent)) {
    if (!Array.isArray(parsed) || parsed.length !== sent.length) return [`${path || '.'}: ${JSON.stringify(parsed)}`];
    return sent.flatMap((item, index) => differences(parsed[index], item, `${path}[${index}]`));
  }
  if (sent && typeof sent === 'object') {
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return [`${path || '.'}: ${JSON.stringify(parsed)}`];
    const lost = Object.keys(sent)
      .filter((key) => !(key in parsed))
      .map((key) => `${path}.${key} dropped`);
    const added = Object.keys(parsed)
      .filter(
        (key) => !(key in sent) && !(defaults.get(key) ?? []).some((value) => isDeepStrictEqual(value, parsed[key])),
      )
      .map((key) => `${path}.${key} added: ${JSON.stringify(parsed[key])}`);
    const changed = Object.keys(sent)
      .filter((key) => key in parsed)
      .flatMap((key) => differences(parsed[key], sent[key], `${path}.${key}`));
    return [...lost, ...added, ...changed];
  }
  return Object.is(parsed, sent) ? [] : [`${path || '.'}: ${JSON.stringify(sent)} became ${JSON.stringify(parsed)}`];
}

const checks = report('code generators');
for (const generator of generators) {
  const result = (caseName, ok, detail) => {
    const known = knownLimitation(generator, caseName);
    if (!known) return checks.result(`${generator.name}: ${caseName}`, ok, detail);
    if (ok)
      return checks.result(
        `${generator.name}: ${caseName}`,
        false,
        'listed as a known limitation but passes: update knownLimitations and the README',
      );
    console.log(`KNOWN ${generator.name}: ${caseName}: ${known}`);
  };
  const work = tempDir('generator');
  // The output goes to a folder of its own (hey-api empties it first), beside the packages it imports.
  const out = join(work, 'out');
  try {
    mkdirSync(join(work, 'node_modules', '@zodios'), { recursive: true });
    for (const [name, dir] of Object.entries(generator.imports))
      symlinkSync(dir, join(work, 'node_modules', name), 'dir');
    const generated = generator.generate(out);
    result('generate', generated.ok, generated.ok ? '' : tail(generated.output));
    if (!generated.ok) continue;

    for (const [unit, include] of Object.entries(generator.compileUnits)) {
      writeFileSync(
        join(out, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'preserve',
            moduleResolution: 'bundler',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            types: [],
          },
          include,
        }),
      );
      const compiled = run(process.execPath, [tsc, '-p', join(out, 'tsconfig.json'), '--listFilesOnly']);
      const files = compiled.stdout.split('\n').filter((file) => file.startsWith(out)).length;
      const checked = compiled.ok ? run(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')]) : compiled;
      result(
        `${unit} (${files} files) compiles under tsc --strict`,
        checked.ok,
        checked.ok ? '' : tail(checked.output),
      );
    }

    const module = await import(pathToFileURL(join(out, generator.zodModule)).href);
    for (const [operationId, name, value] of [...examples, ...openExamples, ...offsetExamples]) {
      const schema = generator.bodySchema(module, operationId);
      const parsed = schema?.safeParse(structuredClone(value));
      const problems = !schema
        ? ['no zod schema for the body']
        : !parsed.success
          ? [`rejected: ${parsed.error.message}`]
          : differences(parsed.data, value);
      result(`${operationId} example ${name} parses to the same value`, problems.length === 0, problems.join('; '));
    }
    for (const [operationId, bodies] of Object.entries(invalidBodies)) {
      const schema = generator.bodySchema(module, operationId);
      for (const [name, value] of Object.entries(bodies)) {
        const parsed = schema?.safeParse(structuredClone(value));
        const rejected = parsed?.success === false;
        result(
          `${operationId} rejects ${name}`,
          rejected,
          rejected ? '' : parsed ? `accepted as ${JSON.stringify(parsed.data)}` : 'no zod schema for the body',
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
checks.finish();
