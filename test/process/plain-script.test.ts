// The in-process mock in a plain Node script (no test runner holding the process open): what a
// user's `node script.mjs` sees. A hung call must hold the process as an open socket does, until
// the caller's signal aborts it (the global setup compiles the mock it imports); without that, Node ends an unsettled top-level await with exit
// code 13 and the caller never sees its TimeoutError.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = new URL('../../dist/src/mock/index.js', import.meta.url).href;
const spec = JSON.parse(readFileSync(`${root}generated/openapi.json`, 'utf8')) as {
  paths: Record<
    string,
    { post: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }
  >;
};
const traces = spec.paths['/v2/projects/{project_id}/traces']!.post.requestBody.content['application/json']!;
const VALID = JSON.stringify(Object.values(traces.examples)[0]!.value);

/** Runs a plain ES module script with the compiled mock; its exit code and output. */
function script(body: string): { status: number | null; output: string } {
  const source = `import { createMock } from ${JSON.stringify(entry)};\n${body}`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a hung call in a plain script', () => {
  for (const [label, body] of [
    ['a valid body', VALID],
    ['an invalid body', '{"traces": []}'],
  ] as const)
    it(`${label}: the call rejects with the caller's TimeoutError after its timeout, the process does not exit first (code 13)`, () => {
      const { status, output } = script(`
const mock = await createMock();
mock.use({ operation: 'logTraces', fault: 'hang' });
const started = Date.now();
try {
  await mock.fetch('https://api.example.test/v2/projects/3fa85f64-5717-4562-b3fc-2c963f66afa6/traces', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'service-ao-api-key': 'key' },
    body: ${JSON.stringify(body)},
    signal: AbortSignal.timeout(150),
  });
  console.log('answered');
} catch (error) {
  console.log(error.name, Date.now() - started >= 140);
}
`);
      expect({ status, output: output.trim() }).toEqual({ status: 0, output: 'TimeoutError true' });
    });
});
