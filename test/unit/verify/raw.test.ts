// The verifier's raw requests (src/verify/raw.ts), against servers in the test process: exact bytes
// on the wire under the base URL's prefix, a refused connection and a hang, TLS and IPv6, Node's
// strict parser, a response cut short, and raw bytes on a socket.
import dns from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import { isFailure, rawRequest, rawSocket } from '../../../src/verify/raw.js';
import { json } from '../../support/verify-server.js';
import { listenNet, startServerOn, useServerWithClosedPort, timed } from '../../support/verify-transport.js';

const ctx = useServerWithClosedPort();

describe('raw requests', () => {
  it("sends method, path, headers and body as they are, under the base URL's prefix", async () => {
    ctx.server.handle((request, response) => json(response, 201, { got: request.body }, { 'x-echo': request.url }));
    const result = await timed(() =>
      rawRequest(`${ctx.server.baseUrl}/prefix//`, {
        method: 'PATCH',
        path: '/a/../b/%2e%2e',
        headers: { 'content-type': 'text/plain', 'x-k': 'v' },
        body: Buffer.from([0xff, 0x41]),
      }),
    );
    expect(isFailure(result)).toBe(false);
    if (isFailure(result)) return;
    expect(result.status).toBe(201);
    expect(result.headers['x-echo']).toBe('/prefix/a/../b/%2e%2e');
    expect(result.body).toBe(JSON.stringify({ got: '\uFFFDA' }));
    expect(ctx.last()).toMatchObject({
      method: 'PATCH',
      url: '/prefix/a/../b/%2e%2e',
      headers: { 'content-type': 'text/plain', 'x-k': 'v' },
    });
    const byPort = await rawRequest(ctx.server.port, { method: 'GET', path: '/x' });
    expect(isFailure(byPort) ? byPort.failure : byPort.status).toBe(201);
    expect(ctx.last()).toMatchObject({ method: 'GET', url: '/x', body: '' });
  });

  it('reports a refused connection by its code, and a hang as a timeout', async () => {
    const refused = await timed(() => rawRequest(ctx.closedPort, { method: 'GET', path: '/' }));
    expect(refused).toMatchObject({ failure: 'ECONNREFUSED' });
    ctx.server.handle(() => undefined);
    const started = Date.now();
    const hung = await timed(() => rawRequest(ctx.server.baseUrl, { method: 'GET', path: '/', timeoutMs: 100 }));
    expect(hung).toMatchObject({ failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((hung as { ms: number }).ms).toBeGreaterThanOrEqual(90);
  });

  it('speaks TLS to an https base URL, and IPv6 hosts in brackets', async () => {
    ctx.server.handle((_, response) => json(response, 200, {}));
    // a TLS handshake with a server that speaks plain HTTP fails
    const tls = await rawRequest(`https://127.0.0.1:${ctx.server.port}`, { method: 'GET', path: '/', timeoutMs: 2000 });
    expect(isFailure(tls)).toBe(true);
    const v6 = await startServerOn('::1');
    try {
      const answered = await rawRequest(`http://[::1]:${v6.port}/p`, { method: 'GET', path: '/q' });
      expect(isFailure(answered) ? answered.failure : answered.status).toBe(200);
      const bare = await rawRequest(`http://[::1]:${v6.port}`, { method: 'GET', path: '/r' });
      expect(isFailure(bare) ? bare.failure : bare.status).toBe(200);
      expect(v6.urls).toEqual(['/p/q', '/r']);
    } finally {
      v6.server.close();
    }
  });

  it("reads responses with Node's strict HTTP parser: what only the lenient one accepts is a failure", async () => {
    // Each of these a lenient (insecureHTTPParser) client reads as 200 "ok".
    const sloppy: [string, string][] = [
      ['HTTP/1.1 200 OK\r\nX: a\x01b\r\nContent-Length: 2\r\n\r\nok', 'HPE_INVALID_HEADER_TOKEN'],
      [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\nok\r\n0\r\n\r\n',
        'HPE_INVALID_CONTENT_LENGTH',
      ],
      ['HTTP/1.1 200 OK\nContent-Length: 2\n\nok', 'HPE_CR_EXPECTED'],
      ['HTTP/1.1 200 OK\r\nBad Header Line\r\nContent-Length: 2\r\n\r\nok', 'HPE_INVALID_HEADER_TOKEN'],
    ];
    for (const [bytes, failure] of sloppy) {
      const { server: talker, port } = await listenNet((socket) => socket.on('data', () => socket.end(bytes)));
      try {
        expect(await rawRequest(port, { method: 'GET', path: '/' })).toMatchObject({ failure });
      } finally {
        talker.close();
      }
    }
  });

  it('reports a response cut short as the socket error', async () => {
    ctx.server.handle((_, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
      setTimeout(() => response.destroy(), 20);
    });
    const cut = await timed(() => rawRequest(ctx.server.baseUrl, { method: 'GET', path: '/', timeoutMs: 2000 }));
    // the code, not Node's message ('aborted')
    expect(cut).toMatchObject({ failure: 'ECONNRESET' });
  });

  it('raw bytes on a socket: the status of the first response, or why there is none', async () => {
    ctx.server.handle((_, response) => json(response, 202, { ok: true }));
    const ok = await timed(() => rawSocket(ctx.server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(ok).toMatchObject({ status: 202, headers: {} });
    const bad = await rawSocket(ctx.server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(isFailure(bad) ? bad.failure : bad.status).toBe(400);
    expect(await timed(() => rawSocket(ctx.closedPort, 'x'))).toMatchObject({ failure: 'ECONNREFUSED' });
    const silent = await listenNet((socket) => socket.on('data', () => undefined));
    const talker = await listenNet((socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n'));
    const closer = await listenNet((socket) => socket.end());
    const partial = await listenNet((socket) => socket.write('HTTP/1.1 204 No Content\r\n'));
    const whole = await listenNet((socket) => socket.write('HTTP/1.0 203 X\r\nContent-Length: 5\r\n\r\nhello'));
    try {
      expect(await timed(() => rawSocket(silent.port, 'GET / HTTP/1.1\r\n\r\n', 100))).toMatchObject({
        failure: 'timeout',
      });
      expect(await timed(() => rawSocket(talker.port, 'GET / HTTP/1.1\r\n\r\n'))).toMatchObject({
        failure: 'not HTTP: SSH-2.0-OpenSSH\r\n\r\n',
      });
      expect(await timed(() => rawSocket(closer.port, 'GET / HTTP/1.1\r\n\r\n'))).toMatchObject({
        failure: 'closed without a response',
      });
      expect(await timed(() => rawSocket(partial.port, 'GET / HTTP/1.1\r\n\r\n', 100))).toMatchObject({ status: 204 });
      expect(await rawSocket(whole.port, 'GET / HTTP/1.1\r\n\r\n')).toMatchObject({ status: 203, body: 'hello' });
    } finally {
      for (const s of [silent, talker, closer, partial, whole]) s.server.close();
    }
  });

  it('raw bytes on a socket: a response is read once its header block is complete, however it arrives', async () => {
    // the status line cut in two, the header block's end in a later packet with the body
    const { server: slow, port } = await listenNet((socket) =>
      socket.on('data', () => {
        socket.write('HTTP/1.1 2');
        setTimeout(() => socket.write('01 Created\r\nA: b\r\n'), 30);
        setTimeout(() => socket.write('\r\nhi'), 60);
      }),
    );
    try {
      expect(await rawSocket(port, 'GET / HTTP/1.1\r\n\r\n', 2000)).toMatchObject({ status: 201, body: 'hi' });
    } finally {
      slow.close();
    }
  });

  it('raw bytes on a socket: an answer is HTTP only if it starts with a status line; else its first 80 characters are said', async () => {
    const long = `220 mail.example ESMTP ${'x'.repeat(100)}\r\n\r\n`;
    const answers = [`x HTTP/1.1 200 OK\r\n\r\n`, long, 'HTTP/2 200\r\n\r\n', 'HTTP/1.1 20 OK\r\n\r\n'];
    for (const answer of answers) {
      const { server: talker, port } = await listenNet((socket) => socket.end(answer));
      try {
        expect(await rawSocket(port, 'GET / HTTP/1.1\r\n\r\n', 2000)).toMatchObject({
          failure: `not HTTP: ${answer.slice(0, 80)}`,
        });
      } finally {
        talker.close();
      }
    }
  });

  it('raw bytes on a socket: to 127.0.0.1, whatever localhost resolves to', async () => {
    // a machine where localhost is ::1 only
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((
      _host: string,
      options: unknown,
      callback: (...args: unknown[]) => void,
    ) => {
      const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
      if (all) callback(null, [{ address: '::1', family: 6 }]);
      else callback(null, '::1', 6);
    }) as unknown as typeof dns.lookup);
    ctx.server.handle((_, response) => json(response, 202, {}));
    try {
      expect(
        await rawSocket(ctx.server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 2000),
      ).toMatchObject({ status: 202 });
    } finally {
      lookup.mockRestore();
    }
  });
});
