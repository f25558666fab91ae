// The curl line of a drift divergence (src/verify/curl.ts): one shell line whose words bash reads
// back as the exact text and bytes, with every credential read from its environment variable.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { curlLine, isCredentialHeader, shellWord } from '../../../src/verify/curl.js';

const bash = async (script: string, env: Record<string, string> = {}) =>
  (await promisify(execFile)('bash', ['-c', script], { env: { ...process.env, ...env }, encoding: 'buffer' })).stdout;

describe('shellWord', () => {
  it.each([
    ['plain', 'hello'],
    ['quotes', `it's "x" \\ $HOME \`id\``],
    ['control characters and newlines', "a\nb\tc\r\u0001\u007f'\\d"],
    ['multi-byte text', "ä€😀 and a quote'"],
  ])('bash reads back %s exactly, on one line', async (_, text) => {
    const word = shellWord(text);
    expect(word).not.toContain('\n');
    expect((await bash(`printf %s ${word}`)).toString('utf8')).toBe(text);
  });
});

describe('shellWord, word for word', () => {
  it('quotes plain text in single quotes, and a quote as a quote outside them', () => {
    expect(shellWord(`a b'c\\`)).toBe(`'a b'\\''c\\'`);
  });

  it('writes control characters as \\xHH in ANSI-C quotes, with a quote and a backslash escaped', () => {
    expect(shellWord(`a\n\u0001 \u007f'\\~`)).toBe(`$'a\\x0a\\x01 \\x7f\\'\\\\~'`);
  });
});

describe('curlLine', () => {
  it('names each credential by its variable, never its value', () => {
    const line = curlLine('http://127.0.0.1:8000', {
      method: 'POST',
      path: '/v2/projects/p/traces',
      headers: {
        'content-type': 'application/json',
        'service-ao-api-key': 'secret-1',
        'Service-API-Key': 'secret-2',
        'content-length': '2',
      },
      body: { text: '{}' },
    });
    expect(line).toBe(
      `curl -sS -X POST 'http://127.0.0.1:8000/v2/projects/p/traces' -H 'content-type: application/json' -H "service-ao-api-key: $API_CONTRACT_API_KEY" -H "Service-API-Key: $API_CONTRACT_CLASSIC_API_KEY" --data-binary '{}'`,
    );
    expect(curlLine('http://h', { method: 'GET', path: '/', headers: { authorization: 'Bearer tok-secret' } })).toBe(
      `curl -sS -X GET 'http://h/' -H "Authorization: Bearer $API_CONTRACT_ACCESS_TOKEN"`,
    );
    expect(curlLine('http://h', { method: 'GET', path: '/', headers: { Authorization: 'Basic eDp5' } })).toBe(
      `curl -sS -X GET 'http://h/' -u "$API_CONTRACT_BASIC_AUTH"`,
    );
    expect(isCredentialHeader('Service-AO-API-Key')).toBe(true);
    expect(isCredentialHeader('Authorization')).toBe(true);
    expect(isCredentialHeader('authorization')).toBe(true);
    expect(isCredentialHeader('content-type')).toBe(false);
  });

  it('leaves out the headers curl writes itself, and adds none to a body that has its content type', () => {
    expect(
      curlLine('http://h', {
        method: 'PUT',
        path: '/x',
        headers: { Host: 'h', 'Content-Length': '1', 'Content-Type': 'text/plain', authorization: 'basic eDp5' },
        body: { text: 'x' },
      }),
    ).toBe(
      `curl -sS -X PUT 'http://h/x' -H 'Content-Type: text/plain' -u "$API_CONTRACT_BASIC_AUTH" --data-binary 'x'`,
    );
    expect(curlLine('http://h', { method: 'POST', path: '/x', headers: { accept: '*/*' }, body: { text: '' } })).toBe(
      `curl -sS -X POST 'http://h/x' -H 'accept: */*' -H 'Content-Type:' --data-binary ''`,
    );
  });

  it('sends a body that is not UTF-8 through base64 -d, byte for byte, and no content type curl would add', async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]);
    const line = curlLine('http://h', {
      method: 'POST',
      path: '/x',
      headers: {},
      body: { base64: bytes.toString('base64') },
    });
    expect(line).toMatch(
      /^printf %s '[A-Za-z0-9+/=]+' \| base64 -d \| curl -sS -X POST 'http:\/\/h\/x' -H 'Content-Type:' --data-binary @-$/,
    );
    const feed = line.slice(0, line.indexOf(' | curl'));
    expect(await bash(feed)).toEqual(bytes);
  });
});
