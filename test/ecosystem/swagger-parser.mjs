// @apidevtools/swagger-parser's validate() (its own OpenAPI 3.1 schema, then $ref resolution) on
// generated/openapi.json. orval and openapi-zod-client read the document through it.
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { report, root } from './lib.mjs';

const checks = report('@apidevtools/swagger-parser');
try {
  const api = await SwaggerParser.validate(join(root, 'generated/openapi.json'));
  checks.result('validate()', true, `${api.info.title} ${api.info.version}, ${Object.keys(api.paths).length} paths`);
} catch (error) {
  checks.result('validate()', false, error.message);
}
checks.finish();
