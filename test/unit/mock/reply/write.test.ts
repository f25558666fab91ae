// The write step (src/mock/reply/write.ts) called in-process: the status, headers and body of every
// kind of outcome, and the fallbacks and cuts no request through the spec reaches (an
// unserializable reflection, an sl-violations header too long for a header).
import { describe, expect, it } from 'vitest';
import type { Prism } from '../../../../src/mock/prism/modules.js';
import { Fallbacks } from '../../../../src/mock/common/fallbacks.js';
import { LimitError } from '../../../../src/mock/common/limits.js';
import type { IHttpRequest, Resource } from '../../../../src/mock/prism/prism-types.js';
import { unauthorizedBody } from '../../../../src/mock/service/translate.js';
import { createWriter } from '../../../../src/mock/reply/write.js';
import { markPythonNumbers } from '../../../../src/mock/service/py-json.js';
import { recording } from '../../../support/mock-steps.js';

describe('write', () => {
  const problems: unknown[] = [];
  const prism = {
    ProblemJsonError: {
      toProblemJson: (error: Error | undefined) => ({ type: 'problem', title: error?.message }),
      fromTemplate: (template: unknown, detail: string, additional: unknown) => {
        problems.push({ template, detail, additional });
        return Object.assign(new Error('violations'), { status: 500, additional: { headers: { 'x-problem': '1' } } });
      },
    },
    problems: { VIOLATIONS: { type: 'VIOLATIONS' } },
  } as unknown as Prism;
  const request = (): IHttpRequest => ({ method: 'put', url: { path: '/v2/things' }, headers: {}, body: {} });

  it("Prism's problem: its status and problem+json; a 401: the accepted credentials; none: 500", () => {
    const { lines, logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const notFound = Object.assign(new Error('Route not resolved'), {
      status: 404,
      additional: { headers: { 'x-h': 'v' } },
    });
    expect(writer.reply({ kind: 'problem', error: notFound, fallbacks: [] }, request())).toEqual({
      status: 404,
      headers: [
        ['x-h', 'v'],
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', 47],
      ],
      body: '{"type":"problem","title":"Route not resolved"}',
    });
    expect(lines).toEqual([
      'error [HTTP SERVER] PUT /v2/things Request terminated with error: Error: Route not resolved',
    ]);
    expect(writer.reply({ kind: 'problem', error: new Error('boom'), fallbacks: [] }, request()).status).toBe(500);
    expect(writer.reply({ kind: 'problem', error: undefined, fallbacks: [] }, request())).toMatchObject({
      status: 500,
      headers: [
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    const noCredential = Object.assign(new Error('no'), {
      status: 401,
      additional: { headers: { 'WWW-Authenticate': 'Bearer' } },
    });
    const unauthorized = writer.reply({ kind: 'problem', error: noCredential, fallbacks: [] }, request());
    expect(unauthorized).toMatchObject({
      status: 401,
      headers: [
        ['WWW-Authenticate', 'Bearer'],
        ['Content-Type', 'application/json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    expect(JSON.parse(unauthorized.body as string)).toEqual(unauthorizedBody(undefined));
    // With the operation it was routed to: the credentials that operation accepts.
    const resource = {
      security: [[{ key: 'APIKeyHeader', type: 'apiKey', in: 'header', name: 'Service-AO-API-Key' }]],
    } as unknown as Resource;
    const named = writer.reply({ kind: 'problem', error: noCredential, resource, fallbacks: [] }, request());
    expect(JSON.parse(named.body as string)).toEqual(unauthorizedBody(resource));
    expect(JSON.parse(named.body as string).accepted_credentials).toEqual([
      { scheme: 'APIKeyHeader', in: 'header', name: 'Service-AO-API-Key', value: '<API key>' },
    ]);
    // A 401 is no error of the mock: not logged.
    expect(lines).toHaveLength(3);
  });

  it('sl-violations of exactly 8 KiB less 100 characters is sent whole; one more is cut', () => {
    const { logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const header = (length: number) => {
      const base = JSON.stringify([{ location: ['request'], severity: 'Hint', code: 'x', message: '' }]).length;
      const reply = writer.reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: {}, body: {} },
          validations: { input: [{ severity: 3, code: 'x', message: 'm'.repeat(length - base) }], output: [] },
          fallbacks: [],
        },
        request(),
      );
      return reply.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
    };
    expect(header(8 * 1024 - 100).startsWith('[{')).toBe(true);
    expect(header(8 * 1024 - 99).startsWith('Too many violations! [{')).toBe(true);
  });

  it('a refusal: its status and body', () => {
    const { logger } = recording();
    const refused = new LimitError('too much', 'max-results', 5);
    expect(
      createWriter({ prism, logger, fallbacks: new Fallbacks(logger) }).reply(
        { kind: 'refused', refused, fallbacks: ['ignored'] },
        request(),
      ),
    ).toEqual({
      status: 413,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(JSON.stringify(refused.body))],
      ],
      body: JSON.stringify(refused.body),
    });
  });

  it("violations: in sl-violations (non-Latin-1 escaped), warnings and hints logged, errors not; a response error becomes Prism's problem", () => {
    const { lines, logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const input = [
      { severity: 0, code: 'type', message: 'must be string – “€” é\u007f', path: ['body', 'a'] },
      { severity: 1, code: 'deprecated', message: 'old', path: ['query', 'q'] },
      { severity: 3, code: 'hint', message: 'hm' },
    ];
    const ok = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { x: 'é' } },
        validations: { input, output: [] },
        fallbacks: [],
      },
      request(),
    );
    const header = ok.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
    expect(header).toBe(
      '[{"location":["request","body","a"],"severity":"Error","code":"type","message":"must be string \\u2013 \\u201c\\u20ac\\u201d \\u00e9\\u007f"},{"location":["request","query","q"],"severity":"Warning","code":"deprecated","message":"old"},{"location":["request"],"severity":"Hint","code":"hint","message":"hm"}]',
    );
    expect(JSON.parse(header)[0].message).toBe(input[0]?.message);
    expect(ok).toMatchObject({ status: 200, body: '{"x":"é"}' });
    expect(ok.headers.at(-1)).toEqual(['Content-Length', 10]);
    expect(lines).toEqual([
      'warn [VALIDATOR] PUT /v2/things Violation: request.query.q old',
      'info [VALIDATOR] PUT /v2/things Violation: request hm',
    ]);

    const outputError = { severity: 0, code: 'required', message: 'missing id', path: ['body'] };
    const failed = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: {}, body: {} },
        validations: { input: [], output: [outputError] },
        fallbacks: [],
      },
      request(),
    );
    expect(failed).toMatchObject({
      status: 500,
      headers: [
        ['sl-violations', expect.stringContaining('"response","body"')],
        ['x-problem', '1'],
        ['Content-Type', 'application/problem+json'],
        ['Content-Length', expect.any(Number)],
      ],
    });
    expect(problems.at(-1)).toEqual({
      template: prism.problems.VIOLATIONS,
      detail:
        'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.',
      additional: {
        validation: [{ location: ['response', 'body'], severity: 'Error', code: 'required', message: 'missing id' }],
      },
    });
    const warnedOutput = writer.reply(
      {
        kind: 'output',
        output: { statusCode: 200, headers: {}, body: {} },
        validations: { input: [], output: [{ ...outputError, severity: 1 }] },
        fallbacks: [],
      },
      request(),
    );
    expect(warnedOutput.status).toBe(200);
  });

  it('the body: JSON unless it is a string under a non-JSON type; none without a body; the headers Prism set, unset ones left out; the fallbacks named', () => {
    const { logger } = recording();
    const writer = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) });
    const reply = (headers: Record<string, unknown>, body: unknown, fallbacks: string[] = []) =>
      writer.reply(
        {
          kind: 'output',
          output: { statusCode: 201, headers: headers as Record<string, string>, body },
          validations: { input: [], output: [] },
          fallbacks,
        },
        request(),
      );
    expect(reply({ 'Content-Type': 'text/plain' }, 'plain')).toMatchObject({ body: 'plain' });
    expect(reply({ 'content-type': 'application/json', 'Content-Type': 'text/csv' }, 'a,b')).toMatchObject({
      body: 'a,b',
    });
    expect(reply({ 'Content-Type': 'application/problem+JSON' }, 'text')).toMatchObject({ body: '"text"' });
    expect(reply({}, 'text')).toMatchObject({ body: 'text' });
    expect(reply({ 'Content-Type': 'application/json', 'X-Note': 'text/plain' }, 'text')).toMatchObject({
      body: '"text"',
    });
    expect(reply({ a: undefined, b: null, c: 0, d: ['1', '2'] }, undefined)).toEqual({
      status: 201,
      headers: [
        ['c', 0],
        ['d', ['1', '2']],
      ],
    });
    expect(reply({}, {}, ['example', 'prism-response']).headers).toEqual([
      ['X-Mock-Fallback', 'example, prism-response'],
      ['Content-Length', 2],
    ]);
    expect(() => reply({}, { big: 1n })).toThrow(/BigInt/);
    // A 422 of the service's (../service/py-json.ts): its items' input written as FastAPI writes it.
    const marked = markPythonNumbers({ detail: [{ type: 't', loc: ['body'], msg: 'm', input: 2 }] }, '2.0');
    expect(reply({ 'Content-Type': 'application/json' }, marked).body).toBe(
      '{"detail":[{"type":"t","loc":["body"],"msg":"m","input":2.0}]}',
    );
  });
});

