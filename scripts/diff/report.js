// The report of a comparison: reads the two sources, runs Redocly's diff, and turns each change it
// finds into one line per operation that reaches the changed place, rated in that operation's
// direction and worded for a person; then the summary (what breaks, where).
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HTTP_METHODS as METHODS } from '../openapi.js';
import { deref, exemptions, sourceBreaks } from './consumers.js';
import { indexOperations, usesAt } from './index-operations.js';
import { InputError, PACKAGE_ROOT, WORKING_SPEC } from './input.js';
import { breakingDirections, provenWider } from './rate.js';
import { runRedocly } from './redocly.js';
import { displayPath, resolveSource } from './source.js';
import { Spec, get, pointerSegments } from './spec.js';
import { describeDocumentChange, reasonText, whatText, whereText } from './wording.js';

/** @typedef {import('./redocly.js').RawDiff} RawDiff */
/** @typedef {import('./redocly.js').Impact} Impact */
/** @typedef {import('./source.js').Source} Source */
/** @typedef {import('./index-operations.js').Direction} Direction */
/** @typedef {import('./index-operations.js').Found} Found */
/** @typedef {import('./index-operations.js').OperationIndex} OperationIndex */
/** @typedef {import('./consumers.js').Finding} Finding */
/** @typedef {import('./consumers.js').Anchor} Anchor */

/**
 * One line of the report: a change as one operation sees it (or, under `document`, a change no
 * operation reaches).
 * @typedef {object} ReportChange
 * @property {boolean} breaking
 * @property {Direction | null} direction
 * @property {string} where
 * @property {string} change
 * @property {string} reason
 * @property {string} text
 * @property {string | null} location `file:line` of the change
 * @property {{ impact: Impact, rule: string | null, message: string | null, path: string }} redocly Redocly's own verdict
 * @property {{ breaking: boolean, consumers: string[] }} source the TypeScript consumers this change breaks (consumers.js), exempt ones left out
 */

/**
 * @typedef {object} ReportOperation
 * @property {string | null} operationId
 * @property {string} method
 * @property {string} path
 * @property {'added' | 'removed' | 'changed'} status
 * @property {boolean} breaking the wire verdict: a change of the operation breaks a request or a response
 * @property {boolean} sourceBreaking a change of the operation breaks TypeScript that compiled against the base
 * @property {ReportChange[]} changes
 */

/**
 * @typedef {object} Report
 * @property {{ spec: string, version: string | null }} base
 * @property {{ spec: string, version: string | null }} revision
 * @property {boolean} breaking the verdict: the wire's or the source's
 * @property {{ breaking: boolean }} wire a request or a response that worked no longer does
 * @property {{ breaking: boolean, findings: Finding[] }} source consumer TypeScript that compiled no longer does (findings whose `exempt` is a reason do not count)
 * @property {{ breakingChanges: number, otherChanges: number, sourceBreaks: number, exemptSourceBreaks: number, operations: string[], breakingOperations: string[], redoclyBump: Impact | null }} summary
 * @property {ReportOperation[]} operations
 * @property {ReportChange[]} document
 * @property {string[]} notes how the arguments were read, when a person should know (the CLIs print them on stderr)
 */

/**
 * Compares two specs. `base` and `revision` are command-line arguments (file or git ref).
 * Returns the report object; throws InputError on bad input.
 * @param {{ base?: string, revision?: string, root?: string }} [options]
 * @returns {Promise<Report>}
 */
export async function diff(options = {}) {
  const [report] = await diffAll([options]);
  return /** @type {Report} */ (report);
}

/**
 * Several comparisons at once, their source verdicts from one TypeScript program (the suite's
 * tables of edits); the same reports as diff() one by one.
 * @param {{ base?: string, revision?: string, root?: string }[]} list
 * @returns {Promise<Report[]>}
 */
