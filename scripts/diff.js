#!/usr/bin/env node
// The breaking-change gate of the contract.
//
//   node scripts/diff.js BASE [REVISION] [--json] [--root DIR]
//
// Compares REVISION (default: the working spec, DIR/openapi/openapi.yaml) with BASE. Each of them is
// either a spec file (YAML or JSON, split or bundled) or a git ref, whose `openapi/` is read from git
// into a temporary directory (the working tree is never touched); where git has no such ref, the
// released version (`v0.1.0` or `0.1.0`) is the committed baseline scripts/release-baseline.json.
// Prints a report grouped by operation: every change, whether it breaks a client on the wire (a
// request or response that worked) and in its source (TypeScript that compiled), and why. Exit
// code: 0 nothing breaks, 1 something breaks, 2 bad input (missing file, unknown ref, invalid YAML,
// not OpenAPI 3.x).
//
// Redocly CLI's `diff` command (rules `diff-recommended`) finds the changes and rates them. What the
// gate adds by hand, because Redocly's report does not give it:
//   - every operation a change affects: Redocly reports a change of a shared component once, under
//     the first operation that reaches it; here the $refs are walked from every operation;
//   - the direction per operation: Redocly rates a component used in a request by one operation and
//     in a response by another once for both directions; here each use is rated in its own direction;
//   - the wording of the report (where the change is, what changed, why it breaks or not).
//
// This file is the entry point and the gate's API (release-check.js and the tests import it); the
// work is in scripts/diff/, one file per step:
//   input.js             the project root, the working spec's path, InputError (bad input)
//   source.js            a command-line argument → a spec file, or a git ref's openapi/ read with git
//   spec.js              a spec as parsed files, $refs and JSON pointers resolved between them
//   index-operations.js  which operation reaches which place, in which direction
//   redocly.js           Redocly's diff, run as its CLI, its JSON report
//   rate.js              narrows or widens, the directions a change breaks, the schema-subset proof
//   schema-subset.js     whether a revised JSON Schema accepts every value of its base
//   wording.js           where, what and why, in words
//   consumers.js         the source verdict: a consumer corpus of the base compiled against both revisions' types
//   report.js            diff(): the report, one line per operation a change reaches, both verdicts
//   format.js            the report as text
//   cli.js               arguments, output and exit code
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './diff/cli.js';

export { formatText } from './diff/format.js';
export { InputError, PACKAGE_ROOT, WORKING_SPEC } from './diff/input.js';
export { diff, diffAll } from './diff/report.js';
export { BASELINE_FILE, committedBaseline } from './diff/source.js';

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
