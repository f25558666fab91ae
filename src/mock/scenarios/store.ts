// Scenarios: what a test asks the mock to answer instead of the contract's answer, for the requests
// of one operation: an error status with the headers it chooses (a 503 with Retry-After), a body it
// chooses (checked against the spec when the operation documents the status), a delay, or a fault
// (a dropped connection, no answer at all). Each is kept per session, applies until it is used up
// (`times`) or the session is reset, and the first that applies, in the order given, wins.
//
// This module holds the scenarios' types (typed by the operations of generated/schema.d.ts), their
// check against the contract (ScenarioError), and the store the pipeline asks for each request.
// The pipeline applies what the store picks (../pipeline.ts, ../engine/engine.ts); the run-wide chaos
// of the bin (`--latency`, `--faults`) is picked here too.
import type { operations } from '../../../generated/schema.js';
import { isObject } from '../../shared/json.js';
import { pointerToken } from '../../shared/refs.js';

// ---------------------------------------------------------------------------------------------
// Types: a scenario is typed by its operation.

/** An operationId of the API. */
export type OperationId = Extract<keyof operations, string>;

type Responses<Op extends OperationId> = operations[Op]['responses'];
/** The statuses an operation documents (200 and 422 for every operation today). */
export type DocumentedStatus<Op extends OperationId> = Extract<keyof Responses<Op>, number>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The body of a documented status, as the spec states it. */
export type ResponseBody<Op extends OperationId, S extends DocumentedStatus<Op>> = JsonOf<Responses<Op>[S]>;

type Upto<N extends number, Counted extends number[] = []> = Counted['length'] extends N
  ? Counted[number]
  : Upto<N, [...Counted, Counted['length']]>;
/** A final HTTP status: 200 to 599. */
export type HttpStatus = Exclude<Upto<600>, Upto<200>>;
/** The statuses an operation does not document: allowed, and labelled as outside the contract. */
export type UndocumentedStatus<Op extends OperationId> = Exclude<HttpStatus, DocumentedStatus<Op>>;

/** The path parameters of an operation, as sent (strings). */
export type PathParams<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P }
  ? { [K in keyof P]: string }
  : Record<string, never>;
/** An operation's request body, as the spec states it. */
export type RequestBody<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** Milliseconds, or a range `[min, max]` drawn from the mock's seed. */
export type Delay = number | readonly [number, number];
/** Response headers a scenario sets (Content-Type among them, for a body that is not JSON). */
export type ScenarioHeaders = Record<string, string>;

/** A request as a scenario's `match` function reads it: typed by its operation, the body only when the request is valid. */
export type MatchedRequest<Op extends OperationId = OperationId> = {
  operationId: Op;
  session: string;
  method: string;
  path: string;
  pathParams: PathParams<Op>;
  query: Record<string, string | string[]>;
} & ({ valid: true; body: RequestBody<Op> | null } | { valid: false; body: unknown });

/** Which requests of the operation a scenario applies to: their path parameters and query (as sent), or a function (in-process only). */
export type Match<Op extends OperationId> =
  { path?: Partial<PathParams<Op>>; query?: Record<string, string> } | ((request: MatchedRequest<Op>) => boolean);

interface Common<Op extends OperationId> {
  operation: Op;
  /** how many matching requests it answers; default: every one until the session is reset */
  times?: number;
  /** which requests; default: all of the operation's */
  match?: Match<Op>;
  /** in-process: the session (`X-Mock-Session`) it applies to; default `default`. Over HTTP, the request's session. */
  session?: string;
  /** waits this long before the answer or the fault; the caller's AbortSignal stops the wait */
  delay?: Delay;
}
type Documented<Op extends OperationId> = {
  [S in DocumentedStatus<Op>]: { status: S; body?: ResponseBody<Op, S>; headers?: ScenarioHeaders; fault?: never };
}[DocumentedStatus<Op>];
interface Undocumented<Op extends OperationId> {
  status: UndocumentedStatus<Op>;
  body?: unknown;
  headers?: ScenarioHeaders;
  fault?: never;
}
interface Fault {
  /** `reset`: the connection drops; `hang`: no answer until the caller aborts */
  fault: 'reset' | 'hang';
  status?: never;
  body?: never;
  headers?: never;
}
interface DelayOnly {
  delay: Delay;
  status?: never;
  body?: never;
  headers?: never;
  fault?: never;
}

