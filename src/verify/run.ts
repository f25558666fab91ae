/// <reference types="node" />
// The verifier's run: a plan of requests per operation (generated valid requests, one per derived
// constraint violated alone, one without a credential, hostile input, the probes of the operations'
// rules), sent with bounded concurrency and a timeout each, every exchange judged by the checks
// that apply to it, failures grouped by check and operation. A first round (the first valid and
// the first invalid request of each operation) goes out before the rest, which is not sent when
// no answer of that round looks like this API's.
import fc from 'fast-check';
import { operationSecurity, type Credentials, type SecuritySchemeName } from '../client/index.js';
import { answerOf, checksOfKind, everyAnswer, type Problem } from './checks.js';
import { derive, type Constraint } from './constraints.js';
import { sendJson, sendRaw, type Exchange, type Kind, type Outcome, type Request } from './exchange.js';
import { arbitraryOf } from './generate.js';
import { hostileCases } from './hostile.js';
import { credentialHeaderOf, urlPathOf, type Operation } from './operations.js';
import type { RawRequest } from './raw.js';
import { providerChecks } from '../rules/index.js';
import { validSample, type Sample } from './samples.js';
import { seedsOf } from './seed.js';

export interface VerifyOptions {
  baseUrl: string;
  /** Generated valid requests per operation (besides edges, absorbed violations and rule probes). */
  requests: number;
  concurrency: number;
  timeoutMs: number;
  seed: number;
  credentials: Credentials;
  /** Fixed values of path parameters (existing resources of the server), instead of generated ones. */
  pathParams: Record<string, string>;
  /** Called after each request with the number done and the total. */
  onProgress?: (done: number, total: number) => void;
}

/** After this many timeouts, the rest of an operation's requests are not sent (the run stays bounded). */
const TIMEOUTS_BEFORE_GIVING_UP = 3;

interface Task {
  kind: Kind;
  label: string;
  constraint?: Constraint;
  /** The JSON request (sent through the client), or the raw one. */
  json?: { request: Request; auth: Credentials };
  raw?: RawRequest;
}

export interface OperationPlan {
  operation: Operation;
  tasks: Task[];
}

export interface FailureGroup {
  check: string;
  message: string;
  occurrences: number;
  /** The shortest request that showed it. */
  example: { label: string; request: string };
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  sent: Record<Kind, number>;
  /** Requests not sent, by reason: the operation timed out repeatedly, or the client refused one. */
  notSent: Record<string, number>;
  /** Of answered valid requests, in milliseconds. */
  latency: { p50: number; p99: number; max: number } | null;
  /** The checks and rules that judged at least one exchange. */
  checked: string[];
  failures: FailureGroup[];
}

export interface Report {
  baseUrl: string;
  seed: number;
  startedAt: string;
  durationMs: number;
  requests: number;
  conforms: boolean;
  /** What the first round's answers were, when none looked like this API's; nothing else was sent. */
  notTheApi?: string;
  operations: OperationReport[];
  /** What each check and rule asserts (a rule: its reason, from the spec). */
  checks: Record<string, string>;
}

const KINDS: Kind[] = ['valid', 'negative', 'no credential', 'hostile', 'rule'];
const emptyCounts = (): Record<Kind, number> => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;

/** The credential of one scheme alone, when it is held. */
function onlyScheme(scheme: SecuritySchemeName, credentials: Credentials): Credentials | undefined {
  const key = (
    {
      APIKeyHeader: 'apiKey',
      ClassicAPIKeyHeader: 'classicApiKey',
      OAuth2PasswordBearer: 'accessToken',
      HTTPBasic: 'basic',
    } as const
  )[scheme];
  return credentials[key] === undefined ? undefined : { [key]: credentials[key] };
}

/** The provider checks of one operation's rules (src/rules/). */
const rulesOf = (op: Operation) => providerChecks.filter((r) => r.operationId === op.id);

/** Whether the operation may be called without any credential (generated/security.ts). */
export function credentialOptional(op: Operation): boolean {
  return operationSecurity[`${op.method.toUpperCase()} ${op.path}`]?.optional ?? op.schemes.length === 0;
}

/** The schemes of an operation for which a credential is held. */
export function heldSchemes(op: Operation, credentials: Credentials): SecuritySchemeName[] {
  return op.schemes.filter((scheme) => onlyScheme(scheme, credentials) !== undefined);
}

