// The --max-errors and --max-results bounds (src/mock/common/limits.ts) called in-process: what a
// request may cost beyond its size, and the 413 that names the flag.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_ERRORS,
  DEFAULT_MAX_RESULTS,
  LimitError,
  tooManyErrors,
} from '../../../../src/mock/common/limits.js';

describe('limits: what a request may cost beyond its size', () => {
  it('a LimitError is a 413 whose body names the limit and the flag that raises it, the number grouped in thousands', () => {
    const error = new LimitError('Bulk feedback asks for 1,000,000 results', 'max-results', DEFAULT_MAX_RESULTS);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LimitError');
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      'Bulk feedback asks for 1,000,000 results; the mock handles at most 20,000 (raise it with --max-results).',
    );
    expect(error.body).toEqual({ detail: error.message, limit: 'max-results', max: 20_000 });
  });

  it('too many validation errors: the limit --max-errors, at 1,000 by default', () => {
    expect(tooManyErrors(DEFAULT_MAX_ERRORS).body).toEqual({
      detail:
        'The request has more than 1,000 validation errors; the mock handles at most 1,000 (raise it with --max-errors).',
      limit: 'max-errors',
      max: 1000,
    });
  });
});
