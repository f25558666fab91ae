import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Loose JSON-Schema shape, enough to read the bundled document in tests.
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  description?: string;
  'x-not-shown'?: string[];
  [key: string]: unknown;
}

export const specPath = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
export const spec: any = JSON.parse(readFileSync(specPath, 'utf8'));

/** Follows a local `$ref` (`#/components/...`) until a schema without one. */
export function deref(schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    if (!current) throw new Error(`unresolved $ref ${schema.$ref}`);
  }
  return current;
}

export function schema(name: string): Schema {
  const found = spec.components.schemas[name];
  if (!found) throw new Error(`no component schema ${name}`);
  return found;
}

/** A property of a named schema, with its `$ref` followed. */
export function property(schemaName: string, field: string): Schema {
  const found = schema(schemaName).properties?.[field];
  if (!found) throw new Error(`${schemaName} has no property ${field}`);
  return deref(found);
}

/** The name of the component a `$ref` points to. */
export function refName(s: Schema): string | undefined {
  return s.$ref?.split('/').pop();
}

export interface OperationInfo {
  method: string;
  path: string;
  operation: any;
}

export function operation(operationId: string): OperationInfo {
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.operationId === operationId) return { method, path, operation: op };
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** The request body schema of an operation, `$ref` followed. */
export function requestSchema(operationId: string): Schema {
  return deref(operation(operationId).operation.requestBody.content['application/json'].schema);
}

/** The 200 response schema of an operation, `$ref` followed. */
export function responseSchema(operationId: string): Schema {
  return deref(operation(operationId).operation.responses['200'].content['application/json'].schema);
}

export const operationIds: string[] = Object.values<Record<string, { operationId?: string }>>(spec.paths).flatMap(
  (item) => Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
);
