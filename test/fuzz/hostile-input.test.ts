// Hostile input to the mock (a private mock process, started as `npm start` starts it): malformed
// JSON, wrong content types, empty and huge bodies, deep nesting, broken Unicode, duplicate keys,
// `null` in every field, path traversal, huge URLs and headers, broken HTTP framing. Each is answered
// (never a 5xx, a hang or a crash) with the status the case states, and the mock then answers a valid
// request normally. Fields are found by shape in the spec, not by name.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announce, budget, replayCommand, seedFor, verbose } from '../support/fuzz-config.js';
import { setAt } from '../../src/verify/generate.js';
import { startMock, type MockProcess } from '../support/mock-process.js';
import { credentialHeaderOf, operations, send, urlPathOf, type Operation } from '../support/operations.js';
import { isFailure, rawRequest, rawSocket, type RawFailure, type RawResponse } from '../../src/verify/raw.js';
import { firstNode, findNodes, validSample, type Found, type Sample } from '../support/samples.js';
import { pathName, type Json, type Path } from '../../src/verify/schema.js';
import { naming } from '../../src/verify/verdict.js';

const FILE = 'test/fuzz/hostile-input.test.ts';
announce(FILE);

let mock: MockProcess;
const crashes: string[] = [];
beforeAll(async () => {
  mock = await startMock({ script: process.env.FUZZ_MOCK_SCRIPT });
});
// A case that kills the mock fails on its own; the next case gets a fresh mock, so one crash does
// not hide the results of every later case.
beforeEach(async () => {
  if (!mock.exited() && (await mock.answers())) return;
  await new Promise((r) => setTimeout(r, 200)); // let the exit be reported
  crashes.push(
    `${mock.exited() ?? 'not answering'}: ${mock
      .log()
      .split('\n')
      .filter((l) => /Error|at /.test(l))
      .slice(0, 3)
      .join(' | ')}`,
  );
  await mock.stop();
  mock = await startMock({ script: process.env.FUZZ_MOCK_SCRIPT });
});
afterAll(async () => {
  await mock?.stop();
});

/** What a case must get: a 4xx; exactly 200 (valid per the spec, however odd); or any answer but a 5xx. */
type Want = '4xx' | '200' | 'not 5xx';

interface HostileCase {
  name: string;
  want: Want;
  /** Why this expectation, when it is not the obvious 4xx. */
  why?: string;
  send: () => Promise<RawResponse | RawFailure>;
}

// ---- Targets, found by shape ------------------------------------------------------------------

const bounded = firstNode(
  (n, p) =>
    n.type === 'string' &&
    typeof n.keywords.maxLength === 'number' &&
    !n.keywords.pattern &&
    !n.keywords.format &&
    p.length > 0,
);
const boundedMax = bounded.node.keywords.maxLength as number;
const unbounded = firstNode(
  (n, p) =>
    n.type === 'string' &&
    n.keywords.maxLength === undefined &&
    !n.keywords.pattern &&
    !n.keywords.format &&
    !n.keywords.enum &&
    !('const' in n.keywords) &&
    p.length > 0,
);
const typedObject = firstNode((n, p) => n.type === 'object' && p.length > 0);
const openObject = firstNode((n) => n.type === 'object' && !n.closed && n.nots.length === 0);
const closedObject = firstNode((n) => n.type === 'object' && n.closed);
const boundedInteger = findNodes((n) => n.type === 'integer' && typeof n.keywords.maximum === 'number')[0];
const withPathParameter =
  operations.find((op) => op.pathParameters.length > 0 && op.bodyRequired) ??
  operations.find((op) => op.pathParameters.length > 0)!;

const sampleOf = (found: Found): Sample => validSample(found.op, 'hostile', found.variantIndex);
const headersOf = (op: Operation, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  ...credentialHeaderOf(op),
  ...extra,
});

const PLACEHOLDER = '__fuzz_hostile_placeholder__';

