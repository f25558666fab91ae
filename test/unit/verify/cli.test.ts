// api-contract-verify's command line (src/verify/cli.ts) called in-process through main(), against a
// node:http server in the test process: usage errors and their exit code 2, the refusal of a host
// that is not loopback, missing credentials, the dry run, an unreachable server, the text, JSON and
// JUnit output, redaction of every credential a server echoes, and the exit codes 0 and 1.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { credentialsFrom, credentialVariables, isLoopback, main } from '../../../src/verify/cli.js';
import { operations } from '../../../src/verify/operations.js';
import type { Report } from '../../../src/verify/run.js';
import { json, startServer, type TestServer } from '../../support/verify-server.js';

const TOKEN = 'tok-secret-4417';
const env = { API_CONTRACT_ACCESS_TOKEN: TOKEN };
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';

async function run(args: string[], environment: Record<string, string | undefined> = env, isTTY = false) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env: environment,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTTY,
  });
  return { code, stdout, stderr };
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Login Social as the contract says: 200 to valid requests, a 422 locating the fault, 400 to what is not JSON. */
function conforming(): void {
  const validate = operations.find((o) => o.id === 'loginSocial')!.validateRequest;
  server.handle((request, response) => {
    if (request.method === 'GET' || request.body === '')
      return json(response, 200, { access_token: 't', token_type: 'bearer' });
    let body: unknown;
    try {
      body = /json/.test(String(request.headers['content-type'])) ? JSON.parse(request.body) : Symbol.for('not json');
    } catch {
      return json(response, 400, { detail: 'invalid JSON' });
    }
    if (typeof body === 'symbol') return json(response, 400, { detail: 'not JSON' });
    if (!validate(body))
      return json(response, 422, {
        detail: (validate.errors ?? []).map((e) => ({
          loc: ['body', ...e.instancePath.split('/').filter(Boolean)],
          msg: e.message,
          type: e.keyword,
        })),
      });
    return json(response, 200, { access_token: 't', token_type: 'bearer' });
  });
}

describe('usage', () => {
  it('--help prints the usage with every credential variable, and exits 0', async () => {
    const { code, stdout, stderr } = await run(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.startsWith('usage: api-contract-verify --base-url URL [options]\n')).toBe(true);
    expect(stdout).toContain('EVERY OPERATION OF THIS API WRITES');
    for (const [name, what] of Object.entries(credentialVariables))
      expect(stdout).toContain(`  ${name.padEnd(30)} ${what}\n`);
    expect(stdout).not.toContain('{CREDENTIALS}');
    expect(
      stdout.endsWith(
        'Exit codes: 0 conforms, 1 does not conform, 2 bad usage, a peer missing, or a server that cannot\nbe reached or does not look like this API.\n',
      ),
    ).toBe(true);
    expect((await run(['--help', '--base-url', 'ftp://x'])).code).toBe(0);
  });

  it.each([
    [[], '--base-url is required'],
    [['--base-url'], "Option '--base-url <value>' argument missing"],
    [['--base-url', 'http://127.0.0.1:1', 'extra'], "Unexpected argument 'extra'"],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
    [['--base-url', 'not a url'], '--base-url is not a URL: "not a url"'],
    [['--base-url', 'ftp://127.0.0.1'], '--base-url must be http or https, got ftp:'],
    [
      ['--base-url', 'http://user:pw@127.0.0.1'],
      '--base-url must not carry credentials; use the environment variables',
    ],
    [['--base-url', 'http://user@127.0.0.1'], '--base-url must not carry credentials; use the environment variables'],
    [['--base-url', 'http://:pw@127.0.0.1'], '--base-url must not carry credentials; use the environment variables'],
    [['--base-url', 'http://127.0.0.1', '--seed=-1'], '--seed must be a non-negative integer, got "-1"'],
    [['--base-url', 'http://127.0.0.1', '--seed', '1.5'], '--seed must be a non-negative integer, got "1.5"'],
    [
      ['--base-url', 'http://127.0.0.1', '--seed', '9007199254740992'],
      '--seed must be a non-negative integer, got "9007199254740992"',
    ],
    [
      ['--base-url', 'http://127.0.0.1', '--path-param', 'project_id'],
      '--path-param must be NAME=VALUE, got "project_id"',
    ],
    [['--base-url', 'http://127.0.0.1', '--path-param', '=x'], '--path-param must be NAME=VALUE, got "=x"'],
    [['--base-url', 'http://127.0.0.1', '--requests', '0'], '--requests must be a positive integer, got "0"'],
    [['--base-url', 'http://127.0.0.1', '--requests', '2.5'], '--requests must be a positive integer, got "2.5"'],
    [
      ['--base-url', 'http://127.0.0.1', '--concurrency', 'many'],
      '--concurrency must be a positive integer, got "many"',
    ],
    [['--base-url', 'http://127.0.0.1', '--timeout=-5'], '--timeout must be a positive integer, got "-5"'],
    [
      ['--base-url', 'http://127.0.0.1', '--timeout', '9007199254740993'],
      '--timeout must be a positive integer, got "9007199254740993"',
    ],
  ])('%j is a usage error, exit 2', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.startsWith(`api-contract-verify: ${message}`)).toBe(true);
    expect(stderr).toContain('\n\nusage: api-contract-verify');
  });

  it('a basic credential without a colon is a usage error', async () => {
    const { code, stderr } = await run(['--base-url', 'http://127.0.0.1'], { API_CONTRACT_BASIC_AUTH: 'nocolon' });
    expect(code).toBe(2);
    expect(
      stderr.startsWith('api-contract-verify: API_CONTRACT_BASIC_AUTH must be "username:password"\n\nusage:'),
    ).toBe(true);
  });
});

