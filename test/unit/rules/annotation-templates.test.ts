// The rules of Update Annotation Template (src/rules/annotation-templates.ts) called in-process:
// what a provider must satisfy (its checks), what the mock answers (createReflector) and what it
// remembers across requests (createState), on the exact values a user of the mock reads.
import { describe, expect, it } from 'vitest';
import { createState } from '../../../src/mock/service/state.js';
import { example, keys, OTHER, PROJECT, reflect, request, rule, TEMPLATE, template } from '../../support/rules.js';

describe('annotation_template_returns_update', () => {
  const check = rule('annotation_template_returns_update').check;
  it('the name and criteria sent come back; other fields and absent ones are not judged', () => {
    expect(check(request({ name: 'n', criteria: 'c' }), { name: 'n', criteria: 'c' })).toEqual([]);
    expect(check(request({ name: 'n', criteria: 'c' }), {})).toEqual([]);
    expect(check(request({ name: 'n', criteria: 'c' }), { name: 'm', criteria: null })).toEqual([
      { key: 'name', message: 'name is "m", but the update sent "n"' },
      { key: 'criteria', message: 'criteria is null, but the update sent "c"' },
    ]);
    expect(check(request({ name: null }), { name: 'kept' })).toEqual([]);
    expect(check(request({ other: 'x' }), { other: 'y' })).toEqual([]);
    expect(check(request(null), { name: 'x' })).toEqual([]);
    expect(check(request({ name: 'n' }), null)).toEqual([]);
  });
});

describe('Update Annotation Template (PATCH changes only what it names)', () => {
  const patch = (body: unknown, response?: unknown) =>
    reflect(
      'updateAnnotationTemplate',
      { project_id: PROJECT, template_id: OTHER },
      body,
      response ?? example('updateAnnotationTemplate'),
    );
  const template = example('updateAnnotationTemplate');
  const order = [
    'name',
    'include_explanation',
    'constraints',
    'id',
    'created_at',
    'created_by',
    'position',
    'usage_count',
    'criteria',
  ];

  it('the template acted on is the one of the path; sent fields replace, fields not sent stay the example’s; schema order', () => {
    const out = patch({ criteria: 'new criteria', unknown_field: 1 });
    expect(out).toEqual({ ...template, id: OTHER, criteria: 'new criteria' });
    expect(keys(out)).toEqual(order);
    expect(patch({ name: 'Renamed' })).toEqual({ ...template, id: OTHER, name: 'Renamed' });
  });

  it('a null the response cannot carry is a field not sent', () => {
    expect(patch({ name: null, criteria: null })).toEqual({ ...template, id: OTHER });
  });

  it('an example without the field does not get it from a null', () => {
    const { criteria: _, ...rest } = template;
    const out = patch({ criteria: null }, rest);
    expect(out).toEqual({ ...rest, id: OTHER });
    expect(Object.hasOwn(out, 'criteria')).toBe(false);
  });
});

describe('what the mock remembers', () => {
  it('template PATCH: what a PATCH does not send stays as the previous one left it; what it sends changes', () => {
    const state = createState();
    const first = template(
      state,
      { name: 'Correctness', criteria: 'a' },
      { id: TEMPLATE, name: 'Correctness', criteria: 'a', position: 0 },
    );
    expect(first).toEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'a', position: 0 });
    // The reflection of a partial PATCH carries the example's name: the state keeps the stored one.
    expect(
      template(state, { criteria: 'b' }, { id: TEMPLATE, name: 'Example name', criteria: 'b', position: 0 }),
    ).toEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'b', position: 0 });
    // A field sent that the template does not have (an open body) is not stored.
    expect(
      template(state, { colour: 'red' }, { id: TEMPLATE, name: 'Example name', criteria: 'x', position: 0 }),
    ).toStrictEqual({ id: TEMPLATE, name: 'Correctness', criteria: 'b', position: 0 });
    expect(template(state, { name: 'Other' }, { id: 'other', name: 'Other' }, 'other-template')).toEqual({
      id: 'other',
      name: 'Other',
    });
    expect(state.records).toBe(2);
  });
});
