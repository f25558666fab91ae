/// <reference types="node" />
// What every stage that answers a request by itself hands the server: a status, headers in the
// order they are set, and the body's text (none: an empty answer without Content-Length).

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
    headers: [...headers, ['Content-Type', contentType], ['Content-Length', Buffer.byteLength(text)]],
    body: text,
  };
}
