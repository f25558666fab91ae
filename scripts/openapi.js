// What several scripts need to know about an OpenAPI document and the tools that read it.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A value parsed from a YAML or JSON document, or a node of one as a tool walks it. Its shape is
 * whatever the file holds, so the code that reads it checks as it goes (optional chaining,
 * `typeof`); this alias is the one place where the scripts take that choice.
 * @typedef {any} Parsed
 */

/** The operation keys of a Path Item Object. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Every operation of a document, in path then method order.
 * @param {Parsed} document
 * @returns {Generator<{ path: string, method: string, pathItem: Parsed, operation: Parsed }>}
 */
export function* operationsOf(document) {
  for (const [path, pathItem] of Object.entries(document?.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (operation) yield { path, method, pathItem, operation };
    }
  }
}

/** The Redocly CLI of this package (its bin, run with `node`). */
export const REDOCLY_CLI = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/@redocly/cli/bin/cli.js');

/** The environment Redocly runs in here: no telemetry, no update check over the network. */
export const REDOCLY_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
