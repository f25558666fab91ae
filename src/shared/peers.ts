// What the bins and the mock's modules share about optional peers: loading one, telling its absence
// from a broken install, and the command that installs them.
//
// The command that installs optional peers at the lowest versions the package is tested with: the
// first version of each of package.json's ranges (`5.8.0 || ^5.16.0` → 5.8.0, `^8.17.1` → 8.17.1).

/** `npm install --save-dev a@1.2.3 b@4.5.6` for these peers of `ranges` (a name without a range: its latest). */
export function installCommand(ranges: Record<string, string>, names: readonly string[]): string {
  // A range's first version: what is before any `||`, without its `^` or `~`.
  const lowest = (range: string): string => (range.split('||')[0] as string).replace(/[\s^~]/g, '');
  return `npm install --save-dev ${names.map((name) => (name in ranges ? `${name}@${lowest(ranges[name] as string)}` : name)).join(' ')}`;
}

/**
 * `load(name)`, with the absence of `name` itself turned into `missing(error)`. A module that `name`
 * requires being absent is a broken install, not a missing peer: its error goes on as it is (its
 * message's first line names that module; the require stack below it may name `name`).
 */
export function loadPeer<T>(name: string, load: (name: string) => unknown, missing: (cause: unknown) => Error): T {
  try {
    return load(name) as T;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`Cannot find module '${name}'`)) throw missing(error);
    throw error;
  }
}
