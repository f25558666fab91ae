// Node's `Buffer`, as far as Prism's pieces in a page call it: the package's browser build of them
// (scripts/prism-bundle.js) binds their free `Buffer` to this module, since a page has none. Prism's
// check of HTTP Basic credentials decodes every `Authorization` header's token with
// `Buffer.from(token, 'base64').toString()` (a bearer token too, before it looks at the scheme),
// and its multipart reader makes bytes of a text with `Buffer.from(text, 'utf-8')` and of each
// part's list of bytes with `Buffer.from(bytes)`, read back with `toString()`. These give here
// what Node gives: base64 decoded as Node decodes it (either alphabet, other characters skipped, up
// to the first `=`), bytes as UTF-8 text with U+FFFD for what is not UTF-8.

const SEXTETS = new Map<string, number>();
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < ALPHABET.length; i++) SEXTETS.set(ALPHABET.charAt(i), i);
// The URL-safe alphabet's two characters, which Node's base64 decoder takes as well.
SEXTETS.set('-', 62).set('_', 63);

/** Bytes whose `toString()` is their UTF-8 text, as a Node Buffer's is. */
class Bytes extends Uint8Array {
  override toString(): string {
    return new TextDecoder().decode(this);
  }
}

/** The bytes of base64 `text`, as Node's `Buffer.from(text, 'base64')` decodes it. */
function fromBase64(text: string): Bytes {
  const sextets: number[] = [];
  for (const char of text) {
    if (char === '=') break;
    const sextet = SEXTETS.get(char);
    if (sextet !== undefined) sextets.push(sextet);
  }
  // Every four sextets make three bytes; two or three left over make one or two; one makes none.
  const bytes: number[] = [];
  for (let i = 0; i + 1 < sextets.length; i += 4) {
    const [a, b, c, d] = [sextets[i], sextets[i + 1], sextets[i + 2], sextets[i + 3]] as number[];
    bytes.push(((a as number) << 2) | ((b as number) >> 4));
    if (c !== undefined) bytes.push((((b as number) & 0xf) << 4) | (c >> 2));
    if (c !== undefined && d !== undefined) bytes.push(((c & 0x3) << 6) | d);
  }
  return Bytes.from(bytes);
}

/** What Prism's pieces call of Node's Buffer: `from` of a text, in base64 or UTF-8, or of a list of bytes. */
export const Buffer = {
  from(text: string | ArrayLike<number>, encoding?: string): Uint8Array {
    if (typeof text !== 'string') return Bytes.from(text);
    if (encoding === 'base64') return fromBase64(text);
    if (encoding === undefined || /^utf-?8$/i.test(encoding)) {
      const bytes = new TextEncoder().encode(text);
      return new Bytes(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    throw new TypeError(`the browser build of the mock has no Buffer for the encoding ${encoding}`);
  },
};