/** A scenario of one operation: a status (with its body and headers), a fault, or a delay before the contract's answer. */
export type Scenario<Op extends OperationId = OperationId> = Op extends OperationId
  ? Common<Op> & (Documented<Op> | Undocumented<Op> | Fault | DelayOnly)
  : never;

/** A scenario as the mock lists it (`GET /__mock/scenarios`, `mock.scenarios()`). */
export interface ListedScenario {
  /** its number in its session, from 0, in the order scenarios were added since the last reset */
  index: number;
  operation: string;
  status?: number;
  body?: unknown;
  headers?: ScenarioHeaders;
  delay?: Delay;
  fault?: 'reset' | 'hang';
  /** a function's is listed as `"function"` */
  match?: { path?: Record<string, string>; query?: Record<string, string> } | 'function';
  /** whether the operation documents `status` */
  documented?: boolean;
  /** how many more requests it answers; null: every one until the session is reset */
  left: number | null;
}

/** One thing wrong with a scenario: where (a JSON pointer into the list of scenarios given) and why. */
export interface ScenarioViolation {
  pointer: string;
  reason: string;
}

/** Scenarios that do not fit the contract: none of them was added. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  constructor(readonly violations: ScenarioViolation[]) {
    super(`invalid scenario: ${violations.map((v) => `${v.pointer || '(the list)'}: ${v.reason}`).join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The check of scenarios against the contract.

/** What the check reads of one operation of the spec. */
export interface ContractOperation {
  pathParams: string[];
  /** the statuses it documents */
  statuses: number[];
  /** what is wrong with `body` as the body of `status` (a documented one): JSON pointers into the body, and reasons */
  bodyViolations(status: number, body: unknown): ScenarioViolation[];
  /** a valid body of a documented status: the spec's example */
  example(status: number): unknown;
}

/** A scenario checked and made ready to apply. */
export interface Rule {
  index: number;
  operation: string;
  session: string;
  left: number | null;
  delay?: Delay;
  fault?: 'reset' | 'hang';
  answer?: { status: number; documented: boolean; headers: [string, string][]; body: unknown; text?: string };
  /** which requests: the path parameters and query parameters each must have, or a function */
  match?: { path: [string, string][]; query: [string, string][] } | ((request: MatchedRequest) => boolean);
  listed: Omit<ListedScenario, 'left' | 'index'>;
}

const FIELDS = ['operation', 'status', 'body', 'headers', 'delay', 'fault', 'times', 'match', 'session'];
/** The longest delay: ten minutes (past any test's timeout). */
export const MAX_DELAY = 600_000;
/** Headers that frame the answer: the mock sets them. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value as HTTP allows it: visible ASCII and Latin-1, spaces and tabs; no CR, LF or NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const isDelay = (value: unknown): boolean =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DELAY;
/** What a delay may be: milliseconds, or a range `[min, max]` of them. */
export const isDelayOrRange = (value: unknown): boolean =>
  isDelay(value) ||
  (Array.isArray(value) && value.length === 2 && value.every(isDelay) && (value[0] as number) <= (value[1] as number));
const DELAY_RULE = `milliseconds from 0 to ${MAX_DELAY}, or [min, max] with min ≤ max`;

/**
 * Checks scenarios given as `list` (`functions`: whether a `match` may be a function, in-process);
 * returns them ready to apply, numbered from `firstIndex`, or throws ScenarioError with every
 * violation of every scenario.
 */