describe('credentials from the environment', () => {
  it('one per variable, an empty one unset; basic split at its first colon', () => {
    // exactly the credentials set: no key for an unset one
    expect(credentialsFrom({})).toStrictEqual({});
    expect(credentialsFrom({ API_CONTRACT_API_KEY: 'a' })).toStrictEqual({ apiKey: 'a' });
    expect(credentialsFrom({ API_CONTRACT_CLASSIC_API_KEY: 'c' })).toStrictEqual({ classicApiKey: 'c' });
    expect(credentialsFrom({ API_CONTRACT_ACCESS_TOKEN: 't' })).toStrictEqual({ accessToken: 't' });
    expect(
      credentialsFrom({
        API_CONTRACT_API_KEY: 'a',
        API_CONTRACT_CLASSIC_API_KEY: 'c',
        API_CONTRACT_ACCESS_TOKEN: 't',
        API_CONTRACT_BASIC_AUTH: 'ada:pass:word',
      }),
    ).toStrictEqual({
      apiKey: 'a',
      classicApiKey: 'c',
      accessToken: 't',
      basic: { username: 'ada', password: 'pass:word' },
    });
    expect(
      credentialsFrom({
        API_CONTRACT_API_KEY: '',
        API_CONTRACT_CLASSIC_API_KEY: '',
        API_CONTRACT_ACCESS_TOKEN: '',
        API_CONTRACT_BASIC_AUTH: '',
      }),
    ).toStrictEqual({});
    expect(credentialsFrom({ API_CONTRACT_BASIC_AUTH: ':' })).toEqual({ basic: { username: '', password: '' } });
  });
});

describe('isLoopback', () => {
  it.each([
    ['http://localhost:1', true],
    ['http://LOCALHOST', true],
    ['http://app.localhost', true],
    ['http://[::1]:8000', true],
    ['http://127.0.0.1', true],
    ['http://127.255.3.4', true],
    ['http://127.10.100.1', true],
    ['http://127.1', true],
    ['http://[0:0:0:0:0:0:0:1]', true],
    ['http://127.example.com', false],
    ['http://10.0.0.127', false],
    ['http://2130706433', true],
    ['http://[::ffff:127.0.0.1]', false],
    ['http://128.0.0.1', false],
    ['http://localhost.example.com', false],
    ['http://mylocalhost', false],
    ['http://127.0.0.1.nip.io', false],
    ['http://[::2]', false],
    ['http://example.com', false],
  ])('%s: %s', (url, expected) => {
    expect(isLoopback(new URL(url))).toBe(expected);
  });
});