export async function diffAll(list) {
  /** @type {string[]} */
  const workdirs = [];
  try {
    const sides = list.map(({ base, revision = WORKING_SPEC, root = PACKAGE_ROOT }) => {
      if (!base)
        throw new InputError('usage: diff BASE [REVISION] [--json] [--root DIR]  (BASE: a spec file or a git ref)');
      // The real path: Redocly reports files relative to its working directory, as the OS sees it.
      const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'contract-diff-')));
      workdirs.push(workdir);
      const revisionArgument = revision === WORKING_SPEC ? join(root, WORKING_SPEC) : revision;
      const baseSource = resolveSource(base, { root, workdir, side: 'base' });
      const revisionSource = resolveSource(revisionArgument, { root, workdir, side: 'revision' });
      if (revision === WORKING_SPEC) {
        revisionSource.label = `working tree (${WORKING_SPEC})`;
        revisionSource.display = (abs) => displayPath(abs, root);
      }
      const baseSpec = new Spec(baseSource.file, baseSource.display);
      const revisionSpec = new Spec(revisionSource.file, revisionSource.display);
      const exempt = exemptions(root, (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined));
      return {
        workdir,
        exempt,
        baseSpec,
        revisionSpec,
        baseSource,
        revisionSource,
        baseIndex: indexOperations(baseSpec),
        revisionIndex: indexOperations(revisionSpec),
      };
    });
    // Redocly runs as child processes while the compiler works in this one.
    const [raws, findings] = await Promise.all([
      inTurn(sides, 2, (side) => runRedocly(side.baseSource.file, side.revisionSource.file, side.workdir)),
      sourceBreaks(sides),
    ]);
    return sides.map((side, i) =>
      buildReport(/** @type {RawDiff} */ (raws[i]), side, {
        findings: (findings[i] ?? []).map((finding) => ({ ...finding, exempt: side.exempt.get(finding.kind) ?? null })),
      }),
    );
  } finally {
    for (const workdir of workdirs) rmSync(workdir, { recursive: true, force: true });
  }
}

/**
 * `work` on every item, at most `width` at a time; the results in the items' order.
 * @template T, R
 * @param {T[]} items
 * @param {number} width
 * @param {(item: T) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
async function inTurn(items, width, work) {
  /** @type {R[]} */
  const results = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(/** @type {T} */ (items[i]));
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/**
 * The places a finding is about, on one side: where its component (or field) is and every place its
 * $refs reach; for a finding about an operation, every place the operation reaches.
 * @param {Finding} finding
 * @param {Spec} spec
 * @param {OperationIndex} index
 * @returns {{ file: string, segments: string[] }[]}
 */
function reachOf(finding, spec, index) {
  if (!finding.anchor) return index.uses.filter((use) => use.op === finding.op);
  const { section, name, path } = finding.anchor;
  const start = deref(spec, spec.root?.components?.[section]?.[name], spec.rootFile, ['components', section, name]);
  if (!start) return [];
  // The component's entry too (where a removal or a rename is reported), then its target.
  const roots = [
    { file: spec.rootFile, segments: ['components', section, name, ...path] },
    { file: start.file, segments: [...start.segments, ...path] },
  ];
  const seen = new Set();
  /** @param {import('./spec.js').Parsed} node @param {string} file */
  const walk = (node, file) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, file));
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const target = deref(spec, node, file, []);
      const key = target && `${target.file}#${target.segments.join('/')}`;
      if (target && key && !seen.has(key)) {
        seen.add(key);
        roots.push({ file: target.file, segments: target.segments });
        walk(target.node, target.file);
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') walk(value, file);
  };
  walk(get(start.node, path), start.file);
  return roots;
}

/**
 * @param {RawDiff} raw
 * @param {{ baseSpec: Spec, revisionSpec: Spec, baseSource: Source, revisionSource: Source, baseIndex: OperationIndex, revisionIndex: OperationIndex }} sides
 * @param {{ findings: Finding[] }} source the consumers the change breaks (consumers.js)
 * @returns {Report}
 */
