// api-contract-verify against the project's own mock (stateful and stateless), and against the mock
// behind a fault-injecting wrapper: each fault is detected, named by its check and operation, and
// the run exits 1. Also its usage errors, safety refusals, dry run, JUnit output and redaction.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/verify/cli.js';
import type { Report } from '../../src/verify/run.js';
import { mockBaseUrl, statelessMockUrl } from '../support/contract.js';
import { freePort } from '../support/net.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/fault-server.js';

// Whole verifier runs against the suite's shared mocks: alone they take 2 to 3 s, but on a fresh clone
// beside the rest of the suite on two cores the default run took 23 s and the stateless one passed
// the suite's 30 s. How long a run takes is the bench's to measure, not this file's.
vi.setConfig({ testTimeout: 120_000 });

const API_KEY = 'verify-ao-key-3f9e1a';
const CLASSIC_KEY = 'verify-classic-key-77c0d2';
const env = { API_CONTRACT_API_KEY: API_KEY, API_CONTRACT_CLASSIC_API_KEY: CLASSIC_KEY };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], environment: Record<string, string> = env): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env: environment,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTTY: false,
  });
  return { code, stdout, stderr };
}

async function report(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const { code, stdout, stderr } = await run([...args, '--json']);
  return { code, report: JSON.parse(stdout) as Report, stderr };
}

/** Every (operation, check) that failed, as "operation check". */
const failed = (r: Report) => r.operations.flatMap((o) => o.failures.map((f) => `${o.operationId} ${f.check}`));

describe('against the mock', () => {
  it('the default run conforms and exits 0 (stateful mock)', async () => {
    const started = Date.now();
    const { code, report: r } = await report(['--base-url', mockBaseUrl(), '--seed', '20261123']);
    console.log(
      `[verify] default run against the mock: ${r.requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s including the plan`,
    );
    expect(failed(r)).toEqual([]);
    expect(code).toBe(0);
    expect(r.operations.map((o) => o.operationId)).toHaveLength(7);
    for (const op of r.operations) {
      expect(op.sent.valid, op.operationId).toBeGreaterThanOrEqual(20);
      expect(op.sent.negative, op.operationId).toBeGreaterThan(0);
      expect(op.sent.hostile, op.operationId).toBeGreaterThan(0);
      expect(op.latency, op.operationId).not.toBeNull();
    }
    const byId = Object.fromEntries(r.operations.map((o) => [o.operationId, o]));
    // Login Social and Create Or Verify User may be called without a credential.
    expect(byId.loginSocial!.sent['no credential']).toBe(0);
    expect(byId.createOrVerifyUser!.sent['no credential']).toBe(0);
    expect(byId.putSignalsConfiguration!.sent['no credential']).toBe(1);
    // The rules' probes went out, and every rule judged something.
    expect(byId.logTraces!.sent.rule).toBe(3);
    expect(byId.putSignalsConfiguration!.checked).toContain('signals_put_applies_defaults');
  });

  describe('stateless', () => {
    it('conforms too', async () => {
      const { code, report: r } = await report(['--base-url', statelessMockUrl(), '--seed', '7', '--requests', '10']);
      expect(failed(r)).toEqual([]);
      expect(code).toBe(0);
    });
  });
});

