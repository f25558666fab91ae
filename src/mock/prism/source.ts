// What a mock answers from: the document and the operations Prism reads from it. The embedded spec
// is a module (../../../generated/embedded.ts, derived by `npm run build`): its document and Prism's
// reading of it are parsed, not read again, unless the installed Prism reads documents with another
// @stoplight/http-spec than the one that derived them. A spec given as a document or a file is read
// by Prism at start, as Prism's own CLI does.
import { documentText, httpSpecVersion, operationsText } from '../../../generated/embedded.js';
import type { Prism } from './deps.js';
import type { Resource } from './prism-types.js';
import type { Document } from './spec.js';

export interface Source {
  document: Document;
  /** Prism's operations of the document (Prism dereferences them: each mock has its own) */
  operations: Resource[];
  /** the embedded spec, whose schemas are valid against their meta-schemas (Redocly lints it at build) */
  embedded: boolean;
}

/**
 * The document and Prism's operations of `spec`: the embedded spec when it is undefined, else the
 * document given, or the file at its path read by `readFile`.
 */
export async function sourceOf(
  spec: string | Document | undefined,
  prism: Pick<Prism, 'getHttpOperationsFromSpec' | 'httpSpecVersion'>,
  readFile: (path: string) => string,
): Promise<Source> {
  if (spec === undefined && prism.httpSpecVersion === httpSpecVersion)
    return {
      document: JSON.parse(documentText) as Document,
      operations: JSON.parse(operationsText) as Resource[],
      embedded: true,
    };
  const document = (
    spec === undefined
      ? JSON.parse(documentText)
      : typeof spec === 'string'
        ? JSON.parse(readFile(spec))
        : structuredClone(spec)
  ) as Document;
  // Prism dereferences the document it reads in place: it gets a copy of its own.
  return {
    document,
    operations: await prism.getHttpOperationsFromSpec(structuredClone(document)),
    embedded: spec === undefined,
  };
}
