#!/usr/bin/env node
// The last step of `npm run build:dist`: the browser build of Prism's pieces. A page's bundler cannot
// follow the mock's run-time `require` of Prism (src/mock/prism/deps.ts), and two of Prism's own
// dependencies, type-is and accepts, load mime-types, which requires Node's `path` when it loads
// (for `extname`, which it calls only for a media type with no `/`: never the mock's). esbuild
// refuses that for the browser, Vite stubs it. So the package bundles the modules a page's finder
// takes (src/mock/prism/modules.ts: BROWSER_MODULES), found as Node's finder finds them in the
// installed Prism (the versions the mock is tested with), with `path` given a pure `extname` and
// `Buffer` what src/mock/prism/node-buffer.ts gives (Prism decodes Basic credentials with it), into
// dist/src/mock/prism/bundled.js, in place of the compiled src/mock/prism/bundled.ts: ESM with
// nothing of Node's, which any bundler takes as it is. The licences of what it holds are written
// beside it (bundled.js.LICENSES.txt).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/src/mock/prism/bundled.js');

/** @param {string} file */
const load = (file) => import(pathToFileURL(join(root, file)).href);

/**
 * A file of no module syntax at all (neither `import`/`export` nor `require`/`module`/`exports`)
 * that sets properties of its top-level `this`, as uri-template-lite does (`this` is `exports`
 * under Node): Rolldown takes such a file for ESM, where `this` is undefined. Naming `module`
 * makes it CommonJS, whose `this` is `exports`, as Node runs it.
 * @type {import('rolldown').Plugin}
 */
const scriptsAsCommonJs = {
  name: 'scripts-as-commonjs',
  transform(code, id) {
    if (!id.includes('node_modules') || !/\bthis\.\w/.test(code)) return undefined;
    if (/^\s*(import|export)\b|\brequire\(|\bmodule\.exports\b|\bexports\.\w/m.test(code)) return undefined;
    return { code: `module.exports;\n${code}`, map: null };
  },
};

/** Node's `path` in the bundle: mime-types takes `extname` from it when it loads. */
const PATH = `export function extname(path) {
  const match = /(\\.[^./\\\\]*)$/.exec(path);
  return match ? match[1] : '';
}
export default { extname };
`;

/**
 * Bundles Prism's pieces, found in the installed Prism by Node's finder of the compiled mock
 * (dist/), and writes the bundle to `file` when one is given. Its chunk: the code, and each file
 * bundled with the bytes rendered for it before minifying.
 * @param {string} [file]
 * @returns {Promise<import('rolldown').OutputChunk>}
 */
export async function bundlePrismPieces(file) {
  const { PRISM_MODULES, BROWSER_MODULES, HTTP } = await load('dist/src/mock/prism/modules.js');
  const { prismModules } = await load('dist/src/mock/prism/deps.js');
  const { httpSpecVersion } = await load('dist/generated/embedded.js');
  /** @type {{ where(module: unknown): string, versionOf(peer: string, name: string): string | undefined }} */
  const finder = prismModules();
  // The page answers from Prism's reading of the embedded spec: it must be the bundled Prism's reading.
  const bundledHttpSpec = finder.versionOf(HTTP, '@stoplight/http-spec');
  if (bundledHttpSpec !== httpSpecVersion)
    throw new Error(
      `generated/embedded.ts was read with @stoplight/http-spec ${httpSpecVersion}, the installed Prism reads with ${bundledHttpSpec}: npm run build`,
    );
  const work = mkdtempSync(join(tmpdir(), 'prism-bundle-'));
  try {
    /** @type {string[]} */
    const names = BROWSER_MODULES;
    // CommonJS, so that each module is what `require` gives, as Node's finder takes it.
    const entry = join(work, 'entry.cjs');
    writeFileSync(
      entry,
      `module.exports = {\n${names.map((name) => `  ${name}: require(${JSON.stringify(finder.where(PRISM_MODULES[name]))}),`).join('\n')}\n};\n`,
    );
    const path = join(work, 'path.js');
    writeFileSync(path, PATH);
    /** @type {string[]} */
    const problems = [];
    const result = await build({
      input: entry,
      platform: 'browser',
      resolve: { alias: { path } },
      // A page has no Buffer: Prism's pieces that call it get the mock's (src/mock/prism/node-buffer.ts).
      transform: { inject: { Buffer: [join(root, 'dist/src/mock/prism/node-buffer.js'), 'Buffer'] } },
      plugins: [scriptsAsCommonJs],
      onLog: (level, log) => {
        if (level === 'warn') problems.push(log.message);
      },
      write: file !== undefined,
      output: { file, format: 'esm', minify: true, comments: { legal: true } },
    });
    if (problems.length > 0) throw new Error(`the browser build of Prism's pieces:\n${problems.join('\n')}`);
    const chunk = result.output[0];
    if (chunk.type !== 'chunk') throw new Error("the browser build of Prism's pieces made no chunk");
    return chunk;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The package directory above a bundled file: its manifest's name and version, and where it is.
 * @param {string} id
 * @returns {{ name: string, version: string, license?: string, dir: string } | undefined}
 */
export function packageOf(id) {
  for (let dir = dirname(id); dir !== dirname(dir); dir = dirname(dir)) {
    if (!existsSync(join(dir, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.name && manifest.version) return { ...manifest, dir };
  }
  return undefined;
}

/** Writes the bundle and, beside it, the licences of the packages it holds. */
async function main() {
  const chunk = await bundlePrismPieces(out);
  /** @type {Map<string, string>} `name@version` → its licence text */
  const licences = new Map();
  for (const id of Object.keys(chunk.modules)) {
    const owner = packageOf(id);
    if (!owner) continue;
    const key = `${owner.name}@${owner.version}`;
    if (licences.has(key)) continue;
    const file = readdirSync(owner.dir).find((name) => /^(licen[cs]e|copying)/i.test(name));
    const text = file ? readFileSync(join(owner.dir, file), 'utf8').trim() : '';
    licences.set(key, `${key} (${owner.license ?? 'see its package'})\n\n${text}`);
  }
  const listed = [...licences.keys()].sort().map((key) => licences.get(key));
  writeFileSync(
    `${out}.LICENSES.txt`,
    `The licences of the packages bundled in bundled.js (scripts/prism-bundle.js):\n\n${listed.join('\n\n----\n\n')}\n`,
  );
  console.log(`prism-bundle: ${Object.keys(chunk.modules).length} files, ${licences.size} packages → ${out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
