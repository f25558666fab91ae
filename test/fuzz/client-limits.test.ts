// The client's bounds: the size of a response, the time a call may take (whatever the garbage
// collector does meanwhile), the credentials it is given and the path parameters it fills in.
// Each case gets a fake loopback server; every call is raced against a hang limit, so a call that
// never settles fails the test instead of stalling it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createApiClient,
  InvalidPathParameterError,
  UnexpectedResponseError,
  type ApiClientOptions,
} from '../../src/index.js';
import { announce } from '../support/fuzz-config.js';
import { callOperation, closeFake, fakeServer, type Fake, type Outcome } from '../support/fake-server.js';
import { exposedText, leakedFragment } from '../support/leaks.js';
import { everyCredential, operations, secrets, type Operation } from '../support/operations.js';
import { validSample } from '../support/samples.js';

announce('test/fuzz/client-limits.test.ts');

// A full garbage collection on demand, without starting the worker with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
const HANG_LIMIT_MS = 10_000;

let fake: Fake;
/** Bytes the fake server managed to write on the current case's responses. */
let written = 0;
/** Requests that reached the fake server. */
let received = 0;
beforeAll(async () => {
  fake = await fakeServer();
});
afterAll(async () => {
  await closeFake(fake);
});
beforeEach(() => {
  written = 0;
  received = 0;
});

const op = operations.find((o) => o.id === 'logTraces')!;
const jsonHead = { 'content-type': 'application/json' };

function call(
  options: Partial<ApiClientOptions> = {},
  init: { signal?: AbortSignal; path?: Record<string, string> } = {},
  operation: Operation = op,
): Promise<Outcome> {
  const client = createApiClient({ baseUrl: fake.url, auth: everyCredential, ...options });
  const sample = validSample(operation, 'client-limits');
  return callOperation(client, operation, { ...sample, path: init.path ?? sample.path }, init.signal, HANG_LIMIT_MS);
}

/** Writes `chunk` until `total` bytes are out (or forever when total is Infinity), honouring backpressure; stops when the client goes away. */
function stream(res: import('node:http').ServerResponse, chunk: Buffer, total: number) {
  const pump = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  pump();
}

const rejection = (outcome: Outcome) => {
  expect(outcome.kind, JSON.stringify(outcome).slice(0, 300)).toBe('rejected');
  return (outcome as { thrown: unknown }).thrown;
};

// ---- 7. The size of a response ------------------------------------------------------------------

