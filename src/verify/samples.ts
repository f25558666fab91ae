// Valid sample requests and field lookups over the variants, for hostile input and load.
import { arbitraryOf, sampleOf } from './generate.js';
import { operations, type Operation } from './operations.js';
import { walk, type Flat, type Json, type Path } from './schema.js';
import type { SeedFor } from './seed.js';

export interface Sample {
  path: Record<string, string>;
  body: Json;
}

/** A valid request of a variant (every optional field filled), seeded by `name`; checked against the spec. */
export function validSample(op: Operation, name: string, seedFor: SeedFor, variantIndex = 0): Sample {
  const variant = op.variants[variantIndex];
  if (!variant) throw new Error(`${op.id} has no variant ${variantIndex}`);
  // fc.sample with one run gives one value.
  const body = sampleOf(arbitraryOf(variant, { fill: true, extras: false }), seedFor(`${op.id}#${name}#body`))[0]!;
  const path = Object.fromEntries(
    op.pathParameters.map((p) => [
      p.name,
      String(sampleOf(arbitraryOf(p.variants[0]!), seedFor(`${op.id}#${name}#${p.name}`))[0] as string | number),
    ]),
  );
  if (!op.validateRequest(body)) throw new Error(`generator bug: the sample ${name} of ${op.id} is invalid`);
  return { path, body };
}

export interface Found {
  op: Operation;
  variantIndex: number;
  path: Path;
  node: Flat;
  /** The union choices on the way to the node. */
  trail: string[];
}

/** Every node of every variant of every operation that satisfies `predicate`. */
export function findNodes(predicate: (node: Flat, path: Path) => boolean, ops: Operation[] = operations): Found[] {
  const found: Found[] = [];
  for (const op of ops) {
    op.variants.forEach((variant, variantIndex) =>
      walk(variant, (node, path, trail) => {
        if (predicate(node, path)) found.push({ op, variantIndex, path, node, trail });
      }),
    );
  }
  return found;
}

/** The first node satisfying `predicate`, preferring operations whose request body is required. */
export function firstNode(predicate: (node: Flat, path: Path) => boolean, ops: Operation[] = operations): Found {
  const found = findNodes(predicate, ops);
  const first = found.find((f) => f.op.bodyRequired) ?? found[0];
  if (!first) throw new Error('no field of the spec has the shape this hostile case needs');
  return first;
}
