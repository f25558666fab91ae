// A bin of the package (src/verify/bin.ts, src/mock/coverage-bin.ts) imported in-process afresh, with
// process.argv, stdout and stderr in hand: what it wrote and the exit code it set. `restoreProcess`
// (an afterEach) puts the process back.
import { expect, vi } from 'vitest';

const original = {
  argv: process.argv,
  stdout: process.stdout.write,
  stderr: process.stderr.write,
  isTTY: process.stderr.isTTY,
};

export function restoreProcess(): void {
  process.argv = original.argv;
  process.stdout.write = original.stdout;
  process.stderr.write = original.stderr;
  process.stderr.isTTY = original.isTTY;
  process.exitCode = undefined;
}

let runs = 0;
/** Imports the bin at `file` (a path) afresh as `name` with `args`; `stdout` sees each write first (it may throw). */
export async function runBinFile(
  file: string,
  name: string,
  args: string[],
  stdout: (text: string) => void = () => undefined,
): Promise<{ out: string; err: string; code: number | string | undefined }> {
  let out = '';
  let err = '';
  process.exitCode = undefined;
  process.argv = [original.argv[0]!, name, ...args];
  process.stdout.write = (text: string) => {
    stdout(text);
    out += text;
    return true;
  };
  process.stderr.write = (text: string) => {
    err += text;
    return true;
  };
  // A fresh instance of the bin alone (its imports stay loaded): the query makes it a new module.
  await import(/* @vite-ignore */ `${file}?run=${++runs}`);
  await vi.waitFor(() => expect(process.exitCode).toBeDefined(), { timeout: 5000 });
  const code = process.exitCode;
  process.stdout.write = original.stdout;
  process.stderr.write = original.stderr;
  return { out, err, code };
}
