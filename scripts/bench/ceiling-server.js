#!/usr/bin/env node
// The ceiling of the mock benchmark: a trivial node:http server that reads the body, parses it,
// and answers the Signals PUT with the same JSON Prism answers (the spec's 200 example, or its
// 422 example when `schedule.interval_hours` is below 1). No routing, no validation beyond that.
//   node scripts/bench/ceiling-server.js --port N [--host 127.0.0.1]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } } });
const spec = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const put = spec.paths['/v2/projects/{project_id}/runs/{run_id}/signals/configuration'].put;
/** @param {import('../openapi.js').Parsed} content */
const firstExample = (content) => Object.values(content['application/json'].examples)[0].value;
const invalidResponse = put.responses['422'].$ref
  ? spec.components.responses[put.responses['422'].$ref.split('/').pop()]
  : put.responses['422'];
const ok = Buffer.from(JSON.stringify(firstExample(put.responses['200'].content)));
const invalid = Buffer.from(JSON.stringify(firstExample(invalidResponse.content)));

const server = createServer((request, response) => {
  /** @type {Buffer[]} */
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    const interval = body?.schedule?.interval_hours;
    const valid = body !== undefined && !(typeof interval === 'number' && interval < 1);
    response.writeHead(valid ? 200 : 422, {
      'Content-Type': 'application/json',
      'Content-Length': (valid ? ok : invalid).length,
    });
    response.end(valid ? ok : invalid);
  });
});
server.listen(Number(values.port), values.host, () => console.log(`ceiling: http://${values.host}:${values.port}`));
