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

/** Reads a body of either kind of stream, keeping at most `max` bytes. */
export async function readBody(stream: AsyncIterable<Uint8Array> | null, max = MAX_BODY): Promise<Body> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream ?? []) {
    size += chunk.length;
    if (size > max) tooLarge = true;
    else chunks.push(chunk);
  }
  // A body that came in one chunk (most do) is that chunk: no copy.
  if (chunks.length === 1) return { bytes: chunks[0] as Uint8Array, tooLarge };
  const bytes = new Uint8Array(chunks.reduce((kept, chunk) => kept + chunk.length, 0));
  chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
  return { bytes, tooLarge };
}

/** The answer to a body past MAX_BODY. */
export function bodyTooLarge(): Reply {
  return jsonReply(413, 'application/json', { detail: `Request body is larger than ${MAX_BODY / 1024 / 1024} MB` });
}
