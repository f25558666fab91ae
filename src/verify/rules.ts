// The seed's observable rules, one small named check each, written from the seed's words (quoted in
// `seed`). A rule judges the 200 answer to a valid request of its operation: the generated ones and
// its own probes (valid requests that make its condition occur). Only what a single exchange shows
// is checked, never what depends on earlier requests (the seed states those rules relative to
// state, section 3), so every rule holds for a stateless and a stateful server alike; and nothing
// the seed leaves "not shown" is checked: a response field that is absent is not judged, since the
// seed does not say which response fields are always present (section 2), except where it does.
import type { Problem } from './checks.js';
import type { Request } from './exchange.js';
import type { Json } from './schema.js';

export interface Rule {
  name: string;
  operationId: string;
  /** The seed's words the rule is written from, with their section. */
  seed: string;
  /** Valid requests, made from valid samples of the operation (one per variant), that make the rule's condition occur. */
  probes?(samples: Request[]): { label: string; request: Request }[];
  /** What is wrong with the 200 body `body` answered to `request`; nothing when the rule holds or does not apply. */
  check(request: Request, body: unknown): Problem[];
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (object: JsonObject, key: string) => Object.hasOwn(object, key);
const show = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));

/** Equal JSON values; strings that are UUIDs compare case-insensitively (a UUID's case carries no meaning). */
function same(a: unknown, b: unknown): boolean {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (typeof a === 'string' && typeof b === 'string' && uuid.test(a) && uuid.test(b)) return a.toLowerCase() === b.toLowerCase();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    // A key b lacks reads as undefined there, which no JSON value of a equals.
    return keys.length === Object.keys(b).length && keys.every((key) => same(a[key], b[key]));
  }
  return a === b;
}

/** A copy of a sample's body changed by `edit`, as a probe. */
function edited(sample: Request, label: string, edit: (body: JsonObject) => void): { label: string; request: Request } | undefined {
  if (!isObject(sample.body)) return undefined;
  const body = structuredClone(sample.body) as JsonObject;
  edit(body);
  return { label, request: { path: sample.path, body: body as Json } };
}

const signalsData = (body: unknown): JsonObject | undefined => (isObject(body) && isObject(body.data) ? body.data : undefined);

const signalsPutReturnsSavedValues: Rule = {
  name: 'signals_put_returns_saved_values',
  operationId: 'putSignalsConfiguration',
  seed: '3: "A PUT of the configuration sets the value; the saved value is returned"; 2.1: run_id is "the log stream or experiment run", and the path names the project and the run (4.1)',
  check(request, body) {
    const data = signalsData(body);
    if (!data) return [];
    const problems: Problem[] = [];
    for (const id of ['project_id', 'run_id']) {
      if (!same(data[id], request.path[id])) problems.push({ key: `data.${id}`, message: `data.${id} is ${show(data[id])}, not the path's ${id} ${show(request.path[id])}` });
    }
    const sent = isObject(request.body) ? request.body : {};
    for (const [field, value] of Object.entries(sent)) {
      // Objects sent may be completed with defaults: compare the fields that were sent.
      const fields: [string, unknown, unknown][] =
        isObject(value) && isObject(data[field])
          ? Object.entries(value).map(([key, inner]) => [`${field}.${key}`, inner, (data[field] as JsonObject)[key]])
          : [[field, value, data[field]]];
      for (const [name, expected, saved] of fields) {
        if (!same(saved, expected)) problems.push({ key: `data.${name}`, message: `data.${name} is ${show(saved)}, but the request saved ${show(expected)}` });
      }
    }
    return problems;
  },
};

