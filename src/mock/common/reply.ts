// What every stage that answers a request by itself hands the server: a status, headers in the
// order they are set, and the body's text (none: an empty answer without Content-Length).

const utf8 = new TextEncoder();
const buffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;

/** The length of `text` in UTF-8: Node's Buffer counts it where there is one (ten times faster, no copy), a page encodes it. */
export const byteLength: (text: string) => number = buffer
  ? (text) => buffer.byteLength(text)
  : (text) => utf8.encode(text).length;

export type HeaderValue = string | number | readonly string[];

export interface Reply {
  status: number;
  headers: [string, HeaderValue][];
  body?: string;
}

/** A JSON answer with its Content-Type and Content-Length, after any `headers` set before them. */
export function jsonReply(
  status: number,
  contentType: string,
  body: unknown,
  headers: [string, HeaderValue][] = [],
): Reply {
  const text = JSON.stringify(body);
  return {
    status,
    headers: [...headers, ['Content-Type', contentType], ['Content-Length', byteLength(text)]],
    body: text,
  };
}