export function checkScenarios(
  list: unknown,
  contract: Map<string, ContractOperation>,
  options: { functions: boolean; session?: string; firstIndex: (session: string) => number },
): Rule[] {
  const violations: ScenarioViolation[] = [];
  const rules: Rule[] = [];
  if (!Array.isArray(list)) throw new ScenarioError([{ pointer: '', reason: 'scenarios must be a list' }]);
  const counted = new Map<string, number>();
  list.forEach((given, i) => {
    const at = (...parts: (string | number)[]): string =>
      `/${[i, ...parts].map((part) => pointerToken(String(part))).join('/')}`;
    const fail = (reason: string, ...parts: (string | number)[]) => violations.push({ pointer: at(...parts), reason });
    if (!isObject(given)) return fail('a scenario must be an object');
    for (const key of Object.keys(given))
      if (!FIELDS.includes(key)) fail(`unknown field "${key}" (known: ${FIELDS.join(', ')})`, key);
    const operation = contract.get(String(given.operation));
    if (typeof given.operation !== 'string' || !operation) {
      return fail(`operation must be an operationId of the spec: ${[...contract.keys()].join(', ')}`, 'operation');
    }
    const session = given.session === undefined ? (options.session ?? 'default') : given.session;
    if (typeof session !== 'string' || session.length === 0 || session.length > 200)
      fail('session must be a name of 1 to 200 characters', 'session');
    if (given.session !== undefined && !options.functions)
      fail("over HTTP the session is the request's X-Mock-Session header", 'session');
    const { status, body, headers, delay, fault, times, match } = given;
    if (status === undefined && fault === undefined && delay === undefined)
      fail('a scenario needs a status, a fault or a delay');
    if (fault !== undefined && fault !== 'reset' && fault !== 'hang') fail('fault must be "reset" or "hang"', 'fault');
    if (fault !== undefined && (status !== undefined || body !== undefined || headers !== undefined))
      fail('a fault has no status, body or headers: nothing is answered', 'fault');
    if (status === undefined && (body !== undefined || headers !== undefined))
      fail('a body or headers need a status', body !== undefined ? 'body' : 'headers');
    if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599))
      fail('status must be a whole number from 200 to 599', 'status');
    if (delay !== undefined && !isDelayOrRange(delay)) fail(`delay must be ${DELAY_RULE}`, 'delay');
    if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1))
      fail('times must be a whole number of at least 1', 'times');
    const answerHeaders: [string, string][] = [];
    if (headers !== undefined) {
      if (!isObject(headers)) fail('headers must be an object of header names to strings', 'headers');
      else {
        for (const [name, value] of Object.entries(headers)) {
          if (!TOKEN.test(name)) fail('not a header name', 'headers', name);
          else if (FRAMING.has(name.toLowerCase()))
            fail('the mock frames the answer itself: this header cannot be set', 'headers', name);
          else if (typeof value !== 'string' || !HEADER_VALUE.test(value))
            fail('a header value must be a string without CR, LF or other control characters', 'headers', name);
          else answerHeaders.push([name, value]);
        }
      }
    }
    let listedMatch: ListedScenario['match'];
    if (match !== undefined) {
      if (typeof match === 'function') {
        if (!options.functions) fail('match must be an object (functions only in-process)', 'match');
        listedMatch = 'function';
      } else if (!isObject(match))
        fail('match must be { path?, query? } or, in-process, a function of the request', 'match');
      else {
        for (const key of Object.keys(match))
          if (key !== 'path' && key !== 'query') fail(`unknown field "${key}" (known: path, query)`, 'match', key);
        for (const key of ['path', 'query'] as const) {
          const values = match[key];
          if (values === undefined) continue;
          if (!isObject(values)) {
            fail(`match.${key} must be an object of names to strings`, 'match', key);
            continue;
          }
          for (const [name, value] of Object.entries(values)) {
            if (typeof value !== 'string') fail('must be a string (as sent)', 'match', key, name);
            if (key === 'path' && !operation.pathParams.includes(name)) {
              fail(
                `not a path parameter of ${given.operation}${operation.pathParams.length ? ` (it has ${operation.pathParams.join(', ')})` : ' (it has none)'}`,
                'match',
                key,
                name,
              );
            }
          }
        }
        listedMatch = match;
      }
    }
    let answer: Rule['answer'];
    if (typeof status === 'number') {
      const documented = operation.statuses.includes(status);
      const contentType = answerHeaders.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      if (documented && body !== undefined) {
        for (const violation of operation.bodyViolations(status, body))
          violations.push({ pointer: `${at('body')}${violation.pointer}`, reason: violation.reason });
        if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType))
          fail(`${given.operation} documents ${status} as application/json`, 'headers', 'content-type');
      }
      let text: string | undefined;
      if (typeof body === 'string' && contentType !== undefined && !/json/i.test(contentType)) text = body;
      else if (body !== undefined) {
        try {
          text = JSON.stringify(body);
        } catch {
          // a bigint or a cycle: no JSON text
        }
        // (a function or a symbol has none either)
        if (text === undefined)
          fail('body must be a JSON value (or a string, with a Content-Type that is not JSON)', 'body');
      }
      answer = {
        status,
        documented,
        headers: answerHeaders,
        body: body === undefined && documented ? operation.example(status) : body,
        ...(text === undefined ? {} : { text }),
      };
    }
    if (typeof session !== 'string') return;
    const next = counted.get(session) ?? options.firstIndex(session);
    counted.set(session, next + 1);
    const rule: Rule = {
      index: next,
      operation: given.operation,
      session,
      left: (times as number | undefined) ?? null,
      listed: {
        operation: given.operation,
        ...(status === undefined
          ? {}
          : { status: status as number, documented: operation.statuses.includes(status as number) }),
        ...(body === undefined ? {} : { body }),
        ...(headers === undefined ? {} : { headers: headers as ScenarioHeaders }),
        ...(delay === undefined ? {} : { delay: delay as Delay }),
        ...(fault === undefined ? {} : { fault: fault as 'reset' | 'hang' }),
        ...(listedMatch === undefined ? {} : { match: listedMatch }),
      },
    };
    if (delay !== undefined) rule.delay = delay as Delay;
    if (fault !== undefined) rule.fault = fault as 'reset' | 'hang';
    if (answer) rule.answer = answer;
    if (typeof match === 'function') rule.match = match as Rule['match'];
    else if (isObject(match))
      rule.match = {
        path: Object.entries((match.path ?? {}) as Record<string, string>),
        query: Object.entries((match.query ?? {}) as Record<string, string>),
      };
    rules.push(rule);
  });
  if (violations.length > 0) throw new ScenarioError(violations);
  return rules;
}

