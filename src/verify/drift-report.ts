// The drift report: a table per operation, then each divergence once (what differs, both values
// apart, how often, the request and its curl line), and JUnit XML for CI (a test suite per
// operation, a test case per divergence, failing unless the allow list covers it).
import type { DriftReport, Divergence } from './drift.js';
import { escapeXml } from './report.js';

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** A value as one line, cut at 300 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'absent';
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

function divergenceLines(d: Divergence): string[] {
  return [
    `  ${d.allowed === undefined ? '✗' : '~'} ${d.operation}  ${d.what}${d.occurrences > 1 ? ` (×${d.occurrences})` : ''}`,
    ...d.differences.flatMap((f) => [
      `      ${f.field}: provider ${shown(f.provider)}`,
      `      ${''.padEnd(f.field.length)}  mock     ${shown(f.mock)}`,
    ]),
    ...(d.allowed === undefined ? [] : [`      allowed: ${d.allowed}`]),
    `      request: ${d.request}`,
    `      ${d.curl}`,
  ];
}

/** The human-readable report. */
export function formatDriftText(report: DriftReport): string {
  const mode = report.withWrites ? 'invalid and valid requests, and the rules across requests' : 'invalid requests';
  const out = [
    `api-contract-verify --drift ${report.source}: ${plural(report.requests, 'request')} (${mode}) in ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `  ${'operation'.padEnd(26)} ${'requests'.padStart(8)} ${'agree'.padStart(6)} ${'divergences'.padStart(11)} ${'allowed'.padStart(7)}`,
    ...report.operations.map(
      (o) =>
        `  ${o.operationId.padEnd(26)} ${String(o.requests).padStart(8)} ${String(o.agreed).padStart(6)} ${String(o.divergences).padStart(11)} ${String(o.allowed).padStart(7)}`,
    ),
  ];
  const open = report.divergences.filter((d) => d.allowed === undefined);
  const allowed = report.divergences.filter((d) => d.allowed !== undefined);
  if (open.length > 0)
    out.push('', 'Divergences (the provider answers otherwise than the mock):', ...open.flatMap(divergenceLines));
  if (allowed.length > 0) out.push('', 'Allowed by the allow list:', ...allowed.flatMap(divergenceLines));
  out.push(
    '',
    report.agrees
      ? `NO DRIFT: the mock answers as the provider does${allowed.length > 0 ? `, but for ${plural(allowed.length, 'allowed divergence')}` : ''}.`
      : `DRIFT: ${plural(open.length, 'divergence')} in ${plural(new Set(open.map((d) => d.operation)).size, 'operation')} (${[...new Set(open.map((d) => d.operation))].join(', ')}).`,
  );
  return out.join('\n');
}

/** JUnit XML: a suite per operation, a case per divergence (an operation without any: one passing case). */
export function formatDriftJunit(report: DriftReport): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  let tests = 0;
  let failures = 0;
  const suites = report.operations.map((op) => {
    const mine = report.divergences.filter((d) => d.operation === op.operationId);
    const cases =
      mine.length === 0
        ? [`    <testcase classname="${escapeXml(op.operationId)}" name="answers as the mock does"/>`]
        : mine.map((d) => {
            const name = `<testcase classname="${escapeXml(op.operationId)}" name="${escapeXml(d.what)}"`;
            if (d.allowed !== undefined) return `    ${name}/>`;
            const text = divergenceLines(d).join('\n');
            return `    ${name}>\n      <failure message="${escapeXml(d.what)}" type="drift">${escapeXml(text)}</failure>\n    </testcase>`;
          });
    const failed = mine.filter((d) => d.allowed === undefined).length;
    tests += cases.length;
    failures += failed;
    return `  <testsuite name="${escapeXml(`${op.operationId} ${op.method} ${op.path}`)}" tests="${cases.length}" failures="${failed}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="api-contract-verify --drift ${escapeXml(report.source)}" tests="${tests}" failures="${failures}" time="${seconds}">\n${suites.join('\n')}\n</testsuites>\n`;
}
