// The mock's reflection (src/mock/reflect.ts) called in-process, without a socket: per operation of
// the spec, the exact 200 body a user of the mock reads for a request, built as src/mock/server.ts
// builds the reflector (the bundled spec, the pydantic validator with Prism's formats). What the
// request determines comes from it (defaults applied), the rest from the example; a null the
// response cannot carry is a field not sent; lists that multiply are capped at maxResults; keys come in the
// response schema's order; trace IDs are derived, the same request giving the same IDs.
// (test/mock.test.ts and test/real-clients.test.ts go through HTTP.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPrism } from '../../src/mock/deps.js';
import { LimitError } from '../../src/mock/limits.js';
import { createValidator } from '../../src/mock/pydantic.js';
import { createReflector } from '../../src/mock/reflect.js';
import { type Document, type Operation, Spec } from '../../src/mock/spec.js';

const document = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as Document;
const spec = new Spec(document);
const validator = createValidator(spec, loadPrism().formats);
const MAX_RESULTS = 6;
// A reflector per request: each derives what it needs of an operation on its first request.
const fresh = () => createReflector(spec, validator, MAX_RESULTS);

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const SCORER = '3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93';
const OTHER = '11111111-2222-4333-8444-555555555555';
const UUID5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const operation = (id: string): Operation => spec.operation(id) as Operation;
/** The 200 example Prism chooses for an operation (its first named example), as a fresh copy. */
function example(id: string): any {
  const op = operation(id);
  const paths = document.paths as Record<string, Record<string, any>>;
  const examples = paths[op.path]?.[op.method].responses['200'].content['application/json'].examples as Record<string, { value: unknown }>;
  return structuredClone(Object.values(examples)[0]?.value);
}
/** The reflected body of a request, as the responder asks for it (the body as sent is its JSON text). */
function reflect(id: string, pathParams: Record<string, string>, body: unknown, response: unknown = example(id), text = body === undefined ? '' : JSON.stringify(body)): any {
  return fresh().reflect(operation(id), { pathParams, body: body === undefined ? null : body, text }, response);
}
const keys = (value: unknown): string[] => Object.keys(value as object);

describe('Put Signals Configuration (PUT replaces the whole configuration)', () => {
  const put = (body: unknown, run_id = RUN) => reflect('putSignalsConfiguration', { project_id: PROJECT, run_id }, body);
  const saved = example('putSignalsConfiguration').data;
  /** The saved configuration as JSON text (key order included): what a PUT of only `fields` saves, the example's id and timestamps kept. */
  const savedAs = (fields: Record<string, unknown>, ids: Record<string, unknown> = { id: saved.id }) =>
    JSON.stringify({
      data: {
        ...ids,
        ...{ project_id: PROJECT, run_id: RUN, run_mode: 'ON_DEMAND', schedule: null, start_date: null, end_date: null },
        ...{ scheduled_runs_enabled: false, model: 'm', user_preferences: { focus_on: '', dont_focus_on: '' }, notification_severities: [] },
        ...(ids.id === undefined ? {} : { created_at: saved.created_at, updated_at: saved.updated_at }),
        ...fields,
      },
    });

  it('a complete log stream body is echoed in the response schema’s order, the path ids and the example’s id and timestamps kept', () => {
    const body = {
      notification_severities: ['HIGH'],
      model: 'gpt-4o',
      run_mode: 'SCHEDULED',
      schedule: { cron: '*/5 * * * *', timezone: 'Asia/Tokyo', type: 'CRON' },
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      scheduled_runs_enabled: true,
      user_preferences: { dont_focus_on: 'b', focus_on: 'a' },
    };
    expect(JSON.stringify(put(body, OTHER))).toBe(
      savedAs({ ...body, run_id: OTHER, schedule: { type: 'CRON', cron: '*/5 * * * *', timezone: 'Asia/Tokyo' }, user_preferences: { focus_on: 'a', dont_focus_on: 'b' } }),
    );
  });

  it('fields not sent are replaced: defaults, null when nullable, [] for a list, the defaults of an object; the schedule gets its branch defaults', () => {
    const out = put({ model: 'm', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } });
    expect(JSON.stringify(out)).toBe(savedAs({ run_mode: 'SCHEDULED', schedule: { type: 'INTERVAL', interval_hours: 12, timezone: 'UTC' } }));
    const cron = put({ model: 'm', run_mode: 'SCHEDULED', schedule: { cron: '0 6 * * *' }, user_preferences: { dont_focus_on: 'x' } }).data;
    expect(JSON.stringify(cron.schedule)).toBe('{"type":"CRON","cron":"0 6 * * *","timezone":"UTC"}');
    expect(JSON.stringify(cron.user_preferences)).toBe('{"focus_on":"","dont_focus_on":"x"}');
  });

  it('the experiment shape: run_mode ON_DEMAND, nothing scheduled; a sent run_mode is kept', () => {
    const out = put({ model: 'exp', user_preferences: { focus_on: 'f' } });
    expect(JSON.stringify(out)).toBe(savedAs({ model: 'exp', user_preferences: { focus_on: 'f', dont_focus_on: '' } }));
    expect(keys(out.data)).toEqual(keys(saved));
    expect(put({ model: 'm', run_mode: 'SCHEDULED' }).data.run_mode).toBe('SCHEDULED');
  });

  it('a null the response can carry is echoed as null', () => {
    const out = put({ model: 'm', run_mode: 'ON_DEMAND', schedule: null, start_date: null, end_date: '2027-03-01' }).data;
    expect([out.schedule, out.start_date, out.end_date]).toEqual([null, null, '2027-03-01']);
  });

  it('the example Prism chose is not modified', () => {
    const chosen = example('putSignalsConfiguration');
    const before = structuredClone(chosen);
    reflect('putSignalsConfiguration', { project_id: OTHER, run_id: OTHER }, { model: 'x' }, chosen);
    expect(chosen).toEqual(before);
  });

  it('an example without `data` (as --dynamic may give) still gets the echo', () => {
    const out = reflect('putSignalsConfiguration', { project_id: PROJECT, run_id: RUN }, { model: 'm', run_mode: 'ON_DEMAND' }, { data: 'not an object' });
    expect(JSON.stringify(out)).toBe(savedAs({}, {}));
  });
});

