// What the pipeline (src/mock/pipeline.ts) does for every door: the 10 MB body limit, and a body of
// 1 MiB or more answered in slices, other requests answered between them.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nodeHost } from '../../../src/mock/host.js';
import { createPipeline } from '../../../src/mock/pipeline.js';
import { bodyTooLarge, MAX_BODY } from '../../../src/mock/request/read-body.js';
import { MIB, USERS, post, userOfSize } from '../../support/door-requests.js';
import { createTestMock } from '../../support/in-process.js';

describe('the body limit: 10 MB', () => {
  it('a body of exactly 10 MB is answered; one byte more is the 413', async () => {
    const mock = await createTestMock();
    const exactly = await mock.fetch(USERS, post(userOfSize(MAX_BODY)));
    expect(exactly.status).toBe(200);
    expect(((await exactly.json()) as { first_name: string }).first_name).toHaveLength(
      MAX_BODY - JSON.stringify({ email: 'big@example.org', first_name: '' }).length,
    );
    const over = await mock.fetch(USERS, post(userOfSize(MAX_BODY + 1)));
    expect([over.status, await over.text()]).toEqual([413, bodyTooLarge().body]);
    expect(mock.received.map((r) => r.status)).toEqual([200, 413]);
  });

  it('the pipeline answers 413 to a body past the limit that a door hands over whole', async () => {
    const pipeline = await createPipeline({ log: new PassThrough(), logLevel: 'silent' }, nodeHost());
    const reply = await pipeline.answer({
      method: 'POST',
      target: '/v2/system_users',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(userOfSize(MAX_BODY + 1)),
    });
    expect(reply).toMatchObject({ status: 413, body: bodyTooLarge().body });
  });
});

describe('a body of 1 MiB or more is answered in slices: other requests are answered in between', () => {
  /** Sends `big`, then, once it is being answered, `count` small requests one after the other; the order the answers came in. */
  async function race(mock: Awaited<ReturnType<typeof createTestMock>>, big: string, count: number): Promise<string[]> {
    const order: string[] = [];
    const bigAnswer = mock.fetch(USERS, post(big)).then((answer) => {
      order.push('big');
      return answer;
    });
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < count; i++) {
      const answer = await mock.fetch(USERS, post(JSON.stringify({ email: `small${i}@example.org` })));
      expect(answer.status).toBe(200);
      order.push(`small${i}`);
    }
    expect((await bigAnswer).status).toBe(200);
    return order;
  }

  it('requests a client sends one after the other while a 4 MB body is answered are all answered before it', async () => {
    const mock = await createTestMock();
    expect(await race(mock, userOfSize(4 * MIB), 5)).toEqual(['small0', 'small1', 'small2', 'small3', 'small4', 'big']);
    // What the mock received, in the order it answered.
    expect(mock.received.map((r) => r.bodyBytes)).toEqual([30, 30, 30, 30, 30, 4 * MIB]);
  });

  it('from exactly 1 MiB on', async () => {
    const mock = await createTestMock();
    expect(await race(mock, userOfSize(MIB), 1)).toEqual(['small0', 'big']);
  });

  it('a body just under 1 MiB, of 1 MiB and just over gets the same answer', async () => {
    const mock = await createTestMock({ stateless: true });
    const answers: unknown[] = [];
    for (const size of [MIB - 1, MIB, MIB + 1]) {
      const answer = await mock.fetch(USERS, post(userOfSize(size)));
      const body = (await answer.json()) as { first_name: string };
      answers.push([answer.status, { ...body, first_name: body.first_name.length - size }]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(mock.received.map((r) => [r.status, r.bodyBytes])).toEqual([
      [200, MIB - 1],
      [200, MIB],
      [200, MIB + 1],
    ]);
  });
});
