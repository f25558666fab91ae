// The check of `validateResponses`, whatever loaded its parts: each answer's body against the
// schema its operation's spec gives for that status, by the contract's validator
// (src/shared/contract-ajv.ts, the verifier's own). Under Node ./contract.ts loads ajv and the spec
// from the package's place; in a bundle ./checked.ts imports them.
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { contractAjv, schemaAt } from '../shared/contract-ajv.js';
import { pointerToken, pointerTokens } from '../shared/refs.js';

import type { ResponseViolation as Violation } from './errors.js';
import type { ContractCheck } from './guard.js';

/** What the check reads of the bundled spec. */
export type Document = { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>> };

function violation({ instancePath, keyword, params, message }: ErrorObject): Violation {
  // The field ajv names: missing (`required`), or extra (`additionalProperties`, undefined for any other keyword).
  const named = params as { missingProperty?: string; additionalProperty?: string };
  const field = keyword === 'required' ? named.missingProperty : named.additionalProperty;
  return {
    pointer: field === undefined ? instancePath : `${instancePath}/${pointerToken(field)}`,
    message: message ?? keyword,
  };
}

/** The check of `spec`'s answers by Ajv and ajv-formats; each response schema is compiled at its first answer. */
export function checkOf(Ajv: typeof Ajv2020, addFormats: (ajv: Ajv2020) => unknown, spec: Document): ContractCheck {
  const ajv = contractAjv(Ajv, addFormats, spec);
  // Every response of the API has a JSON body with a schema (the client refuses any other answer,
  // and any request outside the spec, before it gets here). Ajv compiles each schema at its first
  // answer and keeps it by its reference.
  return (method, path, response, body) => {
    const ref = spec.paths[path]![method]!.responses[response]!.$ref;
    // A response the bundle shares is a reference (`#/components/responses/ValidationError`).
    const at = ref ? pointerTokens(ref.slice(1)) : ['paths', path, method, 'responses', response];
    const validate = schemaAt(ajv, [...at, 'content', 'application/json', 'schema']);
    // Ajv sets `errors` whenever a value fails.
    return validate(body) ? [] : (validate.errors as ErrorObject[]).map(violation);
  };
}
