// Spectral's `spectral:oas` (which includes `oas3-schema`, the official OpenAPI 3.1 JSON schema)
// on generated/openapi.json with the repository's .spectral.yaml: no error, no warning.
import { join } from 'node:path';
import { bin, report, root, run, tail, toolNode } from './lib.mjs';

const checks = report('Spectral (spectral:oas, .spectral.yaml)');
const result = run(toolNode, [
  bin('spectral'),
  'lint',
  join(root, 'generated/openapi.json'),
  '--ruleset',
  join(root, '.spectral.yaml'),
  '--fail-severity=warn',
]);
checks.result('spectral lint: 0 errors, 0 warnings', result.ok, result.ok ? '' : tail(result.output));
checks.finish();
