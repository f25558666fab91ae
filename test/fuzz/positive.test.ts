// Positive generation: requests generated from each operation's request schema (every branch of every
// union as its own variant, optional fields filled or not, unknown fields in open objects), sent
// through createApiClient with each credential the operation accepts. Each answers 200 with a body
// valid against the 200 schema. Also: every enum value and both ends of every bound (edges), an
// unknown property in every open object, and a second, independent generator (json-schema-faker).
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { afterAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/index.js';
import { mockBaseUrl } from '../support/contract.js';
import { spec } from '../support/spec.js';
import { announce, budget, replayCommand, seedFor, targetUrl } from '../support/fuzz-config.js';
import { derive, probeIsValid, type PositiveProbe } from '../support/constraints.js';
import { arbitraryOf } from '../../src/verify/generate.js';
import {
  credentialOf,
  everyCredential,
  operations,
  send,
  variantLabel,
  type Operation,
  type Sent,
} from '../support/operations.js';
import { inline, type Json, type RawSchema } from '../../src/verify/schema.js';
import { located } from '../../src/verify/validate.js';
import { slViolations } from '../../src/verify/verdict.js';

const FILE = 'test/fuzz/positive.test.ts';
announce(
  FILE,
  `${budget.casesPerOperation} fast-check and ${budget.fakerCasesPerOperation} json-schema-faker cases per operation`,
);

interface Generated {
  path: Record<string, string>;
  body: Json;
  /** The one scheme whose credential the client holds ('every' = all four, 'none' = the operation needs none). */
  scheme: string;
}

function requestArbitrary(op: Operation, variantIndex: number): fc.Arbitrary<Generated> {
  const variant = op.variants[variantIndex]!;
  const path = fc.record(
    Object.fromEntries(
      op.pathParameters.map((p) => [p.name, arbitraryOf(p.variants[0]!, { fill: true, extras: false }).map(String)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const body = fc.oneof(
    arbitraryOf(variant, { fill: true, extras: true }),
    arbitraryOf(variant, { fill: false, extras: true }),
  );
  const scheme = op.schemes.length === 0 ? fc.constant('none') : fc.constantFrom(...op.schemes, 'every');
  return fc.record({ path, body, scheme });
}

function authOf(scheme: string): Credentials {
  if (scheme === 'every') return everyCredential;
  if (scheme === 'none') return {};
  return credentialOf[scheme as keyof typeof credentialOf];
}

function describeFailure(op: Operation, sent: Sent, request: unknown): string {
  return (
    `${op.id}: ${sent.status}\nrequest: ${JSON.stringify(request).slice(0, 3000)}\nresponse: ${JSON.stringify(sent.body).slice(0, 1000)}\n` +
    `sl-violations: ${JSON.stringify(slViolations(sent.headers)).slice(0, 2000)}`
  );
}

/** 200 and a body valid against the 200 schema, or an error that says why not. */
function check200(op: Operation, sent: Sent, request: unknown): void {
  if (sent.status !== 200) throw new Error(`expected 200 for a valid request\n${describeFailure(op, sent, request)}`);
  if (!op.validateResponse(sent.body)) {
    throw new Error(
      `the 200 body does not match its schema: ${JSON.stringify(located(op.validateResponse.errors))}\n${describeFailure(op, sent, request)}`,
    );
  }
}

const counts: Record<
  string,
  { fastCheck: number; faker: number; fakerDiscarded: number; probes: number; seeds: number[] }
> = {};

describe.each(operations.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  const count = (counts[op.id] = {
    fastCheck: 0,
    faker: 0,
    fakerDiscarded: 0,
    probes: 0,
    seeds: op.variants.map((_, i) => seedFor(`${op.id}#positive#${i}`)),
  });
  const runsPerVariant = Math.max(2, Math.ceil(budget.casesPerOperation / op.variants.length));
  const { probes } = derive(op);

  const variants = op.variants.map((v, i) => [i, variantLabel(v)] as [number, string]);
  it.each(variants)(`variant %i (%s): generated requests answer 200 with a valid body`, async (index) => {
    const fcSeed = seedFor(`${op.id}#positive#${index}`);
    const property = fc.asyncProperty(requestArbitrary(op, index), async (request) => {
      if (!op.validateRequest(request.body)) {
        throw new Error(
          `generator bug: an invalid request was generated: ${JSON.stringify(located(op.validateRequest.errors))}`,
        );
      }
      check200(op, await send(targetUrl(mockBaseUrl), op, request, authOf(request.scheme)), request);
      count.fastCheck++;
    });
    try {
      await fc.assert(property, { seed: fcSeed, numRuns: runsPerVariant, endOnFailure: false });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n[fuzz] fast-check seed ${fcSeed}; replay: ${replayCommand(FILE)}`, {
        cause: error,
      });
    }
  });

  it.each(probes.map((p) => [`${p.kind}: ${p.id}`, p] as [string, PositiveProbe]))('%s', async (_name, probe) => {
    const { valid, errors } = probeIsValid(probe);
    expect(valid, `derivation bug: the probe is not valid per the spec: ${JSON.stringify(errors)}`).toBe(true);
    const sent = await send(targetUrl(mockBaseUrl), op, probe.request);
    expect(sent.status, describeFailure(op, sent, probe.request)).toBe(200);
    expect(op.validateResponse(sent.body), describeFailure(op, sent, probe.request)).toBe(true);
    count.probes++;
  });

  it('json-schema-faker requests (an independent generator) answer 200 with a valid body', async () => {
    const schema = inline(spec.paths[op.path][op.method].requestBody.content['application/json'].schema) as RawSchema;
    const path = Object.fromEntries(
      op.pathParameters.map((p) => [
        p.name,
        fc.sample(arbitraryOf(p.variants[0]!, { fill: true, extras: false }), {
          seed: seedFor(`${op.id}#faker-path`),
          numRuns: 1,
        })[0] as string,
      ]),
    );
    for (let k = 0; k < budget.fakerCasesPerOperation; k++) {
      const fakerSeed = seedFor(`${op.id}#faker#${k}`);
      const body = generateSync(schema, { seed: fakerSeed, alwaysFakeOptionals: k % 2 === 0 }) as Json;
      // json-schema-faker does not guarantee validity for every keyword: what it gets wrong is discarded, and counted.
      if (!op.validateRequest(body)) {
        count.fakerDiscarded++;
        continue;
      }
      const sent = await send(targetUrl(mockBaseUrl), op, { path, body }, everyCredential);
      if (sent.status !== 200 || !op.validateResponse(sent.body)) {
        throw new Error(
          `json-schema-faker seed ${fakerSeed} (FUZZ_SEED replays it):\n${describeFailure(op, sent, body)}`,
        );
      }
      count.faker++;
    }
    expect(
      count.faker,
      `json-schema-faker produced no valid request for ${op.id} in ${budget.fakerCasesPerOperation} tries`,
    ).toBeGreaterThan(0);
  });
});

afterAll(() => {
  const lines = operations.map((op) => {
    const c = counts[op.id]!;
    const fakerSeeds = Array.from({ length: budget.fakerCasesPerOperation }, (_, k) => seedFor(`${op.id}#faker#${k}`));
    return (
      `[fuzz] ${op.id}: ${c.fastCheck} fast-check requests over ${op.variants.length} variant(s), ${c.probes} edge/open-object probes, ${c.faker} json-schema-faker requests (${c.fakerDiscarded} generated invalid and discarded)\n` +
      `[fuzz]   fast-check seeds ${c.seeds.join(', ')}; json-schema-faker seeds ${fakerSeeds.length > 4 ? `${fakerSeeds.slice(0, 3).join(', ')}, … (${fakerSeeds.length})` : fakerSeeds.join(', ')}`
    );
  });
  const total = Object.values(counts).reduce((n, c) => n + c.fastCheck + c.faker + c.probes, 0);
  console.log([...lines, `[fuzz] positive: ${total} requests answered 200 with a valid body`].join('\n'));
});
