/// <reference types="node" />
// Finds Prism's pieces for Node's mock. The built package runs the bundle its build makes of them
// (./node-bundled.ts): the Prism it is tested with, nothing to install. The repository's source
// has no bundle: it takes them from the installed Prism packages (dev dependencies, the ones the
// bundle is built from), and so does the build that bundles them (scripts/prism-bundle.js: `where`).
//
// Most of what the mock drives is inside Prism's packages, not among their exports (the table of
// docs/ARCHITECTURE.md, "Prism's internals", says each and why). A Prism release may move or
// change such a module: each is checked when it loads (it is there, and each export the mock calls
// is of the kind it calls), and a Prism that fails a check is refused with a PrismVersionError
// that names the Prism the mock is tested with, before any request is answered or any bundle made.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { installCommand, loadPeer } from '../../shared/peers.js';
import { manifest, requireFromPackage } from '../../shared/package-root.js';
import type { Mocker } from './prism-types.js';
import { bundledPrism, type BundledPrism } from './node-bundled.js';
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
 * Prism's packages the mock takes modules from (those PRISM_MODULES names), each at the version the
 * bundle is built from and the suite runs on (package.json's devDependencies).
 */
export const PRISM_PACKAGES: Record<string, string> = Object.fromEntries(
  [...new Set(Object.values(PRISM_MODULES).map((module) => module.peer))]
    .sort()
    .map((name) => [name, (manifest as { devDependencies?: Record<string, string> }).devDependencies?.[name] ?? '']),
);

/** The command that installs them: the first version of each range. */
export const PRISM_INSTALL = installCommand(PRISM_PACKAGES, Object.keys(PRISM_PACKAGES));

/** Prism's packages that are not installed where the mock runs from source (each of them, named in the message). */
export class MissingPrismError extends Error {
  override readonly name = 'MissingPrismError';
  readonly peers: string[];
  constructor(names: string | string[], cause: unknown) {
    const peers = [names].flat();
    const listed =
      peers.length === 1
        ? `${peers[0]}, a dev dependency that is`
        : `${peers.slice(0, -1).join(', ')} and ${peers.at(-1)}, dev dependencies that are`;
    super(`the mock's source needs ${listed} not installed (the built package bundles them): ${PRISM_INSTALL}`, {
      cause,
    });
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
  for (const name of Object.keys(PRISM_PACKAGES)) {
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
 * The Prism packages that are missing, when the mock runs from source without them (the built
 * package has its bundle: never).
 */
export function missingPrism(): MissingPrismError | undefined {
  if (bundledPrism() !== undefined) return undefined;
  try {
    prismModules();
    return undefined;
  } catch (error) {
    if (error instanceof MissingPrismError) return error;
    throw error;
  }
}

/**
 * Prism's pieces the mock drives (./modules.ts: assemblePrism): the package's bundle of them, or,
 * from source, the installed Prism's, found and checked, with Prism's own logger. Prism's reader of
 * documents, its whole mocker and YAML reader are loaded (and checked) on first use.
 */
export function loadPrism(): Prism {
  const bundle = bundledPrism();
  return bundle === undefined ? installedPrism() : prismOfBundle(bundle);
}

/** The bundle's modules, each checked as the installed ones are: a failure is a broken build of the package. */
function prismOfBundle(bundle: BundledPrism): Prism {
  function take<T>(name: PrismModuleName): T {
    const loaded = bundle.take(name);
    const problem = shapeProblem(PRISM_MODULES[name], loaded);
    if (problem !== undefined) throw new Error(`the package's bundle of Prism is broken: ${problem}`);
    return loaded as T;
  }
  let operations: Pick<Prism, 'getHttpOperationsFromSpec'> | undefined;
  let mocker: Mocker | undefined;
  let yaml: { parseWithPointers: (text: string, options: object) => YamlParsed } | undefined;
  return assemblePrism(take, () => ({
    getHttpOperationsFromSpec: (spec) =>
      (operations ??= take<Pick<Prism, 'getHttpOperationsFromSpec'>>('operations')).getHttpOperationsFromSpec(spec),
    httpSpecVersion: bundle.httpSpecVersion,
    mocker: () => (mocker ??= take<{ default: Mocker }>('mocker').default),
    parseYaml: (text) => (yaml ??= take<NonNullable<typeof yaml>>('yaml')).parseWithPointers(text, YAML_OPTIONS),
    createLogger: take<Pick<Prism, 'createLogger'>>('core').createLogger,
  }));
}

// As Prism's reader of documents parses YAML (@stoplight/json-schema-ref-parser's YAML parser).
const YAML_OPTIONS = { ignoreDuplicateKeys: true, mergeKeys: false };

/** Prism's pieces found and checked in the installed Prism packages; its reader of documents and whole mocker are found now. */
function installedPrism(): Prism {
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
        parseYaml: (text) =>
          (yaml ??= take<NonNullable<typeof yaml>>(M.yaml, yamlPath)).parseWithPointers(text, YAML_OPTIONS),
        createLogger,
      };
    },
  );
}
