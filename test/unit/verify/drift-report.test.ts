// The drift report (src/verify/drift-report.ts) of reports built here: the table per operation, each
// divergence once with both values, its request and curl line, the allowed ones apart, the verdict
// line; and JUnit XML, a suite per operation and a failing case per divergence the allow list does
// not cover, every name escaped.
import { describe, expect, it } from 'vitest';
import type { Divergence, DriftReport } from '../../../src/verify/drift.js';
import { formatDriftJunit, formatDriftText } from '../../../src/verify/drift-report.js';

const divergence = (over: Partial<Divergence> = {}): Divergence => ({
  operation: 'updateAnnotationTemplate',
  what: '422 item string_too_long at body.name',
  differences: [{ field: 'ctx', provider: { max_length: 100 }, mock: { max_length: 255 } }],
  occurrences: 2,
  request: 'updateAnnotationTemplate constraint: name longer than 255',
  curl: "curl -X PATCH 'http://127.0.0.1:1/v2/x'",
  ...over,
});
/** The text lines of `divergence()`, as the report prints an open one. */
const DIVERGENCE_LINES = [
  '  ✗ updateAnnotationTemplate  422 item string_too_long at body.name (×2)',
  '      ctx: provider {"max_length":100}',
  '           mock     {"max_length":255}',
  '      request: updateAnnotationTemplate constraint: name longer than 255',
  "      curl -X PATCH 'http://127.0.0.1:1/v2/x'",
];
const report = (divergences: Divergence[], over: Partial<DriftReport> = {}): DriftReport => ({
  source: 'http://127.0.0.1:1',
  withWrites: false,
  startedAt: '2026-11-27T00:00:00.000Z',
  durationMs: 1234,
  requests: 1500,
  operations: [
    {
      operationId: 'updateAnnotationTemplate',
      method: 'patch',
      path: '/v2/projects/{project_id}/templates/{template_id}',
      requests: 1000,
      agreed: 998,
      divergences: divergences.filter((d) => d.allowed === undefined).length,
      allowed: divergences.filter((d) => d.allowed !== undefined).length,
    },
    {
      operationId: 'loginSocial',
      method: 'post',
      path: '/v2/login/social',
      requests: 500,
      agreed: 500,
      divergences: 0,
      allowed: 0,
    },
  ],
  divergences,
  agrees: divergences.every((d) => d.allowed !== undefined),
  ...over,
});

describe('formatDriftText', () => {
  it('the heading, the table, each divergence with both values, its request and curl line, and DRIFT', () => {
    const text = formatDriftText(report([divergence()]));
    const lines = text.split('\n');
    expect(lines[0]).toBe('api-contract-verify --drift http://127.0.0.1:1: 1,500 requests (invalid requests) in 1.2 s');
    expect(lines[2]).toBe('  operation                  requests  agree divergences allowed');
    expect(lines[3]).toBe('  updateAnnotationTemplate       1000    998           1       0');
    expect(lines[4]).toBe('  loginSocial                     500    500           0       0');
    expect(text).toContain(
      ['Divergences (the provider answers otherwise than the mock):', ...DIVERGENCE_LINES].join('\n'),
    );
    expect(text).not.toContain('Allowed by the allow list');
    expect(lines.at(-1)).toBe('DRIFT: 1 divergence in 1 operation (updateAnnotationTemplate).');
  });

  it('with writes, the mode says so; allowed divergences apart, with their reason; NO DRIFT but for them', () => {
    const allowed = divergence({ allowed: 'FastAPI says it otherwise', occurrences: 1 });
    const text = formatDriftText(report([allowed], { withWrites: true }));
    expect(text).toContain('(invalid and valid requests, and the rules across requests)');
    expect(text).not.toContain('Divergences (the provider');
    expect(text).toContain(
      'Allowed by the allow list:\n  ~ updateAnnotationTemplate  422 item string_too_long at body.name\n',
    );
    expect(text).toContain('      allowed: FastAPI says it otherwise');
    expect(text.split('\n').at(-1)).toBe(
      'NO DRIFT: the mock answers as the provider does, but for 1 allowed divergence.',
    );
    expect(formatDriftText(report([])).split('\n').at(-1)).toBe('NO DRIFT: the mock answers as the provider does.');
  });

  it('a value is one line, cut at 300 characters; a missing one is "absent"', () => {
    const long = 'x'.repeat(400);
    const text = formatDriftText(
      report([divergence({ differences: [{ field: 'msg', provider: long, mock: undefined }] })]),
    );
    expect(text).toContain(`      msg: provider "${'x'.repeat(299)}… (402 characters)`);
    expect(text).toContain('      mock     absent');
  });
});

