/// <reference types="node" />
// Drift: does the mock still answer what the service answers? The conformance corpus (corpus.ts)
// is sent to a provider and to the in-process mock, and the answers are compared one by one: the
// status, the media type, each 422 item's type, loc, msg, input and ctx (each apart), a 400's body,
// whether each answer keeps the contract (its schema, and the operation's rules on one answer),
// and, with writes, the outcomes of the rules across requests (drift-rules.ts). By default only
// the requests the mock refuses are sent: a service refuses them before any handler runs, so they
// change nothing. Differences are grouped (one divergence per operation and thing that differs,
// with how often it occurred, both values and a curl line), and each is allowed or not by a list.
import { randomUUID } from 'node:crypto';
import type { Credentials } from '../client/index.js';
import type { Mock } from '../mock/api.js';
import { pathParameters, segmentsUnder } from '../shared/path-template.js';
import { providerChecks } from '../rules/index.js';
import {
  answerOf,
  compareAnswers,
  parsed,
  toRequest,
  type Difference,
  type DifferenceField,
  type Interaction,
  type RecordedAnswer,
  type ValidationItem,
} from './cassette.js';
import { isSuccess } from './checks.js';
import { bodyBytes, conformanceCorpus, type CorpusRequest } from './corpus.js';
import { curlLine, isCredentialHeader } from './curl.js';
import { allowMatcher, type AllowMatcher, type DriftAllowEntry, type SeenDifference } from './drift-baseline.js';
import { ruleScenarios, scenarioOfStep, stepRequest, type Fresh, type RuleScenario } from './drift-rules.js';
import type { Outcome } from './exchange.js';
import { credentialHeaderOf, operations as allOperations, type Operation } from './operations.js';
import { isFailure, rawRequest } from './raw.js';
import { notTheApi } from './run.js';
import { validationErrorValidator } from './validate.js';

/** Where the provider's answers come from: a server, or cassettes recorded from one. */
export type DriftSource =
  | { type: 'live'; baseUrl: string; timeoutMs: number; concurrency: number; credentials: Credentials }
  | { type: 'replay'; interactions: Interaction[]; baseUrl: string };

export interface DriftOptions {
  source: DriftSource;
  operations?: Operation[];
  /** Send the valid requests and the rules across requests too (they write on the provider). */
  withWrites: boolean;
  /** Fixed path parameters of valid requests and rules (existing resources of the provider). */
  pathParams?: Record<string, string>;
  /** Allow-list entries (drift-baseline.ts): the first that covers a difference allows it. */
  allowed?: DriftAllowEntry[];
  /** The mock to compare with: a stateless one answers the corpus; rules get sessions of `rules`. */
  mock: Mock;
  rulesMock?: Mock;
  /** Called after each request with the number done and the total. */
  onProgress?: (done: number, total: number) => void;
}

/** One thing that differs, with both values (`provider` is what the provider answered). */
export interface FieldDifference {
  field: DifferenceField;
  provider: unknown;
  mock: unknown;
}

export interface Divergence {
  operation: string;
  /** What differs, e.g. `status`, `422 item string_too_long at body.name`, `rule luna3_versions_count_up: version steps`. */
  what: string;
  differences: FieldDifference[];
  /** How many requests showed it. */
  occurrences: number;
  /** The id of the shortest request that showed it, and the line that sends it (the steps, for a rule). */
  request: string;
  curl: string;
  /** The reason of the allow-list entry that covers it, when one does. */
  allowed?: string;
}

export interface OperationDrift {
  operationId: string;
  method: string;
  path: string;
  /** Requests compared, and how many of them agreed in full. */
  requests: number;
  agreed: number;
  divergences: number;
  allowed: number;
}

export interface DriftReport {
  source: string;
  withWrites: boolean;
  startedAt: string;
  durationMs: number;
  /** Requests sent to the provider (or read from cassettes). */
  requests: number;
  /** What the first round's answers were, when none looked like this API's; nothing else was sent. */
  notTheApi?: string;
  operations: OperationDrift[];
  /** The divergences no allow-list entry covers, then the allowed ones. */
  divergences: Divergence[];
  /** No divergence outside the allow list. */
  agrees: boolean;
}