// ---------------------------------------------------------------------------------------------
// The store, and what it picks for a request.

/** What the pipeline applies to one request: a delay, then a fault, an answer, or the contract's answer. */
export interface Picked {
  /** the scenario that applied (its index and operation); `chaos` for the run-wide chaos */
  by: { index: number; operation: string } | 'chaos';
  delay: number;
  fault?: 'reset' | 'hang';
  answer?: Rule['answer'];
}

/** The run-wide chaos: a seeded wait before every request, and a share of them answered 503 or dropped. */
export interface Chaos {
  latency?: Delay | undefined;
  /** the share of requests, from 0 to 1, that get a 503 or a dropped connection (half each) */
  faults?: number | undefined;
}

/** Checks the chaos settings; throws a RangeError naming the setting. */
export function checkChaos({ latency, faults }: Chaos): void {
  if (latency !== undefined && !isDelayOrRange(latency)) throw new RangeError(`latency must be ${DELAY_RULE}`);
  if (faults !== undefined && !(typeof faults === 'number' && faults >= 0 && faults <= 1))
    throw new RangeError('faults must be a share from 0 to 1');
}

/** A generator of numbers in [0, 1) from a seed (mulberry32 over the seed's FNV-1a hash): the same seed, the same draws. */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether `sent` has each of `wanted`'s names with its value (a repeated query parameter: among its values). */
function has(sent: Record<string, string | string[]>, wanted: [string, string][]): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const [name, value] = wanted[i] as [string, string];
    const got = sent[name];
    if (got !== value && !(Array.isArray(got) && got.includes(value))) return false;
  }
  return true;
}

