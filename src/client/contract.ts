/// <reference types="node" />
// The check of `validateResponses: true`: each answer's body against the schema its operation's spec
// gives for that status, by the contract's validator (src/shared/contract-ajv.ts, the verifier's
// own). The client imports this module only when asked to check answers, so that `.` loads neither
// ajv nor the spec otherwise; ajv and ajv-formats are optional peers, loaded from the package's
// place (CommonJS and ESM builds alike).
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { contractAjv, schemaAt } from '../shared/contract-ajv.js';
import { pointerToken, pointerTokens } from '../shared/refs.js';
import { manifest, requireFromPackage, specPath } from '../shared/package-root.js';
import { installCommand, loadPeer } from '../shared/peers.js';

import type { ResponseViolation as Violation } from './index.js';

/** The violations of `body` against the response `response` ("200", "422", …) of the operation at `method` (lower case) and `path`. */
export type ContractCheck = (method: string, path: string, response: string, body: unknown) => Violation[];

type Document = { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>> };

function violation({ instancePath, keyword, params, message }: ErrorObject): Violation {
  // The field ajv names: missing (`required`), or extra (`additionalProperties`, undefined for any other keyword).
  const named = params as { missingProperty?: string; additionalProperty?: string };
  const field = keyword === 'required' ? named.missingProperty : named.additionalProperty;
  return {
    pointer: field === undefined ? instancePath : `${instancePath}/${pointerToken(field)}`,
    message: message ?? keyword,
  };
}

/**
 * Loads ajv and ajv-formats and compiles nothing yet: each response schema is compiled at its first
 * answer. `missing(command, cause)` is the error for a peer that is not installed.
 */
export function contractCheck(missing: (command: string, cause: unknown) => Error): ContractCheck {
  const absent = (cause: unknown) => missing(installCommand(manifest.peerDependencies, ['ajv', 'ajv-formats']), cause);
  const { Ajv2020: Ajv } = loadPeer<{ Ajv2020: typeof Ajv2020 }>('ajv/dist/2020.js', requireFromPackage, absent);
  const addFormats = loadPeer<{ default: (ajv: Ajv2020) => unknown }>(
    'ajv-formats',
    requireFromPackage,
    absent,
  ).default;
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as Document;
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