/** The defaults the seed gives for fields a Signals PUT may leave out (3, rule 1; 2.1). */
const signalsPutAppliesDefaults: Rule = {
  name: 'signals_put_applies_defaults',
  operationId: 'putSignalsConfiguration',
  seed: '3, rule 1: scheduled_runs_enabled "defaults to false when omitted on PUT"; 2.1: focus_on and dont_focus_on default to the empty string, a schedule\'s timezone to UTC and its type to CRON or INTERVAL',
  probes(samples) {
    return samples.flatMap((sample) => {
      const probe = edited(sample, 'defaults left out', (body) => {
        delete body.scheduled_runs_enabled;
        if (has(body, 'user_preferences')) body.user_preferences = {};
        if (isObject(body.schedule)) {
          delete body.schedule.type;
          delete body.schedule.timezone;
        }
      });
      return probe ? [probe] : [];
    });
  },
  check(request, body) {
    const data = signalsData(body);
    const sent = request.body;
    if (!data || !isObject(sent)) return [];
    const problems: Problem[] = [];
    const expect = (name: string, actual: unknown, expected: unknown) => {
      if (actual !== undefined && !same(actual, expected)) problems.push({ key: `data.${name}`, message: `data.${name} is ${show(actual)} though the request left it out; the default is ${show(expected)}` });
    };
    if (!has(sent, 'scheduled_runs_enabled')) expect('scheduled_runs_enabled', data.scheduled_runs_enabled, false);
    if (isObject(sent.user_preferences) && isObject(data.user_preferences)) {
      for (const key of ['focus_on', 'dont_focus_on']) if (!has(sent.user_preferences, key)) expect(`user_preferences.${key}`, data.user_preferences[key], '');
    }
    if (isObject(sent.schedule) && isObject(data.schedule)) {
      if (!has(sent.schedule, 'timezone')) expect('schedule.timezone', data.schedule.timezone, 'UTC');
      if (!has(sent.schedule, 'type')) expect('schedule.type', data.schedule.type, has(sent.schedule, 'cron') ? 'CRON' : 'INTERVAL');
    }
    return problems;
  },
};

const tracesOf = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.traces) ? body.traces : []);

const logTracesCountsWhatWasSent: Rule = {
  name: 'log_traces_counts_what_was_sent',
  operationId: 'logTraces',
  seed: '4.4: traces_count is the "total traces ingested", spans_count the "total spans ingested"',
  check(request, body) {
    if (!isObject(body)) return [];
    const traces = tracesOf(request.body);
    const spans = traces.map((trace) => (isObject(trace) && Array.isArray(trace.spans) ? trace.spans : []));
    // A span may carry child spans in fields the seed does not name; then the total is not known.
    if (spans.flat().some((span) => isObject(span) && has(span, 'spans'))) return [];
    const problems: Problem[] = [];
    const expect = (field: string, sent: number) => {
      if (body[field] !== undefined && body[field] !== sent) problems.push({ key: field, message: `${field} is ${show(body[field])}, but the request sent ${sent}` });
    };
    expect('traces_count', traces.length);
    expect('spans_count', spans.reduce((n, list) => n + list.length, 0));
    return problems;
  },
};

const logTracesTraceIdsOnlyWhenAsked: Rule = {
  name: 'log_traces_trace_ids_only_when_asked',
  operationId: 'logTraces',
  seed: '4.4: include_trace_ids "when true, the response includes the list of ingested trace IDs"; trace_ids is "only included when include_trace_ids is true in the request"',
  probes(samples) {
    const sample = samples[0];
    if (!sample) return [];
    return [
      edited(sample, 'include_trace_ids true', (body) => (body.include_trace_ids = true)),
      edited(sample, 'include_trace_ids false', (body) => (body.include_trace_ids = false)),
      edited(sample, 'include_trace_ids left out', (body) => delete body.include_trace_ids),
    ].filter((p) => p !== undefined);
  },
  check(request, body) {
    if (!isObject(body) || !isObject(request.body)) return [];
    const asked = request.body.include_trace_ids === true;
    const ids = body.trace_ids;
    if (asked) {
      const traces = tracesOf(request.body).length;
      if (!Array.isArray(ids)) return [{ key: 'missing', message: `include_trace_ids was true, but trace_ids is ${show(ids)}` }];
      if (ids.length !== traces) return [{ key: 'count', message: `include_trace_ids was true and ${traces} trace(s) were sent, but trace_ids has ${ids.length}` }];
      return [];
    }
    return ids === undefined || ids === null
      ? []
      : [{ key: 'unasked', message: `include_trace_ids was ${show(request.body.include_trace_ids)}, but trace_ids is included` }];
  },
};

