// What a consumer's tests exercised of the contract, counted from the requests the mock answers
// (the pipeline hands each one here beside the journal, ../pipeline.ts). Unlike the journal it is
// not bounded and not cleared by a reset: it is a tally over the whole run. What counts as
// documented is derived from the spec alone: each operation's parameters, the properties of its
// request body and of each documented response (nested ones by their JSON path, `a.b[*].c`, every
// branch of a oneOf/anyOf/allOf and the then/else of an if merged), its documented statuses, and a 401 where every security
// requirement asks for a credential. The report's levels are the test coverage criteria of
// Martin-Lopez, Segura and Ruiz-Cortés ("Test Coverage Criteria for RESTful Web APIs", 2019):
// paths, operations, parameters (the request body's properties among them), status code classes,
// status codes, response body properties.
//   in:  each request the pipeline answered (its session, operation, query, headers, parsed body,
//        the status or the fault, the scenario that applied, the body answered)
//   out: a CoverageReport of one session or of all of them (./coverage-report.ts merges and prints them)
import { operationsOf } from '../../shared/openapi.js';
import { isObject } from '../../shared/json.js';
import type { Picked } from '../scenarios/store.js';
import type { Spec } from '../prism/spec.js';

/** The format of a report, and of the record a mock writes (`coverage: DIR`). */
export const COVERAGE_FORMAT = 'api-contract-coverage/1';

/** How many distinct requests refused before any operation matched a report lists (the rest are counted). */
export const MAX_REFUSED_LISTED = 50;

/** A documented parameter, or a property of the request body (`in: 'body'`, named by its JSON path). */
export interface CoveredParameter {
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name: string;
  /** required where it is declared (a nested property: in its own object) */
  required: boolean;
  /** the consumer sent it at least once */
  sent: boolean;
}

/** A property of a documented response body, by its JSON path (`[*].success` for an array's items). */
export interface CoveredProperty {
  path: string;
  required: boolean;
  /** the consumer received it at least once */
  received: boolean;
}

/** A status of an operation: how often it was answered, how many of those by a scenario or the run-wide chaos. */
export interface CoveredStatus {
  status: number;
  /** `responses`: the operation documents it; `security`: a 401, since every security requirement asks for a credential; false: answered, not documented */
  documented: 'responses' | 'security' | false;
  answered: number;
  /** of `answered`, the answers a scenario (or the run-wide chaos) gave */
  rehearsed: number;
  /** the properties of its body (none when it documents no JSON body) */
  properties: CoveredProperty[];
}

export interface CoveredOperation {
  operationId: string;
  /** upper case */
  method: string;
  /** the path template */
  path: string;
  /** how many requests were routed to it */
  requests: number;
  /** its documented statuses in the spec's order, then the undocumented ones it answered */
  statuses: CoveredStatus[];
  /** the rehearsed failures: faults and delays a scenario or the chaos applied (statuses are in `statuses`) */
  faults: { reset: number; hang: number; delay: number; aborted: number };
  parameters: CoveredParameter[];
}

/** Requests that no operation matched (404, 405), or refused before routing (413). */
export interface Refused {
  total: number;
  statuses: { status: number; count: number }[];
  /** the first MAX_REFUSED_LISTED distinct requests, with how often each came */
  requests: { method: string; path: string; status: number; count: number }[];
  /** how many of `total` are not in `requests` */
  unlisted: number;
}

/** One level: how many of the documented items were exercised. */
export interface Level {
  covered: number;
  total: number;
}

export interface CoverageSummary {
  paths: Level;
  operations: Level;
  /** path, query, header and cookie parameters, and the request body's properties */
  parameters: Level;
  statusCodeClasses: Level;
  statusCodes: Level;
  responseBodyProperties: Level;
}

export interface CoverageReport {
  format: typeof COVERAGE_FORMAT;
  /** the spec's `info` */
  spec: { title: string; version: string };
  /** the session reported, or `all` */
  session: string;
  /** how many mock records it merges (1 for a mock's own) */
  records: number;
  summary: CoverageSummary;
  operations: CoveredOperation[];
  refused: Refused;
}

