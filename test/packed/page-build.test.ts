// The mock's page entry as the package ships it (dist/src/mock/browser/, with the browser build of
// Prism's pieces, dist/src/mock/prism/bundled.js): nothing in it may call Node's Buffer, which a page
// has not. Node itself needs its Buffer (its fetch classes use it), so the global stays, watched: a
// child process imports the installed page entry, sends a Signals PUT with each credential, and
// reports every call to Buffer.from with an encoding (Prism decodes a Basic token with one; nothing
// of Node's that answers a fetch does). The answers must be the Node entry's, byte for byte. The
// page in Chromium is test/ecosystem/browser.mjs.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock/index.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const { app } = await packedPackage();
const installed = join(app, 'node_modules/@observability/api-contract');

const URL_ = `https://api.example.test/v2/projects/6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34/runs/0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50/signals/configuration`;
const BODY = JSON.stringify({ model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } });
const CREDENTIALS: Record<string, string>[] = [
  { authorization: 'Bearer page-token-5e6f' },
  { authorization: `Basic ${btoa('grace:pw-7a8b')}` },
  { 'service-ao-api-key': 'page-ao-key' },
  { 'service-api-key': 'page-classic-key' },
  {},
];

const SCRIPT = `
const real = globalThis.Buffer;
const encoded = [];
globalThis.Buffer = new Proxy(real, {
  get(target, name) {
    if (name !== 'from') return Reflect.get(target, name);
    return (value, encoding, ...rest) => {
      if (typeof encoding === 'string') encoded.push(encoding);
      return target.from(value, encoding, ...rest);
    };
  },
});
const { createMock } = await import(${JSON.stringify(join(installed, 'dist/src/mock/browser/index.js'))});
const mock = await createMock({ log: { write() {} } });
const answers = [];
for (const headers of ${JSON.stringify(CREDENTIALS)}) {
  const response = await mock.fetch(${JSON.stringify(URL_)}, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: ${JSON.stringify(BODY)},
  });
  answers.push([response.status, await response.text()]);
}
console.log(JSON.stringify({ encoded, answers }));
`;

describe('the page entry as shipped, on Node with its Buffer watched', () => {
  it('Signals PUT with a bearer token, Basic credentials, either API key and none: no call to Buffer, the answers of the Node entry', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: app });
    const page = JSON.parse(stdout) as { encoded: string[]; answers: [number, string][] };
    const node = await createMock({ log: { write: () => undefined } });
    const expected: [number, string][] = [];
    for (const headers of CREDENTIALS) {
      const response = await node.fetch(URL_, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: BODY,
      });
      expected.push([response.status, await response.text()]);
    }
    expect(page.encoded).toEqual([]);
    expect(page.answers).toEqual(expected);
    expect(expected.map(([status]) => status)).toEqual([200, 200, 200, 200, 401]);
  });

  it('the browser build of Prism calls no Buffer of its own: none of its code names one', () => {
    const bundle = readFileSync(join(installed, 'dist/src/mock/prism/bundled.js'), 'utf8');
    expect(bundle.match(/(?<![\w$.])Buffer\.\w+/g) ?? []).toEqual([]);
  });
});
