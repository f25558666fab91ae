// What the verifier's commands share (./cli.ts's conformance run and ./drift-cli.ts's drift): where
// they read and write, their options, and what they say of a server before a run.

import type { BinIo } from '../shared/bin.js';

/** Where a command reads and writes: the process's, as ../shared/bin.ts hands them. */
export type Io = BinIo;

export interface Options {
  baseUrl: string;
  operations: string[] | undefined;
  pathParams: Record<string, string>;
  requests: number;
  concurrency: number;
  timeoutMs: number;
  seed: number;
  yes: boolean;
  dryRun: boolean;
  json: boolean;
  junit: string | undefined;
  help: boolean;
  drift: DriftFlags | undefined;
}

/** The options of `--drift`. */
export interface DriftFlags {
  withWrites: boolean;
  /** Allow-list files, in the order given. */
  allow: string[];
  record: string | undefined;
  replay: string | undefined;
  /** Where to write the run's allow list: a pinned entry for each difference of each request. */
  writeBaseline: string | undefined;
}

/** On a terminal, a progress line on stderr, drawn at most every 100 ms and cleared at the end. */
export function progressLine(io: Io): { onProgress?: (done: number, of: number) => void } {
  if (!io.isTTY) return {};
  let lastDrawn = 0;
  return {
    onProgress: (done, of) => {
      const now = Date.now();
      if (now - lastDrawn < 100 && done < of) return;
      lastDrawn = now;
      io.stderr(`\r\x1b[K${done}/${of} requests`);
      if (done === of) io.stderr('\r\x1b[K');
    },
  };
}

/** What the command says of a server whose first answers do not look like this API's. */
export function notTheApiMessage(baseUrl: string, selected: { path: string }[], seen: string): string {
  const root = selected[0]!.path.split('/')[1];
  return `${baseUrl} does not look like this API: ${seen}; check --base-url (the operations live under /${root}/…)`;
}

/** Whether any HTTP answer comes from the server (any status means it is reachable). */
export async function reachable(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
    // fetch rejects with a cause on every other failure.
    const { cause = {} } = e;
    return cause.code ?? cause.message ?? String(error);
  }
}
