import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { inject } from 'vitest';
import { operation, spec } from './spec.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(spec, 'contract.json');

/** Validates a 200 body of an operation against its response schema; returns Ajv's errors. */
export function responseErrors(operationId: string, body: unknown): unknown[] {
  const { path, method } = operation(operationId);
  const pointer = [
    '#',
    'paths',
    path.replace(/~/g, '~0').replace(/\//g, '~1'),
    method,
    'responses',
    '200',
    'content',
    'application~1json',
    'schema',
  ].join('/');
  const validate = ajv.getSchema(`contract.json${pointer}`);
  if (!validate) throw new Error(`no response schema for ${operationId}`);
  return validate(body) ? [] : (validate.errors ?? []);
}

/** The first named example of an operation's request body. */
export function requestExample(operationId: string): unknown {
  const examples = operation(operationId).operation.requestBody.content['application/json'].examples;
  return (Object.values(examples)[0] as { value: unknown }).value;
}

/** Path parameters of an operation, filled with the parameters' examples. */
export function examplePathParams(operationId: string): Record<string, string> {
  const parameters: { $ref: string }[] = operation(operationId).operation.parameters ?? [];
  return Object.fromEntries(
    parameters.map((p) => {
      const parameter = spec.components.parameters[p.$ref.split('/').pop()!];
      return [parameter.name, parameter.example];
    }),
  );
}

export interface Violation {
  location: (string | number)[];
  code: string;
  message: string;
}

/** Prism's violations of a response, from its `sl-violations` header. */
export function violations(response: Response): Violation[] {
  const header = response.headers.get('sl-violations');
  return header ? (JSON.parse(header) as Violation[]) : [];
}

/** The shared stateful mock (keep a test's state apart with X-Mock-Session) and the shared `--stateless` one (test/support/mock-server.ts). */
export const statefulMockUrl = (): string => inject('statefulMockUrl');
export const statelessMockUrl = (): string => inject('statelessMockUrl');

/** The shared mock: a child process (test/support/mock-server.ts), or in this process for mutation testing. */
export const mockBaseUrl = (): string =>
  (globalThis as { __contractMockUrl?: string }).__contractMockUrl ?? inject('mockBaseUrl');
