// Deterministic UUIDs (version 5 layout, from SHA-1): the mock's identifiers, so the same requests
// get the same answers, under Node and in a web page alike. Node's crypto hashes where it exists
// (process.getBuiltinModule: no import a bundler would have to follow); elsewhere ./sha1.ts does.
import { sha1 } from './sha1.js';

const NAMESPACE = 'observability-api-contract-mock\n';

interface NodeCrypto {
  /** One-shot hashing (Node 20.12 and later): a third of `createHash`'s cost for a short text. */
  hash(algorithm: 'sha1', text: string, encoding: 'buffer'): Uint8Array;
}
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined;
const nodeHash = nodeCrypto?.hash?.bind(nodeCrypto);

const utf8 = new TextEncoder();

/** The SHA-1 of a text (as UTF-8): its first 16 bytes. */
function digest16(text: string): Uint8Array {
  return (nodeHash ? nodeHash('sha1', text, 'buffer') : sha1(utf8.encode(text))).subarray(0, 16);
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
  return uuidOf(digest16(NAMESPACE + name));
}

/**
 * The UUIDs of the items of one text: the SHA-1 of `parts`, one after the other, gives the first 80 bits, each item's
 * index is added to the last 48, so no two items of a text share one. One hash per text, however
 * many items: only those 12 hex digits are computed per item.
 */
export function indexedUuids(...parts: string[]): (index: number) => string {
  const uuid = uuidOf(digest16(parts.join('')));
  const prefix = uuid.slice(0, 24);
  const node = parseInt(uuid.slice(24), 16);
  return (index) => prefix + ((node + index) % 2 ** 48).toString(16).padStart(12, '0');
}
