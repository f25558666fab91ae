// Moved to src/verify/verdict.ts (shipped with api-contract-verify); kept as a re-export until every
// fuzz file imports it from there.
export * from '../../../src/verify/verdict.js';
