#!/usr/bin/env node
// What the package costs its users, side by side with the alternatives, on this machine.
//
//   node scripts/bench/index.js [--only client,mock,pipeline,package,growth,inprocess,bodies,scenarios,suite,bundle,coverage,startup] [--quick]
//                               [--duration SECONDS] [--packed DIR] [--write [FILE]]
//
//   --only      run only these sections (comma-separated; default: all twelve; bundle needs `npm run build:dist`)
//   --quick     a tiny configuration that checks the harness, not the machine: short timers,
//               0.5 s of load, slow pipeline steps skipped, growth at 1× only, single runs
//   --duration  seconds of load per mock scenario (default 5; 0.5 with --quick), and with --quick
//               per server of the growth section too
//   --packed    the package and startup sections reuse the package that packAndInstall (package.js) packed
//               and installed into DIR, instead of packing it again (the tests pack once and keep it)
//   --write     also write the report (Markdown) to FILE (default BENCHMARKS.md in the repo)
//
// Every server and temp dir it makes is removed at the end, on an error, and on Ctrl-C.
// The output is Markdown; it is never an assertion: nothing here fails on a slow figure.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cleanup, installCleanupHandlers, machine, root, table } from './lib.js';

// Each section's module is loaded when the section runs: a run of one section, or a command line
// refused, does not pay for loading the others (autocannon, openapi-typescript, the client).
/** @typedef {{ quick: boolean, duration: number, packed: string | undefined }} SectionOptions */
/**
 * What a section reports: its text, and the rows of its figures that have a target (what, figure,
 * target), which the report lists again at its end.
 * @typedef {{ text: string, targets?: string[][] }} SectionResult
 */
/** @type {Record<'client' | 'mock' | 'pipeline' | 'package' | 'growth' | 'inprocess' | 'bodies' | 'scenarios' | 'suite' | 'bundle' | 'coverage' | 'startup', { title: string, run: (options: SectionOptions) => Promise<SectionResult> }>} */
const SECTIONS = {
  client: {
    title: '1. Client overhead (per call, fetch stubbed)',
    run: async (o) => (await import('./client.js')).clientSection(o),
  },
  mock: {
    title: '2. Mock throughput (loopback, 10 connections)',
    run: async (o) => (await import('./throughput.js')).mockSection(o),
  },
  pipeline: {
    title: '3. Pipeline (each step alone)',
    run: async (o) => (await import('./pipeline.js')).pipelineSection(o),
  },
  package: {
    title: '4. Package (what a user installs and type-checks)',
    run: async (o) => (await import('./package.js')).packageSection(o),
  },
  growth: {
    title: '5. Growth (10× and 100× the operations)',
    run: async (o) => (await import('./growth.js')).growthSection(o),
  },
  inprocess: {
    title: '6. The mock in-process (createMock)',
    run: async (o) => (await import('./inprocess.js')).inProcessSection(o),
  },
  bodies: { title: '7. Big bodies (the HTTP mock)', run: async (o) => (await import('./bodies.js')).bodiesSection(o) },
  scenarios: {
    title: '8. Scenarios (their cost per request)',
    run: async (o) => (await import('./scenarios.js')).scenariosSection(o),
  },
  suite: {
    title: '9. The test suite (npm test, wall)',
    run: async (o) => (await import('./suite.js')).suiteSection(o),
  },
  bundle: {
    title: '10. The mock in a web page (bundle size)',
    run: async () => (await import('./bundle.js')).bundleSection(),
  },
  coverage: {
    title: '11. Coverage (its cost per request)',
    run: async (o) => (await import('./coverage.js')).coverageSection(o),
  },
  startup: {
    title: '12. The package installed alone: what it installs, how soon the mock answers',
    run: async (o) => (await import('./startup.js')).startupSection(o),
  },
};

/** @typedef {keyof typeof SECTIONS} Section */

/**
 * The command line's options.
 * @returns {{ only: Section[], quick: boolean, duration: number, packed: string | undefined, write: boolean }}
 */
