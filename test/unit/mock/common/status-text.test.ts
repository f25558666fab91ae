// The reason phrases a scenario's undocumented status is titled with, the same in a page as from Node's HTTP mock.
// The table is imported afresh (vi.resetModules), as a page loads it.
import { STATUS_CODES } from 'node:http';
import { expect, it, vi } from 'vitest';

it("names every status from 200 to 599 as Node's http module does", async () => {
  vi.resetModules();
  const { STATUS_TEXT } = await import('../../../../src/mock/common/status-text.js');
  for (let status = 200; status <= 599; status++) expect(STATUS_TEXT[status]).toBe(STATUS_CODES[status]);
});
