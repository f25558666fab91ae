// What the suites of the verifier's transport share (test/unit/verify/exchange.test.ts, raw.test.ts,
// hostile.test.ts, operations.test.ts, samples.test.ts): an operation by id, a project and a
// template id, a test server with a port nothing listens on, servers on a given host or speaking raw
// TCP, and a check of a raw call's measured time.
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { operations, type Operation } from '../../src/verify/operations.js';
import { startServer, type TestServer } from './verify-server.js';

export const op = (id: string): Operation => operations.find((o) => o.id === id)!;
export const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
export const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';

/** A test server, and a port on 127.0.0.1 that nothing listens on (a refused connection). */
export async function startWithClosedPort(): Promise<{ server: TestServer; closedPort: number }> {
  const server = await startServer();
  const closed = createNetServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return { server, closedPort };
}

export interface ServerWithClosedPort {
  server: TestServer;
  closedPort: number;
  last(): TestServer['received'][number];
}

/** The suite's test server and closed port, started before its tests and closed after them; last(): the request it received last. */
export function useServerWithClosedPort(): ServerWithClosedPort {
  const ctx = { last: () => ctx.server.received[ctx.server.received.length - 1]! } as ServerWithClosedPort;
  beforeAll(async () => void Object.assign(ctx, await startWithClosedPort()));
  afterAll(() => ctx.server.close());
  return ctx;
}

/** A server on `host` that answers 200 and records the URLs it was asked for. */
export async function startServerOn(host: string) {
  const urls: string[] = [];
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, urls, port: (server.address() as { port: number }).port };
}

/**
 * Awaits a raw call and checks its `ms`: the time the call took, so at most the time measured
 * around it.
 */
export async function timed<T extends { ms: number }>(call: () => Promise<T>): Promise<T> {
  const before = Date.now();
  const result = await call();
  expect(result.ms).toBeGreaterThanOrEqual(0);
  expect(result.ms).toBeLessThanOrEqual(Date.now() - before);
  return result;
}

/** A TCP server on 127.0.0.1 that answers each connection with `answer`; close() it after. */
export async function listenNet(answer: (socket: Socket) => void): Promise<{ server: NetServer; port: number }> {
  const server = createNetServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}
