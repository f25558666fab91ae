// The mock's stages (src/mock/stages/) called without a socket, for what no request through the
// real spec reaches: the loud fallbacks other than `example` (test/fallbacks.test.ts has that one
// through HTTP), the cut of an sl-violations header too long for a header, and the routing of
// path segments that do not percent-decode.
import { describe, expect, it } from 'vitest';
import type { Prism } from '../src/mock/deps.js';
import { Fallbacks } from '../src/mock/fallbacks.js';
import type { Logger } from '../src/mock/log.js';
import type { IHttpRequest, IHttpResponse, MockResult } from '../src/mock/prism-types.js';
import type { Reflector } from '../src/mock/reflect.js';
import type { Operation } from '../src/mock/spec.js';
import type { Received } from '../src/mock/stages/parse.js';
import { createResponder } from '../src/mock/stages/respond.js';
import { route } from '../src/mock/stages/route.js';
import { createWriter } from '../src/mock/stages/write.js';

function recording(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const at = (level: string) => (_fields: object, message: string) => void lines.push(`${level} ${message}`);
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

const operation: Operation = {
  operationId: 'createThing',
  method: 'post',
  path: '/v2/things',
  parameters: [],
  requestSchema: { type: 'object', properties: { name: { type: 'string', minLength: 3 } } },
  bodyRequired: true,
  responseSchema: undefined,
};
const request = (): Received => ({ query: {}, absent: false, body: { name: 'x' }, text: '{"name":"x"}', unchecked: false });
const data: IHttpRequest = { method: 'post', url: { path: '/v2/things' }, headers: { 'content-type': 'application/json' }, body: { name: 'x' } };
const right = (response: IHttpResponse): MockResult => ({ _tag: 'Right', right: response });
const unusedReflector: Reflector = {
  reflect: () => {
    throw new Error('not reached');
  },
  withDefaults: (_schema, value) => value,
};

describe('route', () => {
  it('re-encodes a segment that does not percent-decode as uvicorn reads it, and keeps every query value', () => {
    expect(route('/v2/projects/%ZZ/runs/%C3%28/x?a=1&a=2&__server=http%3A%2F%2Fup.example')).toEqual({
      kind: 'api',
      path: '/v2/projects/%25ZZ/runs/%EF%BF%BD(/x',
      query: { a: ['1', '2'], __server: 'http://up.example' },
      baseUrl: 'http://up.example',
    });
    expect(route('/__mock/reset?session=a')).toEqual({ kind: 'reset' });
    expect(route('/__mock/fallbacks')).toEqual({ kind: 'fallbacks' });
  });
});

describe('respond: the fallbacks no request through the spec reaches', () => {
  it("prism-violations: Prism's 422 with violations the walker does not find gets them translated, loudly", () => {
    const { lines, logger } = recording();
    const fallbacks = new Fallbacks(logger);
    const respond = createResponder({ translator: { requestDetails: () => [] }, reflector: unusedReflector, state: undefined, fallbacks });
    const received = request();
    const violation = { severity: 0, code: 'minLength', message: 'must NOT have fewer than 3 characters', path: ['body', 'name'] };
    const chosen = { statusCode: 422, headers: { 'Content-type': 'application/json' }, body: { detail: 'Prism' } };
    const { result } = respond(right(chosen), { data, validations: [violation] }, operation, received);
    expect(result).toEqual(right({ ...chosen, body: { detail: [{ type: 'string_too_short', loc: ['body', 'name'], msg: violation.message, input: null }] } }));
    expect(received.fallbacks).toEqual(['prism-violations']);
    expect(fallbacks.report()).toEqual({ total: 1, fallbacks: { 'prism-violations': 1 } });
    expect(lines).toEqual([`warn prism-violations: the walker found nothing Prism reports, sending Prism's violations translated: ${violation.message}`]);
  });

  it("prism-response: a reflection that throws sends Prism's own response, loudly", () => {
    const { lines, logger } = recording();
    const fallbacks = new Fallbacks(logger);
    const reflector: Reflector = {
      ...unusedReflector,
      reflect: () => {
        throw new Error('the echo broke');
      },
    };
    const respond = createResponder({ translator: { requestDetails: () => [] }, reflector, state: undefined, fallbacks });
    const received = request();
    const chosen = right({ statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 'example' } });
    const responded = respond(chosen, { data, validations: [] }, operation, received);
    expect(responded.result).toBe(chosen);
    expect(responded.example).toBeUndefined();
    expect(received.fallbacks).toEqual(['prism-response']);
    expect(lines[0]).toMatch(/^warn prism-response: could not adapt the response, sending Prism's: Error: the echo broke/);
  });
});

describe('write', () => {
  const prism = {} as Prism; // the paths below use none of Prism's pieces

  it('example-unserializable: a reflected body that cannot be serialized sends the example, loudly', () => {
    const { lines, logger } = recording();
    const fallbacks = new Fallbacks(logger);
    const received = request();
    const reply = createWriter({ prism, logger, fallbacks }).reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 10n } },
        validations: { input: [], output: [] },
        example: { body: { name: 'example' } },
      },
      received,
    );
    expect(reply).toEqual({
      status: 200,
      headers: [
        ['Content-type', 'application/json'],
        ['X-Mock-Fallback', 'example-unserializable'],
        ['Content-Length', 18],
      ],
      body: '{"name":"example"}',
    });
    expect(fallbacks.report()).toEqual({ total: 1, fallbacks: { 'example-unserializable': 1 } });
    expect(lines[0]).toMatch(/^warn example-unserializable: the reflected response cannot be serialized, sending the example: TypeError/);
  });

  it('cuts sl-violations as Prism\'s HTTP server does, past 8 KiB less 100 characters', () => {
    const { logger } = recording();
    const violations = Array.from({ length: 400 }, (_, i) => ({ severity: 1, code: 'x', message: `warning ${i}`, path: ['body', `field_${i}`] }));
    const reply = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) }).reply(
      { kind: 'output', output: { statusCode: 200, headers: {}, body: {} }, validations: { input: violations, output: [] } },
      request(),
    );
    const header = reply.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
    expect(header.startsWith('Too many violations! [{"location":["request","body","field_0"],"severity":"Warning"')).toBe(true);
    expect(header.length).toBe('Too many violations! '.length + 8 * 1024 - 100);
  });
});
