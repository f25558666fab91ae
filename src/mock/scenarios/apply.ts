// Applying a scenario (./store.ts) to a request: what the contract says of each operation for
// the scenarios' check, the wait of a delay, the wait of a hang, and the answer a scenario gives.
//   in:  what the store picked for the request, the caller's AbortSignal
//   out: the Reply of a scenario's status, or the end of a wait
import type { PlainPrism } from '../prism/adapter.js';
import type { Resource } from '../prism/prism-types.js';
import { byteLength, jsonReply, type HeaderValue, type Reply } from '../common/reply.js';
import statuses from 'statuses';
import type { ContractOperation } from './check.js';
import type { Picked } from './store.js';
import type { Spec } from '../prism/spec.js';

/** What the scenarios' check reads of each operation: its path parameters, documented statuses, response schemas and examples. */
export function contractOf(
  prism: Pick<PlainPrism, 'validateOutput' | 'sample'>,
  spec: Spec,
  resources: Resource[],
): Map<string, ContractOperation> {
  const contract = new Map<string, ContractOperation>();
  for (const resource of resources) {
    const operation = spec.operation(resource.iid);
    if (!operation) continue;
    const responseOf = (status: number) => resource.responses.find((response) => response.code === String(status));
    const jsonOf = (status: number) => responseOf(status)?.contents?.find((content) => /json/i.test(content.mediaType));
    contract.set(operation.operationId, {
      pathParams: operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
      statuses: resource.responses.map((response) => Number(response.code)).filter((code) => Number.isInteger(code)),
      bodyViolations(status, body) {
        // Prism's check of a response, as the mock's own responses are checked: only its body's violations count here.
        // Prism's path is Ajv's instancePath split at its slashes: its tokens are escaped already.
        const violations = prism.validateOutput({
          resource,
          element: {
            statusCode: status,
            headers: { 'content-type': jsonOf(status)?.mediaType ?? 'application/json' },
            body,
          },
        });
        return violations.flatMap((v) =>
          v.severity === 0 && v.path?.[0] === 'body'
            ? [
                {
                  pointer: v.path
                    .slice(1)
                    .map((part) => `/${String(part)}`)
                    .join(''),
                  reason: v.message,
                },
              ]
            : [],
        );
      },
      example(status) {
        const content = jsonOf(status);
        const example = content?.examples?.[0] as { value?: unknown } | undefined;
        if (example && 'value' in example) return example.value;
        return content?.schema ? prism.sample(content.schema, resource) : undefined;
      },
    });
  }
  return contract;
}

/** The label of what answered: `<index> <operation>` or `chaos`, and `outside-contract` for a status the operation does not document. */
export function scenarioLabel(picked: Picked): string {
  const by = picked.by === 'chaos' ? 'chaos' : `${picked.by.index} ${picked.by.operation}`;
  return picked.answer && !picked.answer.documented ? `${by} outside-contract` : by;
}

/**
 * The answer of a scenario's status: its headers (an `X-Mock-Scenario` label last), and its body as
 * JSON, its text, the spec's example (a documented status without a body), or a problem+json saying
 * the status comes from a scenario (an undocumented one without a body).
 */
export function scenarioReply(picked: Picked, operationId: string): Reply {
  const answer = picked.answer as NonNullable<Picked['answer']>;
  const label: [string, HeaderValue] = ['X-Mock-Scenario', scenarioLabel(picked)];
  const headers: [string, HeaderValue][] = [
    ...answer.headers.filter(([name]) => name.toLowerCase() !== 'content-type'),
    label,
  ];
  const contentType = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (answer.text !== undefined) {
    return {
      status: answer.status,
      headers: [
        ...headers,
        ['Content-Type', contentType ?? 'application/json'],
        ['Content-Length', byteLength(answer.text)],
      ],
      body: answer.text,
    };
  }
  if (answer.body !== undefined)
    return jsonReply(answer.status, contentType ?? 'application/json', answer.body, headers);
  // statuses' reason phrases are Node's http module's, so a page titles a status as the HTTP mock does.
  const title = statuses.message[answer.status] ?? `HTTP ${answer.status}`;
  const source = picked.by === 'chaos' ? "the mock's run-wide chaos (--faults)" : `mock scenario ${picked.by.index}`;
  const detail = `${title}, answered by ${source}: ${operationId} does not document ${answer.status}, so this answer is outside the contract.`;
  return jsonReply(
    answer.status,
    contentType ?? 'application/problem+json',
    { type: 'about:blank', title, status: answer.status, detail },
    headers,
  );
}

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason once it aborts. The wait ends at
 * whichever comes first: the timers of the moment (so fake timers advanced past it end it at once),
 * or the real clock (`AbortSignal.timeout`, which fake timers leave alone: a test that installs them
 * and never advances them still gets its answer, after the real delay).
 */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  const caller = signal ?? new AbortController().signal;
  if (caller.aborted) return Promise.reject(caller.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const real = AbortSignal.timeout(ms);
    const end = (settle: () => void) => () => {
      clearTimeout(timer);
      real.removeEventListener('abort', done);
      caller.removeEventListener('abort', aborted);
      settle();
    };
    const done = end(resolve);
    const aborted = end(() => reject(caller.reason));
    const timer = setTimeout(done, ms);
    // Either listener ends the wait, which removes both.
    real.addEventListener('abort', done);
    caller.addEventListener('abort', aborted);
  });
}

/**
 * Never resolves; rejects with the signal's reason once it aborts (a hang). Meanwhile a timer holds
 * the event loop, as the open socket of a server that never answers would: a plain script awaiting
 * the call stays alive until its signal aborts, instead of exiting with the call unsettled.
 */
export function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const hold = setInterval(() => undefined, HOLD_MS);
    signal?.addEventListener(
      'abort',
      () => {
        clearInterval(hold);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The longest interval a timer takes (2^31 - 1 ms): the holding timer never fires in practice. */
const HOLD_MS = 2_147_483_647;
