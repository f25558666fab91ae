// The verifier's exchanges (src/verify/exchange.ts, and send() of operations.ts), against a server in
// the test process: a JSON request through the client with its credential, a status the operation
// does not document, a body that is not JSON, a timeout, a refused connection, a request the client
// will not send, raw answers parsed; and the message of a network error.
import { describe, expect, it } from 'vitest';
import { networkMessage, sendJson, sendRaw } from '../../../src/verify/exchange.js';
import { send } from '../../../src/verify/operations.js';
import { json } from '../../support/verify-server.js';
import { op, PROJECT, TEMPLATE, useServerWithClosedPort } from '../../support/verify-transport.js';

const ctx = useServerWithClosedPort();

describe('exchanges', () => {
  const social = op('loginSocial');

  it('a JSON request goes through the client, with its credential; the answer is parsed', async () => {
    ctx.server.handle((request, response) =>
      json(response, 200, { access_token: request.headers.authorization, token_type: 'bearer' }),
    );
    const before = performance.now();
    const { outcome, ms } = await sendJson(
      ctx.server.baseUrl,
      social,
      { path: {}, body: { provider: 'google' } },
      { accessToken: 'tok' },
      2000,
    );
    const elapsed = performance.now() - before;
    expect(outcome).toEqual({
      type: 'response',
      status: 200,
      contentType: 'application/json',
      body: { access_token: 'Bearer tok', token_type: 'bearer' },
    });
    // the exchange's own duration
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(elapsed);
    expect(ctx.last()).toMatchObject({ method: 'POST', url: '/v2/login/social', body: '{"provider":"google"}' });
    await sendJson(ctx.server.baseUrl, social, { path: {}, body: undefined }, {}, 2000);
    expect(ctx.last()).toMatchObject({ body: '' });
    expect(ctx.last().headers.authorization).toBeUndefined();
    const error = await sendJson(ctx.server.baseUrl, social, { path: {}, body: {} }, {}, 2000);
    expect(error.outcome).toMatchObject({ type: 'response', status: 200 });
    ctx.server.handle((_, response) => json(response, 422, { detail: [] }));
    expect((await sendJson(ctx.server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'response',
      status: 422,
      contentType: 'application/json',
      body: { detail: [] },
    });
  });

  it('a status the operation does not document (which the client refuses): judged by its content type and body as a raw answer is', async () => {
    const answer = (status: number, contentType: string, body: string) =>
      ctx.server.handle((_, response) => {
        response.writeHead(status, { 'content-type': contentType });
        response.end(body);
      });
    const outcome = async () => (await sendJson(ctx.server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome;
    answer(401, 'application/json', '{"detail":"Not authenticated"}');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 401,
      contentType: 'application/json',
      body: { detail: 'Not authenticated' },
    });
    answer(503, 'application/json', ' ');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 503,
      contentType: 'application/json',
      body: undefined,
      notJson: 'empty body',
    });
    answer(503, 'application/json', '{"detail"');
    expect(await outcome()).toEqual({
      type: 'response',
      status: 503,
      contentType: 'application/json',
      body: undefined,
      notJson: 'invalid JSON',
    });
  });

  it('a body that is not JSON, a timeout, a refused connection, a request the client will not send', async () => {
    ctx.server.handle((_, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<h1>oops</h1>');
    });
    expect((await sendJson(ctx.server.baseUrl, social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'response',
      status: 500,
      contentType: 'text/html',
      body: undefined,
      notJson: 'not JSON',
    });
    ctx.server.handle(() => undefined);
    expect((await sendJson(ctx.server.baseUrl, social, { path: {}, body: {} }, {}, 100)).outcome).toEqual({
      type: 'timeout',
    });
    expect(
      (await sendJson(`http://127.0.0.1:${ctx.closedPort}`, social, { path: {}, body: {} }, {}, 2000)).outcome,
    ).toEqual({ type: 'network error', message: 'fetch failed (ECONNREFUSED)' });
    // 6000 is one of fetch's bad ports: a cause with a message and no code
    expect((await sendJson('http://127.0.0.1:6000', social, { path: {}, body: {} }, {}, 2000)).outcome).toEqual({
      type: 'network error',
      message: 'fetch failed (bad port)',
    });
    const template = op('updateAnnotationTemplate');
    expect(
      (
        await sendJson(
          ctx.server.baseUrl,
          template,
          { path: { project_id: '..', template_id: TEMPLATE }, body: {} },
          { apiKey: 'k' },
          2000,
        )
      ).outcome,
    ).toEqual({ type: 'not sent', reason: 'InvalidPathParameterError' });
    expect(
      (
        await sendJson(
          ctx.server.baseUrl,
          template,
          { path: { project_id: PROJECT, template_id: TEMPLATE }, body: {} },
          { apiKey: 'bad\nkey' },
          2000,
        )
      ).outcome,
    ).toEqual({ type: 'not sent', reason: 'InvalidCredentialError' });
  });

  it('send(): status, headers and the data or error body', async () => {
    ctx.server.handle((_, response) => json(response, 200, { a: 1 }, { 'x-y': 'z' }));
    const sent = await send(
      ctx.server.baseUrl,
      op('updateAnnotationTemplate'),
      { path: { project_id: PROJECT, template_id: TEMPLATE }, body: { name: 'n' } },
      { classicApiKey: 'ck' },
    );
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-y')).toBe('z');
    expect(sent.body).toEqual({ a: 1 });
    expect(ctx.last()).toMatchObject({
      method: 'PATCH',
      url: `/v2/projects/${PROJECT}/annotation/templates/${TEMPLATE}`,
      body: '{"name":"n"}',
      headers: { 'service-api-key': 'ck' },
    });
    ctx.server.handle(() => undefined);
    await expect(send(ctx.server.baseUrl, op('loginSocial'), { path: {}, body: {} }, {}, 50)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('a raw request: JSON media types parsed, anything else said as not JSON, empty or invalid', async () => {
    const answer = (contentType: string | undefined, body: string) =>
      ctx.server.handle((_, response) => {
        response.writeHead(400, contentType === undefined ? {} : { 'content-type': contentType });
        response.end(body);
      });
    const raw = { method: 'POST', path: '/v2/login/social', body: '{' };
    answer('application/json', '{"detail":"x"}');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toEqual({
      type: 'response',
      status: 400,
      contentType: 'application/json',
      body: { detail: 'x' },
    });
    answer('Application/Problem+JSON; charset=utf-8', '[1]');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({ status: 400, body: [1] });
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).not.toHaveProperty('notJson');
    answer('application/json ;charset=utf-8', '1');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({ body: 1 });
    answer('application/jsonx', '{}');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({
      notJson: 'not JSON',
      body: undefined,
    });
    answer('text/plain; x=application/json', '{}');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({ notJson: 'not JSON' });
    answer(undefined, '{}');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toEqual({
      type: 'response',
      status: 400,
      contentType: null,
      body: undefined,
      notJson: 'not JSON',
    });
    answer('application/json', ' \n ');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({ notJson: 'empty body' });
    answer('application/json', '{"a":');
    expect((await sendRaw(ctx.server.baseUrl, raw, 2000)).outcome).toMatchObject({
      notJson: 'invalid JSON',
      body: undefined,
    });
    ctx.server.handle(() => undefined);
    expect(await sendRaw(ctx.server.baseUrl, raw, 100)).toMatchObject({ outcome: { type: 'timeout' } });
    expect((await sendRaw(`http://127.0.0.1:${ctx.closedPort}`, raw, 2000)).outcome).toEqual({
      type: 'network error',
      message: 'ECONNREFUSED',
    });
  });
});

it("the message of a network error: fetch's cause, by its code or its message", () => {
  expect(
    networkMessage(
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ),
  ).toBe('fetch failed (ECONNREFUSED)');
  expect(networkMessage(new TypeError('fetch failed', { cause: new Error('bad port') }))).toBe(
    'fetch failed (bad port)',
  );
  expect(networkMessage(new TypeError('x is not a function'))).toBe('x is not a function');
});
