// The checks of the verifier, one small named function each, in the manner of Schemathesis's
// `checks` module: a check looks at one exchange and returns the problems it finds (none when it
// does not apply). A problem's `key` groups repeats of the same fault, so the report names each
// fault once with how often it occurred.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { validationDetails } from '../client/index.js';
import type { Constraint } from './constraints.js';
import type { Exchange, Outcome } from './exchange.js';
import { pathName } from './schema.js';
import { validationErrorValidator } from './validate.js';
import { pointerTokens } from '../shared/refs.js';
import { naming } from './verdict.js';
import type { Problem } from '../rules/index.js';

export type { Problem };

export interface Check {
  name: string;
  /** What the check asserts, for the report and the README. */
  description: string;
  run(exchange: Exchange, context: CheckContext): Problem[];
}

export interface CheckContext {
  /** The constraint a negative exchange violates. */
  constraint?: Constraint;
  timeoutMs: number;
}

const one = (key: string, message: string): Problem[] => [{ key, message }];

/** The answer of an exchange; undefined when none came (a timeout, a network error). */
export function answerOf(exchange: Exchange): Extract<Outcome, { type: 'response' }> | undefined {
  return exchange.outcome.type === 'response' ? exchange.outcome : undefined;
}

/** The status of an answer that a status check may judge: not a 5xx (judged elsewhere). */
function judgedStatus(exchange: Exchange): number | undefined {
  const answer = answerOf(exchange);
  return answer && answer.status < 500 ? answer.status : undefined;
}

/** A 2xx status. */
export const isSuccess = (status: number) => status >= 200 && status <= 299;

/** A check that the exchange's request is not accepted: a 2xx answer is the one problem `problem` names. */
function notAccepted(
  name: string,
  description: string,
  problem: (exchange: Exchange, status: number) => Problem,
): Check {
  return {
    name,
    description,
    run(exchange) {
      const status = judgedStatus(exchange);
      return status !== undefined && isSuccess(status) ? [problem(exchange, status)] : [];
    },
  };
}

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

