#!/usr/bin/env node
// The last step of `npm run build:dist`: Prism's pieces bundled, so that the package runs the Prism
// it is tested with and a project that installs it installs no Prism.
//
// For Node: the modules of src/mock/prism/modules.ts's PRISM_MODULES, found as the repository's
// finder finds them in the installed Prism (the dev dependencies the suite runs on), with
// everything they load, into dist/prism-node/ (CommonJS, as Prism is; chunks shared between the
// entries): core.cjs (what every mock loads), and operations.cjs (Prism's reader of documents, for a
// spec of one's own), mocker.cjs (its whole mocker and faker, for dynamic answers) and yaml.cjs,
// each loaded on first use. The compiled src/mock/prism/node-bundled.ts (ESM and CommonJS) is
// replaced by a module that loads them. Each entry is loaded and checked once built.
//
// For a page: a page's bundler cannot follow a run-time `require`, and two of Prism's own
// dependencies, type-is and accepts, load mime-types, which requires Node's `path` when it loads
// (for `extname`, which it calls only for a media type with no `/`: never the mock's). esbuild
// refuses that for the browser, Vite stubs it. So the package bundles the modules a page's finder
// takes (BROWSER_MODULES) with `path` given a pure `extname` and `Buffer` what
// src/mock/prism/node-buffer.ts gives (Prism decodes Basic credentials with it), into
// dist/src/mock/prism/bundled.js, in place of the compiled src/mock/prism/bundled.ts: ESM with
// nothing of Node's, which any bundler takes as it is.
//
// The licences of what each bundle holds are written beside it (bundled.js.LICENSES.txt,
// prism-node/LICENSES.txt).
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/src/mock/prism/bundled.js');
const nodeOut = join(root, 'dist/prism-node');

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
 * The compiled mock's finder of the installed Prism (dist/), and its table of modules. Both bundles
 * answer from Prism's reading of the embedded spec: the installed Prism must read with the
 * http-spec that made it.
 */
async function installedFinder() {
  const { PRISM_MODULES, BROWSER_MODULES, HTTP } = await load('dist/src/mock/prism/modules.js');
  const { prismModules } = await load('dist/src/mock/prism/deps.js');
  const { httpSpecVersion } = await load('dist/generated/embedded.js');
  /** @type {{ where(module: unknown): string, versionOf(peer: string, name: string): string | undefined }} */
  const finder = prismModules();
  const bundledHttpSpec = finder.versionOf(HTTP, '@stoplight/http-spec');
  if (bundledHttpSpec !== httpSpecVersion)
    throw new Error(
      `generated/embedded.ts was read with @stoplight/http-spec ${httpSpecVersion}, the installed Prism reads with ${bundledHttpSpec}: npm run build`,
    );
  return { PRISM_MODULES, BROWSER_MODULES, finder, httpSpecVersion: /** @type {string} */ (httpSpecVersion) };
}

/**
 * Bundles Prism's pieces, found in the installed Prism by Node's finder of the compiled mock
 * (dist/), and writes the bundle to `file` when one is given. Its chunk: the code, and each file
 * bundled with the bytes rendered for it before minifying.
 * @param {string} [file]
 * @returns {Promise<import('rolldown').OutputChunk>}
 */
