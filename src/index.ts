// The package's entry point (`.`, ESM dist/src/index.js and CommonJS dist/cjs/src/index.js): the
// client, its errors and helpers, the security tables and every type of the spec.
export * from './client/index.js';
