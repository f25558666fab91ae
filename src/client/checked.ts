// The checked entry (`@observability/api-contract/checked`): the main entry's every export, and a
// createApiClient whose `validateResponses` imports its check, ajv and ajv-formats and the
// embedded spec, as any other module: a bundler puts them in the bundle. A project without ajv
// imports the main entry, which bundles without them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { documentText } from '../../generated/embedded.js';
import { checkOf, type Document } from './check.js';
import { clientOf, type ApiClient, type ApiClientOptions } from './create.js';
import type { ContractCheck } from './guard.js';

export * from './index.js';

let check: ContractCheck | undefined;

/** The main entry's createApiClient, whose `validateResponses` needs nothing but this module's imports. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return clientOf(
    options,
    // Ajv takes the spec at the first client that checks answers, not when the page loads.
    () =>
      Promise.resolve().then(
        () => (check ??= checkOf(Ajv2020, addFormats.default, JSON.parse(documentText) as Document)),
      ),
  );
}