function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      packed: { type: 'string' },
      write: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(
      `node scripts/bench/index.js [--only ${Object.keys(SECTIONS).join(',')}] [--quick] [--duration S] [--packed DIR] [--write [FILE]]`,
    );
    process.exit(0);
  }
  const only = values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Object.keys(SECTIONS);
  /** @type {(name: string) => name is Section} */
  const known = (name) => name in SECTIONS;
  const unknown = only.filter((name) => !known(name));
  if (unknown.length > 0)
    throw new Error(`--only: unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  const duration = values.duration === undefined ? (values.quick ? 0.5 : 5) : Number(values.duration);
  if (!(duration > 0 && duration <= 600))
    throw new Error(`--duration must be a number of seconds in (0, 600], got ${values.duration}`);
  return {
    only: only.filter(known),
    quick: values.quick ?? false,
    duration,
    packed: values.packed && resolve(values.packed),
    write: values.write ?? false,
  };
}

/** `--write` takes an optional file: the positional right after it, if any. */
function writeTarget() {
  const at = process.argv.indexOf('--write');
  const next = process.argv[at + 1];
  return next && !next.startsWith('--') ? resolve(next) : join(root, 'BENCHMARKS.md');
}

async function main() {
  installCleanupHandlers();
  const opts = options();
  const started = performance.now();
  const { line, load } = machine();
  const command = `node scripts/bench/index.js${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
  /** @type {string[]} */
  const out = [];
  const print = (text = '') => {
    out.push(text);
    console.log(text);
  };
  print(line);
  print('');
  print(
    `${load}. Command: \`${command}\`. Started ${new Date().toISOString()}.${opts.quick ? ' --quick: the figures only show that the harness runs.' : ''}`,
  );
  /** @type {Section[]} */
  const failed = [];
  /** @type {string[][]} */
  const targets = [];
  /** @param {Section} name */
  const runSection = async (name) => {
    const sectionStarted = performance.now();
    let text;
    try {
      const result = await SECTIONS[name].run(opts);
      text = result.text;
      for (const row of result.targets ?? []) targets.push([`${SECTIONS[name].title.split('.')[0]}`, ...row]);
    } catch (error) {
      failed.push(name);
      text = `FAILED: ${String((error instanceof Error ? error.stack : undefined) ?? error)}`;
    }
    return `${text}\n\n_Section wall time: ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s._`;
  };
  /** @param {Section | 'targets'} name */
  const heading = (name) => {
    print('');
    print(`## ${name === 'targets' ? 'The figures that have a target, as measured above' : SECTIONS[name].title}`);
    print('');
  };
  for (const name of opts.only) {
    heading(name);
    print(await runSection(name));
  }
  if (targets.length > 0) {
    heading('targets');
    print(table(['section', 'what', 'figure', 'target'], targets, 'llrr'));
  }
  print('');
  print(
    `Total wall time: ${((performance.now() - started) / 1000).toFixed(1)} s. Load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}.` + (failed.length ? ` Failed sections: ${failed.join(', ')}.` : ''),
  );

  if (opts.write) {
    const target = writeTarget();
    writeFileSync(target, `${header(command)}${out.join('\n')}\n`);
    console.error(`bench: wrote ${relative(process.cwd(), target) || target}`);
  }
  return failed.length === 0;
}

/** @param {string} command */
function header(command) {
  return `# Benchmarks

What \`@observability/api-contract\` costs its users, side by side with the alternatives. Generated
by \`${command}\` (\`npm run bench\`); re-run it to refresh this file. Figures are
wall-clock measurements of one run on the machine named below, never assertions: compare rows of
the same run, not runs on different machines. Sections run alone with
\`--only client,mock,pipeline,package,growth\`.

`;
}

main()
  .then(async (ok) => {
    await cleanup();
    process.exitCode = ok ? 0 : 1;
  })
  .catch(async (error) => {
    console.error(`bench: ${error.message ?? error}`);
    await cleanup();
    process.exitCode = 2;
  });
