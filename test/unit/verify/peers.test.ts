// api-contract-verify without its optional peer dependencies (ajv, ajv-formats, fast-check): main()
// looks for each of them before loading the modules that import them, and exits 2 with one line
// naming those it cannot find and the command that installs all three at package.json's versions,
// instead of Node's resolution error. main() is given a resolver that fails as Node's does for the
// packages a test takes away; --help names the peers and the same command.
import { expect, it } from 'vitest';
import { main } from '../../../src/verify/cli.js';

const PEERS = ['ajv', 'ajv-formats', 'fast-check'];
const install = 'npm install --save-dev ajv@8.17.1 ajv-formats@3.0.1 fast-check@4.10.2';

/** Node's resolver, but for the packages taken away. */
function without(...absent: string[]) {
  const looked: string[] = [];
  const resolve = (name: string) => {
    looked.push(name);
    if (absent.includes(name))
      throw Object.assign(
        new Error(
          `Cannot find module '${name}'\nRequire stack:\n- /app/node_modules/@observability/api-contract/dist/src/verify/cli.js`,
        ),
        { code: 'MODULE_NOT_FOUND' },
      );
    return `/app/node_modules/${name}/index.js`;
  };
  return { resolve, looked };
}

async function run(args: string[], resolve: (name: string) => unknown) {
  let stdout = '';
  let stderr = '';
  const code = await main(
    args,
    { env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), isTTY: false },
    resolve,
  );
  return { code, stdout, stderr };
}

it.each([
  [['fast-check'], 'fast-check, an optional peer dependency that is'],
  [['ajv', 'fast-check'], 'ajv and fast-check, optional peer dependencies that are'],
  [['fast-check', 'ajv-formats', 'ajv'], 'ajv, ajv-formats and fast-check, optional peer dependencies that are'],
])(
  '%j missing: exit 2, one line naming exactly those and the command that installs them all',
  async (absent, named) => {
    const { resolve, looked } = without(...absent);
    const { code, stdout, stderr } = await run(['--base-url', 'http://127.0.0.1:9', '--dry-run'], resolve);
    expect(stderr).toBe(`api-contract-verify: the verifier needs ${named} not installed: ${install}\n`);
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(looked).toEqual(PEERS);
  },
);

it("with every peer found, the run goes on (this checkout has them: Node's resolver finds them)", async () => {
  const { code, stdout } = await run(
    ['--base-url', 'http://127.0.0.1:9', '--dry-run', '--operations', 'loginSocial', '--requests', '1'],
    without().resolve,
  );
  expect(code).toBe(0);
  expect(stdout).toContain('Dry run: nothing was sent.');
  let stderr = '';
  const io = { env: {}, stdout: () => undefined, stderr: (t: string) => (stderr += t), isTTY: false };
  expect(
    await main(['--base-url', 'http://127.0.0.1:9', '--dry-run', '--operations', 'loginSocial', '--requests', '1'], io),
  ).toBe(0);
  expect(stderr).toBe('');
});

it('--help names the peers and the command that installs them, without looking for them', async () => {
  const { resolve, looked } = without(...PEERS);
  const { code, stdout } = await run(['--help'], resolve);
  expect(code).toBe(0);
  expect(stdout).toContain(
    `\nThe verifier needs the optional peer dependencies ajv, ajv-formats and fast-check:\n  ${install}\n`,
  );
  expect(looked).toEqual([]);
});

it('usage errors and the loopback refusal come before the peers are looked for', async () => {
  const { resolve, looked } = without(...PEERS);
  expect((await run([], resolve)).code).toBe(2);
  expect((await run(['--base-url', 'http://example.com'], resolve)).code).toBe(2);
  expect(looked).toEqual([]);
});
