// Deterministic UUIDs (version 5 layout, from SHA-1): the mock's identifiers, so the same requests
// get the same answers, under Node and in a web page alike. Node's crypto hashes where it exists
// (process.getBuiltinModule: no import a bundler would have to follow); elsewhere ./sha1.ts does.
import { sha1 } from './sha1.js';

const NAMESPACE = 'observability-api-contract-mock\n';

type Part = string | Uint8Array;

interface NodeCrypto {
  createHash(algorithm: 'sha1'): { update(part: Part): unknown; digest(): Uint8Array };
}
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

const text = new TextEncoder();

/** The SHA-1 of the parts one after the other (a string as UTF-8): its first 16 bytes. */
function digest16(parts: Part[]): Uint8Array {
  if (nodeCrypto) {
    const hash = nodeCrypto.createHash('sha1');
    for (const part of parts) hash.update(part);
    return hash.digest().subarray(0, 16);
  }
  const encoded = parts.map((part) => (typeof part === 'string' ? text.encode(part) : part));
  const all = new Uint8Array(encoded.reduce((size, part) => size + part.length, 0));
  encoded.reduce((at, part) => (all.set(part, at), at + part.length), 0);
  return sha1(all).subarray(0, 16);
}

/** Each byte's two hex digits. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The 16 bytes as a UUID, with the version (5) and variant bits set. */
function uuidOf(bytes: Uint8Array): string {
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  let hex = '';
  for (const byte of bytes) hex += HEX[byte] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUID of a name: the same name, the same UUID. */
export function nameUuid(name: string): string {
  return uuidOf(digest16([NAMESPACE, name]));
}

/**
 * The UUIDs of the items of one text: the SHA-1 of `parts` gives the first 80 bits, each item's
 * index is added to the last 48, so no two items of a text share one. One hash per text, however
 * many items: only those 12 hex digits are computed per item.
 */
export function indexedUuids(...parts: Part[]): (index: number) => string {
  const uuid = uuidOf(digest16(parts));
  const prefix = uuid.slice(0, 24);
  const node = parseInt(uuid.slice(24), 16);
  return (index) => prefix + ((node + index) % 2 ** 48).toString(16).padStart(12, '0');
}
