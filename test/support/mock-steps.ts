// What the suites of the mock's steps share: the embedded spec read, a project id, what the parse
// step hands on for a JSON body, and a logger that keeps each line as the mock's log shows it.
import { readFileSync } from 'node:fs';
import type { Logger } from '../../src/mock/prism/log.js';
import type { Received } from '../../src/mock/request/parse.js';
import { Spec, type Document } from '../../src/mock/prism/spec.js';
import { specPath } from './spec.js';

export const spec = new Spec(JSON.parse(readFileSync(specPath, 'utf8')) as Document);
export const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

/** What the parse step hands on for a JSON body sent as `JSON.stringify(body)`, with `extra` over it. */
export const received = (body: unknown, extra: Partial<Received> = {}): Received => ({
  query: {},
  absent: false,
  body,
  text: JSON.stringify(body),
  unchecked: false,
  ...extra,
});

/** A logger that keeps each line as the mock's log shows it: `<level> [<name>] <METHOD path> <message>`. */
export function recording(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (fields: { name?: string; input?: { method?: string; url?: { path?: string } } }, message: string) =>
      void lines.push(
        `${level}${fields.name ? ` [${fields.name}]` : ''}${fields.input ? ` ${fields.input.method?.toUpperCase()} ${fields.input.url?.path}` : ''} ${message}`,
      );
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}
