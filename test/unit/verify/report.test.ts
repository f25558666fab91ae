// The verifier's report (src/verify/report.ts) called in-process: the exact text a user reads, the
// plan printed by --dry-run, and the JUnit XML a CI publishes (escaped, one case per check).
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/verify/operations.js';
import { formatJunit, formatPlan, formatText } from '../../../src/verify/report.js';
import type { OperationPlan, OperationReport, Report } from '../../../src/verify/run.js';

const counts = (over: Partial<OperationReport['sent']> = {}): OperationReport['sent'] => ({
  valid: 0,
  negative: 0,
  'no credential': 0,
  hostile: 0,
  rule: 0,
  ...over,
});
const operation = (over: Partial<OperationReport> = {}): OperationReport => ({
  operationId: 'logTraces',
  method: 'POST',
  path: '/v2/projects/{project_id}/traces',
  sent: counts({ valid: 42, negative: 54, 'no credential': 1, hostile: 25, rule: 3 }),
  notSent: {},
  latency: { p50: 85.4, p99: 251.1, max: 300 },
  checked: ['no_server_error', 'log_traces_trace_ids_only_when_asked'],
  failures: [],
  ...over,
});
const report = (ops: OperationReport[], over: Partial<Report> = {}): Report => ({
  baseUrl: 'http://127.0.0.1:8000',
  seed: 42,
  startedAt: '2026-11-23T08:00:00.000Z',
  durationMs: 7_460,
  requests: 1234,
  conforms: ops.every((o) => o.failures.length === 0),
  operations: ops,
  checks: {},
  ...over,
});
const failure = (
  check: string,
  message: string,
  occurrences = 1,
  label = 'generated request 5 (variant 5 of 70)',
  request = 'POST /v2/projects/p/traces {}',
) => ({ check, message, occurrences, example: { label, request } });

describe('formatText', () => {
  it('a conforming run: one line per operation, its counts and latency, the verdict and how to replay', () => {
    const text = formatText(
      report([
        operation(),
        operation({
          operationId: 'createOrVerifyUser',
          path: '/v2/system_users',
          sent: counts({ valid: 1 }),
          latency: null,
          notSent: { 'after 3 timeouts': 4, 'refused by the client (InvalidPathParameterError)': 1 },
        }),
      ]),
    );
    expect(text).toBe(
      [
        'api-contract-verify http://127.0.0.1:8000 (seed 42): 1,234 requests in 7.5 s',
        '',
        'ok   logTraces  POST /v2/projects/{project_id}/traces',
        '     sent 42 valid, 54 negative, 1 no credential, 25 hostile, 3 rule; latency p50 85.4 ms, p99 251.1 ms',
        'ok   createOrVerifyUser  POST /v2/system_users',
        '     sent 1 valid; 4 not sent after 3 timeouts; 1 not sent refused by the client (InvalidPathParameterError); no latency (no valid request answered)',
        '',
        'CONFORMS: 1,234 requests to 2 operations, no failure.',
        'Replay: the same options with --seed 42.',
      ].join('\n'),
    );
  });

  it('a failing run: each fault once with its count, example and request; the verdict names the operations and checks', () => {
    const text = formatText(
      report(
        [
          operation({
            failures: [
              failure(
                'log_traces_trace_ids_only_when_asked',
                'include_trace_ids was true, but trace_ids is absent',
                10,
              ),
              failure('no_server_error', 'answered 500'),
            ],
          }),
          operation({
            operationId: 'loginSocial',
            path: '/v2/login/social',
            sent: counts(),
            failures: [
              failure(
                'no_server_error',
                'answered 502',
                2,
                'empty body',
                'POST /v2/login/social [content-type: application/json] ""',
              ),
            ],
          }),
          operation({ operationId: 'createOrVerifyUser' }),
        ],
        { requests: 1, durationMs: 49 },
      ),
    );
    expect(text).toBe(
      [
        'api-contract-verify http://127.0.0.1:8000 (seed 42): 1 request in 0.0 s',
        '',
        'FAIL logTraces  POST /v2/projects/{project_id}/traces',
        '     sent 42 valid, 54 negative, 1 no credential, 25 hostile, 3 rule; latency p50 85.4 ms, p99 251.1 ms',
        '     ✗ log_traces_trace_ids_only_when_asked (×10): include_trace_ids was true, but trace_ids is absent',
        '         example: generated request 5 (variant 5 of 70)',
        '         request: POST /v2/projects/p/traces {}',
        '     ✗ no_server_error: answered 500',
        '         example: generated request 5 (variant 5 of 70)',
        '         request: POST /v2/projects/p/traces {}',
        'FAIL loginSocial  POST /v2/login/social',
        '     sent nothing; latency p50 85.4 ms, p99 251.1 ms',
        '     ✗ no_server_error (×2): answered 502',
        '         example: empty body',
        '         request: POST /v2/login/social [content-type: application/json] ""',
        'ok   createOrVerifyUser  POST /v2/projects/{project_id}/traces',
        '     sent 42 valid, 54 negative, 1 no credential, 25 hostile, 3 rule; latency p50 85.4 ms, p99 251.1 ms',
        '',
        'DOES NOT CONFORM: 3 failures in 2 operations (logTraces, loginSocial); checks: log_traces_trace_ids_only_when_asked, no_server_error.',
        'Replay: the same options with --seed 42.',
      ].join('\n'),
    );
  });

  it('one failure in one operation, in the singular', () => {
    const text = formatText(
      report([operation({ failures: [failure('no_server_error', 'answered 500')] })], { requests: 1 }),
    );
    expect(text.split('\n').at(-2)).toBe(
      'DOES NOT CONFORM: 1 failure in 1 operation (logTraces); checks: no_server_error.',
    );
    expect(
      formatText(report([operation()], { requests: 1 }))
        .split('\n')
        .at(-2),
    ).toBe('CONFORMS: 1 request to 1 operation, no failure.');
  });
});

