// Gap policy (docs/gap-policy.md): every gap, what is "not shown" about the API, is recorded in the
// `x-not-shown` list of the schema, operation or scheme that owns it, and the contract neither
// invents nor rejects what is open.
import { describe, expect, it } from 'vitest';
import { operation, schema, spec } from '../support/spec.js';

const notShownOf = (owner: string): string => {
  const [kind, name] = owner.split(':') as [string, string];
  const node =
    kind === 'info'
      ? spec.info
      : kind === 'schema'
        ? schema(name)
        : kind === 'property'
          ? schema(name.split('.')[0]!).properties![name.split('.')[1]!]!
          : kind === 'operation'
            ? operation(name).operation
            : spec.components.securitySchemes[name];
  const list: unknown = node['x-not-shown'];
  expect(Array.isArray(list), `${owner} has x-not-shown`).toBe(true);
  return (list as string[]).join('\n');
};

// [the gap, where it is recorded, what the record must say]
const knownGaps: [string, string, RegExp][] = [
  ['Overall purpose beyond these operations', 'info:', /overall purpose/i],
  ['which response fields are always present', 'schema:AnnotationTemplate', /always present/],
  ['which response fields are always present', 'schema:LogTracesIngestResponse', /always present/],
  ['which response fields are always present', 'schema:ScorerVersion', /always present/],
  ['which response fields are always present', 'schema:SystemUser', /always present/],
  ['which response fields are always present', 'schema:SocialLoginResponse', /always present/],
  ['which response fields are always present', 'schema:BulkFeedbackRatingResult', /always present/],
  [
    'Fields of each constraints variant other than annotation_type',
    'schema:StarConstraints',
    /Fields other than `annotation_type`/,
  ],
  [
    'the annotation_type values of the other variants',
    'schema:TreeChoiceDBConstraints',
    /`annotation_type` value of this variant/,
  ],
  [
    'Fields of each constraints variant other than annotation_type',
    'schema:LikeDislikeConstraints',
    /Fields other than `annotation_type`/,
  ],
  ['other span types', 'property:Span.type', /Span types other than `llm`/],
  ['feedback types other than like_dislike', 'property:FeedbackRating.feedback_type', /other than `like_dislike`/],
  ['allowed provider values', 'property:SocialLoginRequest.provider', /Allowed values/],
  [
    'full allowed values of scoreable_node_types and data_type',
    'schema:RegisteredScorer',
    /data_type.*scoreable_node_types/,
  ],
  [
    'full allowed values of luna_input_type, luna_output_type and executor',
    'schema:FinetunedScorer',
    /luna_input_type.*luna_output_type.*executor/,
  ],
  ['Fields of the delete operation', 'schema:BulkFeedbackRatingDelete', /All fields/],
  ['Fields of TraceSelector', 'schema:TraceSelector', /All fields/],
  ['scan mode transitions', 'schema:SignalScanMode', /Transitions/],
  ['system user status transitions', 'schema:SystemUserStatus', /Transitions/],
  ['Login Social: which fields are required', 'schema:SocialLoginRequest', /required/],
  [
    'annotation PATCH: which body fields are required and further body fields',
    'schema:AnnotationTemplateUpdate',
    /required[\s\S]*Further body fields/,
  ],
  [
    'Log Traces: the four field names and defaults, which id is required',
    'schema:LogTracesIngestRequest',
    /Field names and defaults[\s\S]*log_stream_id/,
  ],
  ['Luna3: which fields are required', 'schema:Luna3ScorerVersionCreate', /required/],
  ['Create Or Verify User: query parameter names', 'operation:createOrVerifyUser', /query parameters/],
  [
    'Create Or Verify User: the role field name and required fields',
    'schema:SystemUserCreate',
    /role field[\s\S]*required/,
  ],
  ['the role values are named without a field', 'schema:UserRole', /field/],
  ['the logging method values are named without a field', 'schema:LoggingMethod', /field/],
  ['token lifetime and refresh; token endpoint parameters', 'scheme:OAuth2PasswordBearer', /lifetime[\s\S]*parameters/],
  ['webhooks, event names, delivery channels and payloads', 'info:', /Webhooks/],
  ['error status codes other than 422', 'info:', /other than 422/],
  ['rate limits, quotas and request size limits', 'info:', /Rate limits/],
  ['versioning policy, deprecation dates, replacement', 'info:', /Versioning policy/],
  ['deprecation date and replacement of bulk feedback', 'operation:applyBulkFeedbackV2', /replacement/],
];

