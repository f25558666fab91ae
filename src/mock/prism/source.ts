// What a mock answers from: the document and the operations Prism reads from it. The embedded spec
// is a module (../../../generated/embedded.ts, derived by `npm run build`): its document and Prism's
// reading of it are parsed, not read again, unless the installed Prism reads documents with another
// @stoplight/http-spec than the one that derived them. A spec given as a document or a file is read
// by Prism at start, as Prism's own CLI does; a file may be JSON or YAML.
import { documentText, httpSpecVersion, operationsText } from '../../../generated/embedded.js';
import type { Prism } from './modules.js';
import type { Resource } from './prism-types.js';
import type { Document } from './spec.js';
import { SpecError } from '../common/spec-error.js';

export interface Source {
  document: Document;
  /** Prism's operations of the document (Prism dereferences them: each mock has its own) */
  operations: Resource[];
  /** the embedded spec, whose schemas are valid against their meta-schemas (Redocly lints it at build) */
  embedded: boolean;
}

/**
 * The document in the file at `path`: JSON when it begins with `{`, else YAML, read by the YAML
 * reader Prism reads documents with. SpecError when it cannot be read, parsed, or is not an
 * OpenAPI document.
 */
export function readDocument(
  path: string,
  readFile: (path: string) => string,
  parseYaml: Prism['parseYaml'],
): Document {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const problem =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'a directory, not a file'
          : `cannot be read (${String((error as Error).message)})`;
    throw new SpecError(path, problem, error);
  }
  let document: unknown;
  if (/^\uFEFF?\s*\{/.test(text)) {
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new SpecError(path, `not valid JSON: ${(error as Error).message}`, error);
    }
  } else {
    const parsed = parseYaml(text);
    const error = parsed.diagnostics.find((diagnostic) => diagnostic.severity === 0);
    if (error) {
      const { line, character } = error.range.start;
      throw new SpecError(path, `not valid YAML: ${error.message} at line ${line + 1}, column ${character + 1}`);
    }
    document = parsed.data;
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    typeof (document as { openapi?: unknown }).openapi !== 'string'
  )
    throw new SpecError(path, 'not an OpenAPI 3 document (no "openapi" version at its top)');
  return document as Document;
}

/**
 * The document and Prism's operations of `spec`: the embedded spec when it is undefined, else the
 * document given, or the file at its path (JSON or YAML) read by `readFile`.
 */
export async function sourceOf(
  spec: string | Document | undefined,
  prism: Pick<Prism, 'getHttpOperationsFromSpec' | 'httpSpecVersion' | 'parseYaml'>,
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
        ? readDocument(spec, readFile, prism.parseYaml)
        : structuredClone(spec)
  ) as Document;
  // Prism dereferences the document it reads in place: it gets a copy of its own.
  return {
    document,
    operations: await prism.getHttpOperationsFromSpec(structuredClone(document)),
    embedded: spec === undefined,
  };
}
