import type { components } from '../../generated/schema.js';

type HTTPValidationError = components['schemas']['HTTPValidationError'];
type ValidationError = components['schemas']['ValidationError'];

function isValidationErrorItem(value: unknown): value is ValidationError {
  const item = value as Record<string, unknown> | null | undefined;
  if (!item || !Array.isArray(item.loc)) return false;
  return (
    item.loc.every((part) => typeof part === 'string' || typeof part === 'number') &&
    typeof item.msg === 'string' &&
    typeof item.type === 'string'
  );
}

/** Whether `value` is a 422 body of the API: `{ detail: [{ loc, msg, type, … }] }`. */
export function isHTTPValidationError(value: unknown): value is HTTPValidationError & { detail: ValidationError[] } {
  const detail = (value as Record<string, unknown> | null | undefined)?.detail;
  return Array.isArray(detail) && detail.every(isValidationErrorItem);
}

/** The `detail` items of a 422 body, or an empty list when `value` is not one. */
export function validationDetails(value: unknown): ValidationError[] {
  return isHTTPValidationError(value) ? value.detail : [];
}
