// The fuzz suite's credentials, and the shipped request helpers (src/verify/operations.ts) bound to
// them: the fuzz files send every request with these values, which no error message may contain.
import type { Credentials, SecuritySchemeName } from '../../src/index.js';
import * as shipped from '../../src/verify/operations.js';
import type { Json } from '../../src/verify/schema.js';

export {
  operations,
  urlPathOf,
  variantLabel,
  type Operation,
  type PathParameter,
  type Sent,
} from '../../src/verify/operations.js';

/** One credential per scheme; the values are what no error message may ever contain. */
export const credentialOf: Record<SecuritySchemeName, Credentials> = {
  APIKeyHeader: { apiKey: 'fuzz-ao-key-5b1f0c' },
  ClassicAPIKeyHeader: { classicApiKey: 'fuzz-classic-key-93d2e7' },
  OAuth2PasswordBearer: { accessToken: 'fuzz-access-token-4a8c61' },
  HTTPBasic: { basic: { username: 'fuzz-user', password: 'fuzz-pässwörd-7e2b' } },
};
export const everyCredential: Credentials = Object.assign({}, ...Object.values(credentialOf));
export const secrets: string[] = [
  'fuzz-ao-key-5b1f0c',
  'fuzz-classic-key-93d2e7',
  'fuzz-access-token-4a8c61',
  'fuzz-pässwörd-7e2b',
  Buffer.from('fuzz-user:fuzz-pässwörd-7e2b').toString('base64'),
];

/** Sends one request through createApiClient, with every fuzz credential unless told otherwise. */
export function send(
  baseUrl: string,
  operation: shipped.Operation,
  request: { path: Record<string, string>; body: Json | undefined },
  auth: Credentials = everyCredential,
  timeoutMs = 20_000,
): Promise<shipped.Sent> {
  return shipped.send(baseUrl, operation, request, auth, timeoutMs);
}

/** The fuzz credential header of an operation's first scheme (none when it needs none), for raw requests. */
export function credentialHeaderOf(op: shipped.Operation): Record<string, string> {
  return shipped.credentialHeaderOf(op, everyCredential);
}
