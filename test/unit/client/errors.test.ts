// The client's errors (src/client/errors.ts): what each names, and that none carries the body in
// its message or its JSON.
import { describe, expect, it } from 'vitest';
import { InvalidPathParameterError, UnexpectedResponseError, UnknownOperationError } from '../../../src/index.js';
import { every, failureOf, logTraces, SECRET_BODY, stubbed, updateTemplate } from '../../support/stub-client.js';

describe('each error names the operation and what is wrong, never the body', () => {
  it('UnknownOperationError for a request outside the spec: no credential can be chosen for it', async () => {
    const { client, sent } = stubbed({ auth: every });
    const error = await (client.GET as unknown as (path: string) => Promise<unknown>)('/v2/not-in-the-spec').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnknownOperationError);
    expect(error).toMatchObject({ name: 'UnknownOperationError', operation: 'GET /v2/not-in-the-spec' });
    expect((error as Error).message).toBe('GET /v2/not-in-the-spec is not an operation of the spec.');
    expect(sent).toEqual([]);
  });

  it('InvalidPathParameterError names the operation and the parameter, and its message says nothing was sent', async () => {
    const { client, sent } = stubbed({ auth: every });
    const error = await updateTemplate(client, '..').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidPathParameterError);
    expect(error).toMatchObject({
      name: 'InvalidPathParameterError',
      operation: 'updateAnnotationTemplate',
      parameter: 'template_id',
    });
    expect((error as Error).message).toBe(
      'updateAnnotationTemplate: the path parameter template_id is empty, "." or "..", which would send the request to another path; nothing was sent.',
    );
    expect(sent).toEqual([]);
  });

  it('a path outside the spec with a moving segment is named by method and path', async () => {
    const { client } = stubbed({ auth: every });
    const call = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    const error = await call('/v2/other/{id}', { params: { path: { id: '.' } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ operation: 'GET /v2/other/{id}', parameter: 'id' });
  });

  it('not labelled JSON: kind, reason, status, content type and message; the body is a field, not quoted', async () => {
    const error = await failureOf({ status: 422, contentType: 'text/html', body: `<p>${SECRET_BODY}</p>` });
    expect(error).toMatchObject({
      name: 'UnexpectedResponseError',
      operation: 'logTraces',
      status: 422,
      contentType: 'text/html',
      kind: 'content-type',
      reason: 'not JSON',
      limit: undefined,
      violations: [],
    });
    expect(error.body).toBe(`<p>${SECRET_BODY}</p>`);
    expect(error.message).toBe(
      'logTraces: the HTTP 422 response has a body that is not JSON (content-type: text/html).',
    );
  });

  it('no content type at all: not JSON, and the message says none', async () => {
    // A body given as bytes gets no content type of its own (a string would get text/plain).
    const error = await failureOf({ contentType: null, body: new TextEncoder().encode(SECRET_BODY) });
    expect(error).toMatchObject({ status: 200, contentType: null, reason: 'not JSON' });
    expect(error.message).toBe('logTraces: the HTTP 200 response has a body that is not JSON (content-type: none).');
  });

  it.each(['', '  \n\t'])('a JSON content type with the body %j: empty body', async (body) => {
    const error = await failureOf({ body });
    expect(error).toMatchObject({ status: 200, contentType: 'application/json', reason: 'empty body' });
    expect(error.message).toBe('logTraces: the HTTP 200 response has an empty body.');
  });

  it('JSON that does not parse: invalid JSON, without the parser quoting it', async () => {
    const error = await failureOf({ status: 422, body: `{"detail": "${SECRET_BODY}"` });
    expect(error).toMatchObject({
      status: 422,
      kind: 'parse',
      reason: 'invalid JSON',
      body: `{"detail": "${SECRET_BODY}"`,
    });
    expect(error.message).toBe('logTraces: the HTTP 422 response has a body that is not valid JSON.');
  });

  it('a body over maxResponseBytes: body too large, with the limit', async () => {
    const error = await failureOf(
      { body: JSON.stringify({ note: SECRET_BODY.repeat(10) }) },
      { maxResponseBytes: 100 },
    );
    expect(error).toMatchObject({ kind: 'size', reason: 'body too large', limit: 100, body: undefined });
    expect(error.message).toBe(
      'logTraces: the HTTP 200 response has a body larger than the limit of 100 bytes (maxResponseBytes); the rest was not read.',
    );
  });

  it('a 503 with a JSON detail is not typed as the 422: status, headers (Retry-After) and the parsed body, kept out of the message', async () => {
    const { client } = stubbed(
      { auth: every },
      { status: 503, body: '{"detail": "maintenance"}', headers: { 'retry-after': '7' } },
    );
    const error = await logTraces(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    const failure = error as UnexpectedResponseError;
    expect(failure).toMatchObject({
      operation: 'logTraces',
      status: 503,
      kind: 'status',
      reason: 'undocumented status',
      contentType: 'application/json',
      limit: undefined,
      violations: [],
    });
    expect(failure.body).toEqual({ detail: 'maintenance' });
    expect(failure.headers.get('retry-after')).toBe('7');
    expect(failure.message).toBe('logTraces: the HTTP 503 response has a status the operation does not document.');
    // Neither the body nor the headers show when the error is printed as JSON or listed by its keys.
    expect(JSON.stringify(failure)).not.toMatch(/maintenance|retry/);
    expect(Object.keys(failure)).not.toContain('body');
  });
});