export interface DriftRun {
  report: DriftReport;
  /** The provider's answers, by operation, as cassettes record them (the corpus's credential placeholder, never a real one). */
  interactions: Interaction[];
  /** Every difference of every request (the report names one request per divergence), for `--write-baseline`. */
  seen: SeenDifference[];
}

const ORIGIN = 'https://drift.mock.test';

/** Unanswered requests of an operation (timeouts, refused or reset connections) before the rest of it is not sent. */
const FAILURES_BEFORE_GIVING_UP = 3;

/** The credential headers of a request replaced by the ones held (the mock checks only that one is there). */
function withCredentials(op: Operation, request: CorpusRequest, credentials: Credentials): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !isCredentialHeader(name)));
  return { ...headers, ...lowerKeys(credentialHeaderOf(op, credentials)) };
}

const lowerKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

const UUID_FORMS =
  /^(urn:uuid:|\{)?([0-9a-f]{8})(-?)([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})(\}?)$/i;

/** A UUID in any form pydantic reads, replaced by its fresh counterpart in the same form. */
function freshUuid(value: string, fresh: (hex: string) => string): string {
  const m = UUID_FORMS.exec(value);
  if (!m) return value;
  const hex = fresh([m[2], m[4], m[5], m[6], m[7]].join('').toLowerCase());
  const hyphenated = m[3] === '-';
  const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)];
  const body = hyphenated ? parts.join('-') : hex;
  const cased = value === value.toUpperCase() && /[A-F]/.test(value) ? body.toUpperCase() : body;
  return `${m[1] ?? ''}${cased}${m[8]!}`;
}

/** The corpus request with its path parameters fresh for this run (or fixed by the user). */
function freshened(
  op: Operation,
  request: CorpusRequest,
  pathParams: Record<string, string>,
  fresh: (hex: string) => string,
): CorpusRequest {
  const segments = segmentsUnder(op.path, request.path);
  if (!segments) return request;
  const path = segments
    .map(({ sent, parameter }) => {
      if (parameter === undefined) return sent;
      if (pathParams[parameter] !== undefined) return encodeURIComponent(pathParams[parameter]);
      return encodeURIComponent(freshUuid(decodeURIComponent(sent), fresh));
    })
    .join('/');
  return { ...request, path };
}

/** Sends one request to the provider as is; a failure is an answer with status 0 and its reason. */
async function sendToProvider(
  source: Extract<DriftSource, { type: 'live' }>,
  request: CorpusRequest,
  headers: Record<string, string>,
): Promise<RecordedAnswer> {
  const answer = await rawRequest(source.baseUrl, {
    method: request.method,
    path: request.path,
    headers,
    ...(request.body === undefined ? {} : { body: bodyBytes(request.body) }),
    timeoutMs: source.timeoutMs,
  });
  if (isFailure(answer)) return { status: 0, headers: {}, body: `no answer: ${answer.failure}` };
  const contentType = answer.headers['content-type'];
  return {
    status: answer.status,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: parsed(answer.body),
  };
}

/** An answer as the verifier's first round reads it (is this the API at all?). */
function outcomeOf(answer: RecordedAnswer): Outcome {
  if (answer.status === 0) return { type: 'network error', message: String(answer.body) };
  const json = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(answer.headers['content-type'] ?? '');
  const notJson = !json ? 'not JSON' : typeof answer.body === 'string' ? 'invalid JSON' : undefined;
  return {
    type: 'response',
    status: answer.status,
    contentType: answer.headers['content-type'] ?? null,
    body: notJson ? undefined : answer.body,
    ...(notJson ? { notJson } : {}),
  };
}

