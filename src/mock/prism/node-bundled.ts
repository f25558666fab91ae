// Prism's pieces as the built package carries them for Node: the package's build
// (scripts/prism-bundle.js) bundles the modules of PRISM_MODULES, with everything they load, into
// dist/prism-node/, and replaces this file's compiled JS (ESM and CommonJS) with a module that
// loads them from there. The package thus runs the Prism it is tested with, and a project that
// installs it installs no Prism. This source is what the repository runs (its tests, `npm start`):
// no bundle, so ./deps.ts takes the modules from the installed Prism, the dev dependencies the
// bundle is built from.
import type { PrismModuleName } from './modules.js';

/** The bundled modules: each loaded when first taken (Prism's reader of documents, its whole mocker and YAML reader are bundles of their own). */
export interface BundledPrism {
  take(name: PrismModuleName): unknown;
  /** The version of @stoplight/http-spec bundled (the build checks it is the one that read the embedded spec). */
  httpSpecVersion: string;
}

/** The package's bundle of Prism's pieces; undefined here, in the repository's source. */
export function bundledPrism(): BundledPrism | undefined {
  return undefined;
}
