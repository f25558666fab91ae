// The coverage records of many mocks made one report (the `api-contract-coverage` bin,
// ../coverage-cli.ts): each record read back and checked (a file is input: it may be cut short,
// edited or of another spec), the records merged (counts summed, "at least once" joined), the
// thresholds checked, and the report printed as a table for a terminal or as Markdown.
//   in:  parsed records (./coverage.ts: a CoverageReport each), thresholds
//   out: one CoverageReport, its text, what was never exercised
import { isObject } from '../../shared/json.js';
import {
  COVERAGE_FORMAT,
  MAX_REFUSED_LISTED,
  summarize,
  type CoverageReport,
  type CoverageSummary,
  type CoveredOperation,
  type CoveredStatus,
  type Level,
} from './coverage.js';

/** A record that is not a coverage record, or records that cannot be merged; `where` names the file or the field. */
export class CoverageRecordError extends Error {
  override readonly name = 'CoverageRecordError';
}

const FAULTS = ['reset', 'hang', 'delay', 'aborted'] as const;

/** `value` as a CoverageReport, or a CoverageRecordError naming the first field that is not what a record has. */
export function readRecord(value: unknown): CoverageReport {
  const fail = (where: string, what: string): never => {
    throw new CoverageRecordError(`${where}: ${what}`);
  };
  const object = (v: unknown, where: string): Record<string, unknown> =>
    isObject(v) ? v : fail(where, 'must be an object');
  const list = (v: unknown, where: string): unknown[] => (Array.isArray(v) ? v : fail(where, 'must be a list'));
  const count = (v: unknown, where: string): number =>
    Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : fail(where, 'must be a whole number');
  const text = (v: unknown, where: string): string => (typeof v === 'string' ? v : fail(where, 'must be a string'));
  const flag = (v: unknown, where: string): boolean =>
    typeof v === 'boolean' ? v : fail(where, 'must be true or false');
  const status = (v: unknown, where: string): number =>
    Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599
      ? (v as number)
      : fail(where, 'must be an HTTP status');

  const record = object(value, 'the record');
  if (record.format !== COVERAGE_FORMAT)
    fail(
      'format',
      `must be "${COVERAGE_FORMAT}" (a record a mock wrote with coverage: DIR), got ${JSON.stringify(record.format)}`,
    );
  const spec = object(record.spec, 'spec');
  const operations = list(record.operations, 'operations').map((given, i): CoveredOperation => {
    const at = `operations[${i}]`;
    const operation = object(given, at);
    const faults = object(operation.faults, `${at}.faults`);
    return {
      operationId: text(operation.operationId, `${at}.operationId`),
      method: text(operation.method, `${at}.method`),
      path: text(operation.path, `${at}.path`),
      requests: count(operation.requests, `${at}.requests`),
      statuses: list(operation.statuses, `${at}.statuses`).map((one, j): CoveredStatus => {
        const where = `${at}.statuses[${j}]`;
        const entry = object(one, where);
        const documented =
          entry.documented === 'responses' || entry.documented === 'security' || entry.documented === false
            ? entry.documented
            : fail(`${where}.documented`, 'must be "responses", "security" or false');
        return {
          status: status(entry.status, `${where}.status`),
          documented,
          answered: count(entry.answered, `${where}.answered`),
          rehearsed: count(entry.rehearsed, `${where}.rehearsed`),
          properties: list(entry.properties, `${where}.properties`).map((p, k) => {
            const property = object(p, `${where}.properties[${k}]`);
            return {
              path: text(property.path, `${where}.properties[${k}].path`),
              required: flag(property.required, `${where}.properties[${k}].required`),
              received: flag(property.received, `${where}.properties[${k}].received`),
            };
          }),
        };
      }),
      faults: {
        reset: count(faults.reset, `${at}.faults.reset`),
        hang: count(faults.hang, `${at}.faults.hang`),
        delay: count(faults.delay, `${at}.faults.delay`),
        aborted: count(faults.aborted, `${at}.faults.aborted`),
      },
      parameters: list(operation.parameters, `${at}.parameters`).map((p, k) => {
        const where = `${at}.parameters[${k}]`;
        const parameter = object(p, where);
        const place = ['path', 'query', 'header', 'cookie', 'body'].includes(parameter.in as string)
          ? (parameter.in as CoveredOperation['parameters'][number]['in'])
          : fail(`${where}.in`, 'must be path, query, header, cookie or body');
        return {
          in: place,
          name: text(parameter.name, `${where}.name`),
          required: flag(parameter.required, `${where}.required`),
          sent: flag(parameter.sent, `${where}.sent`),
        };
      }),
    };
  });
  const refused = object(record.refused, 'refused');
  return {
    format: COVERAGE_FORMAT,
    spec: { title: text(spec.title, 'spec.title'), version: text(spec.version, 'spec.version') },
    session: text(record.session, 'session'),
    records: count(record.records, 'records'),
    summary: summarize(operations),
    operations,
    refused: {
      total: count(refused.total, 'refused.total'),
      statuses: list(refused.statuses, 'refused.statuses').map((s, i) => {
        const entry = object(s, `refused.statuses[${i}]`);
        return {
          status: status(entry.status, `refused.statuses[${i}].status`),
          count: count(entry.count, `refused.statuses[${i}].count`),
        };
      }),
      requests: list(refused.requests, 'refused.requests').map((r, i) => {
        const where = `refused.requests[${i}]`;
        const entry = object(r, where);
        return {
          method: text(entry.method, `${where}.method`),
          path: text(entry.path, `${where}.path`),
          status: status(entry.status, `${where}.status`),
          count: count(entry.count, `${where}.count`),
        };
      }),
      unlisted: count(refused.unlisted, 'refused.unlisted'),
    },
  };
}