/** Every request the run sends to one operation, in order. */
export function planOperation(
  op: Operation,
  options: Pick<VerifyOptions, 'requests' | 'seed' | 'credentials' | 'pathParams'>,
): OperationPlan {
  const seedFor = seedsOf(options.seed);
  const auth = options.credentials;
  const tasks: Task[] = [];
  // The fixed path parameters replace generated ones everywhere, except the one a constraint violates.
  const fixed = Object.fromEntries(
    op.pathParameters
      .filter((p) => options.pathParams[p.name] !== undefined)
      .map((p) => [p.name, options.pathParams[p.name]!]),
  );
  const withFixed = (request: Request, except?: string): Request => ({
    ...request,
    path: { ...request.path, ...Object.fromEntries(Object.entries(fixed).filter(([name]) => name !== except)) },
  });
  const json = (kind: Kind, label: string, request: Request, credentials = auth, constraint?: Constraint) =>
    tasks.push({
      kind,
      label,
      json: {
        request: withFixed(request, constraint?.in === 'path' ? String(constraint.path[0]) : undefined),
        auth: credentials,
      },
      ...(constraint ? { constraint } : {}),
    });

  // Generated valid requests, spread over the variants; optional fields filled or left out, unknown fields in open objects.
  const pathArbitrary = fc.record(
    Object.fromEntries(op.pathParameters.map((p) => [p.name, arbitraryOf(p.variants[0]!).map(String)])),
  ) as fc.Arbitrary<Record<string, string>>;
  for (let i = 0; i < options.requests; i++) {
    const vi = i % op.variants.length;
    const variant = op.variants[vi]!;
    const [request] = fc.sample(
      fc.record({ path: pathArbitrary, body: arbitraryOf(variant, { fill: i % 2 === 0, extras: true }) }),
      { seed: seedFor(`${op.id}#valid#${i}`), numRuns: 1 },
    );
    if (!request || !op.validateRequest(request.body))
      throw new Error(`generator bug: an invalid request of ${op.id} was generated`);
    json('valid', `generated request ${i + 1} (variant ${vi + 1} of ${op.variants.length})`, request);
  }
  // Each credential the operation accepts, alone.
  const sample = withFixed(validSample(op, 'verify', seedFor)) as Sample;
  for (const scheme of op.schemes) {
    const alone = onlyScheme(scheme, auth);
    if (alone) json('valid', `a valid request with the ${scheme} credential alone`, sample, alone);
  }
  // Every derived constraint, violated alone; edges of every bound and enum; unknown fields in open objects.
  const { constraints, probes } = derive(op, { seedFor, bases: 1 });
  for (const constraint of constraints) {
    for (const kase of constraint.cases) {
      if (kase.verdict === 'absorbed')
        json('valid', `${constraint.id} (absorbed by another branch: valid)`, kase.request);
      else json('negative', constraint.id, kase.request, auth, constraint);
    }
  }
  for (const probe of probes) json('valid', `${probe.kind}: ${probe.id}`, probe.request);
  // No credential where one is required.
  if (!credentialOptional(op)) {
    tasks.push({
      kind: 'no credential',
      label: 'a valid request without any credential',
      raw: {
        method: op.method.toUpperCase(),
        path: urlPathOf(op, sample.path),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sample.body),
      },
    });
  }
  // Hostile input.
  for (const hostile of hostileCases(op, sample, credentialHeaderOf(op, auth)))
    tasks.push({ kind: 'hostile', label: hostile.label, raw: hostile.request });
  // The probes of the operation's rules, from a sample of every variant.
  const samples = op.variants.map((_, vi) => withFixed(validSample(op, `rule#${vi}`, seedFor, vi)));
  for (const rule of rulesOf(op)) {
    for (const probe of rule.probes?.(samples) ?? []) {
      // A probe is a sample's JSON body, edited: sent only when still valid.
      if (op.validateRequest(probe.request.body))
        json('rule', `${rule.name}: ${probe.label}`, probe.request as Request);
    }
  }
  return { operation: op, tasks };
}