describe('formatDriftJunit', () => {
  it('a suite per operation; a failing case per open divergence, a passing one per allowed one or for none', () => {
    const open = divergence({ what: 'status <422> & "400"' });
    const allowed = divergence({ what: 'msg of missing', allowed: 'reworded' });
    const xml = formatDriftJunit(report([open, allowed]));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain(
      '<testsuites name="api-contract-verify --drift http://127.0.0.1:1" tests="3" failures="1" time="1.234">',
    );
    expect(xml).toContain(
      '<testsuite name="updateAnnotationTemplate patch /v2/projects/{project_id}/templates/{template_id}" tests="2" failures="1" errors="0">',
    );
    expect(xml).toContain(
      '<testcase classname="updateAnnotationTemplate" name="status &lt;422&gt; &amp; &quot;400&quot;">\n      <failure message="status &lt;422&gt; &amp; &quot;400&quot;" type="drift">',
    );
    expect(xml).toContain('<testcase classname="updateAnnotationTemplate" name="msg of missing"/>');
    expect(xml).toContain('<testsuite name="loginSocial post /v2/login/social" tests="1" failures="0" errors="0">');
    expect(xml).toContain('<testcase classname="loginSocial" name="answers as the mock does"/>');
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });
});

describe('a report with open divergences in two operations and an allowed one, whole', () => {
  const login = (over: Partial<Divergence>) =>
    divergence({
      operation: 'loginSocial',
      what: 'status',
      differences: [{ field: 'status', provider: 400, mock: 422 }],
      occurrences: 1,
      request: 'loginSocial invalid JSON',
      curl: 'curl -X POST x',
      ...over,
    });
  const divergences = [divergence(), login({}), login({ what: 'msg', allowed: 'reworded' })];
  const whole = report(divergences, {
    operations: [
      { ...report([]).operations[0]!, divergences: 1, allowed: 0 },
      { ...report([]).operations[1]!, agreed: 498, divergences: 1, allowed: 1 },
    ],
  });

  it('the text: blank lines between the parts, each part in order, the operations of the DRIFT line', () => {
    expect(formatDriftText(whole).split('\n')).toEqual([
      'api-contract-verify --drift http://127.0.0.1:1: 1,500 requests (invalid requests) in 1.2 s',
      '',
      '  operation                  requests  agree divergences allowed',
      '  updateAnnotationTemplate       1000    998           1       0',
      '  loginSocial                     500    498           1       1',
      '',
      'Divergences (the provider answers otherwise than the mock):',
      ...DIVERGENCE_LINES,
      '  ✗ loginSocial  status',
      '      status: provider 400',
      '              mock     422',
      '      request: loginSocial invalid JSON',
      '      curl -X POST x',
      '',
      'Allowed by the allow list:',
      '  ~ loginSocial  msg',
      '      status: provider 400',
      '              mock     422',
      '      allowed: reworded',
      '      request: loginSocial invalid JSON',
      '      curl -X POST x',
      '',
      'DRIFT: 2 divergences in 2 operations (updateAnnotationTemplate, loginSocial).',
    ]);
  });

  it('the JUnit file: failures counted per suite and in all, each failure with its lines', () => {
    const twice = { ...whole, divergences: [...divergences, login({ what: 'ctx' })] };
    expect(formatDriftJunit(twice)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="api-contract-verify --drift http://127.0.0.1:1" tests="4" failures="3" time="1.234">',
        '  <testsuite name="updateAnnotationTemplate patch /v2/projects/{project_id}/templates/{template_id}" tests="1" failures="1" errors="0">',
        '    <testcase classname="updateAnnotationTemplate" name="422 item string_too_long at body.name">',
        '      <failure message="422 item string_too_long at body.name" type="drift">  ✗ updateAnnotationTemplate  422 item string_too_long at body.name (×2)',
        '      ctx: provider {&quot;max_length&quot;:100}',
        '           mock     {&quot;max_length&quot;:255}',
        '      request: updateAnnotationTemplate constraint: name longer than 255',
        "      curl -X PATCH 'http://127.0.0.1:1/v2/x'</failure>",
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="loginSocial post /v2/login/social" tests="3" failures="2" errors="0">',
        '    <testcase classname="loginSocial" name="status">',
        '      <failure message="status" type="drift">  ✗ loginSocial  status',
        '      status: provider 400',
        '              mock     422',
        '      request: loginSocial invalid JSON',
        '      curl -X POST x</failure>',
        '    </testcase>',
        '    <testcase classname="loginSocial" name="msg"/>',
        '    <testcase classname="loginSocial" name="ctx">',
        '      <failure message="ctx" type="drift">  ✗ loginSocial  ctx',
        '      status: provider 400',
        '              mock     422',
        '      request: loginSocial invalid JSON',
        '      curl -X POST x</failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('a value of exactly 300 characters is shown whole', () => {
    const exact = 'y'.repeat(298);
    const text = formatDriftText(report([divergence({ differences: [{ field: 'msg', provider: exact, mock: 1 }] })]));
    expect(text).toContain(`      msg: provider "${exact}"\n`);
  });
});
