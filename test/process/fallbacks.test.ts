// The mock's fallbacks (Prism's answer sent when the layer's own fails) stay for users, but are
// loud: each is counted at GET /__mock/fallbacks, logged as a warning and named in the answer's
// X-Mock-Fallback header, and a test mock that fell back fails the test that stops it (the
// suite's shared mock fails the run). This fixture spec makes the echo break its own response
// schema, which no input through the real spec can do.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestMock } from '../support/in-process.js';
import { FallbackError } from '../support/mock-process.js';

const spec = fileURLToPath(new URL('../fixtures/mock/reflection-breaks-response.json', import.meta.url));

describe('a fallback is loud', () => {
  it('counted, logged, named in the answer, and the mock that fell back fails its stop', async () => {
    const mock = await startTestMock({ spec });
    let stopped: unknown;
    try {
      const post = (name: string) =>
        fetch(`${mock.baseUrl}/v2/things`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
      const fine = await post('ab');
      expect(await fine.json()).toEqual({ name: 'ab' });
      expect(fine.headers.get('x-mock-fallback')).toBeNull();
      expect(await (await fetch(`${mock.baseUrl}/__mock/fallbacks`)).json()).toEqual({ total: 0, fallbacks: {} });

      const broken = await post('abcdef');
      expect(broken.status).toBe(200);
      expect(await broken.json()).toEqual({ name: 'abc' });
      expect(broken.headers.get('x-mock-fallback')).toBe('example');
      expect(await (await fetch(`${mock.baseUrl}/__mock/fallbacks`)).json()).toEqual({
        total: 1,
        fallbacks: { example: 1 },
      });
      expect(mock.log()).toMatch(
        /warn \[FALLBACK\] .*example: the reflected response is not valid, sending the example/,
      );
    } finally {
      stopped = await mock.stop().catch((error: unknown) => error);
    }
    expect(stopped).toBeInstanceOf(FallbackError);
    expect((stopped as FallbackError).fired).toEqual({ total: 1, fallbacks: { example: 1 } });
    expect((stopped as Error).message).toMatch(/^the mock fell back 1 time\(s\): \{"example":1\}\n.*\[FALLBACK\]/);
  });
});
