// Moved to src/verify/schema.ts (shipped with api-contract-verify); kept as a re-export until every
// fuzz file imports it from there.
export * from '../../../src/verify/schema.js';