/** The coverage of a mock is off: `createMock({ coverage: true })` or `{ coverage: 'DIR' }` turns it on. */
export class CoverageOffError extends Error {
  override readonly name = 'CoverageOffError';
  constructor() {
    super(
      "coverage is off: createMock({ coverage: true }) counts it, { coverage: 'DIR' } also writes it to DIR on close(); the bin takes --coverage DIR",
    );
  }
}

/** The directory of the `coverage` option cannot be made, or its host writes no files (a web page). */
export class CoverageOptionError extends TypeError {
  override readonly name = 'CoverageOptionError';
}

/** A request the pipeline answered, as the tally reads it. */
export interface Exercised {
  session: string;
  /** null: no operation matched */
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** the parsed request body */
  body: unknown;
  /** null: no answer (`unanswered` says why) */
  status: number | null;
  unanswered: 'reset' | 'aborted' | null;
  picked: Picked | undefined;
  /** the body answered, as a value (read only for a documented status with properties) */
  answered: () => unknown;
}

export interface Coverage {
  record(request: Exercised): void;
  /** The coverage of one session, or of all of them. */
  report(session?: string): CoverageReport;
}

// ---------------------------------------------------------------------------------------------
// What the spec documents.

/** A node of the tree of an object's documented properties: a value is walked along it. */
interface FieldNode {
  /** its index among the fields (never read for the root and an array's items, which are no field) */
  id: number;
  props?: Map<string, FieldNode>;
  items?: FieldNode;
}

interface Fields {
  root: FieldNode;
  list: { path: string; required: boolean }[];
}

interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: { in: CoveredParameter['in']; name: string; required: boolean }[];
  body: Fields;
  /** documented statuses in order, with the properties of their JSON bodies */
  statuses: { status: number; documented: 'responses' | 'security'; fields: Fields }[];
}

/** The fields of a body that documents no properties. */
function noFields(): Fields {
  return { root: { id: 0 }, list: [] };
}

/** The tree of the properties a schema documents, every branch of its unions merged; a `$ref` inside itself is followed once. */
function fieldsOf(spec: Spec, schema: unknown): Fields {
  /** a node while the tree is built: its path and required flag, its id given once it is whole */
  interface Building {
    id: number;
    path: string;
    required?: boolean;
    props?: Map<string, Building>;
    items?: Building;
  }
  const root: Building = { id: 0, path: '' };
  const collect = (node: unknown, into: Building, refs: readonly string[]): void => {
    if (!isObject(node)) return;
    const ref = node.$ref;
    let inside = refs;
    if (typeof ref === 'string') {
      // A schema that contains itself (a tree) is followed once inside itself: its children's own
      // properties are documented, and deeper levels would repeat them without end.
      if (refs.filter((seen) => seen === ref).length >= 2) return;
      inside = [...refs, ref];
    }
    const target = spec.deref(node);
    if (isObject(target.properties)) {
      const required = Array.isArray(target.required) ? target.required : [];
      for (const [name, sub] of Object.entries(target.properties)) {
        into.props ??= new Map();
        let child = into.props.get(name);
        if (child === undefined)
          into.props.set(name, (child = { id: 0, path: `${into.path}${into.path === '' ? '' : '.'}${name}` }));
        if (required.includes(name)) child.required = true;
        collect(sub, child, inside);
      }
    }
    if (isObject(target.items)) collect(target.items, (into.items ??= { id: 0, path: `${into.path}[*]` }), inside);
    for (const union of [target.allOf, target.anyOf, target.oneOf, [target.then, target.else]])
      if (Array.isArray(union)) for (const branch of union) collect(branch, into, inside);
  };
  collect(schema, root, []);
  // Each property followed by those inside it, in the order the spec gives them.
  const list: Fields['list'] = [];
  const number = (node: Building): void => {
    if (node.items) number(node.items);
    for (const child of node.props?.values() ?? []) {
      child.id = list.length;
      list.push({ path: child.path, required: child.required === true });
      number(child);
    }
  };
  number(root);
  return { root, list };
}

