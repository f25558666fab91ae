// What the client, the mock and the verifier all need to know about an OpenAPI document: the
// operation keys of a Path Item Object and a walk over every operation. (The repository's tooling,
// which runs before any build, has its own copy in scripts/openapi.js.)

/** The operation keys of a Path Item Object, in the order the walk visits them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

/** An Operation Object, as loose as a document read from JSON is. */
export interface OperationObject {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  [field: string]: unknown;
}

/** A Path Item Object: its shared parameters and its operations. */
export type PathItemObject = { parameters?: unknown[] } & { [M in HttpMethod]?: OperationObject };

export interface OperationEntry {
  path: string;
  method: HttpMethod;
  pathItem: PathItemObject;
  operation: OperationObject;
}

/** Every operation of a document, in path then method order. */
export function* operationsOf(
  document: { paths?: Record<string, unknown> } | null | undefined,
): Generator<OperationEntry> {
  for (const [path, item] of Object.entries(document?.paths ?? {})) {
    if (item === null || typeof item !== 'object') continue;
    const pathItem = item as PathItemObject;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation) yield { path, method, pathItem, operation };
    }
  }
}