describe('any operation', () => {
  it('an example that is not an object (a spec may name any value) is sent as it is', () => {
    for (const id of ['updateAnnotationTemplate', 'putSignalsConfiguration', 'createOrVerifyUser']) {
      expect(reflect(id, { project_id: PROJECT, run_id: RUN, template_id: TEMPLATE }, { name: 'n', model: 'm', email: 'e' }, 'not an object')).toBe('not an object');
      expect(reflect(id, { project_id: PROJECT, run_id: RUN, template_id: TEMPLATE }, { name: 'n', model: 'm', email: 'e' }, null)).toBe(null);
    }
  });

  it('one reflector answers request after request, each operation its own way', () => {
    const reflector = fresh();
    const ask = (id: string, pathParams: Record<string, string>, body: unknown) =>
      reflector.reflect(operation(id), { pathParams, body, text: JSON.stringify(body) }, example(id)) as any;
    for (const round of [1, 2]) {
      expect(ask('updateAnnotationTemplate', { project_id: PROJECT, template_id: OTHER }, { name: `n${round}` })).toEqual({ ...example('updateAnnotationTemplate'), id: OTHER, name: `n${round}` });
      expect(ask('putSignalsConfiguration', { project_id: PROJECT, run_id: RUN }, { model: `m${round}` }).data.scheduled_runs_enabled).toBe(false);
    }
  });
});

describe('Login Social (nothing of the request is in the response)', () => {
  it('the example, whatever was sent', () => {
    const out = reflect('loginSocial', {}, { id_token: 'other', provider: null });
    expect(out).toEqual(example('loginSocial'));
    expect(JSON.stringify(reflect('loginSocial', {}, {}, { token_type: 'bearer', access_token: 't' }))).toBe('{"access_token":"t","token_type":"bearer"}');
  });
});