/** What a record documents: two records merge only when this is the same (the same spec). */
function documentedOf(report: CoverageReport): string {
  return JSON.stringify([
    report.spec,
    report.operations.map((operation) => [
      operation.operationId,
      operation.method,
      operation.path,
      operation.statuses
        .filter((s) => s.documented !== false)
        .map((s) => [s.status, s.documented, s.properties.map((p) => p.path)]),
      operation.parameters.map((p) => [p.in, p.name]),
    ]),
  ]);
}

/** One report of many records of the same spec (a CoverageRecordError when their specs differ). */
export function mergeReports(reports: CoverageReport[]): CoverageReport {
  const [first, ...rest] = reports;
  if (first === undefined) throw new CoverageRecordError('no record to merge');
  const documented = documentedOf(first);
  const operations = structuredClone(first.operations);
  const refused = structuredClone(first.refused);
  let records = first.records;
  for (const [i, report] of rest.entries()) {
    if (documentedOf(report) !== documented)
      throw new CoverageRecordError(
        `record ${i + 2} is of another spec than record 1 (${report.spec.title} ${report.spec.version} against ${first.spec.title} ${first.spec.version}, or other operations, statuses or fields): merge the records of one spec`,
      );
    records += report.records;
    report.operations.forEach((operation, j) => {
      const into = operations[j] as CoveredOperation;
      into.requests += operation.requests;
      for (const fault of FAULTS) into.faults[fault] += operation.faults[fault];
      operation.parameters.forEach((parameter, k) => {
        if (parameter.sent) (into.parameters[k] as { sent: boolean }).sent = true;
      });
      for (const status of operation.statuses) {
        const known = into.statuses.find((s) => s.status === status.status);
        if (known === undefined) {
          into.statuses.push(structuredClone(status));
          continue;
        }
        known.answered += status.answered;
        known.rehearsed += status.rehearsed;
        status.properties.forEach((property, k) => {
          if (property.received) (known.properties[k] as { received: boolean }).received = true;
        });
      }
      into.statuses.sort((a, b) => order(a) - order(b));
    });
    refused.total += report.refused.total;
    refused.unlisted += report.refused.unlisted;
    for (const { status, count } of report.refused.statuses) {
      const known = refused.statuses.find((s) => s.status === status);
      if (known) known.count += count;
      else refused.statuses.push({ status, count });
    }
    refused.statuses.sort((a, b) => a.status - b.status);
    for (const request of report.refused.requests) {
      const known = refused.requests.find(
        (r) => r.method === request.method && r.path === request.path && r.status === request.status,
      );
      if (known) known.count += request.count;
      else if (refused.requests.length < MAX_REFUSED_LISTED) refused.requests.push({ ...request });
      else refused.unlisted += request.count;
    }
  }
  const sessions = new Set(reports.map((report) => report.session));
  return {
    format: COVERAGE_FORMAT,
    spec: first.spec,
    session: sessions.size === 1 ? first.session : 'all',
    records,
    summary: summarize(operations),
    operations,
    refused,
  };
}

