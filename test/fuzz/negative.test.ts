// Negative generation: for every constraint of every request (derived from the spec, see
// test/support/constraints.ts), a request that violates exactly that constraint and is otherwise
// valid is sent through createApiClient. The mock answers 422 naming the field in the body's `detail[].loc`, as
// FastAPI does: that alone is the judge. Prism's `sl-violations` header is still read and the suite
// prints which source named the field, but the header alone does not pass a case: Prism fills it by
// itself, so counting it would hide a gap in the mock's own 422 translation (src/mock/service/pydantic.ts).
// One reading of `detail` is particular: the `not` of an if→else variant is the negation of the `if`
// condition, so breaking it moves the value into the `then` schema, and pydantic (which has no `not`:
// the model the tag selects validates the value) names the fields that schema rejects, not the
// object that holds the condition. For those constraints a `detail` item counts when it names a place under the
// object where the spec itself (Ajv, `specErrors`) finds the request invalid; the suite prints
// "detail (inside)" for it. A violation that another branch of a union absorbs is valid per the
// spec, and must be answered 200.
import { afterAll, describe, expect, it } from 'vitest';
import { mockBaseUrl } from '../support/contract.js';
import { announce, budget, replayCommand, targetUrl, verbose } from '../support/fuzz-config.js';
import { derive, type Constraint, type NegativeCase } from '../support/constraints.js';
import { operations, send } from '../support/operations.js';
import { pathName } from '../../src/verify/schema.js';
import { validationErrorValidator } from '../../src/verify/validate.js';
import { naming, withoutBranchNames, type Source } from '../../src/verify/verdict.js';
import { validationDetails } from '../../src/client/index.js';
import type { Sent } from '../../src/verify/operations.js';

const FILE = 'test/fuzz/negative.test.ts';
announce(FILE, `${budget.basesPerConstraint} valid base request(s) per constraint`);

const samePath = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/**
 * For the `not` of an if→else variant (the `if` condition negated): does a `detail` item name a place
 * strictly inside the expected object where the spec (Ajv) finds the request invalid?
 */
function namesInside(sent: Sent, constraint: Constraint, kase: NegativeCase): boolean {
  if (constraint.keyword !== 'not' || !constraint.branch.includes('if→else')) return false;
  const inside = kase.specErrors.filter((error) =>
    constraint.expected.some(
      (e) => error.path.length > e.path.length && samePath(error.path.slice(0, e.path.length), e.path),
    ),
  );
  return validationDetails(sent.body).some(
    (item) =>
      item.loc[0] === constraint.in &&
      inside.some((error) => samePath(withoutBranchNames(item.loc.slice(1)), error.path)),
  );
}

const totals = { constraints: 0, requests: 0 };

describe.each(operations.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  const { constraints, notes } = derive(op);
  const tally: Record<string, number> = {};
  const located: Record<Source | 'both' | 'none' | 'inside', number> = {
    detail: 0,
    'sl-violations': 0,
    both: 0,
    none: 0,
    inside: 0,
  };
  const lines: string[] = [];
  let absorbed = 0;
  const entangled: string[] = [];

  afterAll(() => {
    totals.constraints += constraints.length;
    const byKeyword = Object.entries(tally)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const pathCount = constraints.filter((c) => c.in === 'path').length;
    console.log(
      [
        `[fuzz] ${op.id}: ${constraints.length} constraints covered (${constraints.length - pathCount} body, ${pathCount} path): ${byKeyword}`,
        `[fuzz]   ${constraints.length - entangled.length} violate exactly their keyword; ${entangled.length} cannot be broken alone (${entangled.join('; ') || '-'}); ${absorbed} are absorbed by another union branch (answered 200 as the spec requires)`,
        `[fuzz]   422 named the field via: sl-violations only ${located['sl-violations']}, detail only ${located.detail}, both ${located.both}, neither ${located.none}; ` +
          `detail (inside) ${located.inside} (the not of an if→else: a field inside the object, none at it)`,
        ...notes.map((n) => `[fuzz]   note: ${n}`),
        ...(verbose ? lines.map((l) => `[fuzz]   ${l}`) : []),
      ].join('\n'),
    );
  });

  it.each(constraints.map((c) => [c.id, c] as [string, Constraint]))('%s', async (id, constraint) => {
    tally[constraint.keyword] = (tally[constraint.keyword] ?? 0) + 1;
    for (const [i, kase] of constraint.cases.entries()) {
      totals.requests++;
      const sent = await send(targetUrl(mockBaseUrl), op, kase.request);
      const context = () =>
        `${op.id} ${id} (case ${i}, ${kase.isolation})\nrequest: ${JSON.stringify(kase.request).slice(0, 2000)}\nspec errors: ${JSON.stringify(kase.specErrors)}\n` +
        `response ${sent.status}: ${JSON.stringify(sent.body).slice(0, 500)}\nsl-violations: ${sent.headers.get('sl-violations')?.slice(0, 1500)}\nreplay: ${replayCommand(FILE)}`;
      if (kase.isolation !== 'isolated' && i === 0)
        entangled.push(`${constraint.keyword}@${pathName(constraint.path)} ${kase.isolation}`);
      if (kase.verdict === 'absorbed') {
        absorbed += i === 0 ? 1 : 0;
        if (i === 0)
          lines.push(`${id}: absorbed by another branch -> ${sent.status} (${constraint.cases.length} case(s))`);
        expect(sent.status, `valid per the spec (another branch accepts it), so expected 200\n${context()}`).toBe(200);
        expect(op.validateResponse(sent.body), context()).toBe(true);
        continue;
      }
      expect(sent.status, `expected 422\n${context()}`).toBe(422);
      expect(validationErrorValidator(sent.body), `the 422 body is not an HTTPValidationError\n${context()}`).toBe(
        true,
      );
      const named = naming(sent, constraint.in, constraint.expected);
      const inside = !named.sources.includes('detail') && namesInside(sent, constraint, kase);
      const key = named.sources.length === 2 ? 'both' : (named.sources[0] ?? 'none');
      if (i === 0) located[key]++;
      if (i === 0 && inside) located.inside++;
      const via = [...named.sources, ...(inside ? ['detail (inside)'] : [])].join(' + ') || 'NOTHING';
      if (i === 0)
        lines.push(
          `${id}: 422 at ${constraint.in} ${pathName(constraint.path)} named via ${via} (${constraint.cases.length} case(s))`,
        );
      expect(
        named.sources.includes('detail') || inside,
        `the 422's detail does not name ${constraint.in} ${pathName(constraint.path)} (expected one of ${JSON.stringify(constraint.expected)}; ` +
          `sl-violations ${named.sources.includes('sl-violations') ? 'does' : 'does not either'})\n` +
          `detail said: ${JSON.stringify(named.said.detail)}\n${context()}`,
      ).toBe(true);
    }
  });
});

afterAll(() => {
  console.log(
    `[fuzz] negative: ${totals.constraints} constraints over ${operations.length} operations, ${totals.requests} requests`,
  );
});
