/// <reference types="node" />
// The check of `validateResponses` under Node (./check.ts), its parts loaded from the package's
// place: ajv and ajv-formats, optional peers (CommonJS and ESM builds alike), and the spec's file.
// The main entry imports this module only when asked to check answers, so that `.` loads neither
// ajv nor the spec otherwise.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { manifest, requireFromPackage, specPath } from '../shared/package-root.js';
import { installCommand, loadPeer } from '../shared/peers.js';
import { checkOf, type Document } from './check.js';
import type { ContractCheck } from './guard.js';

/** Loads ajv, ajv-formats and the spec. `missing(command, cause)` is the error for a peer that is not installed. */
export function contractCheck(missing: (command: string, cause: unknown) => Error): ContractCheck {
  const absent = (cause: unknown) => missing(installCommand(manifest.peerDependencies, ['ajv', 'ajv-formats']), cause);
  const { Ajv2020: Ajv } = loadPeer<{ Ajv2020: typeof Ajv2020 }>('ajv/dist/2020.js', requireFromPackage, absent);
  const addFormats = loadPeer<{ default: (ajv: Ajv2020) => unknown }>(
    'ajv-formats',
    requireFromPackage,
    absent,
  ).default;
  return checkOf(Ajv, addFormats, JSON.parse(readFileSync(specPath, 'utf8')) as Document);
}
