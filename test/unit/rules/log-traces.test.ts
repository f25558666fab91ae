// The rules of Log Traces (src/rules/log-traces.ts) called in-process: what a provider must
// satisfy (its checks) and what the mock answers (createReflector), on the exact values a user of
// the mock reads. The mock remembers nothing of it.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/verify/schema.js';
import {
  example,
  keys,
  MAX_RESULTS,
  OTHER,
  PROJECT,
  reflect,
  request,
  rule,
  RUN,
  TEMPLATE,
  UUID5,
} from '../../support/rules.js';

describe('log_traces_counts_what_was_sent', () => {
  const check = rule('log_traces_counts_what_was_sent').check;
  const sent: Json = { traces: [{ spans: [{}, {}] }, { spans: [{}] }, { name: 'no spans' }, 'not a trace'] };

  it('holds when the counts are the traces and spans sent, or absent', () => {
    expect(check(request(sent), { traces_count: 4, spans_count: 3 })).toEqual([]);
    expect(check(request(sent), {})).toEqual([]);
    expect(check(request({}), { traces_count: 0, spans_count: 0 })).toEqual([]);
  });

  it('names each count that differs', () => {
    expect(check(request(sent), { traces_count: 3, spans_count: 4 })).toEqual([
      { key: 'traces_count', message: 'traces_count is 3, but the request sent 4' },
      { key: 'spans_count', message: 'spans_count is 4, but the request sent 3' },
    ]);
    expect(check(request(sent), { traces_count: null })).toEqual([
      { key: 'traces_count', message: 'traces_count is null, but the request sent 4' },
    ]);
  });

  it('does not judge when spans carry child spans (the total is unknown), or the answer is not an object', () => {
    expect(check(request({ traces: [{ spans: [{ spans: [{}] }] }] }), { traces_count: 1, spans_count: 1 })).toEqual([]);
    expect(check(request({ traces: [{ spans: [{ spans: [] }] }] }), { traces_count: 9 })).toEqual([]);
    // one span with children among others is enough
    expect(check(request({ traces: [{ spans: [{}, { spans: [] }] }] }), { traces_count: 1, spans_count: 9 })).toEqual(
      [],
    );
    expect(check(request({ traces: [{ spans: ['x', null] }] }), { spans_count: 2 })).toEqual([]);
    expect(check(request(sent), [1])).toEqual([]);
    expect(check(request(sent), null)).toEqual([]);
  });
});

describe('log_traces_trace_ids_only_when_asked', () => {
  const r = rule('log_traces_trace_ids_only_when_asked');
  const traces = [{ spans: [] }, { spans: [] }];

  it('asked: one trace ID per trace', () => {
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: ['a', 'b'] })).toEqual([]);
    expect(r.check(request({ traces, include_trace_ids: true }), {})).toEqual([
      { key: 'missing', message: 'include_trace_ids was true, but trace_ids is absent' },
    ]);
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: 'a' })).toEqual([
      { key: 'missing', message: 'include_trace_ids was true, but trace_ids is "a"' },
    ]);
    expect(r.check(request({ traces, include_trace_ids: true }), { trace_ids: ['a'] })).toEqual([
      { key: 'count', message: 'include_trace_ids was true and 2 trace(s) were sent, but trace_ids has 1' },
    ]);
  });

  it('not asked: no trace_ids (null counts as none)', () => {
    expect(r.check(request({ traces, include_trace_ids: false }), {})).toEqual([]);
    expect(r.check(request({ traces }), { trace_ids: null })).toEqual([]);
    expect(r.check(request({ traces, include_trace_ids: false }), { trace_ids: [] })).toEqual([
      { key: 'unasked', message: 'include_trace_ids was false, but trace_ids is included' },
    ]);
    expect(r.check(request({ traces }), { trace_ids: ['a'] })).toEqual([
      { key: 'unasked', message: 'include_trace_ids was absent, but trace_ids is included' },
    ]);
    expect(r.check(request({ traces, include_trace_ids: 'true' }), { trace_ids: ['a'] })).toHaveLength(1);
  });

  it('does not judge an answer or a request that is not an object', () => {
    expect(r.check(request({ include_trace_ids: true }), [])).toEqual([]);
    expect(r.check(request(null), { trace_ids: ['a'] })).toEqual([]);
  });

  it('probes: the first sample with include_trace_ids true, false and left out', () => {
    expect(r.probes!([request({ traces, include_trace_ids: true }), request({ other: 1 })])).toEqual([
      { label: 'include_trace_ids true', request: request({ traces, include_trace_ids: true }) },
      { label: 'include_trace_ids false', request: request({ traces, include_trace_ids: false }) },
      { label: 'include_trace_ids left out', request: request({ traces }) },
    ]);
    expect(r.probes!([])).toEqual([]);
    expect(r.probes!([request(null)])).toEqual([]);
    expect(r.probes!([request({ traces })])[0]).toEqual({
      label: 'include_trace_ids true',
      request: request({ traces, include_trace_ids: true }),
    });
  });
});