describe('before anything is sent', () => {
  it('refuses a host that is not loopback unless --yes', async () => {
    const { code, stderr } = await run(['--base-url', 'https://staging.example.com:8443/api', '--dry-run']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'api-contract-verify: staging.example.com:8443 is not a loopback host. Every operation of this API writes: pass --yes to send requests to it anyway (never to production).\n',
    );
    const allowed = await run([
      '--base-url',
      'https://staging.example.com:8443/api',
      '--dry-run',
      '--yes',
      '--operations',
      'loginSocial',
      '--seed',
      '1',
    ]);
    expect(allowed.code).toBe(0);
  });

  it('names unknown operations, and the known ones', async () => {
    const { code, stderr } = await run(['--base-url', server.baseUrl, '--operations', 'loginSocial, nope ,,other']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `api-contract-verify: unknown operation(s) nope, other; the operations are ${operations.map((o) => o.id).join(', ')}\n`,
    );
  });

  it('checks each --path-param against the operations verified', async () => {
    const unknown = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--path-param',
      'project_id=6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'api-contract-verify: --path-param project_id: no operation to verify has a path parameter project_id\n',
    );
    const invalid = await run(
      [
        '--base-url',
        server.baseUrl,
        '--operations',
        'updateAnnotationTemplate',
        '--path-param',
        'template_id=not-a-uuid=x',
      ],
      { API_CONTRACT_CLASSIC_API_KEY: 'k' },
    );
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe(
      'api-contract-verify: --path-param template_id: "not-a-uuid=x" is not a valid template_id ({"type":"string","format":"uuid"})\n',
    );
    // a name of one character is a name; one no operation verified has is refused, even with a valid value
    const other = await run(
      ['--base-url', server.baseUrl, '--operations', 'updateAnnotationTemplate', '--path-param', `t=${TEMPLATE}`],
      { API_CONTRACT_CLASSIC_API_KEY: 'k' },
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toBe('api-contract-verify: --path-param t: no operation to verify has a path parameter t\n');
  });

  it('exits 2 when an operation to verify needs a credential and none is set, listing the variables', async () => {
    const { code, stderr } = await run(
      [
        '--base-url',
        server.baseUrl,
        '--operations',
        'loginSocial,updateAnnotationTemplate,createLuna3ScorerVersion,createOrVerifyUser',
      ],
      {},
    );
    expect(code).toBe(2);
    expect(stderr).toBe(
      `api-contract-verify: no credential for updateAnnotationTemplate, createLuna3ScorerVersion. Set one of these environment variables:\n${Object.entries(
        credentialVariables,
      )
        .map(([name, what]) => `  ${name.padEnd(30)} ${what}`)
        .join('\n')}\n`,
    );
    expect(
      (
        await run(['--base-url', server.baseUrl, '--operations', 'updateAnnotationTemplate', '--dry-run'], {
          API_CONTRACT_CLASSIC_API_KEY: 'k',
        })
      ).code,
    ).toBe(0);
  });

  it('--dry-run prints the warning, the plan and the seed, and sends nothing', async () => {
    const before = server.received.length;
    const { code, stdout, stderr } = await run([
      '--base-url',
      `${server.baseUrl}//`,
      '--operations',
      'loginSocial',
      '--seed',
      '7',
      '--requests',
      '3',
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        `Every operation of this API writes: of 32 requests, 6 are valid and will create or change data on ${server.baseUrl}; the others are invalid, hostile or without a credential, and a conforming server refuses them.`,
        `Plan: 32 requests to ${server.baseUrl}`,
        '  loginSocial                POST  /v2/login/social',
        '                             32 requests: 6 valid, 3 negative, 23 hostile',
        'Seed 7. Dry run: nothing was sent.',
        '',
      ].join('\n'),
    );
    expect(server.received.length).toBe(before);
  });

  it('without --seed, a random seed, printed', async () => {
    const seeds = new Set<string>();
    for (let i = 0; i < 3; i++)
      seeds.add(
        /Seed (\d+)\./.exec(
          (await run(['--base-url', server.baseUrl, '--operations', 'loginSocial', '--dry-run', '--requests', '1']))
            .stdout,
        )![1]!,
      );
    expect(seeds.size).toBe(3);
    expect([...seeds].every((s) => Number(s) >= 0 && Number(s) <= 0xffffffff)).toBe(true);
    const big = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--dry-run',
      '--requests',
      '1',
      '--seed',
      '4294967297',
    ]);
    expect(big.stdout).toContain('Seed 1. Dry run');
    expect(
      (
        await run([
          '--base-url',
          server.baseUrl,
          '--operations',
          'loginSocial',
          '--dry-run',
          '--requests',
          '1',
          '--seed',
          '0',
        ])
      ).stdout,
    ).toContain('Seed 0. Dry run');
    // two runs started in the same millisecond still get different seeds
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const same = new Set<string>();
      for (let i = 0; i < 2; i++)
        same.add(
          /Seed (\d+)\./.exec(
            (await run(['--base-url', server.baseUrl, '--operations', 'loginSocial', '--dry-run', '--requests', '1']))
              .stdout,
          )![1]!,
        );
      expect(same.size).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('the defaults: all seven operations, 20 generated requests each', async () => {
    // every operation is selected: each one that needs a credential is named
    const { code, stderr } = await run(['--base-url', server.baseUrl], {});
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(
      'api-contract-verify: no credential for putSignalsConfiguration, updateAnnotationTemplate, logTraces, createLuna3ScorerVersion, applyBulkFeedbackV2. Set one of these environment variables:',
    );
    const { stdout } = await run(
      ['--base-url', server.baseUrl, '--operations', 'loginSocial', '--dry-run', '--seed', '1'],
      {},
    );
    expect(stdout).toContain('22 requests: 22 valid'.slice(0, 0) + 'requests: 22 valid');
  });
});