describe('against faults injected into the mock', () => {
  const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
  const faults: [string, string, Fault, string[], RegExp][] = [
    [
      'a required response field dropped',
      'putSignalsConfiguration',
      {
        response: (op, a) =>
          op === 'putSignalsConfiguration' && a.status === 200
            ? { ...a, body: JSON.stringify({ data: { ...(json(a.body).data as object), id: undefined } }) }
            : undefined,
      },
      ['putSignalsConfiguration response_schema_conformance'],
      /\/data\/id \(required\)/,
    ],
    [
      'a field of the wrong type (and it echoes the credential)',
      'logTraces',
      {
        response: (op, a) =>
          op === 'logTraces' && a.status === 200
            ? { ...a, body: JSON.stringify({ ...json(a.body), traces_count: API_KEY }) }
            : undefined,
      },
      ['logTraces response_schema_conformance'],
      /\/traces_count \(type\): must be integer, received "\[credential\]"/,
    ],
    [
      'a 500 for one bound',
      'putSignalsConfiguration',
      {
        response: (op, _answer, sent) =>
          op === 'putSignalsConfiguration' &&
          String((JSON.parse(sent || 'null') as { model?: string } | null)?.model ?? '').length > 255
            ? { status: 500, contentType: 'application/json', body: '{"detail":"Internal Server Error"}' }
            : undefined,
      },
      ['putSignalsConfiguration no_server_error'],
      /answered 500/,
    ],
    [
      'an out-of-bounds body accepted with 200',
      'putSignalsConfiguration',
      {
        request: (op, body) => {
          if (op !== 'putSignalsConfiguration' || !body.includes('interval_hours')) return undefined;
          const parsed = JSON.parse(body) as { schedule?: { interval_hours?: unknown } };
          const hours = parsed.schedule?.interval_hours;
          if (typeof hours !== 'number' || hours <= 168) return undefined;
          parsed.schedule!.interval_hours = 168;
          return JSON.stringify(parsed);
        },
      },
      ['putSignalsConfiguration rejects_invalid_request'],
      /accepts what the contract forbids: body schedule\.interval_hours maximum 168/,
    ],
    [
      'a 422 without detail',
      'updateAnnotationTemplate',
      { response: (_op, a) => (a.status === 422 ? { ...a, body: '{"message":"invalid request"}' } : undefined) },
      ['updateAnnotationTemplate validation_error_locates_violation'],
      /the 422 has no `detail`, so it locates no violation/,
    ],
    [
      'a 422 whose detail items have no loc',
      'updateAnnotationTemplate',
      {
        response: (_op, a) =>
          a.status === 422
            ? { ...a, body: JSON.stringify({ detail: [{ msg: 'invalid', type: 'value_error' }] }) }
            : undefined,
      },
      ['updateAnnotationTemplate validation_error_shape'],
      /the 422 body is not an HTTPValidationError: \/detail\/0\/loc \(required\)/,
    ],
    [
      'a text/html answer',
      'createOrVerifyUser',
      {
        response: (_op, a) =>
          a.status === 200
            ? { status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>OK</title>' }
            : undefined,
      },
      ['createOrVerifyUser response_is_json'],
      /the 200 answer is not a JSON body: content-type text\/html/,
    ],
    [
      'include_trace_ids ignored',
      'logTraces',
      {
        request: (op, body) => {
          // The server validates include_trace_ids, then ignores it.
          const parsed = JSON.parse(body) as Record<string, unknown>;
          if (op !== 'logTraces' || typeof parsed.include_trace_ids !== 'boolean') return undefined;
          delete parsed.include_trace_ids;
          return JSON.stringify(parsed);
        },
      },
      ['logTraces log_traces_trace_ids_only_when_asked'],
      /include_trace_ids was true, but trace_ids is absent/,
    ],
    [
      'a response that never ends',
      'loginSocial',
      { response: () => 'never end' },
      ['loginSocial answers_within_timeout'],
      /no complete answer within 1000 ms/,
    ],
  ];

  let server: FaultServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it.each(faults)('%s: detected, named, exit 1', async (_name, operationId, fault, expected, message) => {
    server = await startFaultServer(mockBaseUrl(), fault);
    try {
      const { code, report: r } = await report([
        '--base-url',
        server.baseUrl,
        '--operations',
        operationId,
        '--requests',
        '6',
        // 1 s where the fault is a hang; elsewhere room for a loaded machine, whose slowest answer
        // is not what the case checks.
        '--timeout',
        expected[0]!.endsWith('answers_within_timeout') ? '1000' : '10000',
        '--seed',
        '11',
      ]);
      expect([...new Set(failed(r))]).toEqual(expected);
      // The JSON report says what each check asserts.
      for (const name of expected) expect(r.checks[name.split(' ')[1]!]).toMatch(/\w/);
      const messages = r.operations.flatMap((o) => o.failures.map((f) => f.message));
      expect(
        messages.some((m) => message.test(m)),
        messages.join('\n'),
      ).toBe(true);
      expect(JSON.stringify(r)).not.toContain(API_KEY);
      expect(code).toBe(1);
      // A server that hangs does not hold the run: after 3 timeouts the operation's other requests are not sent.
      if (expected[0]!.endsWith('answers_within_timeout'))
        expect(r.operations[0]!.notSent['after 3 timeouts']).toBeGreaterThan(0);
    } finally {
      await server.close();
      server = undefined;
    }
  });

  it('the text report names each failure once, with how often it occurred, and --junit writes it for CI', async () => {
    server = await startFaultServer(mockBaseUrl(), faults[0]![2]);
    const junit = join(mkdtempSync(join(tmpdir(), 'verify-')), 'report.xml');
    try {
      const { code, stdout } = await run([
        '--base-url',
        server.baseUrl,
        '--operations',
        'putSignalsConfiguration',
        '--requests',
        '6',
        '--seed',
        '11',
        '--junit',
        junit,
      ]);
      expect(code).toBe(1);
      const lines = stdout.split('\n').filter((l) => l.includes('✗ response_schema_conformance'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/\(×\d+\): \/data\/id \(required\)/);
      expect(stdout).toMatch(/^FAIL putSignalsConfiguration/m);
      // the request shown is the whole URL it went to
      expect(stdout).toContain(`request: PUT ${server.baseUrl}/v2/projects/`);
      expect(stdout).toMatch(/DOES NOT CONFORM: 1 failure in 1 operation \(putSignalsConfiguration\)/);
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toMatch(/<testsuite name="putSignalsConfiguration PUT [^"]+" tests="\d+" failures="1"/);
      expect(xml).toMatch(
        /<testcase classname="putSignalsConfiguration" name="response_schema_conformance">\s*<failure message="\/data\/id \(required\)/,
      );
      expect(xml).toMatch(/<testcase classname="putSignalsConfiguration" name="signals_put_returns_saved_values"\/>/);
    } finally {
      await server.close();
      server = undefined;
    }
  });
});

describe('a server that is not this API', () => {
  it('the mock under a wrong base path: one line naming it and what the first round saw, exit 2', async () => {
    const base = `${mockBaseUrl()}/wrong`;
    const { code, stdout, stderr } = await run(['--base-url', base, '--seed', '3']);
    expect(stdout).toBe('');
    expect(stderr.split('\n').slice(1)).toEqual([
      `api-contract-verify: ${base} does not look like this API: 14 of 14 requests answered 404 with JSON; check --base-url (the operations live under /v2/…)`,
      '',
    ]);
    expect(code).toBe(2);
  });

  it('the API with every operation but one broken is reported as usual, exit 1', async () => {
    const server = await startFaultServer(mockBaseUrl(), {
      response: (op) =>
        op === 'loginSocial'
          ? undefined
          : { status: 501, contentType: 'text/html', body: '<!doctype html><title>Not Implemented</title>' },
    });
    try {
      const { code, report: r } = await report([
        '--base-url',
        server.baseUrl,
        '--operations',
        'loginSocial,logTraces,createOrVerifyUser',
        '--requests',
        '2',
        '--seed',
        '3',
      ]);
      expect([...new Set(failed(r))]).toEqual(['logTraces no_server_error', 'createOrVerifyUser no_server_error']);
      expect(code).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('a server stricter than the contract', () => {
  it('names where its 422 disagrees, one group per place', async () => {
    const server = await startFaultServer(mockBaseUrl(), {
      response: (op, answer, sent) => {
        const body = JSON.parse(sent) as { schedule?: { timezone?: unknown } };
        // What the mock accepts, except a time zone other than UTC.
        if (
          op !== 'putSignalsConfiguration' ||
          answer.status !== 200 ||
          body.schedule?.timezone === undefined ||
          body.schedule.timezone === 'UTC'
        )
          return undefined;
        const detail = [{ loc: ['body', 'schedule', 'timezone'], msg: 'Unknown time zone', type: 'value_error' }];
        return { ...answer, status: 422, body: JSON.stringify({ detail }) };
      },
    });
    try {
      const { code, report: r } = await report([
        '--base-url',
        server.baseUrl,
        '--operations',
        'putSignalsConfiguration',
        '--requests',
        '8',
        '--seed',
        '5',
      ]);
      expect(code).toBe(1);
      expect(failed(r)).toEqual(['putSignalsConfiguration accepts_valid_request']);
      expect(r.operations[0]!.failures[0]!.message).toMatch(
        /^answered 422 at body\.schedule\.timezone: Unknown time zone to a valid request/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('a server whose resources must exist', () => {
  const project = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
  // A well-formed project_id other than the one that exists gets a 404; a malformed one still the mock's 422.
  const onlyProject: Fault = {
    response: (_op, _answer, _sent, url) => {
      const id = /\/v2\/projects\/([^/]+)\//.exec(url)?.[1];
      const wellFormed = id !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
      return wellFormed && id.toLowerCase() !== project
        ? { status: 404, contentType: 'application/json', body: '{"detail":"Project not found"}' }
        : undefined;
    },
  };

  it('fails with generated ids, and conforms with --path-param naming an existing one', async () => {
    const server = await startFaultServer(mockBaseUrl(), onlyProject);
    try {
      const args = ['--base-url', server.baseUrl, '--operations', 'logTraces', '--requests', '6', '--seed', '5'];
      const generated = await report(args);
      expect(generated.code).toBe(1);
      expect(generated.report.operations[0]!.failures.map((f) => f.message)).toContainEqual(
        expect.stringMatching(/^answered 404 to a valid request/),
      );
      const fixed = await report([...args, '--path-param', `project_id=${project}`]);
      expect(failed(fixed.report)).toEqual([]);
      expect(fixed.code).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.each([
    [['--path-param', 'project_id'], /--path-param must be NAME=VALUE/],
    [
      ['--path-param', 'template_id=x', '--operations', 'logTraces'],
      /no operation to verify has a path parameter template_id/,
    ],
    [['--path-param', 'project_id=not-a-uuid'], /"not-a-uuid" is not a valid project_id/],
  ] as [string[], RegExp][])('a bad --path-param %j exits 2', async (args, message) => {
    const { code, stderr } = await run(['--base-url', 'http://127.0.0.1:1', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe('a server that refuses the credential', () => {
  it('says so, once per check, and hints at the environment', async () => {
    const server = await startFaultServer(mockBaseUrl(), {
      response: () => ({ status: 401, contentType: 'application/json', body: '{"detail":"Not authenticated"}' }),
    });
    try {
      const { code, report: r } = await report([
        '--base-url',
        server.baseUrl,
        '--operations',
        'createLuna3ScorerVersion',
        '--requests',
        '4',
        '--seed',
        '5',
      ]);
      expect(code).toBe(1);
      const failures = r.operations[0]!.failures;
      expect(failures.map((f) => f.check)).toEqual(['accepts_valid_request', 'invalid_request_gets_422']);
      expect(failures[0]!.message).toMatch(
        /answered 401 to a valid request .*is the credential in the environment one the server accepts\?/,
      );
      expect(failures[1]!.message).toMatch(/answered 401 instead of 422/);
    } finally {
      await server.close();
    }
  });
});

describe('usage and safety', () => {
  it('--dry-run prints the plan and the warning, and sends nothing', async () => {
    const server = await startFaultServer(mockBaseUrl(), {});
    try {
      const { code, stdout } = await run([
        '--base-url',
        server.baseUrl,
        '--dry-run',
        '--operations',
        'logTraces,createOrVerifyUser',
      ]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/Every operation of this API writes/);
      expect(stdout).toMatch(
        /logTraces\s+POST\s+\/v2\/projects\/\{project_id\}\/traces\n\s+\d+ requests: \d+ valid, \d+ negative, 1 no credential, \d+ hostile, 3 rule/,
      );
      expect(stdout).toMatch(/Dry run: nothing was sent/);
      expect(server.received()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a host that is not loopback without --yes, before sending anything', async () => {
    const { code, stderr } = await run(['--base-url', 'https://staging.example.invalid']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/staging\.example\.invalid is not a loopback host.*--yes/);
  });

  it('exits 2 when the server cannot be reached', async () => {
    const port = await freePort();
    const { code, stderr } = await run([
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--operations',
      'createOrVerifyUser',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it.each([
    [[], /--base-url is required/],
    [['--base-url', 'ftp://127.0.0.1'], /must be http or https/],
    [['--base-url', 'http://user:pw@127.0.0.1'], /must not carry credentials/],
    [['--base-url', 'http://127.0.0.1:1', '--requests', '0'], /--requests must be a positive integer/],
    [['--base-url', 'http://127.0.0.1:1', '--api-key', 'x'], /Unknown option '--api-key'/],
    [
      ['--base-url', 'http://127.0.0.1:1', '--operations', 'deleteEverything'],
      /unknown operation\(s\) deleteEverything; the operations are putSignalsConfiguration, /,
    ],
  ] as [string[], RegExp][])('bad usage %j exits 2', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('exits 2 naming the environment variables when an operation has no credential', async () => {
    const { code, stderr } = await run(
      ['--base-url', 'http://127.0.0.1:1', '--operations', 'logTraces,createOrVerifyUser'],
      {},
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/no credential for logTraces\. Set one of these environment variables:/);
    expect(stderr).toMatch(/API_CONTRACT_API_KEY/);
  });

  it('needs no credential for the operations that take none', async () => {
    const { code, report: r } = await (async () => {
      const { code, stdout } = await run(
        ['--base-url', mockBaseUrl(), '--operations', 'createOrVerifyUser,loginSocial', '--requests', '4', '--json'],
        {},
      );
      return { code, report: JSON.parse(stdout) as Report };
    })();
    expect(failed(r)).toEqual([]);
    expect(code).toBe(0);
  });

  it('draws a progress line on a terminal, and only there', async () => {
    let stderr = '';
    const args = ['--base-url', mockBaseUrl(), '--operations', 'loginSocial', '--requests', '2'];
    const code = await main(args, { env, stdout: () => undefined, stderr: (t) => (stderr += t), isTTY: true });
    expect(code).toBe(0);
    expect(stderr).toMatch(/\r\x1b\[K\d+\/\d+ requests/);
    expect((await run(args)).stderr).not.toContain('\r');
  });

  it('--help exits 0 and names every credential variable', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const name of [
      'API_CONTRACT_API_KEY',
      'API_CONTRACT_CLASSIC_API_KEY',
      'API_CONTRACT_ACCESS_TOKEN',
      'API_CONTRACT_BASIC_AUTH',
    ])
      expect(stdout).toContain(name);
  });
});
