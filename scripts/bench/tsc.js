// Wall time of `tsc` type-checking a consumer project (fastest of several runs), with the
// compiler's own figures (--extendedDiagnostics) from the last run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, root, timeCommand } from './lib.js';

const TSC = join(root, 'node_modules/typescript/bin/tsc');

/**
 * A consumer's compiler options: strict, Node ESM, DOM lib for fetch types, no ambient @types.
 * @param {string[]} files
 * @param {{ skipLibCheck: boolean }} options
 */
export function consumerTsconfig(files, { skipLibCheck }) {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck,
    },
    files,
  };
}

/**
 * Writes `consumerTsconfig(files, options)` as `dir`/`name`.
 * @param {string} dir
 * @param {string} name
 * @param {string[]} files
 * @param {{ skipLibCheck: boolean }} options
 */
export function writeTsconfig(dir, name, files, options) {
  writeFileSync(join(dir, name), `${JSON.stringify(consumerTsconfig(files, options), null, 2)}\n`);
}

/**
 * The figures of `tsc --extendedDiagnostics` in its output.
 * @param {string} output
 */
function diagnostics(output) {
  /** @param {string} label */
  const read = (label) => {
    const match = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output);
    return match ? Number(match[1]) : undefined;
  };
  return { types: read('Types'), checkS: read('Check time'), totalS: read('Total time'), memoryK: read('Memory used') };
}

/**
 * Runs `tsc -p <tsconfig>` `runs` times (at least once) in `dir`; throws when it reports errors.
 * @param {string} dir
 * @param {string} tsconfig
 * @param {number} runs
 */
export async function timeTsc(dir, tsconfig, runs) {
  /** @type {number[]} */
  const times = [];
  let output = '';
  for (let i = 0; i < Math.max(runs, 1); i++) {
    const last = await timeCommand(process.execPath, [TSC, '-p', tsconfig, '--extendedDiagnostics'], {
      cwd: dir,
      maxOutput: 20_000,
    });
    if (last.code !== 0)
      throw new Error(`tsc -p ${tsconfig} in ${dir} failed (${last.code}):\n${last.output.slice(0, 3_000)}`);
    times.push(last.ms);
    output = last.output;
  }
  // The fastest run: other processes only ever add time.
  return { ms: Math.min(...times), median: median(times), runs: times, ...diagnostics(output) };
}