/** The scenarios of every session (its functions need no `this`: they may be handed around alone). */
export interface ScenarioStore {
  /** Adds checked scenarios to their sessions. */
  add: (rules: Rule[]) => void;
  /** The index the next scenario of `session` gets. */
  nextIndex: (session: string) => number;
  /** A session's scenarios, with what is left of each. */
  list: (session: string) => ListedScenario[];
  /** Forgets a session's scenarios (every session's without `session`); their numbering starts again. */
  clear: (session?: string) => void;
  /** What applies to the request (the first scenario that matches it, then the chaos), which `read` gives when asked; uses it up by one. */
  pick: (read: () => MatchedRequest) => Picked | undefined;
}

export function createScenarioStore(seed: string, chaos: Chaos = {}): ScenarioStore {
  /** session → operation → its scenarios in order */
  const sessions = new Map<string, { next: number; byOperation: Map<string, Rule[]> }>();
  const random = seededRandom(seed);
  const draw = (delay: Delay | undefined): number =>
    delay === undefined
      ? 0
      : typeof delay === 'number'
        ? delay
        : Math.round(delay[0] + random() * (delay[1] - delay[0]));

  function applies(rule: Rule, request: MatchedRequest): boolean {
    // A status answers valid requests only: an invalid one keeps the contract's answer (its 422 or 401).
    if (rule.answer && !request.valid) return false;
    const { match } = rule;
    if (match === undefined) return true;
    if (typeof match === 'function') return match(request) === true;
    return has(request.pathParams, match.path) && has(request.query, match.query);
  }

  function chaotic(): Picked | undefined {
    // Without chaos: a delay of 0, no draw, and no answer.
    const { latency, faults = 0 } = chaos;
    const delay = draw(latency);
    if (faults > 0 && random() < faults) {
      return random() < 0.5
        ? { by: 'chaos', delay, fault: 'reset' }
        : {
            by: 'chaos',
            delay,
            answer: { status: 503, documented: false, headers: [['Retry-After', '1']], body: undefined },
          };
    }
    return latency === undefined ? undefined : { by: 'chaos', delay };
  }

  return {
    add(rules) {
      for (const rule of rules) {
        let session = sessions.get(rule.session);
        if (!session) sessions.set(rule.session, (session = { next: 0, byOperation: new Map() }));
        session.next = Math.max(session.next, rule.index + 1);
        let list = session.byOperation.get(rule.operation);
        if (!list) session.byOperation.set(rule.operation, (list = []));
        list.push(rule);
      }
    },
    nextIndex: (session) => sessions.get(session)?.next ?? 0,
    list(session) {
      const rules = [...(sessions.get(session)?.byOperation.values() ?? [])].flat().sort((a, b) => a.index - b.index);
      return rules.map((rule) => ({ index: rule.index, ...rule.listed, left: rule.left }));
    },
    clear(session) {
      if (session === undefined) sessions.clear();
      else sessions.delete(session);
    },
    pick(read) {
      // No scenario in any session and no chaos: nothing to read of the request.
      if (sessions.size === 0 && chaos.latency === undefined && !chaos.faults) return undefined;
      const request = read();
      const list = sessions.get(request.session)?.byOperation.get(request.operationId) ?? [];
      const rule = list.find((one) => applies(one, request));
      if (!rule) return chaotic();
      if (rule.left !== null && --rule.left === 0) list.splice(list.indexOf(rule), 1);
      return {
        by: { index: rule.index, operation: rule.operation },
        delay: draw(rule.delay),
        ...(rule.fault ? { fault: rule.fault } : {}),
        ...(rule.answer ? { answer: rule.answer } : {}),
      };
    },
  };
}
