// The loud fallbacks (src/mock/common/fallbacks.ts) called in-process: each is counted, logged as
// a warning with the request, and named for the answer.
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { Fallbacks } from '../../../../src/mock/common/fallbacks.js';
import { logDestination, logFilter, type Logger } from '../../../../src/mock/prism/log.js';

describe('fallbacks: counted, logged as a warning with the request, named for the answer', () => {
  it('each fire counts its kind, logs "<kind>: <message>" as a FALLBACK warning with the request\'s method and path, and returns the kind', () => {
    const logged: [string, object, string][] = [];
    const logger: Logger = {
      info: (f, m) => void logged.push(['info', f, m]),
      warn: (f, m) => void logged.push(['warn', f, m]),
      error: (f, m) => void logged.push(['error', f, m]),
    };
    const fallbacks = new Fallbacks(logger);
    expect(fallbacks.report()).toEqual({ total: 0, fallbacks: {} });
    const put = { method: 'put', url: { path: '/v2/things' } };
    const post = { method: 'post', url: { path: '/v2/other' } };
    expect(fallbacks.fire('example', 'no reflection, sending the example', put)).toBe('example');
    expect(fallbacks.fire('prism-response', 'could not adapt', put)).toBe('prism-response');
    expect(fallbacks.fire('example', 'again', post)).toBe('example');
    expect(fallbacks.report()).toEqual({ total: 3, fallbacks: { example: 2, 'prism-response': 1 } });
    expect(logged).toEqual([
      ['warn', { name: 'FALLBACK', input: put }, 'example: no reflection, sending the example'],
      ['warn', { name: 'FALLBACK', input: put }, 'prism-response: could not adapt'],
      ['warn', { name: 'FALLBACK', input: post }, 'example: again'],
    ]);
  });

  it("its line in the mock's log names the request", () => {
    const written: string[] = [];
    const logger = loadPrism().createLogger(
      'HTTP SERVER',
      { level: 'warn', hooks: logFilter(new Set()) },
      logDestination({ write: (text: string) => void written.push(text) }),
    );
    new Fallbacks(logger).fire('example', 'sending the example', { method: 'put', url: { path: '/v2/things' } });
    expect(written).toEqual(['mock: warn [FALLBACK] PUT /v2/things example: sending the example\n']);
  });
});