describe('the fallbacks and cuts no request through the spec reaches (a minimal operation of its own)', () => {
  const data: IHttpRequest = {
    method: 'post',
    url: { path: '/v2/things' },
    headers: { 'content-type': 'application/json' },
    body: { name: 'x' },
  };

  describe('write', () => {
    const prism = {} as Prism; // the paths below use none of Prism's pieces

    it('example-unserializable: a reflected body that cannot be serialized sends the example, loudly', () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reply = createWriter({ prism, logger, fallbacks }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 10n } },
          validations: { input: [], output: [] },
          example: { body: { name: 'example' } },
          fallbacks: [],
        },
        data,
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
      expect(lines[0]).toMatch(
        /^warn \[FALLBACK\] POST \/v2\/things example-unserializable: the reflected response cannot be serialized, sending the example: TypeError/,
      );
    });

    it('a serializable body answers as it is, with no X-Mock-Fallback header', () => {
      const { lines, logger } = recording();
      const fallbacks = new Fallbacks(logger);
      const reply = createWriter({ prism, logger, fallbacks }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: { 'Content-type': 'application/json' }, body: { name: 'sent' } },
          validations: { input: [], output: [] },
          example: { body: { name: 'example' } },
          fallbacks: [],
        },
        data,
      );
      expect(reply).toEqual({
        status: 200,
        headers: [
          ['Content-type', 'application/json'],
          ['Content-Length', 15],
        ],
        body: '{"name":"sent"}',
      });
      expect(fallbacks.report().total).toBe(0);
      expect(lines).toEqual([]);
    });

    it("cuts sl-violations as Prism's HTTP server does, past 8 KiB less 100 characters", () => {
      const { logger } = recording();
      const violations = Array.from({ length: 400 }, (_, i) => ({
        severity: 1,
        code: 'x',
        message: `warning ${i}`,
        path: ['body', `field_${i}`],
      }));
      const reply = createWriter({ prism, logger, fallbacks: new Fallbacks(logger) }).reply(
        {
          kind: 'output',
          output: { statusCode: 200, headers: {}, body: {} },
          validations: { input: violations, output: [] },
          fallbacks: [],
        },
        data,
      );
      const header = reply.headers.find(([name]) => name === 'sl-violations')?.[1] as string;
      expect(
        header.startsWith('Too many violations! [{"location":["request","body","field_0"],"severity":"Warning"'),
      ).toBe(true);
      expect(header.length).toBe('Too many violations! '.length + 8 * 1024 - 100);
    });
  });
});
