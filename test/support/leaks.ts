// Finding a credential, or a piece of one, in whatever an error exposes.
import { secrets } from './operations.js';

/** Every text an error exposes: message, name, cause chain, own enumerable properties (its JSON), stack. */
export function exposedText(value: unknown, depth = 0): string {
  if (value === undefined || value === null || depth > 4) return '';
  if (typeof value !== 'object') return `${value as string}`;
  const parts: string[] = [];
  if (value instanceof Error) {
    parts.push(
      value.name,
      value.message,
      value.stack ?? '',
      exposedText((value as Error & { cause?: unknown }).cause, depth + 1),
    );
  }
  try {
    parts.push(JSON.stringify(value));
  } catch {
    parts.push('[unserialisable]');
  }
  return parts.join('\n');
}

/** A secret, or a fragment of 6+ characters of one, found in `text` (by default the suite's credentials). */
export function leakedFragment(text: string, among: readonly string[] = secrets): string | undefined {
  for (const secret of among) {
    for (let length = secret.length; length >= 6; length--) {
      for (let start = 0; start + length <= secret.length; start++) {
        const fragment = secret.slice(start, start + length);
        if (text.includes(fragment)) return `${fragment} (of ${secret})`;
      }
    }
  }
  return undefined;
}