/** The sample's JSON text with the member at `path` replaced by a raw JSON fragment `"key": …` (or the value for an array item). */
function withRawMember(sample: Sample, path: Path, fragment: (key: string) => string): string {
  const text = JSON.stringify(setAt(sample.body, path, PLACEHOLDER));
  const key = String(path[path.length - 1]);
  const member = `${JSON.stringify(key)}:${JSON.stringify(PLACEHOLDER)}`;
  if (!text.includes(member)) throw new Error(`cannot place a raw member at ${pathName(path)}`);
  return text.replace(member, fragment(key));
}

/** Sends raw bytes as the body of the operation a target field belongs to. */
function bodyTo(found: Found, body: string | Buffer, headers?: Record<string, string>) {
  const sample = sampleOf(found);
  return () =>
    rawRequest(mock.port, {
      method: found.op.method.toUpperCase(),
      path: urlPathOf(found.op, sample.path),
      headers: headers ?? headersOf(found.op),
      body,
    });
}

/** Sends the target's sample with the raw JSON text `value` at the target field. */
function valueAt(found: Found, value: string | Buffer) {
  const sample = sampleOf(found);
  const text = withRawMember(sample, found.path, (key) => `${JSON.stringify(key)}:${PLACEHOLDER}`);
  const [before, after] = text.split(PLACEHOLDER) as [string, string];
  return bodyTo(
    found,
    Buffer.concat([Buffer.from(before), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from(after)]),
  );
}

const jsonString = (s: string) => JSON.stringify(s);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const utf8Inside = (bytes: number[]) => Buffer.concat([Buffer.from('"ok'), Buffer.from(bytes), Buffer.from('ok"')]);

// ---- The cases ---------------------------------------------------------------------------------

const target = bounded;
const targetSample = sampleOf(target);
const targetText = JSON.stringify(targetSample.body);

