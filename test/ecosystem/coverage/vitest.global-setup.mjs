// docs/setups.md's recipe for vitest: an empty record directory before the run, and the merged
// report (with its thresholds, here from COVERAGE_ARGS) after it. A threshold not met sets the exit
// code: vitest exits with it (a teardown that throws is only logged, and the run still exits 0).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const DIR = process.env.COVERAGE_DIR ?? 'coverage/api-contract';
const ARGS = (process.env.COVERAGE_ARGS ?? '').split(' ').filter(Boolean);

export default function setup() {
  rmSync(DIR, { recursive: true, force: true });
  return function teardown() {
    const { status } = spawnSync('npx', ['api-contract-coverage', DIR, ...ARGS], { stdio: 'inherit' });
    if (status !== 0) process.exitCode = status ?? 1;
  };
}
