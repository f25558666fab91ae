// The validator of the contract, built one way for everyone who checks a value against the spec:
// the verifier (src/verify/validate.ts) and the client's `validateResponses` (src/client/contract.ts).
// It takes Ajv and ajv-formats as arguments, since each loads those optional peers its own way (the
// verifier imports them; the client loads them only when asked to check answers).
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { pointerToken } from './refs.js';

/** Ajv (draft 2020-12, every error reported, formats checked) holding `spec` as `contract.json`. */
export function contractAjv(Ajv: typeof Ajv2020, addFormats: (ajv: Ajv2020) => unknown, spec: object): Ajv2020 {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The id every reference of schemaAt starts with: `contract.json#/components/schemas/…`.
  ajv.addSchema(spec, 'contract.json');
  return ajv;
}

/** The validator of the schema at `pointer` (its parts, unescaped) in the spec `ajv` holds. */
export function schemaAt(ajv: Ajv2020, pointer: readonly string[]): ValidateFunction {
  const ref = `contract.json#/${pointer.map(pointerToken).join('/')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`no schema at ${ref}`);
  return validate;
}
