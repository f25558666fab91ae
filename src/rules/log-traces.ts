// Log Traces (POST /v2/projects/{project_id}/traces): ingests traces and answers what it ingested.
import { isObject } from '../shared/json.js';
import { indexedUuids } from '../shared/uuid.js';
import { edited, has, show } from './support.js';
import type { OperationRules, Problem } from './types.js';

const tracesOf = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.traces) ? body.traces : []);
const spansOf = (trace: unknown): unknown[] => (isObject(trace) && Array.isArray(trace.spans) ? trace.spans : []);

export const logTraces: OperationRules = {
  operationId: 'logTraces',

  checks: [
    {
      name: 'log_traces_counts_what_was_sent',
      reason:
        'LogTracesIngestResponse: traces_count is the "total traces ingested", spans_count the "total spans ingested"',
      check(request, body) {
        if (!isObject(body)) return [];
        const traces = tracesOf(request.body);
        const spans = traces.map(spansOf);
        // A span may carry child spans in fields the spec does not name; then the total is not known.
        if (spans.flat().some((span) => isObject(span) && has(span, 'spans'))) return [];
        const problems: Problem[] = [];
        const expect = (field: string, sent: number) => {
          if (body[field] !== undefined && body[field] !== sent)
            problems.push({ key: field, message: `${field} is ${show(body[field])}, but the request sent ${sent}` });
        };
        expect('traces_count', traces.length);
        expect(
          'spans_count',
          spans.reduce((n, list) => n + list.length, 0),
        );
        return problems;
      },
    },
    {
      name: 'log_traces_trace_ids_only_when_asked',
      reason:
        'LogTracesIngestRequest.include_trace_ids: "when true, the response includes the list of ingested trace IDs"; LogTracesIngestResponse.trace_ids is "only included when include_trace_ids is true in the request"',
      probes(samples) {
        const sample = samples[0];
        if (!sample) return [];
        return [
          edited(sample, 'include_trace_ids true', (body) => (body.include_trace_ids = true)),
          edited(sample, 'include_trace_ids false', (body) => (body.include_trace_ids = false)),
          edited(sample, 'include_trace_ids left out', (body) => delete body.include_trace_ids),
        ].filter((p) => p !== undefined);
      },
      check(request, body) {
        if (!isObject(body) || !isObject(request.body)) return [];
        const asked = request.body.include_trace_ids === true;
        const ids = body.trace_ids;
        if (asked) {
          const traces = tracesOf(request.body).length;
          if (!Array.isArray(ids))
            return [{ key: 'missing', message: `include_trace_ids was true, but trace_ids is ${show(ids)}` }];
          if (ids.length !== traces)
            return [
              {
                key: 'count',
                message: `include_trace_ids was true and ${traces} trace(s) were sent, but trace_ids has ${ids.length}`,
              },
            ];
          return [];
        }
        return ids === undefined || ids === null
          ? []
          : [
              {
                key: 'unasked',
                message: `include_trace_ids was ${show(request.body.include_trace_ids)}, but trace_ids is included`,
              },
            ];
      },
    },
  ],

  // LogTracesIngestResponse: traces_count and spans_count are the totals ingested, records_count
  // their sum; trace_ids is "only included when include_trace_ids is true in the request", one per
  // trace, derived from the project, the body as sent and the trace's index, so the same request
  // gets the same ids. The body is hashed once, not once per trace: the work stays linear in the
  // size of the request.
  answer({ body, text, target, pathParams }) {
    const traces = tracesOf(body);
    const spans = traces.reduce((sum: number, trace) => sum + spansOf(trace).length, 0);
    target.traces_count = traces.length;
    target.spans_count = spans;
    target.records_count = traces.length + spans;
    if (isObject(body) && body.include_trace_ids === true) {
      const idOf = indexedUuids(`${pathParams.project_id}\n`, text);
      target.trace_ids = traces.map((_, index) => idOf(index));
    } else {
      delete target.trace_ids;
    }
  },
};
