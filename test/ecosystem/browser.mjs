// The mock in a web page, as front-end teams run it: an empty project installs the packed package
// (the tarball given as the argument) with msw, and a page that imports `@observability/api-contract/mock`,
// `/msw` and the client is bundled twice for the browser with no Node polyfills (esbuild with
// `platform: 'browser'`, and Vite), with MSW's worker script beside it. Each page is served on
// loopback and loaded in headless Chromium (test/support/chromium.ts, run by Node 24's type
// stripping), where `setupWorker(...mswHandlers(BASE, mock))` answers every call to BASE. A corpus
// of requests goes, in the same order, through the page's worker and to the HTTP mock of the same
// install (its bin, a fresh process per page): every request example, a 422 per operation (a body
// of the wrong type, malformed JSON), a 401, the Signals PUT with each credential, the first-user rule, the journal, a scenario, reset,
// and each example through the client; each answer must have the same status and body bytes.
// Prints each page's bundle size (minified, gzipped). Servers and the browser are stopped on any outcome.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { nodes, npmInstall, report, root, run, tail, tempDir } from './lib.mjs';

const tarball = process.argv[2];
if (!tarball) throw new Error('usage: node browser.mjs <package tarball>');

const BASE = 'https://api.example.test';
const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');

/** The page: the mock in it, MSW's worker in front of BASE, the client, and what the check calls from outside. */
const page = () => `
import { setupWorker } from 'msw/browser';
import { createApiClient } from '@observability/api-contract';
import { createMock } from '@observability/api-contract/mock';
import { mswHandlers } from '@observability/api-contract/msw';

const BASE = ${JSON.stringify(BASE)};
const bytes = async (response) => ({ status: response.status, body: Array.from(new Uint8Array(await response.arrayBuffer())) });

async function main() {
  const mock = await createMock();
  const worker = setupWorker(...mswHandlers(BASE, mock));
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: './mockServiceWorker.js' } });
  window.send = async ({ method, target, headers, body }) => bytes(await fetch(BASE + target, { method, headers, body }));
  window.viaClient = async ({ method, path, params, body, auth }) => {
    let seen;
    const api = createApiClient({
      baseUrl: BASE,
      auth,
      middleware: [{ async onResponse({ response }) { seen = await bytes(response.clone()); } }],
    });
    await api[method](path, { params: { path: params }, body }).catch(() => undefined);
    return seen;
  };
  window.ready = true;
}
main().catch((error) => { window.failed = String(error && error.stack || error); });
`;
const HTML =
  '<!doctype html><meta charset="utf-8"><title>mock page</title><script type="module" src="./page.js"></script>\n';

