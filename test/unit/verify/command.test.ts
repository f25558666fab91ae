// What the verifier's commands share: the progress line on a terminal, the words for a server that
// is not this API, and whether a server answers at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notTheApiMessage, progressLine, reachable, type Io } from '../../../src/verify/command.js';

function io(isTTY: boolean): Io & { err: string[] } {
  const err: string[] = [];
  return { env: {}, stdout: () => {}, stderr: (text) => void err.push(text), isTTY, err };
}

describe('progressLine', () => {
  it('draws nothing when stderr is not a terminal', () => {
    expect(progressLine(io(false))).toEqual({});
  });

  it('on a terminal, draws the count, skips redraws within 100 ms, and clears the line at the end', () => {
    const terminal = io(true);
    const { onProgress } = progressLine(terminal);
    onProgress?.(1, 3);
    onProgress?.(2, 3); // within 100 ms of the first: not drawn
    onProgress?.(3, 3); // the last is always drawn, then cleared
    expect(terminal.err).toEqual(['\r\x1b[K1/3 requests', '\r\x1b[K3/3 requests', '\r\x1b[K']);
  });
});

describe('notTheApiMessage', () => {
  it('names the server, what it answered, and where the operations live', () => {
    expect(notTheApiMessage('http://127.0.0.1:9', [{ path: '/v2/system_users' }], 'every answer was 404')).toBe(
      'http://127.0.0.1:9 does not look like this API: every answer was 404; check --base-url (the operations live under /v2/…)',
    );
  });
});

describe('reachable', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/silent/')) return; // never answered
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is undefined for a server that answers, whatever the status', async () => {
    expect(await reachable(base, 2_000)).toBeUndefined();
  });

  it('says why for a port nothing listens on', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await reachable(`http://127.0.0.1:${port}`, 2_000)).toBe('ECONNREFUSED');
  });

  it('says how long it waited for a server that never answers', async () => {
    expect(await reachable(`${base}/silent`, 200)).toBe('no answer within 200 ms');
  });
});
