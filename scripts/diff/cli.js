// The command line of the diff gate: `node scripts/diff.js BASE [REVISION] [--json] [--root DIR]`
// (see scripts/diff.js). Parses the arguments, prints the report as text or JSON, and turns the
// outcome into the exit code: 0 nothing breaks, 1 something breaks, 2 bad input.
import { resolve } from 'node:path';
import { formatText } from './format.js';
import { InputError, PACKAGE_ROOT, PROCESS_IO, WORKING_SPEC, messageOf } from './input.js';
import { diff } from './report.js';
import { BASELINE_FILE } from './source.js';

/** @typedef {import('./input.js').Io} Io */

/**
 * @param {string[]} argv
 * @returns {{ json: boolean, positional: string[], root: string, help?: boolean }}
 */
function parseArguments(argv) {
  /** @type {ReturnType<typeof parseArguments>} */
  const options = { json: false, positional: [], root: PACKAGE_ROOT };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] ?? '';
    if (argument === '--json') options.json = true;
    else if (argument === '--root') {
      const dir = argv[++i];
      if (!dir) throw new InputError('--root needs a directory');
      options.root = resolve(dir);
    } else if (argument === '--help' || argument === '-h') options.help = true;
    else if (argument.startsWith('--')) throw new InputError(`unknown option: ${argument}`);
    else options.positional.push(argument);
  }
  if (options.positional.length > 2) throw new InputError(`too many arguments: ${options.positional.join(' ')}`);
  return options;
}

const USAGE = `usage: node scripts/diff.js BASE [REVISION] [--json] [--root DIR]
  BASE, REVISION  a spec file (YAML or JSON, split or bundled) or a git ref of DIR;
                  the released version (vX.Y.Z) without its git tag is DIR/${BASELINE_FILE};
                  REVISION defaults to the working spec DIR/${WORKING_SPEC}
  --json          print the report as JSON
  --root DIR      the project (default: this package)
exit code: 0 no breaking change, 1 breaking changes, 2 bad input`;

/**
 * Runs the CLI on `argv`; returns the exit code.
 * @param {string[]} [argv] the arguments after the script's name
 * @param {Io} [io]
 */
export async function main(argv = process.argv.slice(2), io = PROCESS_IO) {
  try {
    const options = parseArguments(argv);
    if (options.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (options.positional.length === 0) throw new InputError(`a BASE is required\n${USAGE}`);
    const [base, revision] = options.positional;
    const report = await diff({ base, revision: revision ?? WORKING_SPEC, root: options.root });
    for (const note of report.notes) io.stderr(`diff: ${note}\n`);
    io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatText(report));
    return report.breaking ? 1 : 0;
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`diff: ${error.message}\n`);
      return 2;
    }
    io.stderr(`diff: unexpected error: ${messageOf(error)}\n`);
    return 2;
  }
}