describe('reaching the server', () => {
  it('exits 2 when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { code, stdout, stderr } = await run([
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--operations',
      'loginSocial',
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`api-contract-verify: cannot reach http://127.0.0.1:${port}: ECONNREFUSED\n`);
  });

  it('exits 2 on a port fetch refuses, saying why', async () => {
    // 6000 (X11) is on the fetch standard's list of bad ports: the failure has a cause without a code
    const { code, stderr } = await run(['--base-url', 'http://127.0.0.1:6000', '--operations', 'loginSocial']);
    expect(code).toBe(2);
    expect(stderr).toBe('api-contract-verify: cannot reach http://127.0.0.1:6000: bad port\n');
  });

  it('exits 2 when the server does not answer within the timeout', async () => {
    server.handle(() => undefined);
    const { code, stderr } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--timeout',
      '100',
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(`api-contract-verify: cannot reach ${server.baseUrl}: no answer within 100 ms\n`);
  });

  it('any answer to GET / means reachable, a redirect too (not followed)', async () => {
    server.handle((request, response) => {
      if (request.method === 'GET') {
        response.writeHead(302, { location: 'http://example.invalid/' });
        return response.end();
      }
      json(response, 200, { access_token: 't', token_type: 'bearer' });
    });
    const { code, stderr } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--requests',
      '1',
      '--seed',
      '1',
    ]);
    expect(stderr).not.toContain('cannot reach');
    expect(code).toBe(1);
    expect(server.received.find((r) => r.method === 'GET')!.url).toBe('/');
  });

  it('an answer without a body (204) means reachable', async () => {
    server.handle((request, response) => {
      if (request.method === 'GET') {
        response.writeHead(204);
        return response.end();
      }
      json(response, 200, { access_token: 't', token_type: 'bearer' });
    });
    const { stderr } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--requests',
      '1',
      '--seed',
      '1',
    ]);
    expect(stderr).not.toContain('cannot reach');
    expect(stderr.startsWith('Every operation of this API writes:')).toBe(true);
  });
});

