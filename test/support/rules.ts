// What the tests of the operations' rules (test/unit/rules/<operation>.test.ts) share with those of the
// mock's reflection and state (test/unit/mock/service/reflect.test.ts, test/unit/mock/service/state.test.ts): the reflector
// as src/mock/pipeline.ts builds it, the state's requests, a provider check's request, and the ids.
import { readFileSync } from 'node:fs';
import { loadPrism } from '../../src/mock/prism/deps.js';
import { createValidator } from '../../src/mock/service/pydantic.js';
import { createReflector } from '../../src/mock/service/reflect.js';
import { type Document, type Operation, Spec } from '../../src/mock/prism/spec.js';
import type { createState } from '../../src/mock/service/state.js';
import { providerChecks, type ProviderCheck } from '../../src/rules/index.js';
import type { Request } from '../../src/verify/exchange.js';
import type { Json } from '../../src/verify/schema.js';

export const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
export const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
export const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
export const SCORER = '3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93';
export const OTHER = '11111111-2222-4333-8444-555555555555';
/** An identifier the mock derives (a version-5 UUID). */
export const UUID5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The reflector, built as src/mock/pipeline.ts builds it: the bundled spec, the pydantic validator
// with Prism's formats.
const document = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as Document;
export const spec = new Spec(document);
export const validator = createValidator(spec, loadPrism().formats);
export const MAX_RESULTS = 6;
// A reflector per request: each derives what it needs of an operation on its first request.
export const fresh = () => createReflector(spec, validator, MAX_RESULTS);

export const operation = (id: string): Operation => spec.operation(id) as Operation;
/** The 200 example Prism chooses for an operation (its first named example), as a fresh copy. */
export function example(id: string): any {
  const op = operation(id);
  const paths = document.paths as Record<string, Record<string, any>>;
  const examples = paths[op.path]?.[op.method].responses['200'].content['application/json'].examples as Record<
    string,
    { value: unknown }
  >;
  return structuredClone(Object.values(examples)[0]?.value);
}
/** The reflected body of a request, as the responder asks for it (the body as sent is its JSON text). */
export function reflect(
  id: string,
  pathParams: Record<string, string>,
  body: unknown,
  response: unknown = example(id),
  text = body === undefined ? '' : JSON.stringify(body),
): any {
  return fresh().reflect(operation(id), { pathParams, body: body === undefined ? null : body, text }, response);
}
export const keys = (value: unknown): string[] => Object.keys(value as object);

// The state's requests, each in a session ('s' unless named), with a stand-in for what the reflection gave.
type State = ReturnType<typeof createState>;
export const user = (
  state: State,
  email: unknown,
  session = 's',
  reflected: Record<string, unknown> = { email, role: 'system_admin', email_is_verified: false, status: 'enabled' },
) =>
  state.apply(
    'createOrVerifyUser',
    { session, pathParams: {}, body: email === undefined ? {} : { email } },
    reflected,
  ) as Record<string, any>;
export const version = (state: State, scorer_id = SCORER, session = 's') =>
  state.apply(
    'createLuna3ScorerVersion',
    { session, pathParams: { scorer_id }, body: {} },
    { version: 4, scorer_id, id: 'example' },
  ) as Record<string, any>;
export const signals = (state: State, model: string, run_id = RUN, session = 's') =>
  (
    state.apply(
      'putSignalsConfiguration',
      { session, pathParams: { project_id: PROJECT, run_id }, body: { model } },
      { data: { id: 'example', model, created_at: 'x', updated_at: 'x' } },
    ) as any
  ).data;
export const template = (
  state: State,
  body: Record<string, unknown>,
  reflected: Record<string, unknown>,
  template_id = TEMPLATE,
) =>
  state.apply(
    'updateAnnotationTemplate',
    { session: 's', pathParams: { project_id: PROJECT, template_id }, body },
    reflected,
  ) as Record<string, any>;

/** The provider check of that name (src/rules/index.ts). */
export function rule(name: string): ProviderCheck {
  const found = providerChecks.find((r) => r.name === name);
  if (!found) throw new Error(`no provider check is named ${name}`);
  return found;
}
/** A request as a provider check reads it: the body sent, and the path (a project's run unless given). */
export const request = (
  body: Json | undefined,
  path: Record<string, string> = { project_id: PROJECT, run_id: RUN },
): Request => ({ path, body });
