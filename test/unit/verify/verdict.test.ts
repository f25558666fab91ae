// The 422 locator (src/verify/verdict.ts), on answers built here: whether a 422 names the field a
// request broke, by detail[].loc (union branch names skipped), by the enclosing object's message or
// context, or by Prism's sl-violations header, and what each source said.
import { describe, expect, it } from 'vitest';
import { naming, slViolations } from '../../../src/verify/verdict.js';

describe('naming: does a 422 name the field?', () => {
  const sent = (body: unknown, violations?: unknown) => ({
    status: 422,
    headers: new Headers(
      violations === undefined
        ? {}
        : { 'sl-violations': typeof violations === 'string' ? violations : JSON.stringify(violations) },
    ),
    body,
  });
  const detail = (...items: { loc: (string | number)[]; msg?: string; ctx?: unknown }[]) => ({
    detail: items.map((i) => ({ msg: 'm', type: 't', ...i })),
  });

  it('by detail[].loc: where the request part and the field path match', () => {
    expect(
      naming(sent(detail({ loc: ['body', 'schedule', 0, 'cron'] })), 'body', [{ path: ['schedule', 0, 'cron'] }])
        .sources,
    ).toEqual(['detail']);
    expect(
      naming(sent(detail({ loc: ['body', 'schedule', '0', 'cron'] })), 'body', [{ path: ['schedule', 0, 'cron'] }])
        .sources,
    ).toEqual(['detail']);
    expect(naming(sent(detail({ loc: ['path', 'schedule'] })), 'body', [{ path: ['schedule'] }]).sources).toEqual([]);
    expect(
      naming(sent(detail({ loc: ['body', 'schedule'] })), 'body', [{ path: ['schedule', 'cron'] }]).sources,
    ).toEqual([]);
    expect(
      naming(sent(detail({ loc: ['body', 'schedule', 'cron'] })), 'body', [{ path: ['schedule'] }]).sources,
    ).toEqual([]);
    expect(naming(sent(detail({ loc: ['path', 'project_id'] })), 'path', [{ path: ['project_id'] }]).sources).toEqual([
      'detail',
    ]);
  });

  it('skips the union branch names pydantic puts into loc', () => {
    expect(
      naming(sent(detail({ loc: ['body', 'selector', 'IndexSelector', 'indexes'] })), 'body', [
        { path: ['selector', 'indexes'] },
      ]).sources,
    ).toEqual(['detail']);
    expect(
      naming(sent(detail({ loc: ['body', 'LogStreamSignalsConfigurationPut', 'model'] })), 'body', [
        { path: ['model'] },
      ]).sources,
    ).toEqual(['detail']);
    expect(
      naming(sent(detail({ loc: ['body', 'NotABranch', 'model'] })), 'body', [{ path: ['model'] }]).sources,
    ).toEqual([]);
  });

  it('at the enclosing object, the message or the context must name the property', () => {
    const expected = [{ path: [], mention: 'run_mode' }];
    expect(naming(sent(detail({ loc: ['body'], msg: "missing 'run_mode'" })), 'body', expected).sources).toEqual([
      'detail',
    ]);
    expect(
      naming(sent(detail({ loc: ['body'], msg: 'missing', ctx: { field: 'run_mode' } })), 'body', expected).sources,
    ).toEqual(['detail']);
    expect(naming(sent(detail({ loc: ['body'], msg: 'missing' })), 'body', expected).sources).toEqual([]);
  });

  it('by Prism\'s sl-violations header, the body-level "missing body" included', () => {
    const violation = (location: (string | number)[], message = 'm') => ({ location, code: 'x', message });
    expect(naming(sent({}, [violation(['request', 'body', 'a'])]), 'body', [{ path: ['a'] }]).sources).toEqual([
      'sl-violations',
    ]);
    expect(naming(sent({}, [violation(['request', 'path', 'a'])]), 'body', [{ path: ['a'] }]).sources).toEqual([]);
    expect(naming(sent({}, [violation(['response', 'body', 'a'])]), 'body', [{ path: ['a'] }]).sources).toEqual([]);
    expect(
      naming(sent({}, [violation(['request', 'body'], "must have required property 'a'")]), 'body', [
        { path: [], mention: 'a' },
      ]).sources,
    ).toEqual(['sl-violations']);
    expect(
      naming(sent({}, [violation(['request', 'body'], 'must have required property a')]), 'body', [
        { path: [], mention: 'a' },
      ]).sources,
    ).toEqual([]);
    expect(
      naming(sent({}, [violation(['request'], 'Body parameter is required')]), 'body', [
        { path: [], requestLevel: true },
      ]).sources,
    ).toEqual(['sl-violations']);
    expect(
      naming(sent({}, [violation(['request'], 'Path is wrong')]), 'body', [{ path: [], requestLevel: true }]).sources,
    ).toEqual([]);
    expect(
      naming(sent({}, [violation(['request', 'x'], 'body')]), 'body', [{ path: [], requestLevel: true }]).sources,
    ).toEqual([]);
    expect(
      naming(sent({}, [violation(['request'], 'Body parameter is required')]), 'body', [{ path: [] }]).sources,
    ).toEqual([]);
    expect(
      naming(sent(detail({ loc: ['body', 'a'] }), [violation(['request', 'body', 'a'])]), 'body', [{ path: ['a'] }])
        .sources,
    ).toEqual(['detail', 'sl-violations']);
  });

  it('reports what each source said, and reads a broken or missing header as nothing', () => {
    const named = naming(
      sent({ detail: [{ loc: ['body', 'a'], msg: 'm', type: 't', input: 'secret input' }] }, [
        { location: ['request'], code: 1, message: 'x' },
      ]),
      'body',
      [],
    );
    expect(named).toEqual({
      sources: [],
      said: {
        detail: [{ loc: ['body', 'a'], type: 't', msg: 'm' }],
        violations: [{ location: ['request'], code: 1, message: 'x' }],
      },
    });
    expect(slViolations(new Headers({ 'sl-violations': '{not json' }))).toEqual([]);
    expect(slViolations(new Headers({ 'sl-violations': '' }))).toEqual([]);
    expect(slViolations(new Headers())).toEqual([]);
  });
});
