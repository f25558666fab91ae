// One call's bounds (src/client/call.ts): the bounded read of its body, its timeout and the
// caller's signal through that read, and nothing left running once it settles.
import { getEventListeners } from 'node:events';
import type { Middleware } from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, ERROR_BODY_WAIT_MS } from '../../../src/index.js';
import {
  endless,
  every,
  failureOf,
  logTraces,
  outcome,
  stubbed,
  stuckStream,
  type Answer,
} from '../../support/stub-client.js';

describe('the body is read within maxResponseBytes', () => {
  it('a body of exactly maxResponseBytes, in several chunks, is read whole', async () => {
    const text = JSON.stringify({ traces_count: 1, note: 'x'.repeat(60) });
    const chunks = [text.slice(0, 10), text.slice(10, 40), text.slice(40)].map((part) =>
      new TextEncoder().encode(part),
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const { client } = stubbed({ auth: every, maxResponseBytes: text.length }, { body });
    const { data } = await logTraces(client);
    expect(data).toEqual(JSON.parse(text));
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new TextEncoder().encode('{}'));
          controller.close();
        },
      },
      { highWaterMark: 0 }, // nothing is pulled until a reader asks
    );
    const error = await failureOf({ body, headers: { 'content-length': '101' } }, { maxResponseBytes: 100 });
    expect(error.reason).toBe('body too large');
    expect(pulled).toBe(false);
  });

  it('a declared Content-Length equal to the limit is read', async () => {
    const text = '{"traces_count": 12}';
    const { client } = stubbed(
      { auth: every, maxResponseBytes: text.length },
      { body: text, headers: { 'content-length': String(text.length) } },
    );
    expect((await logTraces(client)).data).toEqual({ traces_count: 12 });
  });

  it('a body larger than maxResponseBytes, declared or not: a status error without the body', async () => {
    const declared = stubbed(
      { auth: every, maxResponseBytes: 10 },
      { status: 500, body: '{"detail": "a long explanation"}' },
    );
    expect(await outcome(logTraces(declared.client))).toEqual({ kind: 'status', status: 500, body: undefined });
    const { stream } = stuckStream(['{"detail": ', '"a long explanation"}']);
    const streamed = stubbed({ auth: every, maxResponseBytes: 15 }, { status: 500, body: stream });
    expect(await outcome(logTraces(streamed.client))).toEqual({ kind: 'status', status: 500, body: undefined });
  });

  it('a body that never ends is cut at maxResponseBytes', async () => {
    const { client } = stubbed({ auth: every, maxResponseBytes: 1_000 }, { status: 502, body: endless(64) });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 502, body: undefined });
  });
});

describe('a refused answer’s body is waited for within ERROR_BODY_WAIT_MS', () => {
  it(`a body that stalls is given up after ERROR_BODY_WAIT_MS (${ERROR_BODY_WAIT_MS} ms), and no timer is left running`, async () => {
    const { stream, state } = stuckStream(['<h1>'], { end: false });
    const { client } = stubbed({ auth: every }, { status: 503, contentType: 'text/html', body: stream });
    const started = performance.now();
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 503, body: undefined });
    expect(performance.now() - started).toBeGreaterThanOrEqual(ERROR_BODY_WAIT_MS - 5);
    expect(state.cancelled).toBe(true);
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout')).toEqual([]);
  });

  it('a body that errors midway: a status error without the body', async () => {
    const { stream } = stuckStream(['<h1>'], { fail: new TypeError('terminated') });
    const { client } = stubbed({ auth: every }, { status: 500, contentType: 'text/html', body: stream });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 500, body: undefined });
  });
});