function valueAt(body: unknown, pointer: string): unknown {
  if (pointer === '') return body;
  let node: unknown = body;
  for (const key of pointerTokens(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Ajv's errors without those inside a union branch (the union's own error says it once). */
function outermost(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  return errors.filter(
    (e) =>
      e.keyword === 'oneOf' ||
      e.keyword === 'anyOf' ||
      !unions.some((u) => e.schemaPath.startsWith(`${u.schemaPath}/`)),
  );
}

/** `pointer (keyword): what the schema says, received …` for one schema error of a body. */
export function describeSchemaError(error: ErrorObject, body: unknown): { pointer: string; text: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const pointer = `${error.instancePath}/${String(params.missingProperty)}`;
    return { pointer, text: `${pointer} (required): missing, though the schema requires it` };
  }
  // The value is read at the JSON pointer; the root, whose pointer is '', is shown as '/'.
  const at =
    error.keyword === 'additionalProperties'
      ? `${error.instancePath}/${String(params.additionalProperty)}`
      : error.instancePath;
  const pointer = at || '/';
  const expected =
    error.keyword === 'enum'
      ? `must be one of ${JSON.stringify(params.allowedValues)}`
      : (error.message ?? `must satisfy ${error.keyword}`);
  return {
    pointer,
    text: `${pointer} (${error.keyword}): ${expected}, received ${clip(JSON.stringify(valueAt(body, at)) ?? 'nothing')}`,
  };
}

/** One problem per schema error of a body (array indexes grouped: /items/3/id and /items/5/id are one fault). */
function schemaProblems(validate: ValidateFunction, body: unknown, prefix: string): Problem[] {
  if (validate(body)) return [];
  // Ajv sets errors whenever a validation fails.
  return outermost(validate.errors!).map((error) => {
    const { pointer, text } = describeSchemaError(error, body);
    return { key: `${pointer.replace(/\/\d+(?=\/|$)/g, '/*')} ${error.keyword}`, message: `${prefix}${text}` };
  });
}

// ---- Checks of every answer ----------------------------------------------------------------------

export const answersWithinTimeout: Check = {
  name: 'answers_within_timeout',
  description: 'every request gets a complete answer before the timeout',
  run(exchange, { timeoutMs }) {
    return exchange.outcome.type === 'timeout' ? one('timeout', `no complete answer within ${timeoutMs} ms`) : [];
  },
};

export const noServerError: Check = {
  name: 'no_server_error',
  description: 'no request gets a 5xx',
  run(exchange) {
    const answer = answerOf(exchange);
    return answer && answer.status >= 500 ? one(`status ${answer.status}`, `answered ${answer.status}`) : [];
  },
};

export const answersOverHttp: Check = {
  name: 'answers_over_http',
  description: 'the connection is not reset or refused while the server runs',
  run(exchange) {
    return exchange.outcome.type === 'network error'
      ? one(exchange.outcome.message, `no HTTP answer: ${exchange.outcome.message}`)
      : [];
  },
};

export const responseIsJson: Check = {
  name: 'response_is_json',
  description: 'every answer of the API is a JSON body labelled application/json, as every response of the spec is',
  run(exchange) {
    const outcome = answerOf(exchange);
    if (outcome === undefined || outcome.status >= 500 || outcome.notJson === undefined) return [];
    const what = outcome.notJson === 'not JSON' ? `content-type ${outcome.contentType ?? 'missing'}` : outcome.notJson;
    return one(`${outcome.status} ${what}`, `the ${outcome.status} answer is not a JSON body: ${what}`);
  },
};

/** A check that every JSON answer of `status` is valid against the schema `validatorOf` gives for the exchange. */
function bodySchemaCheck(
  name: string,
  description: string,
  status: number,
  validatorOf: (exchange: Exchange) => ValidateFunction,
  prefix: string,
): Check {
  return {
    name,
    description,
    run(exchange) {
      const outcome = answerOf(exchange);
      if (outcome === undefined || outcome.status !== status || outcome.notJson !== undefined) return [];
      return schemaProblems(validatorOf(exchange), outcome.body, prefix);
    },
  };
}

export const responseSchemaConformance = bodySchemaCheck(
  'response_schema_conformance',
  "every 200 body is valid against the operation's 200 schema",
  200,
  (exchange) => exchange.operation.validateResponse,
  '',
);

export const validationErrorShape = bodySchemaCheck(
  'validation_error_shape',
  'every 422 body is an HTTPValidationError: {"detail": [{"loc", "msg", "type"}, …]} (the 422 body of every operation of the spec)',
  422,
  () => validationErrorValidator,
  'the 422 body is not an HTTPValidationError: ',
);

// ---- Checks of one kind of request ----------------------------------------------------------------

export const acceptsValidRequest: Check = {
  name: 'accepts_valid_request',
  description: 'a request valid against the contract gets 200',
  run(exchange) {
    const status = judgedStatus(exchange);
    if (status === undefined || status === 200) return [];
    if (status === 401 || status === 403) {
      return one(
        `status ${status}`,
        `answered ${status} to a valid request (${exchange.label}); is the credential in the environment one the server accepts?`,
      );
    }
    // A 422 says where the server disagrees with the contract: one group per place it names.
    const first = validationDetails(answerOf(exchange)!.body)[0];
    const loc = first ? clip(first.loc.join('.')) : undefined;
    const where = first ? ` at ${loc}: ${clip(first.msg)}` : '';
    return one(
      `status ${status}${loc ? ` ${loc}` : ''}`,
      `answered ${status}${where} to a valid request (${exchange.label})`,
    );
  },
};

export const rejectsInvalidRequest = notAccepted(
  'rejects_invalid_request',
  'a request that violates one constraint of the contract is not accepted (no 2xx)',
  (exchange, status) => ({
    key: exchange.label,
    message: `accepts what the contract forbids: ${exchange.label} got ${status}`,
  }),
);

export const invalidRequestGets422: Check = {
  name: 'invalid_request_gets_422',
  description:
    'a request that violates the contract gets 422 (every operation of the spec answers an invalid request with 422)',
  run(exchange) {
    const status = judgedStatus(exchange);
    if (status === undefined || status === 422 || isSuccess(status)) return [];
    return one(`status ${status}`, `answered ${status} instead of 422 to ${exchange.label}`);
  },
};

export const validationErrorLocatesViolation: Check = {
  name: 'validation_error_locates_violation',
  description:
    'the 422 `detail` has an item whose `loc` points at the violated field, or at a place where the contract finds the request wrong',
  run(exchange, { constraint }) {
    const outcome = answerOf(exchange);
    if (!constraint || outcome === undefined || outcome.status !== 422 || !validationErrorValidator(outcome.body))
      return [];
    if (!Array.isArray((outcome.body as { detail?: unknown }).detail))
      return one('no detail', 'the 422 has no `detail`, so it locates no violation');
    // Where the spec itself finds the request wrong also counts: a body that loses the field which
    // selects a union branch is wrong in the other branch's terms (pydantic reports it there).
    const specErrors = constraint.cases.flatMap((c) => c.specErrors.map((e) => ({ path: e.path })));
    const named = naming({ status: 422, headers: new Headers(), body: outcome.body }, constraint.in, [
      ...constraint.expected,
      ...specErrors,
    ]);
    if (named.sources.includes('detail')) return [];
    const locs = named.said.detail.map((d) => JSON.stringify((d as { loc: unknown }).loc)).join(', ');
    return one(
      constraint.id,
      `the 422 for ${exchange.label} does not locate ${constraint.in} ${pathName(constraint.path)}; detail[].loc: ${clip(locs || 'none', 300)}`,
    );
  },
};

export const rejectsMissingCredential = notAccepted(
  'rejects_missing_credential',
  'an operation that requires a credential does not accept a request without one (no 2xx)',
  (_exchange, status) => ({ key: 'accepted', message: `accepted a request without any credential (${status})` }),
);

/** The checks of every exchange, then those of each kind. */
export const everyAnswer: Check[] = [
  answersWithinTimeout,
  answersOverHttp,
  noServerError,
  responseIsJson,
  responseSchemaConformance,
  validationErrorShape,
];

export const checksOfKind: Record<Exchange['kind'], Check[]> = {
  valid: [acceptsValidRequest],
  rule: [acceptsValidRequest],
  negative: [rejectsInvalidRequest, invalidRequestGets422, validationErrorLocatesViolation],
  'no credential': [rejectsMissingCredential],
  hostile: [],
};
