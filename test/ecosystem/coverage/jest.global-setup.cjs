// docs/setups.md's recipe for Jest: an empty record directory before the run.
const { rmSync } = require('node:fs');

module.exports = () => rmSync(process.env.COVERAGE_DIR ?? 'coverage/api-contract', { recursive: true, force: true });
