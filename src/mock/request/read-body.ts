// The request body, read by the doors and bounded (../pipeline.ts): past 10 MB (Prism's own limit) the rest is read
// and dropped, and the pipeline answers 413.
//   in:  the request's body stream (node:http's, or a WHATWG Request's)
//   out: its bytes, and whether it passed the limit
import { jsonReply, type Reply } from '../common/reply.js';

export const MAX_BODY = 10_485_760; // 10 MiB, Prism's own limit

export interface Body {
  bytes: Uint8Array;
  /** past `max`: `bytes` holds what came before */
  tooLarge: boolean;
}

/** A Node stream (node:http's request): read by its events. */
interface NodeReadable {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  once(event: 'end' | 'close', listener: () => void): unknown;
  once(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Reads a body of either kind of stream, keeping at most `max` bytes. */
export function readBody(stream: AsyncIterable<Uint8Array> | NodeReadable | null, max = MAX_BODY): Promise<Body> {
  const body = bounded(max);
  // A Node stream's events, not its async iterator: the iterator's machinery (a promise per chunk,
  // end-of-stream tracking) cost a bare node:http server echoing a small body 57 µs a request
  // against the events' 44.
  if (stream !== null && typeof (stream as Partial<NodeReadable>).on === 'function') {
    const node = stream as NodeReadable;
    return new Promise((resolve, reject) => {
      node.on('data', body.add);
      node.once('end', () => resolve(body.read()));
      node.once('error', reject);
      // Closed before its end (the client went away): nothing to answer. After the end, this changes nothing.
      node.once('close', () => reject(new Error('the request closed before its body ended')));
    });
  }
  return (async () => {
    for await (const chunk of (stream as AsyncIterable<Uint8Array> | null) ?? []) body.add(chunk);
    return body.read();
  })();
}

/** The chunks of a body as they come, at most `max` bytes kept. */
function bounded(max: number): { add: (chunk: Uint8Array) => void; read: () => Body } {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  return {
    add: (chunk) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      else chunks.push(chunk);
    },
    read: () => {
      // A body that came in one chunk (most do) is that chunk: no copy.
      if (chunks.length === 1) return { bytes: chunks[0] as Uint8Array, tooLarge };
      const bytes = new Uint8Array(chunks.reduce((kept, chunk) => kept + chunk.length, 0));
      chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
      return { bytes, tooLarge };
    },
  };
}

/** The answer to a body past MAX_BODY. */
export function bodyTooLarge(): Reply {
  return jsonReply(413, 'application/json', { detail: `Request body is larger than ${MAX_BODY / 1024 / 1024} MB` });
}