const cases: HostileCase[] = [
  // Not JSON.
  {
    name: 'invalid JSON: truncated document',
    want: '4xx',
    send: bodyTo(target, targetText.slice(0, Math.ceil(targetText.length / 2))),
  },
  { name: 'invalid JSON: single-quoted strings', want: '4xx', send: bodyTo(target, targetText.replace(/"/g, "'")) },
  { name: 'invalid JSON: trailing comma', want: '4xx', send: bodyTo(target, targetText.replace(/}$/, ',}')) },
  { name: 'invalid JSON: NaN literal', want: '4xx', send: valueAt(target, 'NaN') },
  { name: 'invalid JSON: two documents', want: '4xx', send: bodyTo(target, targetText + targetText) },
  { name: 'invalid JSON: a comment', want: '4xx', send: bodyTo(target, `/* hostile */ ${targetText}`) },
  { name: 'invalid JSON: unquoted key', want: '4xx', send: bodyTo(target, targetText.replace(/^\{"([^"]+)"/, '{$1')) },
  // Content types.
  {
    name: 'content-type text/plain with a valid JSON body',
    want: '4xx',
    send: bodyTo(target, targetText, headersOf(target.op, { 'content-type': 'text/plain' })),
  },
  {
    name: 'content-type application/x-www-form-urlencoded',
    want: '4xx',
    send: bodyTo(target, 'a=1&b=2', headersOf(target.op, { 'content-type': 'application/x-www-form-urlencoded' })),
  },
  {
    name: 'content-type application/xml',
    want: '4xx',
    send: bodyTo(target, '<a>1</a>', headersOf(target.op, { 'content-type': 'application/xml' })),
  },
  {
    name: 'no content-type, valid JSON body',
    want: '4xx',
    why: 'the contract declares application/json only (FastAPI itself would parse a body without content-type as JSON)',
    send: () => {
      const { 'content-type': _omitted, ...headers } = headersOf(target.op);
      return bodyTo(target, targetText, headers)();
    },
  },
  { name: 'content-type application/json with an XML body', want: '4xx', send: bodyTo(target, '<a>1</a>') },
  // Empty and null bodies, and documents that are not objects, for every operation.
  ...operations.flatMap((op): HostileCase[] => {
    const sample = validSample(op, 'hostile');
    const to = (body: string) => () =>
      rawRequest(mock.port, {
        method: op.method.toUpperCase(),
        path: urlPathOf(op, sample.path),
        headers: headersOf(op),
        body,
      });
    return [
      op.bodyRequired
        ? { name: `${op.id}: empty body (the body is required)`, want: '4xx', send: to('') }
        : {
            name: `${op.id}: empty body with content-type application/json (the body is optional)`,
            want: 'not 5xx',
            why: 'the spec does not require the body',
            send: to(''),
          },
      op.bodyRequired
        ? { name: `${op.id}: the document null instead of the required body`, want: '4xx', send: to('null') }
        : {
            name: `${op.id}: the document null (the body is optional)`,
            want: 'not 5xx',
            why: 'FastAPI reads a JSON null body as no body, which this operation allows',
            send: to('null'),
          },
      ...['[]', '"text"', '123', 'true'].map((doc): HostileCase => ({
        name: `${op.id}: the document ${doc} instead of an object`,
        want: '4xx',
        send: to(doc),
      })),
    ];
  }),
  // Huge strings.
  {
    name: `1 MiB string in a field bounded to ${boundedMax}`,
    want: '4xx',
    send: valueAt(target, jsonString('x'.repeat(1 << 20))),
  },
  {
    name: `10 MiB string in a field bounded to ${boundedMax}`,
    want: '4xx',
    send: valueAt(target, jsonString('x'.repeat(10 << 20))),
  },
  {
    name: '1 MiB string in an unbounded field',
    want: 'not 5xx',
    why: 'valid per the spec (request size limits: not shown)',
    send: valueAt(unbounded, jsonString('x'.repeat(1 << 20))),
  },
  {
    name: '10 MiB string in an unbounded field',
    want: 'not 5xx',
    why: 'valid per the spec (request size limits: not shown)',
    send: valueAt(unbounded, jsonString('x'.repeat(10 << 20))),
  },
  // Deep nesting.
  { name: 'arrays nested 10,000 deep in a typed field', want: '4xx', send: valueAt(typedObject, deepArray(10_000)) },
  { name: 'arrays nested 10,000 deep as the whole body', want: '4xx', send: bodyTo(target, deepArray(10_000)) },
  ...(
    [
      ['objects', 10_000, deepObject],
      ['arrays', 100_000, deepArray],
    ] as const
  ).map(([kind, depth, nest]): HostileCase => ({
    name: `${kind} nested ${depth.toLocaleString('en')} deep under an unknown key of an open object`,
    want: 'not 5xx',
    why: 'valid per the spec: open objects take any value (a depth limit is not stated)',
    send: () => {
      const sample = sampleOf(openObject);
      const text = withRawMember(
        { ...sample, body: setAt(sample.body, [...openObject.path, 'fuzz_deep'], 0) },
        [...openObject.path, 'fuzz_deep'],
        () => `"fuzz_deep":${nest(depth)}`,
      );
      return bodyTo(openObject, text)();
    },
  })),
  // Unicode.
  {
    name: 'lone high surrogate (\\ud800) in a string',
    want: '4xx',
    why: 'not a Unicode scalar value; cannot be stored as UTF-8',
    send: valueAt(target, '"a\\ud800b"'),
  },
  { name: 'lone low surrogate (\\udc00) in a string', want: '4xx', send: valueAt(target, '"a\\udc00b"') },
  { name: 'surrogates in reverse order (\\udc00\\ud800)', want: '4xx', send: valueAt(target, '"\\udc00\\ud800"') },
  {
    name: 'invalid UTF-8 bytes (FF FE)',
    want: '4xx',
    why: 'RFC 8259: JSON text exchanged between systems MUST be UTF-8',
    send: valueAt(target, utf8Inside([0xff, 0xfe])),
  },
  { name: 'overlong UTF-8 encoding of "/" (C0 AF)', want: '4xx', send: valueAt(target, utf8Inside([0xc0, 0xaf])) },
  { name: 'truncated UTF-8 sequence (E2 82)', want: '4xx', send: valueAt(target, utf8Inside([0xe2, 0x82])) },
  {
    name: 'UTF-8-encoded surrogate (CESU-8, ED A0 80)',
    want: '4xx',
    send: valueAt(target, utf8Inside([0xed, 0xa0, 0x80])),
  },
  {
    name: `${boundedMax} astral code points (${2 * boundedMax} UTF-16 units) in a field bounded to ${boundedMax}`,
    want: '200',
    why: 'lengths count code points',
    send: valueAt(target, jsonString('😀'.repeat(boundedMax))),
  },
  {
    name: `${boundedMax + 1} astral code points in a field bounded to ${boundedMax}`,
    want: '4xx',
    send: valueAt(target, jsonString('😀'.repeat(boundedMax + 1))),
  },
  {
    name: 'NUL, RTL override, ZWJ sequence, combining marks and noncharacters within the bound',
    want: '200',
    why: 'all are valid Unicode scalar values',
    send: valueAt(
      target,
      jsonString([...'a\u0000b\u202Ec👩‍👩‍👧e\u0301\u0338\uFFFE\uFFFF\u{10FFFF}'].slice(0, boundedMax).join('')),
    ),
  },
  // Error messages that quote what was sent must still fit in a header (found by the corruption fuzz below:
  // an unknown property name outside Latin-1 put into Prism's sl-violations header killed the mock).
  ...['名前', '😀', 'a\uFFFDb', 'new\nline'].map((key): HostileCase => ({
    name: `an unknown property named ${JSON.stringify(key)} in a closed object`,
    want: '4xx',
    send: () => {
      const sample = sampleOf(closedObject);
      const path = [...closedObject.path, key];
      return bodyTo(closedObject, JSON.stringify(setAt(sample.body, path, 1)))();
    },
  })),
  {
    name: 'UTF-8 byte order mark before the document',
    want: 'not 5xx',
    why: 'RFC 8259 lets a parser ignore a BOM or reject it',
    send: bodyTo(target, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(targetText)])),
  },
  // Duplicate keys.
  {
    name: 'duplicate key: invalid value first, valid value last',
    want: '200',
    why: 'the service parses JSON with Python json (FastAPI), which keeps the last value, as JSON.parse does: the mock must not refuse what the service accepts',
    send: bodyTo(
      target,
      withRawMember(
        targetSample,
        target.path,
        (k) => `${jsonString(k)}:${jsonString('x'.repeat(boundedMax + 1))},${jsonString(k)}:"x"`,
      ),
    ),
  },
  {
    name: 'duplicate key: valid value first, invalid value last',
    want: '4xx',
    send: bodyTo(
      target,
      withRawMember(
        targetSample,
        target.path,
        (k) => `${jsonString(k)}:"x",${jsonString(k)}:${jsonString('x'.repeat(boundedMax + 1))}`,
      ),
    ),
  },
  // Numbers.
  ...(boundedInteger
    ? [
        {
          name: 'an integer field of 1e400 (overflows to Infinity)',
          want: '4xx' as Want,
          send: valueAt(boundedInteger, '1e400'),
        },
        {
          name: 'an integer field of 2^53 + 1',
          want: '4xx' as Want,
          send: valueAt(boundedInteger, '9007199254740993'),
        },
      ]
    : []),
  // Path traversal, in a path parameter (sent unnormalised) and in the path itself.
  ...[
    '..',
    '../..',
    '..%2f..%2f',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2f',
    '..%5c..%5c',
    '....//....//',
    '%252e%252e%252f',
    '..;',
  ].map((segment): HostileCase => ({
    name: `path parameter ${withPathParameter.pathParameters[0]!.name} = ${segment}`,
    want: '4xx',
    send: () => {
      const sample = validSample(withPathParameter, 'hostile');
      const params = { ...sample.path, [withPathParameter.pathParameters[0]!.name]: segment };
      return rawRequest(mock.port, {
        method: withPathParameter.method.toUpperCase(),
        path: urlPathOf(withPathParameter, params, false),
        headers: headersOf(withPathParameter),
        body: JSON.stringify(sample.body),
      });
    },
  })),
  ...operations.slice(0, 1).flatMap((op): HostileCase[] => {
    const sample = validSample(op, 'hostile');
    const real = urlPathOf(op, sample.path);
    const [, first, ...rest] = real.split('/');
    const to = (path: string) => () =>
      rawRequest(mock.port, {
        method: op.method.toUpperCase(),
        path,
        headers: headersOf(op),
        body: JSON.stringify(sample.body),
      });
    return [
      {
        name: `traversal that resolves to a real operation: /${first}/../${first}/${rest.join('/')}`,
        want: '4xx',
        why: 'the service routes the raw path; dot segments are not part of the API',
        send: to(`/${first}/../${first}/${rest.join('/')}`),
      },
      {
        name: `traversal inside the path: ${real.replace(/\/([^/]+)$/, '/../$1/../$1')}`,
        want: '4xx',
        send: to(real.replace(/\/([^/]+)$/, '/../$1/../$1')),
      },
      {
        name: 'traversal out of the API: /v2/../../../../etc/passwd',
        want: '4xx',
        send: to('/v2/../../../../etc/passwd'),
      },
      {
        name: 'encoded traversal out of the API: /v2/%2e%2e/%2e%2e/etc/passwd',
        want: '4xx',
        send: to('/v2/%2e%2e/%2e%2e/etc/passwd'),
      },
    ];
  }),
  // Long URLs and headers. Sent on a raw socket: a server refusing an oversized head may close the
  // connection while the rest is still arriving, and its answer must be read before the reset.
  ...(() => {
    const path = urlPathOf(target.op, targetSample.path);
    const method = target.op.method.toUpperCase();
    const request =
      (requestPath: string, extraHeaders: Record<string, string>, credentials = credentialHeaderOf(target.op)) =>
      () =>
        rawSocket(
          mock.port,
          `${method} ${requestPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(targetText)}\r\n` +
            Object.entries({ ...credentials, ...extraHeaders })
              .map(([k, v]) => `${k}: ${v}\r\n`)
              .join('') +
            `\r\n${targetText}`,
        );
    const longCredential = Object.fromEntries(
      Object.entries(credentialHeaderOf(target.op)).map(([k, v]) => [k, v + 'k'.repeat(20 * 1024)]),
    );
    return [
      { name: 'URL of 100 KiB', want: '4xx' as Want, send: request(`${path}/${'a'.repeat(100 * 1024)}`, {}) },
      {
        name: 'a header value of 100 KiB',
        want: '4xx' as Want,
        send: request(path, { 'x-fuzz-long': 'a'.repeat(100 * 1024) }),
      },
      {
        name: '3,000 headers',
        want: '4xx' as Want,
        send: request(path, Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x-fuzz-${i}`, 'v']))),
      },
      ...(target.op.schemes.length > 0
        ? [{ name: 'a credential header of 20 KiB', want: '4xx' as Want, send: request(path, {}, longCredential) }]
        : []),
    ];
  })(),
  {
    name: `path parameter of 8 KiB`,
    want: '4xx',
    send: () => {
      const sample = validSample(withPathParameter, 'hostile');
      const params = { ...sample.path, [withPathParameter.pathParameters[0]!.name]: 'a'.repeat(8 * 1024) };
      return rawRequest(mock.port, {
        method: withPathParameter.method.toUpperCase(),
        path: urlPathOf(withPathParameter, params),
        headers: headersOf(withPathParameter),
        body: JSON.stringify(sample.body),
      });
    },
  },
  // Broken HTTP framing (raw TCP).
  ...(() => {
    const path = urlPathOf(target.op, targetSample.path);
    const method = target.op.method.toUpperCase();
    const head = (extra: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${Object.entries(
        credentialHeaderOf(target.op),
      )
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}${extra}`;
    const raw =
      (bytes: string): (() => Promise<RawResponse | RawFailure>) =>
      () =>
        rawSocket(mock.port, bytes);
    return [
      {
        name: 'HTTP: chunked body with an invalid chunk size',
        want: '4xx' as Want,
        send: raw(`${head('Transfer-Encoding: chunked\r\n')}\r\nZZ\r\n{}\r\n0\r\n\r\n`),
      },
      {
        name: 'HTTP: both Content-Length and Transfer-Encoding',
        want: '4xx' as Want,
        send: raw(`${head(`Content-Length: ${targetText.length}\r\nTransfer-Encoding: chunked\r\n`)}\r\n${targetText}`),
      },
      {
        name: 'HTTP: Content-Length that is not a number',
        want: '4xx' as Want,
        send: raw(`${head('Content-Length: abc\r\n')}\r\n${targetText}`),
      },
      {
        name: 'HTTP: HTTP/1.1 request without Host',
        want: '4xx' as Want,
        send: raw(`${method} ${path} HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}`),
      },
      {
        name: 'HTTP: a header name containing a space',
        want: '4xx' as Want,
        send: raw(`${head('Bad Header: x\r\nContent-Length: 2\r\n')}\r\n{}`),
      },
      { name: 'HTTP: a request line that is not HTTP', want: '4xx' as Want, send: raw('\x00\x01GARBAGE\r\n\r\n') },
    ];
  })(),
  // Routing.
  {
    name: 'a path the spec does not have',
    want: '4xx',
    send: () =>
      rawRequest(mock.port, { method: 'GET', path: '/v2/fuzz-not-an-operation', headers: headersOf(target.op) }),
  },
  {
    name: 'a method the path does not have',
    want: '4xx',
    send: () =>
      rawRequest(mock.port, {
        method: 'DELETE',
        path: urlPathOf(target.op, targetSample.path),
        headers: headersOf(target.op),
      }),
  },
];

// ---- Running them ----------------------------------------------------------------------------

const results: string[] = [];
const failures: string[] = [];

async function assertStillServing(): Promise<void> {
  expect(mock.exited(), `the mock process died:\n${mock.log().slice(-3000)}`).toBeUndefined();
  const op = target.op;
  const sample = validSample(op, 'still-serving');
  const answer = await send(mock.baseUrl, op, sample, undefined, 10_000);
  expect(
    answer.status,
    `the next valid request was not answered normally: ${JSON.stringify(answer.body).slice(0, 300)}`,
  ).toBe(200);
  expect(op.validateResponse(answer.body)).toBe(true);
}

describe('hostile input: each is answered, never 5xx, never a hang, and the mock keeps serving', () => {
  it.each(cases.map((c) => [c.name, c] as [string, HostileCase]))('%s', async (name, hostile) => {
    const answer = await hostile.send();
    const observed = isFailure(answer) ? answer.failure : String(answer.status);
    const body = isFailure(answer) ? '' : answer.body.slice(0, 200);
    results.push(
      `${observed.padEnd(8)} want ${hostile.want.padEnd(7)} ${name}${hostile.why ? ` (${hostile.why})` : ''}`,
    );
    const ok =
      !isFailure(answer) &&
      (hostile.want === '4xx'
        ? answer.status >= 400 && answer.status < 500
        : hostile.want === '200'
          ? answer.status === 200
          : answer.status < 500);
    if (!ok) failures.push(`${name}: want ${hostile.want}, got ${observed} ${body}`);
    expect(isFailure(answer), `no answer (${observed}) after ${answer.ms} ms`).toBe(false);
    const status = (answer as RawResponse).status;
    expect(status, `5xx: ${body}`).toBeLessThan(500);
    if (hostile.want === '4xx') expect(status, `want a 4xx; got ${status} ${body}`).toBeGreaterThanOrEqual(400);
    if (hostile.want === '200') expect(status, `valid per the spec; got ${status} ${body}`).toBe(200);
    await assertStillServing();
  });
});

// Random corruption of valid bodies: whatever the bytes, an answer that is not a 5xx.
describe('corrupted bodies', () => {
  const edit = fc.record({
    kind: fc.constantFrom('flip', 'delete', 'insert', 'truncate', 'duplicate'),
    at: fc.nat(),
    byte: fc.integer({ min: 0, max: 255 }),
  });
  it(`${budget.corruptions} valid bodies corrupted at random: never a 5xx, a hang or a crash`, async () => {
    const statuses: Record<string, number> = {};
    const samples = operations.map((op) => ({ op, sample: validSample(op, 'corrupt') }));
    const property = fc.asyncProperty(
      fc.nat({ max: operations.length - 1 }),
      fc.array(edit, { minLength: 1, maxLength: 4 }),
      async (index, edits) => {
        const { op, sample } = samples[index]!;
        let bytes = Buffer.from(JSON.stringify(sample.body));
        for (const e of edits) {
          const at = bytes.length === 0 ? 0 : e.at % bytes.length;
          if (e.kind === 'flip') bytes[at] = e.byte;
          if (e.kind === 'delete') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
          if (e.kind === 'insert')
            bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([e.byte]), bytes.subarray(at)]);
          if (e.kind === 'truncate') bytes = bytes.subarray(0, at);
          if (e.kind === 'duplicate')
            bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at), bytes.subarray(at)]);
        }
        const answer = await rawRequest(mock.port, {
          method: op.method.toUpperCase(),
          path: urlPathOf(op, sample.path),
          headers: headersOf(op),
          body: bytes,
          timeoutMs: 10_000,
        });
        const observed = isFailure(answer) ? answer.failure : String(answer.status);
        statuses[observed] = (statuses[observed] ?? 0) + 1;
        if (isFailure(answer) || answer.status >= 500) {
          const what = `${op.id}: ${observed} for the body ${JSON.stringify(bytes.toString('latin1'))}${isFailure(answer) ? '' : `: ${answer.body.slice(0, 300)}`}`;
          // After a crash every later request fails too, so shrinking ends on a meaningless input: keep the first.
          firstFailure ??= what;
          throw new Error(what);
        }
      },
    );
    let firstFailure: string | undefined;
    const seed = seedFor('corrupted-bodies');
    try {
      await fc.assert(property, { seed, numRuns: budget.corruptions });
    } catch (error) {
      const crashed = mock.exited();
      throw new Error(
        `${(error as Error).message}\n[fuzz] first failing input (before shrinking): ${firstFailure}\n` +
          (crashed ? `[fuzz] the mock process died (${crashed}); its last output:\n${mock.log().slice(-4000)}\n` : '') +
          `[fuzz] fast-check seed ${seed}; replay: ${replayCommand(FILE)}`,
        { cause: error },
      );
    } finally {
      console.log(
        `[fuzz] corrupted bodies: ${budget.corruptions} tried (fast-check seed ${seed}); statuses ${JSON.stringify(statuses)}`,
      );
    }
    await assertStillServing();
  }, 120_000);
});