async function mockAnswer(
  mock: Mock,
  request: CorpusRequest,
  headers: Record<string, string>,
): Promise<RecordedAnswer> {
  return answerOf(await mock.fetch(toRequest(ORIGIN, { ...request, headers })));
}

/** What is wrong with an answer against the contract: its schema, and the operation's rules on one answer. */
function contractProblems(op: Operation, request: CorpusRequest, answer: RecordedAnswer): string[] {
  if (answer.status === 422)
    return validationErrorValidator(answer.body) ? [] : ['the 422 body is not an HTTPValidationError'];
  if (answer.status !== 200) return [];
  if (!op.validateResponse(answer.body))
    return (op.validateResponse.errors ?? []).slice(0, 1).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  const body: unknown = request.body !== undefined && 'text' in request.body ? parsed(request.body.text) : undefined;
  const ruleRequest = { path: pathParameters(op.path, request.path), body };
  return providerChecks
    .filter((check) => check.operationId === op.id)
    .flatMap((check) => check.check(ruleRequest, answer.body).map((p) => `${check.name}: ${p.message}`));
}

/** `body.LogStreamSignalsConfigurationPut.notification_severities.*`: a loc with its indexes made one. */
const locName = (loc: unknown) =>
  Array.isArray(loc) ? loc.map((part) => (typeof part === 'number' ? '*' : String(part))).join('.') : String(loc);

interface Occurrence {
  key: string;
  operation: string;
  what: string;
  differences: FieldDifference[];
  request: CorpusRequest;
  curl: string;
  allowed?: string;
  /** The differences as compared, for the run's `seen`. */
  observed: Difference[];
}

