#!/usr/bin/env node
// Builds the API reference as ONE self-contained HTML page: dist/docs/index.html.
//
//   node scripts/docs.js               writes dist/docs/index.html
//   node scripts/docs.js --out FILE    writes FILE instead (the browser test builds into a temp dir)
//
// The page is made from generated/openapi.json (run `npm run build` first when openapi/ changed)
// and the Redoc renderer of the `redoc` devDependency (bundles/redoc.standalone.js). Both are
// inlined, so the page needs no server and loads nothing from the network; its
// Content-Security-Policy forbids any remote load as well.
//
// The gaps recorded in `x-not-shown` are made visible: on a COPY of the bundled document, each
// owner's (info, operation, security scheme, schema) description gets a "**Not specified:**"
// list appended. The copy also gets what Redoc 2 does not show by itself (see forRedoc): a
// "Security schemes" section, request bodies' schema descriptions, and a section per named
// schema. Neither openapi/ nor generated/ is touched.
//
// Why not `redocly build-docs`: its page loads the renderer from a CDN, and its server-side
// rendered markup must match the renderer that hydrates it. Here one renderer (the pinned
// `redoc` package) renders the inlined spec in the browser, with nothing to keep in step.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationsOf } from './openapi.js';

/** @typedef {import('./openapi.js').Parsed} Parsed */
/** @typedef {{ where: string, gaps: string[] }} Gaps an owner of gaps and its sentences */
/** @typedef {Set<Parsed>} Seen the schemas walked already */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const defaultOutput = join(root, 'dist/docs/index.html');
const specPath = join(root, 'generated/openapi.json');

// ---------------------------------------------------------------------------------------------
// Gaps: `x-not-shown` -> "**Not specified:**" list in the owner's description.

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];

/**
 * Appends the owner's gaps to its description and drops the extension (it is shown once).
 * @param {Parsed} owner
 * @param {string} where
 * @param {Gaps[]} found
 */
function showGaps(owner, where, found) {
  if (!owner || typeof owner !== 'object' || !('x-not-shown' in owner)) return;
  const gaps = owner['x-not-shown'];
  if (!Array.isArray(gaps) || gaps.length === 0 || gaps.some((g) => typeof g !== 'string' || !g.trim())) {
    throw new Error(`${where}: x-not-shown must be a non-empty list of sentences`);
  }
  const list = gaps.map((gap) => `- ${gap.trim()}`).join('\n');
  const description = typeof owner.description === 'string' ? owner.description.trimEnd() : '';
  owner.description = `${description ? `${description}\n\n` : ''}**Not specified:**\n\n${list}\n`;
  delete owner['x-not-shown'];
  found.push({ where, gaps });
}

/**
 * @param {Parsed} schema
 * @param {string} where
 * @param {Gaps[]} found
 * @param {Seen} seen
 */
function walkSchema(schema, where, found, seen) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  showGaps(schema, where, found);
  for (const key of SCHEMA_MAPS) {
    for (const [name, child] of Object.entries(schema[key] ?? {}))
      walkSchema(child, `${where}/${key}/${name}`, found, seen);
  }
  for (const key of SCHEMA_LISTS) {
    for (const [i, child] of (schema[key] ?? []).entries()) walkSchema(child, `${where}/${key}/${i}`, found, seen);
  }
  for (const key of SCHEMA_SINGLES) walkSchema(schema[key], `${where}/${key}`, found, seen);
}

/**
 * @param {Parsed} content
 * @param {string} where
 * @param {Gaps[]} found
 * @param {Seen} seen
 */
function walkContent(content, where, found, seen) {
  for (const [type, media] of Object.entries(content ?? {}))
    walkSchema(media?.schema, `${where}/content/${type}/schema`, found, seen);
}

/**
 * @param {Parsed[] | undefined} parameters
 * @param {string} where
 * @param {Gaps[]} found
 * @param {Seen} seen
 */
function walkParameters(parameters, where, found, seen) {
  for (const [i, parameter] of (parameters ?? []).entries()) {
    walkSchema(parameter?.schema, `${where}/parameters/${i}/schema`, found, seen);
    walkContent(parameter?.content, `${where}/parameters/${i}`, found, seen);
  }
}

