// A fake server on loopback whose answer each test sets, for throwing hostile responses at the
// client. It records the headers of every request and the sockets it holds (destroyed on close).
// And one way to call an operation against it that reports a hang instead of waiting it out.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiClient } from '../../src/index.js';
import type { Operation } from './operations.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Fake {
  server: Server;
  url: string;
  sockets: Set<Socket>;
  handler: Handler;
  /** Headers of every request the server received. */
  seen: IncomingMessage['headers'][];
}

export async function fakeServer(): Promise<Fake> {
  const idle: Handler = (_req, res) => res.end();
  const fake = { sockets: new Set<Socket>(), seen: [], handler: idle } as unknown as Fake;
  fake.server = createServer((req, res) => {
    fake.seen.push(req.headers);
    req.resume();
    fake.handler(req, res);
  });
  fake.server.on('connection', (socket: Socket) => {
    fake.sockets.add(socket);
    socket.on('close', () => fake.sockets.delete(socket));
  });
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  const address = fake.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  fake.url = `http://127.0.0.1:${address.port}`;
  return fake;
}

export async function closeFake(fake: Fake | undefined): Promise<void> {
  if (!fake) return;
  for (const socket of fake.sockets) socket.destroy();
  fake.server.close();
  await once(fake.server, 'close');
}

/** What a call came to: a resolved { data, error, response }, a rejection, or nothing within the hang limit. */
export type Outcome =
  | { kind: 'resolved'; data: unknown; error: unknown; status: number; ms: number }
  | { kind: 'rejected'; thrown: unknown; ms: number }
  | { kind: 'hung'; ms: number };

/** Calls `op` with `client` (its path and body from `sample`), waiting for it at most `hangLimitMs`. */
export async function callOperation(
  client: ApiClient,
  op: Operation,
  sample: { path: Record<string, string>; body: unknown },
  signal: AbortSignal | undefined,
  hangLimitMs: number,
): Promise<Outcome> {
  const method = client[op.method.toUpperCase() as 'POST'] as unknown as (
    path: string,
    init: { params: { path: Record<string, string> }; body: unknown; signal?: AbortSignal },
  ) => ReturnType<ApiClient['POST']>;
  const started = Date.now();
  const attempt = method(op.path, {
    params: { path: sample.path },
    body: sample.body,
    ...(signal ? { signal } : {}),
  }).then(
    ({ data, error, response }): Outcome => ({
      kind: 'resolved',
      data,
      error,
      status: response.status,
      ms: Date.now() - started,
    }),
    (thrown: unknown): Outcome => ({ kind: 'rejected', thrown, ms: Date.now() - started }),
  );
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung', ms: Date.now() - started }), hangLimitMs);
  });
  const outcome = await Promise.race([attempt, hang]);
  clearTimeout(timer);
  return outcome;
}
