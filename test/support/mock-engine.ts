// What the suites of the mock's engine share: Prism with plain answers and the spec's operations
// (loaded by each suite's beforeAll), requests as the parse step hands them on, and the spec's names.
import { readFileSync } from 'node:fs';
import { loadPrism } from '../../src/mock/prism/deps.js';
import { plainPrism, type PlainPrism } from '../../src/mock/prism/adapter.js';
import type { Logger } from '../../src/mock/prism/log.js';
import type { IHttpRequest, Resource } from '../../src/mock/prism/prism-types.js';
import { Spec, type Document } from '../../src/mock/prism/spec.js';
import { createTranslator } from '../../src/mock/service/translate.js';
import { createValidator } from '../../src/mock/service/pydantic.js';
import { specPath } from './spec.js';
import { PROJECT } from './mock-steps.js';

export const RUN = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';
export const SIGNALS = `/v2/projects/${PROJECT}/runs/${RUN}/signals/configuration`;
export const document = JSON.parse(readFileSync(specPath, 'utf8')) as Document;

export let prism: PlainPrism;
/** The service's 422 items on a document, at most `maxErrors` (the engine walks them before Prism's validation of a request not proven valid). */
export const translatorOf = (doc: Document, maxErrors = 1000) =>
  createTranslator(createValidator(new Spec(doc), prism.formats), maxErrors);
export let operations: Resource[];
export const byId = (iid: string): Resource => operations.find((o) => o.iid === iid) as Resource;
/** The 200 example of Create Or Verify User named `administrator`. */
export const ADMINISTRATOR = (
  document.paths as Record<
    string,
    {
      post: {
        responses: Record<
          string,
          { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> }
        >;
      };
    }
  >
)['/v2/system_users']?.post.responses['200']?.content['application/json']?.examples.administrator?.value as Record<
  string,
  unknown
>;
export const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Loads Prism and reads the spec's operations: each suite's beforeAll. */
export async function loadEngineFixture(): Promise<void> {
  prism = plainPrism(loadPrism());
  operations = await prism.getHttpOperationsFromSpec(specPath);
}

/** A request as the parse stage hands it to Prism. */
export function request(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
): IHttpRequest {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    method: method as IHttpRequest['method'],
    url: { path, query },
    headers: {
      host: 'mock',
      ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
      ...headers,
    },
    body: body === undefined ? null : body,
  };
}

/** Every operation's path with its parameters filled, from the spec. */
export function concretePath(resource: Resource): string {
  return resource.path.replace(/{[^}]+}/g, PROJECT);
}
