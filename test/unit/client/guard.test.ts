// The response guard (src/client/guard.ts): a documented status with a JSON body, or an
// UnexpectedResponseError; whatever parseAs asks for, the body it read.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { every, failureOf, logTraces, outcome, PROJECT, SECRET_BODY, stubbed } from '../../support/stub-client.js';

describe('every answer is JSON, or an UnexpectedResponseError that carries no byte of it', () => {
  it('no body at all: empty body', async () => {
    expect(await failureOf({ status: 200, body: null })).toMatchObject({
      status: 200,
      kind: 'parse',
      reason: 'empty body',
      body: '',
    });
  });

  it('without a body, a declared Content-Length over the limit, and a type that is not JSON, are still told apart', async () => {
    expect(
      (await failureOf({ body: null, headers: { 'content-length': '500' } }, { maxResponseBytes: 100 })).reason,
    ).toBe('body too large');
    expect((await failureOf({ body: null, contentType: 'text/plain' })).reason).toBe('not JSON');
  });

  it('a content type that repeats part of a credential is withheld', async () => {
    const error = await failureOf({ contentType: `text/plain; echo=${every.apiKey.slice(3, 9)}`, body: SECRET_BODY });
    expect(error.contentType).toBe('[withheld]');
    expect(error.message).not.toContain(every.apiKey.slice(3, 9));
    expect(error.message).toContain('(content-type: [withheld])');
  });

  it("a header that reflects a credential is withheld in the error's headers too: neither they nor inspect() show it", async () => {
    const echoed = `text/plain; echo=${every.apiKey}`;
    const error = await failureOf({
      contentType: echoed,
      body: SECRET_BODY,
      headers: { 'x-echo': `Basic ${Buffer.from('grace:pässwort-7a8b').toString('base64')}`, 'retry-after': '5' },
    });
    expect(error.headers.get('content-type')).toBe('[withheld]');
    expect(error.headers.get('x-echo')).toBe('[withheld]');
    expect(error.headers.get('retry-after')).toBe('5');
    for (const shown of [inspect(error), inspect(error, { showHidden: true, depth: 5 }), String(error.stack)])
      expect(shown).not.toContain(every.apiKey.slice(0, 8));
  });

  it('a content type sharing fewer than four characters with a credential is kept', async () => {
    const error = await failureOf({ contentType: 'text/plain; x=stu', body: SECRET_BODY });
    expect(error.contentType).toBe('text/plain; x=stu');
    // The last three characters of a key as well: no run of four reaches past its end.
    const tail = `text/plain; x=${every.apiKey.slice(-3)}`;
    expect((await failureOf({ contentType: tail, body: SECRET_BODY })).contentType).toBe(tail);
  });

  it.each([
    ['the last four characters of a key', { apiKey: 'stub-key-0a1b2c' }, 'text/plain; x=2c'.replace('2c', '1b2c')],
    ['the whole of a key shorter than four characters', { apiKey: 'k3y' }, 'text/k3y'],
    [
      'the base64 of the Basic credentials',
      { basic: { username: 'grace', password: 'pw-7a8b' } },
      `text/plain; x=${Buffer.from('grace:pw-7a8b').toString('base64').slice(-6)}`,
    ],
  ] as const)('a content type with %s is withheld', async (_what, auth, contentType) => {
    const { client } = stubbed({ auth }, { contentType, body: SECRET_BODY });
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'not JSON', contentType: '[withheld]' });
  });

  it('with only some credentials held, a content type that repeats none of them is kept', async () => {
    const { client } = stubbed(
      { auth: { apiKey: 'stub-key-0a1b2c' } },
      { contentType: 'text/plain', body: SECRET_BODY },
    );
    expect(await logTraces(client).catch((e: unknown) => e)).toMatchObject({
      reason: 'not JSON',
      contentType: 'text/plain',
    });
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json ; charset=utf-8',
    'Application/JSON',
    'application/problem+json',
    'application/vnd.service.v2+json',
  ])('%s is JSON: the body comes back parsed, as data or error', async (contentType) => {
    const { client } = stubbed({ auth: every }, { contentType, body: '{"traces_count": 2}' });
    expect((await logTraces(client)).data).toEqual({ traces_count: 2 });
    // With a Content-Length, openapi-fetch reads the body with response.json() instead of text().
    const { client: sized } = stubbed(
      { auth: every },
      { contentType, body: '{"traces_count": 3}', headers: { 'content-length': '19' } },
    );
    expect((await logTraces(sized)).data).toEqual({ traces_count: 3 });
    const { client: failing } = stubbed({ auth: every }, { status: 422, contentType, body: '{"detail": []}' });
    expect((await logTraces(failing)).error).toEqual({ detail: [] });
  });

  it('whatever parseAs the call asks for, it gets the body (the guard has read it already)', async () => {
    const text = '{"traces_count": 4}';
    const asked = async (parseAs: 'text' | 'blob' | 'arrayBuffer' | 'stream') => {
      const { client } = stubbed({ auth: every }, { contentType: 'application/json; charset=utf-8', body: text });
      return (
        await client.POST('/v2/projects/{project_id}/traces', {
          params: { path: { project_id: PROJECT } },
          body: { traces: [] },
          parseAs,
        })
      ).data;
    };
    expect(await asked('text')).toBe(text);
    const blob = (await asked('blob')) as Blob;
    expect(blob.type).toBe('application/json; charset=utf-8');
    expect(await blob.text()).toBe(text);
    expect(new TextDecoder().decode((await asked('arrayBuffer')) as ArrayBuffer)).toBe(text);
    expect(await new Response((await asked('stream')) as ReadableStream).text()).toBe(text);
  });

  it('parseAs arrayBuffer gets exactly the body, even when it arrived as a view of a larger buffer', async () => {
    const text = '{"traces_count": 5}';
    const pool = new Uint8Array(64).fill(0x20);
    pool.set(new TextEncoder().encode(text), 8);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pool.subarray(8, 8 + text.length));
        controller.close();
      },
    });
    const { client } = stubbed({ auth: every }, { body });
    const { data } = await client.POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: PROJECT } },
      body: { traces: [] },
      parseAs: 'arrayBuffer',
    });
    expect(new TextDecoder().decode(data as ArrayBuffer)).toBe(text);
  });

  it.each([
    'application/jsonx',
    'text/application/json',
    'application/json-seq',
    'application/+json',
    'xapplication/json',
  ])('%s is not JSON', async (contentType) => {
    expect((await failureOf({ contentType, body: '{}' })).reason).toBe('not JSON');
  });
});