function buildReport(
  raw,
  { baseSpec, revisionSpec, baseSource, revisionSource, baseIndex, revisionIndex },
  { findings },
) {
  const counted = findings.filter((finding) => finding.exempt === null);
  const reaches = counted.map((finding) => ({
    finding,
    base: reachOf(finding, baseSpec, baseIndex),
    revision: reachOf(finding, revisionSpec, revisionIndex),
  }));
  /**
   * @param {{ file: string, segments: string[] }[]} roots
   * @param {import('./redocly.js').Side | undefined} side
   */
  const inside = (roots, side) => {
    if (!side?.file) return false;
    const segments = pointerSegments(side.pointer);
    return roots.some((r) => r.file === side.file && r.segments.every((s, i) => s === segments[i]));
  };
  /**
   * The consumers a change breaks, on the line of operation `op`.
   * @param {RawDiff['changes'] extends (infer C)[] | undefined ? C : never} change
   * @param {string | null} op
   */
  const consumersOf = (change, op) =>
    reaches
      .filter(({ finding }) => finding.op === null || finding.op === op)
      .filter(({ base, revision }) => inside(base, change.base) || inside(revision, change.revision))
      .map(({ finding }) => finding.consumer);
  /** @type {Map<string, ReportOperation>} */
  const operations = new Map();
  /** @type {ReportChange[]} */
  const documentChanges = [];
  /** @param {string} key */
  const operationInfo = (key) => revisionIndex.operations.get(key) ?? baseIndex.operations.get(key);
  /**
   * @param {string} key
   * @returns {ReportOperation}
   */
  const entryFor = (key) => {
    let entry = operations.get(key);
    if (!entry) {
      const info = operationInfo(key);
      const status = !revisionIndex.operations.has(key)
        ? 'removed'
        : !baseIndex.operations.has(key)
          ? 'added'
          : 'changed';
      entry = {
        operationId: info?.operationId ?? null,
        method: info?.method ?? key.split(' ')[0] ?? '',
        path: info?.path ?? key.slice(key.indexOf(' ') + 1),
        status,
        breaking: false,
        sourceBreaking: false,
        changes: [],
      };
      operations.set(key, entry);
    }
    return entry;
  };

  for (const change of raw.changes ?? []) {
    const majorVerdict = (change.verdicts ?? []).find((v) => v.impact === 'major');
    const verdict = majorVerdict ?? change.verdicts?.[0];
    const rule = verdict?.ruleId ?? null;
    const redoclyBreaking = change.impact === 'major';
    if (change.revision?.file) {
      const parentSegments = pointerSegments(change.revision.pointer).slice(0, -2);
      change.revisionParent = get(revisionSpec.files.get(change.revision.file), parentSegments);
    }
    // Every operation that reaches the changed place, in the base and in the revision.
    // The revision names the place; the base adds the operations that reached it only before.
    /** @type {Found[]} */
    const found = [];
    if (change.revision?.file)
      found.push(...usesAt(revisionIndex, change.revision.file, pointerSegments(change.revision.pointer)));
    if (change.base?.file) {
      const before = usesAt(baseIndex, change.base.file, pointerSegments(change.base.pointer));
      found.push(...before.filter(({ use }) => !found.some((f) => f.use.op === use.op)));
    }
    // The operation under which Redocly reports it, should the walk have missed it.
    const pathSegments = pointerSegments(change.path);
    const [section, path, method] = pathSegments;
    if (section === 'paths' && path !== undefined && method !== undefined && METHODS.includes(method)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!found.some((f) => f.use.op === key)) {
        const after = pathSegments.slice(3);
        /** @type {Direction} */
        const direction =
          after[0] === 'responses'
            ? 'response'
            : after[0] === 'parameters' || after[0] === 'requestBody'
              ? 'request'
              : 'operation';
        const schemaAt = after.indexOf('schema');
        /** @type {Found['use']['where']} */
        const where =
          after[0] === 'responses'
            ? { part: 'response', status: after[1] }
            : after[0] === 'requestBody'
              ? { part: 'body' }
              : after[0] === 'parameters'
                ? { part: 'parameter' }
                : { part: 'operation' };
        found.push({
          use: { op: key, direction, where, schemaPath: schemaAt >= 0 ? [] : null },
          rest: schemaAt >= 0 ? after.slice(schemaAt + 1) : [],
        });
      }
    }
    const location = change.revision ?? change.base;
    const place = location?.file
      ? `${(change.revision ? revisionSpec : baseSpec).display(location.file)}:${location.line}`
      : null;
    const redocly = { impact: change.impact, rule, message: verdict?.message ?? null, path: change.path };

    if (found.length === 0) {
      const what = describeDocumentChange(change);
      const consumers = [...new Set(consumersOf(change, null))];
      const reason = redoclyBreaking
        ? (verdict?.message ?? 'breaks a client')
        : change.impact === 'minor'
          ? 'adds to the API'
          : 'does not change which requests or responses are valid';
      documentChanges.push({
        breaking: redoclyBreaking,
        direction: null,
        where: 'document',
        change: what,
        reason,
        text: `${what}: ${reason}`,
        location: place,
        redocly,
        source: { breaking: consumers.length > 0, consumers },
      });
      continue;
    }

    // One line per operation and place; its own direction decides whether it breaks.
    /** @type {{ op: string, direction: Direction, where: string, what: string }[]} */
    const lines = [];
    const seen = new Set();
    for (const { use, rest } of found) {
      const where = whereText(use, rest);
      const what = whatText(change, use);
      const key = `${use.op}\0${use.direction}\0${where}\0${what}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push({ op: use.op, direction: use.direction, where, what });
    }
    const directions = new Set(lines.map((line) => line.direction));
    /** @type {(line: { direction: Direction }) => boolean} */
    let breakingFor = () => redoclyBreaking;
    change.provenWider = redoclyBreaking && provenWider(change, rule, baseSpec, revisionSpec);
    if (change.provenWider) {
      // Every value the schema accepted it still accepts: a client that sends is unaffected.
      breakingFor = (line) => line.direction !== 'request';
    } else if (redoclyBreaking && directions.size > 1) {
      const breaks = breakingDirections(change, rule, baseSpec);
      if (lines.some((line) => breaks.has(line.direction) || line.direction === 'operation')) {
        breakingFor = (line) => breaks.has(line.direction) || line.direction === 'operation';
      }
    }
    for (const line of lines) {
      const breaking = breakingFor(line);
      const reason = reasonText(change, rule, line.direction, breaking, verdict?.message);
      const entry = entryFor(line.op);
      const text = line.where === 'operation' ? `${line.what}: ${reason}` : `${line.where} ${line.what}: ${reason}`;
      const consumers = [...new Set(consumersOf(change, line.op))];
      if (consumers.length > 0) entry.sourceBreaking = true;
      entry.changes.push({
        breaking,
        direction: line.direction,
        where: line.where,
        change: line.what,
        reason,
        text,
        location: place,
        redocly,
        source: { breaking: consumers.length > 0, consumers },
      });
      if (breaking) entry.breaking = true;
    }
  }

  // Operations in the order of the revision, then the removed ones.
  const order = [
    ...revisionIndex.operations.keys(),
    ...[...baseIndex.operations.keys()].filter((k) => !revisionIndex.operations.has(k)),
  ];
  const sorted = [...operations.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([, entry]) => ({ ...entry, changes: entry.changes.sort((x, y) => Number(y.breaking) - Number(x.breaking)) }));
  const all = [...sorted.flatMap((op) => op.changes), ...documentChanges];
  const breakingCount = all.filter((c) => c.breaking).length;
  return {
    base: { spec: baseSource.label, version: raw.infoVersions?.base ?? null },
    revision: { spec: revisionSource.label, version: raw.infoVersions?.revision ?? null },
    breaking: breakingCount > 0 || counted.length > 0,
    wire: { breaking: breakingCount > 0 },
    source: { breaking: counted.length > 0, findings },
    summary: {
      breakingChanges: breakingCount,
      otherChanges: all.length - breakingCount,
      sourceBreaks: counted.length,
      exemptSourceBreaks: findings.length - counted.length,
      operations: sorted.map((op) => op.operationId ?? `${op.method} ${op.path}`),
      breakingOperations: sorted
        .filter((op) => op.breaking || op.sourceBreaking)
        .map((op) => op.operationId ?? `${op.method} ${op.path}`),
      redoclyBump: raw.bump ?? null,
    },
    operations: sorted,
    document: documentChanges,
    notes: [baseSource.note, revisionSource.note].filter((note) => note !== undefined),
  };
}
