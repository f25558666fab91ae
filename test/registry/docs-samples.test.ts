// Every TypeScript sample of the documentation compiles as written: each ```ts block of README.md
// and docs/*.md is a file of a consumer project made from the packed tarball (with @types/node,
// msw and vitest the samples import), compiled with --strict --module nodenext
// --noEmit, "type": "module" and "types": ["node"], under the repository's TypeScript 5.9 and under
// TypeScript 7 (the native compiler, `npm i typescript@7`, installed from the npm registry into a
// cache of its own), once with each major of the msw peer range (its lowest version of each: the
// newest are test/ecosystem/msw.mjs's). Each sample that imports `msw/node` also runs, with vitest,
// under each MSW, with one test added: a request no handler matches, to a server of this test on
// 127.0.0.1, rejects and never reaches that server (MSW 3 needs Node 22.12+: on an older Node its
// run is skipped, the compile is not). A block that is deliberately a fragment says so with `<!-- frame: NAME -->` on
// the line before its fence and is compiled after that frame's prefix (FRAMES; the convention is
// in docs/CONTRIBUTING.md). It installs from the npm registry, so it is not part of `npm test`:
// `npm run test:registry` (vitest.registry.config.ts) runs it, and .ci/run runs that after every
// `npm test`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** What a fragment is compiled after: each name declares what its blocks use and do not declare. */
export const FRAMES: Record<string, string> = {
  client: [
    "import type { ApiClient as FrameApiClient } from '@observability/api-contract';",
    'declare const api: FrameApiClient;',
    'declare const project_id: string;',
    'declare const run_id: string;',
    'declare const template_id: string;',
    'declare const scorer_id: string;',
  ].join('\n'),
  mock: [
    "import type { Mock as FrameMock } from '@observability/api-contract/mock';",
    'declare const mock: FrameMock;',
  ].join('\n'),
};

interface Sample {
  /** e.g. `docs/client.md:42`, the line of the opening fence */
  name: string;
  /** the file it is compiled as, in the consumer project */
  file: string;
  /** the frame's prefix and the block, ending in `export {}` (each block is a module of its own) */
  source: string;
  /** lines before the block's first line in `source` */
  offset: number;
  /** the document's line of the block's first line */
  firstLine: number;
}