/** The requests of the corpus, from the spec in the installed package. */
function corpusOf(spec) {
  const resolve = (node) =>
    node && node.$ref
      ? resolve(
          node.$ref
            .split('/')
            .slice(1)
            .reduce((at, key) => at[key], spec),
        )
      : node;
  const raws = [];
  const clientCalls = [];
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation && operation.operationId) operations.push({ path, method, operation });
  for (const { path, method, operation } of operations) {
    const params = {};
    for (const parameter of (operation.parameters ?? []).map(resolve))
      if (parameter.in === 'path')
        params[parameter.name] = parameter.example ?? Object.values(parameter.examples ?? {})[0]?.value;
    const target = path.replace(/\{(\w+)\}/g, (_, name) => params[name]);
    const open =
      (operation.security ?? []).length === 0 || operation.security.some((scheme) => Object.keys(scheme).length === 0);
    const credentials = open ? {} : { 'service-ao-api-key': 'ao-key' };
    const raw = (label, body, headers = { ...json, ...credentials }) => ({
      label: `${operation.operationId}: ${label}`,
      method: method.toUpperCase(),
      target,
      headers,
      body,
    });
    const examples = Object.entries(resolve(operation.requestBody)?.content?.['application/json']?.examples ?? {});
    for (const [name, example] of examples) {
      raws.push(raw(`example ${name}`, JSON.stringify(resolve(example).value)));
      clientCalls.push({
        label: `${operation.operationId}: example ${name} through the client`,
        method: method.toUpperCase(),
        path,
        params,
        body: resolve(example).value,
        auth: open ? {} : { apiKey: 'ao-key' },
        raw: raw('', JSON.stringify(resolve(example).value)),
      });
    }
    raws.push(raw('a body of the wrong type (422)', '[]'));
    raws.push(raw('malformed JSON (422)', '{"a": 1,,}'));
    if (!open) raws.push(raw('no credentials (401)', JSON.stringify(resolve(examples[0]?.[1])?.value ?? {}), json));
  }
  const users = operations.find(({ operation }) => operation.operationId === 'createOrVerifyUser');
  const user = (label, email) => ({
    label: `createOrVerifyUser: ${label}`,
    method: 'POST',
    target: users.path,
    headers: json,
    body: JSON.stringify({ email, password: 'correct-horse-battery-staple' }),
  });
  const control = (label, method, target, body) => ({ label, method, target, headers: json, body });
  const traces = raws.find(({ label }) => label.startsWith('logTraces: example'));
  // Every credential the Signals PUT accepts: Prism reads an Authorization header's token as Basic
  // credentials (with Node's Buffer, which a page has not: the package's browser build gives its own).
  const signals = raws.find(({ label }) => label.startsWith('putSignalsConfiguration: example'));
  const credentialed = Object.entries({
    'a bearer token': { authorization: 'Bearer page-token-5e6f' },
    'Basic credentials': { authorization: `Basic ${Buffer.from('grace:pässwort-7a8b').toString('base64')}` },
    'the API key': { 'service-ao-api-key': 'page-ao-key' },
    'the classic API key': { 'service-api-key': 'page-classic-key' },
  }).map(([name, credential]) => ({
    ...signals,
    label: `putSignalsConfiguration: with ${name}`,
    headers: { ...json, ...credential },
  }));
  return {
    raws: [
      ...raws,
      ...credentialed,
      user('a second user, not the first (the first-user rule)', 'grace.hopper@example.org'),
      control('the journal', 'GET', '/__mock/requests'),
      control(
        'a scenario added',
        'POST',
        '/__mock/scenarios',
        JSON.stringify({
          scenarios: [{ operation: 'logTraces', status: 429, headers: { 'Retry-After': '5' }, times: 1 }],
        }),
      ),
      { ...traces, label: 'logTraces: answered by the scenario (429)' },
      { ...traces, label: 'logTraces: the scenario used up' },
      control('reset', 'POST', '/__mock/reset'),
      user('the first user again after reset', 'ada.lovelace@example.org'),
      control('the journal after reset', 'GET', '/__mock/requests'),
    ],
    clientCalls,
  };
}

