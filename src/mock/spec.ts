// Reading the bundled OpenAPI document: local `$ref`s, operations, their parameters, request and
// response schemas and named examples. Everything the mock derives comes from here.

import { operationsOf } from '../openapi.js';

/** @typedef {Record<string, any>} Schema */
/** @typedef {{ name: string, in: string, required: boolean, schema: Schema }} Parameter */
/**
 * @typedef {object} Operation
 * @property {string} operationId
 * @property {string} method      lower case
 * @property {string} path        the template, e.g. /v2/projects/{project_id}/traces
 * @property {Parameter[]} parameters
 * @property {Schema | undefined} requestSchema  of application/json
 * @property {boolean} bodyRequired
 * @property {Schema | undefined} responseSchema the 200 application/json schema
 */


export class Spec {
  /** @param {any} document the bundled OpenAPI document */
  constructor(document) {
    this.document = document;
    /** @type {Map<string, any>} */
    this.pointers = new Map();
    /** @type {Map<string, Operation>} */
    this.operations = new Map();
    for (const { path, method, pathItem, operation: op } of operationsOf(document)) {
      if (!op.operationId) continue;
      const parameters = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => {
        const parameter = this.deref(p);
        return { name: parameter.name, in: parameter.in, required: !!parameter.required, schema: parameter.schema ?? {} };
      });
      const requestBody = op.requestBody ? this.deref(op.requestBody) : undefined;
      const response = op.responses?.['200'] ? this.deref(op.responses['200']) : undefined;
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

  /** The node a local JSON pointer (`#/components/...`) points to. @param {string} ref */
  pointer(ref) {
    let node = this.pointers.get(ref);
    if (node === undefined) {
      if (!ref.startsWith('#')) throw new Error(`only local $refs are supported, got ${ref}`);
      node = ref
        .slice(1)
        .split('/')
        .filter((part) => part !== '')
        .reduce((current, part) => current?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
      if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
      this.pointers.set(ref, node);
    }
    return node;
  }

  /** Follows `$ref` until a node without one. @param {any} node */
  deref(node) {
    let current = node;
    for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
      if (hops > 64) throw new Error(`$ref cycle at ${node.$ref}`);
      current = this.pointer(current.$ref);
    }
    return current;
  }

  /** @param {string} operationId */
  operation(operationId) {
    return this.operations.get(operationId);
  }
}
