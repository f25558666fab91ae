// What a mock answers from (src/mock/prism/source.ts): the embedded spec, a module of the package
// with Prism's reading of it derived at build time, or a document or file read by Prism at start.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { documentText, httpSpecVersion } from '../../../generated/embedded.js';
import { loadPrism } from '../../../src/mock/prism/deps.js';
import { sourceOf } from '../../../src/mock/prism/source.js';
import type { Document } from '../../../src/mock/prism/spec.js';
import { specPath } from '../../support/spec.js';

const bundled = JSON.parse(readFileSync(specPath, 'utf8')) as Document;
const noFiles = (path: string): string => {
  throw new Error(`read ${path}`);
};

describe('sourceOf: the document and Prism operations a mock answers from', () => {
  const prism = loadPrism();

  it('the embedded spec is generated/openapi.json, and its operations are what the installed Prism reads from it', async () => {
    expect(prism.httpSpecVersion).toBe(httpSpecVersion);
    const embedded = await sourceOf(undefined, prism, noFiles);
    expect(embedded.embedded).toBe(true);
    expect(embedded.document).toEqual(bundled);
    expect(embedded.operations).toEqual(await prism.getHttpOperationsFromSpec(structuredClone(bundled)));
  });

  it('the embedded spec is read without Prism when its http-spec derived the operations; each mock gets objects of its own', async () => {
    const read = vi.fn(prism.getHttpOperationsFromSpec);
    const one = await sourceOf(undefined, { httpSpecVersion, getHttpOperationsFromSpec: read }, noFiles);
    const two = await sourceOf(undefined, { httpSpecVersion, getHttpOperationsFromSpec: read }, noFiles);
    expect(read).not.toHaveBeenCalled();
    expect(one).toEqual(two);
    expect(one.document).not.toBe(two.document);
    expect(one.operations).not.toBe(two.operations);
  });

  it('a Prism that reads documents with another http-spec reads the embedded document itself, from a copy', async () => {
    const read = vi.fn(prism.getHttpOperationsFromSpec);
    const source = await sourceOf(undefined, { httpSpecVersion: '0.0.1', getHttpOperationsFromSpec: read }, noFiles);
    expect(read).toHaveBeenCalledTimes(1);
    expect(source.embedded).toBe(true);
    // Prism dereferences what it reads in place: the mock's document stays as bundled.
    expect(read.mock.calls[0]?.[0]).not.toBe(source.document);
    expect(source.document).toEqual(JSON.parse(documentText));
    expect(source.operations).toEqual(await prism.getHttpOperationsFromSpec(structuredClone(bundled)));
  });

  it('a document given is copied (neither the mock nor Prism changes the caller’s), a path is read with readFile', async () => {
    const given = structuredClone(bundled);
    const fromObject = await sourceOf(given, prism, noFiles);
    expect(fromObject.document).toEqual(bundled);
    expect(fromObject.embedded).toBe(false);
    expect(fromObject.document).not.toBe(given);
    expect(given).toEqual(bundled);
    const readFile = vi.fn((path: string) => readFileSync(path, 'utf8'));
    const fromFile = await sourceOf(specPath, prism, readFile);
    expect(readFile).toHaveBeenCalledWith(specPath);
    expect(fromFile).toEqual(fromObject);
  });
});
