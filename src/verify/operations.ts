/// <reference types="node" />
// The operations of the bundled spec, read generically (no operation is named here), and a way to
// send one through createApiClient.
import type { ValidateFunction } from 'ajv';
import { createApiClient, securitySchemes, type Credentials, type SecuritySchemeName } from '../client/index.js';
import { operationsOf } from '../shared/openapi.js';
import { referencesOf } from '../shared/refs.js';
import { spec, type OpenApiDocument, type OperationObject } from './spec.js';
import { expand, inline, pathName, walk, type Flat, type Json, type RawSchema } from './schema.js';
import { requestValidator, responseValidator } from './validate.js';

export interface PathParameter {
  name: string;
  /** The parameter's schema, self-contained. */
  schema: RawSchema;
  variants: Flat[];
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  pathParameters: PathParameter[];
  /** Whether the spec marks the request body as required. */
  bodyRequired: boolean;
  /** Union-free variants of the request body schema. */
  variants: Flat[];
  /** The request body schema as the spec states it. */
  validateRequest: ValidateFunction;
  validateResponse: ValidateFunction;
  /** Accepted security schemes, in the spec's order. */
  schemes: SecuritySchemeName[];
}

/** The operations of a document (the bundled spec's; their validators are read from it by path and method). */
export function readOperations(document: OpenApiDocument = spec): Operation[] {
  const operations: Operation[] = [];
  const references = referencesOf(document);
  // Every operation is read: one the generator cannot serve (no JSON body, say) is refused, never skipped.
  for (const { path, method, operation } of operationsOf(document)) {
    const op = operation as OperationObject & { operationId: string };
    const parameters = (op.parameters ?? []).map(
      (p) => references.reference(p) as { name: string; in: string; schema: unknown },
    );
    const unsupported = parameters.filter((p) => p.in !== 'path');
    if (unsupported.length > 0)
      throw new Error(
        `${op.operationId}: the generator does not generate ${unsupported.map((p) => p.in).join(', ')} parameters yet`,
      );
    const content = op.requestBody?.content?.['application/json'];
    if (!content) throw new Error(`${op.operationId}: no application/json request body`);
    operations.push({
      id: op.operationId,
      method,
      path,
      pathParameters: parameters.map((p) => ({
        name: p.name,
        schema: inline(p.schema) as RawSchema,
        variants: expand(p.schema),
      })),
      bodyRequired: op.requestBody?.required === true,
      variants: expand(content.schema),
      validateRequest: requestValidator(path, method),
      validateResponse: responseValidator(path, method),
      schemes: ((op.security ?? spec.security ?? []) as Record<string, unknown>[]).flatMap((r) =>
        Object.keys(r),
      ) as SecuritySchemeName[],
    });
  }
  return operations;
}

export const operations: Operation[] = readOperations();

export interface Sent {
  status: number;
  headers: Headers;
  /** Parsed JSON body (data or error), or the text when it is not JSON. */
  body: unknown;
}

/** Sends one request of an operation through createApiClient, with the credentials given. */
export async function send(
  baseUrl: string,
  operation: Operation,
  request: { path: Record<string, string>; body: Json | undefined },
  auth: Credentials,
  timeoutMs = 20_000,
): Promise<Sent> {
  const client = createApiClient({ baseUrl, auth });
  const call = client[operation.method.toUpperCase() as 'POST'] as unknown as (
    path: string,
    init: { params: { path: Record<string, string> }; body?: unknown; signal: AbortSignal },
  ) => ReturnType<typeof client.POST>;
  const { data, error, response } = await call(operation.path, {
    params: { path: request.path },
    // openapi-fetch sends no body (and no content type) for an undefined one.
    body: request.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, headers: response.headers, body: data ?? error };
}

/** Names the choices of a variant, e.g. `oneOf[1] LogStreamSignalsConfigurationPut / schedule: oneOf[1] type null`. */
export function variantLabel(variant: Flat): string {
  const parts: string[] = [];
  walk(variant, (node, path) => {
    if (node.choices.length > 0)
      parts.push(`${path.length === 0 ? '' : `${pathName(path)}: `}${node.choices.join(' › ')}`);
  });
  return parts.length === 0 ? '(single shape)' : parts.join(' / ');
}

/**
 * The credential header for raw requests (which do not go through the client): the first scheme
 * of the operation, in the spec's order, for which `credentials` holds a value; none when the
 * operation needs none or none is held.
 */
export function credentialHeaderOf(op: Operation, credentials: Credentials): Record<string, string> {
  for (const scheme of op.schemes) {
    const definition = securitySchemes[scheme];
    switch (definition.type) {
      case 'apiKey': {
        const key = scheme === 'APIKeyHeader' ? credentials.apiKey : credentials.classicApiKey;
        if (key !== undefined) return { [definition.name]: key };
        break;
      }
      case 'oauth2':
        if (credentials.accessToken !== undefined) return { authorization: `Bearer ${credentials.accessToken}` };
        break;
      case 'http': {
        const basic = credentials.basic;
        if (basic !== undefined)
          return { authorization: `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString('base64')}` };
        break;
      }
    }
  }
  return {};
}

/** The request path of an operation with its parameters filled in (encoded as a client would). */
export function urlPathOf(op: Operation, params: Record<string, string>, encode = true): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.id}: no value for path parameter ${name}`);
    return encode ? encodeURIComponent(value) : value;
  });
}
