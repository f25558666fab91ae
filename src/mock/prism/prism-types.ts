// The types of Prism's pieces the mock's steps pass around, from Prism's own declarations (type-only:
// nothing here is loaded at run time; ./deps.ts loads the code).
import type { IPrismDiagnostic, IPrismInput } from '@stoplight/prism-core';
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';

export type { IHttpRequest, IHttpResponse, IPrismDiagnostic, IPrismInput };

/** Prism's mocker: (resource, input, config) → (logger) → Either<Error, IHttpResponse>. */
export type Mocker = PrismHttpComponents['mock'];
/** What Prism's mocker is given. */
export type MockerOptions = Parameters<Mocker>[0];
/** An operation as Prism reads it from the spec (its `iid` is the operationId, its `security` the schemes). */
export type Resource = MockerOptions['resource'];
/** What Prism's mocker returns for a request: its error (Left), or the response it chose (Right). */
export type MockResult = ReturnType<ReturnType<Mocker>>;
/** The logger Prism's mocker is run with. */
export type MockerLogger = Parameters<ReturnType<Mocker>>[0];

/** Prism's router: the request and the operations → the operation it routes to, or its problem (an fp-ts Either). */
export type PrismRoute = (options: { resources: Resource[]; input: IHttpRequest }) => unknown;

/** A format check as ajv-formats has it: a RegExp, a function, or a definition holding one. */
export type FormatCheck =
  RegExp | ((value: never) => boolean) | { type?: string; validate?: RegExp | ((value: never) => boolean) };
