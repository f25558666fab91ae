#!/usr/bin/env node
// Starts the Prism mock on the bundled spec, in this process (stopping it stops the server).
//   node scripts/mock.js [--port N] [--host H] [--spec FILE]     (PORT and HOST are read too)
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4010' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      spec: { type: 'string', default: join(root, 'generated/openapi.json') },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  const spec = resolve(values.spec);
  if (!existsSync(spec)) throw new Error(`no spec at ${spec}: run \`npm run build\` first`);
  return { port, host: values.host, spec };
}

try {
  const { port, host, spec } = options();
  // Prism's CLI reads its arguments from process.argv.
  process.argv = [process.argv[0], 'prism', 'mock', spec, '--host', host, '--port', String(port), '--errors', '--verboseLevel', 'warn'];
  console.log(`mock: http://${host}:${port} serving ${spec}`);
  createRequire(import.meta.url)('@stoplight/prism-cli/dist/index.js');
} catch (error) {
  console.error(`mock: ${error.message}`);
  process.exit(2);
}
