/// <reference types="node" />
// The mock as one function: from a request (method, target, headers, body bytes) to the answer,
// with no socket. The doors only carry bytes in and out, so every door answers alike. The steps,
// in the order this runs them, are described once, in docs/ARCHITECTURE.md ("The mock").
import type { Prism } from './prism/modules.js';
import { plainPrism } from './prism/adapter.js';

export type { MockSettings } from './settings.js';
import { Fallbacks } from './common/fallbacks.js';
import { Journal } from './control/journal.js';
import { CoverageOptionError, createCoverage, type Coverage, type CoverageReport } from './control/coverage.js';
import { DEFAULT_MAX_ERRORS, DEFAULT_MAX_RESULTS } from './common/limits.js';
import { credentialHeadersOf, logDestination, logFilter, type LogSink, type Logger } from './prism/log.js';
import { createValidator } from './service/pydantic.js';
import { createReflector } from './service/reflect.js';
import { checkChaos, createScenarioStore, type ScenarioStore } from './scenarios/store.js';
import { checkScenarios } from './scenarios/check.js';
import { jsonReply, type Reply } from './common/reply.js';
import { Spec } from './prism/spec.js';
import type { MockSettings } from './settings.js';
import { sourceOf } from './prism/source.js';
import { createState, sessionOf, type State } from './service/state.js';
import { createChooser } from './engine/choose.js';
import { controlReply } from './control/control.js';
import { createCors } from './request/cors.js';
import { createEngine, type Outcome } from './engine/engine.js';
import { decodeBody, parseJson, prismInput } from './request/parse.js';
import { parseJsonInSlices } from './request/json-slices.js';
import { bodyTooLarge, MAX_BODY } from './request/read-body.js';
import { Slices } from './common/slices.js';
import { createResponder } from './service/respond.js';
import { route } from './request/route.js';
import { contractOf, scenarioLabel, untilAborted, wait } from './scenarios/apply.js';
import { createTranslator } from './service/translate.js';
import { createWriter } from './reply/write.js';

/** A request as a door hands it over. */
export interface MockRequest {
  method: string;
  /** the request target: path and query, as sent */
  target: string;
  /** lower-case names */
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
  /** the door stopped reading the body past MAX_BODY: the answer is a 413 */
  tooLarge?: boolean;
  /** aborts when the caller goes away: a delay or a hang stops waiting */
  signal?: AbortSignal | undefined;
}

/** No answer: the connection is dropped (a `reset` fault), or the caller went away first (`aborted`). */
export interface Dropped {
  dropped: 'reset' | 'aborted';
  /** the caller's abort reason, for `aborted` */
  reason?: unknown;
}

export interface Pipeline {
  /** The answer to a request, or none (a fault, or the caller went away). */
  answer(request: MockRequest): Promise<Reply | Dropped>;
  journal: Journal;
  state: State | undefined;
  fallbacks: Fallbacks;
  scenarios: ScenarioStore;
  /** what the requests exercised of the contract; undefined when `coverage` is off */
  coverage: Coverage | undefined;
  /** Writes the coverage record to its directory (`coverage: DIR`; once); nothing otherwise. */
  saveCoverage(): void;
  /** The operationIds of the spec the mock answers from. */
  operationIds: readonly string[];
  /** Checks scenarios against the spec and adds them (ScenarioError when any does not fit: none is added). */
  use(list: unknown, options: { functions: boolean; session?: string }): void;
}

/** What the mock takes from where it runs (./host.ts: Node's). */
export interface Host {
  /** Prism's pieces, loaded */
  prism: Prism;
  /** the text of the file at a path (a spec given by its path) */
  readFile: (path: string) => string;
  /** where log lines go unless the settings say */
  log: LogSink;
  /** keeps a mock's coverage record in a directory (Node's: ./coverage-file.ts); without it, `coverage: DIR` is refused */
  coverageFile?: (dir: string, report: () => CoverageReport) => { changed(): void; write(): void };
}

export const DEFAULT_MAX_RECORDS = 10_000;
/** Bodies from this size on (1 MiB) are answered in slices, with other requests served between them. */
const SLICED_BODY = 1_048_576;

