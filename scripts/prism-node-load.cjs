'use strict';
// Copied by scripts/prism-bundle.js into dist/prism-node/ as load.cjs: loads a file of the bundle of
// Prism's pieces (and the chunks it requires) as Node's `require` would, but with V8's compiled code
// kept on disk between processes, as Node's own compile cache keeps it (Node 22.1+ has one, which a
// library may not turn on for its user; Node 20 has none). Compiling the bundle is the largest part
// of a mock's start; with the cache, a process after the first skips most of it. The cache is
// where Node's would be: NODE_COMPILE_CACHE's directory, else the system's temp dir;
// NODE_DISABLE_COMPILE_CACHE turns it off. V8 refuses a cache made by another V8, other flags or
// another source, and the file is then compiled as usual and its cache written anew. Anything that
// fails around the cache (a directory that cannot be written) leaves the load as it would be.
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const { Script } = require('node:vm');

const dir = path.join(process.env.NODE_COMPILE_CACHE || os.tmpdir(), 'api-contract-mock');
/**
 * Whether the cache's directory is this user's alone (made so when absent): compiled code is run
 * as it is read, so a directory another user could write to is not used.
 */
function ownDirectory() {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { uid, mode } = fs.statSync(dir);
    return (process.getuid === undefined || uid === process.getuid()) && (mode & 0o022) === 0;
  } catch {
    return false;
  }
}
const off = process.env.NODE_DISABLE_COMPILE_CACHE !== undefined || !ownDirectory();
/** @typedef {{ exports: unknown, filename: string, id: string, loaded: boolean }} LoadedModule */
/** Each file loaded, by its path: its module. @type {Map<string, LoadedModule>} */
const loaded = new Map();
/** The scripts whose cache is to be written, and where. @type {{ script: Script, cacheFile: string }[]} */
const unwritten = [];

/**
 * The exports of a file of the bundle, loaded once.
 * @param {string} file its path from this file's directory (`./chunk-1.js`)
 * @returns {unknown}
 */
function load(file) {
  const filename = path.join(__dirname, file);
  const known = loaded.get(filename);
  if (known !== undefined) return known.exports;
  const source = fs.readFileSync(filename, 'utf8');
  // The bundle's own version in the name: a file of another build is another file.
  const stat = fs.statSync(filename);
  const cacheFile = path.join(
    dir,
    `${process.version}-${process.arch}-${file.replace(/\W/g, '_')}-${stat.size}-${Math.trunc(stat.mtimeMs)}`,
  );
  let cachedData;
  if (!off)
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  const script = new Script(Module.wrap(source), { filename, cachedData });
  if (!off && (cachedData === undefined || script.cachedDataRejected)) unwritten.push({ script, cacheFile });
  const module = { exports: {}, filename, id: filename, loaded: false };
  loaded.set(filename, module);
  const base = Module.createRequire(filename);
  const local = Object.assign(/** @param {string} id */ (id) => (id.startsWith('./') ? load(id) : base(id)), base);
  script.runInThisContext()(module.exports, local, module, filename, __dirname);
  module.loaded = true;
  return module.exports;
}

// Written when the process ends, so that the cache holds the code compiled while it ran, not only
// what loading compiled: a cache is written once per file and V8, by the first process.
process.once('exit', () => {
  if (unwritten.length === 0) return;
  try {
    for (const { script, cacheFile } of unwritten) {
      const temporary = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
    }
  } catch {
    // No cache: the next process compiles, as this one did.
  }
});

module.exports = load;
