// A thin fault-injecting wrapper around the mock: an HTTP server on a free loopback port that
// forwards every request to the mock unchanged, except where a fault rewrites the request on its
// way in or the answer on its way out, or answers itself. What the verifier must detect is then
// exactly the fault, on an otherwise conforming server.
import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../src/verify/operations.js';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface Fault {
  /** The request body to forward instead of the one received (JSON text), or undefined to keep it. */
  request?(operationId: string, body: string): string | undefined;
  /** The answer to send instead of the mock's, 'never end' to send headers and stall, or undefined to keep it. */
  response?(operationId: string, answer: Answer, requestBody: string, url: string): Answer | 'never end' | undefined;
}

export interface FaultServer {
  baseUrl: string;
  /** Requests received so far. */
  received(): number;
  close(): Promise<void>;
}

const routes = operations.map((op) => ({
  id: op.id,
  method: op.method.toUpperCase(),
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

function operationOf(req: IncomingMessage): string {
  const path = (req.url ?? '').split('?')[0]!;
  return routes.find((r) => r.method === req.method && r.pattern.test(path))?.id ?? 'unknown';
}

async function readBody(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function attempt<T>(apply: () => T | undefined): T | undefined {
  try {
    return apply();
  } catch {
    return undefined;
  }
}

export async function startFaultServer(mockBaseUrl: string, fault: Fault): Promise<FaultServer> {
  const upstream = new URL(mockBaseUrl);
  let received = 0;
  const stalled = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    received++;
    const operationId = operationOf(req);
    const original = await readBody(req);
    // A fault reads JSON; hostile bodies that are not JSON pass through untouched.
    const rewritten = attempt(() => fault.request?.(operationId, original.toString('utf8')));
    const body = rewritten === undefined ? original : Buffer.from(rewritten);
    const headers = { ...req.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false },
      async (answer) => {
        const text = (await readBody(answer)).toString('utf8');
        const mine: Answer = {
          status: answer.statusCode ?? 502,
          contentType: String(answer.headers['content-type'] ?? ''),
          body: text,
        };
        const changed = attempt(() => fault.response?.(operationId, mine, body.toString('utf8'), req.url ?? ''));
        if (changed === 'never end') {
          stalled.add(res);
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"access_token": "');
          return;
        }
        const sent = changed ?? mine;
        res.writeHead(sent.status, {
          'content-type': sent.contentType,
          'content-length': Buffer.byteLength(sent.body),
        });
        res.end(sent.body);
      },
    );
    forwarded.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fault server: the mock did not answer: ${error.message}`);
    });
    forwarded.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received: () => received,
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