describe('Log Traces', () => {
  const body = (traces: unknown[], extra: Record<string, unknown> = {}) => ({ traces, ...extra });
  const traces = (project_id: string, sent: unknown, text?: string) =>
    reflect('logTraces', { project_id }, sent, undefined, text);
  const ingested = example('logTraces');

  it('counts what was sent (records = traces + spans); ids only on request, one per trace; schema order', () => {
    const sent = body([{ spans: [{}, {}] }, { spans: [] }, {}, { spans: [{}] }], {
      include_trace_ids: true,
      experiment_id: OTHER,
      session_id: null,
    });
    const out = traces(PROJECT, sent);
    expect(out).toEqual({
      project_id: PROJECT,
      project_name: ingested.project_name,
      records_count: 7,
      traces_count: 4,
      spans_count: 3,
      experiment_id: OTHER,
      trace_ids: [
        expect.stringMatching(UUID5),
        expect.stringMatching(UUID5),
        expect.stringMatching(UUID5),
        expect.stringMatching(UUID5),
      ],
    });
    expect(keys(out)).toEqual([
      'project_id',
      'project_name',
      'records_count',
      'traces_count',
      'spans_count',
      'experiment_id',
      'trace_ids',
    ]);
    expect(new Set(out.trace_ids).size).toBe(4);
  });

  it('without include_trace_ids true there are no trace_ids (the example has some)', () => {
    for (const include of [undefined, false, null, 'true', 1]) {
      const sent = body([{ spans: [{}] }], include === undefined ? {} : { include_trace_ids: include });
      expect(traces(PROJECT, sent)).toEqual({
        project_id: PROJECT,
        project_name: ingested.project_name,
        records_count: 2,
        traces_count: 1,
        spans_count: 1,
      });
    }
  });

  it('sent ids are echoed, ids not sent (or null) are left out', () => {
    const out = traces(
      PROJECT,
      body([{}], { log_stream_id: OTHER, metrics_testing_id: RUN, session_id: TEMPLATE, experiment_id: null }),
    );
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
    expect([
      traces(PROJECT, { traces: 'no' }).traces_count,
      traces(PROJECT, null).records_count,
      traces(PROJECT, [{}]).traces_count,
    ]).toEqual([0, 0, 0]);
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
    expect(
      traces(PROJECT, { traces: [{}], include_trace_ids: true }, '{"traces":[{}],"include_trace_ids":true}').trace_ids,
    ).toEqual(['341d32d3-d4fc-535a-a517-bc9c18f0f073']);
  });

  it('more traces than maxResults is not capped (one id per trace does not multiply; the body limit bounds the traces); each gets its own id', () => {
    const many = body(
      Array.from({ length: MAX_RESULTS + 1 }, () => ({})),
      { include_trace_ids: true },
    );
    const ids = traces(PROJECT, many).trace_ids as string[];
    expect(new Set(ids).size).toBe(MAX_RESULTS + 1);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
