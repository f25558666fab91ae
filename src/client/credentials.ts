// The caller's credentials: checked once when the client is made, and the plan of which one each
// operation is sent with (the first of its security schemes the caller holds a value for).
import { operationSecurity, securitySchemes, type SecuritySchemeName } from '../../generated/security.js';

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

/** Thrown when the client is created with a credential that cannot be sent as it is. It never quotes the value. */
export class InvalidCredentialError extends Error {
  override readonly name = 'InvalidCredentialError';
  constructor(
    /** Which credential: `auth.apiKey`, `auth.basic.password`, … */
    readonly credential: string,
    /** What is wrong with it, without any part of it. */
    readonly problem: string,
  ) {
    super(`${credential} cannot be sent: it ${problem}. (The value is not shown.)`);
  }
}

/**
 * What keeps a credential from being sent, or undefined. Header values (`inHeader`) may hold no
 * control character and nothing above U+00FF, and no leading or trailing whitespace (which HTTP
 * strips); the basic user-id and password (base64-encoded, so any Unicode) no control character,
 * and the user-id no colon (RFC 7617).
 */
function credentialProblem(value: unknown, inHeader: boolean, isUserId = false): string | undefined {
  if (typeof value !== 'string') return 'is not a string';
  if (value === '') return 'is empty';
  if (inHeader && /^[ \t]|[ \t]$/.test(value)) return 'begins or ends with whitespace, which HTTP would strip';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const at = `at character ${i + 1}`;
    if (code === 0x0a) return `contains a line feed (LF) ${at}`;
    if (code === 0x0d) return `contains a carriage return (CR) ${at}`;
    if (code === 0x00) return `contains a NUL ${at}`;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || (!inHeader && code === 0x09))
      return `contains a control character ${at}`;
    if (inHeader && code > 0xff) return `contains a character above U+00FF ${at}, which a header cannot carry`;
    if (isUserId && code === 0x3a) return `contains a colon ${at}, which Basic credentials cannot carry in the user-id`;
  }
  return undefined;
}

/** Checks every credential given; throws InvalidCredentialError for the first that cannot be sent. */
export function checkCredentials(credentials: Credentials): void {
  const checks: [string, unknown, boolean, boolean?][] = [
    ['auth.apiKey', credentials.apiKey, true],
    ['auth.classicApiKey', credentials.classicApiKey, true],
    ['auth.accessToken', credentials.accessToken, true],
  ];
  if (credentials.basic !== undefined) {
    checks.push(
      ['auth.basic.username', credentials.basic?.username, false, true],
      ['auth.basic.password', credentials.basic?.password, false],
    );
  }
  for (const [name, value, inHeader, isUserId] of checks) {
    if (value === undefined && !name.startsWith('auth.basic')) continue;
    const problem = credentialProblem(value, inHeader, isUserId);
    if (problem) throw new InvalidCredentialError(name, problem);
  }
}

/** Every text a credential is sent as: none of these, nor any four-character run of them, may appear in an error. */
export function credentialTexts(credentials: Credentials): string[] {
  const { apiKey, classicApiKey, accessToken, basic } = credentials;
  const texts = [apiKey, classicApiKey, accessToken, basic?.username, basic?.password];
  if (basic) texts.push(base64(`${basic.username}:${basic.password}`));
  return texts.filter((text): text is string => typeof text === 'string'); // never empty: checkCredentials refuses ''
}

/** Whether `text` repeats any credential, or any four-character run of one. */
export function repeatsCredential(text: string, credentials: readonly string[]): boolean {
  const RUN = 4;
  return credentials.some((credential) => {
    // Every run of RUN characters; a shorter credential is one run, the whole of it.
    const runs = Math.max(1, credential.length - RUN + 1);
    for (let i = 0; i < runs; i++) if (text.includes(credential.slice(i, i + RUN))) return true;
    return false;
  });
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
      return basic === undefined
        ? undefined
        : ['Authorization', `Basic ${base64(`${basic.username}:${basic.password}`)}`];
    }
  }
}

/** Every header any scheme of the spec carries a credential in. */
export const credentialHeaders = [
  ...new Set(Object.values(securitySchemes).map((s) => (s.type === 'apiKey' ? s.name : 'Authorization'))),
];

/** What the auth middleware does for one operation, decided once per client. */
export interface CredentialPlan {
  readonly operationId: string;
  readonly schemes: readonly SecuritySchemeName[];
  /** Whether the operation may be sent without a credential. */
  readonly optional: boolean;
  /** The credential header to send; undefined when the operation takes none or none is held. */
  readonly header: readonly [string, string] | undefined;
}

/**
 * The credential each operation is sent with, chosen once when the client is created: the first
 * scheme, in the order of the operation's security requirements, for which `credentials` holds a
 * value. An operation with no security requirement gets none, and so does one whose credential is
 * optional (an empty requirement, `{}`) when none is held.
 */
export function credentialPlans(credentials: Credentials): Map<string, CredentialPlan> {
  const plans = new Map<string, CredentialPlan>();
  for (const [operation, { operationId, schemes, optional }] of Object.entries(operationSecurity)) {
    let header: [string, string] | undefined;
    for (const scheme of schemes) {
      header = credentialHeader(scheme, credentials);
      if (header) break;
    }
    plans.set(operation, { operationId, schemes, optional, header });
  }
  return plans;
}