describe('timeouts and the caller’s signal, with fetch stubbed', () => {
  /** A fetch that never answers until the request's signal aborts, then rejects with its reason. */
  const hanging = () => {
    const sent: Request[] = [];
    const fetch = (request: Request) =>
      new Promise<Response>((_, reject) => {
        sent.push(request);
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true });
      });
    return { sent, fetch };
  };

  it('a call past its timeout rejects with a TimeoutError that says the timeout', async () => {
    const { sent, fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 20 });
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'The call took longer than its timeout of 20 ms.' });
    expect(sent).toHaveLength(1);
  });

  it('an abort of the caller’s signal rejects with its reason', async () => {
    const { fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch });
    const controller = new AbortController();
    const pending = client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: controller.signal });
    const reason = new Error('the caller gave up');
    setTimeout(() => controller.abort(reason), 5);
    await expect(pending).rejects.toBe(reason);
  });

  it('a signal aborted before the call: its reason, and nothing is sent', async () => {
    const { sent, fetch } = hanging();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 1_000 });
    const reason = new Error('already');
    await expect(
      client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(sent).toEqual([]);
  });

  it('a fetch that ignores the abort: the call still rejects at its timeout', async () => {
    const fetch = () => new Promise<Response>(() => undefined);
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: every, fetch, timeout: 20 });
    await expect(logTraces(client)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it.each([
    ['no middleware', []],
    ['a middleware of the caller', [{ onResponse: () => undefined }]],
  ] as [string, Middleware[]][])(
    'a timeout during the body read cancels the body, which closes the connection: %s',
    async (_, middleware) => {
      let cancelled: unknown;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"traces'));
        },
        cancel(reason) {
          cancelled = reason;
        },
      });
      const { client } = stubbed({ auth: every, timeout: 20, middleware }, { body });
      await expect(logTraces(client)).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(cancelled).toMatchObject({ name: 'TimeoutError' });
    },
  );

  it('a settled call leaves no timer running and no listener on the caller’s signal', async () => {
    vi.useFakeTimers();
    try {
      const { client } = stubbed({ auth: every, timeout: 60_000 });
      const controller = new AbortController();
      for (let i = 0; i < 3; i++)
        await client.POST('/v2/system_users', { body: { email: 'a@example.org' }, signal: controller.signal });
      expect(vi.getTimerCount()).toBe(0);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a call that answers in time is not affected by its timeout', async () => {
    const { client } = stubbed({ auth: every, timeout: 1_000 }, { body: '{"traces_count": 1}' });
    expect((await logTraces(client)).data).toEqual({ traces_count: 1 });
  });
});

describe('nothing the client does after deciding on the answer holds the call (a cancel that never settles)', () => {
  it.each([
    [
      'a 500 HTML page',
      { status: 500, contentType: 'text/html' },
      ['<h1>oops</h1>'],
      { kind: 'status', status: 500, body: '<h1>oops</h1>' },
    ],
    [
      'a 200 that is not JSON',
      { status: 200, contentType: 'text/html' },
      ['<h1>oops</h1>'],
      { kind: 'content-type', status: 200, body: '<h1>oops</h1>' },
    ],
    [
      'a 200 over the limit, streamed',
      { status: 200 },
      ['{"traces_count": 1,', ' "note": "0123456789"}'],
      { kind: 'size', status: 200, body: undefined },
    ],
    [
      'a 200 over the limit, declared',
      { status: 200, headers: { 'content-length': '100' } },
      ['{}'],
      { kind: 'size', status: 200, body: undefined },
    ],
  ] as [string, Answer, string[], object][])('%s', async (_, answer, chunks, expected) => {
    const { stream } = stuckStream(chunks, { end: true });
    const { client } = stubbed({ auth: every, maxResponseBytes: 30 }, { ...answer, body: stream });
    expect(await outcome(logTraces(client))).toEqual(expected);
  });

  it('a documented answer whose body never ends is cut at maxResponseBytes, and the stream is cancelled', async () => {
    let cancelled = false;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(100).fill(0x20));
      },
      cancel() {
        cancelled = true;
        return new Promise<void>(() => undefined);
      },
    });
    const { client } = stubbed({ auth: every, maxResponseBytes: 1_000 }, { body });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'size', status: 200, body: undefined });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(15);
  });
});
