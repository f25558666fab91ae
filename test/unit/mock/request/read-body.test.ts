// The body read (src/mock/request/read-body.ts), a step that answers before Prism, called
// in-process: the body, bounded at 10 MB, and the 413 past it.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyTooLarge, MAX_BODY, readBody } from '../../../../src/mock/request/read-body.js';

describe('read-body: the body, bounded at 10 MB', () => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

  it("reads every chunk, in order, of node:http's stream or a WHATWG Request's; no stream is no body", async () => {
    const two = await readBody(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]));
    expect([text(two.bytes), two.tooLarge]).toEqual(['{"a":1}', false]);
    expect(text((await readBody(Readable.from([Buffer.from('one chunk')]))).bytes)).toBe('one chunk');
    expect(await readBody(Readable.from([]))).toEqual({ bytes: new Uint8Array(), tooLarge: false });
    const whatwg = new Request('http://mock.test/', { method: 'POST', body: 'from a Request' })
      .body as unknown as AsyncIterable<Uint8Array>;
    expect(text((await readBody(whatwg)).bytes)).toBe('from a Request');
    expect(await readBody(null)).toEqual({ bytes: new Uint8Array(), tooLarge: false });
  });

  it('a body at the limit is read; one byte more: what came before the chunk that passed it, the rest read to its end and dropped, tooLarge', async () => {
    const atLimit = await readBody(Readable.from([Buffer.from('12345'), Buffer.from('67')]), 7);
    expect([text(atLimit.bytes), atLimit.tooLarge]).toEqual(['1234567', false]);
    const stream = Readable.from([Buffer.from('12345'), Buffer.from('678'), Buffer.from('9')]);
    const past = await readBody(stream, 7);
    expect([text(past.bytes), past.tooLarge]).toEqual(['12345', true]);
    expect(stream.readableEnded).toBe(true);
    expect(MAX_BODY).toBe(10 * 1024 * 1024);
  });

  it('a stream error rejects', async () => {
    const stream = new PassThrough();
    const read = readBody(stream);
    stream.destroy(new Error('connection reset'));
    await expect(read).rejects.toThrow('connection reset');
  });

  it('a stream closed before its end (the client went away) rejects; one closed after its end has its body', async () => {
    const cut = new PassThrough();
    const read = readBody(cut);
    cut.write('{"a":');
    cut.destroy();
    await expect(read).rejects.toThrow('the request closed before its body ended');
    const whole = new PassThrough();
    const complete = readBody(whole);
    whole.end('{"a":1}');
    await new Promise((resolve) => whole.once('close', resolve));
    expect(text((await complete).bytes)).toBe('{"a":1}');
  });

  it('the answer to a body past the limit: 413 with a JSON detail', () => {
    const text = JSON.stringify({ detail: 'Request body is larger than 10 MB' });
    expect(bodyTooLarge()).toEqual({
      status: 413,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(text)],
      ],
      body: text,
    });
  });
});