/** The JSON schema of a Request Body or Response Object (given by `$ref` or not). */
function jsonSchemaOf(spec: Spec, object: unknown): unknown {
  const found = isObject(object) && typeof object.$ref === 'string' ? spec.pointer(object.$ref) : object;
  const content = isObject(found) && isObject(found.content) ? found.content : {};
  const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(media) ? media.schema : undefined;
}

/** Every operation of the spec with what it documents, in the spec's order. */
function documentedOf(spec: Spec): DocumentedOperation[] {
  const { document } = spec;
  const operations: DocumentedOperation[] = [];
  for (const { path, method, pathItem, operation } of operationsOf(document)) {
    if (!operation.operationId) continue;
    const parameters: DocumentedOperation['parameters'] = [];
    for (const given of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
      const parameter = isObject(given) && typeof given.$ref === 'string' ? spec.pointer(given.$ref) : given;
      if (
        !isObject(parameter) ||
        typeof parameter.name !== 'string' ||
        !['path', 'query', 'header', 'cookie'].includes(String(parameter.in))
      )
        continue;
      const place = parameter.in as CoveredParameter['in'];
      const known = parameters.findIndex((p) => p.in === place && p.name === parameter.name);
      const entry = { in: place, name: parameter.name, required: parameter.required === true };
      // An operation's parameter overrides its path item's of the same name and place.
      if (known >= 0) parameters[known] = entry;
      else parameters.push(entry);
    }
    const statuses: DocumentedOperation['statuses'] = [];
    for (const [code, response] of Object.entries(operation.responses ?? {})) {
      if (/^[1-5]\d\d$/.test(code))
        statuses.push({
          status: Number(code),
          documented: 'responses',
          fields: fieldsOf(spec, jsonSchemaOf(spec, response)),
        });
    }
    const security = operation.security ?? (document.security as OperationSecurity | undefined) ?? [];
    const credentialRequired = security.length > 0 && security.every((set) => Object.keys(set).length > 0);
    if (credentialRequired && !statuses.some((s) => s.status === 401))
      statuses.push({ status: 401, documented: 'security', fields: noFields() });
    operations.push({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      parameters,
      body: fieldsOf(spec, jsonSchemaOf(spec, operation.requestBody)),
      statuses,
    });
  }
  return operations;
}
type OperationSecurity = Record<string, string[]>[];

/** Marks the documented properties `value` has, along `node`. */
function mark(value: unknown, node: FieldNode, seen: Uint8Array): void {
  if (Array.isArray(value)) {
    const items = node.items;
    if (items?.props !== undefined || items?.items !== undefined) for (const item of value) mark(item, items, seen);
    return;
  }
  const props = node.props;
  if (props === undefined || value === null || typeof value !== 'object') return;
  // A parsed body's object has no inherited enumerable key: for-in walks its own, with no array made.
  for (const key in value) {
    const child = props.get(key);
    if (child === undefined) continue;
    seen[child.id] = 1;
    mark((value as Record<string, unknown>)[key], child, seen);
  }
}

// ---------------------------------------------------------------------------------------------
// The tally.

interface OperationTally {
  requests: number;
  /** status → [answered, rehearsed] */
  statuses: Map<number, [number, number]>;
  faults: { reset: number; hang: number; delay: number; aborted: number };
  parameters: Uint8Array;
  body: Uint8Array;
  /** documented status → the properties received */
  received: Map<number, Uint8Array>;
}

interface SessionTally {
  operations: Map<string, OperationTally>;
  refused: Map<string, { method: string; path: string; status: number; count: number }>;
  refusedTotal: number;
  refusedStatuses: Map<number, number>;
  /** refused requests past the MAX_REFUSED_LISTED distinct ones kept */
  refusedUnlisted: number;
}

