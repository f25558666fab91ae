// The `$ref`s of an OpenAPI 3.1 document, followed by one set of rules, for the mock's reading of
// the spec (src/mock/prism/spec.ts) and the verifier's schema walker (src/verify/schema.ts):
//   1. A reference is local: `#` then a JSON pointer into the same document, each segment
//      percent-decoded (the pointer is a URI fragment), then `~1` read as `/` and `~0` as `~`, in
//      that order; `#` alone is the whole document. A reference to another document, or to nothing,
//      throws naming it.
//   2. A `$ref` that is followed (rules 3 and 4) points to an object; one that points to anything
//      else is unresolved. A chain of them ends within MAX_CHAIN references after the first, or it
//      is taken for a cycle and throws naming where it started (the spec's longest chain is two).
//   3. A Reference Object (a parameter, request body, response, … given by `$ref`) is its target:
//      a `summary` or `description` beside its `$ref` replaces the target's, anything else beside
//      it is ignored.
//   4. In a Schema Object, `$ref` is one keyword among others (JSON Schema 2020-12): the keywords
//      beside it apply together with the target's. `join` makes the one schema of the two: by
//      default the keywords beside the `$ref` are laid over the target's, which is their
//      conjunction whenever they annotate the target (`default`, `description`: the only kind the
//      spec has) or narrow it; a reader that needs the exact conjunction of any two passes its own
//      (the verifier, its allOf merge).
import { isObject, type JsonObject } from './json.js';

/** `part` as a JSON pointer writes it: `~` as `~0`, then `/` as `~1`. */
export const pointerToken = (part: string): string => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** A JSON pointer's token read back: `~1` as `/`, then `~0` as `~`. */
export const tokenText = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The tokens of a JSON pointer, read back (`/a/b~1c` → `a`, `b/c`; `` → none). */
export const pointerTokens = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(tokenText);

/** How many references may follow the first in a chain before it is taken for a cycle. */
const MAX_CHAIN = 32;

/** The schema a `$ref` and the keywords beside it make: `target` (what the `$ref` points to) with `siblings`. */
export type Join = (target: JsonObject, siblings: JsonObject, ref: string) => JsonObject;

/** The keywords beside a `$ref` laid over the target's (the target itself when there are none). */
export const overlay: Join = (target, siblings) =>
  Object.keys(siblings).length === 0 ? target : { ...target, ...siblings };

/** The fields beside a Reference Object's `$ref` that replace the target's (rule 3). */
const REFERENCE_FIELDS = ['summary', 'description'];

export interface References {
  /** The node a local reference points to (rule 1); the same node for the same reference. */
  pointer(ref: string): unknown;
  /** A Reference Object's target (rules 2 and 3); a node that is not an object with a string `$ref` is itself. */
  reference(node: unknown): unknown;
  /** A schema with its `$ref`s followed (rules 2 and 4); a node that is not an object with a string `$ref` is itself. */
  schema(node: unknown, join?: Join): unknown;
}

/** The references of `document`, read by the rules above. */
export function referencesOf(document: unknown): References {
  const pointers = new Map<string, unknown>();

  const pointer = (ref: string): unknown => pointers.get(ref) ?? walk(ref);

  /** The node `ref` points to, found by walking the document (and kept for the next time). */
  function walk(ref: string): unknown {
    if (ref !== '#' && !ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
    const node = ref
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (current, part) =>
          typeof current === 'object' && current !== null
            ? (current as JsonObject)[tokenText(decodeURIComponent(part))]
            : undefined,
        document,
      );
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    pointers.set(ref, node);
    return node;
  }

  function follow(node: unknown, join: Join): unknown {
    let current = node;
    for (let chain = 0; isObject(current) && typeof current.$ref === 'string'; chain++) {
      if (chain > MAX_CHAIN) throw new Error(`$ref cycle at ${String((node as JsonObject).$ref)}`);
      const { $ref, ...siblings } = current;
      const target = pointer($ref);
      if (!isObject(target)) throw new Error(`unresolved $ref ${$ref}`);
      current = join(target, siblings, $ref);
    }
    return current;
  }

  const reference: Join = (target, siblings, ref) =>
    overlay(
      target,
      Object.fromEntries(Object.entries(siblings).filter(([key]) => REFERENCE_FIELDS.includes(key))),
      ref,
    );

  return {
    pointer,
    reference: (node) => follow(node, reference),
    schema: (node, join = overlay) => follow(node, join),
  };
}
