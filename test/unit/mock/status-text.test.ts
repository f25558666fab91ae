// The reason phrases a scenario's undocumented status is titled with, the same in a page as from Node's HTTP mock.
import { STATUS_CODES } from 'node:http';
import { expect, it } from 'vitest';
import { STATUS_TEXT } from '../../../src/mock/reply/status-text.js';

it("names every status from 200 to 599 as Node's http module does", () => {
  for (let status = 200; status <= 599; status++) expect(STATUS_TEXT[status]).toBe(STATUS_CODES[status]);
});
