import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import {
  operationSecurity,
  securitySchemes,
  type SecuritySchemeName,
} from '../generated/security.js';
import { isHTTPValidationError, validationDetails } from './validation.js';

export type * from '../generated/schema.js';
export { operationSecurity, securitySchemes, type SecuritySchemeName };
export { isHTTPValidationError, validationDetails };

/** The credentials a caller may hold; each operation is sent with exactly one of them. */
export interface Credentials {
  /** Sent as the `Service-AO-API-Key` header (APIKeyHeader). */
  apiKey?: string;
  /** Sent as the `Service-API-Key` header (ClassicAPIKeyHeader). */
  classicApiKey?: string;
  /** Sent as `Authorization: Bearer …` (OAuth2PasswordBearer). */
  accessToken?: string;
  /** Sent as `Authorization: Basic …` (HTTPBasic). */
  basic?: { username: string; password: string };
}

export interface ApiClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Scheme, host and port of the service, for example `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The credentials; read once, when the client is created. */
  auth?: Credentials;
  /** openapi-fetch middleware, run before the credential is attached (and, on responses, before the JSON check). */
  middleware?: Middleware[];
}

export type ApiClient = Client<paths, `${string}/${string}`>;

/** Which credential of `Credentials` each security scheme of the spec takes. */
const credentialOfScheme: Record<SecuritySchemeName, keyof Credentials> = {
  APIKeyHeader: 'apiKey',
  ClassicAPIKeyHeader: 'classicApiKey',
  OAuth2PasswordBearer: 'accessToken',
  HTTPBasic: 'basic',
};

/** Thrown before any request is sent when the caller holds none of the credentials an operation accepts. */
export class MissingCredentialError extends Error {
  override readonly name = 'MissingCredentialError';
  constructor(
    /** The operation's operationId. */
    readonly operationId: string,
    /** The security schemes the operation accepts, in order of preference. */
    readonly acceptedSchemes: readonly SecuritySchemeName[],
  ) {
    const accepted = acceptedSchemes.map((s) => `${s} (auth.${credentialOfScheme[s]})`).join(', ');
    super(`${operationId} needs one of these credentials: ${accepted}; none was given.`);
  }
}

/**
 * Thrown when a response cannot be what the spec promises (every response of the API is a JSON
 * body): it is empty, not labelled JSON, or not valid JSON. It carries no byte of the body, which
 * may echo what was sent.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    /** The operationId, or "METHOD /path" for a request outside the spec. */
    readonly operation: string,
    readonly status: number,
    readonly contentType: string | null,
    readonly reason: 'empty body' | 'not JSON' | 'invalid JSON',
  ) {
    const what =
      reason === 'empty body'
        ? 'an empty body'
        : reason === 'not JSON'
          ? `a body that is not JSON (content-type: ${contentType ?? 'none'})`
          : 'a body that is not valid JSON';
    super(`${operation}: the HTTP ${status} response has ${what}.`);
  }
}

/** Thrown when a request does not match any operation of the spec, so its credential cannot be chosen. */
export class UnknownOperationError extends Error {
  override readonly name = 'UnknownOperationError';
  constructor(readonly operation: string) {
    super(`${operation} is not an operation of the spec.`);
  }
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header that carries `credential` for `scheme`. */
function credentialHeader(scheme: SecuritySchemeName, credentials: Credentials): [string, string] | undefined {
  const definition = securitySchemes[scheme];
  switch (definition.type) {
    case 'apiKey': {
      const key = credentials[credentialOfScheme[scheme] as 'apiKey' | 'classicApiKey'];
      return key === undefined ? undefined : [definition.name, key];
    }
    case 'oauth2':
      return credentials.accessToken === undefined ? undefined : ['Authorization', `Bearer ${credentials.accessToken}`];
    case 'http': {
      const basic = credentials.basic;
      return basic === undefined ? undefined : ['Authorization', `Basic ${base64(`${basic.username}:${basic.password}`)}`];
    }
  }
}

/** Every header any scheme of the spec carries a credential in. */
const credentialHeaders = [
  ...new Set(
    Object.values(securitySchemes).map((s) => (s.type === 'apiKey' ? s.name : 'Authorization')),
  ),
];

/** What the auth middleware does for one operation, decided once per client. */
interface CredentialPlan {
  readonly operationId: string;
  readonly schemes: readonly SecuritySchemeName[];
  /** Whether the operation may be sent without a credential. */
  readonly optional: boolean;
  /** The credential header to send; undefined when the operation takes none or none is held. */
  readonly header: readonly [string, string] | undefined;
  /** The other credential headers, removed so that exactly one credential is sent. */
  readonly remove: readonly string[];
}

/**
 * Attaches exactly one credential to each request: the first scheme, in the order of the
 * operation's security requirements, for which `credentials` holds a value. Any other credential
 * header is removed, so an operation with no security requirement is sent with none, and one whose
 * credential is optional (an empty requirement, `{}`) is sent with none when none is held. The choice
 * is made once per operation when the client is created, not on every request.
 */
function authMiddleware(credentials: Credentials): Middleware {
  const plans = new Map<string, CredentialPlan>();
  for (const [operation, { operationId, schemes, optional }] of Object.entries(operationSecurity)) {
    let header: [string, string] | undefined;
    for (const scheme of schemes) {
      header = credentialHeader(scheme, credentials);
      if (header) break;
    }
    const sent = header?.[0].toLowerCase();
    const remove = credentialHeaders.filter((name) => name.toLowerCase() !== sent);
    plans.set(operation, { operationId, schemes, optional, header, remove });
  }
  return {
    onRequest({ request, schemaPath }) {
      const operation = `${request.method} ${schemaPath}`;
      const plan = plans.get(operation);
      if (!plan) throw new UnknownOperationError(operation);
      if (!plan.header && !plan.optional) throw new MissingCredentialError(plan.operationId, plan.schemes);
      for (const name of plan.remove) request.headers.delete(name);
      if (plan.header) request.headers.set(plan.header[0], plan.header[1]);
      return request;
    },
  };
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Turns a response that is not JSON into an UnexpectedResponseError, instead of openapi-fetch's
 * `{ data: undefined }` for an empty body or a SyntaxError that quotes the body. The body is read
 * and parsed once here; openapi-fetch then reads the parsed value.
 */
const responseGuard: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const contentType = response.headers.get('content-type');
    // The operation's name is only needed for an error: built then, not on every response.
    const fail = (reason: UnexpectedResponseError['reason']) => {
      const operation = `${request.method} ${schemaPath}`;
      return new UnexpectedResponseError(operationSecurity[operation]?.operationId ?? operation, response.status, contentType, reason);
    };
    if (!JSON_MEDIA_TYPE.test(contentType ?? '')) {
      await response.body?.cancel();
      throw fail('not JSON');
    }
    const text = await response.text();
    if (text.trim() === '') throw fail('empty body');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw fail('invalid JSON');
    }
    // openapi-fetch reads the body next: hand it what was already read and parsed.
    response.json = async () => parsed;
    response.text = async () => text;
    return undefined;
  },
};

/** A typed openapi-fetch client of the API that sends each operation the credential it accepts. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { auth = {}, middleware = [], ...clientOptions } = options;
  // No operation of the API redirects; following a redirect would carry the API-key headers
  // (which fetch, unlike Authorization, keeps across origins) to wherever it points.
  const client = createClient<paths>({ redirect: 'error', ...clientOptions });
  // Middleware runs in order on requests and in reverse on responses: the credential is attached
  // after the caller's middleware has run, and the guard sees the response the caller's made.
  client.use(responseGuard, ...middleware, authMiddleware(auth));
  return client;
}
