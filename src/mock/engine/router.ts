// The routing table: the operations Prism read from the spec, indexed once at start-up by method
// and path segment, so a request is routed in time that grows with its path's depth, not with the
// number of operations (Prism's own router tries every operation in turn, and sorts them).
//
// It answers only what it can answer exactly as Prism's router would: a request whose method and
// path match exactly one operation. Everything else (no match: Prism's 404 or 405; more than one
// match: Prism's precedence; a `__server` base URL; a path not starting with `/`; a spec with a
// template inside a segment such as `/files/{name}.json`) is handed to Prism's router with every
// operation, so its answers and problems are unchanged.
import { decodeSegment, parameterOf } from '../../shared/path-template.js';
import type { PlainPrism } from '../prism/adapter.js';
import type { IHttpRequest, Resource } from '../prism/prism-types.js';

interface Node {
  literal: Map<string, Node>;
  /** the segment is one whole `{name}` template: any segment, even an empty one */
  param: Node | undefined;
  /** lower-case method → the operations of this path with it */
  methods: Map<string, Resource[]>;
}

const node = (): Node => ({ literal: new Map(), param: undefined, methods: new Map() });

/** Prism's test of a templated segment (a `{…}` anywhere in it). */
const TEMPLATED = /{(.+)}/;

export interface Router {
  /** The one operation the request's method and path match, or undefined when Prism's router must decide. */
  find(input: IHttpRequest): Resource | undefined;
  /** The table's operation, or what Prism's router over every operation finds. */
  route: PlainPrism['route'];
}

export function createRouter(resources: Resource[], prismRoute: PlainPrism['route']): Router {
  const root = node();
  let exact = true;
  for (const resource of resources) {
    let at = root;
    for (const segment of resource.path.split('/').slice(1).map(decodeSegment)) {
      if (TEMPLATED.test(segment)) {
        // A template inside a segment matches as Prism's unanchored regular expression does: not indexed.
        if (parameterOf(segment) === undefined) exact = false;
        at.param ??= node();
        at = at.param;
      } else {
        let next = at.literal.get(segment);
        if (!next) at.literal.set(segment, (next = node()));
        at = next;
      }
    }
    const method = resource.method.toLowerCase();
    at.methods.set(method, [...(at.methods.get(method) ?? []), resource]);
  }

  /** Every operation of `method` whose path matches `segments` from `index` on, into `found` (stops past one). */
  function collect(at: Node, segments: string[], index: number, method: string, found: Resource[]): void {
    if (found.length > 1) return;
    if (index === segments.length) {
      found.push(...(at.methods.get(method) ?? []));
      return;
    }
    const segment = segments[index] as string;
    const literal = at.literal.get(segment);
    if (literal) collect(literal, segments, index + 1, method, found);
    if (at.param) collect(at.param, segments, index + 1, method, found);
  }

  function find(input: IHttpRequest): Resource | undefined {
    const { path, baseUrl } = input.url;
    if (!exact || baseUrl || !path.startsWith('/')) return undefined;
    const found: Resource[] = [];
    collect(root, path.split('/').slice(1).map(decodeSegment), 0, input.method.toLowerCase(), found);
    return found.length === 1 ? found[0] : undefined;
  }

  return {
    find,
    route: (options) => {
      const resource = find(options.input);
      return resource ? { ok: true, value: resource } : prismRoute({ resources, input: options.input });
    },
  };
}
