// The report as text, for a person: grouped by operation, one line per change with its two
// verdicts side by side (the wire's, then the source's: BREAKING or compatible), below it the
// Redocly rule and the file and line; then the TypeScript consumers that stop compiling, each with
// its fix; a summary at the end.

/** @typedef {import('./report.js').Report} Report */
/** @typedef {import('./report.js').ReportChange} ReportChange */

/**
 * @param {Report} report
 * @returns {string}
 */
export function formatText(report) {
  const out = [];
  out.push(`API diff: ${report.base.spec} → ${report.revision.spec}`);
  out.push(`info.version: ${report.base.version ?? '?'} → ${report.revision.version ?? '?'}`);
  out.push('');
  /** @param {boolean} breaking */
  const word = (breaking) => (breaking ? 'BREAKING  ' : 'compatible');
  /** @param {ReportChange} c */
  const mark = (c) => `wire ${word(c.breaking)}  source ${word(c.source.breaking)}`;
  const indent = ' '.repeat(2 + mark(/** @type {ReportChange} */ ({ source: {} })).length + 2);
  if (report.operations.length > 0 || report.document.length > 0)
    out.push('Each change: its wire verdict (requests, responses), its source verdict (TypeScript consumers).', '');
  for (const op of report.operations) {
    const status = op.status === 'changed' ? '' : ` (${op.status})`;
    out.push(`${op.operationId ?? '(no operationId)'}  ${op.method} ${op.path}${status}`);
    for (const change of op.changes) {
      out.push(`  ${mark(change)}  ${change.text}`);
      const source = [change.breaking ? change.redocly.rule : null, change.location].filter(Boolean).join(', ');
      if (source) out.push(`${indent}(${source})`);
    }
    out.push('');
  }
  if (report.document.length > 0) {
    out.push('Not tied to an operation');
    for (const change of report.document) {
      out.push(`  ${mark(change)}  ${change.text}`);
      if (change.location) out.push(`${indent}(${[change.redocly.rule, change.location].filter(Boolean).join(', ')})`);
    }
    out.push('');
  }
  if (report.source.findings.length > 0) {
    out.push('TypeScript consumers that stop compiling');
    for (const finding of report.source.findings) {
      const state = finding.exempt === null ? 'BREAKING  ' : 'exempt    ';
      out.push(`  ${state}  ${finding.consumer} [${finding.kind}]`);
      out.push(`              ${finding.error}`);
      out.push(
        finding.exempt === null
          ? `              fix: ${finding.fix}`
          : `              exempt by package.json apiDiff.exempt: ${finding.exempt}`,
      );
    }
    out.push('');
  }
  out.push(verdictLine(report));
  return `${out.join('\n')}\n`;
}

/** @param {number} n @param {string} one */
const count = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The verdict of a report in one line: the wire's and the source's.
 * @param {Report} report
 */
export function verdictLine(report) {
  const { breakingChanges, otherChanges, breakingOperations, sourceBreaks, exemptSourceBreaks } = report.summary;
  const exempt = exemptSourceBreaks > 0 ? ` (${exemptSourceBreaks} exempt)` : '';
  if (report.operations.length === 0 && report.document.length === 0 && report.source.findings.length === 0)
    return 'No changes.';
  const sides = `wire: ${count(breakingChanges, 'breaking change')}, ${otherChanges} compatible; source: ${count(sourceBreaks, 'consumer break')}${exempt}`;
  if (!report.breaking) return `No breaking changes (${sides}).`;
  const ops = breakingOperations.length ? ` in ${breakingOperations.join(', ')}` : '';
  return `BREAKING${ops}: ${sides}.`;
}