/** The differences of one answer, grouped into the occurrences of divergences. */
function occurrencesOf(
  op: Operation,
  request: CorpusRequest,
  provider: RecordedAnswer,
  mock: RecordedAnswer,
  allow: AllowMatcher,
  curl: string,
): Occurrence[] {
  // No answer at all: the provider's side of the status says why.
  const differences: Difference[] = compareAnswers(provider, mock, 'each').map((d) =>
    d.field === 'status' && provider.status === 0 ? { ...d, expected: provider.body } : d,
  );
  if (!differences.some((d) => d.field === 'status')) {
    const [p, m] = [contractProblems(op, request, provider), contractProblems(op, request, mock)];
    if (JSON.stringify(p) !== JSON.stringify(m) && (p.length === 0 || m.length === 0))
      differences.push({
        field: 'validity',
        kind: 'validity',
        expected: p.length === 0 ? 'keeps the contract' : p[0],
        actual: m.length === 0 ? 'keeps the contract' : m[0],
      });
  }
  const groups = new Map<string, Occurrence>();
  for (const d of differences) {
    const entry = allow(request.id, d);
    let what: string;
    let key: string;
    if (d.item) {
      what = `422 item ${String(d.item.type)} at ${locName(d.item.loc)}`;
      key = `item ${String(d.item.type)} ${locName(d.item.loc)}`;
    } else if (d.field === 'items') {
      const describe = (items: unknown) =>
        (items as ValidationItem[]).map((i) => `${String(i.type)} at ${locName(i.loc)}`).join(', ') || 'none';
      what = `422 items only the provider has: ${describe(d.expected)}; only the mock has: ${describe(d.actual)}`;
      key = `items ${what}`;
    } else {
      what = d.field === 'validity' ? 'validity against the contract' : d.field;
      key = `${d.field} ${JSON.stringify(d.expected)} ${JSON.stringify(d.actual)}`;
    }
    key = `${op.id}\n${key}\n${String(entry?.reason)}`;
    const group = groups.get(key) ?? {
      key,
      operation: op.id,
      what,
      differences: [],
      request,
      curl,
      ...(entry ? { allowed: entry.reason } : {}),
      observed: [],
    };
    group.differences.push({ field: d.field, provider: d.expected, mock: d.actual });
    group.observed.push(d);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The divergences of the occurrences: one per key, its example the shortest request. */
function divergencesOf(occurrences: Occurrence[]): Divergence[] {
  const byKey = new Map<string, { first: Occurrence; count: number }>();
  for (const o of occurrences) {
    const seen = byKey.get(o.key);
    if (!seen) byKey.set(o.key, { first: o, count: 1 });
    else {
      seen.count++;
      if (o.curl.length < seen.first.curl.length) seen.first = o;
    }
  }
  return [...byKey.values()]
    .map(({ first, count }) => ({
      operation: first.operation,
      what: first.what,
      differences: first.differences,
      occurrences: count,
      request: first.request.id,
      curl: first.curl,
      ...(first.allowed === undefined ? {} : { allowed: first.allowed }),
    }))
    .sort(
      (a, b) =>
        Number(a.allowed !== undefined) - Number(b.allowed !== undefined) ||
        a.operation.localeCompare(b.operation) ||
        b.occurrences - a.occurrences ||
        a.what.localeCompare(b.what),
    );
}

/** Runs `use` over `items`, `concurrency` at a time. */
async function forEachConcurrently<T>(items: T[], concurrency: number, use: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await use(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** The run's fresh identifiers: a new UUID for each identifier of the corpus, the same one each time it recurs. */
function freshOf(pathParams: Record<string, string>): Fresh & { hex: (old: string) => string } {
  const map = new Map<string, string>();
  const run = randomUUID().slice(0, 8);
  let emails = 0;
  return {
    uuid: () => randomUUID(),
    email: () => `drift-${run}-${++emails}@example.org`,
    pathParams,
    hex: (old) => map.get(old) ?? map.set(old, randomUUID().replace(/-/g, '')).get(old)!,
  };
}

/** A rule across requests to compare: its steps, and the provider's answers when recorded. */
interface RuleRun {
  scenario: RuleScenario;
  steps: CorpusRequest[];
  provider?: RecordedAnswer[];
}

/** What comparing a rule takes from the run. */
interface RuleContext {
  providerAnswer: (op: Operation, request: CorpusRequest) => Promise<RecordedAnswer>;
  progress: () => void;
  mock: Mock;
  credentials: Credentials;
  fresh: Fresh;
  allow: AllowMatcher;
  curlOf: (request: CorpusRequest) => string;
}

/** Sends a rule's steps to the provider (or reads them recorded) and to a session of the mock, and compares what each side's answers say of the rule. */
async function compareRule(
  rule: RuleRun,
  op: Operation,
  context: RuleContext,
): Promise<{ occurrences: Occurrence[]; interactions: Interaction[] }> {
  const provider: RecordedAnswer[] = [];
  for (const step of rule.steps)
    provider.push(rule.provider?.[provider.length] ?? (await context.providerAnswer(op, step)));
  if (rule.provider) rule.provider.forEach(() => context.progress());
  const session = { 'x-mock-session': `drift-${rule.scenario.name}-${randomUUID()}` };
  const headersOf = (r: CorpusRequest) => ({ ...withCredentials(op, r, context.credentials), ...session });
  for (const [i, step] of (rule.scenario.prepare?.(provider, context.fresh) ?? []).entries())
    await mockAnswer(context.mock, stepRequest(rule.scenario, step, i, 'preparation'), headersOf(rule.steps[0]!));
  const mock: RecordedAnswer[] = [];
  for (const step of rule.steps) mock.push(await mockAnswer(context.mock, step, headersOf(step)));
  const interactions = rule.steps.map((step, i) => ({ request: step, response: provider[i]! }));
  const [seenByProvider, seenByMock] = [
    rule.scenario.observe(provider, rule.steps),
    rule.scenario.observe(mock, rule.steps),
  ];
  const curl = rule.steps.map(context.curlOf).join(' && ');
  const id = `${op.id} rule: ${rule.scenario.name}`;
  const occurrences: Occurrence[] = [];
  for (const aspect of Object.keys(seenByProvider)) {
    if (seenByProvider[aspect] === seenByMock[aspect]) continue;
    const difference: Difference = {
      field: 'rule',
      kind: aspect,
      expected: seenByProvider[aspect],
      actual: seenByMock[aspect],
    };
    const entry = context.allow(id, difference);
    occurrences.push({
      key: `${op.id}\nrule ${rule.scenario.name} ${aspect}\n${String(entry?.reason)}`,
      operation: op.id,
      what: `rule ${rule.scenario.name}: ${aspect}`,
      differences: [{ field: 'rule', provider: seenByProvider[aspect], mock: seenByMock[aspect] }],
      request: { ...rule.steps[0]!, id },
      curl,
      ...(entry ? { allowed: entry.reason } : {}),
      observed: [difference],
    });
  }
  return { occurrences, interactions };
}

/** Sends (or replays) the corpus and the rules, and compares every answer with the mock's. */
export async function drift(options: DriftOptions): Promise<DriftRun> {
  const started = Date.now();
  const ops = options.operations ?? allOperations;
  const opById = new Map(ops.map((op) => [op.id, op]));
  const allow = allowMatcher(options.allowed ?? []);
  const source = options.source;
  const pathParams = options.pathParams ?? {};
  // Replayed requests carry no credential: the mock is sent a placeholder (it checks that one is
  // there), and a curl line names the variable of the header the operation takes first.
  const credentials: Credentials =
    source.type === 'live' ? source.credentials : { apiKey: 'placeholder', classicApiKey: 'placeholder' };
  const fresh = freshOf(pathParams);
  const curlOf = (request: CorpusRequest) =>
    curlLine(source.baseUrl, {
      ...request,
      headers: withCredentials(opById.get(request.operation)!, request, credentials),
    });

  // The requests to compare: the corpus's (or the cassettes'), each with the mock's answer; a
  // request the mock accepts writes, and is sent only with writes.
  const candidates: CorpusRequest[] =
    source.type === 'replay'
      ? source.interactions.map((i) => i.request).filter((r) => r.kind !== 'rule' && opById.has(r.operation))
      : conformanceCorpus({ seed: 45, operations: ops });
  const planned: { op: Operation; request: CorpusRequest; mock: RecordedAnswer }[] = [];
  for (const corpusRequest of candidates) {
    const op = opById.get(corpusRequest.operation)!;
    const mockOf = (r: CorpusRequest) => mockAnswer(options.mock, r, withCredentials(op, r, credentials));
    const first = await mockOf(corpusRequest);
    const writes = isSuccess(first.status);
    if (writes && !options.withWrites) continue;
    if (writes && source.type === 'live') {
      const request = freshened(op, corpusRequest, pathParams, fresh.hex);
      planned.push({ op, request, mock: request === corpusRequest ? first : await mockOf(request) });
    } else planned.push({ op, request: corpusRequest, mock: first });
  }

  // The rules across requests: their steps, fresh (live) or recorded (replay).
  const rules: RuleRun[] = [];
  if (options.withWrites) {
    for (const scenario of ruleScenarios.filter((s) => opById.has(s.operationId))) {
      if (source.type === 'live')
        rules.push({ scenario, steps: scenario.steps(fresh).map((step, i) => stepRequest(scenario, step, i)) });
      else {
        const recorded = source.interactions
          .filter((i) => scenarioOfStep(i.request)?.scenario === scenario)
          .sort((a, b) => scenarioOfStep(a.request)!.index - scenarioOfStep(b.request)!.index);
        if (recorded.length > 0)
          rules.push({ scenario, steps: recorded.map((i) => i.request), provider: recorded.map((i) => i.response) });
      }
    }
  }

  const total = planned.length + rules.reduce((n, r) => n + r.steps.length, 0);
  let done = 0;
  const progress = () => {
    done++;
    options.onProgress?.(done, total);
  };
  const recordedAnswers = new Map(
    source.type === 'replay' ? source.interactions.map((i) => [i.request.id, i.response]) : [],
  );
  // After this many requests of an operation went unanswered, the rest of it is not sent: a server
  // that hangs costs a few timeouts, not one per request.
  const failures = new Map<string, number>();
  const providerAnswer = async (op: Operation, request: CorpusRequest): Promise<RecordedAnswer> => {
    let answer: RecordedAnswer;
    if (source.type === 'replay') answer = recordedAnswers.get(request.id)!;
    else if ((failures.get(op.id) ?? 0) >= FAILURES_BEFORE_GIVING_UP)
      answer = { status: 0, headers: {}, body: `not sent: ${FAILURES_BEFORE_GIVING_UP} requests went unanswered` };
    else {
      answer = await sendToProvider(source, request, withCredentials(op, request, source.credentials));
      if (answer.status === 0) failures.set(op.id, (failures.get(op.id) ?? 0) + 1);
    }
    progress();
    return answer;
  };

  const answers = new Map<CorpusRequest, RecordedAnswer>();
  let notApi: string | undefined;
  if (source.type === 'live') {
    // The first round, the first request of each operation, shows whether the server is this API.
    const firstRound = ops.flatMap((op) => planned.find((p) => p.op === op) ?? []);
    const round: { op: Operation; outcome: Outcome }[] = [];
    await forEachConcurrently(firstRound, source.concurrency, async (p) => {
      const answer = await providerAnswer(p.op, p.request);
      answers.set(p.request, answer);
      round.push({ op: p.op, outcome: outcomeOf(answer) });
    });
    notApi = notTheApi(round);
  }
  if (notApi === undefined) {
    const rest = planned.filter((p) => !answers.has(p.request));
    const concurrency = source.type === 'live' ? source.concurrency : 1;
    await forEachConcurrently(rest, concurrency, async (p) => {
      answers.set(p.request, await providerAnswer(p.op, p.request));
    });
  }

  const occurrences: Occurrence[] = [];
  const perOperation = new Map(ops.map((op) => [op.id, { requests: 0, agreed: 0 }]));
  const interactions: Interaction[] = [];
  for (const p of planned) {
    const provider = answers.get(p.request);
    if (!provider) continue;
    interactions.push({ request: p.request, response: provider });
    const found = occurrencesOf(p.op, p.request, provider, p.mock, allow, curlOf(p.request));
    const counts = perOperation.get(p.op.id)!;
    counts.requests++;
    if (found.length === 0) counts.agreed++;
    occurrences.push(...found);
  }

  if (notApi === undefined) {
    const context: RuleContext = {
      providerAnswer,
      progress,
      mock: options.rulesMock ?? options.mock,
      credentials,
      fresh,
      allow,
      curlOf,
    };
    for (const rule of rules) {
      const op = opById.get(rule.scenario.operationId)!;
      const compared = await compareRule(rule, op, context);
      interactions.push(...compared.interactions);
      occurrences.push(...compared.occurrences);
      const counts = perOperation.get(op.id)!;
      counts.requests += rule.steps.length;
      if (compared.occurrences.length === 0) counts.agreed += rule.steps.length;
    }
  }

  const divergences = divergencesOf(occurrences);
  const operationsReport = ops.map((op): OperationDrift => {
    const counts = perOperation.get(op.id)!;
    const mine = divergences.filter((d) => d.operation === op.id);
    return {
      operationId: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      requests: counts.requests,
      agreed: counts.agreed,
      divergences: mine.filter((d) => d.allowed === undefined).length,
      allowed: mine.filter((d) => d.allowed !== undefined).length,
    };
  });
  return {
    report: {
      source: source.baseUrl,
      withWrites: options.withWrites,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      requests: done,
      ...(notApi === undefined ? {} : { notTheApi: notApi }),
      operations: operationsReport,
      divergences,
      agrees: notApi === undefined && divergences.every((d) => d.allowed !== undefined),
    },
    interactions,
    seen: occurrences.flatMap((o) =>
      o.observed.map((difference) => ({
        request: o.request.id,
        difference,
        ...(o.allowed === undefined ? {} : { allowed: o.allowed }),
      })),
    ),
  };
}
