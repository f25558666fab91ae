// The rules of Apply Bulk Feedback V2 (src/rules/bulk-feedback.ts) called in-process: what a
// provider must satisfy (its checks) and what the mock answers (createReflector), on the exact
// values a user of the mock reads. The mock remembers nothing of it.
import { describe, expect, it } from 'vitest';
import { LimitError } from '../../../src/mock/common/limits.js';
import { createReflector } from '../../../src/mock/service/reflect.js';
import type { Json } from '../../../src/verify/schema.js';
import {
  example,
  keys,
  MAX_RESULTS,
  operation,
  PROJECT,
  reflect,
  request,
  rule,
  spec,
  validator,
} from '../../support/rules.js';

describe('bulk_feedback_answers_per_operation', () => {
  const check = rule('bulk_feedback_answers_per_operation').check;
  const sent = {
    selector: { selector_type: 'indexes', indexes: [0, 2] },
    operations: [{ operation_type: 'create' }, { operation_type: 'delete' }, { operation_type: 'create' }],
  };

  it('holds when each operation sent has an item and each item names what was sent', () => {
    expect(
      check(request(sent), [
        { operation: 'create', index: 0, selector: 'indexes' },
        { operation: 'delete', index: 2 },
        'not an item',
      ]),
    ).toEqual([]);
    // an item that does not name its operation says nothing against any
    expect(check(request(sent), [{ operation: 'create' }, { index: 0 }])).toEqual([]);
    expect(check(request(sent), [null, { operation: 'create' }, { operation: 'delete' }])).toEqual([]);
  });

  it('names an operation with no item, and an item that names what was not sent', () => {
    expect(check(request(sent), [{ operation: 'create' }])).toEqual([
      { key: 'operation missing', message: 'an operation "delete" was sent, but no result item reports it' },
    ]);
    expect(check(request(sent), [])).toEqual([
      { key: 'operation missing', message: 'an operation "create" was sent, but no result item reports it' },
      { key: 'operation missing', message: 'an operation "delete" was sent, but no result item reports it' },
    ]);
    expect(
      check(request(sent), [
        { operation: 'create' },
        { operation: 'delete' },
        { operation: 'update', index: 1, selector: 'traces' },
      ]),
    ).toEqual([
      {
        key: 'operation not sent',
        message: 'a result item reports operation "update", which was not sent (sent: create, delete, create)',
      },
      { key: 'index not selected', message: 'a result item reports index 1, which the selector did not choose' },
      { key: 'selector', message: 'a result item reports selector "traces" for an "indexes" selector' },
    ]);
  });

  it('judges only an IndexSelector with indexes and operations that name their type', () => {
    const items = [{ operation: 'update', index: 9 }];
    expect(check(request({ ...sent, selector: { selector_type: 'traces', indexes: [0] } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: { selector_type: 'indexes', indexes: [] } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: { selector_type: 'indexes', indexes: null } }), items)).toEqual([]);
    expect(check(request({ ...sent, selector: 'indexes' }), items)).toEqual([]);
    expect(
      check(request({ ...sent, operations: [{ operation_type: 'create' }, { operation_type: 3 }] }), items),
    ).toEqual([]);
    expect(check(request({ ...sent, operations: [{ operation_type: 'create' }, 'create'] }), items)).toEqual([]);
    expect(check(request({ ...sent, operations: {} }), items)).toEqual([]);
    expect(check(request([] as Json), items)).toEqual([]);
    expect(check(request(sent), { items })).toEqual([]);
  });
});