// `null` in every field of every variant: accepted where the spec allows null, else a 422 naming the field.
const nullTargets = (() => {
  const seen = new Set<string>();
  return findNodes((_node, path) => path.length > 0).filter((f) => {
    const key = `${f.op.id} ${pathName(f.path)} ${f.trail.join(' › ')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
})();

describe('null in every field', () => {
  const tally = { accepted: 0, rejected: 0 };
  afterAll(() =>
    console.log(
      `[fuzz] null in every field: ${nullTargets.length} fields, ${tally.accepted} accept null, ${tally.rejected} reject it with a 422 naming the field`,
    ),
  );

  it.each(
    nullTargets.map(
      (t) =>
        [`${t.op.id} ${pathName(t.path)}${t.trail.length ? ` [${t.trail.join(' › ')}]` : ''}`, t] as [string, Found],
    ),
  )('%s', async (_name, found) => {
    const sample = validSample(found.op, 'null', found.variantIndex);
    const body = setAt(sample.body, found.path, null as Json);
    const valid = found.op.validateRequest(body) === true;
    const answer = await send(mock.baseUrl, found.op, { path: sample.path, body });
    if (valid) {
      tally.accepted++;
      expect(answer.status, `null is valid here per the spec: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      return;
    }
    tally.rejected++;
    expect(answer.status).toBe(422);
    const named = naming(answer, 'body', [{ path: found.path }]);
    expect(
      named.sources.length,
      `the 422 does not name ${pathName(found.path)}: ${answer.headers.get('sl-violations')}`,
    ).toBeGreaterThan(0);
  });
});

afterAll(() => {
  console.log(
    [
      `[fuzz] hostile input: ${cases.length} cases against a private mock (pid ${mock?.pid}); the mock died ${crashes.length} time(s) and was restarted${crashes.length ? `: ${crashes.join('; ')}` : ''}`,
      ...(verbose || failures.length > 0 ? results.map((r) => `[fuzz]   ${r}`) : []),
      ...(failures.length > 0
        ? [
            `[fuzz] hostile input: ${failures.length} case(s) not answered as required:`,
            ...failures.map((f) => `[fuzz]   FAIL ${f}`),
          ]
        : []),
    ].join('\n'),
  );
});
