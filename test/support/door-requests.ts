// Requests for the in-process doors' suites (test/unit/mock/index.test.ts, pipeline.test.ts and
// msw.test.ts): the API's base URL, Create or Verify User's URL and bodies of a given size, and what
// a client reads of an answer.

export const BASE = 'https://api.example.test';
export const USERS = `${BASE}/v2/system_users`;
/** The size from which a body is answered in slices (src/mock/pipeline.ts). */
export const MIB = 1024 * 1024;

export const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});
/** A valid createOrVerifyUser body of exactly `size` bytes. */
export function userOfSize(size: number, email = 'big@example.org'): string {
  const empty = JSON.stringify({ email, first_name: '' });
  return JSON.stringify({ email, first_name: 'x'.repeat(size - empty.length) });
}

export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** What a client reads of an answer; the headers only a socket has (Date, Connection, Keep-Alive) left out. */
export async function answerOf(response: Response): Promise<Answer> {
  const headers = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('latin1') };
}
