/// <reference types="node" />
// Loads the Prism packages the mock runs on. They are optional peer dependencies of the package:
// installing it for its types pulls no server, so a missing one gets an install hint, not a stack.
// Only their types are imported statically (erased from the build); the code is required here,
// Node's finder of the modules ./modules.ts lists and assembles (a page's is ./browser.ts).
//
// Most of what the mock drives is inside Prism's packages, not among their exports (the table of
// docs/ARCHITECTURE.md, "Prism's internals", says each and why). The peer ranges accept Prism
// releases the mock was not tested on, and one of them may move or change such a module: each is
// checked when it loads (it is there, and each export the mock calls is of the kind it calls), and
// a Prism that fails a check is refused with a PrismVersionError that names the Prism the mock is
// tested with, before any request is answered.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { installCommand, loadPeer } from '../../shared/peers.js';
import { manifest, requireFromPackage } from '../../shared/package-root.js';
import type { Mocker } from './prism-types.js';
import {
  assemblePrism,
  HTTP,
  PRISM_MODULES,
  shapeProblem,
  type Prism,
  type PrismModule,
  type PrismModuleName,
  type YamlParsed,
} from './modules.js';

/**
 * The peers the mock needs, Prism's packages, at the versions it is tested with (package.json's
 * peers of @stoplight/prism-*): each range is the set that prism-cli 5.14 uses (any supported
 * Node) `||` 5.16 and later (Node 24.18 and later).
 */
export const PRISM_PEERS: Record<string, string> = Object.fromEntries(
  Object.entries(manifest.peerDependencies).filter(([name]) => name.startsWith('@stoplight/prism-')),
);

/** The command that installs the mock's peers: the first version of each range, the set that runs on every supported Node. */
export const PRISM_INSTALL = installCommand(PRISM_PEERS, Object.keys(PRISM_PEERS));

/** Prism's packages that are not installed (each of them, named in the message). */
export class MissingPrismError extends Error {
  override readonly name = 'MissingPrismError';
  readonly peers: string[];
  constructor(names: string | string[], cause: unknown) {
    const peers = [names].flat();
    const listed =
      peers.length === 1
        ? `${peers[0]}, an optional peer dependency that is`
        : `${peers.slice(0, -1).join(', ')} and ${peers.at(-1)}, optional peer dependencies that are`;
    super(`the mock needs ${listed} not installed: ${PRISM_INSTALL}`, { cause });
    this.peers = peers;
  }
}

/** An installed Prism whose modules are not those the mock is written against: one moved, or an export changed kind. */
export class PrismVersionError extends Error {
  override readonly name = 'PrismVersionError';
  constructor(peer: Installed, problem: string, cause?: unknown) {
    super(
      `the mock cannot run on ${peer.name} ${peer.version}: ${problem}; it runs on the Prism it is tested with: ${PRISM_INSTALL}`,
      { cause },
    );
  }
}

/** A Prism package as installed: its version, and `require` from its own directory (its modules and its dependencies as it sees them). */
export interface Installed {
  name: string;
  version: string;
  require: NodeJS.Require;
}

/** The installed Prism package `name` (MissingPrismError when it is not installed). */
function installed(name: string): Installed {
  const manifestPath = loadPeer<string>(
    `${name}/package.json`,
    requireFromPackage.resolve,
    (cause) => new MissingPrismError(name, cause),
  );
  const { version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  return { name, version, require: createRequire(manifestPath) };
}

/** Finds and loads the modules of PRISM_MODULES, each Prism package found once. */
export function prismModules() {
  const peers = new Map<string, Installed>();
  const peerOf = (name: string): Installed => peers.get(name) ?? peers.set(name, installed(name)).get(name)!;
  // Every one of Prism's packages that is missing is named at once, not the first alone.
  const absent: MissingPrismError[] = [];
  for (const name of Object.keys(PRISM_PEERS)) {
    try {
      peerOf(name);
    } catch (error) {
      if (!(error instanceof MissingPrismError)) throw error;
      absent.push(error);
    }
  }
  if (absent.length > 0)
    throw new MissingPrismError(
      absent.flatMap((error) => error.peers),
      absent[0]?.cause,
    );
  /** Where the module is (PrismVersionError when it is not there). */
  const where = ({ peer, specifier }: PrismModule): string =>
    loadPeer<string>(
      specifier,
      peerOf(peer).require.resolve,
      (cause) => new PrismVersionError(peerOf(peer), `${specifier} is not there`, cause),
    );
  /**
   * The module, checked against its shape: PrismVersionError when an export is of another kind. A
   * module it requires being absent is a broken install: that error goes on as it is.
   */
  function take<T>(module: PrismModule, path = where(module)): T {
    const loaded: unknown = peerOf(module.peer).require(path);
    const problem = shapeProblem(module, loaded);
    if (problem !== undefined) throw new PrismVersionError(peerOf(module.peer), problem);
    return loaded as T;
  }
  /**
   * The version of a package as `peer` finds it: the package.json beside its main module (its
   * exports need not list package.json), or undefined when it is not there or not readable (the
   * mock then reads the document with Prism itself: ./source.ts).
   */
  function versionOf(peer: string, name: string): string | undefined {
    try {
      const manifest = join(dirname(peerOf(peer).require.resolve(name)), 'package.json');
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
    } catch {
      return undefined;
    }
  }
  return { where, take, versionOf };
}

/**
 * Prism's pieces the mock drives (./modules.ts: assemblePrism), found and checked in the Prism
 * packages as installed, with Prism's own logger. Prism's reader of documents and its whole mocker
 * are found now, and loaded and checked on first use.
 */
export function loadPrism(): Prism {
  const { where, take, versionOf } = prismModules();
  const M = PRISM_MODULES;
  return assemblePrism(
    <T>(name: PrismModuleName) => take<T>(M[name]),
    () => {
      const { createLogger } = take<Pick<Prism, 'createLogger'>>(M.core);
      // The reader of documents and the whole mocker are found now, and loaded and checked on first use.
      const operationsPath = where(M.operations);
      let operations: Pick<Prism, 'getHttpOperationsFromSpec'> | undefined;
      const mockerPath = where(M.mocker);
      let mocker: Mocker | undefined;
      const yamlPath = where(M.yaml);
      let yaml: { parseWithPointers: (text: string, options: object) => YamlParsed } | undefined;
      return {
        getHttpOperationsFromSpec: (spec) =>
          (operations ??= take<Pick<Prism, 'getHttpOperationsFromSpec'>>(
            M.operations,
            operationsPath,
          )).getHttpOperationsFromSpec(spec),
        httpSpecVersion: versionOf(HTTP, '@stoplight/http-spec'),
        mocker: () => (mocker ??= take<{ default: Mocker }>(M.mocker, mockerPath).default),
        // As Prism's reader of documents parses YAML (@stoplight/json-schema-ref-parser's YAML parser).
        parseYaml: (text) =>
          (yaml ??= take<NonNullable<typeof yaml>>(M.yaml, yamlPath)).parseWithPointers(text, {
            ignoreDuplicateKeys: true,
            mergeKeys: false,
          }),
        createLogger,
      };
    },
  );
}