describe('formatPlan', () => {
  it('per operation: its method and path, and how many requests of each kind', () => {
    const social = operations.find((o) => o.id === 'loginSocial')!;
    const user = operations.find((o) => o.id === 'createOrVerifyUser')!;
    const task = (kind: OperationPlan['tasks'][number]['kind']) => ({ kind, label: 'x' });
    const plans: OperationPlan[] = [
      { operation: social, tasks: [task('valid'), task('valid'), task('negative'), task('hostile')] },
      { operation: user, tasks: [task('rule')] },
    ];
    expect(formatPlan(plans, 'http://127.0.0.1:8000')).toBe(
      [
        'Plan: 5 requests to http://127.0.0.1:8000',
        '  loginSocial                POST  /v2/login/social',
        '                             4 requests: 2 valid, 1 negative, 1 hostile',
        '  createOrVerifyUser         POST  /v2/system_users',
        '                             1 request: 1 rule',
      ].join('\n'),
    );
  });
});

describe('formatJunit', () => {
  it('a suite per operation, a case per check; a failing case lists its faults, all escaped for XML', () => {
    const xml = formatJunit(
      report(
        [
          operation({
            operationId: 'log<Traces>',
            checked: ['no_server_error', 'response_schema_conformance', 'answers_over_http'],
            failures: [
              failure(
                'response_schema_conformance',
                '/data/id (required): missing & "gone"',
                76,
                'signals <defaults>',
                'PUT /x {"a":"\u0001\uFFFE"}',
              ),
              failure('response_schema_conformance', 'second', 1),
              failure('no_server_error', 'answered 500', 2),
            ],
          }),
          operation({ operationId: 'loginSocial', path: '/v2/login/social', checked: ['no_server_error'] }),
        ],
        { durationMs: 1234, baseUrl: 'http://h/?a=1&b=2' },
      ),
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="api-contract-verify http://h/?a=1&amp;b=2" tests="4" failures="2" time="1.234">',
        '  <testsuite name="log&lt;Traces&gt; POST /v2/projects/{project_id}/traces" tests="3" failures="2" errors="0">',
        '    <testcase classname="log&lt;Traces&gt;" name="no_server_error">',
        '      <failure message="answered 500" type="no_server_error">answered 500 (×2)\nexample: generated request 5 (variant 5 of 70)\nrequest: POST /v2/projects/p/traces {}</failure>',
        '    </testcase>',
        '    <testcase classname="log&lt;Traces&gt;" name="response_schema_conformance">',
        '      <failure message="/data/id (required): missing &amp; &quot;gone&quot;" type="response_schema_conformance">/data/id (required): missing &amp; &quot;gone&quot; (×76)\nexample: signals &lt;defaults&gt;\nrequest: PUT /x {&quot;a&quot;:&quot;\uFFFD\uFFFD&quot;}\n\nsecond (×1)\nexample: generated request 5 (variant 5 of 70)\nrequest: POST /v2/projects/p/traces {}</failure>',
        '    </testcase>',
        '    <testcase classname="log&lt;Traces&gt;" name="answers_over_http"/>',
        '  </testsuite>',
        '  <testsuite name="loginSocial POST /v2/login/social" tests="1" failures="0" errors="0">',
        '    <testcase classname="loginSocial" name="no_server_error"/>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('replaces every character XML 1.0 cannot carry, and keeps tab, newline and carriage return', () => {
    const xml = formatJunit(
      report([
        operation({
          checked: ['c'],
          failures: [failure('c', 'a\u0000\u0008\u000B\u000C\u000E\u001F\uFFFF\t\n\r\u0009b')],
        }),
      ]),
    );
    expect(xml).toContain('message="a\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\t\n\r\tb"');
  });
});