/** A free TCP port on loopback. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createNetServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The HTTP mock of the install, on a free port: its URL and how to stop it. */
async function startHttpMock(app) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      join(app, 'node_modules/@observability/api-contract/dist/src/mock/cli.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${url}/__mock/fallbacks`);
      break;
    } catch {
      if (tries > 100 || child.exitCode !== null) throw new Error(`the HTTP mock did not start:${tail(output)}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return { url, stop: () => child.kill() };
}

/** A static server of `dir` on loopback. */
async function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    try {
      const file = statSync(path).isDirectory() ? join(path, 'index.html') : path;
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

/** The JavaScript files of a built page: their total size and gzipped size. */
function sizeOf(dir) {
  const files = readdirSync(dir, { recursive: true }).filter(
    (file) => file.endsWith('.js') && !file.endsWith('mockServiceWorker.js'),
  );
  const code = Buffer.concat(files.map((file) => readFileSync(join(dir, file))));
  return `${(code.length / 1024).toFixed(0)} kB minified, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(0)} kB gzipped`;
}

const checks = report('the mock in a web page: MSW in Chromium, answers compared with the HTTP mock (packed package)');
const app = tempDir('browser');
const stops = [];
let context;
try {
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'front-end-page', private: true, type: 'module' }));
  // Prism for the HTTP mock only: the page takes the package's browser build of it.
  const installed = npmInstall(app, process.env, [tarball, 'msw@2']);
  checks.result('install', installed.ok, installed.ok ? '' : tail(installed.output));
  if (!installed.ok) process.exit(1);
  const source = join(app, 'src');
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, 'page.js'), page());
  writeFileSync(join(source, 'index.html'), HTML);
  const worker = join(app, 'node_modules/msw/lib/mockServiceWorker.js');

  const pages = {};
  const esbuilt = join(app, 'site/esbuild');
  try {
    await esbuild({
      entryPoints: [join(source, 'page.js')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outfile: join(esbuilt, 'page.js'),
      absWorkingDir: app,
      logLevel: 'silent',
    });
    copyFileSync(join(source, 'index.html'), join(esbuilt, 'index.html'));
    copyFileSync(worker, join(esbuilt, 'mockServiceWorker.js'));
    pages.esbuild = esbuilt;
    checks.result("esbuild, platform: 'browser', no polyfills: the page bundles", true, sizeOf(esbuilt));
  } catch (error) {
    checks.result("esbuild, platform: 'browser', no polyfills: the page bundles", false, tail(String(error)));
  }
  const vited = join(app, 'site/vite');
  try {
    await viteBuild({
      root: source,
      base: './',
      configFile: false,
      logLevel: 'error',
      build: { outDir: vited, emptyOutDir: true },
    });
    copyFileSync(worker, join(vited, 'mockServiceWorker.js'));
    pages.vite = vited;
    checks.result('Vite, default configuration: the page bundles', true, sizeOf(vited));
  } catch (error) {
    checks.result('Vite, default configuration: the page bundles', false, tail(String(error)));
  }

  const spec = JSON.parse(
    readFileSync(join(app, 'node_modules/@observability/api-contract/generated/openapi.json'), 'utf8'),
  );
  const { raws, clientCalls } = corpusOf(spec);
  const executable = run(nodes[2][1], [
    '--input-type=module',
    '-e',
    `const { chromiumExecutable } = await import(${JSON.stringify(join(root, 'test/support/chromium.ts'))}); console.log(await chromiumExecutable());`,
  ]);
  if (!executable.ok) throw new Error(`no Chromium:${tail(executable.output)}`);
  context = await chromium.launch({
    executablePath: executable.stdout.trim(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const site = await serve(join(app, 'site'));
  stops.push(site.stop);

  for (const bundler of Object.keys(pages)) {
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(`${site.url}/${bundler}/`);
    await tab.waitForFunction(() => globalThis.ready || globalThis.failed, undefined, { timeout: 30_000 });
    const failed = await tab.evaluate(() => globalThis.failed);
    checks.result(
      `${bundler}: the page starts the mock and MSW's worker in Chromium`,
      !failed && errors.length === 0,
      failed ?? errors.join('\n'),
    );
    if (failed) continue;
    const http = await startHttpMock(app);
    stops.push(http.stop);
    const differ = [];
    const overHttp = async ({ method, target, headers, body }) => {
      const response = await fetch(http.url + target, { method, headers, body });
      return { status: response.status, body: Array.from(new Uint8Array(await response.arrayBuffer())) };
    };
    const compare = (label, inPage, fromHttp) => {
      if (inPage?.status !== fromHttp.status || Buffer.from(inPage.body).compare(Buffer.from(fromHttp.body)) !== 0)
        differ.push(
          `${label}: page ${inPage?.status} ${Buffer.from(inPage?.body ?? [])
            .toString()
            .slice(0, 200)} | HTTP ${fromHttp.status} ${Buffer.from(fromHttp.body).toString().slice(0, 200)}`,
        );
    };
    const statuses = {};
    for (const raw of raws) {
      const inPage = await tab.evaluate((request) => globalThis.send(request), raw);
      compare(raw.label, inPage, await overHttp(raw));
      statuses[inPage.status] = (statuses[inPage.status] ?? 0) + 1;
    }
    for (const call of clientCalls) {
      const { raw, ...request } = call;
      const inPage = await tab.evaluate((request) => globalThis.viaClient(request), {
        ...request,
        method: request.method,
      });
      compare(
        call.label,
        inPage,
        await overHttp({ ...raw, headers: { ...raw.headers, 'content-type': 'application/json' } }),
      );
    }
    http.stop();
    checks.result(
      `${bundler}: ${raws.length} requests and ${clientCalls.length} client calls through the worker, the same status and body bytes as the HTTP mock (statuses ${JSON.stringify(statuses)})`,
      differ.length === 0 && errors.length === 0,
      [...differ, ...errors].join('\n'),
    );
    await tab.close();
  }
} catch (error) {
  checks.result('the browser check ran', false, tail(String(error?.stack ?? error)));
} finally {
  await context?.close().catch(() => undefined);
  for (const stop of stops) stop();
  rmSync(app, { recursive: true, force: true });
}
checks.finish();
