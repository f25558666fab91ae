// A media type's essence (src/mock/common/media-type.ts): the type and subtype, without parameters,
// lower-cased and trimmed, as every step compares Content-Types.
import { expect, it } from 'vitest';
import { essence } from '../../../../src/mock/common/media-type.js';

it('drops the parameters, the case and the spaces around the type', () => {
  expect(essence(' Application/JSON ; charset=utf-8')).toBe('application/json');
  expect(essence('application/vnd.api+json')).toBe('application/vnd.api+json');
  expect(essence('TEXT/Plain;a=1;b=2')).toBe('text/plain');
  expect(essence('')).toBe('');
  expect(essence(';charset=utf-8')).toBe('');
});
