// Section 9: the mock in a web page, what it weighs. A page's imports are bundled for the browser
// by Rolldown (Vite's bundler; a root devDependency, which the package's build uses for Prism's
// pieces), minified, from dist/ as `npm run build:dist` makes it (its Prism bundle,
// dist/src/mock/prism/bundled.js, is made by that build alone): the mock (`@observability/api-contract/mock`
// under the `browser` condition), and a page with the MSW handlers and msw's setupWorker. Each
// total is measured minified and gzipped (level 9); each dependency's share is of the code the
// bundler rendered for it before minifying.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';
import { bytes, root, table } from './lib.js';

const BUNDLED = join(root, 'dist/src/mock/prism/bundled.js');

/**
 * The package (or the part of this one) a bundled file belongs to.
 * @param {string} id
 */
function ownerOf(id) {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(id);
  if (inModules) return inModules[1] ?? id;
  if (id.includes('/generated/')) return 'this package: the embedded spec (generated/embedded.ts)';
  if (id.endsWith('dist/src/mock/prism/bundled.js'))
    return "this package: Prism's pieces (dist/src/mock/prism/bundled.js)";
  return 'this package: the mock (dist/src/)';
}

/**
 * Bundles `entry` (source text) for the browser: minified and gzipped sizes, and each owner's rendered bytes.
 * @param {string} dir
 * @param {string} entry
 */
async function measure(dir, entry) {
  const file = join(dir, `entry-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(file, entry);
  const result = await build({
    input: file,
    cwd: root,
    platform: 'browser',
    logLevel: 'silent',
    write: false,
    output: { format: 'esm', minify: true, codeSplitting: false },
  });
  const chunk = result.output.find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('no chunk');
  /** @type {Map<string, number>} */
  const owners = new Map();
  for (const [id, info] of Object.entries(chunk.modules))
    owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + info.renderedLength);
  const code = Buffer.from(chunk.code);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, owners };
}

/**
 * Each owner's rendered bytes and share of the whole, largest first, those under half a percent left out.
 * @param {Map<string, number>} owners
 */
function shares(owners) {
  const whole = [...owners.values()].reduce((sum, value) => sum + value, 0);
  return table(
    ['package', 'rendered, before minifying', 'share'],
    [...owners]
      .sort((a, b) => b[1] - a[1])
      .filter(([, size]) => size / whole >= 0.005)
      .map(([owner, size]) => [owner, bytes(size), `${((size / whole) * 100).toFixed(1)}%`]),
  );
}

/** Sizes, not times: the same with or without --quick. */
export async function bundleSection() {
  if (readFileSync(BUNDLED, 'utf8').includes('./deps.js'))
    throw new Error(
      `${BUNDLED} is the compiled placeholder, not the bundle of Prism's pieces: run \`npm run build:dist\` first`,
    );
  // The entries are written inside the repository, so that `msw/browser` resolves from its node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules/.cache/bench-bundle-'));
  /** @param {string} name */
  const mock = (name) => JSON.stringify(join(root, 'dist/src/mock/browser', name));
  let alone, page;
  try {
    alone = await measure(dir, `export { createMock } from ${mock('index.js')};\n`);
    page = await measure(
      dir,
      `export { createMock } from ${mock('index.js')};\nexport { mswHandlers } from ${mock('msw.js')};\nexport { setupWorker } from 'msw/browser';\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  /** @param {number} value */
  const kib = (value) => `${(value / 1024).toFixed(0)} kB`;
  const totals = table(
    ['what a page imports', 'minified', 'gzipped', 'target'],
    [
      ['`createMock` (the mock and its Prism pieces)', kib(alone.minified), kib(alone.gzipped), '≤ 400 kB gzipped'],
      ["`createMock`, `mswHandlers` and msw's `setupWorker`", kib(page.minified), kib(page.gzipped), ''],
    ],
  );
  // Prism's pieces come bundled already: their packages are measured in the bundle the build makes.
  const { bundlePrismPieces, packageOf } = await import('../prism-bundle.js');
  /** @type {Map<string, number>} */
  const prism = new Map();
  for (const [id, info] of Object.entries((await bundlePrismPieces()).modules)) {
    const owner = packageOf(id)?.name ?? id;
    prism.set(owner, (prism.get(owner) ?? 0) + info.renderedLength);
  }
  return {
    text: [
      'Bundled by Rolldown (platform browser, minified, one chunk) from dist/ as `npm run build:dist` makes it.',
      totals,
      "Each package's share of the page (`createMock`, `mswHandlers`, `setupWorker`), of the code rendered for it before minifying (under half a percent left out):",
      shares(page.owners),
      "Prism's pieces by package (the bundle `npm run build:dist` makes, dist/src/mock/prism/bundled.js), the same way:",
      shares(prism),
    ].join('\n\n'),
  };
}
