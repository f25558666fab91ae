// The verifier's report: a readable summary per operation with each failure once, and JUnit XML
// for CI (one test suite per operation, one test case per check or rule that judged it).
import type { OperationPlan, Report } from './run.js';

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function sentLine(sent: Record<string, number>): string {
  return Object.entries(sent)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
}

/** The plan, for --dry-run and for the line printed before a run. */
export function formatPlan(plans: OperationPlan[], baseUrl: string): string {
  const lines = plans.map((plan) => {
    const counts: Record<string, number> = {};
    for (const task of plan.tasks) counts[task.kind] = (counts[task.kind] ?? 0) + 1;
    const op = plan.operation;
    return `  ${op.id.padEnd(26)} ${op.method.toUpperCase().padEnd(5)} ${op.path}\n  ${''.padEnd(26)} ${plural(plan.tasks.length, 'request')}: ${sentLine(counts)}`;
  });
  const total = plans.reduce((n, p) => n + p.tasks.length, 0);
  return [`Plan: ${plural(total, 'request')} to ${baseUrl}`, ...lines].join('\n');
}

/** The human-readable report. */
export function formatText(report: Report): string {
  const out: string[] = [
    `api-contract-verify ${report.baseUrl} (seed ${report.seed}): ${plural(report.requests, 'request')} in ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
  ];
  for (const op of report.operations) {
    const latency = op.latency
      ? `latency p50 ${op.latency.p50} ms, p99 ${op.latency.p99} ms`
      : 'no latency (no valid request answered)';
    out.push(`${op.failures.length === 0 ? 'ok  ' : 'FAIL'} ${op.operationId}  ${op.method} ${op.path}`);
    const notSent = Object.entries(op.notSent)
      .map(([reason, n]) => `; ${n} not sent ${reason}`)
      .join('');
    out.push(`     sent ${sentLine(op.sent) || 'nothing'}${notSent}; ${latency}`);
    for (const failure of op.failures) {
      out.push(
        `     ✗ ${failure.check}${failure.occurrences > 1 ? ` (×${failure.occurrences})` : ''}: ${failure.message}`,
      );
      out.push(`         example: ${failure.example.label}`);
      out.push(`         request: ${failure.example.request}`);
    }
  }
  const failing = report.operations.filter((o) => o.failures.length > 0);
  const groups = failing.reduce((n, o) => n + o.failures.length, 0);
  const checks = [...new Set(failing.flatMap((o) => o.failures.map((f) => f.check)))];
  out.push('');
  out.push(
    report.conforms
      ? `CONFORMS: ${plural(report.requests, 'request')} to ${plural(report.operations.length, 'operation')}, no failure.`
      : `DOES NOT CONFORM: ${plural(groups, 'failure')} in ${plural(failing.length, 'operation')} (${failing.map((o) => o.operationId).join(', ')}); checks: ${checks.join(', ')}.`,
  );
  out.push(`Replay: the same options with --seed ${report.seed}.`);
  return out.join('\n');
}

export const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** JUnit XML: a test suite per operation, a test case per check or rule; a failing case lists its failures once each. */
export function formatJunit(report: Report): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const suites = report.operations.map((op) => {
    const cases = op.checked.map((check) => {
      const failures = op.failures.filter((f) => f.check === check);
      const name = `<testcase classname="${escapeXml(op.operationId)}" name="${escapeXml(check)}"`;
      if (failures.length === 0) return `    ${name}/>`;
      const text = failures
        .map((f) => `${f.message} (×${f.occurrences})\nexample: ${f.example.label}\nrequest: ${f.example.request}`)
        .join('\n\n');
      return `    ${name}>\n      <failure message="${escapeXml(failures[0]!.message)}" type="${escapeXml(check)}">${escapeXml(text)}</failure>\n    </testcase>`;
    });
    const failed = op.checked.filter((check) => op.failures.some((f) => f.check === check)).length;
    return `  <testsuite name="${escapeXml(`${op.operationId} ${op.method} ${op.path}`)}" tests="${op.checked.length}" failures="${failed}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const tests = report.operations.reduce((n, o) => n + o.checked.length, 0);
  const failures = report.operations.reduce(
    (n, o) => n + o.checked.filter((c) => o.failures.some((f) => f.check === c)).length,
    0,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="api-contract-verify ${escapeXml(report.baseUrl)}" tests="${tests}" failures="${failures}" time="${seconds}">\n${suites.join('\n')}\n</testsuites>\n`;
}
