/// <reference types="node" />
// One shell line that sends a request again: curl with the method, the URL, the headers and the
// exact body bytes. A credential is never written: its header reads the environment variable the
// verifier takes it from ("$API_CONTRACT_API_KEY"), so the line can be pasted into a job's log.
import { securitySchemes } from '../client/index.js';
import { bodyBytes, type CorpusBody } from './corpus.js';

/** The headers that carry a credential, lower case, and the variable each one's value is read from. */
const CREDENTIAL_HEADERS: Record<string, string> = Object.fromEntries(
  Object.values(securitySchemes).flatMap((scheme) =>
    scheme.type === 'apiKey'
      ? [
          [
            scheme.name.toLowerCase(),
            scheme.name === 'Service-AO-API-Key' ? 'API_CONTRACT_API_KEY' : 'API_CONTRACT_CLASSIC_API_KEY',
          ],
        ]
      : [],
  ),
);

/** Whether a header carries a credential (its value is then never printed). */
export const isCredentialHeader = (name: string): boolean =>
  name.toLowerCase() === 'authorization' || name.toLowerCase() in CREDENTIAL_HEADERS;

/** A word for a POSIX shell: single quotes, or ANSI-C quotes (`$'…'`) when it holds control characters. */
export function shellWord(text: string): string {
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  // In $'…', a backslash and a quote are escaped, and every control character is written \xHH.
  const escaped = text.replace(/['\\]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (ch) => {
    return `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `$'${escaped}'`;
}

export interface CurlRequest {
  method: string;
  /** The path as sent, appended to the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: CorpusBody;
}

/**
 * The curl line of a request to `baseUrl`. Credential headers name their variable instead of a
 * value (`Authorization` reads `API_CONTRACT_ACCESS_TOKEN`, or `API_CONTRACT_BASIC_AUTH` through
 * `-u`); a body that is not UTF-8 goes through `base64 -d`, so the bytes are the ones sent.
 */
export function curlLine(baseUrl: string, request: CurlRequest): string {
  const words = ['curl', '-sS', '-X', request.method, shellWord(`${baseUrl}${request.path}`)];
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-length' || lower === 'host') continue;
    if (lower === 'authorization')
      words.push(
        /^basic /i.test(value)
          ? '-u "$API_CONTRACT_BASIC_AUTH"'
          : `-H "Authorization: Bearer $API_CONTRACT_ACCESS_TOKEN"`,
      );
    else if (lower in CREDENTIAL_HEADERS) words.push(`-H "${name}: $${CREDENTIAL_HEADERS[lower]}"`);
    else words.push('-H', shellWord(`${name}: ${value}`));
  }
  // curl adds a content type of its own to a body sent without one: an empty header removes it.
  if (request.body !== undefined && !Object.keys(request.headers).some((n) => n.toLowerCase() === 'content-type'))
    words.push('-H', "'Content-Type:'");
  if (request.body === undefined) return words.join(' ');
  if ('text' in request.body) return [...words, '--data-binary', shellWord(request.body.text)].join(' ');
  return `printf %s ${shellWord(bodyBytes(request.body).toString('base64'))} | base64 -d | ${[...words, '--data-binary', '@-'].join(' ')}`;
}
