/// <reference types="node" />
// Stage 2: the request body, bounded: past 10 MB (Prism's own limit) the rest is read and dropped,
// and the request is answered 413.
//   in:  the request stream
//   out: its bytes, or undefined when it is too large
import { jsonReply, type Reply } from '../reply.js';

export const MAX_BODY = 10 * 1024 * 1024; // Prism's own limit

export function readBody(stream: NodeJS.ReadableStream, max = MAX_BODY): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      else chunks.push(chunk);
    });
    stream.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** The answer to a body past MAX_BODY. */
export function bodyTooLarge(): Reply {
  return jsonReply(413, 'application/json', { detail: `Request body is larger than ${MAX_BODY / 1024 / 1024} MB` });
}
