/// <reference types="node" />
// api-contract-coverage: the coverage records the mocks of a test run wrote (`coverage: DIR`,
// `--coverage DIR`), merged into one report (./control/coverage-report.ts): a table for a terminal,
// JSON or Markdown, and the thresholds that fail the run.
// Exit codes: 0 printed (and the thresholds met), 1 a threshold not met (the list of what was never
// exercised on stderr), 2 bad usage, or a DIR that is missing, empty or holds a record that is not one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CoverageReport } from './control/coverage.js';
import {
  CoverageRecordError,
  formatMarkdown,
  formatText,
  mergeReports,
  neverExercised,
  parseRequirement,
  readRecord,
  unmet,
} from './control/coverage-report.js';

const USAGE = `usage: api-contract-coverage DIR [--json | --markdown] [--min-statuses N] [--min-operations N] [--require OPERATION[:ITEM,...]]...

Merges the coverage records the mocks of a test run wrote in DIR (createMock({ coverage: 'DIR' }),
api-contract-mock --coverage DIR) and prints what the tests exercised of the contract, per operation.

  --json               the merged report as JSON
  --markdown           the report as Markdown tables (a pull request's comment)
  --min-statuses N     fail unless N% or more of the documented statuses were answered (0 to 100)
  --min-operations N   fail unless N% or more of the operations were called (0 to 100)
  --require OP:ITEMS   fail unless operation OP answered each status and rehearsed each fault
                       (reset, hang, delay) listed, e.g. 'logTraces:503,429'; OP alone: it was
                       called (repeatable)
  --help               this text

Exit codes: 0 printed, 1 a threshold not met (what was never exercised is listed on stderr),
2 bad usage, or a DIR that is missing, empty or holds a file that is not a record.`;

export interface CoverageIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

class UsageError extends Error {}

function share(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n > 100)
    throw new UsageError(`--${flag} must be a percentage from 0 to 100, got "${value}"`);
  return n;
}

/** The records of DIR (every `.json` file in it), each read and checked. */
function recordsOf(dir: string): CoverageReport[] {
  const folder = resolve(dir);
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CoverageRecordError(
      code === 'ENOENT'
        ? `${folder} does not exist: no mock wrote a record there (createMock({ coverage: '${dir}' }), --coverage ${dir})`
        : `cannot read ${folder}: ${(error as Error).message}`,
    );
  }
  if (names.length === 0)
    throw new CoverageRecordError(
      `${folder} holds no record (*.json): no mock with coverage: '${dir}' was closed, nor did its process exit`,
    );
  return names.map((name) => {
    const file = join(folder, name);
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new CoverageRecordError(`${file} is not JSON: ${(error as Error).message}`);
    }
    try {
      return readRecord(value);
    } catch (error) {
      throw new CoverageRecordError(`${file} is not a coverage record: ${(error as Error).message}`);
    }
  });
}

/** Runs the command; resolves with its exit code. */
export function main(argv: string[], io: CoverageIo): Promise<number> {
  return Promise.resolve().then(() => run(argv, io));
}

function run(argv: string[], io: CoverageIo): number {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          json: { type: 'boolean', default: false },
          markdown: { type: 'boolean', default: false },
          'min-statuses': { type: 'string' },
          'min-operations': { type: 'string' },
          require: { type: 'string', multiple: true },
          help: { type: 'boolean', default: false },
        },
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(`one DIR is needed, got ${positionals.length}`);
    if (values.json && values.markdown) throw new UsageError('--json and --markdown exclude each other');
    const thresholds = {
      minStatuses: share('min-statuses', values['min-statuses']),
      minOperations: share('min-operations', values['min-operations']),
      require: (values.require ?? []).map(parseRequirement),
    };
    const report = mergeReports(recordsOf(positionals[0] as string));
    const missing = unmet(report, thresholds);
    io.stdout(
      values.json
        ? `${JSON.stringify(report, null, 2)}\n`
        : values.markdown
          ? formatMarkdown(report)
          : formatText(report),
    );
    if (missing.length === 0) return 0;
    const never = neverExercised(report);
    io.stderr(
      `api-contract-coverage: FAILED\n${missing.map((line) => `  ${line}\n`).join('')}Never exercised:\n${never.map((line) => `  ${line}\n`).join('') || '  nothing\n'}`,
    );
    return 1;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`api-contract-coverage: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof CoverageRecordError) {
      io.stderr(`api-contract-coverage: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