/** Documented statuses first, in the spec's order (their place is kept by the merge), then the others by number. */
function order(status: CoveredStatus): number {
  return status.documented === false ? 1000 + status.status : 0;
}

// ---------------------------------------------------------------------------------------------
// Thresholds.

/** `--require 'logTraces:503,429'`: an operation, and what it must have answered or rehearsed (none: only that it was called). */
export interface Requirement {
  operationId: string;
  /** statuses, and `reset`, `hang`, `delay` */
  items: (number | 'reset' | 'hang' | 'delay')[];
}

export interface Thresholds {
  /** the share of documented statuses answered, in percent */
  minStatuses?: number | undefined;
  /** the share of operations called, in percent */
  minOperations?: number | undefined;
  require?: Requirement[] | undefined;
}

/** A `--require` value read: `operationId[:item,item...]`, each item a status or reset, hang, delay. */
export function parseRequirement(text: string): Requirement {
  const match = /^([A-Za-z0-9_.-]+)(?::(.+))?$/.exec(text.trim());
  if (!match)
    throw new CoverageRecordError(
      `--require must be OPERATION or OPERATION:ITEM,ITEM (e.g. logTraces:503,429,reset), got "${text}"`,
    );
  const items = (match[2] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      if (item === 'reset' || item === 'hang' || item === 'delay') return item;
      if (/^[1-5]\d\d$/.test(item)) return Number(item);
      throw new CoverageRecordError(
        `--require ${text}: "${item}" is neither an HTTP status (100 to 599) nor reset, hang or delay`,
      );
    });
  return { operationId: match[1] as string, items };
}

export function percent(level: Level): number {
  return level.total === 0 ? 100 : (100 * level.covered) / level.total;
}

/** What the thresholds find missing (nothing: they pass); a CoverageRecordError for a requirement of an operation the spec does not have. */
export function unmet(report: CoverageReport, thresholds: Thresholds): string[] {
  const missing: string[] = [];
  const { summary } = report;
  const below = (name: string, level: Level, min: number | undefined) => {
    if (min !== undefined && percent(level) < min)
      missing.push(
        `${name}: ${format(percent(level))}% (${level.covered} of ${level.total}) is under --min-${name} ${min}`,
      );
  };
  below('operations', summary.operations, thresholds.minOperations);
  below('statuses', summary.statusCodes, thresholds.minStatuses);
  for (const { operationId, items } of thresholds.require ?? []) {
    const operation = report.operations.find((o) => o.operationId === operationId);
    if (operation === undefined)
      throw new CoverageRecordError(
        `--require ${operationId}: the spec has no such operation (it has ${report.operations.map((o) => o.operationId).join(', ')})`,
      );
    if (items.length === 0 && operation.requests === 0) missing.push(`${operationId}: never called`);
    for (const item of items) {
      const done =
        typeof item === 'number'
          ? (operation.statuses.find((s) => s.status === item)?.answered ?? 0) > 0
          : operation.faults[item] > 0;
      if (!done)
        missing.push(
          `${operationId}: ${typeof item === 'number' ? `never answered ${item}` : `never rehearsed ${item}`}`,
        );
    }
  }
  return missing;
}