export function createCoverage(spec: Spec): Coverage {
  const documented = documentedOf(spec);
  const byId = new Map<string | null, DocumentedOperation>(
    documented.map((operation) => [operation.operationId, operation]),
  );
  const sessions = new Map<string, SessionTally>();
  const info = isObject(spec.document.info) ? spec.document.info : {};
  const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
  const specInfo = { title: textOf(info.title), version: textOf(info.version) };

  const newTally = (operation: DocumentedOperation): OperationTally => ({
    requests: 0,
    statuses: new Map(),
    faults: { reset: 0, hang: 0, delay: 0, aborted: 0 },
    parameters: new Uint8Array(operation.parameters.length),
    body: new Uint8Array(operation.body.list.length),
    received: new Map(operation.statuses.map((s) => [s.status, new Uint8Array(s.fields.list.length)])),
  });

  function sessionTally(session: string): SessionTally {
    let tally = sessions.get(session);
    if (tally === undefined)
      sessions.set(
        session,
        (tally = {
          operations: new Map(),
          refused: new Map(),
          refusedTotal: 0,
          refusedStatuses: new Map(),
          refusedUnlisted: 0,
        }),
      );
    return tally;
  }

  function record(request: Exercised): void {
    const session = sessionTally(request.session);
    const operation = byId.get(request.operationId);
    if (operation === undefined) {
      if (request.status === null) return;
      session.refusedTotal++;
      session.refusedStatuses.set(request.status, (session.refusedStatuses.get(request.status) ?? 0) + 1);
      const key = `${request.method} ${request.path} ${request.status}`;
      const listed = session.refused.get(key);
      if (listed !== undefined) listed.count++;
      else if (session.refused.size < MAX_REFUSED_LISTED)
        session.refused.set(key, { method: request.method, path: request.path, status: request.status, count: 1 });
      else session.refusedUnlisted++;
      return;
    }
    let tally = session.operations.get(operation.operationId);
    if (tally === undefined) session.operations.set(operation.operationId, (tally = newTally(operation)));
    tally.requests++;
    const { picked, status } = request;
    if (picked !== undefined) {
      if (picked.delay > 0) tally.faults.delay++;
      if (picked.fault === 'hang') tally.faults.hang++;
    }
    if (request.unanswered === 'reset') tally.faults.reset++;
    else if (request.unanswered === 'aborted') tally.faults.aborted++;
    parametersSent(operation, request, tally.parameters);
    mark(request.body, operation.body.root, tally.body);
    if (status === null) return;
    let counts = tally.statuses.get(status);
    if (counts === undefined) tally.statuses.set(status, (counts = [0, 0]));
    counts[0]++;
    if (picked?.answer !== undefined) counts[1]++;
    // Each documented status has its marks (newTally); an undocumented one has no properties to mark.
    const fields = operation.statuses.find((s) => s.status === status)?.fields;
    if (fields !== undefined && fields.list.length > 0)
      mark(request.answered(), fields.root, tally.received.get(status) as Uint8Array);
  }

  function report(session?: string): CoverageReport {
    const tallies =
      session === undefined
        ? [...sessions.values()]
        : sessions.has(session)
          ? [sessions.get(session) as SessionTally]
          : [];
    const operations = documented.map((operation) => operationReport(operation, tallies));
    let total = 0;
    let unlisted = 0;
    const statuses = new Map<number, number>();
    const requests = new Map<string, Refused['requests'][number]>();
    for (const tally of tallies) {
      total += tally.refusedTotal;
      unlisted += tally.refusedUnlisted;
      for (const [status, count] of tally.refusedStatuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
      for (const [key, listed] of tally.refused) {
        const known = requests.get(key);
        if (known !== undefined) known.count += listed.count;
        else if (requests.size < MAX_REFUSED_LISTED) requests.set(key, { ...listed });
        else unlisted += listed.count;
      }
    }
    const refused: Refused = {
      total,
      statuses: [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => ({ status, count })),
      requests: [...requests.values()],
      unlisted,
    };
    return {
      format: COVERAGE_FORMAT,
      spec: specInfo,
      session: session ?? 'all',
      records: 1,
      summary: summarize(operations),
      operations,
      refused,
    };
  }

  return { record, report };
}

/** Marks the documented parameters a request sent: its path parameters (it was routed), query parameters, headers and cookies by name. */
function parametersSent(operation: DocumentedOperation, request: Exercised, seen: Uint8Array): void {
  const { parameters } = operation;
  for (let i = 0; i < parameters.length; i++) {
    const { in: place, name } = parameters[i] as DocumentedOperation['parameters'][number];
    const sent =
      place === 'path' ||
      (place === 'query' && request.query[name] !== undefined) ||
      (place === 'header' && request.headers[name.toLowerCase()] !== undefined) ||
      (place === 'cookie' && cookieNames(request.headers.cookie).includes(name));
    if (sent) seen[i] = 1;
  }
}

/** The names of the cookies of a request's Cookie lines. */
function cookieNames(header: string | string[] | undefined): string[] {
  return [header ?? []]
    .flat()
    .flatMap((line) => line.split(';'))
    .map((pair) => (pair.split('=')[0] as string).trim());
}

/** What the tallies of some sessions say of one operation. */
function operationReport(operation: DocumentedOperation, tallies: SessionTally[]): CoveredOperation {
  const mine = tallies.flatMap((tally) => tally.operations.get(operation.operationId) ?? []);
  const any = (pick: (tally: OperationTally) => Uint8Array, i: number) => mine.some((tally) => pick(tally)[i] === 1);
  const counts = new Map<number, [number, number]>();
  for (const tally of mine)
    for (const [status, [answered, rehearsed]] of tally.statuses) {
      const sum = counts.get(status) ?? [0, 0];
      counts.set(status, [sum[0] + answered, sum[1] + rehearsed]);
    }
  const statuses: CoveredStatus[] = operation.statuses.map(({ status, documented, fields }) => ({
    status,
    documented,
    answered: counts.get(status)?.[0] ?? 0,
    rehearsed: counts.get(status)?.[1] ?? 0,
    properties: fields.list.map((field, i) => ({
      ...field,
      received: any((t) => t.received.get(status) as Uint8Array, i),
    })),
  }));
  const known = new Set(statuses.map((s) => s.status));
  for (const [status, [answered, rehearsed]] of [...counts].sort(([a], [b]) => a - b))
    if (!known.has(status)) statuses.push({ status, documented: false, answered, rehearsed, properties: [] });
  const faults = { reset: 0, hang: 0, delay: 0, aborted: 0 };
  for (const tally of mine)
    for (const key of Object.keys(faults) as (keyof typeof faults)[]) faults[key] += tally.faults[key];
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    requests: mine.reduce((sum, tally) => sum + tally.requests, 0),
    statuses,
    faults,
    parameters: [
      ...operation.parameters.map((parameter, i) => ({ ...parameter, sent: any((t) => t.parameters, i) })),
      ...operation.body.list.map((field, i) => ({
        in: 'body' as const,
        name: field.path,
        required: field.required,
        sent: any((t) => t.body, i),
      })),
    ],
  };
}