describe('a bound on the response size (maxResponseBytes, default 32 MiB)', () => {
  it('a body declared as 1 GiB is refused before it is read', async () => {
    fake.handler = (_q, s) => {
      s.writeHead(200, { ...jsonHead, 'content-length': String(1024 * MiB) });
      stream(s, Buffer.alloc(MiB, 0x20), 128 * MiB);
    };
    const thrown = rejection(await call());
    expect(thrown).toBeInstanceOf(UnexpectedResponseError);
    expect((thrown as UnexpectedResponseError).reason).toBe('body too large');
    expect((thrown as Error).message).toMatch(/larger than the limit of 33,554,432 bytes \(maxResponseBytes\)/);
    expect(written, 'bytes the server got out before the client gave up').toBeLessThan(40 * MiB);
  });

  it('an endless chunked body is cut at the limit, without buffering the rest', async () => {
    fake.handler = (_q, s) => {
      s.writeHead(200, jsonHead);
      s.write('["');
      stream(s, Buffer.alloc(MiB, 0x61), 512 * MiB);
    };
    const outcome = await call();
    const thrown = rejection(outcome);
    expect(thrown).toBeInstanceOf(UnexpectedResponseError);
    expect((thrown as UnexpectedResponseError).reason).toBe('body too large');
    await new Promise((r) => setTimeout(r, 100));
    expect(written, 'bytes the server got out before the client stopped reading').toBeLessThan(48 * MiB);
  });

  it('maxResponseBytes: 1000 takes a body of 1,000 bytes and refuses one of 1,001', async () => {
    const padded = (size: number) => {
      const base = JSON.stringify({ project_id: 'p', pad: '' });
      return JSON.stringify({ project_id: 'p', pad: 'x'.repeat(size - base.length) });
    };
    for (const [size, chunked] of [
      [1000, false],
      [1000, true],
      [1001, false],
      [1001, true],
    ] as const) {
      fake.handler = (_q, s) => {
        const body = padded(size);
        s.writeHead(200, chunked ? jsonHead : { ...jsonHead, 'content-length': String(Buffer.byteLength(body)) });
        s.end(body);
      };
      const outcome = await call({ maxResponseBytes: 1000 });
      if (size === 1000)
        expect(outcome.kind, `${size} bytes, chunked ${chunked}: ${JSON.stringify(outcome).slice(0, 200)}`).toBe(
          'resolved',
        );
      else expect((rejection(outcome) as UnexpectedResponseError).reason).toBe('body too large');
    }
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'maxResponseBytes: %s is refused when the client is created',
    (value) => {
      expect(() => createApiClient({ baseUrl: fake.url, maxResponseBytes: value })).toThrow(RangeError);
    },
  );
});

// ---- 8. Timeouts that hold whatever the garbage collector does ----------------------------------

/** Runs full collections every 50 ms while `during` is pending. */
async function collecting<T>(during: Promise<T>): Promise<T> {
  const timer = setInterval(gc, 50);
  try {
    return await during;
  } finally {
    clearInterval(timer);
  }
}

const headersThenStall = () => {
  fake.handler = (_q, s) => {
    s.writeHead(200, { ...jsonHead, 'content-length': '100' });
    s.write('{"project_id": ');
  };
};
const silence = () => {
  fake.handler = () => undefined;
};

describe('timeouts hold through garbage collections', () => {
  it.each([
    ['headers, then the body stalls', headersThenStall],
    ['no answer at all', silence],
  ] as const)(
    '%s; signal AbortSignal.timeout(1000) and GCs meanwhile: rejects with TimeoutError in time',
    async (_name, server) => {
      server();
      const thrown = rejection(await collecting(call({}, { signal: AbortSignal.timeout(1000) })));
      expect((thrown as Error).name).toBe('TimeoutError');
    },
  );

  it.each([
    ['headers, then the body stalls', headersThenStall],
    ['no answer at all', silence],
  ] as const)(
    '%s; the timeout option (1000 ms) and GCs meanwhile: rejects with TimeoutError in time',
    async (_name, server) => {
      server();
      const outcome = await collecting(call({ timeout: 1000 }));
      const thrown = rejection(outcome);
      expect((thrown as Error).name).toBe('TimeoutError');
      expect((thrown as Error).message).toMatch(/1,000 ms/);
      expect(outcome.ms).toBeGreaterThanOrEqual(990);
      expect(outcome.ms).toBeLessThan(2_500);
    },
  );

  it('a body that trickles one byte every 100 ms: the timeout bounds the whole call, not each read', async () => {
    fake.handler = (_q, s) => {
      s.writeHead(200, jsonHead);
      const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write(' ')), 100);
    };
    const outcome = await call({ timeout: 800 });
    expect((rejection(outcome) as Error).name).toBe('TimeoutError');
    expect(outcome.ms).toBeLessThan(2_000);
  });

  it("the caller's signal is honoured through the body read, and the connection is closed", async () => {
    headersThenStall();
    const controller = new AbortController();
    const closed = new Promise<void>((resolve) => {
      fake.server.once('request', (_q, s) => s.once('close', () => resolve()));
    });
    const pending = collecting(call({}, { signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 300));
    const abortedAt = Date.now();
    controller.abort();
    const outcome = await pending;
    expect((rejection(outcome) as Error).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await Promise.race([
      closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the connection stayed open')), 2_000)),
    ]);
  });

  it('a signal aborted before the call: nothing is sent', async () => {
    fake.handler = (_q, s) => {
      received++;
      s.writeHead(200, jsonHead).end('{}');
    };
    const outcome = await call({}, { signal: AbortSignal.abort() });
    expect((rejection(outcome) as Error).name).toBe('AbortError');
    expect(received).toBe(0);
  });

  it.each([0, -5, Number.NaN])('timeout: %s is refused when the client is created', (value) => {
    expect(() => createApiClient({ baseUrl: fake.url, timeout: value })).toThrow(RangeError);
  });
});

// ---- 9. Credentials: never quoted (what the client refuses when it is created, and how, is in
// test/unit/client/credentials.test.ts) ----------------------------------------------------------------------

describe('a server that echoes a credential cannot get it into an error', () => {
  it.each([
    ['the key as the whole Content-Type', (key: string) => key],
    ['the key as a media type', (key: string) => `text/${key}`],
    ['the key in a parameter', (key: string) => `text/plain; echo=${key}`],
    ['the key in a parameter of a JSON type', (key: string) => `application/json; echo=${key}`],
  ])('a server that echoes the credential into Content-Type (%s): no piece of it in the error', async (_name, echo) => {
    fake.handler = (q, s) => {
      const key = String(
        q.headers['service-ao-api-key'] ?? q.headers['service-api-key'] ?? q.headers.authorization ?? '',
      );
      s.writeHead(200, { 'content-type': echo(key) }).end('');
    };
    const thrown = rejection(await call());
    expect(thrown).toBeInstanceOf(UnexpectedResponseError);
    expect(leakedFragment(exposedText(thrown), secrets)).toBeUndefined();
  });
});

// ---- 10. Path parameters that would move the request ---------------------------------------------

describe('a path parameter that is empty, "." or ".." is refused before anything is sent', () => {
  const parameter = op.pathParameters[0]!.name;
  it.each(['', '.', '..'])('%j', async (value) => {
    fake.handler = (_q, s) => {
      received++;
      s.writeHead(200, jsonHead).end('{}');
    };
    const thrown = rejection(await call({}, { path: { [parameter]: value } }));
    expect(thrown).toBeInstanceOf(InvalidPathParameterError);
    expect((thrown as InvalidPathParameterError).parameter).toBe(parameter);
    expect((thrown as Error).message).toContain(op.id);
    expect(received, 'a request reached the server').toBe(0);
  });

  it.each(['...', '..a', '%2e%2e', 'a/..'])('%j stays one segment of the intended path', async (value) => {
    let path = '';
    fake.handler = (q, s) => {
      path = q.url ?? '';
      s.writeHead(200, jsonHead).end('{}');
    };
    await call({}, { path: { [parameter]: value } });
    expect(path).toBe(op.path.replace(`{${parameter}}`, encodeURIComponent(value)));
  });
});

// ---- What the bounded call passes on ------------------------------------------------------------

describe('the bounded call passes on what openapi-fetch gives fetch', () => {
  it("requestInitExt (e.g. an undici dispatcher) reaches the caller's fetch", async () => {
    const seen: unknown[] = [];
    const marker = { dispatcher: 'fuzz-marker' } as unknown as RequestInit;
    const client = createApiClient({
      baseUrl: fake.url,
      auth: everyCredential,
      requestInitExt: marker,
      fetch: (request: Request, ...rest: unknown[]) => {
        seen.push(rest[0]);
        return fetch(request);
      },
    } as ApiClientOptions);
    fake.handler = (_q, s) => s.writeHead(200, jsonHead).end('{}');
    const outcome = await callOperation(client, op, validSample(op, 'client-limits'), undefined, HANG_LIMIT_MS);
    expect(outcome.kind).toBe('resolved');
    expect(seen).toEqual([marker]);
  });
});