/** Every operation never called, and every documented status never answered. */
export function neverExercised(report: CoverageReport): string[] {
  const lines: string[] = [];
  for (const operation of report.operations) {
    if (operation.requests === 0)
      lines.push(`${operation.operationId} (${operation.method} ${operation.path}): never called`);
    else {
      const never = operation.statuses.filter((s) => s.documented !== false && s.answered === 0).map((s) => s.status);
      if (never.length > 0) lines.push(`${operation.operationId}: never answered ${never.join(', ')}`);
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The report as text.

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** The rows of the two tables: the levels, and one row per operation. */
function tables(report: CoverageReport): { levels: string[][]; operations: string[][] } {
  const named: [keyof CoverageSummary, string][] = [
    ['paths', 'paths'],
    ['operations', 'operations'],
    ['parameters', 'parameters (request body properties included)'],
    ['statusCodeClasses', 'status code classes'],
    ['statusCodes', 'status codes'],
    ['responseBodyProperties', 'response body properties'],
  ];
  const levels = [
    ['Level', 'Covered', 'Total', '%'],
    ...named.map(([key, name]) => {
      const level = report.summary[key];
      return [name, String(level.covered), String(level.total), format(percent(level))];
    }),
  ];
  const times = (label: string | number, n: number) => `${label} ×${n}`;
  const operations = [
    [
      'Operation',
      'Requests',
      'Answered',
      'Never answered',
      'Rehearsed',
      'Parameters sent',
      'Response properties received',
    ],
    ...report.operations.map((operation) => {
      const answered = operation.statuses
        .filter((s) => s.answered > 0)
        .map((s) => `${times(s.status, s.answered)}${s.documented === false ? ' (not documented)' : ''}`);
      const never = operation.statuses
        .filter((s) => s.documented !== false && s.answered === 0)
        .map((s) => String(s.status));
      const rehearsed = [
        ...operation.statuses.filter((s) => s.rehearsed > 0).map((s) => times(s.status, s.rehearsed)),
        ...FAULTS.filter((fault) => operation.faults[fault] > 0).map((fault) => times(fault, operation.faults[fault])),
      ];
      const properties = operation.statuses
        .filter((s) => s.documented !== false && s.properties.length > 0)
        .map((s) => `${s.status}: ${s.properties.filter((p) => p.received).length}/${s.properties.length}`);
      return [
        operation.operationId,
        String(operation.requests),
        answered.join(', ') || '-',
        never.join(', ') || '-',
        rehearsed.join(', ') || '-',
        `${operation.parameters.filter((p) => p.sent).length}/${operation.parameters.length}`,
        properties.join(', ') || '-',
      ];
    }),
  ];
  return { levels, operations };
}

function heading(report: CoverageReport): string {
  return `API contract coverage of ${report.spec.title} ${report.spec.version}: ${report.records} record${report.records === 1 ? '' : 's'}${report.session === 'all' ? '' : `, session ${report.session}`}; ${report.summary.operations.covered} of ${report.summary.operations.total} operations called`;
}

function refusedLine(report: CoverageReport): string {
  return `Refused before any operation matched: ${report.refused.total}${report.refused.total === 0 ? '' : ` (${report.refused.statuses.map((s) => `${s.status} ×${s.count}`).join(', ')})`}`;
}

/** The report for a terminal: two aligned tables. */
export function formatText(report: CoverageReport): string {
  const aligned = (rows: string[][], right: Set<number>) => {
    const widths = (rows[0] as string[]).map((_, i) => Math.max(...rows.map((row) => (row[i] as string).length)));
    return rows
      .map((row) =>
        row
          .map((cell, i) => (right.has(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n');
  };
  const { levels, operations } = tables(report);
  return `${heading(report)}\n\n${aligned(levels, new Set([1, 2, 3]))}\n\n${aligned(operations, new Set([1]))}\n\n${refusedLine(report)}\n`;
}

/** The report as Markdown (a pull request's comment): the same two tables. */
export function formatMarkdown(report: CoverageReport): string {
  const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  const table = (rows: string[][], right: Set<number>) => {
    const [head, ...body] = rows as [string[], ...string[][]];
    return [
      `| ${head.map(cell).join(' | ')} |`,
      `| ${head.map((_, i) => (right.has(i) ? '---:' : '---')).join(' | ')} |`,
      ...body.map((row) => `| ${row.map(cell).join(' | ')} |`),
    ].join('\n');
  };
  const { levels, operations } = tables(report);
  return `**${cell(heading(report))}**\n\n${table(levels, new Set([1, 2, 3]))}\n\n${table(operations, new Set([1]))}\n\n${refusedLine(report)}\n`;
}
