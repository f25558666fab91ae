// A UUID read from text as pydantic reads it (the uuid crate's forms) and written as FastAPI writes it.
import { describe, expect, it } from 'vitest';
import { uuidValue } from '../../../src/shared/uuid-text.js';

const WRITTEN = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

describe('uuidValue', () => {
  it.each([
    ['hyphenated', WRITTEN],
    ['upper case', WRITTEN.toUpperCase()],
    ['32 hex digits', WRITTEN.replaceAll('-', '')],
    ['32 hex digits, upper case', WRITTEN.replaceAll('-', '').toUpperCase()],
    ['braced', `{${WRITTEN}}`],
    ['urn:uuid:', `urn:uuid:${WRITTEN}`],
    ['URN:UUID: in capitals', `URN:UUID:${WRITTEN.toUpperCase()}`],
  ])('%s: the hyphenated, lower-case form', (_, text) => {
    expect(uuidValue(text)).toBe(WRITTEN);
  });

  it.each([
    ['partly hyphenated', '6f1c2a4e-3b7d4e8a-9c21-5d0f8b7a1e34'],
    ['braced without hyphens', `{${WRITTEN.replaceAll('-', '')}}`],
    ['one digit short', WRITTEN.slice(0, -1)],
    ['one digit long', `${WRITTEN}0`],
    ['not hex', WRITTEN.replace('6', 'g')],
    ['a brace unclosed', `{${WRITTEN}`],
    ['urn: without uuid:', `urn:${WRITTEN}`],
    ['spaces around it', ` ${WRITTEN} `],
    ['empty', ''],
  ])('%s: none of the forms', (_, text) => {
    expect(uuidValue(text)).toBeUndefined();
  });
});
