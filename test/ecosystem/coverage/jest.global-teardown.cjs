// docs/setups.md's recipe for Jest: the merged report (with its thresholds, here from
// COVERAGE_ARGS) once every test file ran; a threshold not met sets the exit code Jest exits with.
const { spawnSync } = require('node:child_process');

module.exports = () => {
  const args = (process.env.COVERAGE_ARGS ?? '').split(' ').filter(Boolean);
  const dir = process.env.COVERAGE_DIR ?? 'coverage/api-contract';
  const { status } = spawnSync('npx', ['api-contract-coverage', dir, ...args], { stdio: 'inherit' });
  if (status !== 0) process.exitCode = status ?? 1;
};
