// SpecError (src/mock/common/spec-error.ts): the spec given by path that cannot be read names the
// file in its message, keeps the path and the cause, and is the class the mock's entries export.
import { expect, it } from 'vitest';
import { SpecError } from '../../../../src/mock/common/spec-error.js';
import { SpecError as Exported } from '../../../../src/mock/index.js';

it('names the file and the problem, keeps the path and the cause; the entry exports the same class', () => {
  const cause = new Error('ENOENT');
  const error = new SpecError('specs/api.yaml', 'no such file', cause);
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe('SpecError');
  expect(error.message).toBe('spec specs/api.yaml: no such file');
  expect(error.file).toBe('specs/api.yaml');
  expect(error.cause).toBe(cause);
  expect(new SpecError('a.json', 'not JSON').cause).toBeUndefined();
  expect(Exported).toBe(SpecError);
});
