// Prism's modules the mock takes (src/mock/prism/modules.ts): which of them a page's build bundles.
// The lists are built when the module loads: imported afresh (vi.resetModules), as a page loads it.
import { expect, it, vi } from 'vitest';

it("a page bundles every module of Prism's the mock takes but the reader of documents, the whole mocker, prism-core's logger and the YAML reader", async () => {
  vi.resetModules();
  const { BROWSER_MODULES, PRISM_MODULES } = await import('../../../../src/mock/prism/modules.js');
  const all = Object.keys(PRISM_MODULES);
  const left = ['operations', 'mocker', 'core', 'yaml'];
  for (const name of left) expect(all).toContain(name);
  expect(BROWSER_MODULES).toEqual(all.filter((name) => !left.includes(name)));
  expect(BROWSER_MODULES.length).toBe(all.length - 4);
});
