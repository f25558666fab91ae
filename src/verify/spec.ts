/// <reference types="node" />
// The contract this package ships (generated/openapi.json), read once, and the peers its
// package.json names. Every generator, validator and check of the verifier, the fuzz suite and the
// tests read the spec from here.
import { readFileSync } from 'node:fs';
import { manifest, specPath } from '../shared/package-root.js';

export { specPath };

/** The parts of an OpenAPI document the verifier reads; schemas stay loose JSON. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  paths: Record<string, Record<string, any>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  components?: { schemas?: Record<string, any>; parameters?: Record<string, any> };
  security?: Record<string, unknown>[];
}

/** The package's optional peers and the versions it is tested with (package.json's peerDependencies). */
export const peerDependencies: Record<string, string> = manifest.peerDependencies;

/** The bundled OpenAPI document. */
export const spec: OpenApiDocument = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
