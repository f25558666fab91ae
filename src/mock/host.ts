/// <reference types="node" />
// What the mock takes from Node: Prism's pieces, bundled with the package (./prism/deps.ts), files, the
// standard output for its log, and the coverage records it writes (./coverage-file.ts). The pipeline (./pipeline.ts) takes these from its door, so that it
// runs wherever its host gives them.
import { readFileSync } from 'node:fs';
import { loadPrism } from './prism/deps.js';
import type { Host } from './pipeline.js';
import { coverageFile } from './coverage-file.js';

/** The host of the mock under Node: Prism's pieces, files read from disk, the log on stdout. */
export const nodeHost = (): Host => ({
  prism: loadPrism(),
  readFile: (path) => readFileSync(path, 'utf8'),
  log: process.stdout,
  coverageFile,
});
