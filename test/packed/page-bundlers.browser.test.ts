// The client with validateResponses in a web page, as a front-end project builds one: a project
// that installs the packed package (a copy of its install, with ajv and ajv-formats linked from
// this repository's node_modules) bundles a page of test/fixtures/page-bundlers/ with each
// bundler's own command and no option (esbuild's `--bundle --outfile`, `vite build` of an
// `index.html`, `webpack` of `src/index.js`). Each page is served on loopback by a server that also answers the one API route
// the page calls, and loaded in headless Chromium (test/support/chromium.ts). The checked entry's
// client passes a valid answer and reports one that breaks the contract with its own typed error;
// the main entry's refuses validateResponses with a typed error before anything is sent. No call
// settles with a TypeError, which reads as a dropped connection.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../support/chromium.js';
import { packedPackage } from '../support/packed.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(repo, 'test/fixtures/page-bundlers');
const { app } = await packedPackage();

/** The spec's example of a created user (createOrVerifyUser's 200), and the same with a role the schema has not. */
const USER = {
  id: 'd2f4a6c8-0e1b-4d3f-a5c7-9e1b3d5f7a92',
  created_at: '2026-11-22T08:32:00Z',
  updated_at: '2026-11-22T08:32:00Z',
  email: 'ada.lovelace@example.org',
  status: 'enabled',
  role: 'system_admin',
  auth_method: 'email',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_is_verified: false,
};
const ANSWERS: Record<string, unknown> = { valid: USER, broken: { ...USER, role: 42 } };

/** Each bundler as its command runs with no option: the page's directory in, the directory to serve out. */
const BUNDLERS: Record<string, (dir: string) => Promise<string>> = {
  esbuild: async (dir) => {
    await run(join(repo, 'node_modules/.bin/esbuild'), ['page.js', '--bundle', '--outfile=out/page.js'], {
      cwd: dir,
      env: buildEnv(),
    });
    cpSync(join(dir, 'index.html'), join(dir, 'out/index.html'));
    return join(dir, 'out');
  },
  vite: async (dir) => {
    await run(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir, env: buildEnv() });
    return join(dir, 'dist');
  },
  // webpack with no configuration: ./src/index.js in, ./dist/main.js out (a script, not a module).
  webpack: async (dir) => {
    mkdirSync(join(dir, 'src'));
    cpSync(join(dir, 'page.js'), join(dir, 'src/index.js'));
    cpSync(join(dir, 'call.js'), join(dir, 'src/call.js'));
    await run(process.execPath, [join(repo, 'node_modules/webpack-cli/bin/cli.js')], { cwd: dir, env: buildEnv() });
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    writeFileSync(
      join(dir, 'dist/index.html'),
      html.replace('<script type="module" src="./page.js">', '<script src="./main.js">'),
    );
    return join(dir, 'dist');
  },
};

/** A project's build environment: vitest's NODE_ENV=test is not one. */
function buildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

interface Served {
  origin: string;
  /** Every request the server got, as `METHOD /path`. */
  requests: string[];
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The built page's files, and POST /v2/system_users answered as its `x-answer` header asks. */
async function serve(dir: string): Promise<Served> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    requests.push(`${request.method} ${path}`);
    if (request.method === 'POST' && path === '/v2/system_users') {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ANSWERS[String(request.headers['x-answer'])]));
      });
      return;
    }
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every script the build wrote, as one text. */
function scripts(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

interface Outcome {
  data?: unknown;
  error?: {
    name: string;
    message: string;
    typeError: boolean;
    unexpectedResponse: boolean;
    kind?: string;
    violations?: unknown;
  };
}

let project: string;
let browser: Browser | undefined;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'page-bundlers-'));
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '@observability'), { recursive: true });
  for (const name of ['@observability/api-contract', 'openapi-fetch', 'openapi-typescript-helpers'])
    cpSync(join(app, 'node_modules', name), join(modules, name), { recursive: true, dereference: true });
  for (const peer of ['ajv', 'ajv-formats']) symlinkSync(join(repo, 'node_modules', peer), join(modules, peer), 'dir');
  writeFileSync(join(project, 'package.json'), '{ "name": "page", "private": true, "type": "module" }\n');
  browser = await chromium.launch({
    executablePath: await chromiumExecutable(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
});

afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    if (project) rmSync(project, { recursive: true, force: true });
  }
});

/** Bundles the page `entry` (a fixture) with `bundler`, serves it, and makes each call of `answers` in Chromium. */
async function pageCalls(bundler: string, entry: string, answers: string[]) {
  const dir = join(project, `${bundler}-${entry}`);
  mkdirSync(dir);
  for (const file of ['index.html', 'call.js']) cpSync(join(fixtures, file), join(dir, file));
  cpSync(join(fixtures, `${entry}.js`), join(dir, 'page.js'));
  const out = await BUNDLERS[bundler]!(dir);
  const served = await serve(out);
  const context = await browser!.newContext();
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => (globalThis as { ready?: boolean }).ready, undefined, { timeout: 15_000 });
    const outcomes: Outcome[] = [];
    for (const answer of answers) {
      const call = (given: string) =>
        (globalThis as unknown as { call: (answer: string) => Promise<Outcome> }).call(given);
      outcomes.push(await page.evaluate(call, answer));
    }
    const posts = served.requests.filter((request) => request.startsWith('POST '));
    return { outcomes, posts, requests: served.requests, errors, code: scripts(out) };
  } finally {
    await context.close();
    await served.close();
  }
}

describe("validateResponses in a page bundled with each bundler's defaults, in Chromium", { timeout: 120_000 }, () => {
  it.each(Object.keys(BUNDLERS))(
    '%s: the checked entry passes a valid answer, and reports one that breaks the contract as UnexpectedResponseError',
    async (bundler) => {
      const { outcomes, posts, requests, errors } = await pageCalls(bundler, 'checked', ['valid', 'broken']);
      expect(outcomes[0]).toEqual({ data: USER });
      expect(outcomes[1]!.error).toMatchObject({
        name: 'UnexpectedResponseError',
        unexpectedResponse: true,
        typeError: false,
        kind: 'contract',
        violations: [
          { pointer: '/role', message: 'must be string' },
          { pointer: '/role', message: 'must be equal to one of the allowed values' },
        ],
      });
      expect(posts).toEqual(['POST /v2/system_users', 'POST /v2/system_users']);
      expect(requests.filter((request) => request.includes('contract'))).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it.each(Object.keys(BUNDLERS))(
    '%s: the main entry refuses validateResponses with its typed error, before anything is sent, and carries no ajv',
    async (bundler) => {
      const { outcomes, posts, errors, code } = await pageCalls(bundler, 'plain', ['valid']);
      expect(outcomes[0]!.error).toMatchObject({
        name: 'ValidatorUnavailableError',
        unexpectedResponse: false,
        typeError: false,
      });
      expect(outcomes[0]!.error!.message).toContain("'@observability/api-contract/checked'");
      expect(posts).toEqual([]);
      expect(errors).toEqual([]);
      // ajv's message for a missing property: none of ajv is in a page that does not import the checked entry.
      expect(code).not.toContain('must have required property');
      // ajv, its formats and the spec are about 56 kB of gzip; the client alone, about 7 kB minified.
      expect(gzipSync(code).byteLength).toBeLessThan(16_000);
    },
  );
});
