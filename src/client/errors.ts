// The errors a call rejects with once the client is made (the credential errors are ./credentials.ts's).

/** Why an answer is an `UnexpectedResponseError`: its status, content type, parse, size, or contract. */
export type UnexpectedResponseKind = 'status' | 'content-type' | 'parse' | 'size' | 'contract';

/** The finer reason, within its kind. */
export type UnexpectedResponseReason =
  | 'undocumented status' // kind status
  | 'not JSON' // kind content-type
  | 'empty body' // kind parse
  | 'invalid JSON' // kind parse
  | 'body too large' // kind size
  | 'contract violation'; // kind contract

const kindOfReason: Record<UnexpectedResponseReason, UnexpectedResponseKind> = {
  'undocumented status': 'status',
  'not JSON': 'content-type',
  'empty body': 'parse',
  'invalid JSON': 'parse',
  'body too large': 'size',
  'contract violation': 'contract',
};

/** One way an answer's body breaks its schema (`validateResponses`). */
export interface ResponseViolation {
  /** The JSON pointer of the value at fault in the body (`''`: the body itself); a missing or extra field is named. */
  readonly pointer: string;
  /** What the schema says of it, in the validator's words (`must be integer`); never the value. */
  readonly message: string;
}

/** What an `UnexpectedResponseError` carries besides its operation, status, content type and reason. */
export interface UnexpectedResponseDetails {
  /** The response's headers (`Retry-After`, …). */
  headers?: Headers | undefined;
  /** The body: parsed JSON when it is labelled JSON and parses, else its text; undefined when it was not read whole. */
  body?: unknown;
  /** The `maxResponseBytes` in force, for `body too large`. */
  limit?: number | undefined;
  /** Each violation of the schema, for `contract violation`. */
  violations?: readonly ResponseViolation[] | undefined;
}

/**
 * Thrown when an answer is not one the operation documents as the spec promises it: its status is
 * not documented (kind `status`), it is not labelled JSON (`content-type`), it is empty or not valid
 * JSON (`parse`), larger than `maxResponseBytes` (`size`), or, with `validateResponses`, it breaks
 * its schema (`contract`). It carries the response's headers and body as fields, never in its
 * message (the body may echo what was sent); its content type, and each of its headers, reads
 * `[withheld]` when it repeats any four-character run of a credential, and a violation's pointer
 * when it holds a whole credential.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  /** Why: `status`, `content-type`, `parse`, `size` or `contract`. */
  readonly kind: UnexpectedResponseKind;
  /** The response's headers; empty when the error was made without them. Not enumerable, as `body`. */
  declare readonly headers: Headers;
  /**
   * The body (see UnexpectedResponseDetails.body). Not enumerable: a logger that prints an error's
   * fields, or JSON.stringify, shows neither it nor the headers, which may echo a credential.
   */
  declare readonly body: unknown;
  /** The `maxResponseBytes` in force, for `body too large`. */
  readonly limit: number | undefined;
  /** Each violation of the schema, for kind `contract`; empty otherwise. */
  readonly violations: readonly ResponseViolation[];
  constructor(
    /** The operationId, or "METHOD /path" for a request outside the spec. */
    readonly operation: string,
    readonly status: number,
    readonly contentType: string | null,
    readonly reason: UnexpectedResponseReason,
    { headers = new Headers(), body, limit, violations = [] }: UnexpectedResponseDetails = {},
  ) {
    const what =
      reason === 'undocumented status'
        ? 'a status the operation does not document'
        : reason === 'empty body'
          ? 'an empty body'
          : reason === 'not JSON'
            ? `a body that is not JSON (content-type: ${contentType ?? 'none'})`
            : reason === 'body too large'
              ? `a body larger than the limit of ${(limit ?? 0).toLocaleString('en')} bytes (maxResponseBytes); the rest was not read`
              : reason === 'contract violation'
                ? `a body that breaks its schema: ${violations.map((v) => `${v.pointer || '(the body)'} ${v.message}`).join('; ')}`
                : 'a body that is not valid JSON';
    super(`${operation}: the HTTP ${status} response has ${what}.`);
    this.kind = kindOfReason[reason];
    Object.defineProperties(this, { headers: { value: headers }, body: { value: body } });
    this.limit = limit;
    this.violations = violations;
  }
}

/** Rejects every call of a client made with `validateResponses` when ajv or ajv-formats is not installed. */
export class MissingValidatorError extends Error {
  override readonly name = 'MissingValidatorError';
  constructor(
    /** The command that installs them. */
    readonly command: string,
    cause?: unknown,
  ) {
    super(
      `validateResponses needs ajv and ajv-formats, optional peer dependencies that are not installed: ${command}`,
      { cause },
    );
  }
}

/** The entry whose `createApiClient` imports the check of `validateResponses`, so that a bundle holds it. */
const CHECKED_ENTRY = '@observability/api-contract/checked';

/**
 * Thrown when the main entry's `validateResponses` cannot load its check, which it loads from the
 * package's files under Node only: by createApiClient in a web page or any other runtime without
 * Node's modules, and before anything is sent by every call where the check's module is not beside
 * the client's (a bundle made for Node). The checked entry (`CHECKED_ENTRY`) imports it instead.
 */
export class ValidatorUnavailableError extends Error {
  override readonly name = 'ValidatorUnavailableError';
  /** The entry to import createApiClient from instead. */
  readonly entry = CHECKED_ENTRY;
  constructor(
    /** Where it was asked for: a runtime without Node (a web page, a worker), or a bundle. */
    where: string,
    cause?: unknown,
  ) {
    super(
      `validateResponses cannot load its check in ${where} from '@observability/api-contract', which loads it from the package's files under Node only: import createApiClient from '${CHECKED_ENTRY}' (with ajv and ajv-formats installed) to check answers there; nothing was sent.`,
      { cause },
    );
  }
}

/** Thrown before anything is sent when a path parameter would change which path the request goes to. */
export class InvalidPathParameterError extends Error {
  override readonly name = 'InvalidPathParameterError';
  constructor(
    /** The operationId, or "METHOD /path" for a request outside the spec. */
    readonly operation: string,
    readonly parameter: string,
  ) {
    super(
      `${operation}: the path parameter ${parameter} is empty, "." or "..", which would send the request to another path; nothing was sent.`,
    );
  }
}

/** Thrown when a request does not match any operation of the spec, so its credential cannot be chosen. */
export class UnknownOperationError extends Error {
  override readonly name = 'UnknownOperationError';
  constructor(readonly operation: string) {
    super(`${operation} is not an operation of the spec.`);
  }
}

/**
 * Thrown by createApiClient when its options cannot make a client (a JavaScript caller has no
 * compiler to say so): no options object, or a `baseUrl` that is not an http(s) URL.
 */
export class InvalidClientOptionError extends TypeError {
  override readonly name = 'InvalidClientOptionError';
  constructor(
    /** The option at fault: `options`, `baseUrl`, `middleware`. */
    readonly option: string,
    problem: string,
  ) {
    super(`createApiClient: ${option} ${problem}.`);
  }
}