describe('a server that is not this API', () => {
  const notHere = (status: number) =>
    server.handle((_, response) => {
      response.writeHead(status, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>not here</title>');
    });
  const args = ['--operations', 'loginSocial,putSignalsConfiguration', '--seed', '1'];
  const line = (status: number) =>
    `api-contract-verify: ${server.baseUrl} does not look like this API: 4 of 4 requests answered ${status} with no JSON; check --base-url (the operations live under /v2/…)\n`;

  it.each([501, 404])(
    'every answer %i with no JSON: one line naming the base URL and what it saw, exit 2, no report',
    async (status) => {
      notHere(status);
      const before = server.received.length;
      const { code, stdout, stderr } = await run(['--base-url', server.baseUrl, ...args, '--json']);
      expect(stdout).toBe('');
      expect(stderr.slice(stderr.indexOf('\n') + 1)).toBe(line(status));
      expect(code).toBe(2);
      // GET / and the first round: one valid and one invalid request per operation
      expect(server.received.length - before).toBe(5);
    },
  );

  it('on a terminal, the progress line is cleared first', async () => {
    notHere(501);
    const { code, stderr } = await run(['--base-url', server.baseUrl, ...args], env, true);
    expect(code).toBe(2);
    expect(stderr.endsWith(`\r\x1b[K${line(501)}`)).toBe(true);
    expect(stderr).toMatch(/\r\x1b\[K1\/\d+ requests\r/);
  });
});

describe('a run', () => {
  it('a conforming server: the text report on stdout, the warning on stderr, exit 0', async () => {
    conforming();
    const { code, stdout, stderr } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--requests',
      '2',
      '--seed',
      '1',
      '--concurrency',
      '2',
      '--timeout',
      '4000',
    ]);
    expect(stderr).toBe(
      `Every operation of this API writes: of 31 requests, 5 are valid and will create or change data on ${server.baseUrl}; the others are invalid, hostile or without a credential, and a conforming server refuses them.\n`,
    );
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^api-contract-verify ${server.baseUrl.replace(/\./g, '\\.')} \\(seed 1\\): 31 requests in \\d+\\.\\d s$`,
      ),
    );
    expect(lines[2]).toBe('ok   loginSocial  POST /v2/login/social');
    expect(lines[3]).toMatch(/^ {5}sent 5 valid, 3 negative, 23 hostile; latency p50 [\d.]+ ms, p99 [\d.]+ ms$/);
    expect(lines.slice(-3)).toEqual([
      'CONFORMS: 31 requests to 1 operation, no failure.',
      'Replay: the same options with --seed 1.',
      '',
    ]);
  });

  it('--json prints the report as JSON; --junit writes the XML; a failing server exits 1', async () => {
    server.handle((request, response) =>
      request.method === 'GET' ? json(response, 404, {}) : json(response, 500, { error: 'boom' }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'verify-cli-'));
    const junit = join(dir, 'verify.xml');
    const { code, stdout } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--requests',
      '1',
      '--seed',
      '3',
      '--json',
      '--junit',
      junit,
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(stdout.endsWith('}\n')).toBe(true);
    expect(stdout).toContain('\n  "baseUrl": ');
    expect(report).toMatchObject({ baseUrl: server.baseUrl, seed: 3, conforms: false, requests: 30 });
    expect(report.operations[0]!.failures.map((f) => f.check)).toEqual(['no_server_error']);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="api-contract-verify')).toBe(true);
    expect(xml).toContain('<failure message="answered 500" type="no_server_error">');
  });

  it('exits 2 when the JUnit file cannot be written, after printing the report', async () => {
    conforming();
    const { code, stdout, stderr } = await run([
      '--base-url',
      server.baseUrl,
      '--operations',
      'loginSocial',
      '--requests',
      '1',
      '--seed',
      '3',
      '--junit',
      join(tmpdir(), 'no-such-dir-4417', 'x.xml'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toContain('CONFORMS');
    expect(stderr).toMatch(
      /\napi-contract-verify: cannot write .*no-such-dir-4417.*x\.xml: ENOENT: no such file or directory/,
    );
  });

  it('no credential appears in any output, in any form a server may echo it', async () => {
    server.handle((request, response) => {
      if (request.method === 'GET') return json(response, 200, {});
      const echoed = String(
        request.headers.authorization ??
          request.headers['service-api-key'] ??
          request.headers['service-ao-api-key'] ??
          '',
      );
      const secret = echoed.replace(/^(Basic|Bearer) /, '');
      json(response, 422, {
        detail: [
          { loc: ['body', echoed], msg: `${secret} / ${Buffer.from(secret, 'base64').toString('utf8')}`, type: 't' },
        ],
      });
    });
    const dir = mkdtempSync(join(tmpdir(), 'verify-cli-'));
    const junit = join(dir, 'verify.xml');
    const basic = 'ada:pw-secret-7781';
    const base64 = Buffer.from(basic).toString('base64');
    const environment = {
      API_CONTRACT_BASIC_AUTH: basic,
      API_CONTRACT_CLASSIC_API_KEY: 'classic-secret-9',
      API_CONTRACT_ACCESS_TOKEN: TOKEN,
      API_CONTRACT_API_KEY: 'abc',
    };
    const args = [
      '--base-url',
      server.baseUrl,
      '--operations',
      'updateAnnotationTemplate',
      '--requests',
      '1',
      '--seed',
      '5',
      '--path-param',
      `template_id=${TEMPLATE}`,
    ];
    const text = await run([...args, '--junit', junit], environment);
    const asJson = await run([...args, '--json'], environment);
    const outputs = [text.stdout, text.stderr, asJson.stdout, asJson.stderr, readFileSync(junit, 'utf8')];
    for (const output of outputs) {
      for (const secret of ['pw-secret-7781', base64, 'classic-secret-9', TOKEN]) expect(output).not.toContain(secret);
    }
    expect(text.stdout).toContain('at body.[credential]: [credential] / ');
    expect(text.stdout).toContain('at body.Basic [credential]: [credential] / ada:[credential]');
    expect(text.stdout).toContain('at body.Bearer [credential]');
    // a credential shorter than four characters is not searched for (it would blank out ordinary text)
    expect(text.stdout).toContain('at body.abc: abc / ');
    expect(text.code).toBe(1);
  });

  it('redacts a credential of four characters, and the longer of two that overlap first', async () => {
    server.handle((request, response) => {
      if (request.method === 'GET') return json(response, 200, {});
      const echoed = String(request.headers['service-ao-api-key'] ?? request.headers['service-api-key'] ?? '');
      json(response, 422, { detail: [{ loc: ['body', echoed], msg: `got ${echoed}`, type: 't' }] });
    });
    const args = [
      '--base-url',
      server.baseUrl,
      '--operations',
      'updateAnnotationTemplate',
      '--requests',
      '1',
      '--seed',
      '5',
      '--path-param',
      `template_id=${TEMPLATE}`,
    ];
    const short = await run(args, { API_CONTRACT_CLASSIC_API_KEY: 'k4k4' });
    expect(short.stdout).toContain('at body.[credential]: got [credential] to a valid request');
    expect(short.stdout).not.toContain('k4k4');
    // the shorter one comes first among the credentials, so only the order of the search keeps '-extra' hidden
    const overlapping = await run(args, {
      API_CONTRACT_CLASSIC_API_KEY: 'word-1234-extra',
      API_CONTRACT_API_KEY: 'word-1234',
    });
    expect(overlapping.stdout).toContain(
      'at body.[credential]: got [credential] to a valid request (a valid request with the APIKeyHeader credential alone)',
    );
    expect(overlapping.stdout).not.toContain('-extra');
  });

  it('on a terminal, a progress line on stderr, cleared at the end', async () => {
    conforming();
    // a clock that stands still: the line is drawn for the first request, then only at the end
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(
        [
          '--base-url',
          server.baseUrl,
          '--operations',
          'loginSocial',
          '--requests',
          '1',
          '--seed',
          '3',
          '--concurrency',
          '1',
        ],
        env,
        true,
      );
    } finally {
      clock.mockRestore();
    }
    const { code, stderr } = result;
    expect(code).toBe(0);
    expect(stderr.startsWith('Every operation of this API writes: of 30 requests')).toBe(true);
    expect(stderr.slice(stderr.indexOf('\r'))).toBe('\r\x1b[K1/30 requests\r\x1b[K30/30 requests\r\x1b[K');
    // a clock that moves exactly 100 ms between two readings of the progress line: every request is drawn
    let t = 1_800_000_000_000;
    const moving = vi
      .spyOn(Date, 'now')
      .mockImplementation(() => (new Error().stack!.includes('onProgress') ? (t += 100) : t));
    try {
      result = await run(
        [
          '--base-url',
          server.baseUrl,
          '--operations',
          'loginSocial',
          '--requests',
          '1',
          '--seed',
          '3',
          '--concurrency',
          '1',
        ],
        env,
        true,
      );
    } finally {
      moving.mockRestore();
    }
    expect(result.stderr.match(/\r\x1b\[K\d+\/30 requests/g)).toHaveLength(30);
    const quiet = await run(
      ['--base-url', server.baseUrl, '--operations', 'loginSocial', '--requests', '1', '--seed', '3'],
      env,
      false,
    );
    expect(quiet.stderr).not.toContain('requests\r');
  });
});
