// What the provider checks of the operations' rules (src/rules/) are, together: each named once,
// for an operation of the spec, with its reason. What each check holds, breaks and probes, and its
// name, is in test/unit/rules/<operation>.test.ts.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { providerChecks as rules } from '../../../src/rules/index.js';

const document = JSON.parse(readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));

it('every check has a name of its own, an operation of the spec and a reason', () => {
  expect(rules.length).toBeGreaterThan(0);
  expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length);
  for (const r of rules) {
    expect(r.name, r.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(operationIds, r.name).toContain(r.operationId);
    expect(r.reason.trim(), r.name).not.toBe('');
  }
});
