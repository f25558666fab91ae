/// <reference types="node" />
// Requests fetch() would refuse or normalise: raw bytes, unnormalised paths, huge headers, broken
// HTTP framing. Every call has a deadline; a hang is reported as such, never waited out.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface RawFailure {
  /** 'timeout' when nothing (or not all) came back before the deadline, else the socket error code. */
  failure: string;
  ms: number;
}

export interface RawRequest {
  method: string;
  /** Sent as is: no normalisation of `..`, no re-encoding. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * Sends one request as is. `target` is a port on 127.0.0.1, or a base URL (http or https, with an
 * optional path prefix that `req.path` is appended to).
 */
export function rawRequest(target: number | string, req: RawRequest): Promise<RawResponse | RawFailure> {
  const base = new URL(typeof target === 'number' ? `http://127.0.0.1:${target}` : target);
  const request = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/+$/, '');
  const started = Date.now();
  const timeoutMs = req.timeoutMs ?? 15_000;
  return new Promise((resolve) => {
    // A promise settles once: a later answer (an error after the timeout, say) changes nothing.
    const done = (value: RawResponse | RawFailure) => {
      clearTimeout(timer);
      resolve(value);
    };
    const outgoing = request(
      // An IPv6 hostname comes in brackets ([::1]), which a host name must not have.
      {
        host: base.hostname.startsWith('[') ? base.hostname.slice(1, -1) : base.hostname,
        port: base.port,
        method: req.method,
        path: prefix + req.path,
        headers: req.headers ?? {},
        agent: false,
        insecureHTTPParser: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Date.now() - started,
          }),
        );
        res.on('error', (e: NodeJS.ErrnoException) => done({ failure: e.code ?? e.message, ms: Date.now() - started }));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ failure: 'timeout', ms: Date.now() - started });
    }, timeoutMs);
    outgoing.on('error', (e: NodeJS.ErrnoException) =>
      done({ failure: e.code ?? e.message, ms: Date.now() - started }),
    );
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

/** Writes raw bytes on a new TCP connection and reads the first response's status line (or the failure). */
export function rawSocket(port: number, bytes: string | Buffer, timeoutMs = 10_000): Promise<RawResponse | RawFailure> {
  const started = Date.now();
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const socket = connect({ host: '127.0.0.1', port });
    // A promise settles once: what the socket says after the first finish changes nothing.
    const finish = (value: RawResponse | RawFailure) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const parse = (): RawResponse | undefined => {
      const text = received.toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!match) return undefined;
      return {
        status: Number(match[1]),
        headers: {},
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
        ms: Date.now() - started,
      };
    };
    const timer = setTimeout(() => finish(parse() ?? { failure: 'timeout', ms: Date.now() - started }), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // A complete status line and header block is enough.
      if (received.includes('\r\n\r\n'))
        finish(
          parse() ?? { failure: `not HTTP: ${received.toString('latin1').slice(0, 80)}`, ms: Date.now() - started },
        );
    });
    socket.on('end', () => finish(parse() ?? { failure: 'closed without a response', ms: Date.now() - started }));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      finish(parse() ?? { failure: e.code ?? e.message, ms: Date.now() - started }),
    );
  });
}

export const isFailure = (r: RawResponse | RawFailure): r is RawFailure => 'failure' in r;
