// The offline reference page (scripts/docs.js) in a real browser: the headless Chromium of the
// @sparticuz/chromium package (or CHROMIUM_PATH; test/support/chromium.ts), driven by
// playwright-core. The page is built into a temporary directory and opened from disk; every
// request the browser makes is recorded, and only the page's own file and data:/blob: URLs are
// allowed. A Chromium that cannot be had fails this test: it never skips.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../../scripts/openapi.js';
import { chromiumExecutable } from '../support/chromium.js';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = join(root, 'test/.artifacts');

interface Operation {
  summary: string;
  operationId: string;
  deprecated?: boolean;
}
const spec: any = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const operations: Operation[] = [...operationsOf(spec)].map(({ operation }) => operation);

/** Every sentence recorded in an `x-not-shown` anywhere in the bundled document. */
function gapSentences(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => gapSentences(child, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-not-shown' && Array.isArray(value)) value.forEach((gap) => out.add(String(gap)));
      else gapSentences(value, out);
    }
  }
  return out;
}

/** Text as the reader sees it: markdown marks gone, whitespace collapsed. */
const plain = (text: string) => text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Scrolls the element into view and tells whether a person would see it: rendered, in the viewport. */
async function seen(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded({ timeout: 5_000 });
  if (!(await locator.isVisible())) return false;
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < innerHeight &&
      box.left < innerWidth
    );
  });
}

interface Session {
  page: Page;
  pageURL: string;
  /** Every URL the browser requested. */
  requests: string[];
  /** Requests the route refused (anything but the page itself and data:/blob:). */
  blocked: string[];
  sockets: string[];
  consoleErrors: string[];
}

let work: string | undefined;
let context: BrowserContext | undefined;
let opened: Promise<Session> | undefined;

