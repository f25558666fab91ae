import { operationSecurity, securitySchemes, type SecuritySchemeName } from '../../generated/security.js';
import { clientOf, type ApiClient, type ApiClientOptions } from './create.js';
import { MissingValidatorError, ValidatorUnavailableError } from './errors.js';
import type { ContractCheck } from './guard.js';
import { isHTTPValidationError, validationDetails } from './validation.js';

export type * from '../../generated/schema.js';
export { operationSecurity, securitySchemes, type SecuritySchemeName };
export { isHTTPValidationError, validationDetails };
export { InvalidCredentialError, MissingCredentialError, type Credentials } from './credentials.js';
export * from './errors.js';
export { ERROR_BODY_WAIT_MS } from './guard.js';
export { DEFAULT_MAX_RESPONSE_BYTES, type ApiClient, type ApiClientOptions } from './create.js';

/**
 * The module of `validateResponses` (./contract.ts), imported by a name no bundler follows: it
 * reads ajv and ajv-formats, optional peers, and the spec from the package's place under Node, and
 * a page built without them must still bundle the client. A bundle checks answers with the checked
 * entry (./checked.ts) instead.
 */
const CONTRACT_MODULE = './contract.js';

/** The check, loaded from the package's files: under Node only. */
function nodeCheck(): Promise<ContractCheck> {
  if (typeof globalThis.process?.versions?.node !== 'string')
    throw new ValidatorUnavailableError('a runtime without Node (a web page, a worker)');
  return (
    import(/* webpackIgnore: true */ /* @vite-ignore */ CONTRACT_MODULE) as Promise<typeof import('./contract.js')>
  )
    .catch((cause: unknown) => {
      throw new ValidatorUnavailableError('a bundle', cause);
    })
    .then(({ contractCheck }) => contractCheck((command, cause) => new MissingValidatorError(command, cause)));
}

/** A typed openapi-fetch client of the API that sends each operation the credential it accepts. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return clientOf(options, nodeCheck);
}
