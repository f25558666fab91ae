// The command that installs optional peers at the lowest versions the package is tested with: the
// first version of each of package.json's ranges (`5.8.0 || ^5.16.0` → 5.8.0, `^8.17.1` → 8.17.1).

/** `npm install --save-dev a@1.2.3 b@4.5.6` for these peers of `ranges` (a name without a range: its latest). */
export function installCommand(ranges: Record<string, string>, names: readonly string[]): string {
  // A range's first version: what is before any `||`, without its `^` or `~`.
  const lowest = (range: string): string => (range.split('||')[0] as string).replace(/[\s^~]/g, '');
  return `npm install --save-dev ${names.map((name) => (name in ranges ? `${name}@${lowest(ranges[name] as string)}` : name)).join(' ')}`;
}