describe('an answer with a status the operation does not document rejects with kind status, whatever its body', () => {
  it('a 500 with an HTML page is a status error, not a content-type one; the page is the body', async () => {
    const { client } = stubbed({ auth: every }, { status: 500, contentType: 'text/html', body: '<h1>oops</h1>' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 500, body: '<h1>oops</h1>' });
  });

  it('a 404 labelled JSON that does not parse: a status error whose body is the text', async () => {
    const { client } = stubbed({ auth: every }, { status: 404, body: '{"detail": ' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'status', status: 404, body: '{"detail": ' });
  });

  it('every status from 200 to 599 but the documented 200 and 422 is a status error, a body or none', async () => {
    const noBody = new Set([204, 205, 304]);
    const kinds = new Map<number, unknown>();
    for (let status = 200; status <= 599; status++) {
      const { client } = stubbed({ auth: every }, { status, body: noBody.has(status) ? null : '{"detail": "x"}' });
      const result = await outcome(logTraces(client));
      kinds.set(status, 'kind' in result ? result.kind : 'error' in result ? 'error' : 'data');
    }
    expect(kinds.get(200)).toBe('data');
    expect(kinds.get(422)).toBe('error');
    expect([...kinds].filter(([status, kind]) => status !== 200 && status !== 422 && kind !== 'status')).toEqual([]);
  });

  it('a documented status whose body is not JSON carries its text as well', async () => {
    const { client } = stubbed({ auth: every }, { status: 200, contentType: 'text/plain', body: 'fine' });
    expect(await outcome(logTraces(client))).toEqual({ kind: 'content-type', status: 200, body: 'fine' });
  });
});
