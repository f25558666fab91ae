/// <reference types="node" />
// `api-contract-verify --drift`: the command's side of drift.ts. Reads the allow list and the
// cassettes (a stale stamp names the command that records them again), starts the in-process mock,
// runs the comparison against the server or the cassettes, records the server's answers and writes
// the run's allow list (drift-baseline.ts) when asked, and prints the report. Exit codes: 0 no
// divergence outside the allow list, 1 a divergence, 2 bad input, a missing peer, or a server that
// cannot be reached or is not this API.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credentials } from '../client/index.js';
import {
  AllowListError,
  CASSETTE_FORMAT,
  CassetteError,
  checkStamp,
  formatCassette,
  readCassettes,
  specHash,
  type Cassette,
  type Interaction,
} from './cassette.js';
import { baselineOf, formatAllowList, parseDriftAllowList, type DriftAllowEntry } from './drift-baseline.js';
import { notTheApiMessage, progressLine, reachable, type DriftFlags, type Io, type Options } from './command.js';
import type { Operation } from './operations.js';

export interface DriftCommand extends Options {
  drift: DriftFlags;
  selected: Operation[];
  credentials: Credentials;
  /** Every form of a credential that must not reach the output. */
  secrets: string[];
}

/** The command that records cassettes like these again (no credential: they come from the environment). */
function rerecordCommand(command: DriftCommand, dir: string): string {
  return [
    'npx api-contract-verify --drift',
    `--base-url ${command.baseUrl}`,
    ...(command.drift.withWrites ? ['--with-writes'] : []),
    ...(command.operations ? [`--operations ${command.operations.join(',')}`] : []),
    `--record ${dir}`,
  ].join(' ');
}

/** The provider's answers as cassettes, one per operation, stamped with the spec's hash. */
function cassettesOf(command: DriftCommand, interactions: Interaction[], dir: string): Cassette[] {
  const stamp = {
    spec: specHash(),
    corpus: { seed: 45, requests: interactions.length },
    provider: { name: command.baseUrl, versions: {} },
    rerecord: rerecordCommand(command, dir),
  };
  return command.selected
    .map((op): Cassette => ({
      format: CASSETTE_FORMAT,
      operation: op.id,
      stamp,
      interactions: interactions.filter((i) => i.request.operation === op.id),
    }))
    .filter((c) => c.interactions.length > 0);
}

export async function driftMain(command: DriftCommand, io: Io): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`api-contract-verify: ${message}\n`);
    return 2;
  };
  const { drift: flags } = command;
  let allowed: DriftAllowEntry[];
  let replayed: Interaction[] | undefined;
  try {
    allowed = flags.allow.flatMap((file) => parseDriftAllowList(readFileSync(file, 'utf8'), file));
    if (flags.replay !== undefined) {
      const cassettes = readCassettes(flags.replay);
      if (cassettes.length === 0) throw new CassetteError(`${flags.replay} holds no cassette (*.json)`);
      checkStamp(cassettes);
      replayed = cassettes.flatMap((c) => c.interactions);
    }
  } catch (error) {
    if (error instanceof AllowListError || error instanceof CassetteError) return fail(error.message);
    const e = error as NodeJS.ErrnoException;
    if (typeof e.code === 'string' || error instanceof SyntaxError) return fail(`cannot read ${e.message}`);
    throw error;
  }

  // The mock needs Prism, optional peers too: its own error names them and their install line.
  let mocks;
  try {
    const { createMock } = await import('../mock/index.js');
    mocks = { stateless: await createMock({ stateless: true }), rules: await createMock() };
  } catch (error) {
    return fail(`the mock cannot start: ${(error as Error).message}`);
  }

  if (replayed === undefined) {
    const unreachable = await reachable(command.baseUrl, command.timeoutMs);
    if (unreachable !== undefined) return fail(`cannot reach ${command.baseUrl}: ${unreachable}`);
    if (flags.withWrites)
      io.stderr(
        `--with-writes: the valid requests and the rules across requests create or change data on ${command.baseUrl}, under fresh identifiers.\n`,
      );
  }

  const { drift } = await import('./drift.js');
  const { formatDriftText, formatDriftJunit } = await import('./drift-report.js');
  const { report, interactions, seen } = await drift({
    source:
      replayed === undefined
        ? {
            type: 'live',
            baseUrl: command.baseUrl,
            timeoutMs: command.timeoutMs,
            concurrency: command.concurrency,
            credentials: command.credentials,
          }
        : { type: 'replay', interactions: replayed, baseUrl: command.baseUrl },
    operations: command.selected,
    withWrites: flags.withWrites,
    pathParams: command.pathParams,
    allowed,
    mock: mocks.stateless,
    rulesMock: mocks.rules,
    ...progressLine(io),
  });
  if (report.notTheApi !== undefined)
    return fail(notTheApiMessage(command.baseUrl, command.selected, report.notTheApi));

  const redact = (text: string) =>
    command.secrets.reduce((out, secret) => out.split(secret).join('[credential]'), text);
  try {
    if (flags.record !== undefined) {
      mkdirSync(flags.record, { recursive: true });
      for (const cassette of cassettesOf(command, interactions, flags.record))
        writeFileSync(join(flags.record, `${cassette.operation}.json`), redact(formatCassette(cassette)));
    }
    if (command.junit !== undefined) writeFileSync(command.junit, redact(formatDriftJunit(report)));
    if (flags.writeBaseline !== undefined) {
      const reason = `in the baseline of ${report.source} written ${report.startedAt.slice(0, 10)}: not reviewed yet`;
      writeFileSync(flags.writeBaseline, redact(formatAllowList(baselineOf(seen, reason))));
    }
  } catch (error) {
    return fail(`cannot write: ${(error as Error).message}`);
  }
  io.stdout(redact(command.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatDriftText(report)}\n`));
  return report.agrees ? 0 : 1;
}
