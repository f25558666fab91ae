// The mock answers as FastAPI and pydantic do: every cassette of the reference service (reference/,
// recorded by `npm run conformance:record`) replayed through the in-process mock (createMock's
// fetch), a sample of them over HTTP and through MSW, each answer compared with the recorded one
// (status, media type, every 422 item's type, loc, msg, input and ctx, a 400's body). A difference
// fails unless test/fixtures/conformance/deliberate.json lists it, and that list is the table of
// docs/mock.md "Where the mock differs from FastAPI", row for row.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementOf,
  allowedBy,
  answerOf,
  checkStamp,
  compareAnswers,
  parsed,
  readCassettes,
  specHash,
  toRequest,
  type AllowedDifference,
  type Cassette,
  type Interaction,
  type RecordedAnswer,
} from '../../../src/verify/cassette.js';
import { bodyBytes } from '../../../src/verify/corpus.js';
import { rawRequest, isFailure } from '../../../src/verify/raw.js';
import { createMock, type Mock } from '../../../src/mock/index.js';
import { mswHandlers } from '../../../src/mock/msw.js';
import { startMock, type RunningMock } from '../../../src/mock/server.js';

const root = new URL('../../../', import.meta.url);
const CASSETTES = new URL('test/fixtures/conformance/cassettes/', root).pathname;
const deliberate = JSON.parse(
  readFileSync(new URL('test/fixtures/conformance/deliberate.json', root), 'utf8'),
) as AllowedDifference[];
const cassettes: Cassette[] = readCassettes(CASSETTES);
const interactions: Interaction[] = cassettes.flatMap((c) => c.interactions);
const ORIGIN = 'https://api.example.test';

/** The differences of one answer that the deliberate list does not cover, as lines a reader can act on. */
function unexplained(interaction: Interaction, actual: RecordedAnswer): string[] {
  return compareAnswers(interaction.response, actual)
    .filter((d) => allowedBy(deliberate, interaction.request.id, d) === undefined)
    .map(
      (d) =>
        `${interaction.request.id}: ${d.kind}\n    FastAPI: ${JSON.stringify(d.expected)}\n    mock:    ${JSON.stringify(d.actual)}`,
    );
}

/** Every 12th interaction: each kind of request and every operation, in few requests. */
const sample = interactions.filter((_, i) => i % 12 === 0);

describe('the cassettes', () => {
  it('were recorded against this spec (else: npm run conformance:record)', () => {
    expect(() => checkStamp(cassettes)).not.toThrow();
  });

  it('a stamp of another spec is refused with the command that records them again', () => {
    const stale = cassettes.map((c) => ({ ...c, stamp: { ...c.stamp, spec: 'sha256:0' } }));
    expect(() => checkStamp(stale, specHash())).toThrow(/npm run conformance:record/);
  });

  it('hold several hundred requests of every operation, each id once', () => {
    const ids = interactions.map((i) => i.request.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(500);
    expect(cassettes.map((c) => c.operation).sort()).toEqual(
      [...new Set(interactions.map((i) => i.request.operation))].sort(),
    );
  });
});

describe('the in-process mock against FastAPI', () => {
  let mock: Mock;
  const answers = new Map<string, RecordedAnswer>();
  beforeAll(async () => {
    mock = await createMock({ stateless: true });
    for (const interaction of interactions)
      answers.set(interaction.request.id, await answerOf(await mock.fetch(toRequest(ORIGIN, interaction.request))));
  }, 120_000);

  it('answers every request as the reference does, but for the deliberate differences', () => {
    const lines = interactions.flatMap((i) => unexplained(i, answers.get(i.request.id)!));
    expect(lines, `${lines.length} unexplained differences:\n${lines.slice(0, 40).join('\n')}`).toEqual([]);
  });

  it('differs, on every deliberate difference, as the list says (no entry outlives its difference)', () => {
    const results = interactions.map((interaction) => ({ interaction, actual: answers.get(interaction.request.id)! }));
    const used = new Set<AllowedDifference>();
    for (const { interaction, actual } of results)
      for (const d of compareAnswers(interaction.response, actual)) {
        const entry = allowedBy(deliberate, interaction.request.id, d);
        if (entry) used.add(entry);
      }
    expect(deliberate.filter((entry) => !used.has(entry)).map((e) => `${e.request} (${e.field})`)).toEqual([]);
    // The figures npm run conformance:compare prints, over the same results.
    const agreement = agreementOf(results, deliberate);
    expect(agreement.validExamplesBoth200).toBe(agreement.validExamples);
  });
});

describe('the doors agree with the cassettes on a sample', () => {
  describe('over HTTP (the mock’s server, stateless, in this process)', () => {
    let running: RunningMock;
    beforeAll(async () => {
      running = await startMock({ stateless: true, port: 0, log: new PassThrough() });
    });
    afterAll(() => running?.close());

    it('answers each interaction of the sample as recorded', async () => {
      const base = running.url;
      const lines: string[] = [];
      for (const interaction of sample) {
        const { request } = interaction;
        const answer = await rawRequest(base, {
          method: request.method,
          path: request.path,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: bodyBytes(request.body) }),
        });
        if (isFailure(answer)) throw new Error(`${request.id}: ${answer.failure}`);
        const contentType = answer.headers['content-type'];
        lines.push(
          ...unexplained(interaction, {
            status: answer.status,
            headers: contentType === undefined ? {} : { 'content-type': contentType },
            body: parsed(answer.body),
          }),
        );
      }
      expect(lines).toEqual([]);
    });
  });

  describe('through MSW', () => {
    const server = setupServer();
    beforeAll(async () => {
      server.use(...mswHandlers(ORIGIN, await createMock({ stateless: true })));
      server.listen({ onUnhandledRequest: 'error' });
    });
    afterAll(() => server.close());

    it('answers the sample as the reference does', async () => {
      const lines: string[] = [];
      for (const interaction of sample)
        lines.push(...unexplained(interaction, await answerOf(await fetch(toRequest(ORIGIN, interaction.request)))));
      expect(lines).toEqual([]);
    });
  });
});

describe('the deliberate differences', () => {
  /** The rows of the table under "Where the mock differs from FastAPI": request and field, from their code spans. */
  function tableRows(): { request: string; field: string }[] {
    const doc = readFileSync(new URL('docs/mock.md', root), 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith('Where the mock differs from FastAPI'));
    if (!section) throw new Error('docs/mock.md has no section "Where the mock differs from FastAPI"');
    return section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const [request, field] = line
          .split(' | ')
          .slice(0, 2)
          .map((cell) => /`([^`]+)`/.exec(cell)?.[1] ?? '');
        return { request: request!, field: field! };
      });
  }

  it('are the table of docs/mock.md, row for row', () => {
    expect(tableRows()).toEqual(deliberate.map(({ request, field }) => ({ request, field })));
  });

  it('each name a request of the cassettes, a field and a reason', () => {
    for (const entry of deliberate) {
      expect(['status', 'content-type', 'items', 'body']).toContain(entry.field);
      expect(entry.reason.length).toBeGreaterThan(10);
      expect(
        interactions.some((i) =>
          allowedBy([entry], i.request.id, { field: entry.field, kind: '', expected: 0, actual: 0 }),
        ),
        entry.request,
      ).toBe(true);
    }
  });
});