describe('every known gap is recorded where it belongs', () => {
  it.each(knownGaps)('%s (%s)', (_gap, owner, says) => {
    expect(notShownOf(owner)).toMatch(says);
  });
});

describe('nothing invented, nothing wrongly rejected', () => {
  const text = JSON.stringify(spec);

  it('no OpenAPI 3.0 nullable anywhere', () => {
    expect(text).not.toMatch(/"nullable"/);
  });

  it('values only "given" are examples, not one-value enums', () => {
    const given: [string, string][] = [
      ['Span', 'type'],
      ['FeedbackRating', 'feedback_type'],
      ['RegisteredScorer', 'data_type'],
      ['FinetunedScorer', 'luna_input_type'],
      ['FinetunedScorer', 'luna_output_type'],
      ['FinetunedScorer', 'executor'],
      ['BulkFeedbackRatingResult', 'operation'],
      ['BulkFeedbackRatingResult', 'selector'],
    ];
    for (const [owner, field] of given) {
      const property = schema(owner).properties![field]!;
      expect(property.enum, `${owner}.${field}`).toBeUndefined();
      expect(property.const, `${owner}.${field}`).toBeUndefined();
      expect(property.examples, `${owner}.${field}`).toHaveLength(1);
    }
  });

  it('bodies with fields whose names are not shown stay open; the shapes stated closed are closed', () => {
    for (const open of ['LogTracesIngestRequest', 'SystemUserCreate', 'AnnotationTemplateUpdate']) {
      expect(schema(open).additionalProperties, open).toBe(true);
    }
    for (const closed of [
      'SignalsConfiguration',
      'SignalsConfigurationResponse',
      'ExperimentSignalsConfigurationPut',
      'LogStreamSignalsConfigurationPut',
      'SignalsUserPreferences',
      'CronSignalSchedule',
      'IntervalSignalSchedule',
    ]) {
      expect(schema(closed).additionalProperties, closed).toBe(false);
    }
    const closedNames = Object.entries<{ additionalProperties?: unknown }>(spec.components.schemas)
      .filter(([, s]) => s.additionalProperties === false)
      .map(([name]) => name)
      .sort();
    expect(closedNames).toEqual([
      'CronSignalSchedule',
      'ExperimentSignalsConfigurationPut',
      'IntervalSignalSchedule',
      'LogStreamSignalsConfigurationPut',
      'SignalsConfiguration',
      'SignalsConfigurationResponse',
      'SignalsUserPreferences',
    ]);
  });

  it('no request field is required unless the spec states it', () => {
    const requiredByName = Object.fromEntries(
      Object.entries<{ required?: string[] }>(spec.components.schemas).flatMap(([name, s]) =>
        s.required ? [[name, s.required]] : [],
      ),
    );
    expect(requiredByName).toEqual({
      SignalsConfiguration: schema('SignalsConfiguration').required,
      SignalsConfigurationResponse: ['data'],
      CronSignalSchedule: ['cron'],
      IntervalSignalSchedule: ['interval_hours'],
      ExperimentSignalsConfigurationPut: ['model'],
      LogStreamSignalsConfigurationPut: ['model', 'run_mode'],
      LogTracesIngestRequest: ['traces'],
      ValidationError: ['loc', 'msg', 'type'],
      LikeDislikeConstraints: ['annotation_type'],
      StarConstraints: ['annotation_type'],
      ScoreConstraints: ['annotation_type'],
      TagsConstraints: ['annotation_type'],
      TextConstraints: ['annotation_type'],
      ChoiceConstraints: ['annotation_type'],
      TreeChoiceDBConstraints: ['annotation_type'],
    });
  });
});
