// Reading the bundled OpenAPI document: its `$ref`s (by ../../shared/refs.ts), operations, their parameters, request and
// response schemas and named examples. Everything the mock derives comes from here.

import { operationsOf } from '../../shared/openapi.js';
import { referencesOf, type References } from '../../shared/refs.js';

/**
 * A JSON Schema node of the spec, with the keywords the mock reads typed. The document is read from
 * JSON, so each keyword is only as trustworthy as the spec: the code checks what it relies on.
 */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  additionalItems?: Schema | boolean;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minProperties?: number;
  maxProperties?: number;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  [keyword: string]: unknown;
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  /** lower case */
  method: string;
  /** the template, e.g. /v2/projects/{project_id}/traces */
  path: string;
  parameters: Parameter[];
  /** of application/json */
  requestSchema: Schema | undefined;
  bodyRequired: boolean;
  /** the 200 application/json schema */
  responseSchema: Schema | undefined;
}

/** A security scheme of `components.securitySchemes`. */
export interface SecurityScheme {
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
  [field: string]: unknown;
}

/** The parts of the bundled document the mock reads directly. */
export interface Document {
  paths?: Record<string, unknown>;
  components?: { securitySchemes?: Record<string, SecurityScheme | undefined>; [section: string]: unknown };
  [field: string]: unknown;
}

/** The Parameter, Request Body and Response Objects, as far as the mock reads them. */
interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface WithContent {
  required?: boolean;
  content?: Record<string, { schema?: Schema } | undefined>;
}

export class Spec {
  readonly operations = new Map<string, Operation>();
  /** The document's `$ref`s, followed by the rules of ../../shared/refs.ts. */
  private readonly references: References;
  /** Each schema node's `deref`, made once: the document does not change, and a request derefs the same nodes again. */
  private readonly dereferenced = new WeakMap<Schema, Schema>();

  constructor(
    /** the bundled OpenAPI document */
    readonly document: Document,
    /** its schemas are known valid against their meta-schemas (the embedded spec): they need no check at compile */
    readonly schemasValid = false,
  ) {
    this.references = referencesOf(document);
    for (const { path, method, pathItem, operation: op } of operationsOf(document)) {
      if (!op.operationId) continue;
      const parameters = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => {
        const parameter = this.references.reference(p) as ParameterObject;
        return {
          name: parameter.name,
          in: parameter.in,
          required: !!parameter.required,
          schema: parameter.schema ?? {},
        };
      });
      const requestBody = op.requestBody ? (this.references.reference(op.requestBody) as WithContent) : undefined;
      const response = op.responses?.['200']
        ? (this.references.reference(op.responses['200']) as WithContent)
        : undefined;
      this.operations.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        parameters,
        requestSchema: requestBody?.content?.['application/json']?.schema,
        bodyRequired: !!requestBody?.required,
        responseSchema: response?.content?.['application/json']?.schema,
      });
    }
  }

  /** The node a local `$ref` points to (../../shared/refs.ts, rule 1). */
  pointer(ref: string): Schema {
    return this.references.pointer(ref) as Schema;
  }

  /** A schema with its `$ref`s followed, the keywords beside each laid over its target (../../shared/refs.ts, rules 2 and 4). */
  deref(node: Schema): Schema {
    let target = this.dereferenced.get(node);
    if (target === undefined) this.dereferenced.set(node, (target = this.references.schema(node) as Schema));
    return target;
  }

  /** The operation of this id; undefined for an id the spec does not have, or none (Prism's resource without one). */
  operation(operationId: string | undefined): Operation | undefined {
    // No operation is kept under an undefined key: Map#get finds nothing.
    return this.operations.get(operationId as string);
  }
}
