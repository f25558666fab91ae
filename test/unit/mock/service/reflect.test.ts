// The mock's reflection (src/mock/service/reflect.ts) called in-process, without a socket, on what it does
// for any operation: built as src/mock/pipeline.ts builds it (the bundled spec, the pydantic validator
// with Prism's formats), one reflector answers request after request, an example that is not an
// object is sent as it is, what is saved gets its schema defaults, and the echo follows whatever spec
// the mock serves. Each operation's answer is tested with its rules, in test/unit/rules/<operation>.test.ts.
// (test/process/mock.test.ts and test/process/real-clients.test.ts go through HTTP.)
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { createValidator } from '../../../../src/mock/service/pydantic.js';
import { createReflector } from '../../../../src/mock/service/reflect.js';
import { type Operation, Spec } from '../../../../src/mock/prism/spec.js';
import {
  example,
  fresh,
  MAX_RESULTS,
  operation,
  OTHER,
  PROJECT,
  reflect,
  RUN,
  TEMPLATE,
} from '../../../support/rules.js';

describe('any operation', () => {
  it('an example that is not an object (a spec may name any value) is sent as it is', () => {
    for (const id of ['updateAnnotationTemplate', 'putSignalsConfiguration', 'createOrVerifyUser']) {
      expect(
        reflect(
          id,
          { project_id: PROJECT, run_id: RUN, template_id: TEMPLATE },
          { name: 'n', model: 'm', email: 'e' },
          'not an object',
        ),
      ).toBe('not an object');
      expect(
        reflect(
          id,
          { project_id: PROJECT, run_id: RUN, template_id: TEMPLATE },
          { name: 'n', model: 'm', email: 'e' },
          null,
        ),
      ).toBe(null);
    }
  });

  it('one reflector answers request after request, each operation its own way', () => {
    const reflector = fresh();
    const ask = (id: string, pathParams: Record<string, string>, body: unknown) =>
      reflector.reflect(operation(id), { pathParams, body, text: JSON.stringify(body) }, example(id)) as any;
    for (const round of [1, 2]) {
      expect(
        ask('updateAnnotationTemplate', { project_id: PROJECT, template_id: OTHER }, { name: `n${round}` }),
      ).toEqual({ ...example('updateAnnotationTemplate'), id: OTHER, name: `n${round}` });
      expect(
        ask('putSignalsConfiguration', { project_id: PROJECT, run_id: RUN }, { model: `m${round}` }).data
          .scheduled_runs_enabled,
      ).toBe(false);
    }
  });
});

describe('withDefaults (what is saved: the request with its schema defaults)', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  it('through unions, lists and nested objects, in the schema order, other keys after', () => {
    expect(fresh().withDefaults(undefined, { a: 1 })).toEqual({ a: 1 });
    const list = fresh().withDefaults({ type: 'array', items: ref('SignalSchedule') }, [
      { cron: 'c', extra: 1 },
      { interval_hours: 2 },
      'x',
    ]);
    expect(JSON.stringify(list)).toBe(
      '[{"type":"CRON","cron":"c","timezone":"UTC","extra":1},{"type":"INTERVAL","interval_hours":2,"timezone":"UTC"},"x"]',
    );
    expect(fresh().withDefaults({ type: 'array', items: [ref('SignalSchedule')] }, [{ cron: 'c' }])).toEqual([
      { cron: 'c' },
    ]);
    expect(fresh().withDefaults(ref('ScorerConfiguration'), {})).toEqual({
      model_alias: 'gpt-4.1-mini',
      num_judges: 3,
      output_type: 'boolean',
      cot_enabled: false,
      ground_truth: false,
    });
    expect(fresh().withDefaults(ref('SignalsUserPreferences'), 'text')).toEqual('text');
  });

  it('a default next to a $ref wins over the target’s; an object default is a fresh copy each time', () => {
    const schema = {
      type: 'object',
      properties: {
        tz: { ...ref('CronSignalSchedule'), default: { cron: 'd' } },
        plain: { default: [1] },
        none: { type: 'string' },
      },
    };
    const first = fresh().withDefaults(schema, {}) as any;
    expect(first).toEqual({ tz: { cron: 'd' }, plain: [1] });
    first.tz.cron = 'changed';
    first.plain.push(2);
    expect(fresh().withDefaults(schema, {})).toEqual({ tz: { cron: 'd' }, plain: [1] });
    expect(fresh().withDefaults({ properties: { n: { default: null } } }, {})).toEqual({ n: null });
  });
});

describe('the echo on another spec (its rules come from whatever spec the mock serves)', () => {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const thing = (operationId: string) => ({
    operationId,
    requestBody: json({ $ref: '#/components/schemas/ThingPut' }),
    responses: { '200': json({ $ref: '#/components/schemas/Thing' }) },
  });
  const fields = {
    label: { type: 'string' },
    shape: { type: 'object' },
    partial: { type: 'object', properties: { x: { default: 1 }, y: { type: 'string' } } },
    full: { type: 'object', properties: { x: { default: 1 } } },
    either: { type: ['string', 'null'] },
    mixed: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  };
  const other = new Spec({
    paths: {
      '/groups/{group_id}/things/{thing_id}/tags/{slug}': { put: thing('putThing'), post: thing('postThing') },
      '/bare': { post: { operationId: 'bare', responses: { '200': { description: 'no body' } } } },
    },
    components: {
      schemas: {
        ThingPut: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
        A: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { const: 'a' }, size: { type: 'integer' }, ...fields },
        },
        B: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { const: 'b' }, size: { type: 'integer', default: 7 } },
        },
        Thing: {
          type: 'object',
          required: ['label'],
          properties: { id: { type: 'string' }, kind: { type: 'string' }, size: { type: 'integer' }, ...fields },
        },
      },
    },
  });
  const reflector = () => createReflector(other, createValidator(other, loadPrism().formats), MAX_RESULTS);
  const stored = {
    id: 'example-id',
    kind: 'b',
    size: 1,
    label: 'old',
    shape: { s: 1 },
    partial: { x: 2 },
    full: { x: 3 },
    either: 'e',
    mixed: 4,
    maybe: 'm',
  };
  const path = { group_id: 'g', thing_id: 't', slug: 's' };
  const send = (id: string, body: unknown, response: unknown = stored): any =>
    reflector().reflect(
      other.operation(id) as Operation,
      { pathParams: path, body, text: '' },
      structuredClone(response),
    );

  it('PUT: a default from any branch, null, the defaults of an object whose fields all have one; otherwise the example’s', () => {
    expect(send('putThing', { kind: 'a' })).toEqual({
      id: 'example-id',
      kind: 'a',
      size: 7,
      label: 'old',
      shape: { s: 1 },
      partial: { x: 2 },
      full: { x: 1 },
      either: null,
      mixed: 4,
      maybe: null,
    });
  });

  it('POST: a field the response requires stays when not sent; a null only a null branch of a union carries', () => {
    expect(send('postThing', { kind: 'a', mixed: null, maybe: null })).toEqual({
      id: 'example-id',
      kind: 'a',
      label: 'old',
      maybe: null,
    });
  });

  it('the last path parameter is the resource acted on only when it is an `…_id`', () => {
    expect(send('postThing', { kind: 'b' }).id).toBe('example-id');
  });

  it('an operation without request or response schema: the example as it is', () => {
    expect(send('bare', { a: 1 }, { b: 2 })).toEqual({ b: 2 });
  });
});