export async function bundlePrismPieces(file) {
  const { PRISM_MODULES, BROWSER_MODULES, finder } = await installedFinder();
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

/**
 * Writes the licences of the packages whose files `ids` are, to `file`.
 * @param {string[]} ids
 * @param {string} file
 * @param {string} what the bundle, named in the file's first line
 */
function writeLicences(ids, file, what) {
  /** @type {Map<string, string>} `name@version` → its licence text */
  const licences = new Map();
  for (const id of ids) {
    const owner = packageOf(id);
    if (!owner) continue;
    const key = `${owner.name}@${owner.version}`;
    if (licences.has(key)) continue;
    const found = readdirSync(owner.dir).find((name) => /^(licen[cs]e|copying)/i.test(name));
    const text = found ? readFileSync(join(owner.dir, found), 'utf8').trim() : '';
    licences.set(key, `${key} (${owner.license ?? 'see its package'})\n\n${text}`);
  }
  const listed = [...licences.keys()].sort().map((key) => licences.get(key));
  writeFileSync(
    file,
    `The licences of the packages bundled in ${what} (scripts/prism-bundle.js):\n\n${listed.join('\n\n----\n\n')}\n`,
  );
  return licences.size;
}

/** What Node's mock loads on first use only, each an entry (a file) of its own. */
const LAZY = ['operations', 'mocker', 'yaml'];

/**
 * The Node bundle of Prism's pieces, written to `dir`: core.cjs and an entry per lazy module, and
 * the chunks they share. Returns the files bundled (their ids).
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function bundlePrismForNode(dir) {
  const { PRISM_MODULES, finder, httpSpecVersion } = await installedFinder();
  /** @type {string[]} */
  const names = Object.keys(PRISM_MODULES);
  const core = names.filter((name) => !LAZY.includes(name));
  const work = mkdtempSync(join(tmpdir(), 'prism-node-'));
  try {
    /** @param {string} name */
    const at = (name) => JSON.stringify(finder.where(PRISM_MODULES[name]));
    writeFileSync(
      join(work, 'core.cjs'),
      `module.exports = {\n${core.map((name) => `  ${name}: require(${at(name)}),`).join('\n')}\n};\n`,
    );
    for (const name of LAZY) writeFileSync(join(work, `${name}.cjs`), `module.exports = require(${at(name)});\n`);
    // jsonc-parser (which @stoplight/json, of Prism's reader and mocker, loads) is a UMD module
    // whose main build requires its own files through a parameter, which no bundler follows: its
    // ESM build is the same code with plain imports.
    const jsonc = createRequire(finder.where(PRISM_MODULES.operations)).resolve('jsonc-parser/package.json');
    const jsoncEsm = join(dirname(jsonc), JSON.parse(readFileSync(jsonc, 'utf8')).module);
    /** @type {string[]} */
    const problems = [];
    rmSync(dir, { recursive: true, force: true });
    const result = await build({
      input: Object.fromEntries(['core', ...LAZY].map((name) => [name, join(work, `${name}.cjs`)])),
      platform: 'node',
      resolve: { alias: { 'jsonc-parser': jsoncEsm } },
      plugins: [scriptsAsCommonJs],
      onLog: (level, log) => {
        if (level === 'warn') problems.push(log.message);
      },
      output: {
        dir,
        format: 'cjs',
        minify: true,
        comments: { legal: true },
        entryFileNames: '[name].cjs',
        chunkFileNames: 'shared-[hash].cjs',
      },
    });
    if (problems.length > 0) throw new Error(`the Node build of Prism's pieces:\n${problems.join('\n')}`);
    // Each entry loads, and each module is of the shape the mock calls (src/mock/prism/modules.ts).
    const { shapeProblem } = await load('dist/src/mock/prism/modules.js');
    const requireBuilt = createRequire(join(dir, 'core.cjs'));
    const built = requireBuilt('./core.cjs');
    const loaded = [
      ...core.map((name) => [name, built[name]]),
      ...LAZY.map((name) => [name, requireBuilt(`./${name}.cjs`)]),
    ];
    const broken = loaded.map(([name, module]) => shapeProblem(PRISM_MODULES[name], module)).filter(Boolean);
    if (broken.length > 0) throw new Error(`the Node build of Prism's pieces is broken: ${broken.join('; ')}`);
    // Its loader, with V8's code cache (scripts/prism-node-load.cjs says why).
    copyFileSync(join(root, 'scripts/prism-node-load.cjs'), join(dir, 'load.cjs'));
    // The compiled finder of the bundle, in place of src/mock/prism/node-bundled.ts's.
    const finderOf = (
      /** @type {string} */ requireLine,
    ) => `// Written by scripts/prism-bundle.js: Prism's pieces from the package's bundle of them.
${requireLine}
const LAZY = ${JSON.stringify(Object.fromEntries(LAZY.map((name) => [name, `./${name}.cjs`])))};
let core;
export function bundledPrism() {
  return {
    take: (name) => (name in LAZY ? load(LAZY[name]) : (core ??= load('./core.cjs'))[name]),
    httpSpecVersion: ${JSON.stringify(httpSpecVersion)},
  };
}
`;
    writeFileSync(
      join(root, 'dist/src/mock/prism/node-bundled.js'),
      finderOf(
        "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url)('../../../prism-node/load.cjs');",
      ),
    );
    writeFileSync(
      join(root, 'dist/cjs/src/mock/prism/node-bundled.js'),
      finderOf("'use strict';\nconst load = require('../../../../prism-node/load.cjs');")
        .replace('export function bundledPrism', 'function bundledPrism')
        .concat('exports.bundledPrism = bundledPrism;\n'),
    );
    return [...new Set(result.output.flatMap((chunk) => (chunk.type === 'chunk' ? Object.keys(chunk.modules) : [])))];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes both bundles and, beside each, the licences of the packages it holds. */
async function main() {
  const chunk = await bundlePrismPieces(out);
  const packages = writeLicences(Object.keys(chunk.modules), `${out}.LICENSES.txt`, 'bundled.js');
  console.log(`prism-bundle: ${Object.keys(chunk.modules).length} files, ${packages} packages → ${out}`);
  const files = await bundlePrismForNode(nodeOut);
  const nodePackages = writeLicences(files, join(nodeOut, 'LICENSES.txt'), 'the files of this directory');
  console.log(`prism-bundle: ${files.length} files, ${nodePackages} packages → ${nodeOut}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