const FRAME_MARK = /^\s*<!--\s*frame:\s*([\w-]*)\s*-->\s*$/;
const FENCE = /^(\s*)(`{3,})\s*([\w-]*)/;

/** The ```ts blocks of a document, and the problems of its frame marks. */
function samplesOf(doc: string): { samples: Sample[]; problems: string[] } {
  const lines = readFileSync(join(root, doc), 'utf8').split('\n');
  const samples: Sample[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    const mark = FRAME_MARK.exec(lines[i]!);
    if (mark) {
      const next = FENCE.exec(lines[i + 1] ?? '');
      if (!next || !['ts', 'typescript'].includes(next[3]!))
        problems.push(`${doc}:${i + 1}: a frame mark not followed by a \`\`\`ts block`);
      else if (!(mark[1]! in FRAMES))
        problems.push(`${doc}:${i + 1}: unknown frame "${mark[1]}" (known: ${Object.keys(FRAMES).join(', ')})`);
      continue;
    }
    if (!open) continue;
    const [, indent, ticks, language] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${ticks}\\s*$`).exec(lines[j]!);
      if (close) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    if (language === 'ts' || language === 'typescript') {
      const frameName = FRAME_MARK.exec(lines[i - 1] ?? '')?.[1];
      const prefix = frameName === undefined ? '' : `${FRAMES[frameName] ?? ''}\n`;
      const offset = prefix === '' ? 0 : prefix.split('\n').length - 1;
      const name = `${doc}:${i + 1}${frameName === undefined ? '' : ` (frame: ${frameName})`}`;
      const file = `samples/${doc.replace(/[^\w]+/g, '_')}_${i + 1}.ts`;
      samples.push({ name, file, source: `${prefix}${body.join('\n')}\nexport {};\n`, offset, firstLine: i + 2 });
    }
    i = j;
  }
  return { samples, problems };
}

const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const read = DOCS.map(samplesOf);
const samples = read.flatMap((r) => r.samples);
const markProblems = read.flatMap((r) => r.problems);

// The caches, in the system's temp dir (never under the repository, whose node_modules the
// consumer project would otherwise resolve from): the consumer project, by a hash of the tarball
// and what it installs (only the newest is kept), and TypeScript 7.
const CACHE = join(tmpdir(), 'api-contract-docs-samples');
const TS7_DIR = join(CACHE, 'typescript-7');
/** The lowest version of each major the msw peer range admits (`^2.15.0 || ^3.0.0`: 2.15.0 and 3.0.0). */
const MSW = (manifest.peerDependencies.msw ?? '').split('||').map((range) => semver.minVersion(range.trim())!.version);
/** What the samples import besides the package: at the repository's own versions, and the given msw. */
const installOf = (msw: string) => [
  `@types/node@${manifest.devDependencies['@types/node']}`,
  `msw@${msw}`,
  `vitest@${manifest.devDependencies.vitest}`,
];

async function npmInstall(dir: string, specs: string[]): Promise<void> {
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', ...specs],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  );
}

/** The consumer project of an msw version: the packed tarball and installOf(msw), in a directory of its own. */
const consumers = new Map<string, Promise<string>>();
const consumerProject = (msw: string) => {
  if (!consumers.has(msw)) consumers.set(msw, makeConsumer(msw));
  return consumers.get(msw)!;
};
async function makeConsumer(msw: string): Promise<string> {
  const INSTALL = installOf(msw);
  const { tarball } = await packedPackage();
  const key = createHash('sha256').update(readFileSync(tarball)).update(INSTALL.join(' ')).digest('hex').slice(0, 16);
  const kind = `consumer-msw${semver.major(msw)}-`;
  const dir = join(CACHE, `${kind}${key}`);
  if (!existsSync(join(dir, 'node_modules/@observability/api-contract/package.json'))) {
    if (existsSync(CACHE))
      for (const entry of readdirSync(CACHE))
        if (entry.startsWith(kind) || /^consumer-[0-9a-f]{16}$/.test(entry))
          rmSync(join(CACHE, entry), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'docs-samples', private: true, type: 'module' }));
    try {
      await npmInstall(dir, [tarball, ...INSTALL]);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `installing the packed package and ${INSTALL.join(' ')} into ${dir} failed: ${(error as { stderr?: string }).stderr ?? String(error)}`,
        { cause: error },
      );
    }
  }
  rmSync(join(dir, 'samples'), { recursive: true, force: true });
  mkdirSync(join(dir, 'samples'));
  for (const sample of samples) writeFileSync(join(dir, sample.file), sample.source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: { strict: true, module: 'nodenext', noEmit: true, types: ['node'] },
        files: samples.map((s) => s.file),
      },
      null,
      2,
    ),
  );
  return dir;
}

/** TypeScript 7's compiler: `typescript@7` from the npm registry, installed once into TS7_DIR. */
async function typescript7(): Promise<string> {
  const installed = join(TS7_DIR, 'node_modules/typescript/package.json');
  const version = () =>
    existsSync(installed) ? (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version : undefined;
  if (!version()?.startsWith('7.')) {
    mkdirSync(TS7_DIR, { recursive: true });
    writeFileSync(join(TS7_DIR, 'package.json'), JSON.stringify({ name: 'typescript-7', private: true }));
    try {
      await npmInstall(TS7_DIR, ['typescript@7']);
    } catch (error) {
      throw new Error(
        `TypeScript 7 is not available: \`npm install typescript@7\` from the npm registry into ${TS7_DIR} failed, so the samples could not be compiled with it:\n${(error as { stderr?: string }).stderr ?? String(error)}`,
        { cause: error },
      );
    }
    if (!version()?.startsWith('7.'))
      throw new Error(
        `\`npm install typescript@7\` into ${TS7_DIR} installed TypeScript ${version() ?? 'nothing'}, not 7`,
      );
  }
  return join(TS7_DIR, 'node_modules/typescript/bin/tsc');
}

/** The errors tsc reports, by sample file; every line of a diagnostic that names no sample goes under ''. */
async function compile(tsc: string, msw: string): Promise<{ version: string; errors: Map<string, string[]> }> {
  const dir = await consumerProject(msw);
  const version = (await run(process.execPath, [tsc, '--version'], { cwd: dir })).stdout.trim();
  const { stdout } = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    if (!error.stdout) throw new Error(`${version} did not run: ${error.stderr || error.message}`);
    return { stdout: error.stdout };
  });
  const errors = new Map<string, string[]>();
  for (const line of stdout.split('\n').filter((l) => /error TS\d+/.test(l))) {
    const sample = samples.find((s) => line.startsWith(`${s.file}(`));
    const key = sample?.file ?? '';
    errors.set(key, [...(errors.get(key) ?? []), line]);
  }
  return { version, errors };
}

