// The operations' rules together (src/rules/index.ts): each operation's rules under its operationId,
// and the provider checks, each named once, for an operation of the spec, with its reason. What each
// check holds, breaks and probes, and its name, is in test/unit/rules/<operation>.test.ts.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { operationRules, providerChecks as rules } from '../../../src/rules/index.js';

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

it('each operation with rules is found under its own operationId, an operation of the spec', () => {
  expect(operationRules.size).toBe(7);
  for (const [operationId, own] of operationRules) {
    expect(own.operationId).toBe(operationId);
    expect(operationIds, operationId).toContain(operationId);
  }
  for (const r of rules)
    expect(
      operationRules.get(r.operationId)?.checks.map((c) => c.name),
      r.name,
    ).toContain(r.name);
});
