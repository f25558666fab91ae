// The package's own files (src/shared/package-root.ts) and Prism (src/mock/prism/deps.ts), called
// in-process on this repository and on copies of the mock installed in a temporary directory: the
// package finds itself, loads Prism, or says how to install it (or which Prism it cannot run on).
import { createRequire } from 'node:module';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPrism, PRISM_PACKAGES } from '../../../../src/mock/prism/deps.js';
import { PRISM_MODULES } from '../../../../src/mock/prism/modules.js';
import { manifest, packageRoot } from '../../../../src/shared/package-root.js';
import { installCopy } from '../../../support/install-copy.js';

const here = new URL('.', import.meta.url).pathname;
const repoRoot = join(here, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'mock-deps-'));
/** The node_modules the repository's packages are installed in (wherever it is: a worktree's may be a link, a mutation sandbox has none of its own). */
const installedModules = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json')),
  '../..',
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('package-root and deps: the package finds itself, and Prism or says how to install it', () => {
  const ownManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    peerDependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it("finds this package's root and reads its manifest", () => {
    expect(packageRoot).toBe(repoRoot.replace(/\/$/, ''));
    expect(manifest.peerDependencies).toEqual(ownManifest.peerDependencies);
    // Prism's packages the mock takes modules from, at the versions the suite runs on and the build bundles.
    expect(PRISM_PACKAGES).toEqual({
      '@stoplight/prism-core': ownManifest.devDependencies['@stoplight/prism-core'],
      '@stoplight/prism-http': ownManifest.devDependencies['@stoplight/prism-http'],
      '@stoplight/prism-http-server': ownManifest.devDependencies['@stoplight/prism-http-server'],
    });
    // None of them is a peer any more: the package bundles them.
    expect(Object.keys(ownManifest.peerDependencies).filter((name) => name.startsWith('@stoplight/'))).toEqual([]);
  });

  it('a copy installed elsewhere finds its own root and manifest', async () => {
    const found = installCopy(join(scratch, 'nested-root'), [], {
      name: '@observability/api-contract',
      peerDependencies: { x: '1' },
    });
    const module = (await import(
      join(found, '..', 'shared', 'package-root.ts')
    )) as typeof import('../../../../src/shared/package-root.js');
    expect(module.packageRoot).toBe(join(scratch, 'nested-root'));
    expect(module.manifest.peerDependencies).toEqual({ x: '1' });
  });

  it('loads Prism: its spec reader, router, checks, negotiator, sampler, whole mocker, problems, Prefer parser, logger and format checks', () => {
    const prism = loadPrism();
    for (const piece of [
      'getHttpOperationsFromSpec',
      'route',
      'validateInput',
      'validateOutput',
      'validateSecurity',
      'validateBody',
      'sample',
      'tooComplex',
      'mocker',
      'parsePrefer',
      'createLogger',
    ] as const) {
      expect(typeof prism[piece], piece).toBe('function');
    }
    expect(typeof prism.negotiator.negotiateOptionsForValidRequest).toBe('function');
    expect(typeof prism.negotiator.negotiateOptionsForInvalidRequest).toBe('function');
    expect(typeof prism.mocker()).toBe('function');
    expect(prism.problems.VIOLATIONS).toEqual({ type: 'VIOLATIONS', title: 'Request/Response not valid', status: 500 });
    expect(prism.problems.UNAUTHORIZED.status).toBe(401);
    expect(new prism.ProblemJsonError('t', 'title', 422, 'd')).toBeInstanceOf(Error);
    // Prism's HTTP server's reading of Prefer: each token's value, true for one without.
    expect(prism.parsePrefer('code=422, example=administrator, dynamic')).toEqual({
      code: '422',
      example: 'administrator',
      dynamic: true,
    });
    // The static sampler, as Prism's mocker calls it: the schema's example or first value; too big a schema is its own error.
    const resource = { method: 'get', path: '/x' } as unknown as Parameters<typeof prism.sample>[1];
    expect(prism.sample({ type: 'string', enum: ['first', 'second'] }, resource)).toBe('first');
    let tooBig: unknown;
    try {
      prism.sample(
        {
          type: 'object',
          properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string' }])),
        },
        resource,
      );
    } catch (error) {
      tooBig = error;
    }
    expect([prism.tooComplex(tooBig), prism.tooComplex(new Error('other'))]).toEqual([true, false]);
    // ajv-formats' checks, and Prism's own date-time (which wants a timezone)
    const uuid = prism.formats.uuid as RegExp;
    const dateTime = prism.formats['date-time'] as (text: string) => boolean;
    expect([uuid.test('6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34'), uuid.test('nope')]).toEqual([true, false]);
    expect([dateTime('2026-11-23T08:00:00Z'), dateTime('2026-11-23T08:00:00')]).toEqual([true, false]);
  });

  it("an ajv as Prism's validator has it, per draft: draft-07 by default, 2019-09's and 2020-12's keywords, Prism's date-time, no coercion", () => {
    const prism = loadPrism();
    const dependent = { type: 'object', dependentRequired: { a: ['b'] } };
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }] };
    const valid = (draft: 'default' | 'draft2019_09' | 'draft2020_12', schema: object, value: unknown) =>
      prism.ajv(draft).compile(schema)(value);
    expect([
      valid('default', dependent, { a: 1 }),
      valid('draft2019_09', dependent, { a: 1 }),
      valid('draft2020_12', dependent, { a: 1 }),
    ]).toEqual([true, false, false]);
    expect([
      valid('default', tuple, [1]),
      valid('draft2019_09', tuple, [1]),
      valid('draft2020_12', tuple, [1]),
    ]).toEqual([true, true, false]);
    // ajv-formats' own date-time takes a time without a timezone; Prism's does not
    const stamp = { type: 'string', format: 'date-time' };
    expect([valid('default', stamp, '2026-11-23T08:00:00Z'), valid('default', stamp, '2026-11-23T08:00:00')]).toEqual([
      true,
      false,
    ]);
    expect(
      valid(
        'default',
        { type: 'string', format: 'date-time', formatMinimum: '2026-01-01T00:00:00Z' },
        '2025-12-31T23:59:59Z',
      ),
    ).toBe(false);
    expect(valid('default', { type: 'string', format: 'uuid' }, 'nope')).toBe(false);
    expect(valid('default', { type: 'integer' }, '1')).toBe(false);
    expect(valid('default', { type: 'string', unknownKeyword: 1 }, 'x')).toBe(true);
  });

  const peers = {
    '@stoplight/prism-core': '5.8.0 || ^5.16.0',
    '@stoplight/prism-http': '5.12.0 || ^5.16.0',
    '@stoplight/prism-http-server': '  5.12.2  ',
    ajv: '8.17.1',
    msw: '^2.0.0',
  };
  const manifestWithPeers = { name: '@observability/api-contract', devDependencies: peers };

  it("without Prism installed: MissingPrismError naming each of Prism's packages and the npm command with the first version of each range", async () => {
    const dir = installCopy(
      join(scratch, 'no-prism'),
      ['prism/deps.ts', 'prism/modules.ts', 'prism/node-bundled.ts'],
      manifestWithPeers,
    );
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    const thrown = thrownBy(copy.loadPrism);
    expect(thrown).toBeInstanceOf(copy.MissingPrismError);
    const error = thrown as Error;
    expect(error.name).toBe('MissingPrismError');
    expect(error.message).toBe(
      "the mock's source needs @stoplight/prism-core, @stoplight/prism-http and @stoplight/prism-http-server, dev dependencies that are not installed (the built package bundles them): npm install --save-dev @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2",
    );
    expect((error.cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
  });

  it('Prism installed but missing one of its own dependencies: that error as is, not an install hint for Prism', async () => {
    const root = join(scratch, 'broken-prism');
    const dir = installCopy(root, ['prism/deps.ts', 'prism/modules.ts', 'prism/node-bundled.ts'], manifestWithPeers);
    const prismHttp = join(root, 'node_modules/@stoplight/prism-http');
    mkdirSync(join(prismHttp, 'dist'), { recursive: true });
    // Prism's other packages installed as they are: the broken one is all that is wrong.
    for (const name of ['prism-core', 'prism-http-server'])
      symlinkSync(join(installedModules, '@stoplight', name), join(root, 'node_modules/@stoplight', name), 'dir');
    writeFileSync(
      join(prismHttp, 'package.json'),
      JSON.stringify({ name: '@stoplight/prism-http', version: '5.12.0', main: 'index.js' }),
    );
    // Each module of Prism's that the mock loads needs a dependency that is not installed.
    writeFileSync(join(prismHttp, 'index.js'), "require('left-out-dependency');\n");
    writeFileSync(join(prismHttp, 'dist/types.js'), "require('left-out-dependency');\n");
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    const thrown = thrownBy(copy.loadPrism);
    expect(thrown).not.toBeInstanceOf(copy.MissingPrismError);
    expect((thrown as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
    expect((thrown as Error).message).toMatch(/^Cannot find module 'left-out-dependency'/);
  });

  // The HTTP server is found by its package.json: the message names the package, not that file.
  it("Prism's HTTP packages installed but not its HTTP server's (whose Prefer parser the mock uses): MissingPrismError naming that one", async () => {
    const root = join(scratch, 'no-server');
    const dir = installCopy(root, ['prism/deps.ts', 'prism/modules.ts', 'prism/node-bundled.ts'], manifestWithPeers);
    mkdirSync(join(root, 'node_modules/@stoplight'), { recursive: true });
    for (const name of ['prism-http', 'prism-core'])
      symlinkSync(join(installedModules, '@stoplight', name), join(root, 'node_modules/@stoplight', name), 'dir');
    const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    expect(() => copy.loadPrism()).toThrow(new copy.MissingPrismError('@stoplight/prism-http-server', undefined));
    expect(() => copy.loadPrism()).toThrow(
      /^the mock's source needs @stoplight\/prism-http-server, a dev dependency that is not installed \(the built package bundles them\): npm install --save-dev @stoplight\/prism-core@5\.8\.0 /,
    );
  });
  /**
   * A Prism release 5.99.0 the mock was not written against: the installed one (every package
   * linked, the Prism packages' manifests saying 5.99.0), with the files of `changed` (paths under
   * node_modules, as the installed Prism resolves them) written anew, or taken away when null.
   */
  function newerPrism(root: string, changed: Record<string, string | null>): string {
    const dir = installCopy(root, ['prism/deps.ts', 'prism/modules.ts', 'prism/node-bundled.ts'], manifestWithPeers);
    const files: Record<string, string | null> = { ...changed };
    for (const name of ['prism-core', 'prism-http', 'prism-http-server']) {
      const manifest = JSON.parse(
        readFileSync(join(installedModules, '@stoplight', name, 'package.json'), 'utf8'),
      ) as object;
      files[`@stoplight/${name}/package.json`] ??= JSON.stringify({ ...manifest, version: '5.99.0' });
    }
    // Each directory on the way to a changed file is made anew, with everything else in it linked.
    const build = (real: string, fake: string, at: string) => {
      mkdirSync(fake, { recursive: true });
      for (const name of readdirSync(real)) {
        const path = `${at}${name}`;
        const text = files[path];
        if (text !== undefined) {
          if (text !== null) writeFileSync(join(fake, name), text);
        } else if (Object.keys(files).some((file) => file.startsWith(`${path}/`)))
          build(realpathSync(join(real, name)), join(fake, name), `${path}/`);
        else symlinkSync(join(real, name), join(fake, name));
      }
    };
    build(installedModules, join(root, 'node_modules'), '');
    return dir;
  }
  const tested =
    'it runs on the Prism it is tested with: npm install --save-dev @stoplight/prism-core@5.8.0 @stoplight/prism-http@5.12.0 @stoplight/prism-http-server@5.12.2';
  /** Where the installed Prism package `peer` finds `specifier`, under node_modules. */
  const installedAt = (peer: string, specifier: string): string =>
    relative(installedModules, createRequire(join(installedModules, peer, 'package.json')).resolve(specifier))
      .split(sep)
      .join('/');

  it.each(Object.entries(PRISM_MODULES))(
    'a Prism in the peer range whose module %s exports nothing the mock calls: PrismVersionError, one line naming the module and the Prism the mock runs on',
    async (key, module) => {
      const dir = newerPrism(join(scratch, `newer-prism-${key}`), {
        [installedAt(module.peer, module.specifier)]: 'module.exports = {};\n',
      });
      const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
      // Prism's reader of documents, its mocker and its YAML reader are loaded and checked on first use: all are used.
      const thrown = thrownBy(() => {
        const prism = copy.loadPrism();
        prism.mocker();
        prism.parseYaml('a: 1');
        void prism.getHttpOperationsFromSpec({});
      });
      const [name, kind] = Object.entries(module.shape)[0]!;
      expect(thrown).toBeInstanceOf(copy.PrismVersionError);
      expect((thrown as Error).name).toBe('PrismVersionError');
      expect((thrown as Error).message).toBe(
        `the mock cannot run on ${module.peer} 5.99.0: ${module.specifier} ${name === '' ? `is not a ${kind}` : `has no ${kind} ${name}`}; ${tested}`,
      );
    },
  );

  it('the version of http-spec that Prism reads documents with: from the package.json above its main module, or none when it is not there', async () => {
    const manifest = JSON.parse(readFileSync(join(installedModules, '@stoplight/http-spec/package.json'), 'utf8')) as {
      version: string;
    };
    const other = newerPrism(join(scratch, 'other-http-spec'), {
      '@stoplight/http-spec/package.json': JSON.stringify({ ...manifest, version: '9.9.9' }),
      // a file of its own, not a link: Node resolves a link to the installed http-spec's directory
      '@stoplight/http-spec/index.js': 'module.exports = {};\n',
    });
    const otherCopy = (await import(
      join(other, 'prism/deps.ts')
    )) as typeof import('../../../../src/mock/prism/deps.js');
    expect(otherCopy.loadPrism().httpSpecVersion).toBe('9.9.9');
    const none = newerPrism(join(scratch, 'no-http-spec'), { '@stoplight/http-spec': null });
    const noneCopy = (await import(join(none, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    expect(noneCopy.loadPrism().httpSpecVersion).toBeUndefined();
  });

  it.each([
    ['a module of its own', 'dist/validator/validators/headers.js'],
    ['its whole mocker (found at load, loaded on first use)', 'dist/mocker/index.js'],
  ])(
    'a Prism in the peer range without %s: PrismVersionError at load, with the error of its absence as the cause',
    async (name, file) => {
      const dir = newerPrism(join(scratch, `newer-prism-${name.replace(/\W+/g, '-')}`), {
        [`@stoplight/prism-http/${file}`]: null,
      });
      const copy = (await import(join(dir, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
      const thrown = thrownBy(copy.loadPrism) as Error;
      expect(thrown).toBeInstanceOf(copy.PrismVersionError);
      expect(thrown.message).toBe(
        `the mock cannot run on @stoplight/prism-http 5.99.0: ./${file} is not there; ${tested}`,
      );
      expect(thrown.message).not.toMatch(/\n/);
      expect((thrown.cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
    },
  );

  it('an export of another kind, one missing below an exported object: PrismVersionError naming it; a Prism that keeps them loads as before', async () => {
    const changed = newerPrism(join(scratch, 'newer-prism-kinds'), {
      '@stoplight/prism-http/dist/validator/validators/dateTime.js':
        "exports.date_time = 'a pattern';\nexports.compareDateTime = () => 0;\n",
    });
    const copy = (await import(join(changed, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    expect((thrownBy(copy.loadPrism) as Error).message).toMatch(
      /: \.\/dist\/validator\/validators\/dateTime\.js has no function date_time; /,
    );
    const partly = newerPrism(join(scratch, 'newer-prism-partly'), {
      '@stoplight/prism-http/dist/mocker/negotiator/NegotiatorHelpers.js':
        'exports.default = { negotiateOptionsForValidRequest() {} };\n',
    });
    const other = (await import(join(partly, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js');
    expect((thrownBy(other.loadPrism) as Error).message).toMatch(
      /: \.\/dist\/mocker\/negotiator\/NegotiatorHelpers\.js has no function default\.negotiateOptionsForInvalidRequest; /,
    );
    const same = newerPrism(join(scratch, 'newer-prism-same'), {});
    const loaded = (
      (await import(join(same, 'prism/deps.ts'))) as typeof import('../../../../src/mock/prism/deps.js')
    ).loadPrism();
    expect(typeof loaded.mocker()).toBe('function');
    expect(loaded.parsePrefer('code=201')).toEqual({ code: '201' });
  });
});
