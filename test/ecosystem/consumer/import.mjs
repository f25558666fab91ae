// The package as an ES module consumer loads it.
import * as api from '@observability/api-contract';
import spec from '@observability/api-contract/openapi.json' with { type: 'json' };
import exercise from './exercise.cjs';

await exercise(api, spec, import.meta.resolve('@observability/api-contract'));
