// Does a 422 name the field? Either source counts, and which one matched is reported:
//   - the body's `detail[].loc` (FastAPI/pydantic style: ["body", "schedule", "interval_hours"]),
//   - Prism's `sl-violations` header (["request", "body", "schedule", "interval_hours"]).
// For `required` and `additionalProperties`, a location at the enclosing object also counts when the
// message names the property (Ajv and Prism locate those errors at the object).
import { validationDetails } from '../client/index.js';
import { spec } from './spec.js';
import type { Expected, In } from './constraints.js';
import type { Sent } from './operations.js';
import type { Path } from './schema.js';

export type Source = 'detail' | 'sl-violations';

export interface Violation {
  location: (string | number)[];
  code: string | number;
  message: string;
}

export function slViolations(headers: Headers): Violation[] {
  const header = headers.get('sl-violations');
  if (!header) return [];
  try {
    return JSON.parse(header) as Violation[];
  } catch {
    return [];
  }
}

const same = (a: readonly unknown[], b: Path) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/**
 * Names of union branches (the component names and titles of every oneOf/anyOf member) and the
 * tags of discriminated ones (a member's `const` property). pydantic puts the member's name, or its
 * tag, into `loc` after the union field (["body", "selector", "IndexSelector"], ["body", …,
 * "schedule", "INTERVAL", "interval_hours"]); such a segment names a branch, not a field, and is
 * skipped when comparing.
 */
const unionBranchNames: ReadonlySet<unknown> = (() => {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    for (const key of ['oneOf', 'anyOf']) {
      for (const branch of (schema[key] as Record<string, unknown>[] | undefined) ?? []) {
        if (typeof branch.$ref === 'string') {
          const name = branch.$ref.split('/').pop()!;
          names.add(name);
          const title = spec.components?.schemas?.[name]?.title;
          if (typeof title === 'string') names.add(title);
        }
        if (typeof branch.title === 'string') names.add(branch.title);
      }
    }
    for (const key of ['oneOf', 'anyOf']) {
      const members = (schema[key] as Record<string, unknown>[] | undefined) ?? [];
      for (const tag of tagsOf(members)) names.add(tag);
    }
    Object.values(schema).forEach(visit);
  };
  visit(spec);
  return names;
})();

/** The tags of a discriminated union: the `const`s of the one property every member holds a `const` in. */
function tagsOf(members: Record<string, unknown>[]): string[] {
  const targets = members.map((member) =>
    typeof member.$ref === 'string' ? spec.components?.schemas?.[member.$ref.split('/').pop()!] : member,
  );
  const propertiesOf = (target: unknown) =>
    (target as { properties?: Record<string, { const?: unknown }> } | undefined)?.properties ?? {};
  if (targets.length < 2) return [];
  for (const property of Object.keys(propertiesOf(targets[0]))) {
    const tags = targets.map((target) => propertiesOf(target)[property]?.const);
    if (tags.every((tag) => typeof tag === 'string')) return tags;
  }
  return [];
}

/** A `loc` without the segments that name a union's member (its class name or its tag). */
export const withoutBranchNames = (loc: readonly unknown[]) => loc.filter((part) => !unionBranchNames.has(part));

export interface Naming {
  sources: Source[];
  /** What each source said, for failure messages. */
  said: { detail: unknown[]; violations: Violation[] };
}

export function naming(sent: Sent, where: In, expected: Expected[]): Naming {
  const details = validationDetails(sent.body);
  const violations = slViolations(sent.headers);
  const sources: Source[] = [];
  const detailMatches = details.some((item) =>
    expected.some((e) => {
      if (item.loc[0] !== where) return false;
      const loc = withoutBranchNames(item.loc.slice(1));
      // A discriminated union's tag that is wrong is reported at the union, naming the tag's property.
      if (
        /^union_tag_/.test(item.type) &&
        (item.ctx as { discriminator?: unknown } | undefined)?.discriminator === `'${String(e.path.at(-1))}'`
      )
        return same(loc, e.path.slice(0, -1));
      if (!same(loc, e.path)) return false;
      return (
        e.mention === undefined || item.msg.includes(e.mention) || JSON.stringify(item.ctx ?? {}).includes(e.mention)
      );
    }),
  );
  if (detailMatches) sources.push('detail');
  const violationMatches = violations.some((v) =>
    expected.some((e) => {
      if (e.requestLevel && same(v.location, ['request']) && /body/i.test(v.message)) return true;
      if (v.location[0] !== 'request' || v.location[1] !== where || !same(v.location.slice(2), e.path)) return false;
      return e.mention === undefined || v.message.includes(`'${e.mention}'`);
    }),
  );
  if (violationMatches) sources.push('sl-violations');
  return { sources, said: { detail: details.map((d) => ({ loc: d.loc, type: d.type, msg: d.msg })), violations } };
}
