// What a bin does around its command's main (src/shared/bin.ts), on a stand-in for the process: the
// arguments after node and the script, the environment, the streams looked up at each write, the
// terminal flag, the exit code main returns, and an escaped throw as one line and exit code 2.
// (test/unit/verify/bin.test.ts and test/process/coverage.test.ts run the two bins themselves.)
import { expect, it } from 'vitest';
import { runBin, type BinIo, type BinProcess } from '../../../src/shared/bin.js';

function host(isTTY?: boolean): BinProcess & { out: string; err: string } {
  const fake = {
    argv: ['/usr/bin/node', '/bin/tool', '--one', 'two'],
    env: { TOKEN: 'x' },
    out: '',
    err: '',
    exitCode: undefined as BinProcess['exitCode'],
    stdout: { write: (text: string) => (fake.out += text) },
    stderr: { write: (text: string) => (fake.err += text), isTTY },
  };
  return fake;
}

it("hands main the arguments after node and the script, the environment and the streams; sets main's code", async () => {
  const proc = host();
  let seen: { argv: string[]; io: BinIo } | undefined;
  await runBin(
    'tool',
    async (argv, io) => {
      seen = { argv, io };
      io.stdout('out\n');
      io.stderr('err\n');
      return 3;
    },
    proc,
  );
  expect(seen?.argv).toEqual(['--one', 'two']);
  expect(seen?.io.env).toBe(proc.env);
  expect(seen?.io.isTTY).toBe(false);
  expect(proc.out).toBe('out\n');
  expect(proc.err).toBe('err\n');
  expect(proc.exitCode).toBe(3);
  await runBin('tool', async () => 0, proc);
  expect(proc.exitCode).toBe(0);
});

it('isTTY only when stderr says it is a terminal', async () => {
  for (const [flag, expected] of [
    [true, true],
    [false, false],
    [undefined, false],
  ] as const) {
    let isTTY: boolean | undefined;
    await runBin(
      'tool',
      async (_, io) => {
        isTTY = io.isTTY;
        return 0;
      },
      host(flag),
    );
    expect(isTTY, String(flag)).toBe(expected);
  }
});

it('writes to the stream the process has at the time of the write', async () => {
  const proc = host();
  let late = '';
  await runBin(
    'tool',
    async (_, io) => {
      proc.stdout = { write: (text: string) => (late += text) };
      io.stdout('after\n');
      return 0;
    },
    proc,
  );
  expect(late).toBe('after\n');
  expect(proc.out).toBe('');
});

it('a throw that escapes main: "<name>: internal error: <stack>" on stderr, exit code 2', async () => {
  const failed = host();
  const error = new TypeError('stdout is gone');
  await runBin(
    'api-contract-tool',
    async () => {
      throw error;
    },
    failed,
  );
  expect(failed.err).toBe(`api-contract-tool: internal error: ${error.stack}\n`);
  expect(failed.err.startsWith('api-contract-tool: internal error: TypeError: stdout is gone\n    at ')).toBe(true);
  expect(failed.exitCode).toBe(2);

  const noStack = host();
  const bare = new Error('no stack here');
  bare.stack = undefined;
  await runBin('tool', () => Promise.reject(bare), noStack);
  expect(noStack.err).toBe('tool: internal error: no stack here\n');
  expect(noStack.exitCode).toBe(2);

  const thrown = host();
  await runBin(
    'tool',
    () => {
      throw 'a string';
    },
    thrown,
  );
  expect(thrown.err).toBe('tool: internal error: a string\n');
  expect(thrown.out).toBe('');
  expect(thrown.exitCode).toBe(2);
});

it("the process itself by default: main's code is process.exitCode", async () => {
  const before = process.exitCode;
  try {
    await runBin('tool', async () => 7);
    expect(process.exitCode).toBe(7);
  } finally {
    process.exitCode = before;
  }
});