describe('Update Annotation Template (PATCH changes only what it names)', () => {
  const patch = (body: unknown, response?: unknown) =>
    reflect('updateAnnotationTemplate', { project_id: PROJECT, template_id: OTHER }, body, response ?? example('updateAnnotationTemplate'));
  const template = example('updateAnnotationTemplate');
  const order = ['name', 'include_explanation', 'constraints', 'id', 'created_at', 'created_by', 'position', 'usage_count', 'criteria'];

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

describe('Log Traces', () => {
  const body = (traces: unknown[], extra: Record<string, unknown> = {}) => ({ traces, ...extra });
  const traces = (project_id: string, sent: unknown, text?: string) => reflect('logTraces', { project_id }, sent, undefined, text);
  const ingested = example('logTraces');

  it('counts what was sent (records = traces + spans); ids only on request, one per trace; schema order', () => {
    const sent = body([{ spans: [{}, {}] }, { spans: [] }, {}, { spans: [{}] }], { include_trace_ids: true, experiment_id: OTHER, session_id: null });
    const out = traces(PROJECT, sent);
    expect(out).toEqual({
      project_id: PROJECT,
      project_name: ingested.project_name,
      records_count: 7,
      traces_count: 4,
      spans_count: 3,
      experiment_id: OTHER,
      trace_ids: [expect.stringMatching(UUID5), expect.stringMatching(UUID5), expect.stringMatching(UUID5), expect.stringMatching(UUID5)],
    });
    expect(keys(out)).toEqual(['project_id', 'project_name', 'records_count', 'traces_count', 'spans_count', 'experiment_id', 'trace_ids']);
    expect(new Set(out.trace_ids).size).toBe(4);
  });

  it('without include_trace_ids true there are no trace_ids (the example has some)', () => {
    for (const include of [undefined, false, null, 'true', 1]) {
      const sent = body([{ spans: [{}] }], include === undefined ? {} : { include_trace_ids: include });
      expect(traces(PROJECT, sent)).toEqual({ project_id: PROJECT, project_name: ingested.project_name, records_count: 2, traces_count: 1, spans_count: 1 });
    }
  });

  it('sent ids are echoed, ids not sent (or null) are left out', () => {
    const out = traces(PROJECT, body([{}], { log_stream_id: OTHER, metrics_testing_id: RUN, session_id: TEMPLATE, experiment_id: null }));
    expect(JSON.stringify(out)).toBe(
      JSON.stringify({
        project_id: PROJECT,
        project_name: ingested.project_name,
        records_count: 1,
        traces_count: 1,
        spans_count: 0,
        log_stream_id: OTHER,
        metrics_testing_id: RUN,
        session_id: TEMPLATE,
      }),
    );
  });

  it('spans are counted only when a trace is an object with a list of spans', () => {
    const out = traces(PROJECT, body([null, 'x', { spans: 'no' }, { spans: { length: 3 } }, [{}], { spans: [1, 2] }]));
    expect([out.traces_count, out.spans_count, out.records_count]).toEqual([6, 2, 8]);
    expect([traces(PROJECT, { traces: 'no' }).traces_count, traces(PROJECT, null).records_count, traces(PROJECT, [{}]).traces_count]).toEqual([0, 0, 0]);
  });

  it('trace ids: the same request gives the same ids; another project, body text or index gives others', () => {
    const sent = body([{ name: 'a' }, { name: 'a' }], { include_trace_ids: true });
    const ids = traces(PROJECT, sent).trace_ids as string[];
    expect(traces(PROJECT, structuredClone(sent)).trace_ids).toEqual(ids);
    expect(ids[0]).not.toBe(ids[1]);
    const otherProject = traces(OTHER, sent).trace_ids as string[];
    const otherText = traces(PROJECT, sent, JSON.stringify(sent, null, 1)).trace_ids as string[];
    for (const other of [otherProject, otherText]) {
      expect(other).toHaveLength(2);
      for (const id of other) expect(ids).not.toContain(id);
    }
    // stable across restarts and releases: a recorded request keeps its ids
    expect(traces(PROJECT, { traces: [{}], include_trace_ids: true }, '{"traces":[{}],"include_trace_ids":true}').trace_ids).toEqual(['341d32d3-d4fc-535a-a517-bc9c18f0f073']);
  });

  it('more traces than maxResults is not capped (one id per trace does not multiply; the body limit bounds the traces); each gets its own id', () => {
    const many = body(Array.from({ length: MAX_RESULTS + 1 }, () => ({})), { include_trace_ids: true });
    const ids = traces(PROJECT, many).trace_ids as string[];
    expect(new Set(ids).size).toBe(MAX_RESULTS + 1);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('Create Luna3 Scorer Version (POST echoes what was sent into luna3_scorer)', () => {
  const version = example('createLuna3ScorerVersion');
  const luna3 = version.luna3_scorer;

  it('sent fields are echoed, fields not sent or null are left out, the scorer is the path’s; schema order', () => {
    const out = reflect('createLuna3ScorerVersion', { scorer_id: OTHER }, { threshold: 0.9, adapter_path: 's3://a', instruction: null, class_name_to_vocab_ix: { yes: 1 } });
    expect(out).toEqual({
      ...version,
      scorer_id: OTHER,
      luna3_scorer: {
        adapter_path: 's3://a',
        class_name_to_vocab_ix: { yes: 1 },
        id: luna3.id,
        organization_id: luna3.organization_id,
        created_at: luna3.created_at,
        updated_at: luna3.updated_at,
        threshold: 0.9,
        created_by: luna3.created_by,
      },
    });
    expect(keys(out)).toEqual(keys(version));
    expect(keys(out.luna3_scorer)).toEqual(['adapter_path', 'class_name_to_vocab_ix', 'id', 'organization_id', 'created_at', 'updated_at', 'threshold', 'created_by']);
  });

  it('an empty body leaves none of the request’s fields', () => {
    const out = reflect('createLuna3ScorerVersion', { scorer_id: SCORER }, {});
    expect(out).toEqual({
      ...version,
      luna3_scorer: { id: luna3.id, organization_id: luna3.organization_id, created_at: luna3.created_at, updated_at: luna3.updated_at, created_by: luna3.created_by },
    });
  });
});

describe('Apply Bulk Feedback V2: one result per operation × selected record', () => {
  const bulk = (body: unknown, response?: unknown) => reflect('applyBulkFeedbackV2', { project_id: PROJECT }, body, response ?? example('applyBulkFeedbackV2'));
  const create = { operation_type: 'create', rating: { feedback_type: 'like_dislike', value: true } };

  it('index selector: operations × indexes, in operation order, each index; the delete message; key order', () => {
    const out = bulk({ operations: [create, { operation_type: 'delete' }, {}], selector: { selector_type: 'indexes', indexes: [4, 1] } });
    const created = { operation: 'create', success: true, message: 'Feedback rating created.', selector: 'indexes' };
    const deleted = { operation: 'delete', success: true, message: 'Feedback rating deleted.', selector: 'indexes' };
    expect(out).toEqual([{ ...created, index: 4 }, { ...created, index: 1 }, { ...deleted, index: 4 }, { ...deleted, index: 1 }, { ...deleted, index: 4 }, { ...deleted, index: 1 }]);
    expect(keys(out[0])).toEqual(['operation', 'success', 'message', 'selector', 'index']);
  });

  it('an operation the example lacks: its own message, success from the first example item', () => {
    const out = bulk({ operations: [{ operation_type: 'archive' }], selector: { selector_type: 'indexes', indexes: [0] } }, [
      'not an item',
      { operation: 'create', success: false, message: 'Nope.' },
    ]);
    expect(out).toEqual([{ operation: 'archive', success: false, message: 'Feedback operation archive applied.', selector: 'indexes', index: 0 }]);
    const own = bulk({ operations: [create, { operation_type: 'delete' }], selector: { selector_type: 'indexes', indexes: [2] } }, [
      { operation: 'create', success: 'yes', message: 'Created!' },
      { operation: 'delete', success: false, message: 'Gone.' },
    ]);
    expect(own).toEqual([
      { operation: 'create', success: true, message: 'Created!', selector: 'indexes', index: 2 },
      { operation: 'delete', success: false, message: 'Gone.', selector: 'indexes', index: 2 },
    ]);
  });

  it('an empty or non-list example: success true and the default messages', () => {
    for (const response of [[], {}, 'x']) {
      expect(bulk({ operations: [create, { operation_type: 'delete' }], selector: { selector_type: 'indexes', indexes: [7] } }, response)).toEqual([
        { operation: 'create', success: true, message: 'Feedback operation create applied.', selector: 'indexes', index: 7 },
        { operation: 'delete', success: true, message: 'Feedback rating deleted.', selector: 'indexes', index: 7 },
      ]);
    }
  });

  it('indexes that are not integers select nothing', () => {
    expect(bulk({ operations: [create], selector: { selector_type: 'indexes', indexes: [1.5, '2', null, 3] } })).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', selector: 'indexes', index: 3 },
    ]);
  });

  it('trace selector: the strings of its first non-empty list of strings, `trace` in each item, no selector without a selector_type', () => {
    const out = bulk({ operations: [create], selector: { empty: [], numbers: [1, 2], mixed: ['a', 1], traces: ['t1', 't2'], later: ['t3'] } });
    expect(out).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', trace: 't1' },
      { operation: 'create', success: true, message: 'Feedback rating created.', trace: 't2' },
    ]);
    expect(keys(out[0])).toEqual(['operation', 'success', 'message', 'trace']);
    const typed = bulk({ operations: [create], selector: { selector_type: 'traces', ids: ['x'] } });
    expect(typed).toEqual([{ operation: 'create', success: true, message: 'Feedback rating created.', selector: 'traces', trace: 'x' }]);
    expect(keys(typed[0])).toEqual(['operation', 'success', 'message', 'selector', 'trace']);
    expect(bulk({ operations: [create], selector: { selector_type: 7, ids: ['x'] } })).toEqual([{ operation: 'create', success: true, message: 'Feedback rating created.', trace: 'x' }]);
  });

  it('no selector, no list of strings, or no operations: no results', () => {
    expect(bulk({ operations: [create] })).toEqual([]);
    expect(bulk({ operations: [create], selector: null })).toEqual([]);
    expect(bulk({ operations: [create], selector: { selector_type: 'traces' } })).toEqual([]);
    expect(bulk({ operations: [create], selector: { selector_type: 'indexes', indexes: null } })).toEqual([]);
    expect(bulk({ operations: null, selector: { selector_type: 'indexes', indexes: [1] } })).toEqual([]);
    expect(bulk(null)).toEqual([]);
  });

  it('the cap: exactly maxResults results are answered, one more is a LimitError naming the counts', () => {
    const indexes = (n: number) => ({ selector_type: 'indexes', indexes: Array.from({ length: n }, (_, i) => i) });
    expect(bulk({ operations: [create, create], selector: indexes(MAX_RESULTS / 2) })).toHaveLength(MAX_RESULTS);
    expect(bulk({ operations: [create], selector: indexes(MAX_RESULTS) })).toHaveLength(MAX_RESULTS);
    let error: unknown;
    try {
      bulk({ operations: [create], selector: indexes(MAX_RESULTS + 1) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).message).toBe('The response would hold 7 results (1 operations × 7 selected records); the mock handles at most 6 (raise it with --max-results).');
    expect(() => bulk({ operations: [create, create, create, create, create, create, create], selector: indexes(1) })).toThrow(LimitError);
  });

  it('the cap message groups thousands', () => {
    const large = createReflector(spec, validator, 1500);
    const body = { operations: [create, create], selector: { selector_type: 'indexes', indexes: Array.from({ length: 1000 }, (_, i) => i) } };
    expect(() => large.reflect(operation('applyBulkFeedbackV2'), { pathParams: { project_id: PROJECT }, body, text: '' }, [])).toThrow(
      'The response would hold 2,000 results (2 operations × 1,000 selected records); the mock handles at most 1,500 (raise it with --max-results).',
    );
  });
});

describe('Create Or Verify User (POST echoes what was sent)', () => {
  const user = example('createOrVerifyUser');
  it('sent fields are echoed, fields not sent or null are left out, the password never; schema order', () => {
    const out = reflect('createOrVerifyUser', {}, { last_name: 'Hopper', email: 'grace@example.org', first_name: null, password: 'secret', role: 'user' });
    expect(out).toEqual({ id: user.id, created_at: user.created_at, updated_at: user.updated_at, email: 'grace@example.org', status: user.status, role: user.role, last_name: 'Hopper', email_is_verified: user.email_is_verified });
    expect(keys(out)).toEqual(['id', 'created_at', 'updated_at', 'email', 'status', 'role', 'last_name', 'email_is_verified']);
    const full = reflect('createOrVerifyUser', {}, { email: 'ada@example.org', first_name: 'Ada', last_name: 'L', auth_method: 'github' });
    expect(keys(full)).toEqual(['id', 'created_at', 'updated_at', 'email', 'status', 'role', 'auth_method', 'first_name', 'last_name', 'email_is_verified']);
    expect(full.auth_method).toBe('github');
  });

  it('keys the schema does not know keep their place after the known ones', () => {
    const out = reflect('createOrVerifyUser', {}, { email: 'e' }, { extra: 1, email: 'x', id: 'i' });
    expect(JSON.stringify(out)).toBe('{"id":"i","email":"e","extra":1}');
  });
});

describe('withDefaults (what is saved: the request with its schema defaults)', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  it('through unions, lists and nested objects, in the schema order, other keys after', () => {
    expect(fresh().withDefaults(undefined, { a: 1 })).toEqual({ a: 1 });
    const list = fresh().withDefaults({ type: 'array', items: ref('SignalSchedule') }, [{ cron: 'c', extra: 1 }, { interval_hours: 2 }, 'x']);
    expect(JSON.stringify(list)).toBe('[{"type":"CRON","cron":"c","timezone":"UTC","extra":1},{"type":"INTERVAL","interval_hours":2,"timezone":"UTC"},"x"]');
    expect(fresh().withDefaults({ type: 'array', items: [ref('SignalSchedule')] }, [{ cron: 'c' }])).toEqual([{ cron: 'c' }]);
    expect(fresh().withDefaults(ref('ScorerConfiguration'), {})).toEqual({ model_alias: 'gpt-4.1-mini', num_judges: 3, output_type: 'boolean', cot_enabled: false, ground_truth: false });
    expect(fresh().withDefaults(ref('SignalsUserPreferences'), 'text')).toEqual('text');
  });

  it('a default next to a $ref wins over the target’s; an object default is a fresh copy each time', () => {
    const schema = { type: 'object', properties: { tz: { ...ref('CronSignalSchedule'), default: { cron: 'd' } }, plain: { default: [1] }, none: { type: 'string' } } };
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
  const thing = (operationId: string) => ({ operationId, requestBody: json({ $ref: '#/components/schemas/ThingPut' }), responses: { '200': json({ $ref: '#/components/schemas/Thing' }) } });
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
        A: { type: 'object', required: ['kind'], properties: { kind: { const: 'a' }, size: { type: 'integer' }, ...fields } },
        B: { type: 'object', required: ['kind'], properties: { kind: { const: 'b' }, size: { type: 'integer', default: 7 } } },
        Thing: { type: 'object', required: ['label'], properties: { id: { type: 'string' }, kind: { type: 'string' }, size: { type: 'integer' }, ...fields } },
      },
    },
  } as Document);
  const reflector = () => createReflector(other, createValidator(other, loadPrism().formats), MAX_RESULTS);
  const stored = { id: 'example-id', kind: 'b', size: 1, label: 'old', shape: { s: 1 }, partial: { x: 2 }, full: { x: 3 }, either: 'e', mixed: 4, maybe: 'm' };
  const path = { group_id: 'g', thing_id: 't', slug: 's' };
  const send = (id: string, body: unknown, response: unknown = stored): any =>
    reflector().reflect(other.operation(id) as Operation, { pathParams: path, body, text: '' }, structuredClone(response));

  it('PUT: a default from any branch, null, the defaults of an object whose fields all have one; otherwise the example’s', () => {
    expect(send('putThing', { kind: 'a' })).toEqual({ id: 'example-id', kind: 'a', size: 7, label: 'old', shape: { s: 1 }, partial: { x: 2 }, full: { x: 1 }, either: null, mixed: 4, maybe: null });
  });

  it('POST: a field the response requires stays when not sent; a null only a null branch of a union carries', () => {
    expect(send('postThing', { kind: 'a', mixed: null, maybe: null })).toEqual({ id: 'example-id', kind: 'a', label: 'old', maybe: null });
  });

  it('the last path parameter is the resource acted on only when it is an `…_id`', () => {
    expect(send('postThing', { kind: 'b' }).id).toBe('example-id');
  });

  it('an operation without request or response schema: the example as it is', () => {
    expect(send('bare', { a: 1 }, { b: 2 })).toEqual({ b: 2 });
  });
});
