// CORS (src/mock/request/cors.ts), a step that answers before Prism, called in-process: which
// pages may call the mock, as the headers a browser reads.
import { describe, expect, it } from 'vitest';
import { createCors } from '../../../../src/mock/request/cors.js';

describe('cors: which pages may call the mock', () => {
  const EXPOSE: [string, string] = ['Access-Control-Expose-Headers', 'sl-violations'];
  const VARY: [string, string] = ['Vary', 'Origin'];
  const get = (origin?: string) => ({ method: 'GET', headers: origin === undefined ? {} : { origin } });
  const preflight = (origin: string, extra: Record<string, string> = {}) => ({
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', ...extra },
  });

  it('by default: pages served from loopback, any port, without credentials; others get no allowance', () => {
    const cors = createCors({});
    for (const origin of [
      'http://localhost:5173',
      'https://127.0.0.1',
      'http://[::1]:8080',
      'HTTP://LOCALHOST:3000',
      'http://localhost:65535',
    ]) {
      expect(cors(get(origin)), origin).toEqual({ headers: [VARY, ['Access-Control-Allow-Origin', origin], EXPOSE] });
    }
    for (const origin of [
      'http://localhost.evil.example',
      'http://evil.example?localhost',
      'http://localhost:123456',
      'file://localhost',
      'http://127.0.0.2',
      'null',
      'xhttp://localhost',
    ]) {
      expect(cors(get(origin)), origin).toEqual({ headers: [VARY] });
    }
    expect(cors(get())).toEqual({ headers: [VARY] });
  });

  it('--cors-origin: the listed origins only, with credentials; loopback is no longer allowed by default', () => {
    const cors = createCors({ corsOrigins: ['https://app.example:8443'] });
    expect(cors(get('https://app.example:8443'))).toEqual({
      headers: [
        VARY,
        ['Access-Control-Allow-Origin', 'https://app.example:8443'],
        ['Access-Control-Allow-Credentials', 'true'],
        EXPOSE,
      ],
    });
    expect(cors(get('http://localhost:5173'))).toEqual({ headers: [VARY] });
    expect(cors(get('https://app.example'))).toEqual({ headers: [VARY] });
  });

  it('--cors-origin "*": any page, never with credentials, and no allowance without an Origin; a listed origin next to it keeps its credentials', () => {
    const any = createCors({ corsOrigins: ['*'] });
    expect(any(get('https://anything.example'))).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', '*'], EXPOSE],
    });
    expect(any(get())).toEqual({ headers: [VARY] });
    const both = createCors({ corsOrigins: ['https://app.example', '*'] });
    expect(both(get('https://app.example'))).toEqual({
      headers: [
        VARY,
        ['Access-Control-Allow-Origin', 'https://app.example'],
        ['Access-Control-Allow-Credentials', 'true'],
        EXPOSE,
      ],
    });
    expect(both(get('https://other.example'))).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', '*'], EXPOSE],
    });
  });

  it('a preflight from an allowed page: 204 with the methods, the requested headers echoed, and no body', () => {
    const cors = createCors({});
    expect(
      cors(
        preflight('http://localhost:5173', { 'access-control-request-headers': 'content-type, service-ao-api-key' }),
      ),
    ).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', 'http://localhost:5173'], EXPOSE],
      preflight: {
        status: 204,
        headers: [
          ['Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS'],
          ['Access-Control-Allow-Headers', 'content-type, service-ao-api-key'],
          ['Content-Length', '0'],
        ],
      },
    });
    expect(cors(preflight('http://localhost:5173')).preflight).toEqual({
      status: 204,
      headers: [
        ['Access-Control-Allow-Methods', 'GET, DELETE, HEAD, PATCH, POST, PUT, OPTIONS'],
        ['Content-Length', '0'],
      ],
    });
  });

  it('a preflight from another page: 403 saying how to allow it', () => {
    const detail =
      'CORS: pages from this origin may not call the mock; start it with --cors-origin <origin> to allow one';
    const text = JSON.stringify({ detail });
    expect(createCors({})(preflight('https://evil.example'))).toEqual({
      headers: [VARY],
      preflight: {
        status: 403,
        headers: [
          ['Content-Type', 'application/json'],
          ['Content-Length', Buffer.byteLength(text)],
        ],
        body: text,
      },
    });
  });

  it('not a preflight: OPTIONS without an Origin or without Access-Control-Request-Method, or another method, goes on to the API', () => {
    const cors = createCors({});
    expect(cors({ method: 'OPTIONS', headers: { 'access-control-request-method': 'PUT' } })).toEqual({
      headers: [VARY],
    });
    expect(cors({ method: 'OPTIONS', headers: { origin: 'http://localhost' } })).toEqual({
      headers: [VARY, ['Access-Control-Allow-Origin', 'http://localhost'], EXPOSE],
    });
    expect(
      cors({ method: 'PUT', headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' } }),
    ).toEqual({ headers: [VARY] });
  });

  it('cors: false: no CORS header at all, and a preflight goes on to the API', () => {
    const cors = createCors({ cors: false, corsOrigins: ['*'] });
    expect(cors(get('http://localhost:5173'))).toEqual({ headers: [] });
    expect(cors(preflight('http://localhost:5173'))).toEqual({ headers: [] });
  });
});
