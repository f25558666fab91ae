/// <reference types="node" />
// One request of the verifier and what came back. Requests with a JSON body go through
// createApiClient, so credentials are attached exactly as the client attaches them; hostile input
// and requests without a credential go out raw (raw.ts), since the client would refuse to send them.
import { UnexpectedResponseError, type Credentials } from '../client/index.js';
import { send, type Operation } from './operations.js';
import { isFailure, rawRequest, type RawRequest } from './raw.js';
import type { Json } from './schema.js';

/** What kind of request an exchange was, which decides the checks that apply to it. */
export type Kind = 'valid' | 'negative' | 'no credential' | 'hostile' | 'rule';

export interface Request {
  path: Record<string, string>;
  body: Json | undefined;
}

export type Outcome =
  | {
      type: 'response';
      status: number;
      contentType: string | null;
      /** The parsed JSON body; undefined when the body is not JSON (see `notJson`). */
      body: unknown;
      /** Why the body is not a JSON document, when it is not (the client's reasons). */
      notJson?: UnexpectedResponseError['reason'];
    }
  | { type: 'timeout' }
  | { type: 'network error'; message: string }
  /** The client refused to send the request (a value it will not put on the wire); the server saw nothing. */
  | { type: 'not sent'; reason: string };

export interface Exchange {
  operation: Operation;
  kind: Kind;
  /** A short name of what was sent (the constraint, the hostile case, the rule's probe). */
  label: string;
  /** The JSON request, when it went through the client. */
  request?: Request;
  /** What was sent, for the report: the JSON request or a description of the raw one. */
  sent: string;
  outcome: Outcome;
  ms: number;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The client's timeout (AbortSignal.timeout) rejects with a TimeoutError DOMException. */
function isTimeout(error: unknown): boolean {
  return (error as { name?: unknown }).name === 'TimeoutError';
}

/** The message of a network error, with its cause (fetch's "fetch failed" says nothing alone). */
export function networkMessage(error: unknown): string {
  const e = error as TypeError & { cause?: { code?: unknown; message?: unknown } };
  const cause = e.cause?.code ?? e.cause?.message;
  return `${e.message}${cause === undefined ? '' : ` (${typeof cause === 'string' ? cause : JSON.stringify(cause)})`}`;
}

/**
 * An answer whose status the operation does not document, which the client refuses whatever its
 * body: judged by its content type and the body the error carries (parsed JSON, else its text;
 * undefined when not read whole), as sendRaw judges a raw answer.
 */
function undocumented({ status, contentType, body }: UnexpectedResponseError): Outcome {
  const text = typeof body === 'string' ? body : undefined;
  const notJson: UnexpectedResponseError['reason'] | undefined = !contentType?.match(JSON_MEDIA_TYPE)
    ? 'not JSON'
    : body === undefined
      ? 'body too large'
      : text?.trim() === ''
        ? 'empty body'
        : text !== undefined
          ? 'invalid JSON'
          : undefined;
  return { type: 'response', status, contentType, body: notJson ? undefined : body, ...(notJson ? { notJson } : {}) };
}

/** Sends a JSON request through the client. */
export async function sendJson(
  baseUrl: string,
  operation: Operation,
  request: Request,
  auth: Credentials,
  timeoutMs: number,
): Promise<{ outcome: Outcome; ms: number }> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    const sent = await send(baseUrl, operation, request, auth, timeoutMs);
    outcome = { type: 'response', status: sent.status, contentType: sent.headers.get('content-type'), body: sent.body };
  } catch (error) {
    if (error instanceof UnexpectedResponseError) {
      outcome =
        error.kind === 'status'
          ? undocumented(error)
          : {
              type: 'response',
              status: error.status,
              contentType: error.contentType,
              body: undefined,
              notJson: error.reason,
            };
    } else if (isTimeout(error)) {
      outcome = { type: 'timeout' };
    } else if (error instanceof TypeError) {
      // fetch rejects with a TypeError when the connection fails.
      outcome = { type: 'network error', message: networkMessage(error) };
    } else {
      // The client throws its own errors (InvalidPathParameterError, InvalidCredentialError, …) before sending.
      outcome = { type: 'not sent', reason: (error as Error).name };
    }
  }
  return { outcome, ms: performance.now() - started };
}

/** Sends a raw request (hostile input, or one without a credential). */
export async function sendRaw(
  baseUrl: string,
  request: RawRequest,
  timeoutMs: number,
): Promise<{ outcome: Outcome; ms: number }> {
  const result = await rawRequest(baseUrl, { ...request, timeoutMs });
  if (isFailure(result)) {
    return {
      outcome: result.failure === 'timeout' ? { type: 'timeout' } : { type: 'network error', message: result.failure },
      ms: result.ms,
    };
  }
  const header = result.headers['content-type'];
  const contentType = header ?? null;
  let body: unknown;
  let notJson: UnexpectedResponseError['reason'] | undefined;
  if (!header?.match(JSON_MEDIA_TYPE)) notJson = 'not JSON';
  else if (result.body.trim() === '') notJson = 'empty body';
  else {
    try {
      body = JSON.parse(result.body);
    } catch {
      notJson = 'invalid JSON';
    }
  }
  return {
    outcome: { type: 'response', status: result.status, contentType, body, ...(notJson ? { notJson } : {}) },
    ms: result.ms,
  };
}
