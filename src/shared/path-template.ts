// A request path read under an operation's path template (`/v2/projects/{project_id}/traces`), by
// one set of rules for the whole mock: its routing table (src/mock/engine/router.ts), its input check
// (src/mock/engine/input-check.ts), and the steps that hand the path parameters to the scenarios, the
// rules and the 422 (src/mock/engine/engine.ts, src/mock/service/):
//   1. The path and the template are split at `/` and paired segment by segment; a path with
//      another number of segments is not under the template, and has no parameters under it.
//   2. A template segment that is one whole `{name}` names the parameter `name`; any other segment
//      (a literal, or a template inside a segment such as `{name}.json`) names none.
//   3. A parameter's value is its segment percent-decoded, as Prism reads it; a segment that does
//      not decode (`%ZZ`) is its value as sent.

/** A template segment that is one template and nothing else: its parameter's name. */
const WHOLE_TEMPLATE = /^{([^{}]+)}$/;

/** The parameter a template segment names (rule 2), or undefined. */
export const parameterOf = (written: string): string | undefined => WHOLE_TEMPLATE.exec(written)?.[1];

/** A path segment as Prism reads it: percent-decoded when it decodes, else as sent (rule 3). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment of a path and the template's segment at its place. */
export interface Segment {
  /** as the template writes it */
  written: string;
  /** as the path sends it */
  sent: string;
  /** the parameter the template's segment names, if any */
  parameter: string | undefined;
}

/**
 * Each template's segments and the parameters they name, read once: a spec has a few templates, a
 * mock many requests. Templates come from specs, never from requests.
 */
const templates = new Map<string, Omit<Segment, 'sent'>[]>();
function templateSegments(template: string): Omit<Segment, 'sent'>[] {
  let segments = templates.get(template);
  if (!segments) {
    segments = template.split('/').map((written) => ({ written, parameter: parameterOf(written) }));
    templates.set(template, segments);
  }
  return segments;
}

/** The path's segments paired with the template's (rule 1), or undefined when they number differently. */
export function segmentsUnder(template: string, path: string): Segment[] | undefined {
  const written = templateSegments(template);
  const sent = path.split('/');
  if (written.length !== sent.length) return undefined;
  return written.map(({ written, parameter }, i) => ({ written, sent: sent[i] as string, parameter }));
}

/** The values of the parameters the segments name, decoded (rule 3). */
export function parametersOf(segments: readonly Segment[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { sent, parameter } of segments) if (parameter !== undefined) values[parameter] = decodeSegment(sent);
  return values;
}

/** The path parameters of `path` under `template` (none when it is not under it). */
export function pathParameters(template: string, path: string): Record<string, string> {
  const segments = segmentsUnder(template, path);
  return segments ? parametersOf(segments) : {};
}