/** Builds the page, starts Chromium on a new profile and opens the page from disk. */
async function open(): Promise<Session> {
  const executablePath = await chromiumExecutable();
  work = mkdtempSync(join(tmpdir(), 'docs-browser-'));
  const html = join(work, 'page', 'index.html');
  const build = spawnSync(process.execPath, [join(root, 'scripts/docs.js'), '--out', html], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`node scripts/docs.js failed:\n${build.stdout}\n${build.stderr}`);
  const pageURL = pathToFileURL(html).href;
  const session: Omit<Session, 'page'> = { pageURL, requests: [], blocked: [], sockets: [], consoleErrors: [] };

  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  context.on('request', (request) => session.requests.push(request.url()));
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url === pageURL || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    session.blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('websocket', (socket) => session.sockets.push(socket.url()));
  page.on('console', (message) => {
    if (message.type() === 'error')
      session.consoleErrors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => session.consoleErrors.push(`uncaught: ${error.message}`));

  await page.goto(pageURL, { waitUntil: 'load' });
  // The page's own script sets data-docs once Redoc has rendered ("ready") or failed ("error").
  await page.waitForSelector('html[data-docs]', { timeout: 15_000 });
  mkdirSync(artifacts, { recursive: true });
  return { ...session, page };
}

/** The one browser session of this file; every test awaits it, so each fails if it cannot open. */
const session = () => (opened ??= open());

describe('the offline API reference (scripts/docs.js) in Chromium', { timeout: 45_000 }, () => {
  afterAll(async () => {
    try {
      await context?.close();
    } finally {
      if (work) rmSync(work, { recursive: true, force: true });
    }
  });

  it('renders the reference from the file alone', async () => {
    const { page } = await session();
    expect(await page.getAttribute('html', 'data-docs')).toBe('ready');
    expect(await page.title()).toContain(spec.info.title);
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = page.locator('h1').filter({ hasText: spec.info.title });
    expect(await title.count()).toBe(1);
    expect(await seen(title), 'the API title at the top').toBe(true);
    const shot = join(artifacts, 'docs-overview.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  });

  it("shows every operation's title", async () => {
    const { page } = await session();
    expect(operations.length).toBeGreaterThan(0);
    for (const { summary } of operations) {
      const heading = page
        .locator('h2')
        .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(summary)}\\s*(Deprecated\\s*)?$`) });
      expect(await heading.count(), `headings "${summary}"`).toBe(1);
      expect(await seen(heading), `the heading "${summary}" is seen`).toBe(true);
    }
  });

  it('marks the deprecated operation deprecated, and no other', async () => {
    const { page } = await session();
    const deprecated = operations.filter((operation) => operation.deprecated === true);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const { summary, deprecated: isDeprecated } of operations) {
      const heading = page.locator('h2').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(summary)}\\b`) });
      const badge = heading.getByText('Deprecated', { exact: true });
      expect(await heading.count(), `headings "${summary}"`).toBe(1);
      if (isDeprecated) {
        expect(await seen(badge), `the Deprecated mark of "${summary}" is seen`).toBe(true);
        // For the screenshot: the operation at the top, and the side menu's scroll-spy settled.
        await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(artifacts, 'docs-deprecated-operation.png') });
      } else {
        expect(await badge.count(), `"${summary}" is not marked deprecated`).toBe(0);
      }
    }
  });

  it('shows the gaps recorded in x-not-shown as "Not specified"', async () => {
    const { page } = await session();
    // The info-level gaps, in the introduction, right under a visible "Not specified:".
    const infoGaps: string[] = spec.info['x-not-shown'];
    expect(infoGaps.length).toBeGreaterThan(0);
    const intro = page.getByText('Not specified:', { exact: true }).first();
    expect(await seen(intro), 'the first "Not specified:"').toBe(true);
    for (const gap of infoGaps) {
      expect(await seen(page.getByText(plain(gap), { exact: true }).first()), `the info gap "${gap}" is seen`).toBe(
        true,
      );
    }
    // The first gap list is the introduction's: its first item follows the first "Not specified:".
    const follows = await page.evaluate(
      ([label, gap]) => {
        const items = [...document.querySelectorAll('li')].filter((li) => li.textContent?.trim() === gap);
        const labels = [...document.querySelectorAll('strong')].filter((b) => b.textContent?.trim() === label);
        const [first] = labels;
        const [item] = items;
        return Boolean(first && item && first.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING);
      },
      ['Not specified:', plain(infoGaps[0] ?? '')] as const,
    );
    expect(follows, 'the info gaps are listed under "Not specified:"').toBe(true);

    // Every gap of the document (operations, security scheme, schemas, fields) is on the page.
    const text = plain(await page.evaluate(() => document.body.innerText));
    const gaps = [...gapSentences(spec)];
    expect(gaps.length).toBeGreaterThan(infoGaps.length);
    expect(
      gaps.filter((gap) => !text.includes(plain(gap))),
      'gaps that the page does not show',
    ).toEqual([]);
  });

  it('shows the security schemes', async () => {
    const { page } = await session();
    const schemes = Object.entries(spec.components.securitySchemes as Record<string, { description?: string }>);
    expect(schemes.length).toBeGreaterThan(0);
    const text = plain(await page.evaluate(() => document.body.innerText));
    for (const [name, scheme] of schemes) {
      const heading = page.locator('h2').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`) });
      expect(await heading.count(), `headings "${name}"`).toBe(1);
      expect(await seen(heading), `the security scheme ${name} is seen`).toBe(true);
      expect(text, `the description of ${name}`).toContain(plain(scheme.description ?? ''));
    }
  });

  it('makes no request that leaves the machine', async () => {
    const { pageURL, requests, blocked, sockets } = await session();
    // The recording works: the page itself was requested.
    expect(requests).toContain(pageURL);
    const offPage = requests.filter((url) => !(url === pageURL || url.startsWith('data:') || url.startsWith('blob:')));
    expect(offPage, 'requests other than the page file and data:/blob: URLs').toEqual([]);
    expect(blocked, 'requests the route had to block').toEqual([]);
    expect(sockets, 'WebSockets opened').toEqual([]);
  });

  it('logs no error to the console', async () => {
    const { consoleErrors } = await session();
    expect(consoleErrors).toEqual([]);
  });
});
