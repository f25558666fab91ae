// How pydantic reads a union (`oneOf`/`anyOf`) before it validates against one: its members (null
// members dropped: `Optional`; plain unions among them flattened), whether it takes null, and its
// tag when it is a discriminated union (`Field(discriminator=...)`, or a callable one naming the
// member a `not` excludes). ./pydantic.ts validates a value against the members it finds here.
import { deepEqual, isObject } from '../../shared/json.js';
import type { Schema } from '../prism/spec.js';

/** A node's JSON types (`type`, as a list), or undefined when it states none. */
export const typesOf = (schema: Schema): string[] | undefined =>
  schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A union's tag: the property every member (each an object) holds a distinct `const` in, as `Field(discriminator=...)` does. */
export interface Tag {
  property: string;
  tags: unknown[];
}

/** What the reading of unions answers (each function's comment, below, says how). */
export interface UnionReading {
  nullOnly: (schema: Schema | boolean | undefined) => boolean;
  membersOf: (branches: Schema[]) => Schema[];
  takesNull: (branches: Schema[]) => boolean;
  tagOf: (members: Schema[]) => Tag | undefined;
  excludedTag: (members: Schema[]) => { property: string; value: unknown; known: number } | undefined;
}

/** The reading of unions of one document: `deref` follows its `$ref`s (a boolean or missing schema is `{}`). */
export function unionReading(deref: (schema: Schema | boolean | undefined) => Schema): UnionReading {
  const tagCache = new WeakMap<object, Tag | null>();
  /** A schema that admits null alone (`type: 'null'`): `Optional[...]`'s other half. */
  const nullOnly = (schema: Schema | boolean | undefined): boolean => {
    const node = deref(schema);
    return deepEqual(typesOf(node), ['null']) || ('const' in node && node.const === null);
  };

  /**
   * The members of a union as pydantic sees them: null members dropped (`Optional[Union[...]]` is a
   * nullable union), plain unions among them flattened (`Union[Union[A, B], C]` is `Union[A, B, C]`).
   */
  function membersOf(branches: Schema[]): Schema[] {
    return branches.flatMap((branch) => {
      if (nullOnly(branch)) return [];
      const node = deref(branch);
      const inner = node.oneOf ?? node.anyOf;
      if (Array.isArray(inner) && typesOf(node) === undefined && !tagOf(inner)) return membersOf(inner);
      return [branch];
    });
  }

  /** Whether a union is Optional: a member is null, or a plain union among them takes null. */
  const takesNull = (branches: Schema[]): boolean =>
    branches.some((branch) => {
      if (nullOnly(branch)) return true;
      const node = deref(branch);
      const inner = node.oneOf ?? node.anyOf;
      return Array.isArray(inner) && typesOf(node) === undefined && !tagOf(inner) && takesNull(inner);
    });

  function tagOf(members: Schema[]): Tag | undefined {
    let found = tagCache.get(members);
    if (found === undefined) {
      found = null;
      const nodes = members.map(deref);
      if (nodes.length > 1 && nodes.every((node) => isObject(node.properties))) {
        for (const property of Object.keys(nodes[0]?.properties ?? {})) {
          const tags = nodes.map((node) => deref(node.properties?.[property]));
          if (!tags.every((tag) => 'const' in tag)) continue;
          const values = tags.map((tag) => tag.const);
          if (new Set(values.map((value) => JSON.stringify(value))).size === values.length) {
            found = { property, tags: values };
            break;
          }
        }
      }
      tagCache.set(members, found);
    }
    return found ?? undefined;
  }

  /** The member named by an exclusion: one member's tag `const`, the others' `not` of it (a callable discriminator naming classes). */
  function excludedTag(members: Schema[]): { property: string; value: unknown; known: number } | undefined {
    const nodes = members.map(deref);
    const known = nodes.findIndex((node) =>
      Object.entries(node.properties ?? {}).some(([, property]) => 'const' in deref(property)),
    );
    if (known < 0 || nodes.length !== 2) return undefined;
    const other = nodes[1 - known] as Schema;
    const excluded = deref(other.not);
    for (const [name, property] of Object.entries(nodes[known]?.properties ?? {})) {
      const target = deref(property);
      const not = deref(excluded.properties?.[name]);
      if ('const' in target && 'const' in not && deepEqual(target.const, not.const))
        return { property: name, value: target.const, known };
    }
    return undefined;
  }

  return { nullOnly, membersOf, takesNull, tagOf, excludedTag };
}
