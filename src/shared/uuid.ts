// Deterministic UUIDs (version 5 layout, from SHA-1): the mock's identifiers, so the same requests
// get the same answers.
import { createHash } from 'node:crypto';

const NAMESPACE = 'observability-api-contract-mock\n';

/** Sets the version (5) and variant bits of 16 bytes. */
function layout(bytes: Buffer): Buffer {
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  return bytes;
}

const format = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The UUID of a name: the same name, the same UUID. */
export function nameUuid(name: string): string {
  return format(layout(createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16)).toString('hex'));
}

/**
 * The UUIDs of the items of one text: the SHA-1 of `parts` gives the first 80 bits, each item's
 * index is added to the last 48, so no two items of a text share one. One hash per text, however
 * many items: only those 12 hex digits are computed per item.
 */
export function indexedUuids(...parts: (string | Buffer)[]): (index: number) => string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  const bytes = layout(Buffer.from(hash.digest().subarray(0, 16)));
  const prefix = format(bytes.toString('hex')).slice(0, 24);
  const node = bytes.readUIntBE(10, 6);
  return (index) => prefix + ((node + index) % 2 ** 48).toString(16).padStart(12, '0');
}
