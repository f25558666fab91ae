// What the rules modules share (src/rules/support.ts): a key of one's own, a value shown in a
// check's message, JSON equality with UUIDs compared by value, a probe made from a sample, and the
// store of a project's records with its checks of an initial state.
import { describe, expect, it } from 'vitest';
import { edited, has, projectRecords, same, show } from '../../../src/rules/support.js';

it('has: a key of the object itself, not of its prototype', () => {
  expect(has({ a: 1 }, 'a')).toBe(true);
  expect(has({ a: undefined }, 'a')).toBe(true);
  expect(has({ a: 1 }, 'b')).toBe(false);
  expect(has({}, 'toString')).toBe(false);
});

it('show: JSON text, and "absent" for a missing value', () => {
  expect(show(undefined)).toBe('absent');
  expect(show(null)).toBe('null');
  expect(show('x')).toBe('"x"');
  expect(show({ a: [1, true] })).toBe('{"a":[1,true]}');
});

it('same: equal JSON values; strings naming the same UUID are equal in any form pydantic reads', () => {
  const uuid = '0b6c1a5e-3f1d-4c2e-9a7b-1d2e3f4a5b6c';
  expect(same({ a: [1, 'x'] }, { a: [1, 'x'] })).toBe(true);
  expect(same({ a: 1 }, { a: 2 })).toBe(false);
  expect(same(uuid, uuid.toUpperCase())).toBe(true);
  expect(same({ id: uuid }, { id: `{${uuid}}` })).toBe(true);
  expect(same(uuid, uuid.replaceAll('-', ''))).toBe(true);
  expect(same(uuid, `urn:uuid:${uuid}`)).toBe(true);
  expect(same(uuid, uuid.replace('0b6c', '0b6d'))).toBe(false);
  expect(same('ABC', 'abc')).toBe(false);
  expect(same(uuid, 1)).toBe(false);
});

it("edited: a probe with a copy of the sample's body changed, the sample untouched; none for a body that is not an object", () => {
  const sample = { path: { project_id: 'p' }, body: { name: 'a', tags: ['x'] } };
  const probe = edited(sample, 'no name', (body) => {
    delete body.name;
    (body.tags as string[]).push('y');
  });
  expect(probe).toEqual({ label: 'no name', request: { path: { project_id: 'p' }, body: { tags: ['x', 'y'] } } });
  expect(sample.body).toEqual({ name: 'a', tags: ['x'] });
  expect(edited({ path: {}, body: [1] }, 'list', () => undefined)).toBeUndefined();
  expect(edited({ path: {}, body: undefined }, 'none', () => undefined)).toBeUndefined();
});

describe('projectRecords', () => {
  const store = projectRecords('templates');

  it('is named, and loads an initial state as [key, record] pairs of a copy', () => {
    expect(store.name).toBe('templates');
    const initial = { 'p1/t1': { n: 1 }, 'p1/t2': { n: 2 } };
    const loaded = [...store.load(initial)];
    expect(loaded).toEqual([
      ['p1/t1', { n: 1 }],
      ['p1/t2', { n: 2 }],
    ]);
    expect(loaded[0]?.[1]).not.toBe(initial['p1/t1']);
  });

  it('checks an initial state: an object keyed "project_id/…_id" of objects, each fault named', () => {
    expect(store.check({})).toBeUndefined();
    expect(store.check({ 'p/t': {} })).toBeUndefined();
    expect(store.check([])).toBe('"templates" must be an object keyed by "project_id/…_id"');
    expect(store.check(null)).toBe('"templates" must be an object keyed by "project_id/…_id"');
    for (const key of ['p', 'p/t/u', '/t', 'p/'])
      expect(store.check({ [key]: {} }), key).toBe(`templates key "${key}" must be "project_id/…_id"`);
    expect(store.check({ 'p/t': {}, 'p/u': 3 })).toBe('templates["p/u"] must be an object');
  });
});
