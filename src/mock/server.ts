/// <reference types="node" />
// The mock's HTTP door: a node:http server that reads each request's body (bounded,
// ./request/read-body.ts), hands it to the pipeline (./pipeline.ts) and writes the answer. What only a socket
// has stays here: framing and the limits of Node's HTTP parser; everything a request is answered
// from is the pipeline's, the same as in-process (./index.ts). The log holds no body and no
// credential (./prism/log.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeHost } from './host.js';
import { createPipeline, type Dropped, type MockRequest, type MockSettings } from './pipeline.js';
import type { Reply } from './common/reply.js';
import { readBody } from './request/read-body.js';

export { COVERAGE_PATH, FALLBACKS_PATH, REQUESTS_PATH, RESET_PATH, SCENARIOS_PATH } from './request/route.js';

export interface MockOptions extends MockSettings {
  host?: string | undefined;
  /** 0 picks a free port */
  port?: number | undefined;
}

export interface RunningMock {
  url: string;
  server: Server;
  /** Stops listening and drops open connections; writes the coverage record (`coverage: DIR`). */
  close(): Promise<void>;
}

/**
 * A request as this door hands it over, its signal made when first read. The getter is the class's,
 * shared by every request: a getter of each request's own (an object literal's `get signal()`)
 * tripled the time of the garbage collector's every scavenge under load.
 */
class DoorRequest implements MockRequest {
  constructor(
    readonly method: string,
    readonly target: string,
    readonly headers: MockRequest['headers'],
    readonly body: Uint8Array,
    readonly tooLarge: boolean,
    private readonly signalOf: () => AbortSignal,
  ) {}

  get signal(): AbortSignal {
    return this.signalOf();
  }
}

/** Starts the mock and resolves once it listens. */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  const { host = '127.0.0.1', port = 4010, log = process.stdout } = options;
  const pipeline = await createPipeline({ ...options, log }, nodeHost());

  const server = createServer((req, res) => {
    const send = (reply: Reply | Dropped) => {
      // A scenario's reset fault: the connection drops, with a TCP reset where the socket can send one.
      if ('dropped' in reply) return void (req.socket.resetAndDestroy?.() ?? req.socket.destroy());
      for (const [name, value] of reply.headers) res.setHeader(name, value);
      res.statusCode = reply.status;
      res.end(reply.body);
    };
    // The client going away before the answer ends a scenario's delay or hang. The signal, and the
    // watch on the connection, are made only when the pipeline asks for them (a scenario or the
    // chaos applies): an AbortController and a listener cost a request more than its routing does.
    let gone: AbortController | undefined;
    const signalOf = (): AbortSignal => {
      if (!gone) {
        const controller = (gone = new AbortController());
        const abort = () => controller.abort(new Error('the client closed the connection'));
        if (req.socket.destroyed) abort();
        else
          res.once('close', () => {
            if (!res.writableFinished) abort();
          });
      }
      return gone.signal;
    };
    // A body that fails to arrive (the client went away) has no one to answer. (A server's request
    // always has a method and a URL; node:http types them as optional for its client's responses.)
    readBody(req).then(
      async ({ bytes, tooLarge }) =>
        send(
          await pipeline.answer(
            new DoorRequest(req.method as string, req.url as string, req.headers, bytes, tooLarge, signalOf),
          ),
        ),
      () => res.destroy(),
    );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  // Listening on a host and port (never a pipe), the address is an AddressInfo.
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url,
    server,
    close: () =>
      new Promise((resolve, reject) => {
        server.close(() => {
          try {
            pipeline.saveCoverage();
            resolve();
          } catch (error) {
            reject(error);
          }
        });
        server.closeAllConnections();
      }),
  };
}
