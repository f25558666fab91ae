// No file of the repository cites a document outside it. The API was first written down from a
// source text and a team guide that are not in the repository; a maintainer who never saw them
// cannot follow a citation of their sections. What the contract says is in the spec (openapi/) and
// its gap policy in docs/gap-policy.md: cite those instead. The mock's and the verifier's random
// seeds (`--seed 7`, `FUZZ_SEED`, "seed 21") are not citations and are not matched.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Each pattern is written so that this file does not match it.
const CITATIONS: [string, RegExp][] = [
  ['the team guide', /GUID[E]/],
  ['a section of the source text', /\b[Ss]eed(?:['’]s)?(?:\s+words)?\s*\(?\s*(?:sections?|§)\s*\d/],
  ['a numbered section of the source text', /\b[Ss]eed\s+\d+\.\d/],
  ['a section of the source text, as a heading', /\b[Ss]eed\s+\d+(?::|\s+[A-Z])/],
  ['a section of the source text, as a field', /\bseed\s*:\s*['"`]\d+(?:\.\d+)*(?:[:,]|\s+and\b)/],
  ['a section of the source text, after it', /\b[Ss]ections?\s+\d[\d., and]*\s*of the seed\b/],
];

// Left out: fixtures (inputs of tests) and the frozen copy of the released spec, which keep the
// words they were written with.
const EXCLUDED = ['test/fixtures/', 'scripts/release-baseline.json'];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Whether a path up to a folder named shared, written in `file`, leads out of the repository (to
 * the folder beside it that held the guide and the source text) rather than to a folder of the
 * repository, such as src/shared/ seen from src/mock/.
 */
function leavesRepository(shared: string, file: string, root: string): boolean {
  const target = join(root, dirname(file), shared);
  const inside = relative(root, target);
  if (inside.startsWith('..') || isAbsolute(inside)) return true;
  try {
    return !statSync(target).isDirectory();
  } catch {
    return true;
  }
}

/** The citations of outside documents in `text`, the content of `file` (a path from `root`). */
function citationsIn(text: string, file = 'README.md', root = ROOT): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const at = `${index + 1}: `;
    for (const [what, pattern] of CITATIONS) {
      if (pattern.test(line)) found.push(`${at}${what}: ${line.trim().slice(0, 120)}`);
    }
    for (const [shared] of line.matchAll(/(?:\.\.\/)+shared\b/g)) {
      if (leavesRepository(shared, file, root))
        found.push(`${at}a folder outside the repository: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(
      (file) =>
        file !== '' &&
        !file.split('/').includes('node_modules') &&
        !EXCLUDED.some((e) => (e.endsWith('/') ? file.startsWith(e) : file === e)),
    );
}

function readText(file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(ROOT, file));
  } catch {
    return undefined; // tracked but deleted in the work tree, or a directory (submodule)
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

describe('the repository is self-contained', () => {
  it('no tracked text file cites the team guide, the folder beside the repository or a section of the source text', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readText(file);
      return text === undefined ? [] : citationsIn(text, file).map((hit) => `${file}:${hit}`);
    });
    expect(found).toEqual([]);
  });

  it('the patterns find the citations they are for, and not random seeds', () => {
    // Written so that this file cites nothing itself: SEED stands for the word in lower case.
    const G = ['GUI', 'DE'].join('');
    const cites = [
      `the gap policy of ${['..', 'shared', G].join('/')}.md`,
      `${G} §2 rule 3`,
      'Every bound of SEED section 8',
      "the SEED's words (sections 2.3, 4 and 5)",
      "describe('SEED 2.1 Signals configuration'",
      "describe('SEED 4 Endpoints'",
      "describe('SEED 5: the schemes each operation accepts'",
      `SEED: '4.4: traces_count is the "total traces ingested"'`,
      `SEED: '3, rule 1: scheduled_runs_enabled'`,
      'one test per table of sections 2, 4 and 8 of the SEED',
    ].map((line) => line.replaceAll('SEED', 'seed'));
    for (const line of cites) expect(citationsIn(line), line).not.toEqual([]);
    const seeds = [
      'Seed 7. Dry run: nothing was sent.',
      'api-contract-verify http://127.0.0.1:8000 (seed 42): 1 request in 0.0 s',
      'Replay: the same options with --seed 42.',
      "startTestMock({ dynamic: true, seed: '42', stateless: true })",
      '{ requests: 2, seed: 1, credentials }',
      'seed 21 is one where a draw has p = 6',
      'The 500 randomly corrupted valid bodies (fast-check seed 2547198444) got 200 × 36',
      'FUZZ_SEED=7 npx vitest run test/fuzz/positive.test.ts',
      'a user guide',
    ];
    for (const line of seeds) expect(citationsIn(line), line).toEqual([]);
  });

  it('a path up to a folder named shared is a citation only where it leaves the repository', () => {
    const root = mkdtempSync(join(tmpdir(), 'self-contained-'));
    try {
      mkdirSync(join(root, 'src', 'shared'), { recursive: true });
      mkdirSync(join(root, 'src', 'mock', 'service'), { recursive: true });
      const up = ['..', 'shared'].join('/');
      expect(citationsIn(`import { isObject } from '${up}/json.js';`, 'src/rules/types.ts', root)).toEqual([]);
      expect(
        citationsIn(`import { deepEqual } from '../${up}/json.js';`, 'src/mock/service/translate.ts', root),
      ).toEqual([]);
      expect(citationsIn(`see ${up}/notes.md`, 'README.md', root)).not.toEqual([]);
      expect(citationsIn(`see ${up}/notes.md`, 'test/spec.test.ts', root)).not.toEqual([]);
      expect(citationsIn(`see ../${up}/notes.md`, 'src/rules/types.ts', root)).not.toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