/**
 * @param {Parsed} response
 * @param {string} where
 * @param {Gaps[]} found
 * @param {Seen} seen
 */
function walkResponse(response, where, found, seen) {
  walkContent(response?.content, where, found, seen);
  for (const [name, header] of Object.entries(response?.headers ?? {}))
    walkSchema(header?.schema, `${where}/headers/${name}/schema`, found, seen);
}

/**
 * Returns a copy of the document in which every recorded gap is part of its owner's description,
 * and the list of owners (JSON-pointer-like paths) with their gaps.
 * @param {Parsed} document
 * @returns {{ document: Parsed, gaps: Gaps[] }}
 */
export function withGapsShown(document) {
  const copy = structuredClone(document);
  /** @type {Gaps[]} */
  const found = [];
  const seen = new Set();
  showGaps(copy.info, '#/info', found);
  for (const [path, item] of Object.entries(copy.paths ?? {}))
    walkParameters(item.parameters, `#/paths/${path}`, found, seen);
  for (const { path, method, operation } of operationsOf(copy)) {
    const where = `#/paths/${path}/${method}`;
    showGaps(operation, where, found);
    walkParameters(operation.parameters, where, found, seen);
    walkContent(operation.requestBody?.content, `${where}/requestBody`, found, seen);
    for (const [status, response] of Object.entries(operation.responses ?? {}))
      walkResponse(response, `${where}/responses/${status}`, found, seen);
  }
  const components = copy.components ?? {};
  for (const [name, scheme] of Object.entries(components.securitySchemes ?? {}))
    showGaps(scheme, `#/components/securitySchemes/${name}`, found);
  for (const [name, schema] of Object.entries(components.schemas ?? {}))
    walkSchema(schema, `#/components/schemas/${name}`, found, seen);
  walkParameters(Object.values(components.parameters ?? {}), '#/components', found, seen);
  for (const [name, body] of Object.entries(components.requestBodies ?? {}))
    walkContent(body?.content, `#/components/requestBodies/${name}`, found, seen);
  for (const [name, response] of Object.entries(components.responses ?? {}))
    walkResponse(response, `#/components/responses/${name}`, found, seen);

  // Anything the walk above did not reach would silently stay hidden: refuse to build.
  /** @type {string[]} */
  const missed = [];
  /**
   * @param {Parsed} node
   * @param {string} where
   * @returns {void}
   */
  (function find(node, where) {
    if (Array.isArray(node))
      return node.forEach((/** @type {Parsed} */ child, /** @type {number} */ i) => find(child, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    if ('x-not-shown' in node) missed.push(where);
    for (const [key, child] of Object.entries(node)) {
      // Example values are data, not owners of gaps.
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
      find(child, `${where}/${key}`);
    }
  })(copy, '#');
  if (missed.length > 0) throw new Error(`x-not-shown at places the docs cannot show: ${missed.join(', ')}`);
  return { document: copy, gaps: found };
}

// ---------------------------------------------------------------------------------------------
// What Redoc 2 does not show by itself.

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const SCHEMA_TAG_PREFIX = 'Schema ';

/**
 * Redoc 2 renders neither the top-level description of a body's schema nor, unless asked, the
 * security schemes; and a named schema's own description only where another schema refers to
 * it. So, on the copy (made by withGapsShown; changed in place and returned):
 *  - the info description ends with a "Security schemes" section (Redoc's security-definitions
 *    component: the four schemes with their descriptions, gaps included);
 *  - a request body without a description of its own takes its schema's description;
 *  - every named schema gets a section of its own (a tag in a "Schemas" group that shows the
 *    schema's description and its fields), after the operations' tags (the "Operations" group).
 * @param {Parsed} copy
 * @returns {Parsed}
 */
export function forRedoc(copy) {
  const schemas = copy.components?.schemas ?? {};
  if (Object.keys(copy.components?.securitySchemes ?? {}).length > 0) {
    const description = (copy.info.description ?? '').trimEnd();
    copy.info.description = `${description}\n\n# Security schemes\n\n<!-- ReDoc-Inject: <security-definitions> -->\n`;
  }
  for (const { operation } of operationsOf(copy)) {
    const body = operation.requestBody;
    if (!body || body.description) continue;
    const media = Object.values(body.content ?? {})[0];
    const name = media?.schema?.$ref?.match(SCHEMA_REF)?.[1];
    const description = name ? schemas[name]?.description : media?.schema?.description;
    if (description) body.description = description;
  }
  const names = Object.keys(schemas);
  if (names.length > 0) {
    const tags = copy.tags ?? [];
    /** @type {string[]} */
    const operationTags = [...tags.map((/** @type {{ name: string }} */ tag) => tag.name)];
    for (const { operation } of operationsOf(copy)) {
      for (const tag of operation.tags ?? []) if (!operationTags.includes(tag)) operationTags.push(tag);
    }
    const schemaTags = names.map((name) => ({
      name: `${SCHEMA_TAG_PREFIX}${name}`,
      'x-displayName': name,
      description: `${(schemas[name].description ?? '').trimEnd()}\n\n<SchemaDefinition schemaRef="#/components/schemas/${name}" showReadOnly={true} showWriteOnly={true} />\n`,
    }));
    copy.tags = [...tags, ...schemaTags];
    const groups = copy['x-tagGroups'] ?? [{ name: 'Operations', tags: operationTags }];
    copy['x-tagGroups'] = [...groups, { name: 'Schemas', tags: schemaTags.map((tag) => tag.name) }];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The renderer.

// Redoc's side menu always shows "API docs by Redocly" with a logo <img> from Redocly's CDN;
// no option turns it off. The only remote load of the bundle: it becomes an inline SVG.
const REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='3' y='2' width='10' height='12' rx='1' fill='none' stroke='%23888'/%3E%3Cpath d='M5 5h6M5 8h6M5 11h4' stroke='%23888'/%3E%3C/svg%3E";

/** @returns {{ code: string, version: string }} the Redoc bundle, made offline, and its version */
function renderer() {
  const path = join(dirname(require.resolve('redoc/package.json')), 'bundles/redoc.standalone.js');
  const version = JSON.parse(readFileSync(join(dirname(path), '../package.json'), 'utf8')).version;
  let code = readFileSync(path, 'utf8');
  const logos = code.split(REMOTE_LOGO).length - 1;
  if (logos !== 1) {
    throw new Error(
      `redoc ${version}: expected its CDN logo URL once in redoc.standalone.js, found it ${logos} times; check the bundle for remote loads again`,
    );
  }
  code = code.replace(REMOTE_LOGO, LOCAL_LOGO);
  // A remote URL used as a resource (src, CSS url(), @import) would make the page go online.
  const remote = code.match(
    /\bsrc\s*:\s*["'`]https?:\/\/[^"'`]*|url\(\s*["']?https?:[^)]*|@import\s+(?:url\()?\s*["']https?:[^"']*/gi,
  );
  if (remote) throw new Error(`redoc ${version}: remote resources in redoc.standalone.js: ${remote.join(', ')}`);
  return { code, version };
}

// ---------------------------------------------------------------------------------------------
// The page.

/**
 * JSON that is safe inside <script>: no "<" at all, so no "</script>" or "<!--" either.
 * @param {unknown} value
 */
function scriptJSON(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} text */
function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// Only what the page itself holds may load: inline scripts and styles, the blob: URLs the
// renderer makes (its own script, the search worker), data: images. No network, no fetch.
const CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' blob:",
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const SANS = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const MONO = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace";

const OPTIONS = {
  // The downloadable definition would be this page's copy with the gaps folded into the
  // descriptions, not the contract: the contract is generated/openapi.json of the package.
  hideDownloadButtons: true,
  expandResponses: '200',
  requiredPropsFirst: true,
  jsonSamplesExpandLevel: 3,
  theme: {
    typography: {
      fontFamily: SANS,
      headings: { fontFamily: SANS },
      code: { fontFamily: MONO },
    },
  },
};

/**
 * Checks the page's own markup and style (script contents aside: the inlined JSON, and the
 * bootstrap whose only load is the renderer's blob: URL) for anything that would load.
 * @param {string} html
 */
function assertNoLoads(html) {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2');
  const loads = markup.match(
    /\b(?:src|href|srcset|poster|data|action)\s*=|url\(|@import|<link\b|<iframe\b|<object\b|<embed\b|<img\b/gi,
  );
  if (loads) throw new Error(`the page's markup would load something: ${loads.join(', ')}`);
}

/**
 * The page: the document and the renderer inlined, and the bootstrap that runs one on the other.
 * @param {Parsed} document
 * @param {{ code: string, version: string }} renderer
 */
export function page(document, { code, version }) {
  const title = `${document.info?.title ?? 'API'} ${document.info?.version ?? ''} reference`.trim();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHTML(CSP)}">
<meta name="generator" content="scripts/docs.js, Redoc ${escapeHTML(version)}">
<title>${escapeHTML(title)}</title>
<style>
  body { margin: 0; padding: 0; }
  #docs-status { font: 16px ${SANS}; margin: 2em; }
</style>
</head>
<body>
<div id="docs-status">Loading the API reference…</div>
<noscript><p>This reference is rendered by JavaScript (Redoc). The contract itself is <code>generated/openapi.json</code> of the package.</p></noscript>
<div id="redoc-container"></div>
<script id="api-spec" type="application/json">${scriptJSON(document)}</script>
<script id="redoc-options" type="application/json">${scriptJSON(OPTIONS)}</script>
<script id="redoc-renderer" type="application/json">${scriptJSON(code)}</script>
<script>
(function () {
  var root = document.documentElement;
  var status = document.getElementById('docs-status');
  function read(id) { return JSON.parse(document.getElementById(id).textContent); }
  function fail(message) {
    root.setAttribute('data-docs', 'error');
    status.textContent = 'The API reference could not be rendered: ' + message;
    console.error('docs: ' + message);
  }
  // The renderer is kept as a JSON string (no "<" in it) and run from a blob: URL, so no
  // sequence inside it can end or confuse the HTML <script> element that holds it.
  var url = URL.createObjectURL(new Blob([read('redoc-renderer')], { type: 'text/javascript' }));
  var script = document.createElement('script');
  script.src = url;
  script.onerror = function () { fail('the renderer did not load'); };
  script.onload = function () {
    URL.revokeObjectURL(url);
    try {
      Redoc.init(read('api-spec'), read('redoc-options'), document.getElementById('redoc-container'), function (error) {
        if (error) return fail(String(error && error.message || error));
        status.remove();
        root.setAttribute('data-docs', 'ready');
      });
    } catch (error) {
      fail(String(error && error.message || error));
    }
  };
  document.head.appendChild(script);
})();
</script>
</body>
</html>
`;
}

/**
 * Builds the page; returns where it was written, its size and the gaps it shows.
 * @param {{ output?: string }} [options]
 */
export function buildDocs({ output = defaultOutput } = {}) {
  let spec;
  try {
    spec = JSON.parse(readFileSync(specPath, 'utf8'));
  } catch (error) {
    throw new Error(
      `cannot read ${relative(root, specPath)} (run \`npm run build\` first): ${error instanceof Error ? error.message : error}`,
      { cause: error },
    );
  }
  const { document, gaps } = withGapsShown(spec);
  const html = page(forRedoc(document), renderer());
  assertNoLoads(html);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, html);
  return { output, bytes: Buffer.byteLength(html), gaps };
}

function main() {
  const args = process.argv.slice(2);
  let output = defaultOutput;
  for (let i = 0; i < args.length; i++) {
    const argument = args[i] ?? '';
    const next = args[i + 1];
    if (argument === '--out' && next) {
      output = resolve(next);
      i++;
    } else if (argument.startsWith('--out=')) output = resolve(argument.slice('--out='.length));
    else throw new Error(`unknown argument ${argument}; usage: node scripts/docs.js [--out FILE]`);
  }
  const { bytes, gaps } = buildDocs({ output });
  const where = relative(process.cwd(), output) || output;
  console.log(
    `wrote ${where} (${(bytes / 1024).toFixed(0)} KiB, self-contained; ${gaps.length} owners of gaps shown as "Not specified")`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
