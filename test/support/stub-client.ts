// The client with `fetch` replaced by a function that records the request and answers with a
// Response made here, for the client's unit suites (test/unit/client/): no server and no timer
// longer than a few milliseconds, so the mutation runs can run them for every mutant of the client.
import { expect } from 'vitest';
import {
  createApiClient,
  UnexpectedResponseError,
  type ApiClient,
  type ApiClientOptions,
  type Credentials,
} from '../../src/index.js';

export const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
export const TEMPLATE = '9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62';
const CREDENTIAL_HEADERS = ['service-ao-api-key', 'service-api-key', 'authorization'];
export const every: Required<Credentials> = {
  apiKey: 'stub-ao-key-1a2b',
  classicApiKey: 'stub-classic-key-3c4d',
  accessToken: 'stub-token-5e6f',
  basic: { username: 'grace', password: 'pässwort-7a8b' },
};

export type Answer = {
  status?: number;
  contentType?: string | null;
  body?: BodyInit | null;
  headers?: Record<string, string>;
};

/** A client whose fetch records each request and gives `answer` (a JSON `{}` by default), made by `create` (the main entry's createApiClient unless given another entry's). */
export function stubbed(
  options: Partial<ApiClientOptions> = {},
  answer: Answer = {},
  create: (options: ApiClientOptions) => ApiClient = createApiClient,
) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    const headers = new Headers(answer.headers);
    const contentType = answer.contentType === undefined ? 'application/json' : answer.contentType;
    if (contentType !== null) headers.set('content-type', contentType);
    return new Response(answer.body === undefined ? '{}' : answer.body, { status: answer.status ?? 200, headers });
  };
  const client = create({ baseUrl: 'http://127.0.0.1:9', fetch, ...options });
  return { client, sent };
}

/** The credential headers a request carried, lower-cased, with their values. */
export const credentialsOf = (request: Request) =>
  Object.fromEntries(CREDENTIAL_HEADERS.filter((h) => request.headers.has(h)).map((h) => [h, request.headers.get(h)]));

export type Client = ReturnType<typeof stubbed>['client'];
export const logTraces = (client: Client) =>
  client.POST('/v2/projects/{project_id}/traces', { params: { path: { project_id: PROJECT } }, body: { traces: [] } });
export const createUser = (client: Client) => client.POST('/v2/system_users', { body: { email: 'a@example.org' } });
export const loginSocial = (client: Client) => client.POST('/v2/login/social', { body: {} });
export const updateTemplate = (client: Client, template_id = TEMPLATE) =>
  client.PATCH('/v2/projects/{project_id}/annotation/templates/{template_id}', {
    params: { path: { project_id: PROJECT, template_id } },
    body: { name: 'n' },
  });

/** A text of the answer that no error may carry in its message or its JSON. */
export const SECRET_BODY = 'body-secret-9f8e';

/** The error of a Log Traces call answered with `answer`; it must not show SECRET_BODY. */
export async function failureOf(
  answer: Answer,
  options: Partial<ApiClientOptions> = {},
): Promise<UnexpectedResponseError> {
  const { client } = stubbed({ auth: every, ...options }, answer);
  const error = await logTraces(client).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnexpectedResponseError);
  expect(JSON.stringify(error) + String(error)).not.toContain(SECRET_BODY);
  return error as UnexpectedResponseError;
}

/** A body stream whose cancel never settles, as MSW's are: a client that awaits it hangs for ever. */
export function stuckStream(chunks: string[], { end = true, fail }: { end?: boolean; fail?: Error } = {}) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (fail) controller.error(fail);
      else if (end) controller.close();
    },
    cancel() {
      state.cancelled = true;
      return new Promise<void>(() => undefined);
    },
  });
  return { stream, state };
}

/** A body stream that never ends: a chunk of `size` bytes on every pull. */
export const endless = (size: number) =>
  new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(size).fill(0x61)) });

/** What a call came to: its data, its error, or the kind and status of its UnexpectedResponseError. */
export async function outcome(call: Promise<{ data?: unknown; error?: unknown }>) {
  try {
    const { data, error } = await call;
    return error === undefined ? { data } : { error };
  } catch (e) {
    if (!(e instanceof UnexpectedResponseError)) throw e;
    return { kind: e.kind, status: e.status, body: e.body };
  }
}
