// The report as text, for a person: grouped by operation, one line per change with BREAKING or
// compatible, below it the Redocly rule and the file and line; a summary at the end.

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
  /** @param {ReportChange} c */
  const mark = (c) => (c.breaking ? 'BREAKING  ' : 'compatible');
  for (const op of report.operations) {
    const status = op.status === 'changed' ? '' : ` (${op.status})`;
    out.push(`${op.operationId ?? '(no operationId)'}  ${op.method} ${op.path}${status}`);
    for (const change of op.changes) {
      out.push(`  ${mark(change)}  ${change.text}`);
      const source = [change.breaking ? change.redocly.rule : null, change.location].filter(Boolean).join(', ');
      if (source) out.push(`              (${source})`);
    }
    out.push('');
  }
  if (report.document.length > 0) {
    out.push('Not tied to an operation');
    for (const change of report.document) {
      out.push(`  ${mark(change)}  ${change.text}`);
      if (change.location)
        out.push(`              (${[change.redocly.rule, change.location].filter(Boolean).join(', ')})`);
    }
    out.push('');
  }
  const { breakingChanges, otherChanges, breakingOperations } = report.summary;
  if (report.operations.length === 0 && report.document.length === 0) out.push('No changes.');
  else if (report.breaking) {
    out.push(
      `BREAKING: ${breakingChanges} breaking change${breakingChanges === 1 ? '' : 's'} in ${breakingOperations.length} operation${breakingOperations.length === 1 ? '' : 's'}${breakingOperations.length ? ` (${breakingOperations.join(', ')})` : ''}; ${otherChanges} compatible.`,
    );
  } else out.push(`No breaking changes (${otherChanges} compatible change${otherChanges === 1 ? '' : 's'}).`);
  return `${out.join('\n')}\n`;
}
