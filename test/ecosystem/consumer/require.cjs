// The package as a CommonJS consumer loads it.
'use strict';
const api = require('@observability/api-contract');
const spec = require('@observability/api-contract/openapi.json');
require('./exercise.cjs')(api, spec, require.resolve('@observability/api-contract'));