/** A diagnostic of a sample, with its line in the document instead of in the compiled file. */
function located(sample: Sample, line: string): string {
  return line.replace(/^[^(]+\((\d+),(\d+)\)/, (_, row: string, col: string) => {
    const inBlock = Number(row) - sample.offset;
    return inBlock >= 1
      ? `${sample.name.split(' ')[0]!.split(':')[0]}:${sample.firstLine + inBlock - 1}:${col}`
      : `${sample.name} (frame line ${row},${col})`;
  });
}

describe('the TypeScript samples of the documentation', () => {
  it('are found, and every frame mark names a frame and precedes a ```ts block', () => {
    expect(markProblems).toEqual([]);
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.some((s) => s.name.startsWith('README.md'))).toBe(true);
  });
});

const compilers: [string, () => Promise<string>][] = [
  ['TypeScript 5.9 (the repository’s own)', async () => join(root, 'node_modules/typescript/bin/tsc')],
  ['TypeScript 7 (typescript@7 from the npm registry)', typescript7],
];

const matrix = compilers.flatMap(([label, compiler]) => MSW.map((msw) => [label, msw, compiler] as const));

describe.each(matrix)('%s with msw %s, --strict --module nodenext', (_label, msw, compiler) => {
  let result: { version: string; errors: Map<string, string[]> };
  beforeAll(async () => {
    result = await compile(await compiler(), msw);
  }, 600_000);

  it('reports no error outside the samples', () => {
    expect(result.errors.get('') ?? [], result.version).toEqual([]);
  });

  it.each(samples.map((s) => [s.name, s] as const))('%s compiles', (_name, sample) => {
    expect(
      (result.errors.get(sample.file) ?? []).map((line) => located(sample, line)),
      result.version,
    ).toEqual([]);
  });
});

/** The samples that set up MSW in Node: each runs as a vitest file, with UNHANDLED appended. */
const mswSamples = samples.filter((s) => s.source.includes("from 'msw/node'"));
const UNHANDLED = `
it('rejects a request no handler matches, and sends it nowhere', async () => {
  await expect(fetch(\`\${process.env.UNHANDLED_ORIGIN}/v2/system_users\`)).rejects.toThrow();
});
`;
const nodeRunsMsw3 = semver.satisfies(process.versions.node, '>=22.12.0');

describe('the samples that set up MSW in Node', () => {
  it('are found', () => {
    expect(mswSamples.map((s) => s.name.split(':')[0])).toContain('README.md');
  });
});

describe.each(MSW)('the MSW samples run under msw %s', (msw) => {
  const skip = semver.major(msw) >= 3 && !nodeRunsMsw3;
  const reached: string[] = [];
  const server = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.end('{}');
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.skipIf(skip).each(mswSamples.map((s) => [s.name, s] as const))(
    '%s: every test passes, and the unhandled request fails without reaching the network',
    async (_name, sample) => {
      const dir = await consumerProject(msw);
      const file = `run-${sample.file.replace(/^samples\//, '').replace(/\.ts$/, '.test.ts')}`;
      writeFileSync(join(dir, file), sample.source.replace(/export \{\};\n$/, `${UNHANDLED}export {};\n`));
      const report = join(dir, `${file}.json`);
      const { port } = server.address() as AddressInfo;
      const outcome = await run(
        process.execPath,
        [
          join(dir, 'node_modules/vitest/vitest.mjs'),
          'run',
          file,
          '--root',
          dir,
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        {
          cwd: dir,
          env: { ...process.env, UNHANDLED_ORIGIN: `http://127.0.0.1:${port}`, CI: '1' },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => error);
      const results = existsSync(report)
        ? (JSON.parse(readFileSync(report, 'utf8')) as {
            testResults: { assertionResults: { title: string; status: string }[] }[];
          })
        : undefined;
      const statuses = results?.testResults.flatMap((r) => r.assertionResults.map((a) => [a.title, a.status]));
      expect(
        statuses,
        `${sample.name} under msw ${msw}: ${outcome.stdout ?? ''}${outcome.stderr ?? ''}`,
      ).toContainEqual(['rejects a request no handler matches, and sends it nowhere', 'passed']);
      expect(statuses?.filter(([, status]) => status !== 'passed')).toEqual([]);
      expect(reached).toEqual([]);
    },
    300_000,
  );
});
