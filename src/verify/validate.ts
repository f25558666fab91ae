// Ajv (draft 2020-12 + formats) over the bundled spec: the oracle for every generated request and
// every response. Variant schemas are self-contained and compiled on demand (cached).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { contractAjv, schemaAt } from '../shared/contract-ajv.js';
import { pointerTokens } from '../shared/refs.js';
import { spec } from './spec.js';
import type { Json, Path, RawSchema } from './schema.js';

export const ajv = contractAjv(Ajv2020, addFormats.default, spec);

const fromSpec = (pointer: string[]): ValidateFunction => schemaAt(ajv, pointer);

/** The operation's request body schema, as the spec states it (unions and all). */
export function requestValidator(path: string, method: string): ValidateFunction {
  return fromSpec(['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']);
}

/** The operation's 200 response schema. */
export function responseValidator(path: string, method: string): ValidateFunction {
  return fromSpec(['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema']);
}

/** The 422 body schema (HTTPValidationError). */
export const validationErrorValidator: ValidateFunction = fromSpec(['components', 'schemas', 'HTTPValidationError']);

const compiled = new Map<string, ValidateFunction>();

/** Compiles a self-contained schema (a variant, a parameter schema), cached by its text. */
export function validatorOf(schema: RawSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

export function isValid(schema: RawSchema, value: unknown): boolean {
  return validatorOf(schema)(value) === true;
}

/** An Ajv error, located at the field it is about: `required` and `additionalProperties` name the property. */
export interface Located {
  path: Path;
  keyword: string;
  message: string;
}

export function located(errors: ErrorObject[] | null | undefined): Located[] {
  return (errors ?? []).map((e) => {
    const path: Path = pointerTokens(e.instancePath);
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') path.push(String(params.missingProperty));
    if (e.keyword === 'additionalProperties') path.push(String(params.additionalProperty));
    return {
      path: path.map((p) => (/^\d+$/.test(String(p)) ? Number(p) : p)),
      keyword: e.keyword,
      message: e.message ?? '',
    };
  });
}

/** Errors of a value against a self-contained schema. */
export function errorsOf(schema: RawSchema, value: Json): Located[] {
  const validate = validatorOf(schema);
  return validate(value) ? [] : located(validate.errors);
}

/** Whether a `format` actually constrains strings (ajv-formats declares `password` and `binary` as anything goes). */
export function formatConstrains(format: unknown): format is string {
  const definition = (ajv.formats as Record<string, unknown>)[format as string];
  return definition !== undefined && definition !== true;
}
