// @arethetypeswrong/cli on the packed package: every JavaScript entry point resolves, with the
// right types, under node10, node16 (from CommonJS and from ESM) and bundler. `./openapi.yaml` is
// an asset (a file to read, not a module to import), so no resolution can type it: it is left out.
import { bin, report, run, tail } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node attw.mjs <package tarball>');
const checks = report('@arethetypeswrong/cli');
const result = run(bin('attw'), [tarball, '--exclude-entrypoints', './openapi.yaml'], {
  env: { ...process.env, NO_COLOR: '1' },
});
checks.result('attw: no problems in any resolution', result.ok, result.ok ? '' : tail(result.output, 60));
checks.finish();