describe('Apply Bulk Feedback V2: one result per operation × selected record', () => {
  const bulk = (body: unknown, response?: unknown) =>
    reflect('applyBulkFeedbackV2', { project_id: PROJECT }, body, response ?? example('applyBulkFeedbackV2'));
  const create = { operation_type: 'create', rating: { feedback_type: 'like_dislike', value: true } };

  it('index selector: operations × indexes, in operation order, each index; the delete message; key order', () => {
    const out = bulk({
      operations: [create, { operation_type: 'delete' }, {}],
      selector: { selector_type: 'indexes', indexes: [4, 1] },
    });
    const created = { operation: 'create', success: true, message: 'Feedback rating created.', selector: 'indexes' };
    const deleted = { operation: 'delete', success: true, message: 'Feedback rating deleted.', selector: 'indexes' };
    expect(out).toEqual([
      { ...created, index: 4 },
      { ...created, index: 1 },
      { ...deleted, index: 4 },
      { ...deleted, index: 1 },
      { ...deleted, index: 4 },
      { ...deleted, index: 1 },
    ]);
    expect(keys(out[0])).toEqual(['operation', 'success', 'message', 'selector', 'index']);
  });

  it('an operation the example lacks: its own message, success from the first example item', () => {
    const out = bulk(
      { operations: [{ operation_type: 'archive' }], selector: { selector_type: 'indexes', indexes: [0] } },
      ['not an item', { operation: 'create', success: false, message: 'Nope.' }],
    );
    expect(out).toEqual([
      {
        operation: 'archive',
        success: false,
        message: 'Feedback operation archive applied.',
        selector: 'indexes',
        index: 0,
      },
    ]);
    const own = bulk(
      { operations: [create, { operation_type: 'delete' }], selector: { selector_type: 'indexes', indexes: [2] } },
      [
        { operation: 'create', success: 'yes', message: 'Created!' },
        { operation: 'delete', success: false, message: 'Gone.' },
      ],
    );
    expect(own).toEqual([
      { operation: 'create', success: true, message: 'Created!', selector: 'indexes', index: 2 },
      { operation: 'delete', success: false, message: 'Gone.', selector: 'indexes', index: 2 },
    ]);
  });

  it('an empty or non-list example: success true and the default messages', () => {
    for (const response of [[], {}, 'x']) {
      expect(
        bulk(
          { operations: [create, { operation_type: 'delete' }], selector: { selector_type: 'indexes', indexes: [7] } },
          response,
        ),
      ).toEqual([
        {
          operation: 'create',
          success: true,
          message: 'Feedback operation create applied.',
          selector: 'indexes',
          index: 7,
        },
        { operation: 'delete', success: true, message: 'Feedback rating deleted.', selector: 'indexes', index: 7 },
      ]);
    }
  });

  it('indexes that are not integers select nothing', () => {
    expect(
      bulk({ operations: [create], selector: { selector_type: 'indexes', indexes: [1.5, '2', null, 3] } }),
    ).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', selector: 'indexes', index: 3 },
    ]);
  });

  it('trace selector: the strings of its first non-empty list of strings, `trace` in each item, no selector without a selector_type', () => {
    const out = bulk({
      operations: [create],
      selector: { empty: [], numbers: [1, 2], mixed: ['a', 1], traces: ['t1', 't2'], later: ['t3'] },
    });
    expect(out).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', trace: 't1' },
      { operation: 'create', success: true, message: 'Feedback rating created.', trace: 't2' },
    ]);
    expect(keys(out[0])).toEqual(['operation', 'success', 'message', 'trace']);
    const typed = bulk({ operations: [create], selector: { selector_type: 'traces', ids: ['x'] } });
    expect(typed).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', selector: 'traces', trace: 'x' },
    ]);
    expect(keys(typed[0])).toEqual(['operation', 'success', 'message', 'selector', 'trace']);
    expect(bulk({ operations: [create], selector: { selector_type: 7, ids: ['x'] } })).toEqual([
      { operation: 'create', success: true, message: 'Feedback rating created.', trace: 'x' },
    ]);
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
    expect((error as LimitError).message).toBe(
      'The response would hold 7 results (1 operations × 7 selected records); the mock handles at most 6 (raise it with --max-results).',
    );
    expect(() =>
      bulk({ operations: [create, create, create, create, create, create, create], selector: indexes(1) }),
    ).toThrow(LimitError);
  });

  it('the cap message groups thousands', () => {
    const large = createReflector(spec, validator, 1500);
    const body = {
      operations: [create, create],
      selector: { selector_type: 'indexes', indexes: Array.from({ length: 1000 }, (_, i) => i) },
    };
    expect(() =>
      large.reflect(operation('applyBulkFeedbackV2'), { pathParams: { project_id: PROJECT }, body, text: '' }, []),
    ).toThrow(
      'The response would hold 2,000 results (2 operations × 1,000 selected records); the mock handles at most 1,500 (raise it with --max-results).',
    );
  });
});
