// Prism's request validation without its per-request overhead. Prism's `validateInput` runs four
// checks (the body against its media type's schema, then the header, query and path parameters)
// and joins their violations; to read the path parameters it builds a URI template, a new
// Function, for every request, which is most of what a valid request costs the mock. This runs the
// same four checks of Prism, in the same order, joined the same way, and reads the path parameters
// by position instead, on the requests where the two readings are the same:
//   - every path parameter is a whole segment, sent as plain characters (unreserved, no `%`, no
//     `,`), and every other segment is sent as the spec writes it;
//   - the body, if the operation has one, is sent in one of the operation's media types exactly,
//     and is not null (no body at all: the operation has none). Without a Content-Length (a chunked
//     body) Prism skips only its check of the media type, which that match already passes.
// Any other request goes to Prism's validateInput itself. Either way the violations, and the 422
// built from them, are Prism's.
import { parametersOf, segmentsUnder } from '../../shared/path-template.js';
import type { PlainPrism } from '../prism/adapter.js';
import type { IHttpRequest, IPrismDiagnostic, Resource } from '../prism/prism-types.js';
import { essence } from '../common/media-type.js';
import { bundleOf, contentFor, type SchemaCheck } from './schema-check.js';

/** Prism's ValidationContext.Input. */
const INPUT = 0;
/** A path segment read the same way by position and by Prism's URI template. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Prism's violations of a request (none when it is valid). `beforePrism` runs when the request is not proven valid,
 * before Prism's checks (which make an object for every violation): it may throw to stop there.
 */
export interface InputCheck {
  /** `proven`: what `proven` already said of this request (it is not asked again). */
  (options: Parameters<PlainPrism['validateInput']>[0], beforePrism?: () => void, proven?: boolean): IPrismDiagnostic[];
  /** Whether the request is proven valid by compiled schema checks alone (then it has no violation). */
  proven(resource: Resource, element: IHttpRequest): boolean;
}

/** Prism's request body and parameter specs, as its resources carry them. */
interface RequestSpec {
  body?: { required?: boolean; contents?: { mediaType: string; schema?: object }[] };
  path?: ParameterSpec[];
  query?: unknown[];
  headers?: unknown[];
}

/** A parameter as Prism's resources carry it. */
interface ParameterSpec {
  name: string;
  style?: string;
  deprecated?: boolean;
  schema?: { type?: unknown };
}

/** The request's Content-Length as Prism reads it (0 when none or not a number). */
const contentLength = (headers: Record<string, string | undefined>): number =>
  Number.parseInt(headers['content-length'] ?? '', 10) || 0;

export function createInputCheck(prism: PlainPrism, schemas: SchemaCheck): InputCheck {
  /**
   * Whether the request is valid, proven by compiled schema checks (./schema-check.ts) alone: a
   * body in the operation's media type, path parameters proven (`pathOk`), no header or query
   * parameters declared. False means "not proven": Prism's checks then run.
   */
  function proven(resource: Resource, element: IHttpRequest, pathOk: boolean): boolean {
    const request = (resource.request ?? {}) as RequestSpec;
    if ((request.headers?.length ?? 0) > 0 || (request.query?.length ?? 0) > 0 || !pathOk) return false;
    const headers = (element.headers ?? {}) as Record<string, string | undefined>;
    const length = contentLength(headers);
    if (!request.body) return length === 0;
    const contentType = essence(headers['content-type'] ?? '');
    const content = contentFor(request.body.contents, contentType);
    const body = element.body;
    if (!content || body === null || typeof body !== 'object') return false;
    return schemas.valid(content.schema, body, bundleOf(resource));
  }

  /** Whether the path parameters are valid, proven by compiled schema checks: strings in the simple style, read as sent. */
  function pathProven(resource: Resource, path: Record<string, string> | undefined): boolean {
    if (!schemas.exact) return false;
    for (const parameter of (resource.request as RequestSpec | undefined)?.path ?? []) {
      // Another style is split first; a deprecated parameter gets Prism's warning. The value as sent
      // is checked without coercion, so a type Prism coerces to (a number) is never proven.
      const value = path?.[parameter.name];
      if (value === undefined || parameter.deprecated || (parameter.style ?? 'simple') !== 'simple') return false;
      if (!schemas.valid(parameter.schema ?? {}, value, bundleOf(resource))) return false;
    }
    return true;
  }

  /**
   * Prism's four checks of a request, in its order, less those with nothing to check (no body spec
   * and no body; no parameters of a kind; path parameters proven); undefined when Prism must read
   * the request itself.
   */
  function check(
    resource: Resource,
    element: IHttpRequest,
    path: Record<string, string> | undefined,
    pathOk: boolean,
  ): IPrismDiagnostic[][] | undefined {
    const request = (resource.request ?? {}) as RequestSpec;
    const bundle = bundleOf(resource);
    const headers = (element.headers ?? {}) as Record<string, string | undefined>;
    if (request.path && !path) return undefined;
    const checks = bodyCheck(request.body, element.body, headers, bundle);
    if (!checks) return undefined;
    if (request.headers) checks.push(prism.validateHeaders(headers, request.headers, INPUT, bundle));
    if (request.query) checks.push(prism.validateQuery(element.url.query ?? {}, request.query, INPUT, bundle));
    // With path parameters declared, `path` is set (see above).
    if (request.path && !pathOk)
      checks.push(prism.validatePath(path as Record<string, string>, request.path, INPUT, bundle));
    return checks;
  }

  /** Prism's check of the body (none when the operation takes none and none was sent), or undefined when Prism must read it. */
  function bodyCheck(
    spec: RequestSpec['body'],
    body: unknown,
    headers: Record<string, string | undefined>,
    bundle: unknown,
  ): IPrismDiagnostic[][] | undefined {
    const length = contentLength(headers);
    if (!spec) return length === 0 ? [] : undefined;
    const contentType = headers['content-type'];
    if (contentType === undefined || body === null || body === undefined || (spec.required && !body)) return undefined;
    let boundary: string | undefined;
    let mediaType: string;
    try {
      [boundary, mediaType] = prism.parseMIMEHeader(contentType);
    } catch {
      return undefined;
    }
    if (!spec.contents?.some((content) => content.mediaType === mediaType)) return undefined;
    return [prism.validateBody(body, spec.contents, INPUT, mediaType, boundary, bundle)];
  }

  /** The path parameters read by position (../../shared/path-template.ts), or undefined when that may differ from Prism's URI template. */
  function byPosition(template: string, path: string): Record<string, string> | undefined {
    const segments = segmentsUnder(template, path);
    if (
      !segments?.every(({ written, sent, parameter }) =>
        parameter === undefined ? written === sent : PLAIN_SEGMENT.test(sent),
      )
    )
      return undefined;
    return parametersOf(segments);
  }

  const inputCheck: InputCheck = (options, beforePrism, known) => {
    const { resource, element } = options;
    const path = byPosition(resource.path, element.url.path);
    const pathOk = pathProven(resource, path);
    if (known ?? proven(resource, element, pathOk)) return [];
    beforePrism?.();
    const checks = check(resource, element, path, pathOk);
    if (!checks) return prism.validateInput(options);
    return checks.flat();
  };
  inputCheck.proven = (resource, element) =>
    proven(resource, element, pathProven(resource, byPosition(resource.path, element.url.path)));
  return inputCheck;
}