/** The levels of a list of operations (of a mock, or merged). */
export function summarize(operations: CoveredOperation[]): CoverageSummary {
  const level = (covered: number, total: number): Level => ({ covered, total });
  const paths = new Map<string, boolean>();
  for (const operation of operations)
    paths.set(operation.path, (paths.get(operation.path) ?? false) || operation.requests > 0);
  let classes = level(0, 0);
  let statuses = level(0, 0);
  let parameters = level(0, 0);
  let properties = level(0, 0);
  const add = (to: Level, covered: number, total: number): Level => level(to.covered + covered, to.total + total);
  for (const operation of operations) {
    const documented = operation.statuses.filter((s) => s.documented !== false);
    const classOf = (status: number) => Math.floor(status / 100);
    const allClasses = new Set(documented.map((s) => classOf(s.status)));
    const answeredClasses = new Set(documented.filter((s) => s.answered > 0).map((s) => classOf(s.status)));
    classes = add(classes, answeredClasses.size, allClasses.size);
    statuses = add(statuses, documented.filter((s) => s.answered > 0).length, documented.length);
    parameters = add(parameters, operation.parameters.filter((p) => p.sent).length, operation.parameters.length);
    for (const status of documented)
      properties = add(properties, status.properties.filter((p) => p.received).length, status.properties.length);
  }
  return {
    paths: level([...paths.values()].filter(Boolean).length, paths.size),
    operations: level(operations.filter((o) => o.requests > 0).length, operations.length),
    parameters,
    statusCodeClasses: classes,
    statusCodes: statuses,
    responseBodyProperties: properties,
  };
}