const bulkFeedbackAnswersPerOperation: Rule = {
  name: 'bulk_feedback_answers_per_operation',
  operationId: 'applyBulkFeedbackV2',
  seed: '4.6: "an array of result items, one per operation outcome"; 2.5: an IndexSelector chooses "specific indexes to apply the operation to"',
  check(request, body) {
    const sent = request.body;
    if (!Array.isArray(body) || !isObject(sent) || !Array.isArray(sent.operations) || !isObject(sent.selector)) return [];
    const selector = sent.selector;
    // Only an IndexSelector with indexes says which records are chosen (TraceSelector's fields: not shown).
    if (selector.selector_type !== 'indexes' || !Array.isArray(selector.indexes) || selector.indexes.length === 0) return [];
    const types = sent.operations.map((op) => (isObject(op) ? op.operation_type : undefined));
    if (!types.every((t): t is string => typeof t === 'string')) return [];
    const items = body.filter(isObject);
    const problems: Problem[] = [];
    for (const type of new Set(types)) {
      if (items.every((item) => item.operation !== undefined && item.operation !== type)) {
        problems.push({ key: 'operation missing', message: `an operation "${type}" was sent, but no result item reports it` });
      }
    }
    for (const item of items) {
      if (item.operation !== undefined && !types.includes(item.operation as string)) {
        problems.push({ key: 'operation not sent', message: `a result item reports operation ${show(item.operation)}, which was not sent (sent: ${types.join(', ')})` });
      }
      if (item.index !== undefined && !(selector.indexes as unknown[]).includes(item.index)) {
        problems.push({ key: 'index not selected', message: `a result item reports index ${show(item.index)}, which the selector did not choose` });
      }
      if (item.selector !== undefined && item.selector !== 'indexes') {
        problems.push({ key: 'selector', message: `a result item reports selector ${show(item.selector)} for an "indexes" selector` });
      }
    }
    return problems;
  },
};

const systemUserIsAdminOrVerified: Rule = {
  name: 'system_user_is_admin_or_verified',
  operationId: 'createOrVerifyUser',
  seed: '3: "When no administrator exists (first user), the user is created as an administrator. Otherwise … the operation verifies the user\'s e-mail address": each answer is an administrator or a verified user (which of the two depends on state and is not judged)',
  check(_request, body) {
    if (!isObject(body) || body.role === undefined || body.email_is_verified === undefined) return [];
    if (body.role === 'system_admin' || body.email_is_verified === true) return [];
    return [{ key: 'neither', message: `the user is neither an administrator nor verified (role ${show(body.role)}, email_is_verified ${show(body.email_is_verified)})` }];
  },
};

const annotationTemplateReturnsUpdate: Rule = {
  name: 'annotation_template_returns_update',
  operationId: 'updateAnnotationTemplate',
  seed: '4.3: Update Annotation Template answers "the annotation template" it updated with the name and criteria sent',
  check(request, body) {
    if (!isObject(body) || !isObject(request.body)) return [];
    const problems: Problem[] = [];
    for (const field of ['name', 'criteria']) {
      const sent = request.body[field];
      if (typeof sent === 'string' && body[field] !== undefined && body[field] !== sent) {
        problems.push({ key: field, message: `${field} is ${show(body[field])}, but the update sent ${show(sent)}` });
      }
    }
    return problems;
  },
};

const scorerVersionUnderPathScorer: Rule = {
  name: 'scorer_version_under_path_scorer',
  operationId: 'createLuna3ScorerVersion',
  seed: '9: "Luna3 creation makes a new version under an existing scorer", the one the path names (4.5)',
  check(request, body) {
    if (!isObject(body) || body.scorer_id === undefined || same(body.scorer_id, request.path.scorer_id)) return [];
    return [{ key: 'scorer_id', message: `scorer_id is ${show(body.scorer_id)}, not the path's ${show(request.path.scorer_id)}` }];
  },
};

const loginSocialTokenTypeBearer: Rule = {
  name: 'login_social_token_type_bearer',
  operationId: 'loginSocial',
  seed: '4.2 and 5: Login Social "returns an access_token with token_type bearer"',
  check(_request, body) {
    if (!isObject(body) || body.token_type === undefined || body.token_type === 'bearer') return [];
    return [{ key: 'token_type', message: `token_type is ${show(body.token_type)}, not "bearer"` }];
  },
};

export const rules: Rule[] = [
  signalsPutReturnsSavedValues,
  signalsPutAppliesDefaults,
  logTracesCountsWhatWasSent,
  logTracesTraceIdsOnlyWhenAsked,
  bulkFeedbackAnswersPerOperation,
  systemUserIsAdminOrVerified,
  annotationTemplateReturnsUpdate,
  scorerVersionUnderPathScorer,
  loginSocialTokenTypeBearer,
];
