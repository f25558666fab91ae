// Node's mock on the package's bundle of Prism (src/mock/prism/node-bundled.ts, whose compiled file
// the build replaces): a copy of the mock's finder installed outside the repository, with no Prism
// to find, and a node-bundled.ts that hands over modules as the build's does (here taken from the
// installed Prism, counting what is taken). The built bundle itself is run by test/packed/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { installCopy } from '../../../support/install-copy.js';

const scratch = mkdtempSync(join(tmpdir(), 'mock-node-bundled-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const repoDeps = fileURLToPath(new URL('../../../../src/mock/prism/deps.ts', import.meta.url));
const repoModules = fileURLToPath(new URL('../../../../src/mock/prism/modules.ts', import.meta.url));

type Deps = typeof import('../../../../src/mock/prism/deps.js');

/** A copy whose bundle hands over the installed Prism's modules, `broken` as `{}`; what it took is listed on globalThis[`key`]. */
async function copyWithBundle(key: string, broken?: string): Promise<Deps> {
  const dir = installCopy(join(scratch, key), ['prism/deps.ts', 'prism/modules.ts'], {
    name: '@observability/api-contract',
    devDependencies: {},
  });
  writeFileSync(
    join(dir, 'prism/node-bundled.ts'),
    `import { prismModules } from ${JSON.stringify(repoDeps)};
import { PRISM_MODULES } from ${JSON.stringify(repoModules)};
const taken: string[] = ((globalThis as Record<string, unknown>)[${JSON.stringify(key)}] = []);
export function bundledPrism() {
  const { take } = prismModules();
  return {
    take: (name: keyof typeof PRISM_MODULES) => {
      taken.push(name);
      return name === ${JSON.stringify(broken)} ? {} : take(PRISM_MODULES[name]);
    },
    httpSpecVersion: 'bundled',
  };
}
`,
  );
  return (await import(join(dir, 'prism/deps.ts'))) as Deps;
}
const takenBy = (key: string) => (globalThis as unknown as Record<string, string[]>)[key];

describe("Node's mock on the package's bundle of Prism", () => {
  it('takes every piece from the bundle, no installed Prism needed; the reader of documents, the mocker and the YAML reader on first use', async () => {
    const copy = await copyWithBundle('whole');
    // Nothing of Prism is installed where the copy is: from source, it would be missing.
    expect(copy.missingPrism()).toBeUndefined();
    const prism = copy.loadPrism();
    expect(prism.httpSpecVersion).toBe('bundled');
    expect(takenBy('whole')).not.toContain('mocker');
    expect(takenBy('whole')).not.toContain('operations');
    expect(takenBy('whole')).not.toContain('yaml');
    expect(prism.parsePrefer('code=422, dynamic')).toEqual({ code: '422', dynamic: true });
    expect(prism.ajv('default').compile({ type: 'string', format: 'date-time' })('2026-11-23T08:00:00')).toBe(false);
    expect(typeof prism.mocker()).toBe('function');
    expect(prism.parseYaml('a: 1').data).toEqual({ a: 1 });
    await expect(
      prism.getHttpOperationsFromSpec({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }),
    ).resolves.toEqual([]);
    expect(new Set(takenBy('whole'))).toEqual(
      new Set(Object.keys((await import('../../../../src/mock/prism/modules.js')).PRISM_MODULES)),
    );
  });

  it.each(['validator', 'mocker'])(
    'a module of the bundle of another shape (%s): an error naming it, not a mock answering wrong',
    async (name) => {
      const copy = await copyWithBundle(`broken-${name}`, name);
      const thrown = (() => {
        try {
          copy.loadPrism().mocker();
        } catch (error) {
          return error as Error;
        }
        return undefined;
      })();
      expect(thrown?.message).toMatch(
        /^the package's bundle of Prism is broken: \.\/dist\/(validator|mocker)\/index\.js has no function /,
      );
    },
  );
});
