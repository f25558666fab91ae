// Type tests of the scenarios' types (src/mock/scenarios/types.ts) and the typed journal (vitest --typecheck compiles them with tsc):
// a scenario is typed by its operation, its body by the status when the operation documents it,
// and a journal entry's body only once `valid` has narrowed it.
import { describe, expectTypeOf, it } from 'vitest';
import type { LogTracesIngestRequest, LogTracesIngestResponse, HTTPValidationError } from '../../../../src/index.js';
import type { Mock, ReceivedOf, Scenario } from '../../../../src/mock/index.js';

declare const mock: Mock;

describe('scenarios', () => {
  it('take an operationId of the spec, and no other string', () => {
    mock.use({ operation: 'logTraces', status: 503, headers: { 'Retry-After': '2' }, times: 1 });
    // @ts-expect-error: not an operation of the spec
    mock.use({ operation: 'deleteEverything', status: 503 });
  });

  it("a documented status takes that response's body; an undocumented one any body", () => {
    mock.use({
      operation: 'logTraces',
      status: 200,
      body: { traces_count: 3, records_count: 7, trace_ids: [], project_id: 'p' },
    });
    // @ts-expect-error: traces_count is a number, trace_ids a list
    mock.use({
      operation: 'logTraces',
      status: 200,
      body: { traces_count: 'three', records_count: 1, trace_ids: 42, project_id: 'p' },
    });
    mock.use({
      operation: 'createOrVerifyUser',
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['body', 'email'], msg: 'Field required', input: {} }] },
    });
    // @ts-expect-error: a 422 body is an HTTPValidationError
    mock.use({ operation: 'createOrVerifyUser', status: 422, body: { detail: 5 } });
    mock.use({ operation: 'logTraces', status: 503, body: '<h1>down</h1>', headers: { 'content-type': 'text/html' } });
    // @ts-expect-error: a status is 200 to 599
    mock.use({ operation: 'logTraces', status: 600 });
    type Documented = Extract<Scenario<'logTraces'>, { status: 200 }>['body'];
    expectTypeOf<Documented>().toEqualTypeOf<LogTracesIngestResponse | undefined>();
    expectTypeOf<Extract<Scenario<'logTraces'>, { status: 422 }>['body']>().toEqualTypeOf<
      HTTPValidationError | undefined
    >();
  });

  it("a fault has no status or body; match.path names the operation's path parameters", () => {
    mock.use({ operation: 'createOrVerifyUser', fault: 'reset' }, { operation: 'logTraces', delay: [50, 300] });
    // @ts-expect-error: a fault answers nothing
    mock.use({ operation: 'createOrVerifyUser', fault: 'reset', status: 503 });
    mock.use({ operation: 'logTraces', match: { path: { project_id: 'p' } }, status: 500 });
    // @ts-expect-error: logTraces has no run_id
    mock.use({ operation: 'logTraces', match: { path: { run_id: 'r' } }, status: 500 });
    mock.use({
      operation: 'logTraces',
      match: (request) => request.valid && request.body !== null && request.body.traces.length > 1,
      status: 413,
    });
  });
});

describe('the typed journal', () => {
  it('requests(operation) is typed by the operation; its body only once narrowed by `valid`', () => {
    const [entry] = mock.requests('logTraces');
    if (!entry) return;
    expectTypeOf(entry.operationId).toEqualTypeOf<'logTraces'>();
    expectTypeOf(entry.pathParams).toEqualTypeOf<{ project_id: string }>();
    // @ts-expect-error: the body of a request that may be invalid is unknown
    void entry.body.traces;
    if (entry.valid) expectTypeOf(entry.body).toEqualTypeOf<LogTracesIngestRequest | null>();
    expectTypeOf(mock.waitFor('logTraces', { count: 2 })).resolves.toEqualTypeOf<ReceivedOf<'logTraces'>[]>();
    // @ts-expect-error: not an operation of the spec
    mock.requests('deleteEverything');
  });
});
