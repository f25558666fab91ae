// The check of scenarios against the contract: each field, the status and body against what the
// operation documents, and the `match`; every violation of every scenario is named (ScenarioError),
// and none of a list is added when any is wrong.
import { isObject } from '../../shared/json.js';
import { pointerToken } from '../../shared/refs.js';
import type { Delay, ListedScenario, MatchedRequest, ScenarioHeaders } from './types.js';

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
export const DELAY_RULE = `milliseconds from 0 to ${MAX_DELAY}, or [min, max] with min ≤ max`;

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
