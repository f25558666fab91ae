// A proof that a value is valid, as Prism's validator would find it, at the cost of one compiled
// function call. Prism's checks wrap each ajv call in fp-ts and rewrite the schema first; on a
// valid request that wrapping is most of the mock's cost. This compiles each schema once with an
// ajv like Prism's (../deps.ts) and answers valid or not; the violations of an invalid value are
// always Prism's own (the callers then run Prism's check).
//
// Prism checks a rewritten schema: `allOf` merged, `readOnly` properties dropped from requests and
// `writeOnly` ones from responses. On a document that has none of the three, the rewrite changes
// nothing; on one that has any, `exact` is false and every check goes to Prism.
import type { PlainPrism } from '../prism/adapter.js';
import type { AjvInstance } from '../prism/modules.js';
import type { IHttpResponse, Resource } from '../prism/prism-types.js';
import { essence } from '../common/media-type.js';

const DRAFT_2019_09 = /^https?:\/\/json-schema.org\/draft\/2019-09\/schema#?$/;
const DRAFT_2020_12 = /^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/;

/** The bundle Prism's resources carry beside their schemas, for their `$ref`s. */
export const bundleOf = (resource: Resource): unknown => (resource as Resource & { __bundled__?: unknown }).__bundled__;

/**
 * The content of `mediaType` among a request's or response's contents, when it is the one Prism
 * validates against (the first whose media type matches: a wildcard one may come first) and has a
 * schema; undefined otherwise.
 */
export function contentFor<C extends { mediaType: string; schema?: object }>(
  contents: C[] | undefined,
  mediaType: string,
): (C & { schema: object }) | undefined {
  const content = contents?.find((c) => essence(c.mediaType) === essence(mediaType) || c.mediaType.includes('*'));
  return content?.schema && content.mediaType === mediaType ? (content as C & { schema: object }) : undefined;
}

export interface SchemaCheck {
  /** Whether the proofs may be used on this document (no `allOf`, `readOnly` or `writeOnly`). */
  exact: boolean;
  /** Whether `value` is valid against `schema` (one of Prism's, with its `$schema`), as Prism's validator finds it. */
  valid(schema: object, value: unknown, bundle: unknown): boolean;
  /**
   * Whether `output` is a valid response of `resource` by its body alone: the spec declares its
   * status with no headers, its media type is the spec's, and its body is valid against the schema.
   * Prism's check of the whole response then finds nothing; false when that is not known.
   */
  responseValid(resource: Resource, output: IHttpResponse): boolean;
}

/** `schemasValid`: the document's schemas are known valid against their meta-schemas, so ajv does not check them again. */
export function createSchemaCheck(
  prism: Pick<PlainPrism, 'ajv'>,
  document: unknown,
  schemasValid = false,
): SchemaCheck {
  const instances = new Map<string, AjvInstance>();
  const compiled = new WeakMap<object, (value: unknown) => boolean>();

  /** The ajv of the schema's draft, as Prism picks it (`$schema`; draft-07 otherwise). */
  function ajvFor(schema: { $schema?: unknown }): AjvInstance {
    const $schema = String(schema.$schema);
    const draft = DRAFT_2019_09.test($schema)
      ? 'draft2019_09'
      : DRAFT_2020_12.test($schema)
        ? 'draft2020_12'
        : 'default';
    let ajv = instances.get(draft);
    if (!ajv) instances.set(draft, (ajv = prism.ajv(draft, { validateSchema: !schemasValid })));
    return ajv;
  }

  /** Whether `value` is valid against `schema`: its compiled check, made on first use. */
  function valid(schema: object, value: unknown, bundle: unknown): boolean {
    let check = compiled.get(schema);
    if (!check) {
      try {
        // As Prism compiles it: the operation's bundle beside the schema, for its $refs.
        check = ajvFor(schema).compile({ ...schema, __bundled__: bundle });
      } catch {
        // A schema ajv cannot compile proves nothing (Prism's check decides).
        check = () => false;
      }
      compiled.set(schema, check);
    }
    return check(value);
  }

  const exact = !/"(allOf|readOnly|writeOnly)"/.test(JSON.stringify(document));
  return {
    exact,
    valid,
    responseValid(resource, output) {
      const response = resource.responses.find((r) => r.code === String(output.statusCode));
      if (!response || (response.headers?.length ?? 0) > 0 || !exact) return false;
      const mediaType = Object.entries(output.headers ?? {}).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      const content = contentFor(response.contents, String(mediaType));
      return content !== undefined && valid(content.schema, output.body, bundleOf(resource));
    },
  };
}
