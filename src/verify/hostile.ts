/// <reference types="node" />
// Hostile input for one operation, as raw requests: malformed JSON, wrong content types, empty and
// non-object documents, a 1 MiB string, nesting 10,000 deep, broken Unicode, duplicate keys, property
// names outside Latin-1, `null` in every field and path traversal. A server may reject any of them
// as it likes; it must answer each within the timeout and never with a 5xx. Fields are found by
// shape in the operation's request schema, not by name.
import type { RawRequest } from './raw.js';
import { setAt } from './generate.js';
import { urlPathOf, type Operation } from './operations.js';
import { pathName, walk, type Flat, type Path } from './schema.js';
import type { Sample } from './samples.js';

export interface HostileCase {
  label: string;
  request: RawRequest;
}

const PLACEHOLDER = '__api_contract_verify_placeholder__';

/** The body's JSON text with the raw JSON text `raw` (any bytes) at `path`. */
function withRaw(body: Sample['body'], path: Path, raw: string | Buffer): Buffer {
  const [before, after] = JSON.stringify(setAt(body, path, PLACEHOLDER)).split(JSON.stringify(PLACEHOLDER)) as [
    string,
    string,
  ];
  return Buffer.concat([Buffer.from(before), Buffer.isBuffer(raw) ? raw : Buffer.from(raw), Buffer.from(after)]);
}

/** A free-text string field of the sample (no pattern, format, enum or const), bounded ones first. */
function freeTextField(variant: Flat, sample: Sample): Path | undefined {
  const found: { path: Path; bounded: boolean }[] = [];
  walk(variant, (node, path) => {
    const k = node.keywords;
    if (
      node.type !== 'string' ||
      path.length === 0 ||
      path.includes(0) ||
      k.pattern ||
      k.format ||
      k.enum ||
      'const' in k
    )
      return;
    let value: unknown = sample.body;
    for (const key of path) value = (value as Record<string, unknown> | null)?.[key as string];
    if (typeof value === 'string') found.push({ path, bounded: typeof k.maxLength === 'number' });
  });
  found.sort((a, b) => Number(b.bounded) - Number(a.bounded) || a.path.length - b.path.length);
  return found[0]?.path;
}

const invalidUtf8 = (bytes: number[]) => Buffer.concat([Buffer.from('"ok'), Buffer.from(bytes), Buffer.from('ok"')]);

/** The hostile cases of one operation, built on a valid sample of its first variant. */
export function hostileCases(op: Operation, sample: Sample, credentialHeader: Record<string, string>): HostileCase[] {
  const method = op.method.toUpperCase();
  const path = urlPathOf(op, sample.path);
  const headers = { 'content-type': 'application/json', ...credentialHeader };
  const text = JSON.stringify(sample.body);
  const to = (label: string, body: string | Buffer, extra: Record<string, string> = {}): HostileCase => ({
    label,
    request: { method, path, headers: { ...headers, ...extra }, body },
  });
  const cases: HostileCase[] = [
    to('invalid JSON: truncated document', text.slice(0, Math.ceil(text.length / 2))),
    to('invalid JSON: single-quoted strings', text.replace(/"/g, "'")),
    to('invalid JSON: trailing comma', text.replace(/([}\]])$/, ',$1')),
    to('content-type text/plain with a valid JSON body', text, { 'content-type': 'text/plain' }),
    to('content-type application/x-www-form-urlencoded', 'a=1&b=2', {
      'content-type': 'application/x-www-form-urlencoded',
    }),
    to('empty body', ''),
    ...['null', '[]', '"text"', '123'].map((doc) => to(`the document ${doc} instead of an object`, doc)),
    to('arrays nested 10,000 deep as the whole body', '['.repeat(10_000) + ']'.repeat(10_000)),
    to(
      'UTF-8 byte order mark before the document',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ),
  ];
  const variant = op.variants[0];
  const field = variant && freeTextField(variant, sample);
  if (field) {
    const at = (label: string, raw: string | Buffer) =>
      to(`${label} at ${pathName(field)}`, withRaw(sample.body, field, raw));
    const key = String(field[field.length - 1]);
    const duplicate = JSON.stringify(setAt(sample.body, field, PLACEHOLDER)).replace(
      `${JSON.stringify(key)}:${JSON.stringify(PLACEHOLDER)}`,
      `${JSON.stringify(key)}:123,${JSON.stringify(key)}:"x"`,
    );
    cases.push(
      at('a 1 MiB string', JSON.stringify('x'.repeat(1 << 20))),
      at('a lone surrogate (\\ud800)', '"a\\ud800b"'),
      at('invalid UTF-8 bytes (FF FE)', invalidUtf8([0xff, 0xfe])),
      at('a truncated UTF-8 sequence (E2 82)', invalidUtf8([0xe2, 0x82])),
      at('NaN', 'NaN'),
      to(`a duplicate key ${pathName(field)} (the last value valid)`, duplicate),
    );
  }
  if (sample.body !== null && typeof sample.body === 'object' && !Array.isArray(sample.body)) {
    const root = sample.body;
    cases.push(
      ...['名前', '😀', 'new\nline'].map((name) =>
        to(`a property named ${JSON.stringify(name)}`, JSON.stringify({ ...root, [name]: 1 })),
      ),
    );
    cases.push(...Object.keys(root).map((name) => to(`null in ${name}`, JSON.stringify({ ...root, [name]: null }))));
  }
  const parameter = op.pathParameters[0];
  if (parameter) {
    const long = 'a'.repeat(8 * 1024);
    for (const segment of ['..', '%2e%2e', '..%2f..%2f', long]) {
      cases.push({
        label: `path parameter ${parameter.name} = ${segment === long ? `${long.length} characters` : segment}`,
        request: {
          method,
          path: urlPathOf(op, { ...sample.path, [parameter.name]: segment }, false),
          headers,
          body: text,
        },
      });
    }
  }
  return cases;
}
