// The mock's log (src/mock/prism/log.ts) called in-process, with Prism's own logger: no credential
// and no body in any line; each line as a user of the mock reads it.
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { credentialHeadersOf, logDestination, logFilter, type Logger } from '../../../../src/mock/prism/log.js';
import { type Document } from '../../../../src/mock/prism/spec.js';

describe('log: no credential and no body in any line', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      securitySchemes: {
        ao: { type: 'apiKey', in: 'header', name: 'Service-AO-API-Key' },
        classic: { type: 'apiKey', in: 'header', name: 'Service-API-Key' },
        inQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  } as unknown as Document;

  it("credential headers: Authorization, Proxy-Authorization, Cookie and the spec's API-key headers, lower-cased", () => {
    expect(credentialHeadersOf(document)).toEqual(
      new Set(['authorization', 'proxy-authorization', 'cookie', 'service-ao-api-key', 'service-api-key']),
    );
    expect(credentialHeadersOf({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })).toEqual(
      new Set(['authorization', 'proxy-authorization', 'cookie']),
    );
  });

  /** Prism's logger as the mock builds it (pipeline.ts), writing to `lines`. */
  function prismLogger(level: string) {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const logger = loadPrism().createLogger(
      'HTTP SERVER',
      { level, hooks: logFilter(credentialHeadersOf(document)) },
      logDestination(out),
    ) as unknown as Logger & { debug(message: string): void; child(bindings: object): Logger };
    return { logger, lines };
  }
  const requireFromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json'));
  const prismLog = requireFromPrism('./dist/utils/logger.js') as {
    logRequest(args: { logger: unknown; prefix?: string; headers?: object; body?: unknown }): void;
  };

  it("Prism's debug lines of a request: header values of credentials replaced, the body withheld, other headers kept", () => {
    const { logger, lines } = prismLogger('debug');
    const secret = {
      key: 'ao-secret-4f1e',
      classic: 'classic-secret-77aa',
      bearer: 'bearer-secret-0b9c',
      cookie: 'session=cookie-secret-3d2f',
      password: 'password-secret-e51c',
    };
    prismLog.logRequest({
      logger,
      prefix: '< ',
      headers: {
        'service-ao-api-key': secret.key,
        'Service-API-Key': secret.classic,
        authorization: `Bearer ${secret.bearer}`,
        cookie: secret.cookie,
        'content-type': 'application/json',
        'x-note': 'a\tb: c',
      },
      body: { email: 'a@example.com', password: secret.password },
    });
    const text = lines.join('\n');
    for (const value of Object.values(secret)) expect(text).not.toContain(value);
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tservice-ao-api-key: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tService-API-Key: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tauthorization: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tcookie: [redacted]');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tcontent-type: application/json');
    expect(lines).toContain('mock: debug [HTTP SERVER] < \tx-note: a\tb: c');
    expect(lines).toContain('mock: debug [HTTP SERVER] < Body: [withheld]');
  });

  it('a merging object keeps its name and the request line only: never its headers or body', () => {
    const { logger, lines } = prismLogger('info');
    logger.warn(
      {
        name: 'VALIDATOR',
        input: {
          method: 'put',
          url: { path: '/v2/things', query: { key: 'query-secret' } },
          headers: { authorization: 'Bearer s3cret' },
          body: { password: 'p4ss' },
        },
      },
      'Violation: request.query.key deprecated',
    );
    logger.info({ input: { method: 'get' } }, 'no path');
    logger.info({ other: 'dropped' }, 'no name');
    expect(lines).toEqual([
      'mock: warn [VALIDATOR] PUT /v2/things Violation: request.query.key deprecated',
      'mock: info [HTTP SERVER] GET  no path',
      'mock: info [HTTP SERVER] no name',
    ]);
  });

  it("the filter's hook: a body withheld also in colour, strings other than header and body lines, null and numbers pass as they are", () => {
    const hook = logFilter(new Set(['authorization']));
    const seen: unknown[][] = [];
    const grey = (text: string) => `\u001b[90m${text}\u001b[39m`;
    hook.logMethod(
      [
        'plain message',
        null,
        7,
        '\tAuthorization : x',
        'no tab: authorization: y',
        '<\tauthorization: v\tw',
        `${grey('> ')}${grey('Body:')} {"access_token":"t0ken"}`,
        'Body:none',
        '<\tx-note: Body: kept',
        'a\tb\tauthorization: kept',
      ],
      (...args: unknown[]) => void seen.push(args),
    );
    expect(seen).toEqual([
      [
        'plain message',
        null,
        7,
        '\tAuthorization : [redacted]',
        'no tab: authorization: y',
        '<\tauthorization: [redacted]',
        `${grey('> ')}${grey('Body:')} [withheld]`,
        'Body:none',
        '<\tx-note: Body: kept',
        'a\tb\tauthorization: kept',
      ],
    ]);
  });

  it("the filter's hook: of a merging object only its name and the request's method and path reach pino, and no name key when it has none", () => {
    const hook = logFilter(new Set(['authorization']));
    const logged: unknown[][] = [];
    const log = (...args: unknown[]) => void logged.push(args);
    const deep = { a: { b: { c: { d: 'deep' } } } };
    hook.logMethod(
      [
        {
          name: 'HTTP SERVER',
          input: {
            method: 'post',
            url: { path: '/v2/login/social', query: { key: 'query-secret' } },
            headers: { authorization: 'Bearer s3cret' },
            body: deep,
          },
          extra: 1,
        },
        'request',
      ],
      log,
      30,
    );
    hook.logMethod([{ input: { method: 'get' }, headers: { cookie: 'c=1' } }, 'no name, no url'], log, 30);
    hook.logMethod([{ other: 'dropped' }], log, 30);
    expect(logged).toStrictEqual([
      [{ name: 'HTTP SERVER', input: { method: 'post', url: { path: '/v2/login/social' } } }, 'request'],
      [{ input: { method: 'get', url: { path: undefined } } }, 'no name, no url'],
      [{}],
    ]);
    expect(Object.keys((logged[1] as [object])[0])).toEqual(['input']);
  });

  it("the filter's hook drops Prism's one error line per violation before it is serialized (the 422 carries them) and writes its warning per invalid request at info; other warnings and errors stay", () => {
    const hook = logFilter(new Set());
    const logged: unknown[][] = [];
    const log = (...args: unknown[]) => void logged.push(args);
    const infos: unknown[][] = [];
    const logger = { info: (...args: unknown[]) => void infos.push(args) };
    hook.logMethod.call(logger, [{ name: 'VALIDATOR' }, 'Request body must have required property model'], log, 50);
    hook.logMethod.call(logger, [{ name: 'VALIDATOR' }, 'Request did not pass the validation rules'], log, 40);
    hook.logMethod.call(logger, [{ name: 'VALIDATOR' }, 'Violation: request.query.q deprecated'], log, 40);
    hook.logMethod.call(logger, [{ name: 'FALLBACK' }, 'Request did not pass the validation rules'], log, 40);
    hook.logMethod.call(logger, [{ name: 'HTTP SERVER' }, 'mock failure'], log, 50);
    hook.logMethod.call(logger, ['an error with no merging object'], log, 50);
    hook.logMethod.call(logger, [], log, 50);
    expect(infos).toEqual([[{ name: 'VALIDATOR' }, 'Request did not pass the validation rules']]);
    expect(logged).toEqual([
      [{ name: 'VALIDATOR' }, 'Violation: request.query.q deprecated'],
      [{ name: 'FALLBACK' }, 'Request did not pass the validation rules'],
      [{ name: 'HTTP SERVER' }, 'mock failure'],
      ['an error with no merging object'],
      [],
    ]);
  });

  it("Prism's warning per invalid request: a line at info and below, none at warn (the default)", () => {
    for (const [level, want] of [
      ['warn', []],
      ['info', ['mock: info [VALIDATOR] Request did not pass the validation rules']],
      ['debug', ['mock: info [VALIDATOR] Request did not pass the validation rules']],
    ] as const) {
      const { logger, lines } = prismLogger(level);
      logger.warn({ name: 'VALIDATOR' }, 'Request did not pass the validation rules');
      expect(lines, level).toEqual(want);
    }
  });

  it('the destination: one "mock: <level> [<name>] <METHOD path> <message>" line per entry', () => {
    const written: string[] = [];
    const destination = logDestination({ write: (text: string) => void written.push(text) });
    const entry = (fields: object) => destination.write(JSON.stringify(fields));
    entry({ level: 10, name: 'A', msg: 'trace' });
    entry({ level: 20, name: 'A', msg: 'debug' });
    entry({ level: 30, msg: 'info, no name' });
    entry({ level: 32, name: 'A', msg: 'success' });
    entry({ level: 40, name: 'A', input: { method: 'patch', url: { path: '/v2/x' } }, msg: 'warn' });
    entry({ level: 50, name: 'HTTP SERVER', msg: 'error' });
    entry({ level: 60, name: 'A', msg: 'fatal' });
    entry({ level: 35, name: 'A', msg: 'a level of its own' });
    entry({ level: 30, name: 'A' });
    entry({ level: 30, name: 'A', input: { method: 'get', url: {} }, msg: 'no path' });
    entry({ level: 30, name: 'A', input: { method: 'get' }, msg: 'no url' });
    entry({ level: 40, name: 'VALIDATOR', msg: 'Request did not pass the validation rules' });
    destination.write('not JSON\n');
    expect(written).toEqual([
      'mock: trace [A] trace\n',
      'mock: debug [A] debug\n',
      'mock: info [PRISM] info, no name\n',
      'mock: success [A] success\n',
      'mock: warn [A] PATCH /v2/x warn\n',
      'mock: error [HTTP SERVER] error\n',
      'mock: fatal [A] fatal\n',
      'mock: 35 [A] a level of its own\n',
      'mock: info [A] \n',
      'mock: info [A] GET  no path\n',
      'mock: info [A] GET  no url\n',
      'mock: warn [VALIDATOR] Request did not pass the validation rules\n',
      'not JSON\n',
    ]);
  });
});