/** What was sent, for the report: the method and the full URL (the base URL's path prefix too), then the body. */
function describeSent(op: Operation, task: Task, baseUrl: string): string {
  if (task.json) {
    const { request } = task.json;
    const body = request.body === undefined ? '(no body)' : JSON.stringify(request.body);
    return `${op.method.toUpperCase()} ${baseUrl}${urlPathOf(op, request.path)} ${body.length > 400 ? `${body.slice(0, 400)}… (${body.length} characters)` : body}`;
  }
  const raw = task.raw!;
  const body = raw.body === undefined ? '' : Buffer.isBuffer(raw.body) ? raw.body.toString('utf8') : raw.body;
  const shown = body.length > 200 ? `${body.slice(0, 200)}… (${Buffer.byteLength(body)} bytes)` : body;
  const path = raw.path.length > 200 ? `${raw.path.slice(0, 200)}…` : raw.path;
  return `${raw.method} ${baseUrl}${path} [content-type: ${raw.headers?.['content-type'] ?? 'none'}] ${JSON.stringify(shown)}`;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Judges one exchange: the checks of every answer, those of its kind, and the operation's rules. */
function judge(exchange: Exchange, task: Task, timeoutMs: number): { check: string; problem: Problem }[] {
  const context = { timeoutMs, ...(task.constraint ? { constraint: task.constraint } : {}) };
  const found: { check: string; problem: Problem }[] = [];
  for (const check of [...everyAnswer, ...checksOfKind[exchange.kind]]) {
    for (const problem of check.run(exchange, context)) found.push({ check: check.name, problem });
  }
  // The operation's rules judge a 200 to a valid or rule request (always a JSON one), when the schema
  // accepts its body: a body that breaks the schema is named once, by its check (one that is not
  // JSON has no body).
  const answer = answerOf(exchange);
  if (
    (exchange.kind === 'valid' || exchange.kind === 'rule') &&
    answer?.status === 200 &&
    exchange.operation.validateResponse(answer.body)
  ) {
    for (const rule of rulesOf(exchange.operation)) {
      for (const problem of rule.check(exchange.request!, answer.body)) found.push({ check: rule.name, problem });
    }
  }
  return found;
}

/** The names of the checks and rules that judge exchanges of these kinds of an operation. */
function checkNames(op: Operation, kinds: Set<Kind>): string[] {
  const names = new Set(everyAnswer.map((c) => c.name));
  for (const kind of kinds) for (const check of checksOfKind[kind]) names.add(check.name);
  if (kinds.has('valid') || kinds.has('rule')) for (const rule of rulesOf(op)) names.add(rule.name);
  return [...names];
}

/** Statuses that say the server has no such path or method. */
const NO_SUCH_ROUTE = [404, 405, 501];

/**
 * What one answer says about the server: that it is this API, that it is not (no JSON, which every
 * answer of the API is, or no such route), or nothing: no answer, a failure (a 5xx other than 501),
 * or a 404 to a path with parameters (the resource they name need not exist).
 */
function evidence(op: Operation, outcome: Outcome): 'the API' | 'not the API' | undefined {
  if (outcome.type !== 'response' || (outcome.status >= 500 && outcome.status !== 501)) return undefined;
  if (outcome.notJson !== undefined) return 'not the API';
  if (!NO_SUCH_ROUTE.includes(outcome.status)) return 'the API';
  return outcome.status === 404 && op.pathParameters.length > 0 ? undefined : 'not the API';
}

/**
 * When no answer of the first round says the server is this API and some say it is not (a static
 * file server, a wrong base path): what they were, e.g. `14 of 14 requests answered 404 with JSON`.
 */
export function notTheApi(round: { op: Operation; outcome: Outcome }[]): string | undefined {
  const said = round.map(({ op, outcome }) => evidence(op, outcome));
  if (said.includes('the API') || !said.includes('not the API')) return undefined;
  const counts = new Map<string, number>();
  for (const { outcome } of round) {
    if (outcome.type !== 'response') continue;
    const what = `${outcome.status} with ${outcome.notJson === undefined ? 'JSON' : 'no JSON'}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([what, n], i) => `${n}${i === 0 ? ` of ${round.length} requests` : ''} answered ${what}`)
    .join(', ');
}

/** Sends the plan and judges every answer (the plan already holds the requests, path parameters and credentials). */
export async function verify(
  plans: OperationPlan[],
  options: Omit<VerifyOptions, 'requests' | 'pathParams' | 'credentials'>,
): Promise<Report> {
  const started = Date.now();
  const total = plans.reduce((n, p) => n + p.tasks.length, 0);
  const state = plans.map((plan) => ({
    plan,
    sent: emptyCounts(),
    notSent: Object.create(null) as Record<string, number>,
    timeouts: 0,
    latencies: [] as number[],
    groups: new Map<string, FailureGroup>(),
  }));
  let done = 0;

  /** Sends one task and judges its answer; returns what came back (nothing when it was not sent). */
  async function perform(s: (typeof state)[number], task: Task): Promise<Outcome | undefined> {
    const op = s.plan.operation;
    const skip = (reason: string): undefined => {
      s.notSent[reason] = (s.notSent[reason] ?? 0) + 1;
    };
    if (s.timeouts >= TIMEOUTS_BEFORE_GIVING_UP) return skip(`after ${TIMEOUTS_BEFORE_GIVING_UP} timeouts`);
    const { outcome, ms }: { outcome: Outcome; ms: number } = task.json
      ? await sendJson(options.baseUrl, op, task.json.request, task.json.auth, options.timeoutMs)
      : await sendRaw(options.baseUrl, task.raw!, options.timeoutMs);
    if (outcome.type === 'not sent') return skip(`refused by the client (${outcome.reason})`);
    s.sent[task.kind]++;
    if (outcome.type === 'timeout') s.timeouts++;
    if ((task.kind === 'valid' || task.kind === 'rule') && outcome.type === 'response') s.latencies.push(ms);
    const exchange: Exchange = {
      operation: op,
      kind: task.kind,
      label: task.label,
      sent: describeSent(op, task, options.baseUrl),
      outcome,
      ms,
      ...(task.json ? { request: task.json.request } : {}),
    };
    for (const { check, problem } of judge(exchange, task, options.timeoutMs)) {
      const key = `${check}\n${problem.key}`;
      const group = s.groups.get(key);
      if (!group)
        s.groups.set(key, {
          check,
          message: problem.message,
          occurrences: 1,
          example: { label: task.label, request: exchange.sent },
        });
      else {
        group.occurrences++;
        // The shortest request that shows a fault is the easiest to read and replay.
        if (exchange.sent.length < group.example.request.length)
          Object.assign(group, { message: problem.message, example: { label: task.label, request: exchange.sent } });
      }
    }
    return outcome;
  }

  /** Performs the tasks, `concurrency` at a time; returns the outcome of each one sent. */
  async function performAll(
    queue: { s: (typeof state)[number]; task: Task }[],
  ): Promise<{ op: Operation; outcome: Outcome }[]> {
    const outcomes: { op: Operation; outcome: Outcome }[] = [];
    let next = 0;
    async function worker(): Promise<void> {
      while (next < queue.length) {
        const { s, task } = queue[next++]!;
        const outcome = await perform(s, task);
        if (outcome) outcomes.push({ op: s.plan.operation, outcome });
        done++;
        options.onProgress?.(done, total);
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, worker));
    return outcomes;
  }

  // The first round, the first valid and the first invalid request of each operation, shows
  // whether the server is this API at all; when it is not, nothing more is sent.
  const firstRound = state.flatMap((s) =>
    [s.plan.tasks.find((t) => t.kind === 'valid'), s.plan.tasks.find((t) => t.kind === 'negative')].flatMap((task) =>
      task ? [{ s, task }] : [],
    ),
  );
  const seen = notTheApi(await performAll(firstRound));
  if (seen === undefined)
    await performAll(
      state.flatMap((s) =>
        s.plan.tasks.filter((task) => !firstRound.some((r) => r.task === task)).map((task) => ({ s, task })),
      ),
    );

  const operations = state.map((s): OperationReport => {
    const op = s.plan.operation;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const kinds = new Set(s.plan.tasks.map((t) => t.kind));
    return {
      operationId: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      sent: s.sent,
      notSent: s.notSent,
      latency:
        sorted.length === 0
          ? null
          : {
              p50: round(percentile(sorted, 50)),
              p99: round(percentile(sorted, 99)),
              max: round(sorted[sorted.length - 1]!),
            },
      checked: checkNames(op, kinds),
      failures: [...s.groups.values()].sort((a, b) => a.check.localeCompare(b.check) || b.occurrences - a.occurrences),
    };
  });
  return {
    baseUrl: options.baseUrl,
    seed: options.seed,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requests: done,
    conforms: operations.every((o) => o.failures.length === 0),
    notTheApi: seen,
    operations,
    checks: Object.fromEntries<string>([
      ...[...everyAnswer, ...Object.values(checksOfKind).flat()].map((c): [string, string] => [c.name, c.description]),
      ...providerChecks.map((r): [string, string] => [r.name, `${r.operationId}: ${r.reason}`]),
    ]),
  };
}