export async function createPipeline(settings: MockSettings, host: Host): Promise<Pipeline> {
  checkChaos(settings);
  const prism = plainPrism(host.prism);
  const {
    dynamic = false,
    seed,
    logLevel = 'warn',
    maxErrors = DEFAULT_MAX_ERRORS,
    maxResults = DEFAULT_MAX_RESULTS,
    log = host.log,
    maxRecords = DEFAULT_MAX_RECORDS,
  } = settings;
  const { document, operations, embedded } = await sourceOf(settings.spec, host.prism, host.readFile);
  const spec = new Spec(document, embedded);
  const validator = createValidator(spec, prism.formats, { strict: settings.strictTypes === true });
  const state = settings.stateless
    ? undefined
    : createState({ seed: seed ?? 'mock', maxRecords, initial: settings.initialState });
  const logger = prism.createLogger(
    'HTTP SERVER',
    { level: logLevel, hooks: logFilter(credentialHeadersOf(document)) },
    logDestination(log),
  ) as Logger & Parameters<typeof createChooser>[1];
  const fallbacks = new Fallbacks(logger);
  const journal = new Journal(maxRecords);
  const coverage = settings.coverage ? createCoverage(spec) : undefined;
  const coverageFile =
    typeof settings.coverage === 'string' && coverage ? fileOf(settings.coverage, coverage) : undefined;

  const scenarios = createScenarioStore(seed ?? 'mock', { latency: settings.latency, faults: settings.faults });
  const contract = contractOf(prism, spec, operations);

  const cors = createCors(settings);
  const translator = createTranslator(validator, maxErrors);
  const engine = createEngine({
    prism,
    spec,
    operations,
    logger,
    choose: createChooser(prism, logger),
    translator,
    respond: createResponder({ reflector: createReflector(spec, validator, maxResults), state, fallbacks }),
    fallbacks,
    dynamic,
    seed,
    pick: scenarios.pick,
  });
  const writer = createWriter({ prism, logger, fallbacks });

  /** What the journal records of a request to the API beyond what the door read. */
  type Answered = { reply: Reply | Dropped; outcome?: Outcome; body: unknown };

  /** The answer to a request to the API, with the engine's outcome (none when the body was too large). */
  async function api(
    request: MockRequest,
    routed: Extract<ReturnType<typeof route>, { kind: 'api' }>,
  ): Promise<Answered> {
    const bytes = request.body;
    // A large body is answered in slices (its decoding, its parse, Prism's and the service's work,
    // the answer's text), so that other requests are served between them: each stays under a
    // quarter of a second at 10 MB.
    const big = bytes.length >= SLICED_BODY;
    const decoded = decodeBody(bytes, headerOf(request, 'content-type'), routed.query);
    if (big) await breathe();
    const received = big ? await parseJsonInSlices(decoded, breathe) : parseJson(decoded);
    if (big) await breathe();
    const input = prismInput(request.method, routed, request.headers, received);
    const prepared = big ? await engine.prepare(input, received, new Slices(breathe)) : undefined;
    if (big) await breathe();
    const outcome = engine(input, received, prepared);
    const body = received.absent ? null : received.body;
    const { picked } = outcome;
    if (picked) {
      // A scenario's (or the chaos's) delay, then its fault or its answer; the caller may go away meanwhile.
      try {
        await wait(picked.delay, request.signal);
        if (picked.fault === 'hang') await untilAborted(request.signal);
      } catch (reason) {
        return { reply: { dropped: 'aborted', reason }, outcome, body };
      }
      if (picked.fault === 'reset') return { reply: { dropped: 'reset' }, outcome, body };
    }
    if (big) await breathe();
    const reply = writer.reply(outcome, input);
    // The label of a delay before the contract's answer (a scenario's own answer carries it already).
    if (picked && outcome.kind !== 'scenario') reply.headers.push(['X-Mock-Scenario', scenarioLabel(picked)]);
    return { reply, outcome, body };
  }

  /** The answer; a failure of the mock itself is logged and answered 500, never thrown at the door. */
  async function answer(request: MockRequest): Promise<Reply | Dropped> {
    try {
      return await answerOrThrow(request);
    } catch (error) {
      const failure = error as Error | undefined;
      logger.error(
        { name: 'HTTP SERVER', input: { method: request.method, url: { path: request.target.split('?')[0] } } },
        `mock failure: ${failure?.stack ?? String(error)}`,
      );
      return jsonReply(500, 'application/problem+json', {
        type: 'MOCK_FAILURE',
        title: 'The mock failed on this request',
        status: 500,
        detail: String(failure?.message ?? error),
      });
    }
  }

  async function answerOrThrow(request: MockRequest): Promise<Reply | Dropped> {
    const allowed = cors(request);
    const withCors = (reply: Reply | Dropped): Reply | Dropped =>
      'dropped' in reply ? reply : { ...reply, headers: [...allowed.headers, ...reply.headers] };
    if (allowed.preflight) return withCors(allowed.preflight);
    const routed = route(request.target);
    if (routed.kind !== 'api')
      return withCors(controlReply(routed, request, { fallbacks, state, journal, scenarios, use, coverage }));
    const { reply, outcome, body } =
      request.tooLarge || request.body.length > MAX_BODY
        ? { reply: bodyTooLarge(), body: null }
        : await api(request, routed);
    const picked = outcome?.picked;
    const outside = picked?.answer ? !picked.answer.documented : false;
    if (outside && picked?.answer) {
      const by = picked.by === 'chaos' ? 'the run-wide chaos' : `scenario ${picked.by.index}`;
      logger.warn(
        { name: 'SCENARIO', input: { method: request.method, url: { path: routed.path } } },
        `answered ${picked.answer.status} by ${by}, outside the contract: ${outcome?.resource?.iid ?? 'the operation'} does not document ${picked.answer.status}`,
      );
    }
    journal.record({
      session: sessionOf(request.headers),
      operationId: outcome?.resource?.iid ?? null,
      method: request.method.toUpperCase(),
      path: routed.path,
      pathParams: outcome?.pathParams ?? {},
      query: routed.query,
      valid: outcome?.valid ?? false,
      body,
      bodyBytes: request.body.length,
      status: 'dropped' in reply ? null : reply.status,
      unanswered: 'dropped' in reply ? reply.dropped : null,
      scenario: picked?.by ?? null,
      outsideContract: outside,
    });
    coverage?.record({
      session: sessionOf(request.headers),
      operationId: outcome?.resource?.iid ?? null,
      method: request.method.toUpperCase(),
      path: routed.path,
      query: routed.query,
      headers: request.headers,
      body,
      status: 'dropped' in reply ? null : reply.status,
      unanswered: 'dropped' in reply ? reply.dropped : null,
      picked,
      answered: () => answeredBody(outcome, reply),
    });
    coverageFile?.changed();
    return withCors(reply);
  }

  function use(list: unknown, options: { functions: boolean; session?: string }): void {
    scenarios.add(checkScenarios(list, contract, { ...options, firstIndex: scenarios.nextIndex }));
  }

  function fileOf(dir: string, counted: Coverage) {
    if (!host.coverageFile)
      throw new CoverageOptionError(
        'coverage: a directory needs a host that writes files (Node); in a web page, coverage: true and mock.coverage()',
      );
    return host.coverageFile(dir, () => counted.report());
  }

  return {
    answer,
    journal,
    state,
    fallbacks,
    scenarios,
    coverage,
    saveCoverage: () => coverageFile?.write(),
    operationIds: [...contract.keys()],
    use,
  };
}

/** The body a reply carries, as a value: the engine's own, or the text of a scenario's or a problem's read back. */
function answeredBody(outcome: Outcome | undefined, reply: Reply | Dropped): unknown {
  if ('dropped' in reply) return undefined;
  if (outcome?.kind === 'output' && outcome.output.statusCode === reply.status) return outcome.output.body;
  try {
    return reply.body === undefined ? undefined : JSON.parse(reply.body);
  } catch {
    return undefined;
  }
}

/** Node's setImmediate; a page has none, and its next task is a timer's. */
const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate ?? setTimeout;
/** The next turn of the event loop: its setImmediate phase. */
const nextTurn = (): Promise<void> => new Promise((resolve) => immediate(resolve));

/**
 * Lets the requests that are waiting run before the next slice of a large one: two turns of the
 * event loop, since a request on a new connection is accepted in one and read in the next.
 */
const breathe = async (): Promise<void> => {
  await nextTurn();
  await nextTurn();
};

/** A request header's value (names are lower case; a repeated one is read as its first). */
function headerOf(request: MockRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
