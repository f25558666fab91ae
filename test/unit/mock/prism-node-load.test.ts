// The loader of the package's Node bundle of Prism (scripts/prism-node-load.cjs, shipped as
// dist/prism-node/load.cjs): files load as `require` loads them, and V8's compiled code is kept in
// a cache directory of the user's own, written when the first process ends and used by the next.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'prism-node-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const loader = fileURLToPath(new URL('../../../scripts/prism-node-load.cjs', import.meta.url));

/** A bundle of two files (entry.cjs requires ./chunk.cjs and a Node module) beside the loader. */
function bundle(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  copyFileSync(loader, join(dir, 'load.cjs'));
  writeFileSync(
    join(dir, 'entry.cjs'),
    "const chunk = require('./chunk.cjs');\nconst { sep } = require('node:path');\nexports.answer = chunk.twice(21);\nexports.sep = sep;\nexports.same = require('./chunk.cjs') === chunk;\nexports.file = __filename;\n",
  );
  writeFileSync(join(dir, 'chunk.cjs'), 'module.exports = { twice: (n) => n * 2 };\n');
  return dir;
}

/** Loads entry.cjs through the loader in a process of its own, with the cache under `cache`. */
async function loadIn(dir: string, cache: string, env: Record<string, string> = {}): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ['-e', "console.log(JSON.stringify(require('./load.cjs')('./entry.cjs')))"],
    { cwd: dir, env: { ...process.env, NODE_COMPILE_CACHE: cache, ...env } },
  );
  return JSON.parse(stdout);
}

describe("the loader of the package's Node bundle of Prism", () => {
  it('loads a file and the chunks it requires once each, Node modules through require; the cache is written by the first process and used by the next', async () => {
    const dir = bundle('cached');
    const cache = join(scratch, 'cache');
    const expected = { answer: 42, sep: '/', same: true, file: join(dir, 'entry.cjs') };
    expect(await loadIn(dir, cache)).toEqual(expected);
    const written = readdirSync(join(cache, 'api-contract-mock'));
    expect(written.map((file) => file.replace(/-\d+-\d+$/, '')).sort()).toEqual(
      [`${process.version}-${process.arch}-__chunk_cjs`, `${process.version}-${process.arch}-__entry_cjs`].sort(),
    );
    expect(await loadIn(dir, cache)).toEqual(expected);
    // Nothing rejected, nothing written again.
    expect(readdirSync(join(cache, 'api-contract-mock')).sort()).toEqual(written.sort());
  });

  it('writes no cache into a directory others may write to, nor with NODE_DISABLE_COMPILE_CACHE', async () => {
    const dir = bundle('shared');
    const shared = join(scratch, 'shared-cache');
    mkdirSync(join(shared, 'api-contract-mock'), { recursive: true });
    chmodSync(join(shared, 'api-contract-mock'), 0o777);
    expect(await loadIn(dir, shared)).toMatchObject({ answer: 42 });
    expect(readdirSync(join(shared, 'api-contract-mock'))).toEqual([]);
    const disabled = join(scratch, 'disabled-cache');
    expect(await loadIn(dir, disabled, { NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ answer: 42 });
    expect(existsSync(join(disabled, 'api-contract-mock'))).toBe(false);
  });
});
