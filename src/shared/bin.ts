// What a bin of this package does around its command's main: hands it the process's arguments,
// environment and streams, sets the exit code main returns, and turns a throw that escaped main (a
// bug, or a stream gone) into a line on stderr and exit code 2 instead of an unhandled rejection.

/** The streams and environment a command's main is given. */
export interface BinIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** whether stderr is a terminal (a command may draw progress there) */
  isTTY: boolean;
}

/** The part of Node's `process` a bin reads and sets (`process` itself, or a stand-in). */
export interface BinProcess {
  argv: string[];
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  exitCode?: number | string | null | undefined;
}

/**
 * Runs `main` on the process's arguments (after node and the script) and streams, and sets the exit
 * code to what it returns; if it throws, writes `<name>: internal error: <stack>` on stderr and sets 2.
 * The streams are looked up at each write, so a stream replaced meanwhile is the one written to.
 */
export function runBin(
  name: string,
  main: (argv: string[], io: BinIo) => Promise<number>,
  host: BinProcess = process,
): Promise<void> {
  const io: BinIo = {
    env: host.env,
    stdout: (text) => void host.stdout.write(text),
    stderr: (text) => void host.stderr.write(text),
    isTTY: host.stderr.isTTY === true,
  };
  return Promise.resolve()
    .then(() => main(host.argv.slice(2), io))
    .then(
      (code) => {
        host.exitCode = code;
      },
      (error: unknown) => {
        host.stderr.write(
          `${name}: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
        host.exitCode = 2;
      },
    );
}
