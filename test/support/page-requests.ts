// Requests for the mock in a page (test/unit/mock/browser/): a valid one, a body cut short, bytes
// that are not UTF-8, a path that does not match its pattern, and a path the API does not have.

export const BASE = 'https://api.example.test';

/** The requests, each [url, init]: requests[0] is answered 200. */
export const requests: [string, RequestInit][] = [
  [
    `${BASE}/v2/system_users`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.org"}' },
  ],
  [`${BASE}/v2/system_users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }],
  [
    `${BASE}/v2/system_users`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff]) },
  ],
  [
    `${BASE}/v2/projects/not-a-uuid/traces`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
  ],
  [`${BASE}/v2/nothing`, {}],
];
