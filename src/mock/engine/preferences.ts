// The engine's preferences step (./engine.ts): what the client asks of the mock's choice, as Prism's HTTP server reads it: the `Prefer`
// header (`code=422`, `example=administrator`, `dynamic=true`, `seed=7`), or, without one, the
// `__code`, `__example`, `__dynamic` and `__seed` query parameters. A preference that cannot be
// read is Prism's 422 problem, naming it.
//   in:  Prism's request
//   out: the preferences that were given, or the problem
import type { PlainPrism } from '../prism/adapter.js';
import type { IHttpRequest } from '../prism/prism-types.js';

export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export type PreferencesRead = { preferences: Preferences } | { problem: Error };

export function createPreferences(
  prism: Pick<PlainPrism, 'ProblemJsonError' | 'problems' | 'parsePrefer'>,
): (input: IHttpRequest) => PreferencesRead {
  return (input) => {
    const header = input.headers?.prefer;
    const query = input.url.query ?? {};
    const given: Record<string, unknown> = header
      ? prism.parsePrefer(String(header))
      : { code: query.__code, example: query.__example, dynamic: query.__dynamic, seed: query.__seed };
    const preferences: Preferences = {};
    const wrong: string[] = [];
    const read = (name: string, test: (value: string) => boolean, set: (value: string) => void, expected: string) => {
      const value = given[name];
      if (value === undefined) return;
      if (typeof value === 'string' && test(value)) set(value);
      else wrong.push(`${name}: expected ${expected}, got ${JSON.stringify(value)}`);
    };
    read(
      'code',
      (v) => /^\d{3}$/.test(v),
      (v) => (preferences.code = Number(v)),
      'a three-digit status code',
    );
    read(
      'example',
      () => true,
      (v) => (preferences.exampleKey = v),
      'the name of an example',
    );
    read(
      'dynamic',
      (v) => v === 'true' || v === 'false',
      (v) => (preferences.dynamic = v === 'true'),
      'true or false',
    );
    read(
      'seed',
      () => true,
      (v) => (preferences.seed = v),
      'a seed',
    );
    if (wrong.length === 0) return { preferences };
    return {
      problem: prism.ProblemJsonError.fromTemplate(
        prism.problems.UNPROCESSABLE_ENTITY,
        `The Prefer preferences cannot be read: ${wrong.join('; ')}`,
      ),
    };
  };
}
