// What a mock answers from (src/mock/prism/source.ts): the embedded spec, a module of the package
// with Prism's reading of it derived at build time, or a document or file read by Prism at start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { documentText, httpSpecVersion } from '../../../../generated/embedded.js';
import { loadPrism } from '../../../../src/mock/prism/deps.js';
import { sourceOf } from '../../../../src/mock/prism/source.js';
import { createMock, SpecError } from '../../../../src/mock/index.js';
import type { Document } from '../../../../src/mock/prism/spec.js';
import { specPath } from '../../../support/spec.js';

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
    const one = await sourceOf(
      undefined,
      { httpSpecVersion, getHttpOperationsFromSpec: read, parseYaml: prism.parseYaml },
      noFiles,
    );
    const two = await sourceOf(
      undefined,
      { httpSpecVersion, getHttpOperationsFromSpec: read, parseYaml: prism.parseYaml },
      noFiles,
    );
    expect(read).not.toHaveBeenCalled();
    expect(one).toEqual(two);
    expect(one.document).not.toBe(two.document);
    expect(one.operations).not.toBe(two.operations);
  });

  it('a Prism that reads documents with another http-spec reads the embedded document itself, from a copy', async () => {
    const read = vi.fn(prism.getHttpOperationsFromSpec);
    const source = await sourceOf(
      undefined,
      { httpSpecVersion: '0.0.1', getHttpOperationsFromSpec: read, parseYaml: prism.parseYaml },
      noFiles,
    );
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

describe('a spec of your own, by its path: JSON or YAML, and errors that name the file', () => {
  const prism = loadPrism();
  const yamlPath = specPath.replace(/\.json$/, '.yaml');
  const read = (path: string) => readFileSync(path, 'utf8');

  it("the package's own generated/openapi.yaml reads as its generated/openapi.json does", async () => {
    const fromYaml = await sourceOf(yamlPath, prism, read);
    expect(fromYaml.document).toEqual(bundled);
    expect(fromYaml.operations).toEqual((await sourceOf(specPath, prism, read)).operations);
  });

  it('createMock({ spec }) with the YAML file answers as the embedded spec does', async () => {
    const silent = { write: () => undefined };
    const [ownYaml, embedded] = await Promise.all([
      createMock({ spec: yamlPath, log: silent }),
      createMock({ log: silent }),
    ]);
    const send = (mock: typeof embedded) =>
      mock.fetch('https://api.example.test/v2/system_users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": 5}',
      });
    const [a, b] = await Promise.all([send(ownYaml), send(embedded)]);
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
  });

  describe('what cannot be read: SpecError, whose message names the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-errors-'));
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    const cases: [string, () => string, RegExp][] = [
      ['a missing file', () => join(dir, 'absent.yaml'), /: no such file$/],
      ['a directory', () => dir, /: a directory, not a file$/],
      ['broken JSON', () => file('broken.json', '{"openapi": '), /: not valid JSON: /],
      [
        'broken YAML',
        () => file('broken.yaml', 'openapi: 3.1.0\npaths: [a\n  b: c\n'),
        /: not valid YAML: .* at line \d+, column \d+$/,
      ],
      ['YAML that is not an OpenAPI document', () => file('list.yaml', '- a\n- b\n'), /: not an OpenAPI 3 document/],
      ['an empty file', () => file('empty.yaml', ''), /: not an OpenAPI 3 document/],
    ];
    it.each(cases)('%s', async (_what, pathOf, problem) => {
      const path = pathOf();
      for (const attempt of [
        () => sourceOf(path, prism, read),
        () => createMock({ spec: path, log: { write: () => undefined } }),
      ]) {
        const error = (await attempt().catch((e: unknown) => e)) as SpecError;
        expect(error).toBeInstanceOf(SpecError);
        expect(error.file).toBe(path);
        expect(error.message.startsWith(`spec ${path}: `)).toBe(true);
        expect(error.message).toMatch(problem);
      }
    });
    it('(cleanup)', () => rmSync(dir, { recursive: true, force: true }));
  });
});
