// Apply Bulk Feedback V2 (POST /v2/projects/{project_id}/feedback/ratings, deprecated): "one result
// item per operation outcome".
import { isObject } from '../shared/json.js';
import { show } from './support.js';
import type { OperationRules, Problem } from './types.js';

export const applyBulkFeedbackV2: OperationRules = {
  operationId: 'applyBulkFeedbackV2',

  checks: [
    {
      name: 'bulk_feedback_answers_per_operation',
      reason:
        'the 200 is "one result item per operation outcome"; an IndexSelector chooses the indexes the operations apply to',
      check(request, body) {
        const sent = request.body;
        if (!Array.isArray(body) || !isObject(sent) || !Array.isArray(sent.operations) || !isObject(sent.selector))
          return [];
        const selector = sent.selector;
        // Only an IndexSelector with indexes says which records are chosen (TraceSelector's fields are not shown).
        if (selector.selector_type !== 'indexes' || !Array.isArray(selector.indexes) || selector.indexes.length === 0)
          return [];
        const types = sent.operations.map((op) => (isObject(op) ? op.operation_type : undefined));
        if (!types.every((t): t is string => typeof t === 'string')) return [];
        const items = body.filter(isObject);
        const problems: Problem[] = [];
        for (const type of new Set(types)) {
          if (items.every((item) => item.operation !== undefined && item.operation !== type)) {
            problems.push({
              key: 'operation missing',
              message: `an operation "${type}" was sent, but no result item reports it`,
            });
          }
        }
        for (const item of items) {
          if (item.operation !== undefined && !types.includes(item.operation as string)) {
            problems.push({
              key: 'operation not sent',
              message: `a result item reports operation ${show(item.operation)}, which was not sent (sent: ${types.join(', ')})`,
            });
          }
          if (item.index !== undefined && !(selector.indexes as unknown[]).includes(item.index)) {
            problems.push({
              key: 'index not selected',
              message: `a result item reports index ${show(item.index)}, which the selector did not choose`,
            });
          }
          if (item.selector !== undefined && item.selector !== 'indexes') {
            problems.push({
              key: 'selector',
              message: `a result item reports selector ${show(item.selector)} for an "indexes" selector`,
            });
          }
        }
        return problems;
      },
    },
  ],

  // One result item per operation × selected record. An IndexSelector selects its `indexes`; a
  // TraceSelector (its fields are not shown) the strings of its first list of strings; no selector
  // selects nothing. Items take `success` and `message` from the example's item for the same
  // operation (the example only has `create`; a delete reads "Feedback rating deleted."). Their
  // number is the product of two lists of the request: past maxResults, the request is refused.
  answer(answer) {
    const { body, maxResults } = answer;
    const examples = Array.isArray(answer.response) ? answer.response.filter(isObject) : [];
    const operations = isObject(body) && Array.isArray(body.operations) ? body.operations : [];
    const selector = isObject(body) && isObject(body.selector) ? body.selector : undefined;
    let records: { index?: number; trace?: string }[] = [];
    if (selector && Array.isArray(selector.indexes)) {
      records = selector.indexes.filter((i) => Number.isInteger(i)).map((index) => ({ index: index as number }));
    } else if (selector) {
      const list = Object.values(selector).find(
        (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'),
      );
      records = ((list ?? []) as string[]).map((trace) => ({ trace }));
    }
    const kind = selector && typeof selector.selector_type === 'string' ? selector.selector_type : undefined;
    if (operations.length * records.length > maxResults) {
      const [results, ops, selected] = [operations.length * records.length, operations.length, records.length].map(
        (n) => n.toLocaleString('en'),
      );
      answer.tooMany(`The response would hold ${results} results (${ops} operations × ${selected} selected records)`);
    }
    answer.response = operations.flatMap((op) => {
      const operation = isObject(op) && typeof op.operation_type === 'string' ? op.operation_type : 'delete';
      const example = examples.find((item) => item.operation === operation) ?? examples[0] ?? {};
      const message =
        examples.find((item) => item.operation === operation)?.message ??
        (operation === 'delete' ? 'Feedback rating deleted.' : `Feedback operation ${operation} applied.`);
      return records.map((record) => ({
        operation,
        success: typeof example.success === 'boolean' ? example.success : true,
        message,
        ...(kind === undefined ? {} : { selector: kind }),
        ...record,
      }));
    });
  },
};
