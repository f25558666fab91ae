/// <reference types="node" />
// The contract this package ships (generated/openapi.json), read once, and the peers its
// package.json names. Every generator, validator and check of the verifier, the fuzz suite and the
// tests read the spec from here.
import { readFileSync } from 'node:fs';
import { manifest, specPath } from '../shared/package-root.js';

export { specPath };

/** The parts of an OpenAPI document the verifier reads; schemas stay loose JSON. */
/** An operation of the document, as far as the verifier reads it (the rest is checked where it is read). */
export interface OperationObject {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown } | undefined> };
  responses?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: {
    schemas?: Record<string, { title?: unknown; [keyword: string]: unknown }>;
    parameters?: Record<string, unknown>;
  };
  security?: Record<string, unknown>[];
}

/** The package's optional peers and the versions it is tested with (package.json's peerDependencies). */
export const peerDependencies: Record<string, string> = manifest.peerDependencies;

/** The bundled OpenAPI document. */
export const spec: OpenApiDocument = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
